// `npm run bench:realtime`: 1,000 WebSocket clients subscribed to one work room; messages are saved
// and published one after another; for every delivery, the time from the message being saved (the
// event's `at`, stamped in the database at insert) and from the POST that saved it, to its arrival at
// the client. Prints JSON with p50/p95/p99 and the lost and duplicated deliveries.
// BENCH_DATABASE_URL=postgres://… runs on PostgreSQL (in a database of its own, dropped afterwards);
// BENCH_REALTIME_PROCESSES=2 (PostgreSQL) spreads the clients over two server processes, the
// messages being posted to the first. BENCH_REALTIME_CLIENTS and BENCH_REALTIME_MESSAGES size the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import WebSocket from 'ws';
import { realtimeChannels, type RealtimeServerMessage } from '@commonwise/contracts';
import { startProcess, stopProcess } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const clientCount = Number(process.env.BENCH_REALTIME_CLIENTS ?? 1000);
const messageCount = Number(process.env.BENCH_REALTIME_MESSAGES ?? 20);
const processCount = Number(process.env.BENCH_REALTIME_PROCESSES ?? 1);
const gapMs = 250;
const ports = [3910, 3911, 3912, 3913].slice(0, processCount);
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (processCount > 1 && !databaseUrl)
  throw new Error('BENCH_REALTIME_PROCESSES > 1 needs BENCH_DATABASE_URL');

const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-realtime-'));
const ownDatabase = `cw_bench_realtime_${process.pid}`;
let admin: pg.Client | undefined;
let serverUrl: string | undefined;
if (databaseUrl) {
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${ownDatabase}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${ownDatabase}`;
  serverUrl = url.toString();
}

const servers: ChildProcess[] = [];
const sockets: WebSocket[] = [];
try {
  for (const port of ports) {
    servers.push(
      await startProcess(
        'tsx',
        [join(here, 'realtime-server.ts')],
        {
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
          DATA_DIR: dataDir,
          AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
          LOG_LEVEL: 'warn',
          WORKER_CONCURRENCY: '0',
          ...(serverUrl ? { DATABASE_URL: serverUrl } : {}),
        },
        `http://127.0.0.1:${port}/api/health`,
      ),
    );
  }
  const api = `http://127.0.0.1:${ports[0]}`;
  const setup = (await (
    await fetch(`${api}/api/bench/realtime/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api },
      body: JSON.stringify({ members: clientCount }),
    })
  ).json()) as { roomId: string; senderId: string; cookies: string[] };
  const channel = realtimeChannels.room(setup.roomId);

  // Every delivery: which event, and when it arrived (wall clock, comparable with the database's).
  const deliveries: { client: number; id: number; at: string; arrivedAt: number }[] = [];
  const refusals: string[] = [];
  let subscribedCount = 0;
  const connectStarted = performance.now();
  async function connect(index: number) {
    const port = ports[index % ports.length]!;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
      headers: { cookie: setup.cookies[index]! },
    });
    sockets.push(socket);
    socket.on('message', (raw) => {
      const arrivedAt = performance.timeOrigin + performance.now();
      const message = JSON.parse(String(raw)) as RealtimeServerMessage;
      if (message.op === 'event')
        deliveries.push({ client: index, id: message.id, at: message.at, arrivedAt });
      else if (message.op === 'subscribed') subscribedCount += 1;
      else if (message.op === 'error') refusals.push(message.code);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ op: 'subscribe', channel }));
  }
  // In batches, as people would arrive: not 1,000 handshakes in the same millisecond.
  for (let start = 0; start < clientCount; start += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, clientCount - start) }, (_, offset) => connect(start + offset)),
    );
  const deadline = Date.now() + 60_000;
  while (subscribedCount + refusals.length < clientCount && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  if (subscribedCount < clientCount)
    throw new Error(`only ${subscribedCount} of ${clientCount} subscribed (refused: ${refusals.join(', ')})`);

  async function post(content: string) {
    const postedAt = performance.timeOrigin + performance.now();
    const response = await fetch(`${api}/api/bench/realtime/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api },
      body: JSON.stringify({ roomId: setup.roomId, senderId: setup.senderId, content }),
    });
    const { eventId } = (await response.json()) as { eventId: number };
    return { eventId, postedAt };
  }

  // One message first to warm up (code paths, JIT), not counted.
  const warmUp = await post('Warm-up');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const posted: { eventId: number; postedAt: number }[] = [];
  for (let index = 0; index < messageCount; index += 1) {
    posted.push(await post(`Message ${index}: the plumber comes at ten.`));
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  const expected = clientCount * messageCount;
  const measured = () => deliveries.filter((delivery) => delivery.id !== warmUp.eventId);
  const waitUntil = Date.now() + 5000;
  while (measured().length < expected && Date.now() < waitUntil)
    await new Promise((resolve) => setTimeout(resolve, 20));

  const postedAtById = new Map(posted.map((message) => [message.eventId, message.postedAt]));
  const counts = new Map<string, number>();
  for (const delivery of measured()) {
    const key = `${delivery.client}:${delivery.id}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let lost = 0;
  let duplicated = 0;
  for (let client = 0; client < clientCount; client += 1)
    for (const { eventId } of posted) {
      const count = counts.get(`${client}:${eventId}`) ?? 0;
      if (count === 0) lost += 1;
      if (count > 1) duplicated += count - 1;
    }
  const unexpected = measured().filter((delivery) => !postedAtById.has(delivery.id)).length;

  const fromSaved = measured().map((delivery) => delivery.arrivedAt - Date.parse(delivery.at));
  const fromPost = measured().map((delivery) => delivery.arrivedAt - postedAtById.get(delivery.id)!);
  const perMessageP99 = posted.map(({ eventId }) =>
    round(
      percentile(
        measured()
          .filter((delivery) => delivery.id === eventId)
          .map((delivery) => delivery.arrivedAt - Date.parse(delivery.at)),
        0.99,
      ),
    ),
  );
  const savedFigures = figures(fromSaved);
  console.log(
    JSON.stringify(
      {
        benchmark: 'realtime',
        database: databaseUrl ? 'postgres' : 'pglite',
        serverProcesses: processCount,
        clients: clientCount,
        messages: messageCount,
        messageGapMs: gapMs,
        connectAndSubscribeSeconds: round(connectSeconds),
        deliveries: measured().length,
        expectedDeliveries: expected,
        lost,
        duplicated,
        unexpected,
        latencyFromSavedMs: savedFigures,
        latencyFromPostMs: figures(fromPost),
        perMessageP99FromSavedMs: perMessageP99,
        budgets: {
          'a saved message reaches 1,000 room members with p99 <= 80 ms, none lost or duplicated':
            clientCount >= 1000 && savedFigures.p99 <= 80 && lost === 0 && duplicated === 0,
        },
        note:
          'clients, server and database share this machine (2 cores, shared with other work); ' +
          '"from saved" starts at the insert (clock_timestamp in the database), ms resolution',
      },
      null,
      2,
    ),
  );
} finally {
  for (const socket of sockets) socket.terminate();
  await Promise.all(servers.map((server) => stopProcess(server)));
  if (admin) {
    await admin.query(`drop database if exists ${ownDatabase} with (force)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function figures(values: number[]) {
  return {
    p50: round(percentile(values, 0.5)),
    p95: round(percentile(values, 0.95)),
    p99: round(percentile(values, 0.99)),
    max: round(percentile(values, 1)),
  };
}
