import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  assessmentSchedules,
  budgetLines,
  budgets,
  collectionCases,
  collectionPolicies,
  financeBooks,
  glAccounts,
  lateFeeRules,
  payments,
  profiles,
  properties,
  units,
} from './schema/index.ts';
import { postDueCharges } from '../modules/finance/assessments.service.ts';
import { postEntry, type PostingLine } from '../modules/finance/books.service.ts';
import { insertCharges, postingAccounts } from '../modules/finance/charges.ts';
import { addDays } from '../modules/finance/due-dates.ts';
import { postLateCharges } from '../modules/finance/late-fees.service.ts';
import { returnPayment, settlePayment } from '../modules/finance/payments.service.ts';
import {
  getCollectionCase,
  runCollections,
  startPaymentPlan,
} from '../modules/finance/collections.service.ts';
import { cancelLetter } from '../modules/letters/letters.service.ts';
import type { Notifier } from '../modules/notifications/notify.ts';
import type { ServiceContext } from '../lib/context.ts';
import type { FileStorage } from '../plugins/storage.ts';

/**
 * A year of Willow Creek's books (issue 20, item 11), so every finance screen has something true to show
 * on a fresh install: the monthly assessment from twelve months ago, most owners paying on time by check,
 * bank debit or the bank's bill pay, three who are often late (and are charged the late fee), one who
 * stopped paying four months ago, one who pays a quarter ahead, a check that bounced, the month's bills,
 * a monthly transfer to the reserves and a pool resurfacing paid from them, this year's adopted budget and
 * the reserve study's target. Posted through the product's own services day by day, as the nightly run and
 * the manager would have posted them, so every figure comes from journal lines like any other.
 *
 * Deterministic (no randomness): the same units are late every time. Relative to today, so the history
 * always ends today.
 */
