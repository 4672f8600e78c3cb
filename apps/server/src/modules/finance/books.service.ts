import { and, asc, desc, eq, exists, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  funds,
  maxAccounts,
  type Account,
  type AccountInput,
  type AccountUpdate,
  type Books,
  type Chart,
  type ChartQuery,
  type ClosePeriod,
  type Fund,
  type JournalEntry,
  type JournalEntryInput,
  type JournalPage,
  type JournalQuery,
  type JurisdictionId,
  type ReverseEntry,
  type ReserveTarget,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  financeBooks,
  glAccounts,
  journalEntries,
  journalLines,
  profiles,
  properties,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { constraintOf, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { financeScope, propertyAdministration } from '../access/scope.ts';

/**
 * An association's books (issue 20, item 1; decision 0043): the chart of accounts with balances, the
 * journal, manual entries, reversals and closing months. The database keeps the books whole (migration
 * 0029: balanced per entry and fund, append-only, nothing posted into a closed month); this service
 * checks the same things first so that a person gets a clear message naming what to correct.
 *
 * Read by the association's managers and board (financeScope), kept by its managers and admins
 * (propertyAdministration). Every figure is a sum of journal lines.
 */

export const fieldError = (status: 400 | 409 | 422, code: string, field: string, message: string) =>
  new AppError(status, code, message, { fields: { [field]: message } });

export type PropertyRow = {
  id: string;
  name: string;
  today: string;
  timeZone: string;
  jurisdiction: JurisdictionId;
};

/** The property with today's date in its time zone, if the condition lets the caller see it. */
export async function requireProperty(
  db: Db,
  propertyId: string,
  condition: SQL | undefined,
): Promise<PropertyRow> {
  const [row] = await db
    .select({
      id: properties.id,
      name: properties.name,
      today: sql<string>`to_char(now() at time zone ${properties.timeZone}, 'YYYY-MM-DD')`,
      timeZone: properties.timeZone,
      jurisdiction: properties.jurisdiction,
    })
    .from(properties)
    .where(and(eq(properties.id, propertyId), condition));
  if (!row) throw notFound('Property');
  return row;
}

export const requireReader = (ctx: ServiceContext, propertyId: string) =>
  requireProperty(ctx.db, propertyId, financeScope(ctx.actor, sql`${properties.id}`));
export const requireKeeper = (ctx: ServiceContext, db: Db, propertyId: string) =>
  requireProperty(db, propertyId, propertyAdministration(ctx.actor, sql`${properties.id}`));

export async function booksOf(db: Db, propertyId: string) {
  const [books] = await db.select().from(financeBooks).where(eq(financeBooks.propertyId, propertyId));
  // Every property has books from the moment it exists (a trigger opens them).
  if (!books) throw notFound('Books');
  return books;
}

export async function getChart(ctx: ServiceContext, propertyId: string, query: ChartQuery): Promise<Chart> {
  const property = await requireReader(ctx, propertyId);
  const asOf = query.asOf ?? property.today;
  const books = await booksOf(ctx.db, propertyId);
  const balances = ctx.db
    .select({
      accountId: journalLines.accountId,
      balance: sql<string>`sum(${journalLines.amountCents})`.as('balance'),
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(and(eq(journalLines.propertyId, propertyId), lte(journalEntries.postedOn, asOf)))
    .groupBy(journalLines.accountId)
    .as('balances');
  const rows = await ctx.db
    .select({
      id: glAccounts.id,
      code: glAccounts.code,
      name: glAccounts.name,
      type: glAccounts.type,
      fund: glAccounts.fund,
      isActive: glAccounts.isActive,
      systemKey: glAccounts.systemKey,
      balance: balances.balance,
    })
    .from(glAccounts)
    .leftJoin(balances, eq(balances.accountId, glAccounts.id))
    .where(eq(glAccounts.propertyId, propertyId))
    .orderBy(asc(glAccounts.code));
  const accounts: Account[] = rows.map(({ balance, ...row }) => ({
    ...row,
    balanceCents: Number(balance ?? 0),
  }));
  return {
    books: booksView(books),
    asOf,
    accounts,
    funds: funds.map((fund) => {
      const ofFund = accounts.filter((account) => account.fund === fund);
      return {
        fund,
        debitsCents: ofFund.reduce((sum, a) => (a.balanceCents > 0 ? sum + a.balanceCents : sum), 0),
        creditsCents: ofFund.reduce((sum, a) => (a.balanceCents < 0 ? sum - a.balanceCents : sum), 0),
      };
    }),
  };
}

const toAccount = (row: typeof glAccounts.$inferSelect, balanceCents = 0): Account => ({
  id: row.id,
  code: row.code,
  name: row.name,
  type: row.type,
  fund: row.fund,
  isActive: row.isActive,
  systemKey: row.systemKey,
  balanceCents,
});

const duplicateCode = (code: string) =>
  fieldError(409, 'ACCOUNT_CODE_TAKEN', 'code', `Another account already has the code ${code}`);

export async function createAccount(
  ctx: ServiceContext,
  propertyId: string,
  input: AccountInput,
): Promise<Account> {
  return ctx.db.transaction(async (tx) => {
    await requireKeeper(ctx, tx, propertyId);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(glAccounts)
      .where(eq(glAccounts.propertyId, propertyId));
    if (count >= maxAccounts)
      throw new AppError(409, 'TOO_MANY_ACCOUNTS', `A chart holds at most ${maxAccounts} accounts`);
    try {
      const [row] = await tx
        .insert(glAccounts)
        .values({ propertyId, code: input.code, name: input.name, type: input.type, fund: input.fund })
        .returning();
      return toAccount(row!);
    } catch (error) {
      if (isUniqueViolation(error, 'gl_accounts_property_code_key')) throw duplicateCode(input.code);
      throw error;
    }
  });
}

export async function updateAccount(
  ctx: ServiceContext,
  propertyId: string,
  accountId: string,
  input: AccountUpdate,
): Promise<Account> {
  return ctx.db.transaction(async (tx) => {
    await requireKeeper(ctx, tx, propertyId);
    try {
      const [row] = await tx
        .update(glAccounts)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(glAccounts.id, accountId), eq(glAccounts.propertyId, propertyId)))
        .returning();
      if (!row) throw notFound('Account');
      const [balance] = await tx
        .select({ sum: sql<string>`coalesce(sum(${journalLines.amountCents}), 0)` })
        .from(journalLines)
        .where(eq(journalLines.accountId, accountId));
      return toAccount(row, Number(balance?.sum ?? 0));
    } catch (error) {
      if (isUniqueViolation(error, 'gl_accounts_property_code_key') && input.code)
        throw duplicateCode(input.code);
      throw error;
    }
  });
}

/** A line to post: a signed amount (debit positive, credit negative) to an account, maybe for a unit. */
export type PostingLine = { accountId: string; amountCents: number; unitId?: string; memo?: string };
export type Posting = {
  propertyId: string;
  postedOn: string;
  memo: string;
  sourceType: string;
  sourceId?: string;
  reversesId?: string;
  createdBy: string | null;
  lines: PostingLine[];
};

const lineField = (index: number, field: string) => `lines.${index}.${field}`;

/**
 * Posts one entry inside the caller's transaction, after checking what the database will check, so the
 * person is told which line or fund is wrong. Later domains (charges, payments, fees) post through here.
 */
export async function postEntry(tx: Db, posting: Posting): Promise<string> {
  const books = await booksOf(tx, posting.propertyId);
  if (books.closedThrough && posting.postedOn <= books.closedThrough)
    throw fieldError(
      409,
      'PERIOD_CLOSED',
      'postedOn',
      `The books are closed through ${books.closedThrough}: post on a later day`,
    );
  const accountIds = [...new Set(posting.lines.map((line) => line.accountId))];
  const accounts = await tx
    .select()
    .from(glAccounts)
    .where(and(eq(glAccounts.propertyId, posting.propertyId), inArray(glAccounts.id, accountIds)));
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const unitIds = [...new Set(posting.lines.flatMap((line) => (line.unitId ? [line.unitId] : [])))];
  const knownUnits = new Set(
    unitIds.length === 0
      ? []
      : (
          await tx
            .select({ id: units.id })
            .from(units)
            .where(and(eq(units.propertyId, posting.propertyId), inArray(units.id, unitIds)))
        ).map((unit) => unit.id),
  );
  const totals = new Map<Fund, number>();
  posting.lines.forEach((line, index) => {
    const account = accountById.get(line.accountId);
    if (!account)
      throw fieldError(
        400,
        'UNKNOWN_ACCOUNT',
        lineField(index, 'accountId'),
        'Choose an account of these books',
      );
    if (!account.isActive)
      throw fieldError(
        409,
        'ACCOUNT_INACTIVE',
        lineField(index, 'accountId'),
        `Account ${account.code} ${account.name} is inactive: nothing can be posted to it`,
      );
    if (line.unitId && !knownUnits.has(line.unitId))
      throw fieldError(400, 'UNKNOWN_UNIT', lineField(index, 'unitId'), 'Choose a unit of this association');
    totals.set(account.fund, (totals.get(account.fund) ?? 0) + line.amountCents);
  });
  const unbalanced = [...totals].filter(([, total]) => total !== 0);
  if (unbalanced.length > 0) {
    const detail = unbalanced
      .map(([fund, total]) => `${fund} ${total > 0 ? 'debits' : 'credits'} exceed by ${Math.abs(total)}¢`)
      .join('; ');
    throw fieldError(
      400,
      'ENTRY_UNBALANCED',
      'lines',
      `Debits and credits must be equal in each fund (${detail}). A transfer between funds goes through their due-to and due-from accounts.`,
    );
  }
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      propertyId: posting.propertyId,
      postedOn: posting.postedOn,
      memo: posting.memo,
      sourceType: posting.sourceType,
      sourceId: posting.sourceId,
      reversesId: posting.reversesId,
      createdBy: posting.createdBy,
    })
    .returning({ id: journalEntries.id });
  await tx.insert(journalLines).values(
    posting.lines.map((line) => ({
      entryId: entry!.id,
      propertyId: posting.propertyId,
      accountId: line.accountId,
      fund: accountById.get(line.accountId)!.fund,
      unitId: line.unitId,
      amountCents: line.amountCents,
      memo: line.memo,
    })),
  );
  return entry!.id;
}

