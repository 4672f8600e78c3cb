import { clauseNumberLabel, type ArcRequest, type InspectArcRequestInput } from '@commonwise/contracts';
import { Alert, Anchor, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { confirmedRulesQueryOptions, violationPagePath } from '../../violations/api.ts';
import { arcFileUrl, useInspectArcRequest } from '../api.ts';
import { useOpensStaffPages } from './ArcDecisionSummary.tsx';
import { ArcFileLine, completionPhotosOf } from './ArcRequestParts.tsx';

type Result = InspectArcRequestInput['result'];

/** Whether the page has anything to say about finished work: a report, an inspection to do or done. */
export const hasInspectionPart = (request: ArcRequest) =>
  request.completionReportedAt !== null ||
  request.inspectionResult !== null ||
  request.status === 'pending_inspection';

/**
 * The finished work and its inspection (issue 22 item 4), for the reviewers: the owner's completion
 * report with its photos, and — for those who may inspect — pass or fail. A pass closes the request; a
 * fail needs what is wrong (it becomes the violation's description) and opens a violation, linked here.
 */
export function ArcInspectionPanel({ request }: { request: ArcRequest }) {
  const photos = completionPhotosOf(request);
  const canPass = request.status === 'pending_inspection' && request.actions.includes('pass_inspection');
  const canFail = request.status === 'pending_inspection' && request.actions.includes('fail_inspection');
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {request.completionReportedAt
            ? `The owner reported the work finished on ${formatDate(request.completionReportedAt)}.`
            : 'The owner has not reported the work finished yet.'}
        </Text>
        {request.completionNote ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {`The owner adds: ${request.completionNote}`}
          </Text>
        ) : null}
        {request.status === 'pending_inspection' ? (
          <Text size="sm">
            {request.inspectionDueOn
              ? `Inspection due ${formatDate(request.inspectionDueOn)}.`
              : 'Waiting for the inspection.'}
          </Text>
        ) : null}
      </Stack>
      {photos.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Photos of the finished work
          </Text>
          <Stack
            component="ul"
            gap={6}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Photos of the finished work"
          >
            {photos.map((file) => (
              <ArcFileLine
                key={file.id}
                file={file}
                url={arcFileUrl(request.propertyId, request.id, file.id)}
              />
            ))}
          </Stack>
        </Stack>
      ) : request.completionReportedAt ? (
        <Text size="sm" c="dimmed">
          No photos were sent with the report.
        </Text>
      ) : null}
      {canPass || canFail ? <InspectForm request={request} canPass={canPass} canFail={canFail} /> : null}
      <InspectionResult request={request} />
    </Stack>
  );
}