export async function seedFinanceHistory(
  tx: Db,
  propertyId: string,
  people: { manager: string },
  services?: DemoServices,
): Promise<void> {
  const [{ today }] = (await tx
    .select({ today: sql<string>`to_char(now() at time zone ${properties.timeZone}, 'YYYY-MM-DD')` })
    .from(properties)
    .where(eq(properties.id, propertyId))) as [{ today: string }];
  const months = monthsEndingAt(today, 12);
  const start = months[0]!;
  const dayBefore = addDays(start, -1);
  const [year] = today.split('-').map(Number) as [number];

  // Units existed before the history starts (the nightly run bills units from the day they exist).
  await tx
    .update(units)
    .set({ createdAt: new Date(`${addDays(start, -60)}T12:00:00Z`) })
    .where(eq(units.propertyId, propertyId));
  const unitRows = await tx
    .select({ id: units.id, label: units.label })
    .from(units)
    .where(eq(units.propertyId, propertyId));
  const unitOf = new Map(unitRows.map((unit) => [unit.label, unit.id]));
  const accountRows = await tx
    .select({ id: glAccounts.id, key: glAccounts.systemKey })
    .from(glAccounts)
    .where(eq(glAccounts.propertyId, propertyId));
  const account = (key: string) => accountRows.find((row) => row.key === key)!.id;

  const entry = (postedOn: string, memo: string, lines: PostingLine[]) =>
    postEntry(tx, { propertyId, postedOn, memo, sourceType: 'manual', createdBy: people.manager, lines });
  const spend = (postedOn: string, key: string, cents: number, memo: string) =>
    entry(postedOn, memo, [
      { accountId: account(key), amountCents: cents },
      { accountId: account('operating_cash'), amountCents: -cents },
    ]);

  // The balances the books opened with, carried over from the previous manager's books.
  await entry(dayBefore, 'Opening balances carried over from the previous management company', [
    { accountId: account('operating_cash'), amountCents: 4_185_000 },
    { accountId: account('operating_fund_balance'), amountCents: -4_185_000 },
    { accountId: account('reserve_cash'), amountCents: 21_240_000 },
    { accountId: account('reserve_fund_balance'), amountCents: -21_240_000 },
  ]);
  await tx
    .update(financeBooks)
    .set({
      reserveTargetCents: 30_000_000,
      reserveTargetSource: `Reserve study update of ${year - 1}, funding plan adopted by the board`,
    })
    .where(eq(financeBooks.propertyId, propertyId));

  await tx.insert(lateFeeRules).values({
    propertyId,
    version: 1,
    active: true,
    graceDays: 15,
    fixedCents: 2_500,
    basis: 'per_charge',
    appliesTo: ['assessment'],
    authority: `Collection policy, board resolution ${year - 1}-03`,
    effectiveFrom: start,
    createdBy: people.manager,
  });
  await tx.insert(assessmentSchedules).values({
    propertyId,
    name: 'Monthly assessment',
    kind: 'regular',
    frequency: 'monthly',
    dueDay: 1,
    startsOn: start,
    allocation: 'equal',
    amountCents: 29_500,
    incomeAccountId: account('assessment_income'),
    adoptedBy: `Annual budget adopted at the board meeting of November 12, ${year - 1}`,
  });
  await adoptBudget(tx, propertyId, year, account);

  let check = 4100;
  const pay = async (
    label: string,
    receivedOn: string,
    amountCents: number,
    method: 'check' | 'ach' | 'external' | 'cash',
  ) => {
    const unitId = unitOf.get(label)!;
    const [payment] = await tx
      .insert(payments)
      .values({
        propertyId,
        unitId,
        method,
        provider: 'manual',
        status: 'pending',
        amountCents,
        receivedOn,
        reference: method === 'check' ? String(check++) : method === 'external' ? 'Bank bill pay' : null,
        createdBy: people.manager,
      })
      .returning();
    await settlePayment(tx, payment!, 'TX', receivedOn, people.manager);
    return payment!;
  };

  const dues = 29_500;
  const oftenLate = ['19B', '6B', '12A'];
  const stoppedPaying = '22A';
  const paysAhead = '2A';
  const bounced = '10B';
  for (const [index, due] of months.entries()) {
    await postDueCharges(tx, propertyId, due, null);
    const on = (day: number) => `${due.slice(0, 8)}${String(day).padStart(2, '0')}`;
    const happened = (day: string) => day <= today;

    // What happens to owners' accounts this month, done in the order of its days: the late-fee run of
    // the 16th sees what was paid before it, and nothing paid after.
    const events: { day: string; run: () => Promise<unknown> }[] = [];
    const at = (day: string, run: () => Promise<unknown>) => {
      if (happened(day)) events.push({ day, run });
    };
    const lastMonth = index === months.length - 1;
    for (const [position, { label }] of [...unitRows]
      .sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }))
      .entries()) {
      if (label === stoppedPaying && index >= months.length - 4) continue;
      if (label === paysAhead) {
        if (index % 3 === 0) at(on(1), () => pay(label, on(1), dues * 3, 'ach'));
        continue;
      }
      // One of the late payers has not paid this month yet.
      if (lastMonth && label === oftenLate[0]) continue;
      if (oftenLate.includes(label) && (index + position) % 3 === 0) {
        // Paid after the late fee of the 16th: the fee and the month's assessment together.
        at(on(22), () => pay(label, on(22), dues + 2_500, 'check'));
        continue;
      }
      if (label === bounced && index === months.length - 6) {
        // The bank returned the check: its allocations are undone, a returned-check fee is charged,
        // and the owner paid both again in cash before the late fee.
        at(on(3), async () => {
          const payment = await pay(label, on(3), dues, 'check');
          if (!happened(on(9))) return;
          await returnPayment(tx, payment.id, 'Check returned by the bank: insufficient funds', on(9), null);
          await insertCharges(
            tx,
            propertyId,
            await postingAccounts(tx, propertyId, 'fee', undefined),
            [
              {
                unitId: unitOf.get(label)!,
                kind: 'fee',
                description: 'Returned payment fee',
                dueOn: on(9),
                amountCents: 3_000,
              },
            ],
            on(9),
            people.manager,
          );
        });
        at(on(12), () => pay(label, on(12), dues + 3_000, 'cash'));
        continue;
      }
      const day = on(1 + ((position * 7) % 9));
      const method = label === '14B' ? 'external' : position % 3 === 0 ? 'ach' : 'check';
      at(day, () => pay(label, day, dues, method));
    }
    at(on(16), () => postLateCharges(tx, propertyId, 'TX', on(16)));
    events.sort((a, b) => a.day.localeCompare(b.day));
    for (const event of events) await event.run();

    // The month's bills, paid from operating cash, and the transfer to the reserves.
    const month = Number(due.slice(5, 7));
    const summer = month >= 4 && month <= 10;
    const bills: [number, string, number, string][] = [
      [5, 'management_expense', 240_000, 'Management fee'],
      [8, 'landscaping_expense', summer ? 240_000 : 120_000, 'Grounds maintenance'],
      [
        12,
        'utilities_expense',
        (summer ? 131_500 : 94_000) + (index % 4) * 2_150,
        'Water and electricity, common areas',
      ],
      [18, 'repairs_expense', 45_000 + ((index * 37_300) % 160_000), 'Repairs and maintenance'],
      [20, 'administrative_expense', 27_500, 'Postage, bank fees and software'],
    ];
    if (index % 3 === 0)
      bills.push([10, 'insurance_expense', 405_000, 'Property and liability insurance, quarterly premium']);
    if (index === 4) bills.push([14, 'legal_expense', 180_000, 'Legal review of the collection policy']);
    for (const [day, key, cents, memo] of bills)
      if (happened(on(day))) await spend(on(day), key, cents, memo);
    if (happened(on(28))) {
      await entry(on(28), 'Monthly contribution to the reserve fund', [
        { accountId: account('reserve_transfer_expense'), amountCents: 300_000 },
        { accountId: account('operating_cash'), amountCents: -300_000 },
        { accountId: account('reserve_cash'), amountCents: 300_000 },
        { accountId: account('reserve_contribution_income'), amountCents: -300_000 },
      ]);
      await entry(on(28), 'Interest on the reserve account', [
        { accountId: account('reserve_cash'), amountCents: 6_100 + index * 90 },
        { accountId: account('reserve_interest_income'), amountCents: -(6_100 + index * 90) },
      ]);
    }
    if (index === 6 && happened(on(15)))
      await entry(on(15), 'Pool resurfacing (reserve component: pool plaster)', [
        { accountId: account('reserve_expense'), amountCents: 1_640_000 },
        { accountId: account('reserve_cash'), amountCents: -1_640_000 },
      ]);
  }

  // The months before last are closed: the treasurer has reviewed them.
  const closedThrough = addDays(months[months.length - 2]!, -1);
  await tx.update(financeBooks).set({ closedThrough }).where(eq(financeBooks.propertyId, propertyId));

  // The board's collection policy (Texas: the profile does not know a pre-lien notice period, so the
  // 45 days are the association's own choice). Cases are opened by the nightly run itself: on a fresh
  // install, its catch-up run drafts the first letters.
  await tx.insert(collectionPolicies).values({
    propertyId,
    active: true,
    stages: [
      { kind: 'reminder', daysPastDue: 15, minBalanceCents: 0, cureDays: 15, requiresDecision: false },
      { kind: 'notice', daysPastDue: 45, minBalanceCents: 10_000, cureDays: 30, requiresDecision: false },
      { kind: 'pre_lien', daysPastDue: 90, minBalanceCents: 50_000, cureDays: 45, requiresDecision: false },
      { kind: 'referral', daysPastDue: 150, minBalanceCents: 50_000, cureDays: 30, requiresDecision: true },
    ],
    updatedBy: people.manager,
  });
  if (services) await seedCollections(tx, propertyId, people.manager, services, today);
}

