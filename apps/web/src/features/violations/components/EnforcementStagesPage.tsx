import {
  enforcementPolicyInputSchema,
  maxStages,
  stageApproverLabels,
  stageApprovers,
  stageKindLabels,
  stageKinds,
  type EnforcementPolicy,
  type EnforcementStage,
  type StageApprover,
  type StageKind,
} from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Fieldset,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconDeviceFloppy,
  IconPlus,
  IconScale,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import {
  enforcementPolicyQueryOptions,
  useInstallDefaultEnforcement,
  useSaveEnforcementPolicy,
} from '../api.ts';

type StageField = 'name' | 'kind' | 'templateKey' | 'daysToNext' | 'approver';
type RowErrors = Partial<Record<StageField | 'row', string>>;
interface Errors {
  rows: RowErrors[];
  form: string | null;
}
const noErrors: Errors = { rows: [], form: null };

/** A stage as it is edited: `id` keeps a row (and the focus in it) when rows move. */
interface Row {
  id: string;
  name: string;
  kind: StageKind | null;
  templateKey: string | null;
  daysToNext: number | string;
  approver: StageApprover | null;
}

let lastRowId = 0;
const rowOf = (stage?: EnforcementStage): Row => ({
  id: `stage-row-${++lastRowId}`,
  name: stage?.name ?? '',
  kind: stage?.kind ?? null,
  templateKey: stage?.templateKey ?? null,
  daysToNext: stage?.daysToNext ?? 14,
  approver: stage?.approver ?? 'manager',
});
const sameStages = (rows: Row[], stages: EnforcementStage[]) =>
  rows.length === stages.length &&
  rows.every(
    (row, index) =>
      row.name === stages[index]!.name &&
      row.kind === stages[index]!.kind &&
      row.templateKey === stages[index]!.templateKey &&
      row.daysToNext === stages[index]!.daysToNext &&
      row.approver === stages[index]!.approver,
  );

const stageFields = new Set<string>(['name', 'kind', 'templateKey', 'daysToNext', 'approver']);

/**
 * Field errors keyed as the API keys them ("stages.2.kind") put on their rows; what belongs to no row
 * ("stages": too many, none) is the form's.
 */
function errorsOf(fields: Record<string, string>, message: string | null): Errors {
  const rows: RowErrors[] = [];
  const forms: string[] = [];
  for (const [key, text] of Object.entries(fields)) {
    const match = /^stages\.(\d+)(?:\.(\w+))?$/.exec(key);
    if (!match) {
      forms.push(text);
      continue;
    }
    const index = Number(match[1]);
    const field = match[2] && stageFields.has(match[2]) ? (match[2] as StageField) : 'row';
    rows[index] = { ...rows[index], [field]: rows[index]?.[field] ?? text };
  }
  const onRows = rows.some(Boolean);
  // The server's own sentence, unless it only repeats (or points at) what the rows already say.
  const repeats =
    message !== null &&
    (message.startsWith('Please correct') || Object.values(fields).some((text) => message.includes(text)));
  const form = forms[0] ?? (message && !(onRows && repeats) ? message : null);
  return { rows, form };
}

/** A template's title without its placeholders: "Courtesy notice: {{unit.label}}" is "Courtesy notice". */
const templateLabel = (template: { key: string; title: string; version: number }) =>
  `${template.title.replace(/\s*[:–-]?\s*\{\{[^}]*\}\}/g, '').trim() || template.key} (version ${template.version})`;

/**
 * An association's enforcement stages (issue 21 item 4): the ladder each violation climbs, one letter per
 * stage from the association's templates, with the days before the next step and who approves the
 * letter. The defaults are shown until a manager sets them up. Beside them, what the jurisdiction's
 * law says about hearings and fines. The board reads (`canWrite` false; the server refuses writes anyway).
 */
