import { openViolationErrorField, type Unit, type ViolationComplaint } from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { unitsQueryOptions } from '../../units/api.ts';
import {
  confirmedRulesQueryOptions,
  useDismissComplaint,
  useVerifyComplaint,
  violationPagePath,
} from '../api.ts';

type Picked = { id: string; label: string };

const unitOption = (unit: Unit) => ({
  value: unit.id,
  label: unit.owners.length
    ? `${unit.label} · ${unit.owners.map((owner) => owner.fullName).join(', ')}`
    : unit.label,
});

/**
 * One of the association's units, searched on the server (by label and owner) as the person types; the
 * first units show before anything is typed.
 */
function ComplaintUnitPicker({
  propertyId,
  value,
  onChange,
  error,
}: {
  propertyId: string;
  value: Picked | null;
  onChange: (unit: Picked | null) => void;
  error: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // While a unit is chosen the box shows its option's label: that is not a new search.
  const isChosenLabel = value !== null && search.startsWith(value.label);
  const units = useQuery(
    unitsQueryOptions(propertyId, { q: isChosenLabel ? '' : debounced, page: 1, archived: false, limit: 20 }),
  );
  const options = (units.data?.units ?? []).map(unitOption);
  if (value && !options.some((option) => option.value === value.id))
    options.unshift({ value: value.id, label: value.label });
  return (
    <Select
      label="Unit complained about"
      required
      placeholder="Type a unit or an owner’s name"
      searchable
      data={options}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already, by owner names the label may not show in full.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        units.isFetching ? 'Searching...' : units.isError ? 'Failed to load the units' : 'No unit matches'
      }
      rightSection={units.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      onChange={(id) => {
        const unit = units.data?.units.find((candidate) => candidate.id === id);
        onChange(id ? { id, label: unit?.label ?? value?.label ?? '' } : null);
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
      clearable
      data-autofocus
    />
  );
}

/** A datetime-local value ("2026-11-20T21:30") for a moment, in the browser's time zone. */
const localInputValue = (at: Date) => format(at, "yyyy-MM-dd'T'HH:mm");

type VerifyErrors = Partial<Record<'unitId' | 'ruleId' | 'note' | 'observedAt' | 'form', string>>;

/**
 * Verifying a complaint (issue 21 item 3): the manager names the unit and the rule in use, says what they
 * saw themselves, and the server records the violation. When the unit already has that rule open, the
 * answer links to it.
 */
export function VerifyComplaintDialog({
  complaint,
  onClose,
}: {
  complaint: ViolationComplaint;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const rules = useQuery(confirmedRulesQueryOptions(complaint.propertyId));
  const verify = useVerifyComplaint();
  const [unit, setUnit] = useState<Picked | null>(complaint.unit);
  const [ruleId, setRuleId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [observedAt, setObservedAt] = useState('');
  const [errors, setErrors] = useState<VerifyErrors>({});
  const [openViolationId, setOpenViolationId] = useState<string | null>(null);

  const submit = () => {
    const found: VerifyErrors = {};
    if (!unit) found.unitId = 'Choose a unit';
    if (!ruleId) found.ruleId = 'Choose a rule';
    if (!note.trim()) found.note = 'Say what you verified';
    const at = observedAt ? new Date(observedAt) : null;
    if (at && Number.isNaN(at.getTime())) found.observedAt = 'Enter a date and time';
    else if (at && at.getTime() > Date.now()) found.observedAt = 'Choose a time that has passed';
    setErrors(found);
    setOpenViolationId(null);
    if (Object.keys(found).length > 0) return;
    verify.mutate(
      {
        complaintId: complaint.id,
        input: {
          unitId: unit!.id,
          ruleId: ruleId!,
          note: note.trim(),
          ...(at ? { observedAt: at.toISOString() } : {}),
        },
      },
      {
        onSuccess: () => {
          showSuccessToast(`Violation recorded at unit ${unit!.label}`);
          onClose();
        },
        onError: (failure) => {
          const fields = isApiRequestError(failure) ? (failure.fields ?? {}) : {};
          if (isApiRequestError(failure) && failure.code === 'VIOLATION_ALREADY_OPEN')
            setOpenViolationId(fields[openViolationErrorField] ?? null);
          const found: VerifyErrors = { form: getErrorMessage(failure) };
          // The message says the unit already has the rule open: it is shown with the link, once.
          if (fields.unitId && !fields[openViolationErrorField]) found.unitId = fields.unitId;
          if (fields.ruleId) found.ruleId = fields.ruleId;
          if (fields.note) found.note = fields.note;
          if (fields.observedAt) found.observedAt = fields.observedAt;
          setErrors(found);
        },
      },
    );
  };

  return (
    <PortalModal
      opened
      onClose={onClose}
      title="Verify and record violation"
      size="lg"
      fullScreen={isNarrow}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            “{complaint.text}”
          </Text>
          <ComplaintUnitPicker
            propertyId={complaint.propertyId}
            value={unit}
            onChange={(next) => {
              setUnit(next);
              setOpenViolationId(null);
            }}
            error={errors.unitId}
          />
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
                setOpenViolationId(null);
              }}
              error={errors.ruleId}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Textarea
            label="What you verified"
            description="The owner sees this note on the violation’s timeline: describe what you saw, and do not name who complained."
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
          />
          <TextInput
            type="datetime-local"
            label="When you saw it"
            description="Leave empty for now."
            value={observedAt}
            max={localInputValue(new Date())}
            onChange={(event) => setObservedAt(event.currentTarget.value)}
            error={errors.observedAt}
          />
          {errors.form ? (
            <Alert
              color={openViolationId ? 'orange' : 'red'}
              variant="light"
              role="alert"
              p="xs"
              icon={openViolationId ? <IconAlertTriangle size={18} aria-hidden /> : undefined}
            >
              <Stack gap={4}>
                <Text size="sm">{errors.form}</Text>
                {openViolationId ? (
                  <Anchor component={Link} to={violationPagePath(openViolationId)} size="sm" fw={600}>
                    Open the open violation
                  </Anchor>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={verify.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={verify.isPending}>
              Record violation
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

/** Dismissing a complaint: the manager says why (kept with the complaint; the reporter is told only that it was reviewed). */
export function DismissComplaintDialog({
  complaint,
  onClose,
}: {
  complaint: ViolationComplaint;
  onClose: () => void;
}) {
  const dismiss = useDismissComplaint();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    if (!note.trim()) {
      setError('Say why');
      return;
    }
    setError(null);
    setFormError(null);
    dismiss.mutate(
      { complaintId: complaint.id, input: { note: note.trim() } },
      {
        onSuccess: () => {
          showSuccessToast('Complaint dismissed');
          onClose();
        },
        onError: (failure) => {
          if (isApiRequestError(failure) && failure.fields?.note) setError(failure.fields.note);
          else setFormError(getErrorMessage(failure));
        },
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title="Dismiss complaint" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Textarea
            label="Why"
            description="Kept with the complaint. The resident is told only that a manager reviewed it."
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {formError ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={dismiss.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={dismiss.isPending}>
              Dismiss complaint
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
