import { z } from 'zod';
import { centsSchema } from './money.ts';
import { pageFields, pageQueryFields } from './paging.ts';
import { unitKinds } from './units.ts';

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
  /** The reserve fund's target and where it comes from; null until a manager records them. */
  reserveTargetCents: z.number().int().nullable(),
  reserveTargetSource: z.string().nullable(),
});
export type Books = z.infer<typeof booksSchema>;

/** The reserve fund's target from the reserve study or funding plan; both null to clear it. */
export const reserveTargetSchema = z
  .object({
    targetCents: centsSchema.refine((value) => value > 0, 'The target is more than zero').nullable(),
    source: z.string('Say where the target comes from').trim().max(200, 'At most 200 characters').nullable(),
  })
  .refine((input) => input.targetCents === null || (input.source ?? '') !== '', {
    message: 'Say where the target comes from, e.g. the reserve study of 2025',
    path: ['source'],
  });
export type ReserveTarget = z.infer<typeof reserveTargetSchema>;

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

// --- Assessments and charges (issue 20, item 2; decision 0044) -------------------------------------

export const scheduleKinds = ['regular', 'special'] as const;
export type ScheduleKind = (typeof scheduleKinds)[number];
export const scheduleKindLabels: Record<ScheduleKind, string> = {
  regular: 'Regular assessment',
  special: 'Special assessment',
};

export const frequencies = ['monthly', 'quarterly', 'yearly'] as const;
export type Frequency = (typeof frequencies)[number];
export const frequencyLabels: Record<Frequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};
/** Months between two due dates. */
export const frequencyMonths: Record<Frequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export const allocations = ['equal', 'share', 'by_kind'] as const;
export type Allocation = (typeof allocations)[number];
export const allocationLabels: Record<Allocation, string> = {
  equal: 'The same amount for every unit',
  share: "A total split by each unit's share",
  by_kind: 'A fixed amount per kind of unit',
};

export const chargeKinds = [
  'assessment',
  'special_assessment',
  'late_fee',
  'interest',
  'fine',
  'fee',
  'other',
] as const;
export type ChargeKind = (typeof chargeKinds)[number];
export const chargeKindLabels: Record<ChargeKind, string> = {
  assessment: 'Assessment',
  special_assessment: 'Special assessment',
  late_fee: 'Late fee',
  interest: 'Interest',
  fine: 'Fine',
  fee: 'Fee',
  other: 'Other charge',
};
/** What a manager may charge by hand; the rest come from schedules, rules and enforcement. */
export const oneOffChargeKinds = ['fee', 'other'] as const;

const scheduleNameField = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const assessmentScheduleInputSchema = z
  .object({
    name: scheduleNameField,
    kind: z.enum(scheduleKinds, 'Choose regular or special'),
    frequency: z.enum(frequencies, 'Choose monthly, quarterly or yearly'),
    dueDay: z
      .number('Due day is required')
      .int('Due day must be a whole number')
      .min(1, 'Due day must be between 1 and 31')
      .max(31, 'Due day must be between 1 and 31'),
    startsOn: day('Start date'),
    endsOn: day('End date').optional(),
    installments: z
      .number('Installments must be a number')
      .int('Installments must be a whole number')
      .min(1, 'A special assessment has at least one installment')
      .max(120, 'A special assessment has at most 120 installments')
      .optional(),
    allocation: z.enum(allocations, 'Choose how the amount is shared between units'),
    amountCents: positiveCents.optional(),
    kindAmounts: z.partialRecord(z.enum(unitKinds), positiveCents).optional(),
    incomeAccountId: z.uuid('Choose an income account').optional(),
    adoptedBy: z
      .string('Say which budget or resolution adopted it')
      .trim()
      .min(1, 'Say which budget or resolution adopted it')
      .max(200, 'At most 200 characters'),
    emergencyFinding: z.string().trim().min(1).max(1000, 'At most 1,000 characters').optional(),
  })
  .superRefine((input, issue) => {
    if (input.kind === 'special' && input.installments === undefined)
      issue.addIssue({
        code: 'custom',
        path: ['installments'],
        message: 'Say in how many installments it is paid',
      });
    if (input.kind === 'regular' && input.installments !== undefined)
      issue.addIssue({
        code: 'custom',
        path: ['installments'],
        message: 'Only a special assessment has installments',
      });
    if (input.kind === 'special' && input.endsOn !== undefined)
      issue.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'A special assessment ends with its last installment',
      });
    if (input.allocation === 'by_kind') {
      if (!input.kindAmounts || Object.keys(input.kindAmounts).length === 0)
        issue.addIssue({ code: 'custom', path: ['kindAmounts'], message: 'Give an amount per kind of unit' });
      if (input.amountCents !== undefined)
        issue.addIssue({
          code: 'custom',
          path: ['amountCents'],
          message: 'A per-kind schedule takes amounts per kind of unit, not one amount',
        });
    } else if (input.amountCents === undefined)
      issue.addIssue({ code: 'custom', path: ['amountCents'], message: 'Amount is required' });
    if (input.endsOn !== undefined && input.endsOn < input.startsOn)
      issue.addIssue({ code: 'custom', path: ['endsOn'], message: 'The end date is after the start date' });
  });
