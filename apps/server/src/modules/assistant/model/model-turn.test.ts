import { desc, eq } from 'drizzle-orm';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantTurns,
  documentContents,
  properties,
  propertyDocuments,
  workOrders,
} from '../../../db/schema/index.ts';
import { writeDocumentSections } from '../../documents/sections.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/test-app.ts';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};
const text = (value: string) => ({
  content: [{ type: 'text' as const, text: value }],
  finishReason: { unified: 'stop' as const, raw: undefined },
  usage,
  warnings: [],
});
const toolCall = (toolName: string, input: object) => ({
  content: [
    { type: 'tool-call' as const, toolCallId: `call-${toolName}`, toolName, input: JSON.stringify(input) },
  ],
  finishReason: { unified: 'tool-calls' as const, raw: undefined },
  usage,
  warnings: [],
});

/** A model that plays back the given steps, one per call, and records what it was asked. */
function scriptedModel(steps: ReturnType<typeof text | typeof toolCall>[]) {
  let call = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const step = steps[Math.min(call, steps.length - 1)]!;
      call += 1;
      return step;
    },
  });
}

async function conversation(t: TestApp, content: string) {
  const cookie = await t.cookieFor('resident');
  const thread = (
    await injectAs(t.app, cookie, { method: 'POST', url: '/api/chat/threads', payload: {} })
  ).json().id;
  await injectAs(t.app, cookie, {
    method: 'POST',
    url: `/api/chat/threads/${thread}/messages`,
    payload: { content },
  });
  await t.app.jobs.runDue();
  const messages = (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
  ).json().messages as { role: string; content: string; metadata: Record<string, unknown> }[];
  return messages.filter((message) => message.role === 'assistant');
}

/** The assistant_turns row of the message answered last. */
async function lastTurn(t: TestApp) {
  const [turn] = await t.database.db
    .select()
    .from(assistantTurns)
    .orderBy(desc(assistantTurns.repliedAt))
    .limit(1);
  return turn;
}

describe('the model assistant (an OpenAI-compatible model through the AI SDK)', () => {
  let t: TestApp;
  let model: MockLanguageModelV4;
  beforeAll(async () => {
    model = scriptedModel([
      toolCall('create_work_order', {
        summary: 'Leaking bathroom faucet',
        category: 'plumbing',
        subcategory: 'leak',
        priority: 'normal',
        details: 'Drips all the time; the resident agrees to entry.',
      }),
      text('Done — I opened a work order for your bathroom faucet.'),
    ]);
    t = await createTestApp({}, { assistantModel: model });
  });
  afterAll(async () => t.close());

  it("uses the model's tools: the work order it opens is written with the turn, and its text is the reply", async () => {
    const replies = await conversation(t, 'My bathroom faucet drips, fix it whenever, you can come in');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.content).toBe('Done — I opened a work order for your bathroom faucet.');
    const [workOrder] = await t.database.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.id, String(replies[0]!.metadata.work_order_id)));
    expect(workOrder).toMatchObject({
      summary: 'Leaking bathroom faucet',
      mainCategory: 'plumbing',
      subcategory: 'leak',
    });
    expect(await lastTurn(t)).toMatchObject({
      answeredBy: 'model',
      decision: 'model_reply',
      handoverReason: null,
      workOrderId: workOrder!.id,
    });
    expect(model.doGenerateCalls[0]!.tools?.map((tool) => tool.name).sort()).toEqual([
      'create_work_order',
      'escalate',
      'find_rule_answer',
      'look_up_my_account',
      'look_up_work_orders',
      'update_workflow',
    ]);
  });

  it('leaves emergencies to the built-in assistant, so safety advice always comes first', async () => {
    const calls = model.doGenerateCalls.length;
    const replies = await conversation(t, 'There is smoke coming from the electrical panel!');
    expect(model.doGenerateCalls.length).toBe(calls);
    expect(replies[0]!.content).toMatch(/get out|leave|911/i);
    expect(await lastTurn(t)).toMatchObject({ answeredBy: 'rules', decision: 'emergency' });
  });
});

