import {
  funds,
  type Account,
  type AccountType,
  type Budget,
  type BudgetInput,
  type Fund,
} from '@commonwise/contracts';
import { budgetCentsFrom, dollarsTextOf } from './money-input.ts';

/** One row of the budget grid: an income or expense account and its twelve months as typed. */
export type BudgetRow = { accountId: string; code: string; name: string; type: AccountType; fund: Fund };
export type BudgetTexts = Record<string, string[]>;

const typeOrder: AccountType[] = ['income', 'expense'];

/**
 * The grid's rows: when it may be edited, every active income and expense account (and any other the
 * budget already plans); when it is read, only the accounts it plans. By fund, income before expenses,
 * then by code.
 */
export function budgetRowsOf(budget: Budget, accounts: Account[], isEditable: boolean): BudgetRow[] {
  const rows = new Map<string, BudgetRow>();
  for (const { accountId, code, name, type, fund } of budget.lines)
    rows.set(accountId, { accountId, code, name, type, fund });
  if (isEditable)
    for (const { id, code, name, type, fund, isActive } of accounts)
      if (isActive && (type === 'income' || type === 'expense'))
        rows.set(id, { accountId: id, code, name, type, fund });
  return [...rows.values()].sort(
    (a, b) =>
      funds.indexOf(a.fund) - funds.indexOf(b.fund) ||
      typeOrder.indexOf(a.type) - typeOrder.indexOf(b.type) ||
      a.code.localeCompare(b.code),
  );
}

/** The budget's amounts as they would be typed, per account. */
export function budgetTextsOf(budget: Budget): BudgetTexts {
  return Object.fromEntries(budget.lines.map((line) => [line.accountId, line.months.map(dollarsTextOf)]));
}

// One shared blank row (never changed), so rows nothing was typed into keep their identity between renders.
const blankMonths: string[] = Array.from({ length: 12 }, () => '');
export const monthsOf = (texts: BudgetTexts, accountId: string) => texts[accountId] ?? blankMonths;

/** A row's months in cents; a cell that is not an amount counts as nothing (it is flagged on its own). */
export const centsOfMonths = (months: string[]) => months.map((text) => budgetCentsFrom(text) ?? 0);

/** The cells that are not amounts, as [accountId, month index]. */
export function invalidCellsOf(texts: BudgetTexts): [string, number][] {
  return Object.entries(texts).flatMap(([accountId, months]) =>
    months.flatMap((text, month) =>
      budgetCentsFrom(text) === null ? [[accountId, month] as [string, number]] : [],
    ),
  );
}

/** The request that saves the grid whole: each account with anything budgeted, in cents. */
export function budgetInputOf(rows: BudgetRow[], texts: BudgetTexts): BudgetInput {
  return {
    lines: rows
      .map((row) => ({ accountId: row.accountId, months: centsOfMonths(monthsOf(texts, row.accountId)) }))
      .filter((line) => line.months.some((cents) => cents > 0)),
  };
}

/** The fiscal year a day falls in, named by the year it starts in. */
export function fiscalYearOf(day: string, startMonth: number): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month >= startMonth ? year : year - 1;
}

/** "2026", or "2026–27" for a fiscal year that does not start in January. */
export const fiscalYearLabel = (year: number, startMonth: number) =>
  startMonth === 1 ? String(year) : `${year}–${String((year + 1) % 100).padStart(2, '0')}`;
