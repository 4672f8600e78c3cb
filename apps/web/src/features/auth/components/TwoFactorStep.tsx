import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiRequestError } from '../../../lib/api.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { useVerifySecondFactor, type SecondFactor } from '../api.ts';
import { keepDigits } from '../codes.ts';
import { getSignInErrorMessage, signedInMessage } from '../hooks/use-sign-in-form.ts';
import { AuthCard } from './AuthCard.tsx';

type Method = SecondFactor['method'];

const texts: Record<Method, { label: string; help: string; missing: string; switchTo: string }> = {
  totp: {
    label: 'Authentication code',
    help: 'Open your authenticator app and enter the 6-digit code it shows for Commonwise.',
    missing: 'Enter the 6-digit code from your authenticator app',
    switchTo: 'Use a backup code instead',
  },
  'backup-code': {
    label: 'Backup code',
    help: 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.',
    missing: 'Enter one of your backup codes',
    switchTo: 'Use your authenticator app instead',
  },
};

// The server's answer when the sign-in's first step is too old (10 minutes) or missing.
const expiredChallengeCode = 'INVALID_TWO_FACTOR_COOKIE';

interface TwoFactorStepProps {
  email: string;
  /** Back to the first step: also where an expired sign-in goes. */
  onCancel: () => void;
}

/** The second step of signing in when two-factor authentication is on. */
export function TwoFactorStep({ email, onCancel }: TwoFactorStepProps) {
  const [method, setMethod] = useState<Method>('totp');
  return (
    <SecondFactorForm
      // A fresh form for each method: its own rules, an empty field, and focus in it.
      key={method}
      method={method}
      email={email}
      onSwitch={() => setMethod(method === 'totp' ? 'backup-code' : 'totp')}
      onCancel={onCancel}
    />
  );
}

interface SecondFactorFormProps extends TwoFactorStepProps {
  method: Method;
  onSwitch: () => void;
}

function SecondFactorForm({ method, email, onSwitch, onCancel }: SecondFactorFormProps) {
  const verify = useVerifySecondFactor();
  const text = texts[method];
  const { form, onSubmit } = useSubmitValidatedForm<{ code: string }>({
    initialValues: { code: '' },
    validate: {
      code: (value) => {
        const code = value.trim();
        if (method === 'totp') return /^\d{6}$/.test(code) ? null : text.missing;
        return code ? null : text.missing;
      },
    },
  });
  const codeProps = form.getInputProps('code');

  const handleSubmit = onSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync({ method, code: code.trim() });
      notifications.show({ color: 'green', message: signedInMessage });
    } catch (error) {
      if (isApiRequestError(error) && error.code === expiredChallengeCode) {
        notifications.show({
          color: 'orange',
          message: 'Your sign-in timed out. Sign in again.',
          autoClose: 8000,
        });
        onCancel();
      } else if (isApiRequestError(error) && error.status >= 400 && error.status < 500) {
        form.setFieldError('code', error.message);
      } else {
        notifications.show({ color: 'red', message: getSignInErrorMessage(error), autoClose: 8000 });
      }
    }
  });

  return (
    <AuthCard
      titleId="two-factor-title"
      title="Two-factor authentication"
      description={
        <>
          Signing in as <strong>{email}</strong>. {text.help}
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-labelledby="two-factor-title">
        <Stack gap="md">
          <TextInput
            label={text.label}
            autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            placeholder={method === 'totp' ? '123456' : 'xxxxx-xxxxx'}
            spellCheck={false}
            withAsterisk
            autoFocus
            key={form.key('code')}
            {...codeProps}
            onChange={(event) =>
              codeProps.onChange(
                method === 'totp' ? keepDigits(event.currentTarget.value) : event.currentTarget.value,
              )
            }
          />
          <Button
            type="submit"
            fullWidth
            size="md"
            loading={verify.isPending}
            leftSection={<IconShieldCheck size={18} aria-hidden />}
          >
            Verify
          </Button>
        </Stack>
      </form>
      <Stack gap={6} align="center">
        <Anchor component="button" type="button" size="sm" onClick={onSwitch}>
          {text.switchTo}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
          Cancel and sign in again
        </Anchor>
      </Stack>
      <Text size="xs" c="dimmed" ta="center">
        Lost your phone and your backup codes? Ask your administrator for help.
      </Text>
    </AuthCard>
  );
}
