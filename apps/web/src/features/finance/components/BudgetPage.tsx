import { formatMoney, fundLabels, type Account, type Budget, type Fund } from '@commonwise/contracts';
import { Alert, Button, Card, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useCallback, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { budgetQueryOptions, chartQueryOptions, useAdoptBudget, useSaveBudget } from '../api.ts';
import {
  budgetInputOf,
  budgetRowsOf,
  budgetTextsOf,
  centsOfMonths,
  fiscalYearLabel,
  fiscalYearOf,
  invalidCellsOf,
  monthsOf,
  type BudgetRow,
  type BudgetTexts,
} from '../budget-grid.ts';
import { BudgetGrid, type MonthLabel } from './BudgetGrid.tsx';
import { FinanceLinks } from './FinanceLinks.tsx';

/**
 * An association's budget for a fiscal year (issue 20): income and expense accounts by month. Managers
 * (and admins) save a draft and record the board's adoption, after which it no longer changes; the
 * board reads it. The current fiscal year is shown first.
 */
export function BudgetPage({ propertyId }: { propertyId: string }) {
  const chart = useQuery(chartQueryOptions(propertyId, null));
  const [year, setYear] = useState<number | null>(null);
  if (chart.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the budget...</Text>
      </Group>
    );
  if (chart.isError)
    return <ErrorState title="Failed to load the budget" onRetry={() => void chart.refetch()} />;
  const startMonth = chart.data.books.fiscalYearStartMonth;
  const current = fiscalYearOf(chart.data.asOf, startMonth);
  const chosen = year ?? current;
  return (
    <Stack gap="lg">
      <FinanceLinks propertyId={propertyId} current="budget" />
      {/* Keyed by the year: another year starts from what is saved for it. */}
      <BudgetYear
        key={chosen}
        propertyId={propertyId}
        accounts={chart.data.accounts}
        fiscalYear={chosen}
        years={[current - 2, current - 1, current, current + 1, current + 2]}
        startMonth={startMonth}
        onYearChange={setYear}
      />
    </Stack>
  );
}

function monthLabelsOf(budget: Budget): MonthLabel[] {
  const [year, month] = budget.startsOn.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(year, month - 1 + index, 1);
    return { short: format(date, 'MMM'), long: format(date, 'MMMM yyyy') };
  });
}

