import type { ArcRequest } from '@commonwise/contracts';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useReviseArcRequest } from '../api.ts';
import {
  ArcAnswerFields,
  answersToSend,
  initialAnswers,
  validateAnswers,
  type AnswerValues,
} from './ArcAnswerFields.tsx';
import { FormError } from './ArcRequestParts.tsx';

type Errors = Record<string, string | undefined>;

/**
 * The owner changes their request: its title, description and answers. Before the request is complete
 * that is simply saved; after *complete at* it becomes a new revision, which the dialog says before
 * saving, with a note of what changed for the committee.
 */
export function EditArcRequestDialog({ request, onClose }: { request: ArcRequest; onClose: () => void }) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const revise = useReviseArcRequest(request.id);
  const [title, setTitle] = useState(request.title);
  const [description, setDescription] = useState(request.description);
  const [values, setValues] = useState<AnswerValues>(() => initialAnswers(request.fields, request.answers));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<unknown>(null);
  const makesRevision = request.completeAt !== null;
  const nextRevision = request.revision + 1;

  const submit = () => {
    const found: Errors = { ...validateAnswers(request.fields, values) };
    if (!title.trim()) found.title = 'Title is required';
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) return;
    revise.mutate(
      {
        title: title.trim(),
        description: description.trim(),
        answers: changedAnswers(request, values),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: (saved) => {
          showSuccessToast(makesRevision ? `Saved as revision ${saved.revision}` : 'Request saved');
          onClose();
        },
        onError: (failure) => {
          const fields = isApiRequestError(failure) ? (failure.fields ?? {}) : {};
          if (Object.keys(fields).length > 0) setErrors(fields);
          const shown = [
            'title',
            'description',
            'note',
            ...request.fields.map((field) => `answers.${field.key}`),
          ];
          if (!Object.keys(fields).some((key) => shown.includes(key))) setFormError(failure);
        },
      },
    );
  };

  return (
    <PortalModal
      opened
      onClose={onClose}
      title="Change your request"
      size="lg"
      fullScreen={isNarrow}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {makesRevision ? (
            <Alert
              color="blue"
              variant="light"
              p="xs"
              role="note"
              icon={<IconInfoCircle size={18} aria-hidden />}
            >
              <Text size="sm">
                Your request was complete on {formatDate(request.completeAt!)}. Saving a change makes it
                revision {nextRevision}: the committee sees what changed.{' '}
                {request.status === 'more_information'
                  ? 'Once your request is complete again, its review window starts again.'
                  : 'The decision date stays as it is.'}
              </Text>
            </Alert>
          ) : null}
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
            maxLength={200}
            data-autofocus
          />
          <ArcAnswerFields
            fields={request.fields}
            values={values}
            errors={errors}
            onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
          />
          {makesRevision ? (
            <Textarea
              label="What changed"
              description="A line for the committee, like “Lowered the fence to 60 in”."
              autosize
              minRows={2}
              maxRows={6}
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={errors.note}
            />
          ) : null}
          <FormError error={formError} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={revise.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={revise.isPending}>
              {makesRevision ? `Save as revision ${nextRevision}` : 'Save changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

/** The answers as they now stand; one emptied is sent as '' (the server merges, and '' clears it). */
function changedAnswers(request: ArcRequest, values: AnswerValues): Record<string, string | number> {
  const answers = answersToSend(request.fields, values);
  for (const { key } of request.fields)
    if (request.answers[key] !== undefined && !(key in answers)) answers[key] = '';
  return answers;
}