/** What the demo's collections need: the file store for their letters, and a notifier for the services. */
export type DemoServices = { storage: FileStorage; notifier: Notifier };

/**
 * Today's collections, through the product's own services: the nightly run opens the cases (22A, four
 * months behind, and this month's late payer once the reminder's 15 days have passed) with their
 * reminders drafted; then 22A's owner has called, and the manager has agreed a payment plan of four
 * monthly instalments, which pauses the case, and cancelled the reminder the plan makes unnecessary.
 */
async function seedCollections(
  tx: Db,
  propertyId: string,
  managerId: string,
  services: DemoServices,
  today: string,
) {
  await runCollections(tx, services.storage, propertyId, today);
  const [manager] = await tx
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, managerId));
  const ctx: ServiceContext = {
    db: tx,
    actor: { ...manager!, role: 'manager', twoFactorEnabled: false },
    notifier: services.notifier,
  };
  const [behind] = await tx
    .select({ id: collectionCases.id })
    .from(collectionCases)
    .innerJoin(units, eq(units.id, collectionCases.unitId))
    .where(
      and(
        eq(collectionCases.propertyId, propertyId),
        eq(units.label, '22A'),
        ne(collectionCases.status, 'closed'),
      ),
    );
  if (!behind) return;
  const opened = await getCollectionCase(ctx, propertyId, behind.id);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const firstDueOn = new Date(Date.UTC(year, month, 10)).toISOString().slice(0, 10);
  await startPaymentPlan(ctx, propertyId, behind.id, {
    // Whole dollars, rounded up: the last instalment may overpay by cents, which become credit.
    instalmentCents: Math.ceil(opened.pastDueCents / 4 / 100) * 100,
    count: 4,
    firstDueOn,
    terms:
      'Agreed by phone with the owner: four monthly payments by check, on top of each month’s assessment.',
  });
  const reminder = opened.events.find((event) => event.kind === 'advanced' && event.letterId);
  if (reminder?.letterId) await cancelLetter(ctx, propertyId, reminder.letterId);
}

