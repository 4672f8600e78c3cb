import { Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { internalNotesQueryOptions, internalNotesShown, useAddInternalNote } from '../api.ts';

/**
 * The staff's notes on a work order (issue 26): only its property's managers and admins see them,
 * never the resident or the vendor — the server keeps them out of every other answer.
 */
export function InternalNotes({ workOrderId }: { workOrderId: string }) {
  const notes = useQuery(internalNotesQueryOptions(workOrderId));
  const add = useAddInternalNote(workOrderId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError('Write the note');
      return;
    }
    add.mutate(body.trim(), {
      onSuccess: () => {
        setBody('');
        showSuccessToast('Internal note added');
      },
      onError: (failure) => setError(getErrorMessage(failure)),
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="internal-notes-title">
      <Group gap={6}>
        <IconLock size={16} aria-hidden />
        <Title order={3} size="h5" id="internal-notes-title">
          Internal notes
        </Title>
      </Group>
      <Text size="xs" c="dimmed">
        Only the property&apos;s managers see these notes: never the resident or the vendor.
      </Text>
      {notes.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading internal notes" />
      ) : notes.isError ? (
        <Text size="sm" c="dimmed">
          The notes could not be loaded: {getErrorMessage(notes.error)}{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => void notes.refetch()}>
            Try again
          </Button>
        </Text>
      ) : notes.data.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No internal notes yet
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Internal notes" m={0} p={0} style={{ listStyle: 'none' }}>
          {notes.data.notes.map((note) => (
            <Paper
              key={note.id}
              component="li"
              withBorder
              radius="md"
              p="xs"
              bg="var(--mantine-color-yellow-light)"
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {note.body}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {note.authorName ?? 'Unknown'} · {formatDateTime(note.createdAt)}
              </Text>
            </Paper>
          ))}
          {notes.data.hasMore ? (
            <Text size="xs" c="dimmed">
              Showing the {internalNotesShown} newest notes.
            </Text>
          ) : null}
        </Stack>
      )}
      <Stack gap="xs" component="form" onSubmit={submit} aria-label="Add an internal note">
        <Textarea
          label="New internal note"
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={4000}
        />
        <Group>
          <Button type="submit" size="xs" variant="light" loading={add.isPending}>
            Add note
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
