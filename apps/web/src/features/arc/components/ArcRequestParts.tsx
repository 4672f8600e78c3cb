import {
  arcCompletionRequirement,
  arcRequestStatusLabels,
  type ArcFile,
  type ArcRequest,
  type ArcRequestSummary,
} from '@commonwise/contracts';
import { ActionIcon, Alert, Anchor, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCalendarCheck, IconDownload, IconFileText } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { downloadArcFile } from '../api.ts';
import { answerText, arcStatusColors, completeText, formatBytes, listInWords } from '../labels.ts';

/** The request's status in words (the colour only repeats them). */
export function ArcStatusBadge({ status }: { status: ArcRequestSummary['status'] }) {
  return (
    <Badge variant="light" color={arcStatusColors[status]} style={{ flexShrink: 0 }}>
      {arcRequestStatusLabels[status]}
    </Badge>
  );
}

/** Undecided on or after its due date: said in words (the product never approves by itself). */
export function DeadlinePassedBadge() {
  return (
    // Shade 9: white on the default filled red is 3.9:1, under what small text needs (4.5:1).
    <Badge variant="filled" color="red.9" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      Deadline passed
    </Badge>
  );
}

/** The due date for a list row: the date, or a dash before the request is complete. */
export function DueDate({ request }: { request: ArcRequestSummary }) {
  if (!request.decisionDueOn)
    return (
      <Text span size="sm" c="dimmed">
        {request.completeAt ? 'No review window' : 'Not complete yet'}
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap" component="span">
      <Text span size="sm">
        {formatDate(request.decisionDueOn)}
      </Text>
      {request.deadlinePassed ? <DeadlinePassedBadge /> : null}
    </Group>
  );
}

/**
 * Where the request stands, in a sentence: what is still needed while it is incomplete; once complete,
 * when it was and when the decision is due, with where that number of days comes from.
 */
export function ArcStandingLine({ request, forOwner }: { request: ArcRequest; forOwner: boolean }) {
  const missing = request.missing.map((item) => item.label);
  const complete = completeText(request);
  const lines: ReactNode[] = [];
  if (request.status === 'withdrawn')
    lines.push(
      <Text key="withdrawn" size="sm">
        {forOwner ? 'You withdrew this request.' : 'The owner withdrew this request.'}
      </Text>,
    );
  if (request.status === 'more_information')
    lines.push(
      <Text key="more" size="sm" fw={600}>
        {forOwner
          ? 'The committee asked for more information. Change your answers or add files below; the review window starts again once your request is complete.'
          : 'The committee asked the owner for more information.'}
      </Text>,
    );
  if (request.status === 'more_information' && request.moreInformationNote)
    lines.push(
      <Text key="asked" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {`What ${forOwner ? 'to send' : 'the committee asked for'}: ${request.moreInformationNote}`}
      </Text>,
    );
  if (complete && request.status !== 'withdrawn')
    lines.push(
      <Group key="complete" gap={6} wrap="nowrap" align="flex-start">
        <IconCalendarCheck size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" fw={600}>
          {complete}
        </Text>
      </Group>,
    );
  if (request.deadlinePassed)
    lines.push(
      <Alert
        key="deadline"
        color="red"
        variant="light"
        p="xs"
        role="note"
        icon={<IconAlertTriangle size={18} aria-hidden />}
      >
        <Text size="sm">
          Deadline passed: no decision was taken by {formatDate(request.decisionDueOn!)}. Nothing is approved
          by itself — what a missed deadline means is for the association’s documents and its people to say.
        </Text>
      </Alert>,
    );
  return (
    <Stack gap="xs">
      {/* Polite: an upload that completes the request is announced without moving focus. */}
      <div role="status" aria-live="polite">
        {missing.length > 0 && request.status !== 'withdrawn' ? (
          <Alert
            color="orange"
            variant="light"
            p="xs"
            role="none"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            <Text size="sm" fw={600}>
              Still needed: {listInWords(missing)}
            </Text>
            <Text size="xs">
              {forOwner
                ? 'Your request stays incomplete, and its review window does not start, until these are in.'
                : 'The request stays incomplete until the owner sends these.'}
            </Text>
          </Alert>
        ) : null}
      </div>
      {lines}
    </Stack>
  );
}

/** The photos of finished work the owner sent with the completion report. */
export const completionPhotosOf = (request: ArcRequest) =>
  request.files.filter((file) => file.requirement === arcCompletionRequirement);

/** The answers to the project type's form, as label and value pairs. */
export function AnswersList({ request }: { request: ArcRequest }) {
  if (request.fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This project type asks no questions.
      </Text>
    );
  return (
    <Stack component="dl" gap="xs" m={0}>
      {request.fields.map((field) => (
        <Group key={field.key} gap="sm" wrap="wrap" align="baseline">
          <Text component="dt" size="sm" c="dimmed" style={{ flex: '0 1 14rem' }}>
            {field.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ flex: '1 1 10rem', overflowWrap: 'anywhere' }}>
            {answerText(field, request.answers[field.key])}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** One file: its name opens it in a new tab; a button downloads it; its size, revision and day. */
export function ArcFileLine({ file, url }: { file: ArcFile; url: string }) {
  const [error, setError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadArcFile(url, file.fileName);
      setError(null);
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Stack gap={2} component="li" style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap" align="center">
        <IconFileText size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Anchor
          href={url}
          target="_blank"
          rel="noopener"
          size="sm"
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {file.fileName}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
        <Tooltip label={`Download ${file.fileName}`}>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => void download()}
            loading={isDownloading}
            aria-label={`Download ${file.fileName}`}
          >
            <IconDownload size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="xs" c="dimmed" pl={22}>
        {formatBytes(file.sizeBytes)} · revision {file.revision} · {formatDate(file.uploadedAt)}
      </Text>
      {error ? (
        <Text size="xs" c="red.8" role="alert" pl={22}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What changed since the request was first complete: each revision with its day and note. */
export function RevisionsList({ request }: { request: ArcRequest }) {
  if (request.revisions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No revisions: this is the request as first sent (revision {request.revision}).
      </Text>
    );
  return (
    <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {request.revisions.map((revision) => (
        <Stack component="li" key={revision.revision} gap={0}>
          <Text size="sm" fw={600}>
            Revision {revision.revision}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              · {formatDateTime(revision.at)}
            </Text>
          </Text>
          {revision.note ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {revision.note}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

/** A label and value in a facts grid. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The failure of a write, in the server's words. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" p="xs">
      {typeof error === 'string' ? error : getErrorMessage(error)}
    </Alert>
  );
}
