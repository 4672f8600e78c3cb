import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { useConfirmTwoFactorSetup, useStartTwoFactorSetup, type TwoFactorSetup } from '../api.ts';
import { groupKey, readTotpSecret } from '../two-factor-key.ts';
import { BackupCodes } from './BackupCodes.tsx';
import { PasswordStep } from './PasswordStep.tsx';
import { QrCode } from './QrCode.tsx';

type Step =
  { name: 'password' } | { name: 'scan'; setup: TwoFactorSetup } | { name: 'saved'; setup: TwoFactorSetup };

interface TwoFactorSetupModalProps {
  opened: boolean;
  email: string;
  onClose: () => void;
  /** After the closing transition, when focus may need a new home. */
  onClosed: () => void;
}

/**
 * Turning two-factor on: the password again, then the app (QR code or the key typed in) and a code
 * from it, which turns it on; then the backup codes, shown this once.
 */
export function TwoFactorSetupModal({ opened, email, onClose, onClosed }: TwoFactorSetupModalProps) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const startSetup = useStartTwoFactorSetup();

  const close = () => {
    onClose();
    setStep({ name: 'password' });
  };

  const titles: Record<Step['name'], string> = {
    password: 'Turn on two-factor authentication',
    scan: 'Set up your authenticator app',
    saved: 'Save your backup codes',
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onClosed}
      title={titles[step.name]}
      size="lg"
      // A click beside the dialog must not throw away a half-done set-up or unsaved codes.
      closeOnClickOutside={step.name === 'password'}
    >
      {step.name === 'password' ? (
        <PasswordStep
          email={email}
          description="Enter your password to continue. Next you will connect an authenticator app, such as 1Password, Google Authenticator or Microsoft Authenticator."
          submitLabel="Continue"
          onCancel={close}
          onSubmit={async (password) => {
            const setup = await startSetup.mutateAsync(password);
            setStep({ name: 'scan', setup });
          }}
        />
      ) : step.name === 'scan' ? (
        <ScanStep
          totpURI={step.setup.totpURI}
          onCancel={close}
          onConfirmed={() => setStep({ name: 'saved', setup: step.setup })}
        />
      ) : (
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck size={20} aria-hidden />} role="status">
            Two-factor authentication is on. Signing in now asks for a code from your app.
          </Alert>
          <Text size="sm">
            If you lose your phone, each of these backup codes signs you in once instead of a code from the
            app. Keep them somewhere safe, such as your password manager: they are not shown again.
          </Text>
          <BackupCodes codes={step.setup.backupCodes} email={email} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ScanStep({
  totpURI,
  onCancel,
  onConfirmed,
}: {
  totpURI: string;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const confirm = useConfirmTwoFactorSetup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const secret = readTotpSecret(totpURI);
  const manualKey = secret ? groupKey(secret) : null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    try {
      await confirm.mutateAsync(code);
      notifications.show({ color: 'green', message: 'Two-factor authentication is on' });
      onConfirmed();
    } catch (caught) {
      if (isApiRequestError(caught) && caught.status >= 400 && caught.status < 500) setError(caught.message);
      else notifications.show({ color: 'red', message: getErrorMessage(caught), autoClose: 8000 });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <Title order={3} size="h5">
          1. Scan this QR code with your authenticator app
        </Title>
        <Group justify="center">
          <QrCode value={totpURI} label="QR code to add Commonwise to your authenticator app" />
        </Group>
        {manualKey ? (
          <Stack gap={4}>
            <Text size="sm">
              Cannot scan it? Choose to enter a setup key in the app and type this key (time-based):
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code
                block
                fz="md"
                data-testid="two-factor-manual-key"
                style={{ flex: 1, letterSpacing: '0.06em', wordBreak: 'break-word', whiteSpace: 'normal' }}
              >
                {manualKey}
              </Code>
              <CopyButton value={secret ?? ''} timeout={2000}>
                {({ copied, copy }) => (
                  <Anchor component="button" type="button" size="sm" onClick={copy}>
                    {copied ? 'Copied' : 'Copy key'}
                  </Anchor>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ) : null}
        <Title order={3} size="h5">
          2. Enter the 6-digit code the app shows
        </Title>
        <TextInput
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          withAsterisk
          data-autofocus
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6));
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
