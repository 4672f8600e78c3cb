import { acceptInvitationSchema, type Invitation } from '@commonwise/contracts';
import {
  Box,
  Button,
  Center,
  Container,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { Wordmark } from '../../../components/Wordmark.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { invitationQueryOptions, useAcceptInvitation } from '../api.ts';
import classes from '../../../components/PublicPage.module.css';
import { useSignIn } from '../../auth/api.ts';

export const acceptInvitationFormSchema = acceptInvitationSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
type AcceptInvitationFormValues = z.infer<typeof acceptInvitationFormSchema>;
const validate = zod4Resolver(acceptInvitationFormSchema);

/** /invite/{token}: an invited person sets their password, then signs in. Public. */
export function AcceptInvitationPage() {
  usePageTitle('Set your password');
  const { token = '' } = useParams();
  const invitation = useQuery(invitationQueryOptions(token));

  let content: ReactNode;
  if (invitation.isPending) {
    content = (
      <Center py="xl" role="status">
        <Loader role="status" aria-label="Loading your invitation" />
      </Center>
    );
  } else if (invitation.isError) {
    const error = invitation.error;
    content =
      isApiRequestError(error) && error.status >= 400 && error.status < 500 ? (
        <StatusMessage
          headingOrder={2}
          color="orange"
          icon={<IconAlertTriangle size={32} aria-hidden />}
          title="This link cannot be used"
          description={error.message}
          actions={
            <Button component={Link} to="/auth" variant="light">
              Go to sign in
            </Button>
          }
        />
      ) : (
        <ErrorState
          title="Cannot load your invitation"
          description="There was a problem reaching Commonwise. Please try again."
          onRetry={() => void invitation.refetch()}
          isRetrying={invitation.isFetching}
        />
      );
  } else {
    content = <SetPasswordForm token={token} invitation={invitation.data} />;
  }

  return (
    <Box className={classes.page}>
      <Center mih="100dvh" py="xl" px="md">
        <Container size={440} p={0} w="100%">
          <Stack align="center" gap={6} mb="xl" ta="center">
            <Title order={1} lh={1}>
              <Wordmark size="xl" />
            </Title>
            <Text c="dimmed" size="lg">
              AI-powered HOA Management
            </Text>
          </Stack>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
            {content}
          </Paper>
        </Container>
      </Center>
    </Box>
  );
}

function SetPasswordForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const signIn = useSignIn();
  const { form, onSubmit } = useSubmitValidatedForm<AcceptInvitationFormValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate,
  });

  const handleSubmit = onSubmit(async ({ password }) => {
    try {
      const { email } = await accept.mutateAsync({ password });
      // Issue 26: the person has just chosen their password: they are signed in with it, not sent to
      // type it again. Should that fail (or ask for a second factor), the sign-in page takes over.
      const signedIn = await signIn.mutateAsync({ email, password }).catch(() => null);
      if (signedIn?.kind === 'signed-in') {
        showSuccessToast('Your password is set. Welcome to Commonwise!');
        await navigate('/dashboard', { replace: true });
        return;
      }
      showSuccessToast('Your password is set. Sign in to continue.');
      await navigate(`/auth?${new URLSearchParams({ email }).toString()}`, { replace: true });
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      showFailureToast('Failed to set your password', error);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="invitation-title">
      {/* Lets a password manager know whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="invitation-title">
            Welcome, {invitation.fullName || invitation.email}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Set a password for <strong>{invitation.email}</strong> to finish setting up your account. This
            link works until {format(new Date(invitation.expiresAt), 'MMM d, yyyy')}.
          </Text>
        </div>
        <PasswordInput
          label="New password"
          description="At least 6 characters."
          autoComplete="new-password"
          withAsterisk
          data-autofocus
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button
          type="submit"
          fullWidth
          size="md"
          mt="xs"
          loading={accept.isPending}
          leftSection={<IconKey size={18} aria-hidden />}
        >
          Set Password
        </Button>
      </Stack>
    </form>
  );
}
