import { Button, Group, PasswordInput, Stack, Text, type MantineColor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';

interface PasswordStepProps {
  email: string;
  description: string;
  submitLabel: string;
  submitColor?: MantineColor;
  /** Does the protected thing with the password; a refusal (wrong password) is shown on the field. */
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
}

/** Asks for the current password again before a change to how the person signs in. */
export function PasswordStep({
  email,
  description,
  submitLabel,
  submitColor,
  onSubmit,
  onCancel,
}: PasswordStepProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError('Please enter your password');
      return;
    }
    setIsSubmitting(true);
    try {
      await onSubmit(password);
    } catch (caught) {
      if (isApiRequestError(caught) && caught.status >= 400 && caught.status < 500) {
        setError(caught.message);
      } else {
        notifications.show({ color: 'red', message: getErrorMessage(caught), autoClose: 8000 });
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      {/* Lets a password manager know whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        <PasswordInput
          label="Your password"
          autoComplete="current-password"
          withAsterisk
          data-autofocus
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" color={submitColor} loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