export function EnforcementStagesPage({ propertyId, canWrite }: { propertyId: string; canWrite: boolean }) {
  const policy = useQuery(enforcementPolicyQueryOptions(propertyId));
  const install = useInstallDefaultEnforcement(propertyId);
  const [installError, setInstallError] = useState<string | null>(null);

  if (policy.isPending)
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading enforcement stages...</Text>
      </Group>
    );
  if (policy.isError)
    return (
      <ErrorState
        title="Failed to load the enforcement stages"
        description={getErrorMessage(policy.error)}
        onRetry={() => void policy.refetch()}
        isRetrying={policy.isFetching}
      />
    );

  const data = policy.data;
  const setUpDefaults = () => {
    setInstallError(null);
    install.mutate(undefined, {
      onSuccess: () => showSuccessToast('Default stages set up: their letters are the association’s own'),
      onError: (error) => setInstallError(getErrorMessage(error)),
    });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Text c="dimmed" size="sm">
        Each violation climbs these stages in order: notices first, then one hearing, then fines. Each stage’s
        letter is drafted from one of the association’s templates and is sent only after its approver approves
        it.
      </Text>
      {!data.isSaved ? (
        <Alert
          variant="light"
          color="yellow"
          title="These are the default stages: set them up to publish the default letters"
          p="sm"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Until then no notice can be drafted from them. Setting them up publishes the default courtesy,
              violation, hearing, fine and decision letters as the association’s own templates and saves these
              stages; you can change both afterwards.
            </Text>
            {canWrite ? (
              <Button size="sm" onClick={setUpDefaults} loading={install.isPending}>
                Set up the default stages
              </Button>
            ) : (
              <Text size="sm">A manager of the association sets them up.</Text>
            )}
            {installError ? (
              <Text size="sm" c="red" role="alert">
                {installError}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {canWrite ? (
        // A new policy (saved elsewhere, or the defaults set up) starts the editor afresh.
        <StagesEditor key={`${data.isSaved}-${data.updatedAt ?? ''}`} propertyId={propertyId} policy={data} />
      ) : (
        <StagesList policy={data} />
      )}
      <LawLines law={data.law} />
    </Stack>
  );
}

function StagesEditor({ propertyId, policy }: { propertyId: string; policy: EnforcementPolicy }) {
  const [rows, setRows] = useState<Row[]>(() => policy.stages.map(rowOf));
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [announcement, setAnnouncement] = useState('');
  const controls = useRef(new Map<string, HTMLElement | null>());
  const addButton = useRef<HTMLButtonElement>(null);
  const save = useSaveEnforcementPolicy(propertyId);
  const isDirty = !sameStages(rows, policy.stages);

  /** Focuses a row's control once React has drawn the change (a moved row keeps the focus). */
  const focusControl = (id: string, target: 'up' | 'down' | 'name') => {
    const wanted = controls.current.get(`${id}-${target}`) as HTMLButtonElement | null | undefined;
    const other = controls.current.get(`${id}-${target === 'up' ? 'down' : 'up'}`);
    if (wanted && !wanted.disabled) wanted.focus();
    else other?.focus();
  };

  const templateOptions = (current: string | null) => {
    const options = policy.templates.map((template) => ({
      value: template.key,
      label: templateLabel(template),
    }));
    if (current && !options.some((option) => option.value === current))
      options.push({ value: current, label: `${current} (not published)` });
    return options;
  };

  const change = (id: string, patch: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
    const index = rows.findIndex((row) => row.id === id);
    const field = Object.keys(patch)[0] as StageField;
    if (errors.rows[index]?.[field])
      setErrors((current) => ({
        ...current,
        rows: current.rows.map((row, at) => (at === index ? { ...row, [field]: undefined } : row)),
      }));
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    flushSync(() => {
      setRows(next);
      // Errors belong to positions the server checked; after a move they would point at the wrong row.
      setErrors(noErrors);
      setAnnouncement(`${moved!.name || 'Stage'} moved to position ${to + 1} of ${rows.length}`);
    });
    focusControl(moved!.id, by < 0 ? 'up' : 'down');
  };

  const remove = (index: number) => {
    const removed = rows[index]!;
    flushSync(() => {
      setRows(rows.filter((_, at) => at !== index));
      setErrors(noErrors);
      setAnnouncement(`${removed.name || 'Stage'} removed`);
    });
    addButton.current?.focus();
  };

  const add = () => {
    const row = rowOf();
    flushSync(() => setRows([...rows, row]));
    focusControl(row.id, 'name');
  };

  const undo = () => {
    setRows(policy.stages.map(rowOf));
    setErrors(noErrors);
  };

  const submit = () => {
    const parsed = enforcementPolicyInputSchema.safeParse({
      stages: rows.map((row) => ({
        name: row.name,
        kind: row.kind ?? undefined,
        templateKey: row.templateKey ?? undefined,
        daysToNext: row.daysToNext === '' ? undefined : Number(row.daysToNext),
        approver: row.approver ?? undefined,
      })),
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(errorsOf(fields, null));
      return;
    }
    setErrors(noErrors);
    save.mutate(parsed.data, {
      onSuccess: () => showSuccessToast('Enforcement stages saved'),
      onError: (failure) => {
        if (isApiRequestError(failure)) setErrors(errorsOf(failure.fields ?? {}, failure.message));
        else setErrors({ rows: [], form: getErrorMessage(failure) });
      },
    });
  };

  const hasErrors = errors.form !== null || errors.rows.some(Boolean);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      aria-labelledby="enforcement-stages-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs" align="baseline">
          <Title order={2} size="h4" id="enforcement-stages-title">
            Stages
          </Title>
          {policy.isSaved && policy.updatedAt ? (
            <Text size="xs" c="dimmed">
              Saved {formatDateTime(policy.updatedAt)}
            </Text>
          ) : null}
        </Group>
        <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Stages">
          {rows.map((row, index) => {
            const rowErrors = errors.rows[index] ?? {};
            const label = row.name.trim() || `stage ${index + 1}`;
            return (
              <li key={row.id}>
                <Fieldset
                  legend={`Stage ${index + 1}${row.name.trim() ? `: ${row.name.trim()}` : ''}`}
                  radius="md"
                  p="sm"
                >
                  <Stack gap="sm">
                    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                      <TextInput
                        label="Name"
                        required
                        maxLength={60}
                        value={row.name}
                        onChange={(event) => change(row.id, { name: event.currentTarget.value })}
                        error={rowErrors.name}
                        ref={(element) => {
                          controls.current.set(`${row.id}-name`, element);
                        }}
                      />
                      <Select
                        label="Kind"
                        required
                        placeholder="Choose"
                        data={stageKinds.map((kind) => ({ value: kind, label: stageKindLabels[kind] }))}
                        value={row.kind}
                        onChange={(value) => change(row.id, { kind: value as StageKind | null })}
                        allowDeselect={false}
                        error={rowErrors.kind}
                        comboboxProps={{ withinPortal: true }}
                      />
                      <Select
                        label="Letter template"
                        required
                        placeholder="Choose a template"
                        data={templateOptions(row.templateKey)}
                        value={row.templateKey}
                        onChange={(value) => change(row.id, { templateKey: value })}
                        allowDeselect={false}
                        nothingFoundMessage="No violation-notice templates"
                        error={rowErrors.templateKey}
                        comboboxProps={{ withinPortal: true }}
                      />
                      <NumberInput
                        label="Days to next step"
                        description="Counted from the letter’s delivery"
                        required
                        min={1}
                        max={365}
                        allowDecimal={false}
                        allowNegative={false}
                        value={row.daysToNext}
                        onChange={(value) => change(row.id, { daysToNext: value })}
                        error={rowErrors.daysToNext}
                      />
                      <Select
                        label="Approver"
                        description="Who approves the letter before it is sent"
                        required
                        data={stageApprovers.map((approver) => ({
                          value: approver,
                          label: stageApproverLabels[approver],
                        }))}
                        value={row.approver}
                        onChange={(value) => change(row.id, { approver: value as StageApprover | null })}
                        allowDeselect={false}
                        error={rowErrors.approver}
                        comboboxProps={{ withinPortal: true }}
                      />
                    </SimpleGrid>
                    {rowErrors.row ? (
                      <Text size="sm" c="red" role="alert">
                        {rowErrors.row}
                      </Text>
                    ) : null}
                    <Group gap="xs" justify="flex-end">
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label={`Move ${label} up`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        ref={(element) => {
                          controls.current.set(`${row.id}-up`, element);
                        }}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label={`Move ${label} down`}
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, 1)}
                        ref={(element) => {
                          controls.current.set(`${row.id}-down`, element);
                        }}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove ${label}`}
                        disabled={rows.length === 1}
                        onClick={() => remove(index)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Stack>
                </Fieldset>
              </li>
            );
          })}
        </Stack>
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
        {errors.form ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {errors.form}
          </Alert>
        ) : hasErrors ? (
          <Text size="sm" c="red" role="alert">
            Correct the stages marked above.
          </Text>
        ) : null}
        <Group justify="space-between" gap="sm">
          <Button
            ref={addButton}
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            disabled={rows.length >= maxStages}
          >
            Add stage
          </Button>
          <Group gap="sm">
            {isDirty ? (
              <Button variant="subtle" onClick={undo} disabled={save.isPending}>
                Undo changes
              </Button>
            ) : null}
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              Save stages
            </Button>
          </Group>
        </Group>
        {rows.length >= maxStages ? (
          <Text size="xs" c="dimmed">
            At most {maxStages} stages.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/** The board's view: the same stages, to read. */
function StagesList({ policy }: { policy: EnforcementPolicy }) {
  const titleOf = (key: string) => {
    const template = policy.templates.find((candidate) => candidate.key === key);
    return template ? templateLabel(template) : `${key} (not published)`;
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="enforcement-stages-title">
      <Title order={2} size="h4" id="enforcement-stages-title">
        Stages
      </Title>
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Stages">
        {policy.stages.map((stage, index) => (
          <Card component="li" key={`${index}-${stage.name}`} withBorder radius="md" padding="sm">
            <Stack gap={4}>
              <Group gap="xs">
                <Text fw={600}>
                  {index + 1}. {stage.name}
                </Text>
                <Badge
                  variant="light"
                  color={stage.kind === 'notice' ? 'blue' : stage.kind === 'hearing' ? 'grape' : 'red'}
                >
                  {stageKindLabels[stage.kind]}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Letter: {titleOf(stage.templateKey)} · {stage.daysToNext}{' '}
                {stage.daysToNext === 1 ? 'day' : 'days'} to the next step · approved by{' '}
                {stageApproverLabels[stage.approver].toLowerCase()}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/** What the jurisdiction says about hearings and fines, each line with its statute or why it is unknown. */
function LawLines({ law }: { law: EnforcementPolicy['law'] }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="enforcement-law-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconScale size={18} aria-hidden />
          <Title order={2} size="h4" id="enforcement-law-title">
            What the law says about hearings and fines
          </Title>
        </Group>
        {law.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is recorded for this association’s jurisdiction.
          </Text>
        ) : (
          <Stack gap={0} component="dl" m={0}>
            {law.map((line, index) => (
              <LawLine key={line.label} isFirst={index === 0} label={line.label}>
                <Text size="sm" fs={line.value === null ? 'italic' : undefined}>
                  {line.value ?? 'Not known — the association decides'}
                </Text>
                {line.statute ? (
                  <Text size="xs" c="dimmed">
                    {line.statute}
                  </Text>
                ) : null}
                {line.note ? (
                  <Text size="xs" c="dimmed">
                    {line.note}
                  </Text>
                ) : null}
              </LawLine>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function LawLine({ label, isFirst, children }: { label: string; isFirst: boolean; children: ReactNode }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing={4}
      py="xs"
      style={isFirst ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Stack component="dd" gap={2} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Stack>
    </SimpleGrid>
  );
}
