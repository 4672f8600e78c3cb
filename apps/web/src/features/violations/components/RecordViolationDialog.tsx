import {
  attachmentExtensions,
  maxViolationPhotos,
  type GeoPoint,
  type InspectionUnit,
  type ViolationList,
} from '@commonwise/contracts';
import { Alert, Button, FileButton, Group, Loader, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCamera } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { api, getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { AttachmentTray, useAttachmentDraft } from '../../attachments/index.ts';
import { confirmedRulesQueryOptions, useObserveAgain, useRecordViolation } from '../api.ts';

/** The photo types the server takes, as the contract lists them (".jpg, .png, …"). */
const photoTypes = attachmentExtensions.image.map((extension) => `.${extension}`).join(', ');

/** What the server said when the unit already has this rule open: the choice offered instead. */
interface AlreadyOpen {
  message: string;
  /** The open violation to add to; null when it could not be found (then only a separate one). */
  violationId: string | null;
}

/** The unit's open violation of the rule (the 409 names none): the newest, as the list sorts. */
async function findOpenViolation(unitId: string, ruleId: string): Promise<string | null> {
  const search = new URLSearchParams({ unitId, ruleId, status: 'open', limit: '1' });
  const list = await api.get<ViolationList>(`/api/violations?${search}`);
  return list.violations[0]?.id ?? null;
}

/**
 * Recording a violation at a unit, inside the inspector's open inspection (issue 21 item 2): a rule in
 * use, 1–10 photos (each uploaded as soon as it is chosen, to the inspection), a note. When the unit
 * already has that rule open, the person chooses: add the photos to the open violation, or record a
 * separate one with a reason.
 */
export function RecordViolationDialog({
  propertyId,
  inspectionId,
  unit,
  location,
  onClose,
}: {
  propertyId: string;
  inspectionId: string;
  unit: InspectionUnit;
  location: GeoPoint | null;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const rules = useQuery(confirmedRulesQueryOptions(propertyId));
  const photos = useAttachmentDraft({ inspectionId }, { max: maxViolationPhotos });
  const [ruleId, setRuleId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'ruleId' | 'photoIds' | 'note' | 'form', string>>>({});
  const [alreadyOpen, setAlreadyOpen] = useState<AlreadyOpen | null>(null);
  const [isSeparate, setIsSeparate] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const record = useRecordViolation(propertyId, inspectionId);
  const observe = useObserveAgain(propertyId, inspectionId);
  const isSaving = record.isPending || observe.isPending;
  const ruleTitle = rules.data?.find((rule) => rule.id === ruleId)?.title ?? '';

  const finish = (message: string) => {
    showSuccessToast(message);
    // The photos went with the violation: nothing to delete.
    photos.clear();
    onClose();
  };

  const onFailure = async (failure: unknown) => {
    if (isApiRequestError(failure) && failure.code === 'VIOLATION_ALREADY_OPEN' && !isSeparate) {
      const violationId = await findOpenViolation(unit.id, ruleId!).catch(() => null);
      setAlreadyOpen({ message: failure.message, violationId });
      setErrors({});
      return;
    }
    if (isApiRequestError(failure) && isSeparate && failure.fields?.duplicateReason) {
      setReasonError(failure.fields.duplicateReason);
      return;
    }
    const fields = isApiRequestError(failure) ? (failure.fields ?? {}) : {};
    const found: typeof errors = {};
    if (fields.ruleId) found.ruleId = fields.ruleId;
    if (fields.photoIds) found.photoIds = fields.photoIds;
    if (fields.note) found.note = fields.note;
    // The server's own words: it says what to do (choose a rule in use, start a new inspection, …).
    found.form = getErrorMessage(failure);
    setErrors(found);
  };

  const submit = (duplicateReason?: string) => {
    const found: typeof errors = {};
    if (!ruleId) found.ruleId = 'Choose a rule';
    if (photos.ids.length === 0) found.photoIds = 'Add at least one photo';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    record.mutate(
      {
        unitId: unit.id,
        ruleId: ruleId!,
        photoIds: photos.ids,
        note: note.trim() || undefined,
        ...(location ? { location } : {}),
        ...(duplicateReason ? { duplicateReason } : {}),
      },
      {
        onSuccess: () => finish(`Violation recorded at ${unit.label}: ${ruleTitle}`),
        onError: (failure) => void onFailure(failure),
      },
    );
  };

  const addToOpen = (violationId: string) =>
    observe.mutate(
      { violationId, input: { inspectionId, photoIds: photos.ids, note: note.trim() || undefined } },
      {
        onSuccess: () => finish(`Photos added to the open violation at ${unit.label}: ${ruleTitle}`),
        onError: (failure) => setErrors({ form: getErrorMessage(failure) }),
      },
    );

  const submitSeparate = () => {
    if (!reason.trim()) {
      setReasonError('Say why this is a separate violation');
      return;
    }
    setReasonError(null);
    submit(reason.trim());
  };

  /** Closed without recording: the uploaded photos are deleted, not left on the inspection. */
  const cancel = () => {
    for (const file of photos.files) photos.remove(file.key);
    onClose();
  };

  const ready = photos.ids.length;
  return (
    <PortalModal
      opened
      onClose={cancel}
      title={`Record violation · ${unit.label}`}
      size="lg"
      fullScreen={isNarrow}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (alreadyOpen && isSeparate) submitSeparate();
          else if (!alreadyOpen) submit();
        }}
        noValidate
      >
        <Stack gap="md">
          {rules.isPending ? (
            <Group gap="sm" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                Loading rules...
              </Text>
            </Group>
          ) : rules.isError ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              Failed to load the rules: {getErrorMessage(rules.error)}{' '}
              <Button size="compact-xs" variant="subtle" onClick={() => void rules.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : rules.data.length === 0 ? (
            <Alert color="yellow" variant="light" p="xs">
              No rules are in use yet. Confirm the association’s rules on its Rules page first.
            </Alert>
          ) : (
            <Select
              label="Rule"
              required
              placeholder="Search the rules in use"
              searchable
              nothingFoundMessage="No rule matches"
              data={rules.data.map((rule) => ({ value: rule.id, label: rule.title }))}
              value={ruleId}
              onChange={(value) => {
                setRuleId(value);
                setAlreadyOpen(null);
                setIsSeparate(false);
              }}
              error={errors.ruleId}
              disabled={alreadyOpen !== null}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          )}
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                Photos{' '}
                <Text span c="dimmed" size="sm">
                  ({ready} of up to {maxViolationPhotos})
                </Text>
              </Text>
              <FileButton
                onChange={(files) => {
                  photos.add(files);
                  setErrors((current) => ({ ...current, photoIds: undefined }));
                }}
                accept="image/*"
                capture="environment"
                multiple
                disabled={photos.files.length >= maxViolationPhotos || alreadyOpen !== null}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    size="sm"
                    leftSection={<IconCamera size={16} aria-hidden />}
                    disabled={photos.files.length >= maxViolationPhotos || alreadyOpen !== null}
                  >
                    Take or choose photos
                  </Button>
                )}
              </FileButton>
            </Group>
            <AttachmentTray draft={photos} label="Photos of the violation" />
            <Text size="xs" c="dimmed">
              Each photo uploads as soon as it is chosen ({photoTypes}); the time and place the camera
              recorded are kept as evidence.
            </Text>
            {errors.photoIds ? (
              <Text size="xs" c="red" role="alert">
                {errors.photoIds}
              </Text>
            ) : null}
          </Stack>
          <Textarea
            label="Note"
            placeholder="What you saw, where"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
            disabled={alreadyOpen !== null && !isSeparate}
          />
          {errors.form ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {errors.form}
            </Alert>
          ) : null}
          {alreadyOpen ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="Already open at this unit"
              role="alert"
            >
              <Stack gap="sm">
                <Text size="sm">{alreadyOpen.message}</Text>
                {isSeparate ? (
                  <>
                    <Textarea
                      label="Why is this a separate violation?"
                      required
                      autosize
                      minRows={2}
                      maxLength={500}
                      value={reason}
                      onChange={(event) => setReason(event.currentTarget.value)}
                      error={reasonError}
                      data-autofocus
                    />
                    <Group gap="sm" justify="flex-end">
                      <Button variant="default" onClick={() => setIsSeparate(false)} disabled={isSaving}>
                        Back
                      </Button>
                      <Button type="submit" color="orange" loading={record.isPending}>
                        Record separate violation
                      </Button>
                    </Group>
                  </>
                ) : (
                  <Group gap="sm">
                    {alreadyOpen.violationId ? (
                      <Button
                        onClick={() => addToOpen(alreadyOpen.violationId!)}
                        loading={observe.isPending}
                        disabled={record.isPending}
                      >
                        Add to the open violation
                      </Button>
                    ) : null}
                    <Button variant="default" onClick={() => setIsSeparate(true)} disabled={isSaving}>
                      Record a separate violation
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={isSaving}>
              Cancel
            </Button>
            {alreadyOpen ? null : (
              <Button type="submit" loading={record.isPending} disabled={photos.isUploading}>
                {photos.isUploading ? 'Uploading photos...' : 'Record violation'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
