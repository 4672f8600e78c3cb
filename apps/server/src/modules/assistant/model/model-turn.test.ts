import { eq } from 'drizzle-orm';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrders } from '../../../db/schema/index.ts';
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
    expect(model.doGenerateCalls[0]!.tools?.map((tool) => tool.name).sort()).toEqual([
      'create_work_order',
      'escalate',
      'look_up_work_orders',
      'search_documents',
      'update_workflow',
    ]);
  });

  it('leaves emergencies to the built-in assistant, so safety advice always comes first', async () => {
    const calls = model.doGenerateCalls.length;
    const replies = await conversation(t, 'There is smoke coming from the electrical panel!');
    expect(model.doGenerateCalls.length).toBe(calls);
    expect(replies[0]!.content).toMatch(/get out|leave|911/i);
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
  });
});
