import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantReplyQueue, formatMoney, type OwnerAccountList } from '@commonwise/contracts';
import { assistantTurns, charges, properties, units, workOrders } from '../../../db/schema/index.ts';
import { JobQueue } from '../../../plugins/jobs.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/test-app.ts';
import { billedSinceLastMonth } from '../../../test/fixtures/association.ts';
import { postLateCharges } from '../../finance/late-fees.service.ts';
import { createAssistantReplyHandler } from './assistant-reply.ts';

/**
 * The assistant knows the ledger (issue 20, item 9). Willow Creek Commons (Texas) bills $350.00 dues on
 * the 1st under a schedule its budget adopted, and charges $25.00 ten days late under its Declaration;
 * resident@ (Ryan) owns 14B, board@ owns 7A. Ryan's balance, next charge and the charges he asks about
 * come from his own ledger, in his language, with the rule that made each — and nobody else's figures
 * ever appear: an amount that is only on 7A is "not on your account", and a person is asked.
 */

let t: TestApp;
let queue: JobQueue;
let ryan: string;
let willowId: string;
let today: string;

const manager = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, await t.cookieFor('manager'), { method, url, ...(payload ? { payload } : {}) });
const finance = () => `/api/properties/${willowId}/finance`;

type Reply = { content: string; metadata: Record<string, unknown> };

/** Asks the assistant in a new conversation; returns its replies and the turn it recorded. */
async function ask(content: string, cookie = ryan) {
  const thread = (
    await injectAs(t.app, cookie, { method: 'POST', url: '/api/chat/threads', payload: {} })
  ).json().id as string;
  const posted = await injectAs(t.app, cookie, {
    method: 'POST',
    url: `/api/chat/threads/${thread}/messages`,
    payload: { content },
  });
  expect(posted.statusCode).toBe(201);
  await queue.runDue();
  const messages = (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
  ).json().messages as (Reply & { id: string })[];
  const index = messages.findIndex((message) => message.id === posted.json().id);
  const [turn] = await t.database.db
    .select()
    .from(assistantTurns)
    .where(eq(assistantTurns.messageId, posted.json().id));
  return { replies: messages.slice(index + 1), turn: turn!, thread };
}

