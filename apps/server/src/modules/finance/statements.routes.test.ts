import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, type NotificationPage, type OwnerAccountList } from '@commonwise/contracts';
import { properties, units } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { billedSinceLastMonth } from '../../test/fixtures/association.ts';
import { statementsSchedule } from './finance.jobs.ts';

/**
 * Monthly statements (issue 20, item 8): Willow Creek Commons bills $350.00 on the 1st; resident@ (Ryan)
 * owns 14B and pays $100.00 this month. His statement of last month opens at nothing and closes at the
 * month's dues; this month's opens there, lists the charges and the payment, and closes at the balance
 * his account shows. Every figure comes from the journal; a month that has ended prints the same file
 * every time; the managers and the board print the same statement; nobody else gets it.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let willowId: string;
let unitId: string;
let sevenAId: string;
let today: string;

const get = (who: string, url: string) => injectAs(t.app, cookies[who], { method: 'GET', url });
const mine = (month: string, unit = () => unitId) =>
  `/api/finance/owner-accounts/${unit()}/statement?month=${month}`;
const monthOf = (monthsFromNow: number) => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + monthsFromNow, 1)).toISOString().slice(0, 7);
};
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T00:00:00Z`),
  );

async function textOf(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.resident2 = await t.signIn('resident2@commonwise.test');
  cookies.manager2 = await t.signIn('manager2@commonwise.test');
  const db = t.database.db;
  [{ id: willowId }] = (await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'))) as [{ id: string }];
  const labelled = async (label: string) =>
    (await db.select({ id: units.id }).from(units).where(eq(units.label, label)))[0]!.id;
  unitId = await labelled('14B');
  sevenAId = await labelled('7A');
  today = await billedSinceLastMonth(t, willowId);
  const paid = await injectAs(t.app, cookies.resident, {
    method: 'POST',
    url: `/api/finance/owner-accounts/${unitId}/payments`,
    payload: { method: 'card', amountCents: 10_000, feeCents: 0, idempotencyKey: 'statement-test-payment' },
  });
  expect(paid.statusCode, paid.body).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

describe("an owner's monthly statement", () => {
  it("last month's opens at nothing and closes at the month's dues, in a PDF named for the unit and month", async () => {
    const month = monthOf(-1);
    const response = await get('resident', mine(month));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-unit-14B-${month}.pdf"; filename*=UTF-8''statement-unit-14B-${month}.pdf`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await textOf(response.rawPayload);
    for (const expected of [
      'Willow Creek Commons',
      `Statement of account — ${monthName(month)}`,
      'Unit 14B',
      'Owner: Ryan Chen',
      `Monthly dues, ${monthName(month)}`,
      'Opening balance',
      'Closing balance',
      'Amount due: $350.00',
      'Online: sign in to Commonwise and open Billing',
      'By check: payable to “Willow Creek Commons”, with “Unit 14B” on the memo line',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('the month so far');
    expect(text).not.toMatch(/7A/);
    // The same month asked for again is the same file, byte for byte.
    expect((await get('resident', mine(month))).rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it("this month's opens at last month's close, lists the dues and the payment, and closes at the account's balance", async () => {
    const [account] = ((await get('resident', '/api/finance/owner-accounts')).json() as OwnerAccountList)
      .accounts;
    const text = await textOf((await get('resident', mine(monthOf(0)))).rawPayload);
    expect(text).toContain('(the month so far)');
    expect(text).toMatch(/Opening balance\s+\$350\.00/);
    expect(text).toContain(`Monthly dues, ${monthName(monthOf(0))}`);
    expect(text).toContain('Payment by card');
    expect(text).toContain('$100.00');
    expect(text).toContain(`Amount due: ${formatMoney(account!.balanceCents)}`);
    expect(text).toContain(`Next charge: Monthly dues, ${monthName(monthOf(1))}, $350.00`);
  });

  it('is printed the same for the managers and the board, from the unit’s account', async () => {
    const month = monthOf(-1);
    const owners = (await get('resident', mine(month))).rawPayload;
    for (const who of ['manager', 'board']) {
      const response = await get(
        who,
        `/api/properties/${willowId}/finance/units/${unitId}/statement?month=${month}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.rawPayload.equals(owners)).toBe(true);
    }
    const elsewhere = await get(
      'manager2',
      `/api/properties/${willowId}/finance/units/${unitId}/statement?month=${month}`,
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it("is nobody else's: another owner's unit, a tenant and a manager on the owner's route are refused", async () => {
    const month = monthOf(-1);
    expect(
      (
        await get(
          'resident',
          mine(month, () => sevenAId),
        )
      ).statusCode,
    ).toBe(404);
    expect((await get('resident2', mine(month))).statusCode).toBe(404);
    expect((await get('manager', mine(month))).statusCode).toBe(403);
  });

  it('is refused for a month not begun or not written as one, saying why', async () => {
    const future = await get('resident', mine(monthOf(1)));
    expect(future.statusCode).toBe(422);
    expect(future.json().error).toMatchObject({
      code: 'MONTH_NOT_BEGUN',
      fields: { month: 'Choose this month or an earlier one' },
    });
    const garbled = await get('resident', mine('2026-13'));
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error.fields.month).toBe('A month is written YYYY-MM, e.g. 2026-11');
  });
});

describe('the statements sent on the 1st', () => {
  it("tells each owner last month's figures once, by their preferences, however often the run runs", async () => {
    const schedule = statementsSchedule(t.app.notifier);
    const period = {
      key: `${monthOf(0)}-01T06:00-06:00`,
      scheduledFor: new Date(`${monthOf(0)}-01T12:00:00Z`),
      timeZone: 'America/Chicago',
    };
    const property = { id: willowId, name: 'Willow Creek Commons', timeZone: 'America/Chicago' };
    const preview = await schedule.preview(
      { db: t.database.db, now: new Date(), property },
      willowId,
      period,
    );
    const title = `Statement for unit 14B, ${monthName(monthOf(-1))}: $350.00 due`;
    expect(preview.items).toContain(title);
    for (let run = 0; run < 2; run += 1) {
      const outcome = await t.database.db.transaction((tx) =>
        schedule.run({ db: tx, now: new Date(), property }, willowId, period),
      );
      expect(outcome.summary).toMatch(
        new RegExp(`^Sent \\d+ statements for ${monthOf(-1)} to \\d+ owners\\.$`),
      );
    }
    const page = (await get('resident', '/api/notifications?limit=50')).json() as NotificationPage;
    const sent = page.rows.filter((row) => row.title === title);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'statement.ready',
      link: `/resident-portal/billing?unit=${unitId}`,
    });
    expect(sent[0]!.body).toContain(
      'Opening balance $0.00; charges $350.00; payments and credits $0.00; closing balance $350.00.',
    );
    // board@ owns 7A: told of 7A's statement, never of 14B's.
    const boards = (await get('board', '/api/notifications?limit=50')).json() as NotificationPage;
    expect(boards.rows.some((row) => row.title.startsWith('Statement for unit 7A,'))).toBe(true);
    expect(boards.rows.some((row) => row.title.includes('14B'))).toBe(false);
  });
});
