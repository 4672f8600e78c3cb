import { staffRoles, type Me } from '@commonwise/contracts';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconKey, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { focusIfLost } from '../../../lib/focus.ts';
import { useGenerateBackupCodes, useTurnOffTwoFactor } from '../api.ts';
import { BackupCodes } from './BackupCodes.tsx';
import { PasswordStep } from './PasswordStep.tsx';
import { TwoFactorSetupModal } from './TwoFactorSetupModal.tsx';

export const twoFactorSectionId = 'two-factor';

type Dialog = 'set-up' | 'backup-codes' | 'turn-off' | null;

/** My Account's two-factor section: turn it on (app + backup codes), get new backup codes, turn it off. */
export function TwoFactorCard({ user }: { user: Me }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const isOn = user.twoFactorEnabled;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const close = () => setDialog(null);
  // Turning two-factor on or off swaps the buttons, so the one that opened the dialog is gone.
  const afterClose = () => focusIfLost(() => headingRef.current);

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      id={twoFactorSectionId}
      aria-labelledby="two-factor-title"
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="md">
        <div>
          <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h4" id="two-factor-title" ref={headingRef} tabIndex={-1}>
              Two-factor authentication
            </Title>
            <Badge color={isOn ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
              {isOn ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm" mt={4}>
            {isOn
              ? 'Signing in asks for a code from your authenticator app after your password. A backup code works once instead when you do not have your phone.'
              : 'Add a second step to signing in: a code from an authenticator app on your phone, so a stolen password alone is not enough.'}
          </Text>
        </div>
        {user.mustEnrolTwoFactor ? (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title="Required for your role"
          >
            Your administrator requires two-factor authentication for admins and managers. Turn it on to use
            the rest of Commonwise.
          </Alert>
        ) : null}
        <Group gap="sm">
          {isOn ? (
            <>
              <Button
                variant="default"
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={() => setDialog('backup-codes')}
              >
                Get new backup codes
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconShieldOff size={16} aria-hidden />}
                onClick={() => setDialog('turn-off')}
              >
                Turn off
              </Button>
            </>
          ) : (
            <Button
              leftSection={<IconShieldCheck size={16} aria-hidden />}
              onClick={() => setDialog('set-up')}
            >
              Turn on two-factor
            </Button>
          )}
        </Group>
      </Stack>

      <TwoFactorSetupModal
        opened={dialog === 'set-up'}
        email={user.email}
        onClose={close}
        onClosed={afterClose}
      />
      <NewBackupCodesModal opened={dialog === 'backup-codes'} email={user.email} onClose={close} />
      <TurnOffModal opened={dialog === 'turn-off'} user={user} onClose={close} onClosed={afterClose} />
    </Card>
  );
}

function NewBackupCodesModal({
  opened,
  email,
  onClose,
}: {
  opened: boolean;
  email: string;
  onClose: () => void;
}) {
  const generate = useGenerateBackupCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    onClose();
    setCodes(null);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={codes ? 'Save your new backup codes' : 'Get new backup codes'}
      size="lg"
      closeOnClickOutside={codes === null}
    >
      {codes ? (
        <Stack gap="md">
          <Text size="sm">
            Your old backup codes no longer work. Each of these signs you in once: keep them somewhere safe.
            They are not shown again.
          </Text>
          <BackupCodes codes={codes} email={email} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <PasswordStep
          email={email}
          description="New backup codes replace the ones you have now, which stop working. Enter your password to continue."
          submitLabel="Get new codes"
          onCancel={close}
          onSubmit={async (password) => {
            setCodes((await generate.mutateAsync(password)).backupCodes);
          }}
        />
      )}
    </Modal>
  );
}

interface TurnOffModalProps {
  opened: boolean;
  user: Me;
  onClose: () => void;
  onClosed: () => void;
}

function TurnOffModal({ opened, user, onClose, onClosed }: TurnOffModalProps) {
  const turnOff = useTurnOffTwoFactor();
  const isStaff = (staffRoles as readonly string[]).includes(user.role);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      title="Turn off two-factor authentication"
    >
      <PasswordStep
        email={user.email}
        description={
          isStaff
            ? 'Signing in will need only your password, and your backup codes stop working. If your administrator requires two-factor authentication for your role, you will have to turn it on again to use Commonwise. Enter your password to continue.'
            : 'Signing in will need only your password, and your backup codes stop working. Enter your password to continue.'
        }
        submitLabel="Turn off"
        submitColor="red"
        onCancel={onClose}
        onSubmit={async (password) => {
          await turnOff.mutateAsync(password);
          notifications.show({ color: 'green', message: 'Two-factor authentication is off' });
          onClose();
        }}
      />
    </Modal>
  );
}
