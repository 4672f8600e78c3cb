import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { funds, type AdoptBudget, type Budget, type BudgetInput } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { budgetLines, budgets, glAccounts } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { constraintOf } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { booksOf, fieldError, requireKeeper, requireReader } from './books.service.ts';

/**
 * Budgets (issue 20; decision 0044): per fiscal year, an amount per income or expense account and month,
 * saved as a draft and then adopted by the board (after which the database refuses changes to its
 * lines). The adopted budget's expenses measure California's limit on special assessments.
 */

export type FiscalYear = { fiscalYear: number; startsOn: string; endsOn: string; label: string };

const two = (value: number) => String(value).padStart(2, '0');

export function fiscalYearBounds(fiscalYear: number, startMonth: number): FiscalYear {
  const end = new Date(Date.UTC(fiscalYear + 1, startMonth - 1, 0));
  return {
    fiscalYear,
    startsOn: `${fiscalYear}-${two(startMonth)}-01`,
    endsOn: end.toISOString().slice(0, 10),
    label: startMonth === 1 ? String(fiscalYear) : `${fiscalYear}–${two((fiscalYear + 1) % 100)}`,
  };
}

/** The fiscal year a day falls in, by the books' first month. */
export async function fiscalYearOf(db: Db, propertyId: string, day: string): Promise<FiscalYear> {
  const books = await booksOf(db, propertyId);
  const [year, month] = day.split('-').map(Number) as [number, number];
  const start = books.fiscalYearStartMonth;
  return fiscalYearBounds(month >= start ? year : year - 1, start);
}

/** The adopted budget's expenses for a fiscal year in all funds, or null when none is adopted. */
export async function adoptedExpensesOf(
  db: Db,
  propertyId: string,
  fiscalYear: number,
): Promise<number | null> {
  const [budget] = await db
    .select({ id: budgets.id })
    .from(budgets)
    .where(
      and(
        eq(budgets.propertyId, propertyId),
        eq(budgets.fiscalYear, fiscalYear),
        eq(budgets.status, 'adopted'),
      ),
    );
  if (!budget) return null;
  const [row] = await db
    .select({ expenses: sql<string | null>`sum(${budgetLines.amountCents})` })
    .from(budgetLines)
    .innerJoin(glAccounts, eq(glAccounts.id, budgetLines.accountId))
    .where(and(eq(budgetLines.budgetId, budget.id), eq(glAccounts.type, 'expense')));
  return Number(row?.expenses ?? 0);
}

async function readBudget(db: Db, propertyId: string, fiscalYear: number): Promise<Budget> {
  const books = await booksOf(db, propertyId);
  const bounds = fiscalYearBounds(fiscalYear, books.fiscalYearStartMonth);
  const [budget] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.propertyId, propertyId), eq(budgets.fiscalYear, fiscalYear)));
  const rows = budget
    ? await db
        .select({
          accountId: budgetLines.accountId,
          month: budgetLines.month,
          amountCents: budgetLines.amountCents,
          code: glAccounts.code,
          name: glAccounts.name,
          type: glAccounts.type,
          fund: glAccounts.fund,
        })
        .from(budgetLines)
        .innerJoin(glAccounts, eq(glAccounts.id, budgetLines.accountId))
        .where(eq(budgetLines.budgetId, budget.id))
        .orderBy(asc(glAccounts.code), asc(budgetLines.month))
    : [];
  const lines = new Map<string, Budget['lines'][number]>();
  for (const row of rows) {
    let line = lines.get(row.accountId);
    if (!line) {
      line = {
        accountId: row.accountId,
        code: row.code,
        name: row.name,
        type: row.type,
        fund: row.fund,
        months: Array.from({ length: 12 }, () => 0),
        totalCents: 0,
      };
      lines.set(row.accountId, line);
    }
    line.months[row.month - 1] = row.amountCents;
    line.totalCents += row.amountCents;
  }
  const all = [...lines.values()];
  return {
    fiscalYear,
    startsOn: bounds.startsOn,
    endsOn: bounds.endsOn,
    status: budget?.status ?? 'none',
    adoptedBy: budget?.adoptedBy ?? null,
    adoptedAt: budget?.adoptedAt?.toISOString() ?? null,
    lines: all,
    totals: funds.map((fund) => ({
      fund,
      incomeCents: all
        .filter((line) => line.fund === fund && line.type === 'income')
        .reduce((sum, line) => sum + line.totalCents, 0),
      expenseCents: all
        .filter((line) => line.fund === fund && line.type === 'expense')
        .reduce((sum, line) => sum + line.totalCents, 0),
    })),
  };
}