export type AssessmentScheduleInput = z.infer<typeof assessmentScheduleInputSchema>;

/** A schedule's terms never change (a new amount is a new schedule); its name and end may. */
export const assessmentScheduleUpdateSchema = z.object({
  name: scheduleNameField.optional(),
  endsOn: day('End date').nullable().optional(),
});
export type AssessmentScheduleUpdate = z.infer<typeof assessmentScheduleUpdateSchema>;

const accountRefSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  fund: z.enum(funds),
});

export const scheduleStatuses = ['upcoming', 'active', 'ended'] as const;
export const assessmentScheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(scheduleKinds),
  frequency: z.enum(frequencies),
  dueDay: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  installments: z.number().int().nullable(),
  allocation: z.enum(allocations),
  amountCents: z.number().int().nullable(),
  kindAmounts: z.partialRecord(z.enum(unitKinds), z.number().int()).nullable(),
  incomeAccount: accountRefSchema,
  adoptedBy: z.string(),
  emergencyFinding: z.string().nullable(),
  postedThrough: z.string().nullable(),
  /** The next due date still to post, or null when the schedule has ended. */
  nextDueOn: z.string().nullable(),
  /** What the next due date bills across today's units. */
  nextTotalCents: z.number().int().nullable(),
  status: z.enum(scheduleStatuses),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type AssessmentSchedule = z.infer<typeof assessmentScheduleSchema>;

export const assessmentScheduleListSchema = z.object({
  schedules: z.array(assessmentScheduleSchema),
  /** The association's jurisdiction, for the rules shown beside special assessments. */
  jurisdiction: z.string(),
  timeZone: z.string(),
  today: z.string(),
});
export type AssessmentScheduleList = z.infer<typeof assessmentScheduleListSchema>;

export const assessmentScheduleParamsSchema = z.object({
  id: z.uuid('Property id must be a UUID'),
  scheduleId: z.uuid('Schedule id must be a UUID'),
});

/** One charge a run would post (preview) or posted. */
export const chargePreviewItemSchema = z.object({
  scheduleId: z.string(),
  scheduleName: z.string(),
  unitId: z.string(),
  unitLabel: z.string(),
  dueOn: z.string(),
  period: z.string(),
  installment: z.number().int().nullable(),
  amountCents: z.number().int(),
});
export type ChargePreviewItem = z.infer<typeof chargePreviewItemSchema>;

