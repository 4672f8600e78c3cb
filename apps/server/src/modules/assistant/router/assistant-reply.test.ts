import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  breakoutRooms,
  chatMessages,
  documentContents,
  properties,
  propertyDocuments,
  realtimeEvents,
  roomParticipants,
  workOrders,
} from '../../../db/schema/index.ts';
import { writeDocumentSections } from '../../documents/sections.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/test-app.ts';
import { referenceOf } from '../../../test/work-order-reference.ts';

let t: TestApp;
let resident: string;
beforeAll(async () => {
  t = await createTestApp();
  resident = await t.cookieFor('resident');
});
afterAll(async () => t.close());

type Message = { role: string; content: string; metadata: Record<string, unknown> };

async function newThread(cookie = resident): Promise<string> {
  return (await injectAs(t.app, cookie, { method: 'POST', url: '/api/chat/threads', payload: {} })).json().id;
}

/** Posts a message, lets the assistant answer, and returns the replies to it. */
async function say(threadId: string, content: string, cookie = resident): Promise<Message[]> {
  const posted = await injectAs(t.app, cookie, {
    method: 'POST',
    url: `/api/chat/threads/${threadId}/messages`,
    payload: { content },
  });
  expect(posted.statusCode).toBe(201);
  await t.app.jobs.runDue();
  const messages: Message[] = (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${threadId}/messages` })
  ).json().messages;
  const index = messages.findIndex((message) => message.content === content.trim());
  return messages.slice(index + 1);
}

async function workflowOf(threadId: string, cookie = resident) {
  return (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${threadId}/workflow` })
  ).json().workflow;
}