export async function getBudget(ctx: ServiceContext, propertyId: string, fiscalYear: number) {
  await requireReader(ctx, propertyId);
  return readBudget(ctx.db, propertyId, fiscalYear);
}

const adoptedRefusal = () =>
  new AppError(409, 'BUDGET_ADOPTED', 'This budget has been adopted: it no longer changes');

/** Saves a draft budget whole: the lines given replace the draft's lines (zero months are not kept). */
export async function saveBudget(
  ctx: ServiceContext,
  propertyId: string,
  fiscalYear: number,
  input: BudgetInput,
): Promise<Budget> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await requireKeeper(ctx, tx, propertyId);
      const accountIds = input.lines.map((line) => line.accountId);
      if (new Set(accountIds).size !== accountIds.length)
        throw fieldError(400, 'DUPLICATE_ACCOUNT', 'lines', 'Each account appears once in a budget');
      const accounts =
        accountIds.length === 0
          ? []
          : await tx
              .select({ id: glAccounts.id, type: glAccounts.type })
              .from(glAccounts)
              .where(and(eq(glAccounts.propertyId, propertyId), inArray(glAccounts.id, accountIds)));
      const typeOf = new Map(accounts.map((account) => [account.id, account.type]));
      input.lines.forEach((line, index) => {
        const type = typeOf.get(line.accountId);
        if (!type)
          throw fieldError(
            400,
            'UNKNOWN_ACCOUNT',
            `lines.${index}.accountId`,
            'Choose an account of these books',
          );
        if (type !== 'income' && type !== 'expense')
          throw fieldError(
            422,
            'NOT_BUDGETED',
            `lines.${index}.accountId`,
            'A budget plans income and expense accounts',
          );
      });
      const [budget] = await tx
        .insert(budgets)
        .values({ propertyId, fiscalYear })
        .onConflictDoUpdate({
          target: [budgets.propertyId, budgets.fiscalYear],
          set: { updatedAt: new Date() },
        })
        .returning();
      if (budget!.status === 'adopted') throw adoptedRefusal();
      await tx.delete(budgetLines).where(eq(budgetLines.budgetId, budget!.id));
      const rows = input.lines.flatMap((line) =>
        line.months.flatMap((amountCents, index) =>
          amountCents > 0
            ? [{ budgetId: budget!.id, accountId: line.accountId, month: index + 1, amountCents }]
            : [],
        ),
      );
      if (rows.length > 0) await tx.insert(budgetLines).values(rows);
      return readBudget(tx, propertyId, fiscalYear);
    });
  } catch (error) {
    if (constraintOf(error) === 'budget_lines_adopted') throw adoptedRefusal();
    throw error;
  }
}

/** The board adopts a draft budget; from then on it is read, never changed. */
export async function adoptBudget(
  ctx: ServiceContext,
  propertyId: string,
  fiscalYear: number,
  input: AdoptBudget,
): Promise<Budget> {
  return ctx.db.transaction(async (tx) => {
    await requireKeeper(ctx, tx, propertyId);
    const [budget] = await tx
      .select()
      .from(budgets)
      .where(and(eq(budgets.propertyId, propertyId), eq(budgets.fiscalYear, fiscalYear)))
      .for('update');
    if (!budget) throw new AppError(409, 'NO_BUDGET', 'Save the budget before it is adopted');
    if (budget.status === 'adopted') throw adoptedRefusal();
    await tx
      .update(budgets)
      .set({ status: 'adopted', adoptedBy: input.adoptedBy, adoptedAt: new Date(), updatedAt: new Date() })
      .where(eq(budgets.id, budget.id));
    return readBudget(tx, propertyId, fiscalYear);
  });
}
