// `npm run bench` (finance part, issue 20 item 11), in-process on the real services:
//  - the nightly run posting one month's assessment for 25,000 units (budget: at most 60 s on PostgreSQL);
//  - a unit's account with ten years of history — 120 monthly charges and 120 payments — read a page at
//    a time as the Billing page does (budget: p95 at most 50 ms);
//  - last month's board report of a 600-unit association with a year of charges, payments and bills,
//    figures and PDF (budget: at most 3 s).
// On PGlite unless BENCH_DATABASE_URL=postgres://… (an empty database) is set. Prints JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import {
  assessmentSchedules,
  glAccounts,
  profiles,
  properties,
  units,
} from '../apps/server/src/db/schema/index.ts';
import { JobQueue } from '../apps/server/src/plugins/jobs.ts';
import { Notifier } from '../apps/server/src/modules/notifications/notify.ts';
import { postDueCharges } from '../apps/server/src/modules/finance/assessments.service.ts';
import { ledgerOfUnit } from '../apps/server/src/modules/finance/ledger.service.ts';
import { recordDeposit, recordPayment } from '../apps/server/src/modules/finance/payments.service.ts';
import { postEntry, requireProperty } from '../apps/server/src/modules/finance/books.service.ts';
import { reportOf } from '../apps/server/src/modules/finance/board-report.service.ts';
import { renderBoardReport } from '../apps/server/src/modules/finance/board-report-pdf.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const unitCount = Number(process.env.BENCH_FINANCE_UNITS ?? 25_000);
const postingBudgetMs = 60_000;
const ledgerBudgetMs = 50;
const ledgerReads = 200;
const reportUnits = Number(process.env.BENCH_REPORT_UNITS ?? 600);
const reportBudgetMs = 3_000;
const reportRuns = 5;

const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'cw-bench-finance-'));
const database = await openDatabase(
  databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: join(dataDir!, 'pglite') },
);
const { db } = database;

const today = new Date().toISOString().slice(0, 10);
const firstOfMonth = (monthsFromNow: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsFromNow, 1))
    .toISOString()
    .slice(0, 10);
};
const run = Date.now().toString(36);