describe('the built-in assistant', () => {
  it('asks only for what is missing, then opens a work order with a room and a reference', async () => {
    const thread = await newThread();
    const [first] = await say(thread, 'My kitchen faucet is leaking');
    expect(first!.role).toBe('assistant');
    expect(await workflowOf(thread)).toMatchObject({
      workflowType: 'maintenance_request',
      workflowStatus: 'active',
    });
    expect((await workflowOf(thread)).currentStep).toMatch(/^asking_/);

    // Answer whatever is asked until the work order exists (at most the four details).
    let replies: Message[] = [first!];
    const answers = [
      'It is under the kitchen sink in my unit',
      'Not urgent, this week is fine',
      'Yes, you can come in if I am out',
    ];
    for (const answer of answers) {
      if (replies.some((reply) => reply.metadata.work_order_id)) break;
      replies = await say(thread, answer);
    }
    const created = replies.find((reply) => reply.metadata.work_order_id)!;
    const workOrderId = String(created.metadata.work_order_id);
    // Named by the association's reference, as it is everywhere else (issue 26 item 8).
    expect(created.content).toContain(`work order ${await referenceOf(t.database.db, workOrderId)} (`);
    // The manager is introduced by role (issue 26 item 8).
    expect(created.content).toContain('Maria Santos, your property manager, has been added to its work room');

    const [workOrder] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, workOrderId));
    expect(workOrder).toMatchObject({ mainCategory: 'plumbing', status: 'new' });
    const [room] = await t.database.db
      .select()
      .from(breakoutRooms)
      .where(eq(breakoutRooms.workOrderId, workOrderId));
    const participants = await t.database.db
      .select()
      .from(roomParticipants)
      .where(eq(roomParticipants.roomId, room!.id));
    expect(participants.map((p) => p.role).sort()).toEqual(['manager', 'resident']);
    expect((await workflowOf(thread)).currentStep).toBe('work_order_created');

    const threads = (await injectAs(t.app, resident, { method: 'GET', url: '/api/chat/threads' })).json()
      .threads;
    expect(threads.find((item: { id: string }) => item.id === thread).title).not.toBe('New Conversation');
  });

  it('answers an emergency with safety instructions first, an emergency work order, and escalation', async () => {
    const thread = await newThread();
    const replies = await say(thread, 'I smell gas in my kitchen!!');
    expect(replies[0]!.content).toMatch(/leave/i);
    expect(replies[0]!.content).not.toMatch(/\?$/);
    const order = replies.find((reply) => reply.metadata.work_order_id)!;
    const [workOrder] = await t.database.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.id, String(order.metadata.work_order_id)));
    expect(workOrder!.priority).toBe('emergency');
    expect(await workflowOf(thread)).toMatchObject({
      workflowStatus: 'pending_human',
      currentStep: 'emergency_escalated',
    });
    const roomMessages = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.roomId, String(order.metadata.room_id)));
    expect(roomMessages.some((message) => /EMERGENCY/.test(message.content))).toBe(true);
  });

  it('keeps the workflow of a request on show when the resident just says thanks afterwards', async () => {
    const thread = await newThread();
    await say(thread, 'I smell gas near the stove');
    await say(thread, 'thank you');
    expect(await workflowOf(thread)).toMatchObject({ currentStep: 'emergency_escalated' });
  });

  it('tells a resident where their requests stand', async () => {
    const thread = await newThread();
    const [reply] = await say(thread, 'Any update on my requests?');
    expect(reply!.content).toContain('Kitchen sink leaking under the cabinet');
  });

  it('escalates to a person when asked', async () => {
    const thread = await newThread();
    const [reply] = await say(thread, 'I want to talk to a real person please');
    expect(reply!.content).toMatch(/Maria Santos/);
    expect(await workflowOf(thread)).toMatchObject({ workflowStatus: 'pending_human' });
  });

  /** A processed rules document of Willow Creek Commons, with its pages and sections. */
  async function addRules(name: string, pages: { page: number; text: string }[]) {
    const [willow] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'));
    const [rules] = await t.database.db
      .insert(propertyDocuments)
      .values({
        propertyId: willow!.id,
        name,
        category: 'rules_and_regulations',
        filePath: `${willow!.id}/rules_and_regulations/${name.replace(/\W+/g, '_')}.txt`,
        fileName: 'rules.txt',
        mimeType: 'text/plain',
        sizeBytes: 100,
        status: 'completed',
      })
      .returning();
    await t.database.db
      .insert(documentContents)
      .values(pages.map((page) => ({ documentId: rules!.id, page: page.page, content: page.text })));
    await writeDocumentSections(t.database.db, rules!.id, pages);
    return rules!;
  }

  it("answers a rules question from the property's documents, quoting them with the document's name", async () => {
    const rules = await addRules('Community Rules 2026', [
      { page: 1, text: 'Section 1. Quiet hours are from 10 pm to 7 am every day.' },
      {
        page: 2,
        text: [
          'Section 4. Pets. Each unit may keep up to two dogs or cats. Dogs must be leashed in common',
          'areas.',
          'Section 5. Doors. Front doors shall not be painted any color other than Willow Green or',
          'Harbor Gray. Door hardware may be brass or black.',
        ].join('\n'),
      },
    ]);
    const thread = await newThread();
    const [reply] = await say(thread, 'How many dogs am I allowed to have in my unit?');
    expect(reply!.content).toContain('"Community Rules 2026", Section 4 (Pets), page 2');
    expect(reply!.content).toContain('"Each unit may keep up to two dogs or cats."');
    expect(reply!.metadata.citation).toMatchObject({
      documentId: rules.id,
      documentName: 'Community Rules 2026',
      section: '4',
      sectionTitle: 'Pets',
      page: 2,
      excerpt: 'Each unit may keep up to two dogs or cats.',
    });
    // A question answered, shown as such: not "Other · Completed" (issue 26).
    expect(await workflowOf(thread)).toMatchObject({
      workflowType: 'rules_question',
      workflowStatus: 'answered',
      currentStep: 'answered_from_documents',
    });
  });

  it('quotes a rule whole, so a "not" is never lost', async () => {
    const thread = await newThread();
    const [reply] = await say(thread, 'can i paint my front door blue?');
    const quote = 'Front doors shall not be painted any color other than Willow Green or Harbor Gray.';
    expect(reply!.content).toContain(`"${quote}"`);
    expect(reply!.content).not.toContain('…');
    expect(reply!.metadata.citation).toMatchObject({ section: '5', page: 2, excerpt: quote });
  });

  it('escalates a rules question the documents do not answer', async () => {
    const thread = await newThread();
    await say(thread, 'Are residents allowed to install solar panels on the roof?');
    expect(await workflowOf(thread)).toMatchObject({
      workflowStatus: 'pending_human',
      currentStep: 'escalated',
    });
  });

  it('names a rule as the document does when it numbers rules, not sections', async () => {
    await addRules('Resident Handbook', [
      {
        page: 1,
        text: [
          'PART 2 – AIRCRAFT',
          'Rule 9. Drones.',
          'Drones may not be flown over the clubhouse roof without the written consent of the Board.',
        ].join('\n'),
      },
    ]);
    const thread = await newThread();
    const [reply] = await say(thread, 'can my son fly his drone over the clubhouse roof?');
    expect(reply!.content).toContain('"Resident Handbook", Rule 9 (Drones), page 1');
    expect(reply!.metadata.citation).toMatchObject({ section: '9', sectionTitle: 'Drones', page: 1 });
  });

  it('answers an emergency in Portuguese with the safety steps in Portuguese first, after English', async () => {
    const thread = await newThread();
    await say(thread, 'hello there');
    const replies = await say(thread, 'socorro, cheiro forte de gás na cozinha, o que eu faço?');
    expect(replies[0]!.content).toMatch(/^Se sentir cheiro de gás, saia agora/);
    expect(await workflowOf(thread)).toMatchObject({
      workflowStatus: 'pending_human',
      currentStep: 'emergency_escalated',
    });
  });

  it('hands a message in a language it does not reply in to a person: 911 first in that language, then English', async () => {
    const thread = await newThread();
    const [reply] = await say(thread, '부엌 수도꼭지에서 물이 계속 새고 있어요');
    const [inKorean, inEnglish, handedOver] = reply!.content.split('\n\n');
    expect(inKorean).toBe('위험에 처한 사람이 있으면 지금 바로 911에 전화하세요.');
    expect(inEnglish).toBe('If anyone is in danger, call 911 now.');
    expect(handedOver).toMatch(/not yet in your language, so I have asked Maria Santos to follow up/);
    expect(await workflowOf(thread)).toMatchObject({
      workflowStatus: 'pending_human',
      currentStep: 'escalated',
    });
  });

  it('never greets an urgent message it cannot understand: 911 first, and a person alerted', async () => {
    const thread = await newThread();
    const [reply] = await say(thread, 'HELP!!! please hurry');
    expect(reply!.content).toMatch(/^If anyone is in danger, call 911 now\. I have alerted Maria Santos/);
    expect(await workflowOf(thread)).toMatchObject({ workflowStatus: 'pending_human' });
  });

  it('answers odd messages sensibly, once each, and refuses empty or oversized ones with a clear error', async () => {
    const thread = await newThread();
    for (const content of [
      '🙂🙂🙂',
      '<script>alert("x")</script> **bold** [link](http://example.com)',
      'hola 你好 xin chào bonjour — my hallway light is out 💡',
      `${'the hallway light flickers. '.repeat(140)}`.slice(0, 3990),
    ]) {
      const replies = await say(thread, content);
      expect(replies.length, content.slice(0, 40)).toBeGreaterThan(0);
      expect(replies.every((reply) => reply.role === 'assistant' && reply.content.trim().length > 0)).toBe(
        true,
      );
    }
    for (const [content, message] of [
      ['', 'Type a message first'],
      ['   \n  ', 'Type a message first'],
      ['x'.repeat(10_000), 'A message can be at most 4000 characters'],
    ] as const) {
      const refused = await injectAs(t.app, resident, {
        method: 'POST',
        url: `/api/chat/threads/${thread}/messages`,
        payload: { content },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain(message);
    }
  });

  it('greets and explains what it can do', async () => {
    const thread = await newThread();
    const [reply] = await say(thread, 'hello');
    expect(reply!.content).toMatch(/maintenance requests/);
  });

  it('answers each message once, even when the job runs again', async () => {
    const thread = await newThread();
    await say(thread, 'hi there');
    await t.app.jobs.runDue();
    const messages: Message[] = (
      await injectAs(t.app, resident, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
    ).json().messages;
    expect(messages.filter((message) => message.role === 'assistant')).toHaveLength(1);
  });

  it('does not open work orders for people without a unit', async () => {
    // The developer neither owns nor lives in a unit anywhere.
    const developer = await t.cookieFor('developer');
    const thread = await newThread(developer);
    const [reply] = await say(thread, 'The pool gate is broken', developer);
    expect(reply!.content).toMatch(/not linked to a unit/);
  });
});

describe('live delivery', () => {
  it('publishes the message, the replies and the workflow on the thread channel, in order', async () => {
    const thread = await newThread();
    await say(thread, 'hello again');
    const events = await t.database.db
      .select({ seq: realtimeEvents.seq, type: realtimeEvents.type })
      .from(realtimeEvents)
      .where(eq(realtimeEvents.channel, `thread:${thread}`))
      .orderBy(realtimeEvents.seq);
    expect(events.map((event) => event.type)).toEqual([
      'message.created',
      'message.created',
      'workflow.updated',
    ]);
  });
});
