import {
  formatMoney,
  maxCureDays,
  maxFineSteps,
  type ViolationCategory,
  type ViolationRule,
  type ViolationRuleInput,
} from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { centsFromDollars, dollarsTextOf } from '../../finance/api.ts';
import { useCreateRule, useSaveRule } from '../api.ts';
import { categoryOptions, ordinalOf } from '../labels.ts';
import { ClauseQuote } from './ClauseQuote.tsx';

type Field =
  | 'title'
  | 'category'
  | 'excerpt'
  | 'sectionNumber'
  | 'page'
  | 'defaultCureDays'
  | 'fineScheduleCents'
  | 'form';
type Errors = Partial<Record<Field, string>> & { fines?: Record<number, string> };

/** A fine step as typed: "0" is allowed (a warning step), blank is an error, never a float. */
function centsOfFine(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (/^0*(\.0{0,2})?$/.test(cleaned) && cleaned !== '') return 0;
  return centsFromDollars(text);
}

/**
 * A rule as the manager confirms or changes it: its title, category, the clause (quoted from the
 * document: it may be trimmed, but the server refuses words that are not in the document), whether and
 * how soon it can be cured, and its fines typed in dollars (sent as whole cents). With no rule, a new
 * one the board adopted outside any document.
 */
export function RuleDialog({
  propertyId,
  rule,
  onClose,
}: {
  propertyId: string;
  rule: ViolationRule | null;
  onClose: () => void;
}) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const isSuggestion = rule?.status === 'suggested';
  const [title, setTitle] = useState(rule?.title ?? '');
  const [category, setCategory] = useState<ViolationCategory | null>(rule?.category ?? null);
  const [excerpt, setExcerpt] = useState(rule?.clause.excerpt ?? '');
  const [sectionNumber, setSectionNumber] = useState(rule?.clause.sectionNumber ?? '');
  const [page, setPage] = useState<string | number>(rule?.clause.page ?? '');
  const [isEditingClause, setIsEditingClause] = useState(rule === null);
  const [curable, setCurable] = useState(rule?.curable ?? true);
  const [healthSafety, setHealthSafety] = useState(rule?.healthSafety ?? false);
  const [cureDays, setCureDays] = useState<string | number>(rule?.defaultCureDays ?? '');
  const [fines, setFines] = useState<string[]>(() =>
    (rule?.fineScheduleCents ?? []).map((cents) => (cents === 0 ? '0' : dollarsTextOf(cents))),
  );
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveRule(propertyId);
  const create = useCreateRule(propertyId);
  const isSaving = save.isPending || create.isPending;
  const fromDocument = Boolean(rule?.clause.documentId);

  const onFailure = (failure: unknown) => {
    if (!isApiRequestError(failure)) {
      setErrors({ form: 'Something went wrong. Please try again.' });
      return;
    }
    const fields = failure.fields ?? {};
    if (failure.code === 'EXCERPT_NOT_IN_DOCUMENT') {
      setIsEditingClause(true);
      setErrors({ excerpt: failure.message });
      return;
    }
    const known: Field[] = ['title', 'category', 'excerpt', 'sectionNumber', 'page', 'defaultCureDays'];
    const found: Errors = {};
    for (const field of known) if (fields[field]) found[field] = fields[field];
    const fineMessage = Object.entries(fields).find(([key]) => key.startsWith('fineScheduleCents'))?.[1];
    if (fineMessage) found.fineScheduleCents = fineMessage;
    if (Object.keys(found).length === 0) found.form = failure.message;
    if (found.excerpt) setIsEditingClause(true);
    setErrors(found);
  };

  const submit = () => {
    const found: Errors = {};
    if (!title.trim()) found.title = 'Title is required';
    if (!category) found.category = 'Choose a category';
    if (!excerpt.trim()) found.excerpt = 'Clause is required';
    const days = cureDays === '' ? null : Number(cureDays);
    if (curable && days === null) found.defaultCureDays = 'Say how many days an owner has to cure';
    const fineCents: number[] = [];
    const fineErrors: Record<number, string> = {};
    fines.forEach((text, index) => {
      const cents = centsOfFine(text);
      if (cents === null) fineErrors[index] = 'Enter an amount in dollars, like 50 or 25.50';
      else fineCents.push(cents);
    });
    if (Object.keys(fineErrors).length > 0) found.fines = fineErrors;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: ViolationRuleInput = {
      title: title.trim(),
      category: category!,
      documentId: rule?.clause.documentId ?? null,
      sectionNumber: sectionNumber.trim() || null,
      sectionTitle: rule?.clause.sectionTitle ?? null,
      page: page === '' ? null : Number(page),
      excerpt: excerpt.trim(),
      curable,
      healthSafety,
      defaultCureDays: curable ? days : null,
      fineScheduleCents: fineCents,
    };
    if (rule === null) {
      create.mutate(input, {
        onSuccess: (saved) => {
          showSuccessToast(`Rule “${saved.title}” added and in use`);
          onClose();
        },
        onError: onFailure,
      });
      return;
    }
    save.mutate(
      { ruleId: rule.id, input, confirm: isSuggestion },
      {
        onSuccess: (saved) => {
          showSuccessToast(
            isSuggestion ? `Rule “${saved.title}” confirmed: it is in use` : `Rule “${saved.title}” saved`,
          );
          onClose();
        },
        onError: onFailure,
      },
    );
  };

  const dialogTitle = rule === null ? 'Add a rule' : isSuggestion ? 'Review and confirm rule' : 'Edit rule';
  const clauseNow = rule
    ? {
        ...rule.clause,
        excerpt,
        sectionNumber: sectionNumber.trim() || null,
        page: page === '' ? null : Number(page),
      }
    : null;

  return (
    <PortalModal opened onClose={onClose} title={dialogTitle} size="lg" fullScreen={isNarrow} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          {isSuggestion ? (
            <Text size="sm">
              Read from the association’s documents. Nothing is enforced until you confirm it: check the
              clause, say how long an owner has to cure and what the fines are.
            </Text>
          ) : null}
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
            maxLength={120}
            data-autofocus
          />
          <Select
            label="Category"
            required
            placeholder="Choose a category"
            data={categoryOptions}
            value={category}
            onChange={(value) => setCategory(value as ViolationCategory | null)}
            error={errors.category}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500} id="rule-clause-label">
                Clause
              </Text>
              {clauseNow && !isEditingClause ? (
                <Anchor component="button" type="button" size="sm" onClick={() => setIsEditingClause(true)}>
                  Edit the clause
                </Anchor>
              ) : null}
            </Group>
            {clauseNow && !isEditingClause ? (
              <>
                <ClauseQuote clause={clauseNow} />
                {errors.excerpt ? (
                  <Text size="xs" c="red" role="alert">
                    {errors.excerpt}
                  </Text>
                ) : null}
              </>
            ) : (
              <>
                {fromDocument ? (
                  <Alert
                    variant="light"
                    color="yellow"
                    icon={<IconAlertTriangle size={18} aria-hidden />}
                    p="xs"
                  >
                    <Text size="sm">
                      The clause must stay word for word as it is in{' '}
                      {rule?.clause.documentName ?? 'the document'}: you may shorten it, but not reword it. A
                      clause that is not in the document is refused.
                    </Text>
                  </Alert>
                ) : null}
                <Textarea
                  aria-labelledby="rule-clause-label"
                  description={fromDocument ? undefined : 'The rule as the board adopted it, word for word.'}
                  autosize
                  minRows={3}
                  maxRows={10}
                  value={excerpt}
                  onChange={(event) => setExcerpt(event.currentTarget.value)}
                  error={errors.excerpt}
                  maxLength={4000}
                />
                <Group gap="sm" grow>
                  <TextInput
                    label="Section"
                    value={sectionNumber}
                    onChange={(event) => setSectionNumber(event.currentTarget.value)}
                    error={errors.sectionNumber}
                    maxLength={40}
                  />
                  <NumberInput
                    label="Page"
                    value={page}
                    onChange={setPage}
                    min={1}
                    max={10_000}
                    allowDecimal={false}
                    allowNegative={false}
                    error={errors.page}
                  />
                </Group>
              </>
            )}
          </Stack>
          <Switch
            label="Can be cured"
            description="The owner can put it right (move the boat, take the sign down) before any fine."
            checked={curable}
            onChange={(event) => setCurable(event.currentTarget.checked)}
          />
          <Switch
            label="Health or safety"
            description="A danger to people (a blocked fire lane, an unfenced pool)."
            checked={healthSafety}
            onChange={(event) => setHealthSafety(event.currentTarget.checked)}
          />
          {curable ? (
            <NumberInput
              label="Days to cure"
              description="From the day it is seen."
              required
              value={cureDays}
              onChange={setCureDays}
              min={1}
              max={maxCureDays}
              allowDecimal={false}
              allowNegative={false}
              error={errors.defaultCureDays}
              w={{ base: '100%', xs: 200 }}
            />
          ) : null}
          <FineSchedule
            fines={fines}
            onChange={setFines}
            errors={errors.fines ?? {}}
            error={errors.fineScheduleCents}
          />
          {errors.form ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {errors.form}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              {rule === null ? 'Add rule' : isSuggestion ? 'Confirm rule' : 'Save changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

/** The fines, first to last, typed in dollars; the last repeats. */
function FineSchedule({
  fines,
  onChange,
  errors,
  error,
}: {
  fines: string[];
  onChange: (fines: string[]) => void;
  errors: Record<number, string>;
  error: string | undefined;
}) {
  const preview = fines.map(centsOfFine);
  const last = preview.at(-1);
  return (
    <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        Fines
      </Text>
      <Text size="xs" c="dimmed">
        {fines.length === 0
          ? 'No fines: the rule is enforced by notices only.'
          : fines.length === 1
            ? `The same fine each time${last === null || last === undefined ? '' : `: ${formatMoney(last)}`}.`
            : `The 1st fine, the 2nd, …; from the ${ordinalOf(fines.length)} on, each repeats${
                last === null || last === undefined ? '' : ` at ${formatMoney(last)}`
              }.`}
      </Text>
      {fines.map((fine, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={`${ordinalOf(index + 1)} fine`}
            leftSection="$"
            inputMode="decimal"
            value={fine}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange(fines.map((other, at) => (at === index ? value : other)));
            }}
            error={errors[index]}
            style={{ flex: 1 }}
            maxLength={12}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size={36}
            mt={25}
            aria-label={`Remove the ${ordinalOf(index + 1)} fine`}
            onClick={() => onChange(fines.filter((_, at) => at !== index))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {fines.length < maxFineSteps ? (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange([...fines, ''])}
          >
            {fines.length === 0 ? 'Add a fine' : `Add the ${ordinalOf(fines.length + 1)} fine`}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