async function ryansAccount() {
  const list = (
    await injectAs(t.app, ryan, { method: 'GET', url: '/api/finance/owner-accounts' })
  ).json() as OwnerAccountList;
  return list.accounts[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  ryan = await t.cookieFor('resident');
  queue = new JobQueue(t.database, { concurrency: 0 });
  queue.register(
    assistantReplyQueue,
    createAssistantReplyHandler({ db: t.database.db, notifier: t.app.notifier }),
  );
  await queue.prepare();
  const db = t.database.db;
  [{ id: willowId }] = (await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'))) as [{ id: string }];
  today = await billedSinceLastMonth(t, willowId, 'the 2026 budget (board meeting of 14 October 2025)');
  const rule = await manager('PUT', `${finance()}/late-fees`, {
    graceDays: 10,
    fixedCents: 2_500,
    basis: 'per_charge',
    appliesTo: ['assessment'],
    authority: 'Declaration §8.2',
    effectiveFrom: '2020-01-01',
  });
  expect(rule.statusCode, rule.body).toBe(200);
  await db.transaction((tx) => postLateCharges(tx, willowId, 'TX', today));
  // A charge on board@'s 7A only: Ryan never hears of it.
  const [sevenA] = await db.select({ id: units.id }).from(units).where(eq(units.label, '7A'));
  const fob = await manager('POST', `${finance()}/charges`, {
    unitId: sevenA!.id,
    kind: 'fee',
    description: 'Replacement gate remote for 7A',
    amountCents: 7_777,
    dueOn: today,
  });
  expect(fob.statusCode, fob.body).toBe(201);
});

afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

describe('the assistant answering from the owner’s own ledger', () => {
  it('tells the balance, what is past due and the next charge, and links the Billing page', async () => {
    const account = await ryansAccount();
    expect(account.balanceCents).toBeGreaterThan(35_000);
    const { replies, turn } = await ask("What's my balance?");
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    expect(reply.content).toContain(
      `14B at Willow Creek Commons: you owe ${formatMoney(account.balanceCents)}, of which ${formatMoney(account.pastDueCents)} is past due.`,
    );
    expect(reply.content).toMatch(/Your next charge is Monthly dues.*, \$350\.00, due \w+ 1, \d{4}\./);
    expect(reply.content).toContain(
      'Your Billing page lists every charge and payment, and you can pay there.',
    );
    expect(reply.metadata.links).toEqual([{ label: 'Open Billing', href: '/resident-portal/billing' }]);
    expect(reply.content).not.toMatch(/7A|77\.77/);
    expect(turn).toMatchObject({
      intent: 'billing_question',
      decision: 'account_given',
      handoverReason: null,
    });
    expect(turn.workOrderId).toBeNull();
  });

  it('explains a charge the owner names by its amount, with the late-fee rule and its authority', async () => {
    const [lateFee] = await t.database.db
      .select()
      .from(charges)
      .where(eq(charges.kind, 'late_fee'))
      .innerJoin(units, eq(units.id, charges.unitId))
      .then((rows) => rows.filter((row) => row.units.label === '14B').map((row) => row.charges));
    expect(lateFee).toBeDefined();
    const { replies, turn } = await ask('why was I charged $25?');
    const content = replies[0]!.content;
    expect(content).toContain(
      `is "${lateFee!.description}", a late fee under the association's rule (Declaration §8.2): $25.00 when a charge is still unpaid 10 days after its due date`,
    );
    expect(content).toMatch(/The \$25\.00 charged on \w+ \d+, \d{4} is/);
    expect(content).toMatch(/It is owed, due \w+ \d+, \d{4}\./);
    expect(turn).toMatchObject({ decision: 'account_given', handoverReason: null });
  });

  it('answers in Spanish, naming the schedule and what adopted it', async () => {
    const { replies } = await ask('¿Por qué me cobraron 350 dólares?');
    const content = replies[0]!.content;
    expect(content).toMatch(/^14B en Willow Creek Commons: usted debe /);
    expect(content).toContain(
      'del plan "Monthly dues", aprobado por the 2026 budget (board meeting of 14 October 2025).',
    );
    expect(content).toMatch(
      /El cargo de 350,00\sUS\$ del \d+ de \w+ de \d{4} es "Monthly dues, \w+ \d{4}", del plan/,
    );
    expect(replies[0]!.metadata.links).toEqual([
      { label: 'Abrir Facturación', href: '/resident-portal/billing' },
    ]);
  });

  it("never tells another owner's charge: an amount only on 7A is not on Ryan's account, and a person is asked", async () => {
    const { replies, turn } = await ask('Why did you charge me $77.77??');
    const content = replies[0]!.content;
    expect(content).not.toMatch(/7A|gate remote/i);
    expect(content).toContain(
      'I found no charge of $77.77 on your account, so I have asked Maria Santos to look into it; they will answer you in the work room.',
    );
    expect(content).toContain('14B at Willow Creek Commons: you owe');
    expect(turn).toMatchObject({ decision: 'account_given', handoverReason: 'needs_staff' });
    const [order] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, turn.workOrderId!));
    expect(order).toMatchObject({ summary: 'Question about dues or billing', status: 'new' });
    expect(replies[0]!.metadata).toMatchObject({ work_order_id: order!.id });
  });

  it('answers a board member who owns a home about their own account, not the association’s', async () => {
    const board = await t.cookieFor('board');
    const { replies } = await ask('why was I charged $77.77?', board);
    const content = replies[0]!.content;
    expect(content).toMatch(/^7A at Willow Creek Commons: you owe /);
    expect(content).toContain(
      'is "Replacement gate remote for 7A", a fee your manager charged. It is owed, due',
    );
    expect(content).not.toContain('14B');
    expect(replies[0]!.metadata.links).toEqual([{ label: 'Open Billing', href: '/resident-portal/billing' }]);
    const other = await ask('why was I charged $12.34?', board);
    expect(other.replies[0]!.content).toContain('I found no charge of $12.34 on your account.');
    // A question about the association's money is not about their own.
    const reserve = await ask('What is the reserve fund balance?', board);
    expect(reserve.replies[0]!.content).not.toContain('7A');
  });

  it('hands a tenant’s question to the manager: a tenant has no owner’s account to read', async () => {
    const priya = await t.signIn('resident2@commonwise.test');
    const { replies, turn } = await ask('How much do I owe?', priya);
    expect(replies[0]!.content).toBe(
      'Questions about dues, balances and payments are answered by Marcus Reed: I have passed yours on, and they will reply in the work room.',
    );
    expect(turn).toMatchObject({ decision: 'handed_over', handoverReason: 'needs_staff' });
  });
});
