import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantReplyQueue, type MessageAnalysis } from '@commonwise/contracts';
import {
  assistantTurns,
  breakoutRooms,
  chatMessages,
  profiles,
  workOrderActivity,
  workOrders,
} from '../../../db/schema/index.ts';
import { JobQueue } from '../../../plugins/jobs.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/test-app.ts';
import { referenceOf } from '../../../test/work-order-reference.ts';
import { analyzeMessage } from '../analyze.ts';
import { createAssistantReplyHandler } from './assistant-reply.ts';

/**
 * The reply handler on the intents the analyzer cannot tell yet (the classifier is built beside it):
 * each message's analysis is scripted here, on top of what analyzeMessage says, and the rest — the
 * decision, the work orders, the replies, the assistant_turns row — is the real thing.
 */
const scripts = new Map<string, Partial<MessageAnalysis>>();
const scripted: typeof analyzeMessage = (text, context) => ({
  ...analyzeMessage(text, context),
  soundsUrgent: false,
  ...scripts.get(text.trim()),
});

let t: TestApp;
let ryan: string;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestApp();
  ryan = await t.cookieFor('resident');
  // A worker of our own for the assistant's queue; the app's own is never run in this file.
  queue = new JobQueue(t.database, { concurrency: 0 });
  queue.register(
    assistantReplyQueue,
    createAssistantReplyHandler({ db: t.database.db, notifier: t.app.notifier, analyze: scripted }),
  );
  await queue.prepare();
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

type Message = { id: string; role: string; content: string; metadata: Record<string, unknown> };

async function newThread(cookie = ryan): Promise<string> {
  return (await injectAs(t.app, cookie, { method: 'POST', url: '/api/chat/threads', payload: {} })).json().id;
}

/** Posts a message read as `analysis`, lets the assistant answer, and returns the message and replies. */
async function say(thread: string, content: string, analysis: Partial<MessageAnalysis>, cookie = ryan) {
  scripts.set(content, analysis);
  const posted = await injectAs(t.app, cookie, {
    method: 'POST',
    url: `/api/chat/threads/${thread}/messages`,
    payload: { content },
  });
  expect(posted.statusCode).toBe(201);
  await queue.runDue();
  const messages: Message[] = (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
  ).json().messages;
  const index = messages.findIndex((message) => message.id === posted.json().id);
  return { messageId: posted.json().id as string, replies: messages.slice(index + 1) };
}

