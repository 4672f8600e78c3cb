import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Chart, JournalEntry, JournalPage } from '@commonwise/contracts';
import { committees, committeeMembers, profiles, propertyManagers, units } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../realtime/publish.ts';

/**
 * An association's books (issue 20, item 1): a new association starts with the default chart; entries
 * balance per fund or are refused naming the difference; posted entries never change (405 from the API,
 * an error from the database) and are corrected by a reversal; a closed month takes nothing more. Kept
 * by the association's managers, read by its board, hidden from everyone else. Every balance is a sum
 * of journal lines.
 *
 * Made here in a new association (Aspen Court: manager@ manages it, board@ sits on its board), so the
 * demo data is not relied on; manager2@ manages another association.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let aspenId: string;
let unitId: string;
let accounts: Record<string, Account>;

const as = (
  who: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });
const books = () => `/api/properties/${aspenId}/finance`;
// Drizzle wraps the database's error; its cause is PostgreSQL's own refusal.
const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'done',
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'resident', 'board', 'vendor'] as const)
    cookies[who] = await t.cookieFor(who);
  cookies.manager2 = await t.signIn('manager2@commonwise.test');
  const created = await as('admin', 'POST', '/api/properties', {
    name: 'Aspen Court',
    address: '1 Aspen Court, Boulder, CO',
    units: 1,
  });
  expect(created.statusCode, created.body).toBe(201);
  aspenId = (created.json() as { id: string }).id;
  const db = t.database.db;
  const person = async (email: string) =>
    (
      await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`${profiles.email} = ${email}`)
    )[0]!.id;
  await db
    .insert(propertyManagers)
    .values({ propertyId: aspenId, userId: await person('manager@commonwise.test') });
  const [board] = await db
    .insert(committees)
    .values({ propertyId: aspenId, kind: 'board', name: 'Board of Directors' })
    .returning({ id: committees.id });
  await db.insert(committeeMembers).values({
    committeeId: board!.id,
    userId: await person('board@commonwise.test'),
    role: 'treasurer',
    startsOn: '2024-01-01',
  });
  [{ id: unitId }] = (await db
    .insert(units)
    .values({ propertyId: aspenId, label: 'A1' })
    .returning({ id: units.id })) as [{ id: string }];
  const chart = (await as('manager', 'GET', `${books()}/accounts`)).json() as Chart;
  accounts = Object.fromEntries(
    chart.accounts.map((account) => [account.systemKey ?? account.code, account]),
  );
});
afterAll(async () => t.close());

const post = (body: object, who = 'manager') => as(who, 'POST', `${books()}/journal`, body);
const debit = (key: string, cents: number, extra: object = {}) => ({
  accountId: accounts[key]!.id,
  debitCents: cents,
  ...extra,
});
const credit = (key: string, cents: number, extra: object = {}) => ({
  accountId: accounts[key]!.id,
  creditCents: cents,
  ...extra,
});
const balanceOf = async (key: string, asOf?: string) => {
  const chart = (
    await as('board', 'GET', `${books()}/accounts${asOf ? `?asOf=${asOf}` : ''}`)
  ).json() as Chart;
  return chart.accounts.find((account) => account.id === accounts[key]!.id)!.balanceCents;
};

describe('the books', () => {
  it('a new association starts with the default chart in three funds, every balance zero', async () => {
    const response = await as('manager', 'GET', `${books()}/accounts`);
    expect(response.statusCode).toBe(200);
    const chart = response.json() as Chart;
    expect(chart.books).toMatchObject({ propertyId: aspenId, fiscalYearStartMonth: 1, closedThrough: null });
    expect(chart.accounts.length).toBeGreaterThanOrEqual(30);
    expect(new Set(chart.accounts.map((account) => account.fund))).toEqual(
      new Set(['operating', 'reserve', 'special']),
    );
    expect(new Set(chart.accounts.map((account) => account.type))).toEqual(
      new Set(['asset', 'liability', 'equity', 'income', 'expense']),
    );
    expect(accounts.assessments_receivable).toMatchObject({ code: '1100', type: 'asset', fund: 'operating' });
    expect(accounts.reserve_cash).toMatchObject({ type: 'asset', fund: 'reserve' });
    expect(chart.accounts.every((account) => account.balanceCents === 0)).toBe(true);
    // Ordered by code, as a chart is read.
    const codes = chart.accounts.map((account) => account.code);
    expect(codes).toEqual([...codes].sort());
  });

  it('posts a balanced entry, with its lines, who posted it and the unit; balances follow', async () => {
    const response = await post({
      postedOn: '2026-01-01',
      memo: 'January assessment, A1',
      lines: [
        debit('assessments_receivable', 32_550, { unitId, memo: 'A1' }),
        credit('assessment_income', 32_550),
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json() as JournalEntry;
    expect(entry).toMatchObject({ postedOn: '2026-01-01', sourceType: 'manual', reversesId: null });
    expect(entry.createdByName).toBeTruthy();
    expect(entry.lines.map((line) => [line.accountCode, line.amountCents, line.unitLabel])).toEqual([
      ['1100', 32_550, 'A1'],
      ['4000', -32_550, null],
    ]);
    expect(await balanceOf('assessments_receivable')).toBe(32_550);
    expect(await balanceOf('assessment_income')).toBe(-32_550);
    // As of the day before, nothing yet.
    expect(await balanceOf('assessments_receivable', '2025-12-31')).toBe(0);
  });

  it('refuses an entry that does not balance, naming the fund and the difference; nothing is posted', async () => {
    const before = ((await as('manager', 'GET', `${books()}/journal`)).json() as JournalPage).total;
    const unbalanced = await post({
      postedOn: '2026-01-02',
      memo: 'Off by a cent',
      lines: [debit('operating_cash', 10_001), credit('assessments_receivable', 10_000)],
    });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json().error.message).toContain('operating debits exceed by 1¢');

    // Balanced in total but not per fund: reserve cash cannot pay an operating bill directly.
    const acrossFunds = await post({
      postedOn: '2026-01-02',
      memo: 'Paid landscaping from reserve cash',
      lines: [debit('landscaping_expense', 50_000), credit('reserve_cash', 50_000)],
    });
    expect(acrossFunds.statusCode).toBe(400);
    expect(acrossFunds.json().error.message).toMatch(/each fund.*due-to and due-from/);
    expect(((await as('manager', 'GET', `${books()}/journal`)).json() as JournalPage).total).toBe(before);
  });

  it('moves money between funds through the interfund accounts', async () => {
    const response = await post({
      postedOn: '2026-01-15',
      memo: 'Monthly reserve contribution',
      lines: [
        debit('reserve_transfer_expense', 20_000),
        credit('due_to_reserve', 20_000),
        debit('due_from_operating', 20_000),
        credit('reserve_contribution_income', 20_000),
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const chart = (await as('manager', 'GET', `${books()}/accounts`)).json() as Chart;
    for (const fund of chart.funds) expect(fund.debitsCents).toBe(fund.creditsCents);
  });

  it('refuses bad lines with the field to correct', async () => {
    const cases: [object, number, string][] = [
      [{ postedOn: '2026-01-03', memo: 'One line', lines: [debit('operating_cash', 100)] }, 400, 'lines'],
      [
        {
          postedOn: '2026-01-03',
          memo: 'Both sides',
          lines: [
            { accountId: accounts.operating_cash!.id, debitCents: 100, creditCents: 100 },
            credit('assessment_income', 100),
          ],
        },
        400,
        'lines.0.debitCents',
      ],
      [
        {
          postedOn: '2026-01-03',
          memo: 'Zero',
          lines: [debit('operating_cash', 0), credit('fine_income', 0)],
        },
        400,
        'lines.0.debitCents',
      ],
      [
        {
          postedOn: '2026-01-03',
          memo: 'A fraction of a cent',
          lines: [debit('operating_cash', 10.5), credit('fine_income', 10.5)],
        },
        400,
        'lines.0.debitCents',
      ],
      [
        {
          postedOn: '2026-02-30',
          memo: 'No such day',
          lines: [debit('operating_cash', 1), credit('fine_income', 1)],
        },
        400,
        'postedOn',
      ],
      [
        {
          postedOn: '2026-01-03',
          memo: 'Unknown account',
          lines: [
            { accountId: '00000000-0000-4000-8000-000000000000', debitCents: 1 },
            credit('fine_income', 1),
          ],
        },
        400,
        'lines.0.accountId',
      ],
    ];
    for (const [body, status, field] of cases) {
      const response = await post(body);
      expect(response.statusCode, `${JSON.stringify(body)} → ${response.body}`).toBe(status);
      expect(Object.keys(response.json().error.fields ?? {}), response.body).toContain(field);
    }
  });

  it('refuses an account of another association, and a unit of another association', async () => {
    const harbor = (await as('admin', 'GET', '/api/properties?q=Harbor')).json() as {
      properties: { id: string }[];
    };
    const harborChart = (
      await as('admin', 'GET', `/api/properties/${harbor.properties[0]!.id}/finance/accounts`)
    ).json() as Chart;
    const foreign = await post({
      postedOn: '2026-01-04',
      memo: 'Foreign account',
      lines: [{ accountId: harborChart.accounts[0]!.id, debitCents: 100 }, credit('fine_income', 100)],
    });
    expect(foreign.statusCode).toBe(400);
    const [otherUnit] = await t.database.db
      .execute(sql`select id from units where property_id <> ${aspenId} limit 1`)
      .then((result) => rowsOf<{ id: string }>(result));
    const foreignUnit = await post({
      postedOn: '2026-01-04',
      memo: 'Foreign unit',
      lines: [debit('assessments_receivable', 100, { unitId: otherUnit!.id }), credit('fine_income', 100)],
    });
    expect(foreignUnit.statusCode).toBe(400);
    expect(Object.keys(foreignUnit.json().error.fields)).toContain('lines.0.unitId');
  });

  it('never changes a posted entry: 405 from the API, an error from the database; a reversal corrects it', async () => {
    const posted = (
      await post({
        postedOn: '2026-01-20',
        memo: 'Fine entered by mistake',
        lines: [debit('assessments_receivable', 2_500, { unitId }), credit('fine_income', 2_500)],
      })
    ).json() as JournalEntry;
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const response = await as(
        'manager',
        method,
        `${books()}/journal/${posted.id}`,
        method === 'DELETE' ? undefined : { memo: 'x' },
      );
      expect(response.statusCode).toBe(405);
      expect(response.json().error.message).toBe(
        'Posted entries cannot be changed or deleted: post a reversing entry instead',
      );
    }
    expect(
      await refusal(
        t.database.db.execute(sql`update journal_lines set amount_cents = 1 where entry_id = ${posted.id}`),
      ),
    ).toMatch(/reversing entry/);
    expect(
      await refusal(t.database.db.execute(sql`delete from journal_entries where id = ${posted.id}`)),
    ).toMatch(/reversing entry/);
    // Even straight in the database, an unbalanced entry does not commit.
    expect(
      await refusal(
        t.database.db.transaction(async (tx) => {
          const [entry] = rowsOf<{ id: string }>(
            await tx.execute(
              sql`insert into journal_entries (property_id, posted_on, memo, source_type)
              values (${aspenId}, '2026-01-21', 'sneaky', 'manual') returning id`,
            ),
          );
          await tx.execute(sql`insert into journal_lines (entry_id, property_id, account_id, fund, amount_cents)
          values (${entry!.id}, ${aspenId}, ${accounts.operating_cash!.id}, 'operating', 100),
                 (${entry!.id}, ${aspenId}, ${accounts.fine_income!.id}, 'operating', -99)`);
        }),
      ),
    ).toMatch(/balance in each fund/);

    const reversal = await as('manager', 'POST', `${books()}/journal/${posted.id}/reverse`, {
      reason: 'No violation was found',
      postedOn: '2026-01-21',
    });
    expect(reversal.statusCode, reversal.body).toBe(201);
    const reversed = reversal.json() as JournalEntry;
    expect(reversed).toMatchObject({ reversesId: posted.id, sourceType: 'reversal' });
    expect(reversed.memo).toBe('No violation was found');
    expect(reversed.lines.map((line) => line.amountCents).sort()).toEqual([-2_500, 2_500]);
    expect(await balanceOf('fine_income')).toBe(0);
    // Both stay in the journal, the original marked as reversed.
    const page = (
      await as('manager', 'GET', `${books()}/journal?accountId=${accounts.fine_income!.id}`)
    ).json() as JournalPage;
    expect(page.entries.map((entry) => [entry.id, entry.reversedById])).toEqual([
      [reversed.id, null],
      [posted.id, reversed.id],
    ]);
    const again = await as('manager', 'POST', `${books()}/journal/${posted.id}/reverse`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    const ofReversal = await as('manager', 'POST', `${books()}/journal/${reversed.id}/reverse`, {
      reason: 'Undo',
    });
    expect(ofReversal.statusCode).toBe(409);
  });

  it('closes a month: nothing more is posted on or before it, and it never opens again', async () => {
    const notEnded = await as('manager', 'POST', `${books()}/close`, { through: '2999-01' });
    expect(notEnded.statusCode).toBe(409);
    expect(notEnded.json().error.message).toBe('A month can be closed once it has ended');
    const closed = await as('manager', 'POST', `${books()}/close`, { through: '2026-01' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ closedThrough: '2026-01-31' });
    const late = await post({
      postedOn: '2026-01-31',
      memo: 'Late January bill',
      lines: [debit('utilities_expense', 9_000), credit('accounts_payable', 9_000)],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('The books are closed through 2026-01-31: post on a later day');
    const february = await post({
      postedOn: '2026-02-01',
      memo: 'January bill, posted in February',
      lines: [debit('utilities_expense', 9_000), credit('accounts_payable', 9_000)],
    });
    expect(february.statusCode).toBe(201);
    const backwards = await as('manager', 'POST', `${books()}/close`, { through: '2025-12' });
    expect(backwards.statusCode).toBe(409);
    expect(
      await refusal(
        t.database.db.execute(
          sql`update finance_books set closed_through = null where property_id = ${aspenId}`,
        ),
      ),
    ).toMatch(/cannot be opened again/);
    const malformed = await as('manager', 'POST', `${books()}/close`, { through: '2026-13' });
    expect(malformed.statusCode).toBe(400);
  });

  it('adds and renames accounts; a code is unique; an inactive account takes no postings', async () => {
    const made = await as('manager', 'POST', `${books()}/accounts`, {
      code: '5350',
      name: 'Snow Removal',
      type: 'expense',
      fund: 'operating',
    });
    expect(made.statusCode, made.body).toBe(201);
    const snow = made.json() as Account;
    expect(snow).toMatchObject({ code: '5350', systemKey: null, isActive: true, balanceCents: 0 });
    const duplicate = await as('manager', 'POST', `${books()}/accounts`, {
      code: '5350',
      name: 'Again',
      type: 'expense',
      fund: 'operating',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toHaveProperty('code');
    const renamed = await as('manager', 'PATCH', `${books()}/accounts/${snow.id}`, {
      name: 'Snow and Ice',
      isActive: false,
    });
    expect(renamed.json()).toMatchObject({ name: 'Snow and Ice', isActive: false });
    const onInactive = await post({
      postedOn: '2026-02-02',
      memo: 'Plowing',
      lines: [{ accountId: snow.id, debitCents: 100 }, credit('accounts_payable', 100)],
    });
    expect(onInactive.statusCode).toBe(409);
    expect(onInactive.json().error.message).toContain('5350 Snow and Ice is inactive');
    // Type and fund are not among what may change; the database refuses it too.
    const typeChange = await as('manager', 'PATCH', `${books()}/accounts/${snow.id}`, { type: 'income' });
    expect(typeChange.statusCode).toBe(400);
    expect(
      await refusal(
        t.database.db.execute(sql`update gl_accounts set fund = 'reserve' where id = ${snow.id}`),
      ),
    ).toMatch(/type and fund cannot change/);
  });

  it('pages the journal newest first, filtered by dates', async () => {
    const page = (await as('board', 'GET', `${books()}/journal?limit=2`)).json() as JournalPage;
    expect(page.entries).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const days = page.entries.map((entry) => entry.postedOn);
    expect(days).toEqual([...days].sort().reverse());
    const january = (
      await as('board', 'GET', `${books()}/journal?from=2026-01-01&to=2026-01-31&limit=100`)
    ).json() as JournalPage;
    expect(january.entries.every((entry) => entry.postedOn.startsWith('2026-01'))).toBe(true);
    const beyond = (await as('board', 'GET', `${books()}/journal?page=99`)).json() as JournalPage;
    expect(beyond).toMatchObject({ entries: [], total: page.total });
  });

  it('every balance is the sum of the journal lines, and each fund balances', async () => {
    const chart = (await as('manager', 'GET', `${books()}/accounts`)).json() as Chart;
    const result = await t.database.db.execute(
      sql`select account_id, sum(amount_cents) as total from journal_lines where property_id = ${aspenId} group by account_id`,
    );
    const sums = new Map(
      rowsOf<{ account_id: string; total: string }>(result).map((row) => [row.account_id, Number(row.total)]),
    );
    for (const account of chart.accounts) expect(account.balanceCents).toBe(sums.get(account.id) ?? 0);
    for (const fund of chart.funds) expect(fund.debitsCents).toBe(fund.creditsCents);
  });
});

describe('who may see and keep the books', () => {
  it('the board reads them but cannot post; other associations’ people are not shown they exist', async () => {
    expect((await as('board', 'GET', `${books()}/accounts`)).statusCode).toBe(200);
    const byBoard = await post(
      { postedOn: '2026-03-01', memo: 'x', lines: [debit('operating_cash', 1), credit('fine_income', 1)] },
      'board',
    );
    expect(byBoard.statusCode).toBe(403);
    for (const who of ['manager2']) {
      expect((await as(who, 'GET', `${books()}/accounts`)).statusCode).toBe(404);
      expect((await as(who, 'GET', `${books()}/journal`)).statusCode).toBe(404);
      const write = await post(
        { postedOn: '2026-03-01', memo: 'x', lines: [debit('operating_cash', 1), credit('fine_income', 1)] },
        who,
      );
      expect(write.statusCode).toBe(404);
    }
    for (const who of ['resident', 'vendor'])
      expect((await as(who, 'GET', `${books()}/accounts`)).statusCode).toBe(403);
    expect((await injectAs(t.app, undefined, { method: 'GET', url: `${books()}/accounts` })).statusCode).toBe(
      401,
    );
  });

  it('records who changed the chart and who closed a month in the audit trail', async () => {
    const events = (await as('admin', 'GET', `/api/audit-events?propertyId=${aspenId}&limit=100`)).json() as {
      events: { entity: string; action: string; actorName?: string | null }[];
    };
    const entities = events.events.map((event) => `${event.entity} ${event.action}`);
    expect(entities).toContain('gl_accounts insert');
    expect(entities).toContain('gl_accounts update');
    expect(entities).toContain('finance_books update');
    // The default chart a new association starts with is not a person's change.
    expect(entities.filter((entry) => entry === 'gl_accounts insert')).toHaveLength(1);
  });
});
