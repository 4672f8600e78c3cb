import {
  requestSignInCodeSchema,
  signInCodeResendSeconds,
  signInCodeValidMinutes,
  signInWithCodeSchema,
  type RequestSignInCode,
} from '@commonwise/contracts';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { isApiRequestError } from '../../../lib/api.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { useRequestSignInCode, useSignInWithCode } from '../api.ts';
import { keepDigits } from '../codes.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { getSignInErrorMessage, signedInMessage } from '../hooks/use-sign-in-form.ts';
import { AuthCard, BackToSignIn } from './AuthCard.tsx';

interface CodeSignInProps {
  initialEmail: string;
  /** The code was right and the account asks for a second factor. */
  onTwoFactor: (email: string) => void;
  backHref: (email: string) => string;
}

/** "Email me a code": the address first, then the 6-digit code from the e-mail, with a timed resend. */
export function CodeSignIn({ initialEmail, onTwoFactor, backHref }: CodeSignInProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const countdown = useCountdown();
  const requestCode = useRequestSignInCode();

  /** Sends a code; true when one is on its way (or one sent a moment ago still works). */
  const sendCode = async (email: string): Promise<{ isSent: boolean; error?: unknown }> => {
    try {
      await requestCode.mutateAsync({ email });
      countdown.start(signInCodeResendSeconds);
      return { isSent: true };
    } catch (error) {
      // One code a minute: the one already sent still works, so the person can go on typing it.
      if (isApiRequestError(error) && error.code === 'CODE_RECENTLY_SENT') {
        countdown.start(error.retryAfter ?? signInCodeResendSeconds);
        return { isSent: true, error };
      }
      return { isSent: false, error };
    }
  };

  if (sentTo === null) {
    return (
      <RequestCodeForm
        initialEmail={initialEmail}
        isSending={requestCode.isPending}
        backHref={backHref}
        onSend={async (email) => {
          const result = await sendCode(email);
          if (result.isSent) setSentTo(email);
          return result.error;
        }}
      />
    );
  }
  return (
    <EnterCodeForm
      email={sentTo}
      secondsUntilResend={countdown.secondsLeft}
      isResending={requestCode.isPending}
      onResend={async () => {
        const { isSent, error } = await sendCode(sentTo);
        if (isSent && !error) {
          notifications.show({ color: 'green', message: `We sent a new code to ${sentTo}.` });
        } else {
          notifications.show({ color: 'red', message: getSignInErrorMessage(error), autoClose: 8000 });
        }
      }}
      onChangeEmail={() => setSentTo(null)}
      onTwoFactor={onTwoFactor}
      backHref={backHref(sentTo)}
    />
  );
}

const validateRequest = zod4Resolver(requestSignInCodeSchema);

interface RequestCodeFormProps {
  initialEmail: string;
  isSending: boolean;
  backHref: (email: string) => string;
  /** Resolves with the error that stopped the code from being sent, if any. */
  onSend: (email: string) => Promise<unknown>;
}

function RequestCodeForm({ initialEmail, isSending, backHref, onSend }: RequestCodeFormProps) {
  const { form, onSubmit } = useSubmitValidatedForm<RequestSignInCode>({
    initialValues: { email: initialEmail },
    validate: validateRequest,
  });

  const handleSubmit = onSubmit(async (values) => {
    const error = await onSend(values.email.trim());
    if (!error) return;
    if (isApiRequestError(error) && error.code === 'CODE_RECENTLY_SENT') {
      notifications.show({ color: 'blue', message: error.message, autoClose: 8000 });
    } else if (isApiRequestError(error) && error.status >= 400 && error.status < 500) {
      form.setFieldError('email', error.fields?.email ?? error.message);
    } else {
      notifications.show({ color: 'red', message: getSignInErrorMessage(error), autoClose: 8000 });
    }
  });

  return (
    <AuthCard
      titleId="code-title"
      title="Sign in with a code"
      description={`We will email you a 6-digit code that signs you in. It works for ${signInCodeValidMinutes} minutes.`}
    >
      <form onSubmit={handleSubmit} noValidate aria-labelledby="code-title">
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
            loading={isSending}
            leftSection={<IconMail size={18} aria-hidden />}
          >
            Email me a code
          </Button>
        </Stack>
      </form>
      <BackToSignIn href={backHref(form.getValues().email.trim())} />
    </AuthCard>
  );
}

interface EnterCodeFormProps {
  email: string;
  secondsUntilResend: number;
  isResending: boolean;
  onResend: () => Promise<void>;
  onChangeEmail: () => void;
  onTwoFactor: (email: string) => void;
  backHref: string;
}

const validateCode = zod4Resolver(signInWithCodeSchema);

function EnterCodeForm({
  email,
  secondsUntilResend,
  isResending,
  onResend,
  onChangeEmail,
  onTwoFactor,
  backHref,
}: EnterCodeFormProps) {
  const signIn = useSignInWithCode();
  const { form, onSubmit } = useSubmitValidatedForm<{ email: string; otp: string }>({
    initialValues: { email, otp: '' },
    validate: validateCode,
  });
  const otpProps = form.getInputProps('otp');

  const handleSubmit = onSubmit(async (values) => {
    try {
      const outcome = await signIn.mutateAsync({ email: values.email, otp: values.otp });
      if (outcome.kind === 'two-factor') onTwoFactor(email);
      else notifications.show({ color: 'green', message: signedInMessage });
    } catch (error) {
      if (isApiRequestError(error) && error.status >= 400 && error.status < 500) {
        form.setFieldError('otp', error.fields?.otp ?? error.message);
      } else {
        notifications.show({ color: 'red', message: getSignInErrorMessage(error), autoClose: 8000 });
      }
    }
  });

  const canResend = secondsUntilResend === 0;

  return (
    <AuthCard
      titleId="enter-code-title"
      title="Check your email"
      description={
        <>
          We sent a 6-digit code to <strong>{email}</strong>. It works once, for {signInCodeValidMinutes}{' '}
          minutes.
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-labelledby="enter-code-title">
        <Stack gap="md">
          <TextInput
            label="Code"
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder="123456"
            withAsterisk
            autoFocus
            key={form.key('otp')}
            {...otpProps}
            // People paste codes with spaces ("123 456"); only the digits matter.
            onChange={(event) => otpProps.onChange(keepDigits(event.currentTarget.value))}
          />
          <Button type="submit" fullWidth size="md" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
      <Stack gap={8} align="center">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => void onResend()}
          disabled={!canResend}
          loading={isResending}
        >
          {canResend ? 'Resend code' : `Resend code in ${secondsUntilResend} s`}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
          Use a different email
        </Anchor>
      </Stack>
      <BackToSignIn href={backHref} />
    </AuthCard>
  );
}