async function workflowOf(thread: string, cookie = ryan) {
  return (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${thread}/workflow` })
  ).json().workflow;
}

async function turnsOf(messageId: string) {
  return t.database.db.select().from(assistantTurns).where(eq(assistantTurns.messageId, messageId));
}

async function workOrder(id: string) {
  return (await t.database.db.select().from(workOrders).where(eq(workOrders.id, id)))[0]!;
}

async function roomMessagesOf(workOrderId: string) {
  const [room] = await t.database.db
    .select()
    .from(breakoutRooms)
    .where(eq(breakoutRooms.workOrderId, workOrderId));
  return t.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, room!.id));
}

/** A dishwasher request with every detail stated, so the work order opens on the first message. */
const dishwasherRequest: Partial<MessageAnalysis> = {
  intent: 'maintenance_request',
  intentConfidence: 0.93,
  category: 'appliances',
  subcategory: 'dishwasher',
  location: { kind: 'unit', detail: 'kitchen' },
  urgency: 'normal',
  permissionToEnter: true,
  summary: 'Dishwasher problem (kitchen)',
};

async function openDishwasherRequest(thread: string): Promise<string> {
  const { replies } = await say(
    thread,
    'The dishwasher will not drain, kitchen, no rush, come in any time',
    dishwasherRequest,
  );
  return String(replies.find((reply) => reply.metadata.work_order_id)!.metadata.work_order_id);
}

describe('the assistant acting on what a resident means', () => {
  it("files a neighbour complaint with the manager as a complaint, without asking to enter the resident's unit", async () => {
    const thread = await newThread();
    const { messageId, replies } = await say(thread, 'The people upstairs play loud music every night', {
      intent: 'neighbor_complaint',
      intentConfidence: 0.88,
      category: 'community',
      subcategory: 'noise',
      location: undefined,
      permissionToEnter: undefined,
      summary: 'Complaint: Noise complaint',
    });
    expect(replies).toHaveLength(1);
    expect(replies[0]!.content).toMatch(/passed your report to Maria Santos as WC-\d+;/);
    expect(replies.some((reply) => /enter your unit/i.test(reply.content))).toBe(false);
    const id = String(replies[0]!.metadata.work_order_id);
    expect(await workOrder(id)).toMatchObject({
      summary: 'Noise complaint',
      mainCategory: 'community',
      subcategory: 'noise',
      status: 'new',
    });
    const [first] = await roomMessagesOf(id);
    expect(first!.content).toContain('not a repair in their unit');
    expect(await workflowOf(thread)).toMatchObject({ currentStep: 'complaint_filed' });
    expect(await turnsOf(messageId)).toEqual([
      expect.objectContaining({
        answeredBy: 'rules',
        intent: 'neighbor_complaint',
        decision: 'complaint_filed',
        handoverReason: null,
        workOrderId: id,
      }),
    ]);
  });

  it('cancels an open request that has not been started, through the work order status rules', async () => {
    const thread = await newThread();
    const id = await openDishwasherRequest(thread);
    const { messageId, replies } = await say(thread, 'Please cancel my dishwasher request', {
      intent: 'cancel_request',
      category: 'appliances',
      subcategory: 'dishwasher',
    });
    expect(replies.map((reply) => reply.content)).toEqual([
      // The work order's title names the problem and the place (issue 26).
      `Done — I have cancelled work order ${await referenceOf(t.database.db, id)} ("Dishwasher problem — kitchen, unit 14B").`,
    ]);
    expect(replies[0]!.metadata).toMatchObject({ work_order_id: id, room_id: expect.any(String) });
    expect((await workOrder(id)).status).toBe('cancelled');
    const activity = await t.database.db
      .select()
      .from(workOrderActivity)
      .where(
        and(eq(workOrderActivity.workOrderId, id), eq(workOrderActivity.activityType, 'status_changed')),
      );
    expect(activity).toEqual([
      expect.objectContaining({
        description: 'Status changed from New to Cancelled',
        metadata: { from: 'new', to: 'cancelled' },
      }),
    ]);
    expect(
      (await roomMessagesOf(id)).some((message) => /Ryan Chen changed the status/.test(message.content)),
    ).toBe(true);
    expect(await turnsOf(messageId)).toEqual([
      expect.objectContaining({ decision: 'request_cancelled', handoverReason: null, workOrderId: null }),
    ]);
  });

  it('asks the manager to cancel a request that work has started on, and changes nothing itself', async () => {
    const thread = await newThread();
    const [sink] = await t.database.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.summary, 'Kitchen sink leaking under the cabinet'));
    const { messageId, replies } = await say(thread, 'cancel the sink leak one, I fixed it myself', {
      intent: 'cancel_request',
      category: 'plumbing',
      subcategory: 'leak',
    });
    expect(replies[0]!.content).toBe(
      `Work has already started on ${await referenceOf(t.database.db, sink!.id)}, so I have asked Maria Santos to cancel or change it with you in its work room.`,
    );
    expect((await workOrder(sink!.id)).status).toBe('in_progress');
    expect((await roomMessagesOf(sink!.id)).some((message) => /asked to cancel/.test(message.content))).toBe(
      true,
    );
    expect(await turnsOf(messageId)).toEqual([
      expect.objectContaining({ decision: 'handed_over', handoverReason: 'needs_staff' }),
    ]);
  });

  it('acknowledges thanks after a work order, keeping the request on show, instead of greeting', async () => {
    const thread = await newThread();
    await openDishwasherRequest(thread);
    const { messageId, replies } = await say(thread, 'ok thanks, see you at 8', {
      intent: 'acknowledgement',
      intentConfidence: 0.97,
    });
    expect(replies.map((reply) => reply.content)).toEqual([
      'You are welcome! I am here whenever you need anything else.',
    ]);
    expect(await workflowOf(thread)).toMatchObject({ currentStep: 'work_order_created' });
    expect(await turnsOf(messageId)).toEqual([expect.objectContaining({ decision: 'acknowledged' })]);
  });

  it("hands a tenant's billing question to the manager, inventing no balance: a tenant has no owner's account", async () => {
    const priya = await t.signIn('resident2@commonwise.test');
    const thread = await newThread(priya);
    const { messageId, replies } = await say(
      thread,
      'How much do I owe for dues this month?',
      { intent: 'billing_question', intentConfidence: 0.91 },
      priya,
    );
    expect(replies[0]!.content).toBe(
      'Questions about dues, balances and payments are answered by Marcus Reed: I have passed yours on, and they will reply in the work room.',
    );
    const id = String(replies[0]!.metadata.work_order_id);
    expect(await workOrder(id)).toMatchObject({ summary: 'Question about dues or billing', status: 'new' });
    expect(await workflowOf(thread, priya)).toMatchObject({
      workflowStatus: 'pending_human',
      currentStep: 'escalated',
    });
    expect(await turnsOf(messageId)).toEqual([
      expect.objectContaining({
        intent: 'billing_question',
        confidence: expect.closeTo(0.91, 5),
        language: 'en',
        languageSupported: true,
        decision: 'handed_over',
        handoverReason: 'needs_staff',
        citedAnswer: null,
        workOrderId: id,
      }),
    ]);
  });

  it('hands over, rather than guess, when the classifier is unsure', async () => {
    const thread = await newThread();
    const { messageId, replies } = await say(thread, 'so what about the thing with the form', {
      intent: 'document_question',
      intentConfidence: 0.31,
    });
    expect(replies[0]!.content).toMatch(/^Questions like this are answered by Maria Santos/);
    expect(await turnsOf(messageId)).toEqual([
      expect.objectContaining({ decision: 'handed_over', handoverReason: 'low_confidence' }),
    ]);
  });

  it('tells a resident with nothing open that there is nothing to cancel', async () => {
    const priya = await t.signIn('resident2@commonwise.test');
    const [account] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, 'resident2@commonwise.test'));
    // Every request of hers is done.
    await t.database.db
      .update(workOrders)
      .set({ status: 'completed' })
      .where(
        and(
          eq(workOrders.residentId, account!.id),
          inArray(workOrders.status, ['new', 'pending', 'in_progress']),
        ),
      );
    const thread = await newThread(priya);
    const { messageId, replies } = await say(
      thread,
      'cancel my request please',
      { intent: 'cancel_request' },
      priya,
    );
    expect(replies.map((reply) => reply.content)).toEqual(['You have no open requests to cancel.']);
    expect(await turnsOf(messageId)).toEqual([
      expect.objectContaining({ decision: 'cancel_clarified', handoverReason: null }),
    ]);
  });
});

describe('the record of each turn', () => {
  it('records an emergency with the rule that found it, once, however often the job runs', async () => {
    const thread = await newThread();
    const { messageId } = await say(thread, 'I smell gas in my kitchen!!', {});
    // The job again, and a second job for the same message (a retry after a lost lease).
    await queue.runDue();
    await t.app.jobs.enqueue(assistantReplyQueue, { messageId }, { executor: t.database.db });
    expect(await queue.runDue()).toBe(1);
    const turns = await turnsOf(messageId);
    expect(turns).toEqual([
      expect.objectContaining({
        answeredBy: 'rules',
        decision: 'emergency',
        handoverReason: 'emergency',
        emergencyKind: 'gas_leak',
        emergencyRule: expect.stringMatching(/^gas_leak\//),
      }),
    ]);
    const [message] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    expect(turns[0]!.receivedAt).toEqual(message!.createdAt);
    expect(turns[0]!.repliedAt.getTime()).toBeGreaterThanOrEqual(message!.createdAt.getTime());
    expect(turns[0]!.workOrderId).not.toBeNull();
  });

  it('records a turn the assistant gave up on as failed, once', async () => {
    const handler = createAssistantReplyHandler({ db: t.database.db, notifier: t.app.notifier });
    const thread = await newThread();
    const posted = await injectAs(t.app, ryan, {
      method: 'POST',
      url: `/api/chat/threads/${thread}/messages`,
      payload: { content: 'hello?' },
    });
    const messageId: string = posted.json().id;
    for (let run = 0; run < 2; run += 1) {
      await handler.onGiveUp!({ id: 'job', payload: { messageId }, error: 'the analyzer failed' });
    }
    await queue.runDue();
    expect(await turnsOf(messageId)).toEqual([
      expect.objectContaining({ decision: 'failed', handoverReason: 'failed', intent: null }),
    ]);
    const replies = await t.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.threadId, thread), eq(chatMessages.role, 'assistant')));
    expect(replies).toHaveLength(1);
  });
});