function BudgetYear({
  propertyId,
  accounts,
  fiscalYear,
  years,
  startMonth,
  onYearChange,
}: {
  propertyId: string;
  accounts: Account[];
  fiscalYear: number;
  years: number[];
  startMonth: number;
  onYearChange: (year: number) => void;
}) {
  const user = useSignedInUser();
  const canWrite = user.role === 'manager' || user.role === 'admin';
  const queryClient = useQueryClient();
  const { data: budget, isPending, isError, refetch } = useQuery(budgetQueryOptions(propertyId, fiscalYear));
  // What was typed since the budget was loaded or saved; null while nothing was.
  const [draft, setDraft] = useState<BudgetTexts | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isAdopting, setIsAdopting] = useState(false);
  const save = useSaveBudget(propertyId);
  const label = fiscalYearLabel(fiscalYear, startMonth);

  const change = useCallback(
    (accountId: string, month: number, text: string) =>
      setDraft((current) => {
        const base = current ?? budgetTextsOf(budget!);
        const months = [...monthsOf(base, accountId)];
        months[month] = text;
        return { ...base, [accountId]: months };
      }),
    [budget],
  );

  if (isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the {label} budget...</Text>
      </Group>
    );
  if (isError)
    return <ErrorState title={`Failed to load the ${label} budget`} onRetry={() => void refetch()} />;

  const isEditable = canWrite && budget.status !== 'adopted';
  const rows = budgetRowsOf(budget, accounts, isEditable);
  const texts = draft ?? budgetTextsOf(budget);
  const isDirty = draft !== null;

  /** Saves the grid as the draft; the saved budget, or null when it could not be. */
  const saveDraft = async (): Promise<Budget | null> => {
    const invalid = invalidCellsOf(texts);
    if (invalid.length > 0) {
      setProblem(invalidCellsMessage(invalid, rows, monthLabelsOf(budget)));
      return null;
    }
    const input = budgetInputOf(rows, texts);
    try {
      const saved = await save.mutateAsync({ fiscalYear, ...input });
      queryClient.setQueryData(budgetQueryOptions(propertyId, fiscalYear).queryKey, saved);
      setDraft(null);
      setProblem(null);
      return saved;
    } catch (failure) {
      setProblem(failureMessage(failure, input.lines, rows));
      return null;
    }
  };

  return (
    <>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="end" gap="sm" wrap="wrap">
          <Select
            label="Fiscal year"
            data={years.map((value) => ({ value: String(value), label: fiscalYearLabel(value, startMonth) }))}
            value={String(fiscalYear)}
            onChange={(value) => value && onYearChange(Number(value))}
            allowDeselect={false}
            disabled={isDirty}
            w={220}
          />
          {isEditable ? (
            <Group gap="sm">
              {isDirty ? (
                <Button
                  variant="subtle"
                  onClick={() => {
                    setDraft(null);
                    setProblem(null);
                  }}
                >
                  Discard changes
                </Button>
              ) : null}
              <Button
                variant="default"
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                loading={save.isPending && !isAdopting}
                onClick={() =>
                  void saveDraft().then(
                    (saved) => saved && showSuccessToast(`The ${label} draft budget is saved`),
                  )
                }
              >
                Save draft
              </Button>
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => setIsAdopting(true)}
                disabled={budget.status === 'none' && !isDirty}
              >
                Adopt
              </Button>
            </Group>
          ) : null}
        </Group>
        <Text mt="sm">{statusText(budget, label, isDirty)}</Text>
        {problem ? (
          <Alert color="red" mt="sm" role="alert">
            {problem}
          </Alert>
        ) : null}
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="budget-grid">
        <Title order={2} size="h4" id="budget-grid">
          Budget {label}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {formatDate(budget.startsOn)} to {formatDate(budget.endsOn)}, in dollars per month.
        </Text>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {budget.status === 'none'
              ? `No budget has been saved for ${label}.`
              : 'This budget plans no amounts.'}
          </Text>
        ) : (
          <Stack gap="md">
            <FundTotals rows={rows} texts={texts} />
            <BudgetGrid
              rows={rows}
              texts={texts}
              monthLabels={monthLabelsOf(budget)}
              isEditable={isEditable}
              onChange={change}
              caption={`Budget ${label} by account and month`}
            />
          </Stack>
        )}
      </Card>
      {isAdopting ? (
        <AdoptDialog
          propertyId={propertyId}
          fiscalYear={fiscalYear}
          label={label}
          isDirty={isDirty}
          saveDraft={saveDraft}
          onClose={() => setIsAdopting(false)}
        />
      ) : null}
    </>
  );
}

function statusText(budget: Budget, label: string, isDirty: boolean): string {
  if (budget.status === 'adopted')
    return `Adopted by ${budget.adoptedBy}${budget.adoptedAt ? `, recorded ${formatDate(budget.adoptedAt)}` : ''}. An adopted budget no longer changes.`;
  const unsaved = isDirty
    ? ' You have changes that are not saved: save or discard them to choose another year.'
    : '';
  if (budget.status === 'draft') return `A draft for ${label}, not yet adopted by the board.${unsaved}`;
  return `Nothing has been saved for ${label} yet.${unsaved}`;
}