/** What the database refuses at commit or on insert, said as the service would have said it. */
function bookkeepingConflict(error: unknown): AppError | undefined {
  const constraint = constraintOf(error);
  if (constraint === 'journal_entries_period_open')
    return new AppError(
      409,
      'PERIOD_CLOSED',
      'The books were closed for that day meanwhile: post on a later day',
    );
  if (constraint === 'journal_lines_account_active')
    return new AppError(409, 'ACCOUNT_INACTIVE', 'An account was made inactive meanwhile: choose another');
  if (isUniqueViolation(error, 'journal_entries_reverses_key'))
    return new AppError(409, 'ALREADY_REVERSED', 'This entry has already been reversed');
  return undefined;
}

export async function inTransaction<T>(ctx: ServiceContext, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    throw bookkeepingConflict(error) ?? error;
  }
}

export async function createEntry(
  ctx: ServiceContext,
  propertyId: string,
  input: JournalEntryInput,
): Promise<JournalEntry> {
  const id = await inTransaction(ctx, async (tx) => {
    await requireKeeper(ctx, tx, propertyId);
    return postEntry(tx, {
      propertyId,
      postedOn: input.postedOn,
      memo: input.memo,
      sourceType: 'manual',
      createdBy: ctx.actor.id,
      lines: input.lines.map((line) => ({
        accountId: line.accountId,
        amountCents: line.debitCents ?? -line.creditCents!,
        unitId: line.unitId,
        memo: line.memo || undefined,
      })),
    });
  });
  return (await entriesByIds(ctx.db, [id]))[0]!;
}

