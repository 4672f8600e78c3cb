// `npm run bench:assistant`: the built-in assistant's reply latency under 20 conversations at once
// (DESIGN.md §6: delivered p95 <= 1 s after the message is posted). Starts the server on a fresh
// demo database, signs in as the resident demo account, opens 20 conversations and, round after
// round, posts a message in each at the same moment and times it from the POST to the first reply
// arriving over the WebSocket (BENCH_ASSISTANT_TRANSPORT=poll: GET messages every 20 ms instead).
// Each conversation answers the assistant's follow-up questions, so the rounds cover asking,
// opening a work order with its room, and a status question. Prints JSON.
// BENCH_DATABASE_URL=postgres://… runs the server on PostgreSQL (seeded with the demo data).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { realtimeChannels, type ChatMessage, type RealtimeServerMessage } from '@commonwise/contracts';
import { startProcess, stopProcess } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = resolve(here, '../apps/server/src/server.ts');
const conversationCount = Number(process.env.BENCH_ASSISTANT_CONVERSATIONS ?? 20);
const roundCount = Number(process.env.BENCH_ASSISTANT_ROUNDS ?? 5);
const transport = process.env.BENCH_ASSISTANT_TRANSPORT === 'poll' ? 'poll' : 'websocket';
const pollMs = 20;
const replyTimeoutMs = 15_000;
const port = 3920;
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-assistant-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;

/** What a resident says next: the first report, an answer to each follow-up question, then a status question. */
function nextMessage(lastReply: string | undefined): string {
  if (lastReply === undefined) return 'Hi, my kitchen faucet is leaking';
  if (/Where is it/i.test(lastReply)) return 'under the kitchen sink in my unit';
  if (/How urgent/i.test(lastReply)) return 'this week is fine';
  if (/may our maintenance team enter/i.test(lastReply)) return 'yes you can come in';
  if (/What is the problem/i.test(lastReply)) return 'my kitchen faucet is leaking';
  return 'where is my request?';
}

type Conversation = {
  threadId: string;
  lastReply: string | undefined;
  openedWorkOrder: boolean;
  /** Resolves the round's wait when the first reply to the posted message arrives. */
  onReply?: (reply: ChatMessage) => void;
};

// The classifiers' load as the server does it at start-up (trained first if the cache is stale).
const { loadClassifiers } = await import('../apps/server/src/modules/assistant/classifier/model.ts');
const classifierLoad = loadClassifiers();
const serverStarting = performance.now();
const server = await startProcess(
  'tsx',
  [serverEntry],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  `${origin}/api/health`,
);
const serverStartMs = Math.round(performance.now() - serverStarting);
const sockets: WebSocket[] = [];

