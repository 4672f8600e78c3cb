import { Box, Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMailOff, IconSettings } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { Wordmark } from '../../../components/Wordmark.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { getSignInPath } from '../../../lib/redirect.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useUnsubscribe } from '../api.ts';
import { notificationSettingsPath } from '../paths.ts';
import classes from '../../../components/PublicPage.module.css';

const incompleteLinkMessage =
  'This unsubscribe link is not complete. Open it again from the e-mail, or sign in to change your e-mail settings.';

/**
 * /unsubscribe?token=…: the link at the foot of an e-mail. Public: the signed token says who and
 * which kind of e-mail, so it works without signing in; it turns that kind's e-mails off at once.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  // Once per token, also when React runs effects twice in development.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  // Whoever opens the link may already be signed in here: then the settings are one step away.
  const isSignedIn = Boolean(useCurrentUser().data);
  const manageSettings = (
    <Button
      component={Link}
      to={isSignedIn ? notificationSettingsPath : getSignInPath(notificationSettingsPath)}
      variant="light"
      leftSection={<IconSettings size={16} aria-hidden />}
    >
      {isSignedIn ? 'Manage your notification settings' : 'Sign in to manage your settings'}
    </Button>
  );

  let content: ReactNode;
  if (!token) {
    content = <CannotUse message={incompleteLinkMessage} action={manageSettings} />;
  } else if (unsubscribe.isSuccess) {
    content = (
      <StatusMessage
        headingOrder={2}
        color="teal"
        icon={<IconMailOff size={32} aria-hidden />}
        title="You are unsubscribed"
        description={
          <>
            You will no longer receive e-mails for: <strong>{unsubscribe.data.label}</strong>. What you see in
            Commonwise itself does not change.
          </>
        }
        actions={manageSettings}
      />
    );
  } else if (unsubscribe.isError) {
    const error = unsubscribe.error;
    content =
      isApiRequestError(error) && error.status >= 400 && error.status < 500 ? (
        <CannotUse message={error.message} action={manageSettings} />
      ) : (
        <ErrorState
          title="Could not unsubscribe you"
          description="There was a problem reaching Commonwise. Please try again."
          onRetry={() => mutate(token)}
          isRetrying={unsubscribe.isPending}
        />
      );
  } else {
    content = (
      <Center py="xl" role="status">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text c="dimmed">Unsubscribing you...</Text>
        </Stack>
      </Center>
    );
  }

  return (
    <Box component="main" className={classes.page}>
      <Center mih="100dvh" py="xl" px="md">
        <Container size={480} p={0} w="100%">
          <Stack align="center" gap={6} mb="xl" ta="center">
            <Title order={1} lh={1}>
              <Wordmark size="xl" />
            </Title>
            <Text c="dimmed" size="lg">
              AI-powered HOA Management
            </Text>
          </Stack>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm" aria-live="polite">
            {content}
          </Paper>
        </Container>
      </Center>
    </Box>
  );
}

function CannotUse({ message, action }: { message: string; action: ReactNode }) {
  return (
    <StatusMessage
      headingOrder={2}
      color="orange"
      icon={<IconAlertTriangle size={32} aria-hidden />}
      title="This link cannot be used"
      description={message}
      actions={action}
    />
  );
}