export async function reverseEntry(
  ctx: ServiceContext,
  propertyId: string,
  entryId: string,
  input: ReverseEntry,
): Promise<JournalEntry> {
  const id = await inTransaction(ctx, async (tx) => {
    const property = await requireKeeper(ctx, tx, propertyId);
    const [original] = await entriesByIds(tx, [entryId], propertyId);
    if (!original) throw notFound('Entry');
    if (original.reversesId)
      throw new AppError(409, 'IS_REVERSAL', 'A reversal cannot be reversed: post a new entry instead');
    if (original.reversedById)
      throw new AppError(409, 'ALREADY_REVERSED', 'This entry has already been reversed');
    // A vendor invoice's payment is undone on the invoice, which reverses it here and approves the invoice
    // again: reversed here alone, the invoice would still say paid.
    if (original.sourceType === 'vendor_invoice')
      throw new AppError(
        409,
        'INVOICE_PAYMENT_ENTRY',
        'This entry is the payment of a vendor invoice: void the payment on the invoice, which reverses it here',
      );
    // The reason, as given; the entry it reverses is named by `reversesId`.
    return postReversal(tx, propertyId, original, {
      postedOn: input.postedOn ?? property.today,
      memo: input.reason,
      createdBy: ctx.actor.id,
    });
  });
  return (await entriesByIds(ctx.db, [id]))[0]!;
}

