import { attachmentExtensions, type OwnerViolation } from '@commonwise/contracts';
import { Alert, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { AttachmentTray, useAttachmentDraft } from '../../attachments/index.ts';
import { useReplyToViolation, useReportCure, useRequestHearing } from '../api.ts';

/**
 * What an owner sends about a violation they were sent a notice about (issue 21 item 5): a reply, photos
 * of the cure (a person re-inspects and closes it), or a request for a hearing. Each is a short form in
 * a dialog, full screen on a phone; the server's own words say what went wrong.
 */

/** Photos of a cure, like an inspector's: at most ten. */
const maxCurePhotos = 10;
const photoTypes = attachmentExtensions.image.map((extension) => `.${extension}`).join(', ');

const useIsNarrow = () => useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

/** The field's message from the server, else its message for the whole form. */
function errorsOf(failure: unknown, field: string): { field?: string; form?: string } {
  const fields = isApiRequestError(failure) ? (failure.fields ?? {}) : {};
  return fields[field] ? { field: fields[field] } : { form: getErrorMessage(failure) };
}

function FormError({ message }: { message?: string }) {
  return message ? (
    <Alert color="red" variant="light" role="alert" p="xs">
      {message}
    </Alert>
  ) : null;
}

function Actions({
  onCancel,
  isSaving,
  label,
  disabled,
}: {
  onCancel: () => void;
  isSaving: boolean;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={isSaving}>
        Cancel
      </Button>
      <Button type="submit" loading={isSaving} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}

export function ReplyDialog({ violation, onClose }: { violation: OwnerViolation; onClose: () => void }) {
  const isNarrow = useIsNarrow();
  const reply = useReplyToViolation(violation.id);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ field?: string; form?: string }>({});
  const submit = () => {
    if (!message.trim()) {
      setErrors({ field: 'Write your reply' });
      return;
    }
    reply.mutate(
      { message: message.trim() },
      {
        onSuccess: () => {
          showSuccessToast('Your reply was sent to the association');
          onClose();
        },
        onError: (failure) => setErrors(errorsOf(failure, 'message')),
      },
    );
  };
  return (
    <PortalModal
      opened
      onClose={onClose}
      title={`Reply · ${violation.ruleTitle}`}
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
          <Text size="sm" c="dimmed">
            Your reply goes to the association’s managers and stays with this violation.
          </Text>
          <Textarea
            label="Your reply"
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={2000}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={errors.field}
            data-autofocus
          />
          <FormError message={errors.form} />
          <Actions onCancel={onClose} isSaving={reply.isPending} label="Send reply" />
        </Stack>
      </form>
    </PortalModal>
  );
}

export function CureReportDialog({ violation, onClose }: { violation: OwnerViolation; onClose: () => void }) {
  const isNarrow = useIsNarrow();
  const report = useReportCure(violation.id);
  const photos = useAttachmentDraft({ violationId: violation.id }, { max: maxCurePhotos });
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ field?: string; form?: string }>({});
  const submit = () => {
    if (photos.ids.length === 0) {
      setErrors({ field: 'Add at least one photo of the cure' });
      return;
    }
    report.mutate(
      { photoIds: photos.ids, note: note.trim() || undefined },
      {
        onSuccess: () => {
          showSuccessToast('Cure reported: the association will re-inspect it');
          // The photos went with the report: nothing to delete.
          photos.clear();
          onClose();
        },
        onError: (failure) => setErrors(errorsOf(failure, 'photoIds')),
      },
    );
  };
  /** Closed without sending: the uploaded photos are deleted, not left on the violation. */
  const cancel = () => {
    for (const file of photos.files) photos.remove(file.key);
    onClose();
  };
  return (
    <PortalModal
      opened
      onClose={cancel}
      title={`Report it cured · ${violation.ruleTitle}`}
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
          <Text size="sm">
            Send photos that show the cure. An inspector or manager checks it and closes the violation; until
            then it stays open.
          </Text>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                Photos{' '}
                <Text span c="dimmed" size="sm">
                  ({photos.ids.length} of up to {maxCurePhotos})
                </Text>
              </Text>
              <FileButton
                onChange={(files) => {
                  photos.add(files);
                  setErrors({});
                }}
                accept="image/*"
                multiple
                disabled={photos.files.length >= maxCurePhotos}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    size="sm"
                    leftSection={<IconCamera size={16} aria-hidden />}
                    disabled={photos.files.length >= maxCurePhotos}
                  >
                    Take or choose photos
                  </Button>
                )}
              </FileButton>
            </Group>
            <AttachmentTray draft={photos} label="Photos of the cure" />
            <Text size="xs" c="dimmed">
              Each photo uploads as soon as it is chosen ({photoTypes}).
            </Text>
            {errors.field ? (
              <Text size="xs" c="red" role="alert">
                {errors.field}
              </Text>
            ) : null}
          </Stack>
          <Textarea
            label="Note"
            placeholder="What you did, and when"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <FormError message={errors.form} />
          <Actions
            onCancel={cancel}
            isSaving={report.isPending}
            disabled={photos.isUploading}
            label={photos.isUploading ? 'Uploading photos...' : 'Report it cured'}
          />
        </Stack>
      </form>
    </PortalModal>
  );
}

export function HearingRequestDialog({
  violation,
  onClose,
}: {
  violation: OwnerViolation;
  onClose: () => void;
}) {
  const isNarrow = useIsNarrow();
  const request = useRequestHearing(violation.id);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ field?: string; form?: string }>({});
  const { until, statute, note } = violation.hearingRequest;
  const submit = () => {
    if (!reason.trim()) {
      setErrors({ field: 'Say why you ask for a hearing' });
      return;
    }
    request.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          showSuccessToast('Hearing requested: the association will tell you its date and place');
          onClose();
        },
        onError: (failure) => setErrors(errorsOf(failure, 'reason')),
      },
    );
  };
  return (
    <PortalModal
      opened
      onClose={onClose}
      title={`Ask for a hearing · ${violation.ruleTitle}`}
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
          <Text size="sm">
            A hearing is held before the association’s committee, which hears you before it decides.
            {until ? ` You may ask until ${formatDate(until)}${statute ? ` (${statute})` : ''}.` : ''}
          </Text>
          {note ? (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
          <Textarea
            label="Why do you ask for a hearing?"
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.field}
            data-autofocus
          />
          <FormError message={errors.form} />
          <Actions onCancel={onClose} isSaving={request.isPending} label="Ask for a hearing" />
        </Stack>
      </form>
    </PortalModal>
  );
}