try {
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    // better-auth checks the Origin of browser-like requests against PUBLIC_URL.
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'resident@commonwise.test', password: 'commonwise-demo' }),
  });
  if (!signIn.ok) throw new Error(`sign-in for the benchmark failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { cookie, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  /** One browser tab per conversation: its own socket, subscribed to its thread. */
  async function listen(conversation: Conversation): Promise<void> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const subscribed = new Promise<void>((resolve, reject) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as RealtimeServerMessage;
        if (message.op === 'subscribed') resolve();
        else if (message.op === 'error') reject(new Error(`subscribe refused: ${message.code}`));
        else if (message.op === 'event' && message.type === 'message.created') {
          const chatMessage = message.data as ChatMessage;
          if (chatMessage.role !== 'user') conversation.onReply?.(chatMessage);
        }
      });
    });
    socket.send(JSON.stringify({ op: 'subscribe', channel: realtimeChannels.thread(conversation.threadId) }));
    await subscribed;
  }

  /** Polling instead: the first assistant message after the one posted. */
  async function pollForReply(conversation: Conversation, postedId: string, signal: AbortSignal) {
    while (!signal.aborted) {
      const { messages } = await call<{ messages: ChatMessage[] }>(
        'GET',
        `/api/chat/threads/${conversation.threadId}/messages`,
      );
      const posted = messages.findIndex((message) => message.id === postedId);
      const reply =
        posted >= 0 ? messages.slice(posted + 1).find((message) => message.role !== 'user') : undefined;
      if (reply) return conversation.onReply?.(reply);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** Posts the conversation's next message; resolves with the time until the reply was seen, or null. */
  async function exchange(conversation: Conversation): Promise<number | null> {
    const content = nextMessage(conversation.lastReply);
    const controller = new AbortController();
    const replied = new Promise<ChatMessage | null>((resolve) => {
      conversation.onReply = resolve;
      setTimeout(() => resolve(null), replyTimeoutMs).unref();
    });
    const started = performance.now();
    const posted = await call<ChatMessage>('POST', `/api/chat/threads/${conversation.threadId}/messages`, {
      content,
    });
    if (transport === 'poll') void pollForReply(conversation, posted.id, controller.signal);
    const reply = await replied;
    const elapsed = performance.now() - started;
    controller.abort();
    conversation.onReply = undefined;
    if (!reply) return null;
    conversation.lastReply = reply.content;
    if (/opened work order #/.test(reply.content)) conversation.openedWorkOrder = true;
    return elapsed;
  }

  const openConversation = async (): Promise<Conversation> => {
    const thread = await call<{ id: string }>('POST', '/api/chat/threads');
    const conversation: Conversation = { threadId: thread.id, lastReply: undefined, openedWorkOrder: false };
    if (transport === 'websocket') await listen(conversation);
    return conversation;
  };

  // Warm up (code paths, JIT, the first job) with one conversation of its own, not counted.
  const warmUp = await openConversation();
  for (let turn = 0; turn < 3; turn += 1) await exchange(warmUp);

  const conversations = await Promise.all(Array.from({ length: conversationCount }, openConversation));
  const latencies: number[] = [];
  const perRound: { round: number; p50: number; max: number }[] = [];
  let timedOut = 0;
  const startedAt = performance.now();
  for (let round = 1; round <= roundCount; round += 1) {
    const results = await Promise.all(conversations.map(exchange));
    const measured = results.filter((result): result is number => result !== null);
    timedOut += results.length - measured.length;
    latencies.push(...measured);
    perRound.push({ round, p50: round2(percentile(measured, 0.5)), max: round2(percentile(measured, 1)) });
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const workOrders = conversations.filter((conversation) => conversation.openedWorkOrder).length;

  const latency = {
    p50: round2(percentile(latencies, 0.5)),
    p95: round2(percentile(latencies, 0.95)),
    p99: round2(percentile(latencies, 0.99)),
    max: round2(percentile(latencies, 1)),
  };
  console.log(
    JSON.stringify(
      {
        benchmark: 'assistant',
        assistant: 'built-in',
        database: databaseUrl ? 'postgres' : 'pglite',
        transport: transport === 'poll' ? `poll GET messages every ${pollMs} ms` : 'websocket',
        concurrentConversations: conversationCount,
        rounds: roundCount,
        replies: latencies.length,
        timedOut,
        workOrdersOpened: workOrders,
        repliesPerSecond: round2(latencies.length / seconds),
        latencyFromPostMs: latency,
        perRound,
        classifierLoad: {
          ms: classifierLoad.ms,
          heapMb: classifierLoad.heapMb,
          trainedFirst: classifierLoad.trained,
        },
        serverStartMs,
        budgets: {
          'built-in assistant reply delivered p95 <= 1 s': latency.p95 <= 1000 && timedOut === 0,
          'server ready in under 5 s on the demo data': serverStartMs < 5000,
        },
        note: 'from the POST to the first reply seen by the client; client, server and database share this machine',
      },
      null,
      2,
    ),
  );
} finally {
  for (const socket of sockets) socket.terminate();
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