/** An entry of the property's books with its lines, and whether it was reversed; null when it is not one. */
export async function entryOf(db: Db, propertyId: string, entryId: string): Promise<JournalEntry | null> {
  return (await entriesByIds(db, [entryId], propertyId))[0] ?? null;
}

/**
 * Posts, inside the caller's transaction, the entry that reverses `original`: each of its lines the other
 * way round (units and memos kept). The caller has checked it may be reversed.
 */
export function postReversal(
  tx: Db,
  propertyId: string,
  original: JournalEntry,
  entry: { postedOn: string; memo: string; createdBy: string },
): Promise<string> {
  return postEntry(tx, {
    propertyId,
    postedOn: entry.postedOn,
    memo: entry.memo,
    sourceType: 'reversal',
    reversesId: original.id,
    createdBy: entry.createdBy,
    lines: original.lines.map((line) => ({
      accountId: line.accountId,
      amountCents: -line.amountCents,
      unitId: line.unitId ?? undefined,
      memo: line.memo ?? undefined,
    })),
  });
}

/** Entries with their lines, in the order of the ids given. */
async function entriesByIds(db: Db, ids: string[], propertyId?: string): Promise<JournalEntry[]> {
  if (ids.length === 0) return [];
  const reversal = sql<
    string | null
  >`(select r.id from journal_entries r where r.reverses_id = ${journalEntries.id})`;
  const entries = await db
    .select({
      id: journalEntries.id,
      number: journalEntries.number,
      postedOn: journalEntries.postedOn,
      memo: journalEntries.memo,
      sourceType: journalEntries.sourceType,
      reversesId: journalEntries.reversesId,
      reversedById: reversal,
      createdBy: journalEntries.createdBy,
      createdByName: profiles.fullName,
      createdAt: journalEntries.createdAt,
    })
    .from(journalEntries)
    .leftJoin(profiles, eq(profiles.id, journalEntries.createdBy))
    .where(
      and(
        inArray(journalEntries.id, ids),
        propertyId ? eq(journalEntries.propertyId, propertyId) : undefined,
      ),
    );
  const lines = await db
    .select({
      id: journalLines.id,
      entryId: journalLines.entryId,
      accountId: journalLines.accountId,
      accountCode: glAccounts.code,
      accountName: glAccounts.name,
      fund: journalLines.fund,
      unitId: journalLines.unitId,
      unitLabel: units.label,
      amountCents: journalLines.amountCents,
      memo: journalLines.memo,
    })
    .from(journalLines)
    .innerJoin(glAccounts, eq(glAccounts.id, journalLines.accountId))
    .leftJoin(units, eq(units.id, journalLines.unitId))
    .where(inArray(journalLines.entryId, ids))
    // Debits first, then credits, each by account code: how an entry is written on paper.
    .orderBy(sql`${journalLines.amountCents} < 0`, asc(glAccounts.code), asc(journalLines.id));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return ids.flatMap((id) => {
    const entry = byId.get(id);
    if (!entry) return [];
    return [
      {
        ...entry,
        createdAt: entry.createdAt.toISOString(),
        lines: lines.filter((line) => line.entryId === id).map(({ entryId: _, ...line }) => line),
      },
    ];
  });
}