function InspectionResult({ request }: { request: ArcRequest }) {
  const opensViolations = useOpensStaffPages();
  if (!request.inspectionResult) return null;
  const on = request.inspectedAt ? ` on ${formatDate(request.inspectedAt)}` : '';
  if (request.inspectionResult === 'pass')
    return (
      <Alert color="green" variant="light" icon={<IconCheck size={18} aria-hidden />} title="Passed">
        The work passed the inspection{on}. The request is closed.
        {request.inspectionNote ? ` ${request.inspectionNote}` : ''}
      </Alert>
    );
  return (
    <Alert color="red" variant="light" icon={<IconX size={18} aria-hidden />} title="Failed">
      <Stack gap={4}>
        <Text size="sm">
          The work failed the inspection{on}. The request is closed
          {request.violationId ? ', and a violation was opened.' : '.'}
        </Text>
        {request.inspectionNote ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{`Found: ${request.inspectionNote}`}</Text>
        ) : null}
        {request.violationId && opensViolations ? (
          <Anchor component={Link} to={violationPagePath(request.violationId)} size="sm" fw={600}>
            Open the violation
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}

function InspectForm({
  request,
  canPass,
  canFail,
}: {
  request: ArcRequest;
  canPass: boolean;
  canFail: boolean;
}) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [ruleId, setRuleId] = useState<string | null>(null);
  const [ruleError, setRuleError] = useState<string | null>(null);
  // A failed inspection is recorded as a violation of one of the association's rules in use.
  const rules = useQuery({ ...confirmedRulesQueryOptions(request.propertyId), enabled: canFail });
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Result | null>(null);
  const inspect = useInspectArcRequest(request.propertyId, request.id);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const ask = (result: Result) => {
    setFormError(null);
    if (result === 'fail' && !note.trim()) {
      setNoteError('Say what is wrong before failing the work');
      noteRef.current?.focus();
      return;
    }
    setNoteError(null);
    if (result === 'fail' && !ruleId) {
      setRuleError('Choose the rule the work breaks');
      return;
    }
    setRuleError(null);
    setConfirming(result);
  };
  const send = () => {
    if (!confirming) return;
    const result = confirming;
    inspect.mutate(
      {
        result,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(result === 'fail' && ruleId ? { ruleId } : {}),
      },
      {
        onSuccess: () => {
          setConfirming(null);
          showSuccessToast(
            result === 'pass'
              ? 'Inspection passed: the request is closed'
              : 'Inspection failed: a violation was opened',
          );
        },
        onError: (failure) => {
          setConfirming(null);
          if (isApiRequestError(failure)) {
            if (failure.fields?.ruleId) setRuleError(failure.fields.ruleId);
            if (failure.fields?.note) {
              setNoteError(failure.fields.note);
              noteRef.current?.focus();
            } else if (failure.code === 'NOTE_REQUIRED') {
              setNoteError(failure.message);
              noteRef.current?.focus();
            }
            setFormError(failure.message);
            // The request is read again and this form may go with it: the refusal stays said in a toast.
            if (failure.code === 'REQUEST_NOT_CHANGEABLE')
              showFailureToast('The inspection could not be recorded', failure);
          } else setFormError('Something went wrong. Please try again.');
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Textarea
        ref={noteRef}
        label="What the inspection found"
        description="Required to fail the work: it becomes the violation’s description. For a pass, an optional note."
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={noteError}
      />
      {canFail ? (
        <Select
          label="Rule the work breaks"
          description="Required to fail the work: the violation is recorded under it."
          placeholder={rules.isPending ? 'Loading the rules…' : 'Choose a rule'}
          data={(rules.data ?? []).map((rule) => ({
            value: rule.id,
            label: rule.clause.sectionNumber
              ? `${clauseNumberLabel(rule.clause.sectionNumber, '§')} ${rule.title}`
              : rule.title,
          }))}
          value={ruleId}
          onChange={setRuleId}
          searchable
          nothingFoundMessage="No rule in use matches"
          error={
            ruleError ??
            (rules.isError
              ? 'The association’s rules could not be loaded: failing the work needs one.'
              : null)
          }
        />
      ) : null}
      {formError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {formError}
        </Alert>
      ) : null}
      <Group gap="sm" wrap="wrap">
        {canPass ? (
          // Light, as Fail: white on Mantine's filled green is under 3:1.
          <Button
            color="green"
            variant="light"
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => ask('pass')}
          >
            Pass
          </Button>
        ) : null}
        {canFail ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => ask('fail')}
          >
            Fail
          </Button>
        ) : null}
      </Group>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming === 'fail' ? 'Fail the inspection?' : 'Pass the inspection?'}
        confirmLabel={confirming === 'fail' ? 'Fail and open a violation' : 'Pass and close'}
        // Shades whose white text reaches 4.5:1 (the default red and green do not).
        confirmColor={confirming === 'fail' ? 'red.9' : 'blue.8'}
        isConfirming={inspect.isPending}
        onConfirm={send}
        onClose={() => setConfirming(null)}
      >
        {confirming === 'fail'
          ? `The request “${request.title}” is closed and a violation is opened for unit ${request.unit.label}, saying what is wrong.`
          : `The finished work of “${request.title}” passed: the request is closed.`}
      </ConfirmDialog>
    </Stack>
  );
}