/** This fiscal year's budget (a calendar year), adopted by the board last November. */
async function adoptBudget(tx: Db, propertyId: string, year: number, account: (key: string) => string) {
  const [budget] = await tx
    .insert(budgets)
    .values({ propertyId, fiscalYear: year })
    .returning({ id: budgets.id });
  const everyMonth = (cents: number) => Array.from({ length: 12 }, () => cents);
  const plan: [string, number[]][] = [
    ['assessment_income', everyMonth(48 * 29_500)],
    ['late_fee_income', everyMonth(5_000)],
    ['management_expense', everyMonth(240_000)],
    ['insurance_expense', everyMonth(135_000)],
    ['utilities_expense', Array.from({ length: 12 }, (_, m) => (m >= 3 && m <= 9 ? 135_000 : 100_000))],
    ['landscaping_expense', Array.from({ length: 12 }, (_, m) => (m >= 3 && m <= 9 ? 240_000 : 120_000))],
    ['repairs_expense', everyMonth(120_000)],
    ['administrative_expense', everyMonth(30_000)],
    ['legal_expense', everyMonth(10_000)],
    ['reserve_transfer_expense', everyMonth(300_000)],
  ];
  await tx.insert(budgetLines).values(
    plan.flatMap(([key, amounts]) =>
      amounts.map((amountCents, index) => ({
        budgetId: budget!.id,
        accountId: account(key),
        month: index + 1,
        amountCents,
      })),
    ),
  );
  // Adopted once its lines are in: an adopted budget's lines never change (the database refuses).
  await tx
    .update(budgets)
    .set({
      status: 'adopted',
      adoptedBy: `Board meeting of November 12, ${year - 1}`,
      adoptedAt: new Date(`${year - 1}-11-12T18:00:00Z`),
    })
    .where(eq(budgets.id, budget!.id));
}

/** The first days of the `count` months ending with today's. */
function monthsEndingAt(today: string, count: number): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(year, month - count + index, 1)).toISOString().slice(0, 10),
  );
}
