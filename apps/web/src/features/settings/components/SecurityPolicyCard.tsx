import { Alert, Anchor, Button, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiRequestError } from '../../../lib/api.ts';
import { twoFactorSetupPath } from '../../../lib/redirect.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { securitySettingsQueryOptions, useUpdateSecuritySettings } from '../api.ts';

export const requireTwoFactorLabel = 'Require two-factor authentication for admins and managers';

/** /settings, admins only: the security policy of the whole association. */
export function SecurityPolicyCard() {
  const settings = useQuery(securitySettingsQueryOptions);
  const update = useUpdateSecuritySettings();
  const needsOwnTwoFactor =
    isApiRequestError(update.error) && update.error.code === 'TWO_FACTOR_FIRST' ? update.error.message : null;

  const setRequired = (requireTwoFactorForStaff: boolean) => {
    update.mutate(
      { requireTwoFactorForStaff },
      {
        onSuccess: () =>
          showSuccessToast(
            requireTwoFactorForStaff
              ? 'Two-factor authentication is now required for admins and managers'
              : 'Two-factor authentication is no longer required',
          ),
        onError: (error) => {
          // Shown beside the switch with a link to set it up.
          if (isApiRequestError(error) && error.code === 'TWO_FACTOR_FIRST') return;
          showFailureToast('Failed to update the security policy', error);
        },
      },
    );
  };

  let content;
  if (settings.isPending) {
    content = <Skeleton height={40} radius="md" aria-label="Loading the security policy" />;
  } else if (settings.isError) {
    content = (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title="Cannot load the security policy"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">There was a problem reaching Commonwise. Please try again.</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void settings.refetch()}
            loading={settings.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <Stack gap="sm">
        <Switch
          label={requireTwoFactorLabel}
          description="Admins and managers without it can only open My Account until they set it up. Other roles are not affected."
          checked={settings.data.requireTwoFactorForStaff}
          disabled={update.isPending}
          onChange={(event) => setRequired(event.currentTarget.checked)}
        />
        {needsOwnTwoFactor ? (
          <Alert color="orange" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
            {needsOwnTwoFactor}{' '}
            <Anchor component={Link} to={twoFactorSetupPath} inherit fw={600}>
              Set it up in My Account
            </Anchor>
          </Alert>
        ) : null}
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      maw={640}
      component="section"
      aria-labelledby="security-policy-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="security-policy-title">
            Security policy
          </Title>
          <Text c="dimmed" size="sm">
            Applies to everyone in Commonwise. Only admins see this.
          </Text>
        </div>
        {content}
      </Stack>
    </Card>
  );
}
