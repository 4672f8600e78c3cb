import { arcCompletionRequirement, type ArcFileRequirement, type ArcRequest } from '@commonwise/contracts';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { myArcFileUrl, useReportArcCompletion } from '../api.ts';
import { arcPhotoAccept, arcPhotoRulesText, photoRefusalOf } from '../labels.ts';
import { FileRequirementRow } from './ArcFileUploads.tsx';
import { ArcFileLine, completionPhotosOf } from './ArcRequestParts.tsx';

const completionPhotos: ArcFileRequirement = {
  key: arcCompletionRequirement,
  label: 'Photos of the finished work',
  help: 'Show the whole of the finished project, so the association can check it against what was approved.',
};

/** What the owner's page says about finished work: reporting it, waiting for the inspection, its result. */
export const ownerCompletionTitle = (request: ArcRequest): string | null => {
  if (request.actions.includes('report_completion')) return 'Report the work finished';
  if (request.status === 'pending_inspection' || request.inspectionResult !== null) return 'Inspection';
  return null;
};

/**
 * The owner's end of an approved request (issue 22 item 4): photos of the finished work (pictures only,
 * refused before sending when they are not), a note, then "Report finished" — which waits for a photo,
 * as the server does. Then the inspection's due date, and its result.
 */
export function ArcCompletionSection({ request }: { request: ArcRequest }) {
  if (request.actions.includes('report_completion')) return <ReportForm request={request} />;
  const photos = completionPhotosOf(request);
  return (
    <Stack gap="sm">
      {request.status === 'pending_inspection' ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconClock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" fw={600}>
            {request.inspectionDueOn
              ? `Waiting for the inspection (due ${formatDate(request.inspectionDueOn)})`
              : 'Waiting for the inspection'}
          </Text>
        </Group>
      ) : null}
      {request.inspectionResult === 'pass' ? (
        <Alert color="green" variant="light" icon={<IconCheck size={18} aria-hidden />} title="Passed">
          The finished work passed the inspection
          {request.inspectedAt ? ` on ${formatDate(request.inspectedAt)}` : ''}. Your request is closed.
        </Alert>
      ) : request.inspectionResult === 'fail' ? (
        <Alert color="red" variant="light" icon={<IconX size={18} aria-hidden />} title="Did not pass">
          The finished work did not pass the inspection
          {request.inspectedAt ? ` on ${formatDate(request.inspectedAt)}` : ''}. The association will write to
          you about what must be put right.
          {request.inspectionNote ? ` The inspection found: ${request.inspectionNote}` : ''}
        </Alert>
      ) : null}
      {request.completionReportedAt ? (
        <Text size="sm" c="dimmed">
          You reported the work finished on {formatDate(request.completionReportedAt)}.
        </Text>
      ) : null}
      {photos.length > 0 ? (
        <Stack
          component="ul"
          gap={6}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Photos of the finished work"
        >
          {photos.map((file) => (
            <ArcFileLine key={file.id} file={file} url={myArcFileUrl(request.id, file.id)} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function ReportForm({ request }: { request: ArcRequest }) {
  const [note, setNote] = useState('');
  const report = useReportArcCompletion(request.id);
  const hasPhoto = completionPhotosOf(request).length > 0;
  const send = () =>
    report.mutate(
      { ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => showSuccessToast('Reported finished: the association will inspect the work') },
    );
  return (
    <Stack gap="sm">
      <Text size="sm">
        Once the work is done, add photos of it and report it finished. The association then inspects it
        against what was approved.
      </Text>
      <Text size="xs" c="dimmed">
        Each photo may be {arcPhotoRulesText}.
      </Text>
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        <FileRequirementRow
          request={request}
          requirement={completionPhotos}
          canUpload
          accept={arcPhotoAccept}
          refuse={photoRefusalOf}
        />
      </Stack>
      <Textarea
        label="Note (optional)"
        description="Anything the inspector should know: where to look, a detail that changed within the conditions."
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      {report.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {getErrorMessage(report.error)}
        </Alert>
      ) : null}
      <Group gap="sm" wrap="wrap" align="center">
        <Button
          onClick={send}
          disabled={!hasPhoto}
          loading={report.isPending}
          aria-describedby={hasPhoto ? undefined : 'arc-report-needs-photo'}
        >
          Report finished
        </Button>
        {hasPhoto ? null : (
          <Text size="sm" c="dimmed" id="arc-report-needs-photo">
            Add at least one photo first.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
