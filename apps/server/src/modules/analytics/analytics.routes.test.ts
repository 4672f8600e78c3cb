import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantAnalytics, Role } from '@commonwise/contracts';
import {
  assistantTurns,
  chatMessages,
  chatThreads,
  profiles,
  properties,
  workOrders,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let willowId: string;
let harborId: string;
let manager2Cookie: string;

type Turn = Partial<typeof assistantTurns.$inferInsert> & {
  at: string;
  /** Milliseconds from the message arriving to the reply being committed. */
  replyMs: number;
  text?: string;
  opensWorkOrder?: boolean;
};

/** A conversation of a resident: its messages, each with the assistant's turn, as the router records them. */
async function conversation(residentEmail: string, propertyId: string | null, turns: Turn[]) {
  const { db } = t.database;
  const [resident] = await db.select().from(profiles).where(eq(profiles.email, residentEmail));
  const [thread] = await db
    .insert(chatThreads)
    .values({ userId: resident!.id, title: 'Analytics test' })
    .returning();
  for (const { at, replyMs, text, opensWorkOrder, ...turn } of turns) {
    const receivedAt = new Date(at);
    const [message] = await db
      .insert(chatMessages)
      .values({
        threadId: thread!.id,
        senderId: resident!.id,
        role: 'user',
        content: text ?? 'A message',
        createdAt: receivedAt,
      })
      .returning();
    let workOrderId: string | null = null;
    if (opensWorkOrder) {
      const [workOrder] = await db
        .insert(workOrders)
        .values({
          propertyId: propertyId!,
          residentId: resident!.id,
          summary: `Analytics test ${randomUUID()}`,
          mainCategory: 'plumbing',
        })
        .returning();
      workOrderId = workOrder!.id;
    }
    await db.insert(assistantTurns).values({
      messageId: message!.id,
      threadId: thread!.id,
      residentId: resident!.id,
      propertyId,
      receivedAt,
      repliedAt: new Date(receivedAt.getTime() + replyMs),
      answeredBy: 'rules',
      decision: 'asked_detail',
      language: 'en',
      intent: 'maintenance_request',
      workOrderId,
      ...turn,
    });
  }
}

const resident = 'resident@commonwise.test';
const resident2 = 'resident2@commonwise.test';

beforeAll(async () => {
  t = await createTestApp();
  manager2Cookie = await t.signIn('manager2@commonwise.test');
  const idOf = async (name: string) =>
    (await t.database.db.select().from(properties).where(eq(properties.name, name)))[0]!.id;
  willowId = await idOf('Willow Creek Commons');
  harborId = await idOf('Harbor View Condominiums');

  // Willow Creek, January 2025 (UTC).
  // A leak reported over two messages (work order 1: 62 s from the first), thanks, then a second
  // request (work order 2). The second request is timed from the first message after work order 1 —
  // the thanks, 421.5 s before it — not from the thread's first message (decision 0021).
  await conversation(resident, willowId, [
    { at: '2025-01-10T10:00:00Z', replyMs: 1000 },
    { at: '2025-01-10T10:01:00Z', replyMs: 2000, decision: 'work_order_created', opensWorkOrder: true },
    { at: '2025-01-10T10:05:00Z', replyMs: 500, intent: 'acknowledgement', decision: 'acknowledged' },
    { at: '2025-01-10T10:10:00Z', replyMs: 3000 },
    { at: '2025-01-10T10:12:00Z', replyMs: 1500, decision: 'work_order_created', opensWorkOrder: true },
  ]);
  // A rules question the documents do not answer, then a request for a person: handed over twice.
  await conversation(resident, willowId, [
    {
      at: '2025-01-12T09:00:00Z',
      replyMs: 4000,
      text: 'Can I put solar panels on my roof?',
      intent: 'document_question',
      decision: 'handed_over',
      citedAnswer: false,
      handoverReason: 'no_answer_in_documents',
    },
    {
      at: '2025-01-12T09:02:00Z',
      replyMs: 800,
      intent: 'human_request',
      decision: 'handed_over',
      handoverReason: 'asked_for_person',
    },
  ]);
  // A rules question answered with a citation, in Spanish, by the model.
  await conversation(resident, willowId, [
    {
      at: '2025-01-15T12:00:00Z',
      replyMs: 600,
      intent: 'document_question',
      decision: 'answered_from_documents',
      citedAnswer: true,
      language: 'es',
      answeredBy: 'model',
    },
  ]);
  // A gas emergency in Portuguese: safety advice, a work order at once, handed over.
  await conversation(resident, willowId, [
    {
      at: '2025-01-20T03:00:00Z',
      replyMs: 200,
      language: 'pt',
      decision: 'emergency',
      emergencyKind: 'gas_leak',
      emergencyRule: 'gas_leak/pt',
      handoverReason: 'emergency',
      opensWorkOrder: true,
    },
  ]);
  // The evening of January 31 in California, already February 1 in UTC: an unanswered question.
  await conversation(resident, willowId, [
    {
      at: '2025-02-01T03:00:00Z',
      replyMs: 700,
      text: 'Where can I park my boat?',
      intent: 'document_question',
      decision: 'handed_over',
      citedAnswer: false,
    },
  ]);

  // Harbor View: an unanswered question, and a request begun on New Year's Eve that became a work
  // order after midnight (counted in January, timed from its first message in December).
  await conversation(resident2, harborId, [
    {
      at: '2025-01-11T08:00:00Z',
      replyMs: 10_000,
      text: 'How many pets may I keep?',
      intent: 'document_question',
      decision: 'handed_over',
      citedAnswer: false,
      handoverReason: 'no_answer_in_documents',
    },
  ]);
  await conversation(resident2, harborId, [
    { at: '2024-12-31T23:00:00Z', replyMs: 1000 },
    { at: '2025-01-01T00:30:00Z', replyMs: 2000, decision: 'work_order_created', opensWorkOrder: true },
  ]);
});
afterAll(async () => t.close());

async function analyticsAs(cookie: string | undefined, query: string) {
  return injectAs(t.app, cookie, { method: 'GET', url: `/api/analytics/assistant?${query}` });
}

async function figures(query: string, role: Role = 'admin', cookie?: string) {
  const response = await analyticsAs(cookie ?? (await t.cookieFor(role)), query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AssistantAnalytics;
}

const january = 'from=2025-01-01&to=2025-01-31';

describe('the figures on known conversations (admin, every property, January in UTC)', () => {
  it('counts conversations, those resolved without a person and the share', async () => {
    const body = await figures(january);
    expect(body.conversations).toEqual({
      total: 6,
      resolvedWithoutPerson: 3,
      handedOver: 3,
      resolvedShare: 0.5,
    });
    expect(body.scope.isAllProperties).toBe(true);
    expect(body.scope.properties.map((property) => property.name)).toEqual([
      'Harbor View Condominiums',
      'Willow Creek Commons',
    ]);
    expect(body.property).toBeNull();
    expect(body.period).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      timeZone: 'UTC',
      startsAt: '2025-01-01T00:00:00.000Z',
      endsBefore: '2025-02-01T00:00:00.000Z',
    });
  });

  it('counts conversations per hand-over reason, listing every reason', async () => {
    const body = await figures(january);
    const byReason = Object.fromEntries(body.handovers.map((row) => [row.reason, row.conversations]));
    expect(byReason).toEqual({
      emergency: 1,
      asked_for_person: 1,
      no_answer_in_documents: 2,
      unknown_language: 0,
      low_confidence: 0,
      urgent_sounding: 0,
      needs_staff: 0,
      model: 0,
      failed: 0,
    });
  });

  it('gives the median and p95 time to first reply over every answered message (interpolated)', async () => {
    const body = await figures(january);
    // 200, 500, 600, 800, 1000, 1500, 2000, 2000, 3000, 4000, 10000: the 6th is the median; p95 lies
    // halfway between 4000 and 10000 (position 0.95 × 10 = 9.5).
    expect(body.firstReply).toEqual({ count: 11, medianMs: 1500, p95Ms: 7000 });
    expect(body.turns).toEqual({ total: 11, byRules: 10, byModel: 1 });
  });

  it('times each work order from the first message of its request, even one sent before the period', async () => {
    const body = await figures(january);
    // 200 (emergency), 62 000, 421 500 (the second request of a thread) and 5 402 000 (begun on 31 December).
    expect(body.timeToWorkOrder).toEqual({
      count: 4,
      medianMs: (62_000 + 421_500) / 2,
      p95Ms: Math.round(421_500 + 0.85 * (5_402_000 - 421_500)),
    });
  });

  it('counts rules questions answered with a citation and those the documents could not answer', async () => {
    const body = await figures(january);
    expect(body.citations).toEqual({ answered: 1, unanswered: 2 });
    expect(body.unansweredQuestions.total).toBe(2);
    expect(body.unansweredQuestions.items).toEqual([
      expect.objectContaining({
        question: 'Can I put solar panels on my roof?',
        property: { id: willowId, name: 'Willow Creek Commons' },
        askedAt: '2025-01-12T09:00:00.000Z',
      }),
      expect.objectContaining({
        question: 'How many pets may I keep?',
        property: { id: harborId, name: 'Harbor View Condominiums' },
        askedAt: '2025-01-11T08:00:00.000Z',
      }),
    ]);
  });

  it('breaks answered messages down by intent and language, and emergencies by kind', async () => {
    const body = await figures(january);
    expect(body.intents).toEqual([
      { intent: 'maintenance_request', turns: 6 },
      { intent: 'document_question', turns: 3 },
      { intent: 'acknowledgement', turns: 1 },
      { intent: 'human_request', turns: 1 },
    ]);
    expect(body.languages).toEqual([
      { language: 'en', turns: 9 },
      { language: 'es', turns: 1 },
      { language: 'pt', turns: 1 },
    ]);
    expect(body.emergencies).toEqual([{ kind: 'gas_leak', conversations: 1 }]);
  });

  it("takes the days of the caller's time zone", async () => {
    const body = await figures(`${january}&timeZone=America/Los_Angeles`);
    expect(body.period.startsAt).toBe('2025-01-01T08:00:00.000Z');
    // The boat question (31 January in California) is in; the work order after midnight UTC on New
    // Year's Day (still 31 December in California) is out.
    expect(body.unansweredQuestions.items.map((item) => item.question)).toEqual([
      'Where can I park my boat?',
      'Can I put solar panels on my roof?',
      'How many pets may I keep?',
    ]);
    expect(body.timeToWorkOrder.count).toBe(3);
    expect(body.conversations.total).toBe(6);
  });

  it('narrows to one property', async () => {
    const body = await figures(`${january}&propertyId=${harborId}`);
    expect(body.property).toEqual({ id: harborId, name: 'Harbor View Condominiums' });
    expect(body.conversations).toEqual({
      total: 2,
      resolvedWithoutPerson: 1,
      handedOver: 1,
      resolvedShare: 0.5,
    });
    expect(body.timeToWorkOrder).toEqual({ count: 1, medianMs: 5_402_000, p95Ms: 5_402_000 });
    expect(body.unansweredQuestions.items.map((item) => item.question)).toEqual([
      'How many pets may I keep?',
    ]);
  });

  it('answers a period without conversations with zeros and nulls', async () => {
    const body = await figures('from=2024-06-01&to=2024-06-30');
    expect(body.conversations).toEqual({
      total: 0,
      resolvedWithoutPerson: 0,
      handedOver: 0,
      resolvedShare: null,
    });
    expect(body.firstReply).toEqual({ count: 0, medianMs: null, p95Ms: null });
    expect(body.timeToWorkOrder).toEqual({ count: 0, medianMs: null, p95Ms: null });
    expect(body.turns).toEqual({ total: 0, byRules: 0, byModel: 0 });
    expect(body.citations).toEqual({ answered: 0, unanswered: 0 });
    expect(body.handovers.every((row) => row.conversations === 0)).toBe(true);
    expect(body.intents).toEqual([]);
    expect(body.languages).toEqual([]);
    expect(body.emergencies).toEqual([]);
    expect(body.unansweredQuestions).toEqual({ total: 0, items: [] });
  });
});

