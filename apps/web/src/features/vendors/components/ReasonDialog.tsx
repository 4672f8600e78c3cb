import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';

/**
 * Asks why before an action that is recorded with its reason (rejecting or withdrawing a document), and
 * shows the server's refusal on the field or under it.
 */
export function ReasonDialog({
  title,
  explanation,
  label,
  confirmLabel,
  emptyMessage,
  minLength = 1,
  maxLength = 500,
  onConfirm,
  onClose,
}: {
  title: string;
  explanation: string;
  label: string;
  confirmLabel: string;
  emptyMessage: string;
  minLength?: number;
  maxLength?: number;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const length = [...reason.trim()].length;

  const submit = async () => {
    if (length === 0) return setError(emptyMessage);
    if (length < minLength) return setError(`${emptyMessage} (at least ${minLength} characters)`);
    setError(null);
    setFailure(null);
    setIsSaving(true);
    try {
      await onConfirm(reason.trim());
    } catch (caught) {
      if (isApiRequestError(caught) && caught.fields?.reason) setError(caught.fields.reason);
      else setFailure(getErrorMessage(caught));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <PortalModal opened onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{explanation}</Text>
          <Textarea
            label={label}
            required
            autosize
            minRows={3}
            maxLength={maxLength}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            description={`${length} of ${maxLength} characters`}
            data-autofocus
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={isSaving}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
