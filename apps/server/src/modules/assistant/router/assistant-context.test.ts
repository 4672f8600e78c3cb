import { count, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  breakoutRooms,
  chatMessages,
  profiles,
  workOrderLinks,
  workOrders,
} from '../../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/test-app.ts';
import { referenceOf } from '../../../test/work-order-reference.ts';

/**
 * The assistant knows the conversation it is in (issue 26 item 4): follow-ups about a conversation's
 * work order, reports that look like an open request, "Submit Request" and the conversation's badges.
 */

let t: TestApp;
let resident: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  resident = await t.cookieFor('resident');
  manager = await t.cookieFor('manager');
});
afterAll(async () => t.close());

type Message = { role: string; content: string; metadata: Record<string, unknown> };

async function newThread(): Promise<string> {
  return (await injectAs(t.app, resident, { method: 'POST', url: '/api/chat/threads', payload: {} })).json()
    .id;
}

/** Posts a message, lets the assistant answer, and returns the replies to it. */
async function say(threadId: string, content: string): Promise<Message[]> {
  const posted = await injectAs(t.app, resident, {
    method: 'POST',
    url: `/api/chat/threads/${threadId}/messages`,
    payload: { content },
  });
  expect(posted.statusCode).toBe(201);
  await t.app.jobs.runDue();
  const messages: Message[] = (
    await injectAs(t.app, resident, { method: 'GET', url: `/api/chat/threads/${threadId}/messages` })
  ).json().messages;
  const index = messages.findLastIndex((message) => message.content === content.trim());
  return messages.slice(index + 1);
}

async function workflowOf(threadId: string) {
  return (
    await injectAs(t.app, resident, { method: 'GET', url: `/api/chat/threads/${threadId}/workflow` })
  ).json().workflow;
}

/** Reports a problem and answers the assistant's questions until it opens the work order; its id. */
async function openRequest(thread: string, report: string, answers: string[]): Promise<string> {
  let replies = await say(thread, report);
  for (const answer of answers) {
    if (replies.some((reply) => reply.metadata.work_order_id)) break;
    replies = await say(thread, answer);
  }
  const created = replies.find((reply) => reply.metadata.work_order_id);
  expect(created, 'the assistant opened a work order').toBeDefined();
  return String(created!.metadata.work_order_id);
}

async function roomOf(workOrderId: string): Promise<string> {
  const [room] = await t.database.db
    .select({ id: breakoutRooms.id })
    .from(breakoutRooms)
    .where(eq(breakoutRooms.workOrderId, workOrderId));
  return room!.id;
}

async function roomMessages(workOrderId: string) {
  return t.database.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.roomId, await roomOf(workOrderId)));
}

/** The manager assigns the demo vendor (Victor Ortiz) to the work order; answers the vendor's id. */
async function assignTheVendor(workOrderId: string): Promise<string> {
  const [vendor] = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, 'vendor@commonwise.test'));
  const assigned = await injectAs(t.app, manager, {
    method: 'PUT',
    url: `/api/work-orders/${workOrderId}/vendor`,
    payload: { vendorId: vendor!.id },
  });
  expect(assigned.statusCode).toBe(200);
  return vendor!.id;
}

async function workOrderCount(): Promise<number> {
  const [row] = await t.database.db.select({ total: count() }).from(workOrders);
  return row!.total;
}

const windowAnswers = ['in my bedroom', 'not urgent, this week is fine', 'yes you can come in'];
const greeting = /^Hello /;