/** An association with `count` units, made long ago, and a monthly schedule adopted `monthsAgo` months back. */
async function association(name: string, count: number, monthsAgo: number) {
  const [property] = await db
    .insert(properties)
    .values({ name: `${name} ${run}`, address: `1 ${name} Way, Springfield`, units: count, timeZone: 'UTC' })
    .returning({ id: properties.id });
  const propertyId = property!.id;
  await db.execute(sql`
    insert into units (property_id, label, created_at)
    select ${propertyId}, 'U-' || n, now() - interval '20 years' from generate_series(1, ${count}) as n`);
  const [income] = await db
    .select({ id: glAccounts.id })
    .from(glAccounts)
    .where(and(eq(glAccounts.propertyId, propertyId), eq(glAccounts.systemKey, 'assessment_income')));
  await db.insert(assessmentSchedules).values({
    propertyId,
    name: 'Monthly dues',
    kind: 'regular',
    frequency: 'monthly',
    dueDay: 1,
    startsOn: firstOfMonth(-monthsAgo),
    allocation: 'equal',
    amountCents: 35_000,
    incomeAccountId: income!.id,
    adoptedBy: 'the benchmark',
  });
  return propertyId;
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;

try {
  await prepareDatabase(database, { seedDemo: false });

  // One month for every unit: the schedule starts this month, so tonight's run posts one charge each.
  const large = await association('Benchmark Towers', unitCount, 0);
  const postStarted = performance.now();
  const posted = await db.transaction((tx) => postDueCharges(tx, large, today, null));
  const postingMs = Math.round(performance.now() - postStarted);
  if (posted.charges !== unitCount) throw new Error(`posted ${posted.charges} charges, not ${unitCount}`);

  // Ten years of one unit's account: 120 monthly charges and a payment for each.
  const small = await association('Benchmark Cottages', 4, 119);
  await db.transaction((tx) => postDueCharges(tx, small, today, null));
  const [unit] = await db
    .select({ id: units.id, label: units.label })
    .from(units)
    .where(and(eq(units.propertyId, small), eq(units.label, 'U-1')));
  const [admin] = await db
    .insert(profiles)
    .values({
      id: `bench-admin-${run}`,
      email: `bench-${run}@example.com`,
      fullName: 'Bench Admin',
      role: 'admin',
    })
    .returning();
  const jobs = new JobQueue(database, { concurrency: 0 });
  const ctx = {
    db,
    actor: {
      id: admin!.id,
      email: admin!.email,
      fullName: admin!.fullName,
      role: 'admin' as const,
      twoFactorEnabled: false,
    },
    notifier: new Notifier(jobs),
  };
  for (let month = 0; month < 120; month += 1) {
    await recordPayment(ctx, small, {
      unitId: unit!.id,
      method: 'check',
      reference: String(1000 + month),
      amountCents: 35_000,
      receivedOn: today,
    });
  }
  const times: number[] = [];
  let lines = 0;
  for (let read = 0; read < ledgerReads; read += 1) {
    const started = performance.now();
    const page = await ledgerOfUnit(db, unit!, { page: 1 + (read % 5), limit: 50 });
    times.push(performance.now() - started);
    lines = page.total;
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const ledger = {
    p50: round(percentile(times, 0.5)),
    p95: round(percentile(times, 0.95)),
    p99: round(percentile(times, 0.99)),
  };

  // A year of a 600-unit association: twelve months of dues, nineteen in twenty units paying each month
  // in one deposit, and the month's bills; then last month's report, figures and PDF, timed.
  const meadows = await association('Benchmark Meadows', reportUnits, 11);
  await db.transaction((tx) => postDueCharges(tx, meadows, today, null));
  const meadowUnits = await db
    .select({ id: units.id })
    .from(units)
    .where(eq(units.propertyId, meadows))
    .orderBy(units.label);
  const accountOf = async (key: string) =>
    (
      await db
        .select({ id: glAccounts.id })
        .from(glAccounts)
        .where(and(eq(glAccounts.propertyId, meadows), eq(glAccounts.systemKey, key)))
    )[0]!.id;
  const [cash, management, utilities] = await Promise.all(
    ['operating_cash', 'management_expense', 'utilities_expense'].map(accountOf),
  );
  for (let month = -11; month <= 0; month += 1) {
    const day = firstOfMonth(month).replace(/-01$/, '-05');
    if (day > today) continue;
    await recordDeposit(ctx, meadows, {
      receivedOn: day,
      payments: meadowUnits
        .filter((_, index) => index % 20 !== 7)
        .map((meadowUnit, index) => ({
          unitId: meadowUnit.id,
          method: 'check' as const,
          reference: `${month}-${index}`,
          amountCents: 35_000,
        })),
    });
    await db.transaction((tx) =>
      postEntry(tx, {
        propertyId: meadows,
        postedOn: day,
        memo: 'Management and utilities',
        sourceType: 'manual',
        createdBy: null,
        lines: [
          { accountId: management!, amountCents: 900_000 },
          { accountId: utilities!, amountCents: 410_000 },
          { accountId: cash!, amountCents: -1_310_000 },
        ],
      }),
    );
  }
  const meadowsRow = await requireProperty(db, meadows, undefined);
  const lastMonth = firstOfMonth(-1).slice(0, 7);
  const reportTimes: number[] = [];
  let pdfBytes = 0;
  for (let attempt = 0; attempt < reportRuns; attempt += 1) {
    const started = performance.now();
    const report = await reportOf(db, meadowsRow, lastMonth);
    pdfBytes = (await renderBoardReport(report)).bytes.length;
    reportTimes.push(performance.now() - started);
  }
  reportTimes.sort((a, b) => a - b);
  const reportMs = { median: Math.round(percentile(reportTimes, 0.5)), max: Math.round(reportTimes.at(-1)!) };

  console.log(
    JSON.stringify(
      {
        benchmark: 'finance',
        database: databaseUrl ? 'postgres' : 'pglite',
        posting: { units: unitCount, charges: posted.charges, ms: postingMs },
        ledger: { lines, reads: ledgerReads, pageSize: 50, latencyMs: ledger },
        boardReport: { units: reportUnits, month: lastMonth, runs: reportRuns, pdfBytes, ms: reportMs },
        budgets: {
          [`posting one month for ${unitCount.toLocaleString('en-US')} units <= 60 s`]:
            postingMs <= postingBudgetMs,
          'ledger page with ten years of history p95 <= 50 ms': ledger.p95 <= ledgerBudgetMs,
          [`board report of a ${reportUnits}-unit association, figures and PDF <= 3 s`]:
            reportMs.max <= reportBudgetMs,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