/** Each fund's year: budgeted income, expenses and what is left. */
function FundTotals({ rows, texts }: { rows: BudgetRow[]; texts: BudgetTexts }) {
  const totals = new Map<Fund, { income: number; expense: number }>();
  for (const row of rows) {
    const total = totals.get(row.fund) ?? { income: 0, expense: 0 };
    const cents = centsOfMonths(monthsOf(texts, row.accountId)).reduce((sum, value) => sum + value, 0);
    if (row.type === 'income') total.income += cents;
    else total.expense += cents;
    totals.set(row.fund, total);
  }
  return (
    <Stack gap={2} aria-live="polite">
      {[...totals].map(([fund, total]) => (
        <Text key={fund} size="sm">
          <Text span fw={600}>
            {fundLabels[fund]} fund:
          </Text>{' '}
          income {formatMoney(total.income)}, expenses {formatMoney(total.expense)},{' '}
          {total.income === total.expense
            ? 'balanced'
            : total.income > total.expense
              ? `surplus ${formatMoney(total.income - total.expense)}`
              : `shortfall ${formatMoney(total.expense - total.income)}`}
        </Text>
      ))}
    </Stack>
  );
}

function invalidCellsMessage(invalid: [string, number][], rows: BudgetRow[], months: MonthLabel[]): string {
  const names = invalid.slice(0, 3).map(([accountId, month]) => {
    const row = rows.find((candidate) => candidate.accountId === accountId);
    return `${row ? `${row.code} ${row.name}` : 'An account'} (${months[month]!.long})`;
  });
  const more = invalid.length > 3 ? ` and ${invalid.length - 3} more` : '';
  return `Enter amounts in dollars and cents, like 1250.00, or leave a month blank: ${names.join(', ')}${more}.`;
}

/** The server's refusal, naming the account a line's error is about. */
function failureMessage(failure: unknown, lines: { accountId: string }[], rows: BudgetRow[]): string {
  if (!isApiRequestError(failure)) return 'Something went wrong. Please try again.';
  const [field, message] = Object.entries(failure.fields ?? {})[0] ?? [];
  const index = field ? /^lines\.(\d+)/.exec(field)?.[1] : undefined;
  const row =
    index !== undefined
      ? rows.find((candidate) => candidate.accountId === lines[Number(index)]?.accountId)
      : undefined;
  return row && message ? `${row.code} ${row.name}: ${message}` : failure.message;
}

function AdoptDialog({
  propertyId,
  fiscalYear,
  label,
  isDirty,
  saveDraft,
  onClose,
}: {
  propertyId: string;
  fiscalYear: number;
  label: string;
  isDirty: boolean;
  saveDraft: () => Promise<Budget | null>;
  onClose: () => void;
}) {
  const [adoptedBy, setAdoptedBy] = useState('');
  const [error, setError] = useState<{ adoptedBy?: string; form?: string }>({});
  const [isSaving, setIsSaving] = useState(false);
  const adopt = useAdoptBudget(propertyId);
  const queryClient = useQueryClient();

  const submit = async () => {
    if (!adoptedBy.trim()) return setError({ adoptedBy: 'Say which meeting or resolution adopted it' });
    if (isDirty) {
      setIsSaving(true);
      const saved = await saveDraft();
      setIsSaving(false);
      // The grid says why it could not be saved.
      if (!saved) return onClose();
    }
    adopt.mutate(
      { fiscalYear, adoptedBy: adoptedBy.trim() },
      {
        onSuccess: (adopted) => {
          queryClient.setQueryData(budgetQueryOptions(propertyId, fiscalYear).queryKey, adopted);
          showSuccessToast(`The ${label} budget is adopted`);
          onClose();
        },
        onError: (failure) =>
          setError(
            isApiRequestError(failure)
              ? {
                  adoptedBy: failure.fields?.adoptedBy,
                  form: failure.fields?.adoptedBy ? undefined : failure.message,
                }
              : { form: 'Something went wrong. Please try again.' },
          ),
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title={`Adopt the ${label} budget`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            Record the board’s adoption of this budget. Once adopted it no longer changes.
            {isDirty ? ' Your changes are saved first.' : ''}
          </Text>
          <TextInput
            label="Adopted by"
            required
            description="The board meeting or resolution that adopted it"
            value={adoptedBy}
            onChange={(event) => setAdoptedBy(event.currentTarget.value)}
            error={error.adoptedBy}
            maxLength={200}
            data-autofocus
          />
          {error.form ? (
            <Text c="red" size="sm" role="alert">
              {error.form}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving || adopt.isPending}>
              Adopt budget
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