describe('a follow-up in a work order conversation', () => {
  it("is answered from that work order: its status, who is assigned, and the staff's latest word in its room", async () => {
    const thread = await newThread();
    const id = await openRequest(thread, 'the bedroom window will not close all the way', windowAnswers);
    await assignTheVendor(id);
    const posted = await injectAs(t.app, manager, {
      method: 'POST',
      url: `/api/work-rooms/${await roomOf(id)}/messages`,
      payload: { content: 'Victor is booked for Thursday at 9 am to fix the window.' },
    });
    expect(posted.statusCode).toBe(201);

    const [reply, ...more] = await say(thread, 'is the repair guy still coming thursday?');
    expect(more).toEqual([]);
    expect(reply!.content).not.toMatch(greeting);
    expect(reply!.content).toContain(await referenceOf(t.database.db, id));
    expect(reply!.content).toContain('Victor Ortiz is assigned to it.');
    expect(reply!.content).toContain('Maria Santos');
    expect(reply!.content).toContain('"Victor is booked for Thursday at 9 am to fix the window."');
    expect(reply!.metadata).toMatchObject({ work_order_id: id, room_id: await roomOf(id) });
    // Answered, the conversation still shows its request.
    expect(await workflowOf(thread)).toMatchObject({
      workflowType: 'maintenance_request',
      currentStep: 'work_order_created',
    });

    // In the resident's language.
    const [inSpanish] = await say(thread, '¿hay alguna novedad sobre la reparación de mi ventana?');
    expect(inSpanish!.content).toContain(`Así va ${await referenceOf(t.database.db, id)}`);
    expect(inSpanish!.content).toContain('Victor Ortiz está asignado.');
  });

  it("tells the vendor's scheduled visit: the day of their next open task with a date, and what for", async () => {
    const thread = await newThread();
    const id = await openRequest(thread, 'the sliding patio door sticks and will not lock', [
      'the patio door in my unit',
      'not urgent, this week is fine',
      'yes you can come in',
    ]);
    const vendorId = await assignTheVendor(id);
    const task = (taskDescription: string, dueDate: string) =>
      injectAs(t.app, manager, {
        method: 'POST',
        url: `/api/work-orders/${id}/tasks`,
        payload: { taskDescription, assignedToType: 'vendor', assignedToId: vendorId, dueDate },
      });
    expect((await task('Replace the door rollers and adjust the lock.', '2031-06-13')).statusCode).toBe(201);
    expect((await task('Check the door seal after the rain', '2031-06-20')).statusCode).toBe(201);

    const [reply] = await say(thread, 'is the handyman still coming?');
    expect(reply!.content).not.toMatch(greeting);
    expect(reply!.content).toContain(
      'A visit is scheduled for Friday, June 13: Replace the door rollers and adjust the lock.',
    );
    // The visit is told instead of the work order's due date.
    expect(reply!.content).not.toContain('It is due by');
    const [inFrench] = await say(thread, 'est-ce que le technicien vient toujours ?');
    expect(inFrench!.content).toContain(
      'Une visite est prévue le vendredi 13 juin : Replace the door rollers and adjust the lock.',
    );
  });

  it('is handed to the manager in the room when the work order has nothing to tell yet', async () => {
    const thread = await newThread();
    const id = await openRequest(thread, 'the closet door in the hallway came off its track', [
      'the hall closet in my unit',
      'no rush',
      'yes, come in anytime',
    ]);
    const [reply] = await say(thread, 'any update?');
    expect(reply!.content).not.toMatch(greeting);
    expect(reply!.content).toContain(await referenceOf(t.database.db, id));
    expect(reply!.content).toContain('No one is assigned to it yet.');
    expect(reply!.content).toContain('I have asked Maria Santos to answer you in the work room.');
    expect(await workflowOf(thread)).toMatchObject({
      workflowType: 'request_status',
      workflowStatus: 'pending_human',
    });
    const inRoom = await roomMessages(id);
    expect(
      inRoom.some((message) => message.role === 'system' && /asks about [A-Z]+-\d+ /.test(message.content)),
    ).toBe(true);
  });
});

