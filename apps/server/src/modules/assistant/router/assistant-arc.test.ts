import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantReplyQueue, type ArcRequest } from '@commonwise/contracts';
import { arcRequests, assistantTurns, properties, workflowSummaries } from '../../../db/schema/index.ts';
import { JobQueue } from '../../../plugins/jobs.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/test-app.ts';
import { createAssistantReplyHandler } from './assistant-reply.ts';

/**
 * An architectural request taken down in the chat (issue 22 item 1), through the real server: Ryan Chen
 * (resident@) owns 14B at Willow Creek Commons, whose manager installs the default project types. He
 * tells the assistant "I want to put up a fence", answers its questions, confirms, and the request exists
 * — submitted through the owner service, incomplete until he uploads the files it lists, which the reply
 * names with the link to the request's page. resident2@ owns nothing at Willow Creek (they rent at Harbor
 * View) and is told only owners can ask.
 */

let t: TestApp;
let queue: JobQueue;
let ryan: string;

type Reply = { id: string; content: string; metadata: Record<string, unknown> };

async function newThread(cookie = ryan): Promise<string> {
  const created = await injectAs(t.app, cookie, { method: 'POST', url: '/api/chat/threads', payload: {} });
  return created.json().id as string;
}

/** Posts a message in the thread, lets the assistant answer, and returns its replies to it. */
async function say(thread: string, content: string, cookie = ryan) {
  const posted = await injectAs(t.app, cookie, {
    method: 'POST',
    url: `/api/chat/threads/${thread}/messages`,
    payload: { content },
  });
  expect(posted.statusCode).toBe(201);
  await queue.runDue();
  const messages = (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
  ).json().messages as Reply[];
  const index = messages.findIndex((message) => message.id === posted.json().id);
  const [turn] = await t.database.db
    .select()
    .from(assistantTurns)
    .where(eq(assistantTurns.messageId, posted.json().id));
  const replies = messages.slice(index + 1);
  return { replies, text: replies.map((reply) => reply.content).join('\n\n'), turn };
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
  const [willow] = await t.database.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'));
  // The test template is seeded without the demo's architectural data: the manager installs the defaults.
  const installed = await injectAs(t.app, await t.cookieFor('manager'), {
    method: 'POST',
    url: `/api/properties/${willow!.id}/arc/project-types/defaults`,
  });
  expect(installed.statusCode, installed.body).toBe(201);
});

afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

describe('an architectural request through the assistant', () => {
  it('asks the fence form’s questions one at a time, then submits it on "yes" and lists the missing files', async () => {
    const thread = await newThread();
    const first = await say(thread, 'I want to put up a fence');
    expect(first.text).toContain('“Fence” for unit 14B, Willow Creek Commons');
    expect(first.text).toContain('I cannot approve or deny anything');
    expect(first.text).toContain('Question 1 of 5: Height (in inches)?');
    expect(first.turn).toMatchObject({ decision: 'asked_detail', handoverReason: null });

    const height = await say(thread, '6 feet');
    expect(height.text).toContain('Noted: Height, 72 in.');
    expect(height.text).toContain('Question 2 of 5: Length (in feet)?');
    await say(thread, '40');
    const material = await say(thread, 'plastic');
    expect(material.text).toContain('choose one of: Wood, Vinyl');
    await say(thread, 'vinyl');
    await say(thread, 'White');
    const title = await say(thread, 'Rear yard along the back property line');
    expect(title.text).toContain('I suggest “Fence at unit 14B”');
    const summary = await say(thread, 'yes');
    expect(summary.text).toContain('• Height: 72 in');
    expect(summary.text).toContain('• Material: Vinyl');
    expect(summary.text).toContain('Shall I submit it?');
    // Nothing exists until the owner confirms.
    expect(await t.database.db.select().from(arcRequests)).toHaveLength(0);

    const done = await say(thread, 'yes, submit it');
    const [request] = await t.database.db.select().from(arcRequests);
    expect(request).toMatchObject({
      title: 'Fence at unit 14B',
      description: 'I want to put up a fence',
      status: 'incomplete',
      answers: {
        height: 72,
        length: 40,
        material: 'Vinyl',
        colour: 'White',
        location: 'Rear yard along the back property line',
      },
    });
    expect(request!.missing.map((item) => item.key)).toEqual(['site_drawing', 'contractor_quote']);
    expect(done.replies).toHaveLength(1);
    // The analytics count it as a request sent, not one more question asked.
    expect(done.turn).toMatchObject({ decision: 'arc_request_submitted', handoverReason: null });
    expect(done.text).toContain(
      'I have submitted “Fence at unit 14B” (Fence, unit 14B, Willow Creek Commons).',
    );
    expect(done.text).toContain(
      '• Site drawing — Where the fence runs on your lot, with its length and the distance from the property lines.',
    );
    expect(done.text).toContain('• Contractor quote — ');
    expect(done.text).toContain('The architectural committee decides on it');
    expect(done.text).not.toMatch(/\bapproved\b/i);
    expect(done.replies[0]!.metadata.links).toEqual([
      { label: 'Open your request', href: `/resident-portal/arc/${request!.id}` },
    ]);

    // The owner sees it in the resident portal as if the form had made it.
    const mine = await injectAs(t.app, ryan, {
      method: 'GET',
      url: `/api/resident-portal/arc/requests/${request!.id}`,
    });
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as ArcRequest).missing.map((item) => item.label)).toEqual([
      'Site drawing',
      'Contractor quote',
    ]);
    const [workflow] = await t.database.db
      .select()
      .from(workflowSummaries)
      .where(eq(workflowSummaries.threadId, thread))
      .orderBy(desc(workflowSummaries.createdAt))
      .limit(1);
    expect(workflow).toMatchObject({ workflowStatus: 'completed', currentStep: 'arc_request_submitted' });
  });

  it('takes a request down in Spanish and stops when asked, submitting nothing', async () => {
    const thread = await newThread();
    const first = await say(thread, 'quiero instalar paneles solares');
    expect(first.text).toContain('“Solar panels” para la unidad 14B');
    expect(first.text).toContain('Pregunta 1 de 4: “System size” (en kW).');
    const stopped = await say(thread, 'cancelar');
    expect(stopped.text).toContain('no se envió nada');
    expect(await t.database.db.select().from(arcRequests)).toHaveLength(1);
  });

  it('keeps a rules question a rules question', async () => {
    const { turn } = await say(await newThread(), 'Can I paint my door red?');
    expect(turn!.decision).not.toBe('asked_detail');
  });

  it('tells someone who owns no home that only owners can ask', async () => {
    const cookie = await t.signIn('resident2@commonwise.test');
    const { text } = await say(await newThread(cookie), 'I want to build a deck', cookie);
    expect(text).toContain('Only a home’s owner can ask the association for architectural approval');
  });
});