export const chargePreviewSchema = z.object({
  /** The charges due on or before this day that are not yet posted. */
  through: z.string(),
  groups: z.array(
    z.object({
      scheduleId: z.string(),
      scheduleName: z.string(),
      dueOn: z.string(),
      period: z.string(),
      installment: z.number().int().nullable(),
      unitCount: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  /** The first charges, by schedule, due date and unit; `itemCount` says how many there are in all. */
  items: z.array(chargePreviewItemSchema),
  itemCount: z.number().int(),
  totalCents: z.number().int(),
});
export type ChargePreview = z.infer<typeof chargePreviewSchema>;
export const previewItemsShown = 200;
/** A preview looks at most this far ahead (so its groups stay few). */
export const previewMaxDaysAhead = 366;
/** An association has at most this many schedules, so they are read whole. */
export const maxSchedules = 100;

export const chargePreviewQuerySchema = z.object({ through: day('Through').optional() });

export const chargeInputSchema = z.object({
  unitId: z.uuid('Choose a unit'),
  kind: z.enum(oneOffChargeKinds, 'Choose fee or other charge'),
  description: z
    .string('Say what the charge is for')
    .trim()
    .min(1, 'Say what the charge is for')
    .max(200, 'At most 200 characters'),
  amountCents: positiveCents,
  dueOn: day('Due date'),
  incomeAccountId: z.uuid('Choose an income account').optional(),
});
export type ChargeInput = z.infer<typeof chargeInputSchema>;

export const chargeSchema = z.object({
  id: z.string(),
  unit: z.object({ id: z.string(), label: z.string() }),
  kind: z.enum(chargeKinds),
  description: z.string(),
  dueOn: z.string(),
  postedOn: z.string(),
  amountCents: z.number().int(),
  incomeAccount: accountRefSchema,
  scheduleId: z.string().nullable(),
  period: z.string().nullable(),
  installment: z.number().int().nullable(),
  journalEntryId: z.string(),
  journalEntryNumber: z.number().int(),
  /** What is still owed on it. */
  openCents: z.number().int(),
  /** Set when the charge was waived (its entry reversed), with the reason. */
  waived: z.object({ on: z.string(), reason: z.string() }).nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const chargeListQuerySchema = z.object({
  ...pageQueryFields(25),
  unitId: z.uuid('Unit id must be a UUID').optional(),
  scheduleId: z.uuid('Schedule id must be a UUID').optional(),
});
export const chargePageSchema = z.object({ charges: z.array(chargeSchema), ...pageFields });
export type ChargePage = z.infer<typeof chargePageSchema>;

export const unitLedgerParamsSchema = z.object({
  id: z.uuid('Property id must be a UUID'),
  unitId: z.uuid('Unit id must be a UUID'),
});
export const unitLedgerQuerySchema = z.object({ ...pageQueryFields(50) });

/**
 * A unit's account: every journal entry that touched the unit's owner accounts (receivables, prepaid),
 * newest first, with what it changed and the balance after it. Positive amounts are what the unit owes
 * more, negative less; a credit applied to a charge changes nothing in total (shown as 0).
 */
export const unitLedgerSchema = z.object({
  unit: z.object({ id: z.string(), label: z.string() }),
  balanceCents: z.number().int(),
  lines: z.array(
    z.object({
      /** The entry's id (one row per entry). */
      id: z.string(),
      entryId: z.string(),
      entryNumber: z.number().int(),
      postedOn: z.string(),
      memo: z.string(),
      sourceType: z.string(),
      charge: z
        .object({ id: z.string(), kind: z.enum(chargeKinds), dueOn: z.string(), description: z.string() })
        .nullable(),
      reversesEntryId: z.string().nullable(),
      amountCents: z.number().int(),
      balanceCents: z.number().int(),
    }),
  ),
  ...pageFields,
});
export type UnitLedger = z.infer<typeof unitLedgerSchema>;

// --- Budgets (issue 20; decision 0044) ---------------------------------------------------------------

export const budgetStatuses = ['draft', 'adopted'] as const;
export type BudgetStatus = (typeof budgetStatuses)[number];

export const fiscalYearParamsSchema = z.object({
  id: z.uuid('Property id must be a UUID'),
  year: z.coerce
    .number('Fiscal year must be a year')
    .int('Fiscal year must be a year')
    .min(2000, 'Fiscal year must be between 2000 and 2200')
    .max(2200, 'Fiscal year must be between 2000 and 2200'),
});

const budgetMonthsSchema = z
  .array(
    centsSchema.refine((value) => value >= 0, 'A budgeted amount is zero or more'),
    'Give twelve monthly amounts',
  )
  .length(12, 'Give twelve monthly amounts, one per month of the fiscal year');

export const budgetInputSchema = z.object({
  lines: z
    .array(z.object({ accountId: z.uuid('Choose an account'), months: budgetMonthsSchema }))
    .max(maxAccounts, `A budget has at most ${maxAccounts} lines`),
});
export type BudgetInput = z.infer<typeof budgetInputSchema>;

export const adoptBudgetSchema = z.object({
  adoptedBy: z
    .string('Say which meeting or resolution adopted it')
    .trim()
    .min(1, 'Say which meeting or resolution adopted it')
    .max(200, 'At most 200 characters'),
});
export type AdoptBudget = z.infer<typeof adoptBudgetSchema>;

export const budgetSchema = z.object({
  fiscalYear: z.number().int(),
  /** The fiscal year's first and last days. */
  startsOn: z.string(),
  endsOn: z.string(),
  /** `none` when nothing has been saved for the year yet. */
  status: z.enum([...budgetStatuses, 'none']),
  adoptedBy: z.string().nullable(),
  adoptedAt: z.string().nullable(),
  lines: z.array(
    z.object({
      accountId: z.string(),
      code: z.string(),
      name: z.string(),
      type: z.enum(accountTypes),
      fund: z.enum(funds),
      months: z.array(z.number().int()),
      totalCents: z.number().int(),
    }),
  ),
  /** Budgeted income and expense for the year, per fund. */
  totals: z.array(
    z.object({ fund: z.enum(funds), incomeCents: z.number().int(), expenseCents: z.number().int() }),
  ),
});
export type Budget = z.infer<typeof budgetSchema>;

// --- Payments (issue 20, item 4; decision 0045) -----------------------------------------------------

export const paymentMethods = ['card', 'ach', 'check', 'cash', 'bank_transfer', 'external'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: 'Card',
  ach: 'Bank account (ACH)',
  check: 'Check',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  external: 'Another payment portal',
};
/** What a manager records by hand; cards and bank debits come through a payment provider. */
export const recordedPaymentMethods = ['check', 'cash', 'bank_transfer', 'external'] as const;

export const paymentProviders = ['manual', 'test', 'stripe'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const paymentStatuses = ['pending', 'succeeded', 'failed', 'reversed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Received',
  failed: 'Failed',
  reversed: 'Returned',
};

/** The largest single payment an association accepts unless it sets its own (in its books). */
export const defaultMaxPaymentCents = 10_000_000;

const receivedOnField = day('Date received');

const recordedPaymentFields = {
  unitId: z.uuid('Choose a unit'),
  method: z.enum(recordedPaymentMethods, 'Choose check, cash, bank transfer or another portal'),
  amountCents: positiveCents,
  reference: z.string().trim().max(100, 'At most 100 characters').optional(),
  memo: z.string().trim().max(200, 'At most 200 characters').optional(),
};
const checkNumberGiven = (payment: { method: string; reference?: string | undefined }) =>
  payment.method !== 'check' || (payment.reference ?? '').length > 0;
const checkNumberIssue = { message: 'Give the check number', path: ['reference'] };

export const recordPaymentSchema = z
  .object({ ...recordedPaymentFields, receivedOn: receivedOnField })
  .refine(checkNumberGiven, checkNumberIssue);
export type RecordPayment = z.infer<typeof recordPaymentSchema>;

/** A bank deposit: several payments received together, recorded in one go (all or none). */
export const depositSchema = z.object({
  receivedOn: receivedOnField,
  payments: z
    .array(z.object(recordedPaymentFields).refine(checkNumberGiven, checkNumberIssue))
    .min(1, 'A deposit has at least one payment')
    .max(200, 'A deposit has at most 200 payments'),
});
export type Deposit = z.infer<typeof depositSchema>;

export const reversePaymentSchema = z.object({
  reason: z
    .string('Say why the payment is returned')
    .trim()
    .min(1, 'Say why the payment is returned')
    .max(300, 'At most 300 characters'),
  /** A returned-payment fee charged to the unit, if the association's documents provide one. */
  returnedFeeCents: positiveCents.optional(),
});
export type ReversePayment = z.infer<typeof reversePaymentSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  unit: z.object({ id: z.string(), label: z.string() }),
  method: z.enum(paymentMethods),
  provider: z.enum(paymentProviders),
  status: z.enum(paymentStatuses),
  amountCents: z.number().int(),
  receivedOn: z.string(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  failureReason: z.string().nullable(),
  journalEntryNumber: z.number().int().nullable(),
  /** Where the money went: each charge it paid, and any credit left over (charge null). */
  allocations: z.array(
    z.object({
      chargeId: z.string().nullable(),
      description: z.string(),
      kind: z.enum(chargeKinds).nullable(),
      dueOn: z.string().nullable(),
      amountCents: z.number().int(),
    }),
  ),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListQuerySchema = z.object({
  ...pageQueryFields(25),
  unitId: z.uuid('Unit id must be a UUID').optional(),
});
export const paymentPageSchema = z.object({ payments: z.array(paymentSchema), ...pageFields });
export type PaymentPage = z.infer<typeof paymentPageSchema>;

export const depositResultSchema = z.object({ payments: z.array(paymentSchema) });
export type DepositResult = z.infer<typeof depositResultSchema>;

export const paymentParamsSchema = z.object({
  id: z.uuid('Property id must be a UUID'),
  paymentId: z.uuid('Payment id must be a UUID'),
});

// --- An owner's own accounts and online payments (issue 20, items 4 and 6; decision 0047) -----------

/** What an owner pays with online; checks and cash are recorded by the manager. */
export const onlinePaymentMethods = ['card', 'ach'] as const;
export type OnlinePaymentMethod = (typeof onlinePaymentMethods)[number];

/**
 * How an association takes payments online: the provider (the demo's `test` provider moves no money and
 * says so; null when the association takes none online), the methods, and each method's convenience fee
 * in cents for a given amount's quote (none is charged today: `feeCents` is 0 and the screen says so).
 */
export const onlinePaymentsSchema = z.object({
  provider: z.enum(['test', 'stripe']).nullable(),
  methods: z.array(z.enum(onlinePaymentMethods)),
  /** Said on the payment screen: that no money moves (test), or why there is no online payment. */
  notice: z.string().nullable(),
  maxPaymentCents: z.number().int(),
});
export type OnlinePayments = z.infer<typeof onlinePaymentsSchema>;

export const upcomingChargeSchema = z.object({
  description: z.string(),
  dueOn: z.string(),
  amountCents: z.number().int(),
});
export type UpcomingCharge = z.infer<typeof upcomingChargeSchema>;

/** One unit the caller owns today, with its account as the journal has it. */
export const ownerAccountSchema = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  /** The association's date (YYYY-MM-DD, on its clock): which month is "this month" for its statements. */
  today: z.string(),
  unit: z.object({ id: z.string(), label: z.string() }),
  /** What the unit owes now (negative: paid ahead). */
  balanceCents: z.number().int(),
  /** Of the balance, what was due before today. */
  pastDueCents: z.number().int(),
  /** Paid ahead, not yet applied to a charge. */
  creditCents: z.number().int(),
  /** The next charges the association's schedules will post, on their due day (empty when none). */
  nextCharges: z.array(upcomingChargeSchema),
  payments: onlinePaymentsSchema,
});
export type OwnerAccount = z.infer<typeof ownerAccountSchema>;
export const ownerAccountListSchema = z.object({ accounts: z.array(ownerAccountSchema) });
export type OwnerAccountList = z.infer<typeof ownerAccountListSchema>;

export const ownerAccountParamsSchema = z.object({ unitId: z.uuid('Unit id must be a UUID') });
export const ownerPaymentParamsSchema = ownerAccountParamsSchema.extend({
  paymentId: z.uuid('Payment id must be a UUID'),
});

/** A unit's monthly statement (issue 20, item 8): which month, as YYYY-MM. */
export const statementQuerySchema = z.object({
  month: z
    .string('Choose a month')
    .regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, 'A month is written YYYY-MM, e.g. 2026-11'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** An owner's payment: the amount, the method, the fee they were shown, and a key for retries. */
export const onlinePaymentInputSchema = z.object({
  method: z.enum(onlinePaymentMethods, 'Choose card or bank account'),
  amountCents: positiveCents,
  /** The convenience fee the payer saw and accepted; refused when it is not the fee now. */
  feeCents: z.number().int().min(0),
  /** The same key twice makes one payment (a double click, a retry after a lost answer). */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'A payment key is 8 to 100 letters, digits, dashes or underscores'),
});
export type OnlinePaymentInput = z.infer<typeof onlinePaymentInputSchema>;

/** What the browser needs to collect a card or bank account with Stripe and confirm it there. */
export const providerConfirmationSchema = z.object({
  provider: z.literal('stripe'),
  clientSecret: z.string(),
  publishableKey: z.string(),
});
export type ProviderConfirmation = z.infer<typeof providerConfirmationSchema>;

/**
 * An online payment as just started: with Stripe, what the payer's browser needs to collect the card or
 * bank account and confirm it with Stripe (the payment stays pending until Stripe says it succeeded);
 * null when the provider answered at once (the demo's test provider).
 */
export const startedPaymentSchema = paymentSchema.extend({
  confirmation: providerConfirmationSchema.nullable(),
});
export type StartedPayment = z.infer<typeof startedPaymentSchema>;

/** What the Stripe webhook answers: whether the event was new, and what it did. */
export const providerEventOutcomes = [
  'settled',
  'failed',
  'returned',
  'still_pending',
  'already_done',
  'unknown_payment',
  'amount_mismatch',
  'partial_refund',
  /** A booking's payment that arrived after its hold lapsed: recorded, and given back at once. */
  'refunded',
  'method_saved',
  'method_failed',
  'ignored',
] as const;
export type ProviderEventOutcome = (typeof providerEventOutcomes)[number];
export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  replayed: z.boolean(),
  outcome: z.enum(providerEventOutcomes),
});
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;

// --- Receivables and the board's figures (issue 20, item 7; decision 0048) ---------------------------

/** How long what a unit owes has been due: not yet due (or due today), then by days past due. */
export const agingBuckets = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof agingBuckets)[number];
export const agingBucketLabels: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
};
const bucketCents = z.object(
  Object.fromEntries(agingBuckets.map((bucket) => [bucket, z.number().int()])) as Record<
    AgingBucket,
    z.ZodNumber
  >,
);

export const agingQuerySchema = z.object({
  ...pageQueryFields(25),
  /** Part of a unit's label. */
  q: z.string().trim().max(50, 'At most 50 characters').optional(),
});

/**
 * Owner balances by unit (units with charges open or credit), largest balance first: what is open in
 * each age bucket, the unit's credit, and its balance (open less credit); totals over every unit.
 */
export const agingSchema = z.object({
  asOf: z.string(),
  totals: z.object({
    buckets: bucketCents,
    creditCents: z.number().int(),
    balanceCents: z.number().int(),
    unitsPastDue: z.number().int(),
  }),
  rows: z.array(
    z.object({
      unit: z.object({ id: z.string(), label: z.string() }),
      owners: z.array(z.string()),
      buckets: bucketCents,
      creditCents: z.number().int(),
      balanceCents: z.number().int(),
    }),
  ),
  ...pageFields,
});
export type Aging = z.infer<typeof agingSchema>;

const budgetFigure = z.object({
  /** The adopted budget through this month of the fiscal year; null without an adopted budget. */
  budgetCents: z.number().int().nullable(),
  actualCents: z.number().int(),
});

/** The board's figures for an association, from the journal and the adopted budget, as of today. */
export const financeSummarySchema = z.object({
  asOf: z.string(),
  fiscalYear: z.object({ label: z.string(), startsOn: z.string(), endsOn: z.string() }),
  /** Whether the fiscal year's budget is adopted, only drafted, or not made. */
  budget: z.enum(['adopted', 'draft', 'none']),
  /** Operating fund, fiscal year to date (budget through the current month). */
  operating: z.object({
    income: budgetFigure,
    expenses: budgetFigure,
    annualExpenseBudgetCents: z.number().int().nullable(),
  }),
  /** What the reserve fund holds (its asset accounts), and its target when one is recorded. */
  reserve: z.object({
    balanceCents: z.number().int(),
    targetCents: z.number().int().nullable(),
    targetSource: z.string().nullable(),
  }),
  receivables: z.object({
    balanceCents: z.number().int(),
    pastDueCents: z.number().int(),
    unitsPastDue: z.number().int(),
  }),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

// --- Late fees and interest (issue 20, item 3; decision 0046) --------------------------------------

export const lateFeeBases = ['per_charge', 'monthly'] as const;
export type LateFeeBasis = (typeof lateFeeBases)[number];
export const lateFeeBasisLabels: Record<LateFeeBasis, string> = {
  per_charge: 'Once per late charge',
  monthly: 'Each month a charge stays late',
};
/** The kinds of charge a late fee or interest may be charged on (never on a late fee or on interest). */
export const lateChargeableKinds = ['assessment', 'special_assessment', 'fee', 'fine', 'other'] as const;

const basisPointsField = (what: string) =>
  z
    .number(`${what} must be a number`)
    .int(`${what} must be whole basis points (1% = 100)`)
    .min(0, `${what} cannot be negative`)
    .max(10_000, `${what} is at most 100%`);
const nonNegativeCents = centsSchema.refine((value) => value >= 0, 'Amount cannot be negative');

export const lateFeeRuleInputSchema = z
  .object({
    active: z.boolean().default(true),
    graceDays: z
      .number('Grace days must be a number')
      .int('Grace days must be a whole number')
      .min(0, 'Grace days cannot be negative')
      .max(365, 'Grace days are at most 365'),
    fixedCents: nonNegativeCents.optional(),
    percentBp: basisPointsField('The percentage').optional(),
    minCents: nonNegativeCents.optional(),
    maxCents: nonNegativeCents.optional(),
    basis: z.enum(lateFeeBases, 'Choose once per charge or monthly'),
    interestAprBp: basisPointsField('The interest rate').optional(),
    interestFromDays: z
      .number('Days must be a number')
      .int('Days must be a whole number')
      .min(0, 'Days cannot be negative')
      .max(365, 'Days are at most 365')
      .optional(),
    appliesTo: z
      .array(z.enum(lateChargeableKinds, 'Choose the kinds of charge it applies to'))
      .min(1, 'Choose the kinds of charge it applies to'),
    /** Where the association's documents provide it (a clause of the CC&Rs, a board resolution). */
    authority: z
      .string('Say which clause or resolution provides it')
      .trim()
      .min(1, 'Say which clause or resolution provides it')
      .max(200, 'At most 200 characters'),
    effectiveFrom: day('Effective date'),
  })
  .superRefine((rule, issue) => {
    if (rule.minCents !== undefined && rule.maxCents !== undefined && rule.minCents > rule.maxCents)
      issue.addIssue({ code: 'custom', path: ['maxCents'], message: 'The maximum is at least the minimum' });
    if (rule.active && !rule.fixedCents && !rule.percentBp && !rule.interestAprBp)
      issue.addIssue({
        code: 'custom',
        path: ['fixedCents'],
        message: 'Give a fixed fee, a percentage or an interest rate',
      });
  });
export type LateFeeRuleInput = z.input<typeof lateFeeRuleInputSchema>;

export const lateFeeRuleSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  active: z.boolean(),
  graceDays: z.number().int(),
  fixedCents: z.number().int().nullable(),
  percentBp: z.number().int().nullable(),
  minCents: z.number().int().nullable(),
  maxCents: z.number().int().nullable(),
  basis: z.enum(lateFeeBases),
  interestAprBp: z.number().int().nullable(),
  interestFromDays: z.number().int().nullable(),
  appliesTo: z.array(z.enum(lateChargeableKinds)),
  authority: z.string(),
  effectiveFrom: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type LateFeeRule = z.infer<typeof lateFeeRuleSchema>;

const statuteNote = z.object({ statute: z.string().nullable(), note: z.string() });
export const lateFeeStateSchema = z.object({
  jurisdiction: z.string(),
  /** The rule in force (the latest version), or null when none has been set. */
  current: lateFeeRuleSchema.nullable(),
  /** The latest versions, newest first (at most 20). */
  history: z.array(lateFeeRuleSchema),
  /** What the state's law says, from the jurisdiction profile; `statute` null where it is unknown. */
  limits: z.object({ lateFee: statuteNote, interest: statuteNote, fines: statuteNote }),
  /** What the next nightly run will charge under the rule in force (the first 50, and the totals). */
  nextRun: z.object({
    on: z.string(),
    count: z.number().int(),
    totalCents: z.number().int(),
    items: z.array(
      z.object({
        unitId: z.string(),
        unitLabel: z.string(),
        kind: z.enum(['late_fee', 'interest']),
        description: z.string(),
        amountCents: z.number().int(),
      }),
    ),
  }),
});
export type LateFeeState = z.infer<typeof lateFeeStateSchema>;

export const waiveChargeSchema = z.object({
  reason: z
    .string('Say why it is waived')
    .trim()
    .min(1, 'Say why it is waived')
    .max(300, 'At most 300 characters'),
});
export type WaiveCharge = z.infer<typeof waiveChargeSchema>;

export const chargeParamsSchema = z.object({
  id: z.uuid('Property id must be a UUID'),
  chargeId: z.uuid('Charge id must be a UUID'),
});

// --- The monthly board report (issue 20, item 7; decision 0053) --------------------------------------

const reportAccount = z.object({ code: z.string(), name: z.string() });

/**
 * The board's monthly report: every figure from journal lines as of the month's last day (or today, for
 * the month so far), so a closed month reads the same whenever it is asked for.
 */
export const boardReportSchema = z.object({
  association: z.object({ id: z.string(), name: z.string(), address: z.string() }),
  month: z.string(),
  from: z.string(),
  through: z.string(),
  /** The month has not ended: its figures so far. */
  isPartial: z.boolean(),
  /** The books are closed through the month's end: nothing more can change it. */
  isClosed: z.boolean(),
  fiscalYear: z.object({ label: z.string(), startsOn: z.string(), endsOn: z.string() }),
  /** Per fund, what it holds and owes at the month's end (assets = liabilities + equity). */
  balanceSheet: z.array(
    z.object({
      fund: z.enum(funds),
      assets: z.array(reportAccount.extend({ cents: z.number().int() })),
      liabilities: z.array(reportAccount.extend({ cents: z.number().int() })),
      equity: z.array(reportAccount.extend({ cents: z.number().int() })),
      /** Income less expenses of every year so far (the books have no year-end closing entries). */
      surplusCents: z.number().int(),
      totalAssetsCents: z.number().int(),
      totalLiabilitiesAndEquityCents: z.number().int(),
    }),
  ),
  /** Per fund, the month's and the fiscal year's income and expenses (both positive). */
  incomeStatement: z.array(
    z.object({
      fund: z.enum(funds),
      income: z.array(reportAccount.extend({ monthCents: z.number().int(), yearCents: z.number().int() })),
      expenses: z.array(reportAccount.extend({ monthCents: z.number().int(), yearCents: z.number().int() })),
      netMonthCents: z.number().int(),
      netYearCents: z.number().int(),
    }),
  ),
  /** The operating fund against the adopted budget, year to date; variance is favourable when positive. */
  budget: z.object({
    status: z.enum(['adopted', 'draft', 'none']),
    rows: z.array(
      reportAccount.extend({
        type: z.enum(['income', 'expense']),
        budgetCents: z.number().int(),
        actualCents: z.number().int(),
        varianceCents: z.number().int(),
      }),
    ),
  }),
  reserve: z.object({
    balanceCents: z.number().int(),
    targetCents: z.number().int().nullable(),
    targetSource: z.string().nullable(),
  }),
  aging: z.object({
    buckets: bucketCents,
    creditCents: z.number().int(),
    balanceCents: z.number().int(),
    unitsPastDue: z.number().int(),
    /** The units that owe the most (at most ten). */
    largest: z.array(
      z.object({ label: z.string(), pastDueCents: z.number().int(), balanceCents: z.number().int() }),
    ),
  }),
  /** The month's charges by kind and payments by method, and what was waived or returned. */
  activity: z.object({
    charges: z.array(
      z.object({ kind: z.enum(chargeKinds), count: z.number().int(), cents: z.number().int() }),
    ),
    payments: z.array(
      z.object({ method: z.enum(paymentMethods), count: z.number().int(), cents: z.number().int() }),
    ),
    waived: z.object({ count: z.number().int(), cents: z.number().int() }),
    returned: z.object({ count: z.number().int(), cents: z.number().int() }),
  }),
});
export type BoardReport = z.infer<typeof boardReportSchema>;