describe('a report that looks like an open request', () => {
  // The demo resident's kitchen sink leak (plumbing, leak) is open and three days old.
  async function sinkLeak() {
    const [order] = await t.database.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.summary, 'Kitchen sink leaking under the cabinet'));
    return order!;
  }

  it('asks whether it is that request, and adds it there on yes instead of opening another', async () => {
    const sink = await sinkLeak();
    const before = await workOrderCount();
    const thread = await newThread();
    const [asked] = await say(thread, 'there is water leaking from the pipe under my sink again');
    expect(asked!.content).toBe(
      `Is this about your open request ${await referenceOf(t.database.db, sink.id)} ("Kitchen sink leaking under the cabinet")? Answer yes and I will add it there, or no if it is a new problem.`,
    );
    expect(await workOrderCount()).toBe(before);

    const [added] = await say(thread, 'yes that one');
    expect(added!.content).toContain(
      `added this to your open request ${await referenceOf(t.database.db, sink.id)}`,
    );
    expect(added!.metadata).toMatchObject({ work_order_id: sink.id });
    expect(await workOrderCount()).toBe(before);
    const inRoom = await roomMessages(sink.id);
    expect(
      inRoom.some((message) =>
        message.content.includes('"there is water leaking from the pipe under my sink again"'),
      ),
    ).toBe(true);

    // The conversation is about that request now.
    const [followUp] = await say(thread, 'when is the plumber coming?');
    expect(followUp!.content).toContain(
      `${await referenceOf(t.database.db, sink.id)} ("Kitchen sink leaking under the cabinet")`,
    );
    expect(followUp!.content).toContain('Victor Ortiz is assigned to it.');
  });

  it('opens a new request on no, and links the two', async () => {
    const sink = await sinkLeak();
    const thread = await newThread();
    const [asked] = await say(thread, 'the bathroom faucet is leaking');
    expect(asked!.content).toMatch(/^Is this about your open request [A-Z]+-\d+ /);
    const id = await openRequest(thread, 'no, this is a different leak', [
      'the bathroom sink in my unit',
      'this week is fine',
      'yes you can come in',
    ]);
    expect(id).not.toBe(sink.id);
    const links = await t.database.db
      .select()
      .from(workOrderLinks)
      .where(or(eq(workOrderLinks.workOrderId, id), eq(workOrderLinks.linkedWorkOrderId, id)));
    expect(links).toEqual([expect.objectContaining({ workOrderId: id, linkedWorkOrderId: sink.id })]);
    const [sinkReference, newReference] = [
      await referenceOf(t.database.db, sink.id),
      await referenceOf(t.database.db, id),
    ];
    expect((await roomMessages(id)).some((m) => m.content.startsWith(`Linked to ${sinkReference}:`))).toBe(
      true,
    );
    expect(
      (await roomMessages(sink.id)).some((m) => m.content.startsWith(`Linked to ${newReference}:`)),
    ).toBe(true);
    // Both work orders name the other, for whoever may see it (the manager sees both).
    const related = async (workOrderId: string) =>
      (await injectAs(t.app, manager, { method: 'GET', url: `/api/work-orders/${workOrderId}` })).json()
        .related;
    expect(await related(id)).toEqual([
      {
        id: sink.id,
        reference: expect.stringMatching(/^[A-Z]+-\d+$/),
        summary: sink.summary,
        status: sink.status,
      },
    ]);
    expect((await related(sink.id)).map((entry: { id: string }) => entry.id)).toContain(id);
  });

  it('never delays an emergency with the question', async () => {
    const thread = await newThread();
    const [first] = await say(thread, 'a pipe burst under the kitchen sink and water is gushing everywhere');
    expect(first!.content).not.toMatch(/^Is this about/);
    expect(first!.content).toMatch(/turn off the water/i);
  });
});

describe('Submit Request', () => {
  it('gives back the newest empty conversation instead of starting another, and a new one once it has a message', async () => {
    const submit = () => injectAs(t.app, resident, { method: 'POST', url: '/api/chat/threads?reuse=empty' });
    const first = await submit();
    const again = await submit();
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    await say(first.json().id, 'hello');
    const fresh = await submit();
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(first.json().id);
    expect(fresh.json().title).toBe('New Conversation');

    // Another person's empty conversation is never given back.
    const other = await injectAs(t.app, await t.signIn('resident2@commonwise.test'), {
      method: 'POST',
      url: '/api/chat/threads?reuse=empty',
    });
    expect(other.json().id).not.toBe(fresh.json().id);
  });
});

describe("a conversation's badges", () => {
  it('shows a status question as a request status answered, not a work order completed', async () => {
    const thread = await newThread();
    await say(thread, 'Any update on my requests?');
    expect(await workflowOf(thread)).toMatchObject({
      workflowType: 'request_status',
      workflowStatus: 'answered',
    });
  });

  it('shows a rules question the documents do not answer as a rules question waiting for staff', async () => {
    const thread = await newThread();
    await say(thread, 'Are residents allowed to put a hot tub on the back patio?');
    expect(await workflowOf(thread)).toMatchObject({
      workflowType: 'rules_question',
      workflowStatus: 'pending_human',
    });
  });

  it('shows a cancelled request as cancelled', async () => {
    const thread = await newThread();
    await openRequest(thread, 'my dishwasher will not drain', [
      'the kitchen in my unit',
      'no rush',
      'yes come in',
    ]);
    await say(thread, 'never mind, please cancel my dishwasher request');
    expect(await workflowOf(thread)).toMatchObject({
      workflowType: 'work_order',
      workflowStatus: 'cancelled',
    });
  });
});
