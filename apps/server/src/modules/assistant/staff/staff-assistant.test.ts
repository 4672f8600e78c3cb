import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakoutRooms, properties, workOrders } from '../../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/test-app.ts';
import { referenceOf } from '../../../test/work-order-reference.ts';
import { rowsOf } from '../../realtime/publish.ts';

/**
 * The staff assistant (issue 26 item 5): managers, board members and admins ask about their own
 * properties' work and get figures and lists counted from the database, with links to the records —
 * never another association's. The demo manager runs Willow Creek, manager2 Harbor View; the demo
 * board member sits on Willow Creek's board.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Message = { role: string; content: string; metadata: Record<string, unknown> };

/** Asks in a new conversation and returns the answer(s) and the conversation's workflow. */
async function ask(cookie: string, content: string) {
  const thread = (await injectAs(t.app, cookie, { method: 'POST', url: '/api/chat/threads' })).json().id;
  const posted = await injectAs(t.app, cookie, {
    method: 'POST',
    url: `/api/chat/threads/${thread}/messages`,
    payload: { content },
  });
  expect(posted.statusCode).toBe(201);
  await t.app.jobs.runDue();
  const messages: Message[] = (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
  ).json().messages;
  const workflow = (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${thread}/workflow` })
  ).json().workflow;
  return { replies: messages.filter((message) => message.role === 'assistant'), workflow };
}

async function workOrderNamed(summary: string) {
  const [order] = await t.database.db.select().from(workOrders).where(eq(workOrders.summary, summary));
  const [room] = await t.database.db
    .select({ id: breakoutRooms.id })
    .from(breakoutRooms)
    .where(eq(breakoutRooms.workOrderId, order!.id));
  return { ...order!, roomId: room?.id, reference: await referenceOf(t.database.db, order!.id) };
}

const harborViewOnly = ['Garage door remote stopped working', 'Harbor View'];
const willowCreekOnly = [
  'Kitchen sink leaking under the cabinet',
  'Streetlight out in front of unit 14B',
  'Willow Creek',
];

describe('the staff assistant', () => {
  it("tells a manager what needs their attention today, most urgent first, with links, and nothing of another association's", async () => {
    const sink = await workOrderNamed('Kitchen sink leaking under the cabinet');
    const streetlight = await workOrderNamed('Streetlight out in front of unit 14B');
    const { replies, workflow } = await ask(await t.cookieFor('manager'), 'what needs my attention today?');
    expect(replies).toHaveLength(1);
    const [answer] = replies;
    expect(answer!.content.split('\n')).toEqual([
      '2 open work orders at Willow Creek Commons need your attention, most urgent first:',
      expect.stringMatching(
        new RegExp(
          `^• ${sink.reference} Kitchen sink leaking under the cabinet — Willow Creek Commons, due .+ \\(high priority\\)$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^• ${streetlight.reference} Streetlight out in front of unit 14B — Willow Creek Commons, due .+ \\(new, no vendor\\)$`,
        ),
      ),
    ]);
    // A manager is linked to each work order's full view in the manager portal, where they can act on
    // it — the streetlight too, which has no work room (the demo seeds none).
    expect(streetlight.roomId).toBeUndefined();
    expect(answer!.metadata.links).toEqual([
      {
        label: `${sink.reference} Kitchen sink leaking under the cabinet`,
        href: `/manager-portal?workOrder=${sink.id}`,
      },
      {
        label: `${streetlight.reference} Streetlight out in front of unit 14B`,
        href: `/manager-portal?workOrder=${streetlight.id}`,
      },
    ]);
    for (const text of harborViewOnly) expect(answer!.content).not.toContain(text);
    expect(workflow).toMatchObject({ workflowType: 'staff_question', workflowStatus: 'answered' });
  });

  it("counts a work order overdue by its association's calendar, not the database's", async () => {
    const sink = await workOrderNamed('Kitchen sink leaking under the cabinet');
    const [property] = await t.database.db
      .select({ timeZone: properties.timeZone })
      .from(properties)
      .where(eq(properties.id, sink.propertyId));
    const [{ today }] = rowsOf<{ today: string }>(
      await t.database.db.execute(sql`select current_date::text as today`),
    ) as [{ today: string }];
    const localDay = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });
    // At any hour, one of the day's two ends of the world has another date than the database.
    const timeZone = ['Pacific/Kiritimati', 'Etc/GMT+12'].find((zone) => localDay(zone) !== today)!;
    const local = localDay(timeZone);
    const dayBefore = (day: string) =>
      new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    // Ahead of the database: due yesterday there, today here — overdue. Behind: due today there,
    // yesterday here — not yet.
    const isAhead = local > today;
    const dueDate = isAhead ? dayBefore(local) : local;
    await t.database.db.update(properties).set({ timeZone }).where(eq(properties.id, sink.propertyId));
    await t.database.db.update(workOrders).set({ dueDate }).where(eq(workOrders.id, sink.id));
    try {
      const { replies } = await ask(await t.cookieFor('manager'), 'which work orders are overdue?');
      expect(replies[0]!.content.includes('Kitchen sink leaking under the cabinet')).toBe(isAhead);
    } finally {
      await t.database.db
        .update(properties)
        .set({ timeZone: property!.timeZone })
        .where(eq(properties.id, sink.propertyId));
      await t.database.db.update(workOrders).set({ dueDate: sink.dueDate }).where(eq(workOrders.id, sink.id));
    }
  });

  it('lists the overdue work orders of the property named, matched loosely among the manager’s own', async () => {
    const sink = await workOrderNamed('Kitchen sink leaking under the cabinet');
    await t.database.db.update(workOrders).set({ dueDate: '2020-01-06' }).where(eq(workOrders.id, sink.id));
    try {
      const { replies } = await ask(
        await t.cookieFor('manager'),
        'which work orders are overdue at willow crk?',
      );
      expect(replies[0]!.content.split('\n')).toEqual([
        '1 work order is overdue at Willow Creek Commons:',
        `• ${sink.reference} Kitchen sink leaking under the cabinet — Willow Creek Commons, due Monday, January 6`,
      ]);
      const attention = await ask(await t.cookieFor('manager'), 'anything urgent I should look at?');
      expect(attention.replies[0]!.content).toContain('(overdue)');
    } finally {
      await t.database.db.update(workOrders).set({ dueDate: sink.dueDate }).where(eq(workOrders.id, sink.id));
    }
  });

  it("never counts another association's work, even when it is named", async () => {
    const { replies } = await ask(
      await t.signIn('manager2@commonwise.test'),
      'how many open requests does Willow Creek have?',
    );
    expect(replies[0]!.content).toBe('1 open request at Harbor View Condominiums.');
    for (const text of willowCreekOnly) expect(replies[0]!.content).not.toContain(text);
  });

  it("summarises the week for a board member, from their association's work only", async () => {
    const { replies } = await ask(await t.cookieFor('board'), "summarise this week's requests");
    const content = replies[0]!.content;
    expect(content).toContain('This week (the last 7 days) at Willow Creek Commons: 2 new requests.');
    expect(content).toContain('Now: 1 new, 1 in progress.');
    expect(content).toContain('Kitchen sink leaking under the cabinet');
    expect(content).toContain('Streetlight out in front of unit 14B');
    for (const text of harborViewOnly) expect(content).not.toContain(text);
    expect(replies[0]!.metadata.links).toHaveLength(1);
  });

  it('answers an admin about any property, and in the language asked', async () => {
    const admin = await t.cookieFor('admin');
    expect((await ask(admin, 'how many open requests does Harbor View have?')).replies[0]!.content).toBe(
      '1 open request at Harbor View Condominiums.',
    );
    const manager = await t.cookieFor('manager');
    expect(
      (await ask(manager, '¿cuántas solicitudes abiertas tiene Willow Creek?')).replies[0]!.content,
    ).toBe('2 solicitudes abiertas en Willow Creek Commons.');
  });

  it('says what it can do when the question is outside what it knows, inventing nothing', async () => {
    const { replies } = await ask(await t.cookieFor('manager'), 'what is the reserve fund balance?');
    expect(replies[0]!.content).toMatch(/^I cannot answer that yet\. For your properties I can tell you/);
    expect(replies[0]!.content).not.toMatch(/\$\d/);
  });

  it('gives safety advice first when a staff member reports an emergency', async () => {
    const { replies } = await ask(await t.cookieFor('manager'), 'I smell gas in the clubhouse kitchen');
    expect(replies[0]!.content).toMatch(/leave now/i);
  });

  it('keeps the resident assistant for residents, even when they ask a staff question', async () => {
    const { replies, workflow } = await ask(await t.cookieFor('resident'), 'what needs my attention today?');
    expect(replies[0]!.content).not.toMatch(/need your attention|Nothing needs your attention/);
    expect(workflow?.workflowType).not.toBe('staff_question');
  });
});
