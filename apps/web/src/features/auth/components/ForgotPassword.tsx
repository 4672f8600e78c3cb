import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailCheck, IconSend } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { useRequestPasswordReset } from '../api.ts';
import { AuthCard, BackToSignIn } from './AuthCard.tsx';

const forgotPasswordSchema = z.object({
  email: z.string().trim().pipe(z.email('Please enter a valid email')),
});
type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
const validate = zod4Resolver(forgotPasswordSchema);

interface ForgotPasswordProps {
  initialEmail: string;
  backHref: (email: string) => string;
}

/**
 * "Forgot password?": asks for a reset link. The answer is the same whether or not the address has
 * an account, so the page cannot be used to find out who has one.
 */
export function ForgotPassword({ initialEmail, backHref }: ForgotPasswordProps) {
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<ForgotPasswordValues>({
    initialValues: { email: initialEmail },
    validate,
  });

  const handleSubmit = onSubmit(async (values) => {
    const email = values.email.trim();
    try {
      await requestReset.mutateAsync({ email });
      setSentTo(email);
    } catch (error) {
      if (isApiRequestError(error) && error.fields?.email) form.setFieldError('email', error.fields.email);
      notifications.show({
        color: 'red',
        message: getErrorMessage(error, 'Could not send the link. Please try again.'),
        autoClose: 8000,
      });
    }
  });

  if (sentTo !== null) {
    return (
      <AuthCard titleId="reset-sent-title" title="Check your email">
        <Alert color="green" icon={<IconMailCheck size={20} aria-hidden />} role="status">
          If <strong>{sentTo}</strong> belongs to an account, we have emailed it a link to choose a new
          password. The link works once, for 1 hour.
        </Alert>
        <Button variant="default" onClick={() => setSentTo(null)}>
          Send another link
        </Button>
        <BackToSignIn href={backHref(sentTo)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      titleId="forgot-title"
      title="Forgot your password?"
      description="Enter the email address you sign in with and we will email you a link to choose a new password."
    >
      <form onSubmit={handleSubmit} noValidate aria-labelledby="forgot-title">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@example.com"
            withAsterisk
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button
            type="submit"
            fullWidth
            size="md"
            loading={requestReset.isPending}
            leftSection={<IconSend size={18} aria-hidden />}
          >
            Send reset link
          </Button>
        </Stack>
      </form>
      <BackToSignIn href={backHref(form.getValues().email.trim())} />
    </AuthCard>
  );
}