export async function listJournal(
  ctx: ServiceContext,
  propertyId: string,
  query: JournalQuery,
): Promise<JournalPage> {
  await requireReader(ctx, propertyId);
  const conditions = and(
    eq(journalEntries.propertyId, propertyId),
    query.from ? gte(journalEntries.postedOn, query.from) : undefined,
    query.to ? lte(journalEntries.postedOn, query.to) : undefined,
    query.accountId
      ? exists(
          ctx.db
            .select({ one: sql`1` })
            .from(journalLines)
            .where(
              and(eq(journalLines.entryId, journalEntries.id), eq(journalLines.accountId, query.accountId)),
            ),
        )
      : undefined,
  );
  const rows = await ctx.db
    .select({ id: journalEntries.id, total: sql<number>`(count(*) over ())::int` })
    .from(journalEntries)
    .where(conditions)
    .orderBy(desc(journalEntries.postedOn), desc(journalEntries.number))
    .limit(query.limit)
    .offset(offsetOf(query));
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await ctx.db
            .select({ count: sql<number>`count(*)::int` })
            .from(journalEntries)
            .where(conditions)
        )[0]?.count ?? 0)
      : 0);
  return {
    entries: await entriesByIds(
      ctx.db,
      rows.map((row) => row.id),
    ),
    total,
    page: query.page,
    limit: query.limit,
  };
}

const lastDayOf = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
};

/** Closes the books through the end of a month that has ended: nothing more is posted on or before it. */
export async function closeBooks(ctx: ServiceContext, propertyId: string, input: ClosePeriod) {
  return ctx.db.transaction(async (tx) => {
    const property = await requireKeeper(ctx, tx, propertyId);
    const through = lastDayOf(input.through);
    if (through >= property.today)
      throw fieldError(409, 'MONTH_NOT_ENDED', 'through', 'A month can be closed once it has ended');
    const [books] = await tx
      .select()
      .from(financeBooks)
      .where(eq(financeBooks.propertyId, propertyId))
      .for('update');
    if (!books) throw notFound('Books');
    if (books.closedThrough && through <= books.closedThrough)
      throw fieldError(
        409,
        'ALREADY_CLOSED',
        'through',
        `The books are already closed through ${books.closedThrough}`,
      );
    const [updated] = await tx
      .update(financeBooks)
      .set({ closedThrough: through, updatedAt: new Date() })
      .where(eq(financeBooks.propertyId, propertyId))
      .returning();
    return booksView(updated!);
  });
}

/** The books' settings as callers see them. */
export function booksView(books: typeof financeBooks.$inferSelect): Books {
  return {
    propertyId: books.propertyId,
    fiscalYearStartMonth: books.fiscalYearStartMonth,
    closedThrough: books.closedThrough,
    reserveTargetCents: books.reserveTargetCents,
    reserveTargetSource: books.reserveTargetSource,
  };
}

/**
 * Records the reserve fund's target and its source (a reserve study, the board's funding plan), or
 * clears both. Only a person records it: the product never estimates one.
 */
export async function setReserveTarget(
  ctx: ServiceContext,
  propertyId: string,
  input: ReserveTarget,
): Promise<Books> {
  return ctx.db.transaction(async (tx) => {
    await requireKeeper(ctx, tx, propertyId);
    const [updated] = await tx
      .update(financeBooks)
      .set({
        reserveTargetCents: input.targetCents,
        reserveTargetSource: input.targetCents === null ? null : input.source,
        updatedAt: new Date(),
      })
      .where(eq(financeBooks.propertyId, propertyId))
      .returning();
    if (!updated) throw notFound('Books');
    return booksView(updated);
  });
}