describe('a hand-over the model asks for', () => {
  let t: TestApp;
  beforeAll(async () => {
    const model = scriptedModel([
      toolCall('escalate', { reason: 'The resident disputes a fine.' }),
      text('I have asked your manager to look into the fine.'),
    ]);
    t = await createTestApp({}, { assistantModel: model });
  });
  afterAll(async () => t.close());

  it('is recorded as handed over by the model', async () => {
    const replies = await conversation(t, 'I want to dispute the fine I got last week');
    expect(replies[0]!.content).toBe('I have asked your manager to look into the fine.');
    expect(await lastTurn(t)).toMatchObject({
      answeredBy: 'model',
      decision: 'handed_over',
      handoverReason: 'model',
      workOrderId: String(replies[0]!.metadata.work_order_id),
    });
  });
});

describe('rules questions through the model', () => {
  let t: TestApp;
  let model: MockLanguageModelV4;
  beforeAll(async () => {
    model = scriptedModel([
      toolCall('find_rule_answer', { question: 'can I paint my front door blue?' }),
      // The model's own words may paraphrase, even wrongly: the quotation shown is the document's.
      text('Blue is fine for a front door, says Section 5.'),
    ]);
    t = await createTestApp({}, { assistantModel: model });
    const db = t.database.db;
    const [willow] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'));
    const [document] = await db
      .insert(propertyDocuments)
      .values({
        propertyId: willow!.id,
        name: 'Community Rules',
        category: 'rules_and_regulations',
        filePath: `${willow!.id}/rules_and_regulations/1_rules.txt`,
        status: 'completed',
      })
      .returning();
    const pages = [
      {
        page: 2,
        text: 'Section 5. Doors. Front doors shall not be painted any color other than Harbor Gray.',
      },
    ];
    await db.insert(documentContents).values({ documentId: document!.id, page: 2, content: pages[0]!.text });
    await writeDocumentSections(db, document!.id, pages);
  });
  afterAll(async () => t.close());

  it('shows the quotation from the stored document beside the answer, not from the model', async () => {
    const replies = await conversation(t, 'can I paint my front door blue?');
    expect(replies[0]!.content).toBe('Blue is fine for a front door, says Section 5.');
    expect(replies[0]!.metadata.citation).toMatchObject({
      documentName: 'Community Rules',
      section: '5',
      page: 2,
      excerpt: 'Front doors shall not be painted any color other than Harbor Gray.',
    });
    expect(await lastTurn(t)).toMatchObject({ answeredBy: 'model', citedAnswer: true });
  });
});

describe('billing questions through the model', () => {
  let t: TestApp;
  let model: MockLanguageModelV4;
  beforeAll(async () => {
    model = scriptedModel([
      toolCall('look_up_my_account', { amountsCents: [2_500] }),
      text('You owe nothing today, and I see no $25 charge: I have asked your manager.'),
    ]);
    t = await createTestApp({}, { assistantModel: model });
  });
  afterAll(async () => t.close());

  it("gives the model the resident's own accounts only, read through their ownership", async () => {
    await conversation(t, 'why was I charged $25?');
    const secondCall = model.doGenerateCalls[1]!;
    const toolMessage = secondCall.prompt.find((message) => message.role === 'tool');
    const output = JSON.stringify(toolMessage?.content);
    // resident@ owns 14B of Willow Creek Commons, and only 14B.
    expect(output).toContain('"unitLabel":"14B"');
    expect(output).toContain('"propertyName":"Willow Creek Commons"');
    expect(output).not.toContain('7A');
    expect(output).toContain('"amountsNotFound":[2500]');
  });
});

describe('when the model fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    const failing = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error('connection refused');
      },
    });
    t = await createTestApp({}, { assistantModel: failing });
  });
  afterAll(async () => t.close());

  it('tells the resident, and the built-in assistant takes over', async () => {
    const replies = await conversation(t, 'hello');
    expect(replies[0]!.content).toBe(
      'Our AI model is not answering right now, so the built-in assistant is helping you.',
    );
    expect(replies[1]!.content).toMatch(/maintenance requests/);
    expect(await lastTurn(t)).toMatchObject({ answeredBy: 'rules', decision: 'greeted' });
  });
});