describe('who may see which figures', () => {
  it('gives a manager the figures of the properties they manage only', async () => {
    const body = await figures(january, 'manager');
    expect(body.scope).toEqual({
      isAllProperties: false,
      properties: [{ id: willowId, name: 'Willow Creek Commons' }],
    });
    expect(body.conversations).toEqual({
      total: 4,
      resolvedWithoutPerson: 2,
      handedOver: 2,
      resolvedShare: 0.5,
    });
    expect(body.turns.total).toBe(9);
    expect(body.unansweredQuestions.items.map((item) => item.question)).toEqual([
      'Can I put solar panels on my roof?',
    ]);

    const other = await figures(january, 'manager', manager2Cookie);
    expect(other.scope.properties.map((property) => property.name)).toEqual(['Harbor View Condominiums']);
    expect(other.conversations.total).toBe(2);
    expect(other.unansweredQuestions.items.map((item) => item.question)).toEqual([
      'How many pets may I keep?',
    ]);
  });

  it("answers 404 for another manager's property, as for one that does not exist", async () => {
    for (const [cookie, propertyId] of [
      [await t.cookieFor('manager'), harborId],
      [manager2Cookie, willowId],
      [await t.cookieFor('manager'), randomUUID()],
      [await t.cookieFor('admin'), randomUUID()],
    ] as const) {
      const response = await analyticsAs(cookie, `${january}&propertyId=${propertyId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Property not found' });
    }
  });

  it('gives a manager of no property empty figures, not an error', async () => {
    const email = 'analytics-new-manager@commonwise.test';
    const id = randomUUID();
    await t.database.db.insert(profiles).values({ id, email, fullName: 'New Manager', role: 'manager' });
    // Called as the service, as the route would with that manager's session.
    const { getAssistantAnalytics } = await import('./analytics.service.ts');
    const body = await getAssistantAnalytics(
      {
        db: t.database.db,
        notifier: t.app.notifier,
        actor: { id, email, fullName: 'New Manager', role: 'manager', twoFactorEnabled: false },
      },
      { from: '2025-01-01', to: '2025-01-31' },
    );
    expect(body.scope.properties).toEqual([]);
    expect(body.conversations.total).toBe(0);
    expect(body.unansweredQuestions.items).toEqual([]);
  });

  it('refuses residents, vendors, board members and developers, and asks for a session first', async () => {
    for (const role of ['resident', 'vendor', 'board', 'developer'] as Role[]) {
      const response = await analyticsAs(await t.cookieFor(role), january);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.code, role).toBe('FORBIDDEN');
    }
    const anonymous = await analyticsAs(undefined, january);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a period that cannot be read', () => {
  it.each([
    ['no dates', '', 'from'],
    ['a malformed date', 'from=2025-1-1&to=2025-01-31', 'from'],
    ['a day that does not exist', 'from=2025-02-30&to=2025-03-31', 'from'],
    ['a year out of range', 'from=0000-01-01&to=0000-01-31', 'from'],
    ['a year far ahead', 'from=9999-12-01&to=9999-12-31', 'to'],
    ['an end before the start', 'from=2025-02-01&to=2025-01-31', 'to'],
    ['a period over 366 days', 'from=2024-01-01&to=2025-01-01', 'to'],
    ['a property id that is not one', `${january}&propertyId=42`, 'propertyId'],
    ['an unknown time zone', `${january}&timeZone=Mars/Olympus_Mons`, 'timeZone'],
  ])('refuses %s with a clear message', async (_case, query, field) => {
    const response = await analyticsAs(await t.cookieFor('admin'), query);
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields)).toContain(field);
  });

  it('names the problem in words', async () => {
    const backwards = await analyticsAs(await t.cookieFor('admin'), 'from=2025-02-01&to=2025-01-31');
    expect(backwards.json().error.message).toBe(
      'The end date must be on or after the start date (querystring to)',
    );
    const tooLong = await analyticsAs(await t.cookieFor('admin'), 'from=2024-01-01&to=2025-01-01');
    expect(tooLong.json().error.message).toBe('Choose a period of at most 366 days (querystring to)');
  });

  it('accepts exactly 366 days', async () => {
    const body = await figures('from=2024-01-01&to=2024-12-31');
    expect(body.conversations.total).toBe(1);
  });
});
