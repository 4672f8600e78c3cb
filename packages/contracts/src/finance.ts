import { z } from 'zod';
import { centsSchema } from './money.ts';
import { pageFields, pageQueryFields } from './paging.ts';

/**
 * An association's books (issue 20, item 1; decision 0043): a chart of accounts in funds, and an
 * append-only double-entry journal that the database keeps balanced per entry and per fund. A line's
 * amount is signed: a debit is positive, a credit negative, so every entry's lines add up to zero.
 */

export const accountTypes = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof accountTypes)[number];
export const accountTypeLabels: Record<AccountType, string> = {
  asset: 'Asset',
  liability: 'Liability',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expense',
};

export const funds = ['operating', 'reserve', 'special'] as const;
export type Fund = (typeof funds)[number];
export const fundLabels: Record<Fund, string> = {
  operating: 'Operating',
  reserve: 'Reserve',
  special: 'Special',
};

/** Liabilities, equity and income grow with credits: their balance is shown as credits minus debits. */
export const isCreditNormal = (type: AccountType) => type !== 'asset' && type !== 'expense';

/** An association's chart holds at most this many accounts, so it is read whole. */
export const maxAccounts = 500;

const day = (field: string) => z.iso.date(`${field} must be a date (YYYY-MM-DD)`);

export const monthSchema = z
  .string('Month is required')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be given as YYYY-MM');

export const accountSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.enum(accountTypes),
  fund: z.enum(funds),
  isActive: z.boolean(),
  /** Set on the accounts of the default chart that the product posts to itself (receivables, cash…). */
  systemKey: z.string().nullable(),
  /** Debits minus credits of every line up to the day asked for. */
  balanceCents: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

export const booksSchema = z.object({
  propertyId: z.string(),
  /** The month a fiscal year starts (1 = January). */
  fiscalYearStartMonth: z.number().int().min(1).max(12),
  /** The last day of the last closed month; nothing may be posted on or before it. */
  closedThrough: z.string().nullable(),
});
export type Books = z.infer<typeof booksSchema>;

/** The chart of accounts with each account's balance on a day: the trial balance. */
export const chartSchema = z.object({
  books: booksSchema,
  asOf: z.string(),
  accounts: z.array(accountSchema),
  /** Per fund, the sum of debit balances and of credit balances, which the database keeps equal. */
  funds: z.array(
    z.object({ fund: z.enum(funds), debitsCents: z.number().int(), creditsCents: z.number().int() }),
  ),
});
export type Chart = z.infer<typeof chartSchema>;

export const chartQuerySchema = z.object({ asOf: day('As-of date').optional() });
export type ChartQuery = z.infer<typeof chartQuerySchema>;

const codeField = z
  .string('Code is required')
  .trim()
  .min(1, 'Code is required')
  .max(20, 'Code must be at most 20 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'Code may use letters, digits, dots and dashes');
const nameField = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const accountInputSchema = z.object({
  code: codeField,
  name: nameField,
  type: z.enum(accountTypes, 'Choose the account type'),
  fund: z.enum(funds, 'Choose the fund'),
});
export type AccountInput = z.infer<typeof accountInputSchema>;

/** What may change on an account once made: its type and fund never do (its lines depend on them). */
export const accountUpdateSchema = z.object({
  code: codeField.optional(),
  name: nameField.optional(),
  isActive: z.boolean().optional(),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

export const accountParamsSchema = z.object({
  id: z.uuid('Property id must be a UUID'),
  accountId: z.uuid('Account id must be a UUID'),
});

const positiveCents = centsSchema.refine((value) => value > 0, 'Amount must be more than zero');

export const journalLineInputSchema = z
  .object({
    accountId: z.uuid('Choose an account'),
    debitCents: positiveCents.optional(),
    creditCents: positiveCents.optional(),
    unitId: z.uuid('Unit id must be a UUID').optional(),
    memo: z.string().trim().max(200, 'A line memo must be at most 200 characters').optional(),
  })
  .refine((line) => (line.debitCents === undefined) !== (line.creditCents === undefined), {
    message: 'Each line is either a debit or a credit',
    path: ['debitCents'],
  });
export type JournalLineInput = z.infer<typeof journalLineInputSchema>;

export const journalEntryInputSchema = z.object({
  postedOn: day('Posting date'),
  memo: z
    .string('Memo is required')
    .trim()
    .min(1, 'Say what the entry is for')
    .max(500, 'Memo must be at most 500 characters'),
  lines: z
    .array(journalLineInputSchema)
    .min(2, 'An entry needs at least two lines')
    .max(200, 'An entry may have at most 200 lines'),
});
export type JournalEntryInput = z.infer<typeof journalEntryInputSchema>;

export const reverseEntrySchema = z.object({
  postedOn: day('Posting date').optional(),
  reason: z
    .string('Say why the entry is reversed')
    .trim()
    .min(1, 'Say why the entry is reversed')
    .max(500, 'Reason must be at most 500 characters'),
});
export type ReverseEntry = z.infer<typeof reverseEntrySchema>;

export const journalLineSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  fund: z.enum(funds),
  unitId: z.string().nullable(),
  unitLabel: z.string().nullable(),
  amountCents: z.number().int(),
  memo: z.string().nullable(),
});
export type JournalLine = z.infer<typeof journalLineSchema>;

export const journalEntrySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  postedOn: z.string(),
  memo: z.string(),
  sourceType: z.string(),
  reversesId: z.string().nullable(),
  reversedById: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(journalLineSchema),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalQuerySchema = z.object({
  ...pageQueryFields(25),
  accountId: z.uuid('Account id must be a UUID').optional(),
  from: day('From').optional(),
  to: day('To').optional(),
});
export type JournalQuery = z.infer<typeof journalQuerySchema>;

export const journalPageSchema = z.object({ entries: z.array(journalEntrySchema), ...pageFields });
export type JournalPage = z.infer<typeof journalPageSchema>;

export const journalEntryParamsSchema = z.object({
  id: z.uuid('Property id must be a UUID'),
  entryId: z.uuid('Entry id must be a UUID'),
});

export const closePeriodSchema = z.object({ through: monthSchema });
export type ClosePeriod = z.infer<typeof closePeriodSchema>;

/** The sum of an entry's debits, for showing an entry's size. */
export const entryTotalCents = (lines: { amountCents: number }[]) =>
  lines.reduce((sum, line) => (line.amountCents > 0 ? sum + line.amountCents : sum), 0);
