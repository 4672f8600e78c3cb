import { changePasswordSchema } from '@commonwise/contracts';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertTriangle, IconKey, IconSend } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { useResetPassword } from '../api.ts';
import { AuthCard, BackToSignIn } from './AuthCard.tsx';
import { AuthPageFrame } from './AuthPageFrame.tsx';

export const invalidResetLinkMessage = 'This link is invalid or has expired. Ask for a new one.';

const resetPasswordFormSchema = z
  .object({ newPassword: changePasswordSchema.shape.newPassword, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;
const validate = zod4Resolver(resetPasswordFormSchema);

/**
 * /reset-password?token=…: the page the "Forgot password?" e-mail links to. Public. The link works
 * once, for an hour; setting the password signs the person out everywhere.
 */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [invalidMessage, setInvalidMessage] = useState<string | null>(token ? null : invalidResetLinkMessage);

  return (
    <AuthPageFrame>
      {invalidMessage === null ? (
        <ResetPasswordForm token={token} onInvalidLink={setInvalidMessage} />
      ) : (
        <InvalidLink message={invalidMessage} />
      )}
    </AuthPageFrame>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard titleId="invalid-link-title" title="This link cannot be used">
      <Alert color="orange" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
        {message}
      </Alert>
      <Button
        component={Link}
        to="/auth?view=forgot"
        fullWidth
        leftSection={<IconSend size={18} aria-hidden />}
      >
        Request a new link
      </Button>
      <BackToSignIn href="/auth" />
    </AuthCard>
  );
}

function ResetPasswordForm({
  token,
  onInvalidLink,
}: {
  token: string;
  onInvalidLink: (message: string) => void;
}) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const { form, onSubmit } = useSubmitValidatedForm<ResetPasswordFormValues>({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate,
  });

  const handleSubmit = onSubmit(async ({ newPassword }) => {
    try {
      await resetPassword.mutateAsync({ token, newPassword });
      showSuccessToast('Your password is set. Sign in to continue.');
      await navigate('/auth', { replace: true });
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'INVALID_TOKEN') {
        onInvalidLink(error.message);
        return;
      }
      if (isApiRequestError(error) && error.fields?.newPassword) {
        form.setFieldError('newPassword', error.fields.newPassword);
      }
      showFailureToast('Failed to set your password', error);
    }
  });

  return (
    <AuthCard
      titleId="reset-title"
      title="Choose a new password"
      description="Setting a new password signs you out on every device."
    >
      <form onSubmit={handleSubmit} noValidate aria-labelledby="reset-title">
        <Stack gap="md">
          <PasswordInput
            label="New password"
            description="At least 6 characters."
            autoComplete="new-password"
            withAsterisk
            autoFocus
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
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
            loading={resetPassword.isPending}
            leftSection={<IconKey size={18} aria-hidden />}
          >
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
