import {
  arcProjectKindLabels,
  type ArcCheckOp,
  type ArcFieldKind,
  type ArcProjectKind,
  type ArcProjectType,
  type ArcUnit,
  clauseNumberLabel,
} from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { confirmedRulesQueryOptions, violationRulesPagePath } from '../../violations/api.ts';
import { useSaveProjectType } from '../api.ts';
import { arcCheckOpOptions, arcFieldKindOptions, arcKindOptions, arcUnitOptions } from '../labels.ts';
import {
  draftOf,
  emptyCheck,
  emptyField,
  emptyFile,
  errorAt,
  inputOf,
  keysOf,
  usesLimit,
  usesValues,
  type CheckDraft,
  type FieldDraft,
  type FileDraft,
  type ProjectTypeDraft,
} from './project-type-draft.ts';

type Errors = Record<string, string>;

/** Moves an item of a list one place up (-1) or down (+1). */
function move<T>(items: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return items;
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The paths the dialog shows an error beside; any other of the server's goes above the buttons. */
const shownPath =
  /^(kind|name|description|feeCents|reviewDays|reviewDaysSource|fields|files|checks)$|^(fields|files|checks)\.\d+\.(key|label|kind|unit|options|help|ruleId|op|field|limit|values)(\.\d+)?$/;

/**
 * A project type as a manager sets it up (issue 22 item 1): its name, description, fee and review
 * window (with where the number of days comes from); the form an owner fills in, the files they send,
 * and the guideline checks — each resting on one of the association's confirmed rules, comparing a
 * field with a limit or a list of values, or left to the committee's judgment. Keys come from labels.
 */
export function ProjectTypeDialog({
  propertyId,
  type,
  onClose,
}: {
  propertyId: string;
  type: ArcProjectType | null;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [draft, setDraft] = useState<ProjectTypeDraft>(() => draftOf(type));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveProjectType(propertyId);
  const rules = useQuery(confirmedRulesQueryOptions(propertyId));

  const set = (change: Partial<ProjectTypeDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setItem = <K extends 'fields' | 'files' | 'checks'>(
    list: K,
    id: string,
    change: Partial<ProjectTypeDraft[K][number]>,
  ) =>
    setDraft((current) => ({
      ...current,
      [list]: (current[list] as ProjectTypeDraft[K][number][]).map((item) =>
        item.id === id ? { ...item, ...change } : item,
      ),
    }));
  const removeItem = (list: 'fields' | 'files' | 'checks', id: string) =>
    setDraft((current) => ({
      ...current,
      [list]: (current[list] as { id: string }[]).filter((item) => item.id !== id),
      // A check on a removed field no longer reads it.
      ...(list === 'fields'
        ? {
            checks: current.checks.map((check) =>
              check.fieldId === id ? { ...check, fieldId: null } : check,
            ),
          }
        : {}),
    }));
  const moveItem = (list: 'fields' | 'files' | 'checks', index: number, delta: -1 | 1) =>
    setDraft((current) => ({ ...current, [list]: move(current[list] as unknown[], index, delta) }));

  const submit = () => {
    const { input, errors: found } = inputOf(draft);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      setFormError('Please correct the highlighted fields.');
      return;
    }
    save.mutate(
      { typeId: type?.id ?? null, input },
      {
        onSuccess: (saved) => {
          showSuccessToast(
            type ? `Project type “${saved.name}” saved` : `Project type “${saved.name}” added`,
          );
          onClose();
        },
        onError: (failure) => {
          const fields = isApiRequestError(failure) ? (failure.fields ?? {}) : {};
          setErrors(fields);
          const hidden = Object.keys(fields).filter((key) => !shownPath.test(key));
          setFormError(
            Object.keys(fields).length === 0 || hidden.length > 0
              ? [getErrorMessage(failure), ...hidden.map((key) => fields[key])].join(' ')
              : 'Please correct the highlighted fields.',
          );
        },
      },
    );
  };

  const fieldKeys = keysOf(draft.fields, 'field');
  const fileKeys = keysOf(draft.files, 'file');
  const checkKeys = keysOf(draft.checks, 'check');
  const ruleOptions = (rules.data ?? []).map((rule) => ({
    value: rule.id,
    label: `${rule.title}${rule.clause.sectionNumber ? ` (${clauseNumberLabel(rule.clause.sectionNumber)})` : ''}`,
  }));

  return (
    <PortalModal
      opened
      onClose={onClose}
      title={type ? `Edit ${type.name}` : 'Add a project type'}
      size="xl"
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
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Kind of project"
              required
              placeholder="Choose a kind"
              data={arcKindOptions}
              value={draft.kind}
              onChange={(value) => {
                const kind = value as ArcProjectKind | null;
                // A new type takes its kind's name until one is typed.
                set(
                  !type && kind && draft.name === '' ? { kind, name: arcProjectKindLabels[kind] } : { kind },
                );
              }}
              error={errors.kind}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
            <TextInput
              label="Name"
              required
              value={draft.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={errors.name}
              maxLength={120}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            description="What owners read when they choose the project."
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            value={draft.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
            error={errors.description}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Fee"
              description="In dollars; blank for no fee"
              leftSection={<Text size="sm">$</Text>}
              inputMode="decimal"
              value={draft.feeText}
              onChange={(event) => set({ feeText: event.currentTarget.value })}
              error={errors.feeCents}
            />
            <NumberInput
              label="Review window (days)"
              description="From the day the request is complete"
              min={1}
              max={365}
              allowDecimal={false}
              value={draft.reviewDays}
              onChange={(value) => set({ reviewDays: value })}
              error={errors.reviewDays}
            />
            <TextInput
              label="Where the number of days comes from"
              description="For example “CC&Rs §7.3”"
              required={draft.reviewDays !== ''}
              value={draft.reviewDaysSource}
              onChange={(event) => set({ reviewDaysSource: event.currentTarget.value })}
              error={errors.reviewDaysSource}
              maxLength={200}
            />
          </SimpleGrid>
          <Switch
            label="Active: owners can choose it"
            checked={draft.active}
            onChange={(event) => set({ active: event.currentTarget.checked })}
          />

          <EditorSection
            title="Questions on the form"
            description="What an owner answers. A number has a unit; a choice has its options."
            error={errors.fields}
            addLabel="Add a question"
            onAdd={() => set({ fields: [...draft.fields, emptyField()] })}
            isFull={draft.fields.length >= 20}
          >
            {draft.fields.map((field, index) => (
              <ItemFieldset
                key={field.id}
                legend={`Question ${index + 1}${field.label.trim() ? `: ${field.label.trim()}` : ''}`}
                itemKey={fieldKeys[index]!}
                index={index}
                count={draft.fields.length}
                onMove={(delta) => moveItem('fields', index, delta)}
                onRemove={() => removeItem('fields', field.id)}
              >
                <FieldEditor
                  field={field}
                  at={`fields.${index}`}
                  errors={errors}
                  onChange={(change) => setItem('fields', field.id, change)}
                />
              </ItemFieldset>
            ))}
          </EditorSection>

          <EditorSection
            title="Files to send"
            description="A drawing, a survey, a contractor’s quote, a colour sample…"
            error={errors.files}
            addLabel="Add a file"
            onAdd={() => set({ files: [...draft.files, emptyFile()] })}
            isFull={draft.files.length >= 10}
          >
            {draft.files.map((file, index) => (
              <ItemFieldset
                key={file.id}
                legend={`File ${index + 1}${file.label.trim() ? `: ${file.label.trim()}` : ''}`}
                itemKey={fileKeys[index]!}
                index={index}
                count={draft.files.length}
                onMove={(delta) => moveItem('files', index, delta)}
                onRemove={() => removeItem('files', file.id)}
              >
                <FileEditor
                  file={file}
                  at={`files.${index}`}
                  errors={errors}
                  onChange={(change) => setItem('files', file.id, change)}
                />
              </ItemFieldset>
            ))}
          </EditorSection>

          <EditorSection
            title="Guideline checks"
            description="Each rests on one of the association’s confirmed rules. A limit or a list is compared as written; anything aesthetic is left to the committee’s judgment."
            error={errors.checks}
            addLabel="Add a check"
            onAdd={() => set({ checks: [...draft.checks, emptyCheck()] })}
            isFull={draft.checks.length >= 20}
          >
            {rules.isSuccess && ruleOptions.length === 0 ? (
              <Alert color="yellow" variant="light" p="xs" role="note">
                <Text size="sm">
                  The association has no confirmed rules yet. A check quotes the rule it rests on:{' '}
                  <Anchor component={Link} to={violationRulesPagePath(propertyId)} size="sm">
                    confirm its rules first
                  </Anchor>
                  .
                </Text>
              </Alert>
            ) : null}
            {draft.checks.map((check, index) => (
              <ItemFieldset
                key={check.id}
                legend={`Check ${index + 1}${check.label.trim() ? `: ${check.label.trim()}` : ''}`}
                itemKey={checkKeys[index]!}
                index={index}
                count={draft.checks.length}
                onMove={(delta) => moveItem('checks', index, delta)}
                onRemove={() => removeItem('checks', check.id)}
              >
                <CheckEditor
                  check={check}
                  at={`checks.${index}`}
                  errors={errors}
                  fields={draft.fields}
                  ruleOptions={ruleOptions}
                  rulesState={rules.isPending ? 'loading' : rules.isError ? 'failed' : 'ready'}
                  onChange={(change) => setItem('checks', check.id, change)}
                />
              </ItemFieldset>
            ))}
          </EditorSection>

          {formError ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {type ? 'Save project type' : 'Add project type'}
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

function EditorSection({
  title,
  description,
  error,
  addLabel,
  onAdd,
  isFull,
  children,
}: {
  title: string;
  description: string;
  error: string | undefined;
  addLabel: string;
  onAdd: () => void;
  isFull: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <div>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
      </div>
      {children}
      <Group>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onAdd}
          disabled={isFull}
        >
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** One item of a list, with its key and the buttons to move it and remove it. */
function ItemFieldset({
  legend,
  itemKey,
  index,
  count,
  onMove,
  onRemove,
  children,
}: {
  legend: string;
  itemKey: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Fieldset legend={legend} radius="md" p="sm" style={{ minWidth: 0 }}>
      <Stack gap="sm">
        {children}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Key: {itemKey}
          </Text>
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              onClick={() => onMove(-1)}
              disabled={index === 0}
              aria-label={`Move ${legend} up`}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              onClick={() => onMove(1)}
              disabled={index === count - 1}
              aria-label={`Move ${legend} down`}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${legend}`}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>
    </Fieldset>
  );
}

function FieldEditor({
  field,
  at,
  errors,
  onChange,
}: {
  field: FieldDraft;
  at: string;
  errors: Errors;
  onChange: (change: Partial<FieldDraft>) => void;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Label"
          required
          value={field.label}
          onChange={(event) => onChange({ label: event.currentTarget.value })}
          error={errorAt(errors, `${at}.label`) ?? errorAt(errors, `${at}.key`)}
          maxLength={120}
        />
        <Select
          label="Answer"
          data={arcFieldKindOptions}
          value={field.kind}
          onChange={(value) => value && onChange({ kind: value as ArcFieldKind })}
          error={errorAt(errors, `${at}.kind`)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {field.kind === 'number' ? (
          <Select
            label="Unit"
            placeholder="No unit"
            data={arcUnitOptions}
            value={field.unit}
            onChange={(value) => onChange({ unit: value as ArcUnit | null })}
            error={errorAt(errors, `${at}.unit`)}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
      </SimpleGrid>
      {field.kind === 'choice' ? (
        <Textarea
          label="Options"
          description="One per line; at least two"
          required
          autosize
          minRows={2}
          maxRows={8}
          value={field.optionsText}
          onChange={(event) => onChange({ optionsText: event.currentTarget.value })}
          error={errorAt(errors, `${at}.options`)}
        />
      ) : null}
      <TextInput
        label="Help"
        description="A hint shown under the question"
        value={field.help}
        onChange={(event) => onChange({ help: event.currentTarget.value })}
        error={errorAt(errors, `${at}.help`)}
        maxLength={300}
      />
      <Checkbox
        label="Required: the request stays incomplete without it"
        checked={field.required}
        onChange={(event) => onChange({ required: event.currentTarget.checked })}
      />
    </>
  );
}

function FileEditor({
  file,
  at,
  errors,
  onChange,
}: {
  file: FileDraft;
  at: string;
  errors: Errors;
  onChange: (change: Partial<FileDraft>) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Label"
        required
        value={file.label}
        onChange={(event) => onChange({ label: event.currentTarget.value })}
        error={errorAt(errors, `${at}.label`) ?? errorAt(errors, `${at}.key`)}
        maxLength={120}
      />
      <TextInput
        label="Help"
        description="What it should show"
        value={file.help}
        onChange={(event) => onChange({ help: event.currentTarget.value })}
        error={errorAt(errors, `${at}.help`)}
        maxLength={300}
      />
    </SimpleGrid>
  );
}

function CheckEditor({
  check,
  at,
  errors,
  fields,
  ruleOptions,
  rulesState,
  onChange,
}: {
  check: CheckDraft;
  at: string;
  errors: Errors;
  fields: FieldDraft[];
  ruleOptions: { value: string; label: string }[];
  rulesState: 'loading' | 'failed' | 'ready';
  onChange: (change: Partial<CheckDraft>) => void;
}) {
  const readable = fields.filter((field) => (usesLimit(check.op) ? field.kind === 'number' : true));
  const fieldOptions = readable.map((field, index) => ({
    value: field.id,
    label: field.label.trim() || `Question ${fields.indexOf(field) + 1 || index + 1}`,
  }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Label"
          required
          description="What it checks, like “Fence height”"
          value={check.label}
          onChange={(event) => onChange({ label: event.currentTarget.value })}
          error={errorAt(errors, `${at}.label`) ?? errorAt(errors, `${at}.key`)}
          maxLength={200}
        />
        <Select
          label="Rule"
          required
          description="The confirmed rule whose clause it quotes"
          placeholder={
            rulesState === 'loading'
              ? 'Loading rules...'
              : rulesState === 'failed'
                ? 'Failed to load rules'
                : 'Choose a rule'
          }
          data={ruleOptions}
          value={check.ruleId}
          onChange={(value) => onChange({ ruleId: value })}
          error={errorAt(errors, `${at}.ruleId`)}
          searchable
          nothingFoundMessage="No rule matches"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Comparison"
          data={arcCheckOpOptions}
          value={check.op}
          onChange={(value) => value && onChange({ op: value as ArcCheckOp })}
          error={errorAt(errors, `${at}.op`)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {check.op === 'judgment' ? (
          <Text size="sm" c="dimmed" mt={{ sm: 28 }}>
            Always shown to the committee as “Needs judgment”.
          </Text>
        ) : (
          <Select
            label="Question it reads"
            required
            placeholder={fieldOptions.length === 0 ? 'Add a question first' : 'Choose a question'}
            data={fieldOptions}
            value={readable.some((field) => field.id === check.fieldId) ? check.fieldId : null}
            onChange={(value) => {
              const field = fields.find((one) => one.id === value);
              // A limit takes the unit of the number it is compared with.
              onChange({
                fieldId: value,
                ...(field?.unit && check.unit === null ? { unit: field.unit } : {}),
              });
            }}
            error={errorAt(errors, `${at}.field`)}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </SimpleGrid>
      {usesLimit(check.op) ? (
        <SimpleGrid cols={{ base: 2 }} spacing="sm">
          <NumberInput
            label="Limit"
            required
            value={check.limit}
            onChange={(value) => onChange({ limit: value })}
            error={errorAt(errors, `${at}.limit`)}
            decimalScale={2}
          />
          <Select
            label="Unit"
            placeholder="No unit"
            data={arcUnitOptions}
            value={check.unit}
            onChange={(value) => onChange({ unit: value as ArcUnit | null })}
            error={errorAt(errors, `${at}.unit`)}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      ) : null}
      {usesValues(check.op) ? (
        <Textarea
          label="Values"
          description="One per line, like “wood” and “vinyl”"
          required
          autosize
          minRows={2}
          maxRows={8}
          value={check.valuesText}
          onChange={(event) => onChange({ valuesText: event.currentTarget.value })}
          error={errorAt(errors, `${at}.values`)}
        />
      ) : null}
    </>
  );
}
