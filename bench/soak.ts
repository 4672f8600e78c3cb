// `npm run bench:soak`: a mixed workload held for 10 minutes against PostgreSQL — sign-ins (with a
// read on the new session and a sign-out), reads, chat posts (each answered by the built-in
// assistant from the job queue), room messages and document uploads — at fixed rates (open loop:
// requests are sent on schedule whether or not earlier ones have answered, so a slow server shows as
// latency, not as a lower request rate). Prints JSON and checks the budgets:
//   0 errors; p99 latency of the last minute at most 20% above the first minute's; heap (after a
//   forced GC) of the last minute at most 10% above the first minute's; event-loop delay p99 at
//   most 20 ms in every minute.
// Heap and event-loop delay are measured inside the server process (bench/soak-server.ts, over IPC).
// After the run it checks that nothing was lost: every acknowledged room message is in the room,
// every chat post was answered, every uploaded document was processed.
//
// SOAK_MINUTES (default 10) is the measured time; a warm-up (SOAK_WARMUP_SECONDS, default 30) runs
// the same load first and is not counted. SOAK_RATE (default 1) scales every rate.
// BENCH_DATABASE_URL=postgres://… uses that PostgreSQL server (the soak makes a database of its own
// there and drops it afterwards); without it a throwaway cluster is started with
// scripts/postgres.sh on SOAK_PG_PORT (default 55438).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { makeTextPdf } from '../apps/server/src/test/fixtures/documents.ts';

const here = dirname(fileURLToPath(import.meta.url));
const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const warmUpSeconds = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const rate = Number(process.env.SOAK_RATE ?? 1);
const port = Number(process.env.SOAK_PORT ?? 3930);
const origin = `http://127.0.0.1:${port}`;
const password = 'commonwise-demo';

/** Requests per second of each part of the workload (× SOAK_RATE). */
const rates = {
  reads: 30 * rate,
  signIns: 1 * rate,
  chatPosts: 1 * rate,
  roomMessages: 1 * rate,
  uploads: 0.2 * rate,
};
const budgets = { p99DriftMax: 0.2, heapGrowthMax: 0.1, eventLoopDelayP99MaxMs: 20 };

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a database of our own, on the given server or on a throwaway cluster.
const dataDir = mkdtempSync(join(tmpdir(), 'cw-soak-'));
let clusterDir: string | undefined;
let baseUrl = process.env.BENCH_DATABASE_URL;
if (!baseUrl) {
  // A folder of its own directly under the temporary directory: as root, scripts/postgres.sh runs the
  // cluster as the postgres user, who cannot enter the (0700) data directory made above.
  clusterDir = mkdtempSync(join(tmpdir(), 'cw-soak-pg-'));
  baseUrl = execFileSync(
    resolve(here, '../scripts/postgres.sh'),
    ['start', clusterDir, process.env.SOAK_PG_PORT ?? '55438'],
    { encoding: 'utf8' },
  ).trim();
}
const ownDatabase = `cw_soak_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${ownDatabase}`);
const databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${ownDatabase}` }).toString();

type Sample = {
  op: 'sample';
  at: number;
  heapUsedAfterGc: number;
  rss: number;
  external: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number; count: number };
};

let server: ChildProcess | undefined;
const timers = new Set<NodeJS.Timeout>();
try {
  // SOAK_CPU_PROFILE=DIR writes the server's CPU profile there (open it in Chrome DevTools).
  const profile = process.env.SOAK_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.SOAK_CPU_PROFILE)}`]
    : [];
  server = spawn(
    process.execPath,
    ['--expose-gc', ...profile, '--import', 'tsx', join(here, 'soak-server.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: origin,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'soak-secret-that-is-at-least-32-characters',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const child = server;
  const pendingSamples: ((sample: Sample) => void)[] = [];
  const ready = new Promise<void>((resolveReady, reject) => {
    child.once('exit', (code) => reject(new Error(`the soak server exited with ${code}`)));
    child.on('message', (message: { op: string }) => {
      if (message.op === 'ready') resolveReady();
      else if (message.op === 'sample') pendingSamples.shift()?.(message as Sample);
    });
  });
  await ready;
  const probe = (resetDelay: boolean) =>
    new Promise<Sample>((resolveSample) => {
      pendingSamples.push(resolveSample);
      child.send({ op: 'sample', resetDelay });
    });

  // -------------------------------------------------------------------------------------------
  // Requests, timed; every answer that is not the expected status is an error.
  type Kind = 'read' | 'sign-in' | 'sign-out' | 'chat-post' | 'room-message' | 'upload';
  const records: { at: number; kind: Kind; ms: number; path: string }[] = [];
  const errors: { at: number; kind: Kind; what: string }[] = [];
  let measuringSince = Number.POSITIVE_INFINITY;
  let inFlight = 0;
  let maxInFlight = 0;

  async function call(
    kind: Kind | undefined,
    method: string,
    path: string,
    options: { cookie?: string; json?: unknown; form?: FormData; expect?: number | number[] } = {},
  ): Promise<Response | undefined> {
    const started = performance.now();
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          origin,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.form ?? (options.json === undefined ? null : JSON.stringify(options.json)),
      });
      const body = await response.arrayBuffer();
      const ms = performance.now() - started;
      const expected = options.expect ?? (method === 'POST' ? [200, 201] : [200]);
      const isExpected = Array.isArray(expected)
        ? expected.includes(response.status)
        : expected === response.status;
      if (!isExpected) {
        const what = `${method} ${path} → ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 200)}`;
        if (!kind) throw new Error(what);
        errors.push({ at: started, kind, what });
        return undefined;
      }
      if (kind && started >= measuringSince) records.push({ at: started, kind, ms, path: templateOf(path) });
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      if (!kind) throw error;
      errors.push({ at: started, kind, what: `${method} ${path} → ${String(error)}` });
      return undefined;
    } finally {
      inFlight -= 1;
    }
  }
  /** The route, without ids and query values, to group latencies by. */
  const templateOf = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/\?.*$/, '');
  const json = async <T>(response: Response | undefined) =>
    response ? ((await response.json()) as T) : undefined;

  async function signIn(kind: Kind | undefined, email: string) {
    const response = await call(kind, 'POST', '/api/auth/sign-in/email', { json: { email, password } });
    return response?.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .join('; ');
  }

  // -------------------------------------------------------------------------------------------
  // Setup (not measured): sessions, and the seeded property and room the workload uses.
  const cookies = {
    manager: (await signIn(undefined, 'manager@commonwise.test'))!,
    resident: (await signIn(undefined, 'resident@commonwise.test'))!,
    vendor: (await signIn(undefined, 'vendor@commonwise.test'))!,
    admin: (await signIn(undefined, 'admin@commonwise.test'))!,
  };
  const { properties } = (await json<{ properties: { id: string; name: string }[] }>(
    await call(undefined, 'GET', '/api/properties', { cookie: cookies.manager }),
  ))!;
  const willowCreek = properties.find((property) => property.name.startsWith('Willow Creek'))!;
  const { workOrders } = (await json<{ workOrders: { rooms: { id: string; roomName: string }[] }[] }>(
    await call(undefined, 'GET', '/api/work-rooms', { cookie: cookies.vendor }),
  ))!;
  const sinkRoom = workOrders
    .flatMap((order) => order.rooms)
    .find((room) => room.roomName === 'Kitchen sink leak');
  if (!willowCreek || !sinkRoom)
    throw new Error('the demo data has no Willow Creek property or sink leak room');

  const reads: [keyof typeof cookies, string][] = [
    ['manager', '/api/properties'],
    ['manager', '/api/work-orders'],
    ['manager', `/api/properties/${willowCreek.id}/documents`],
    ['manager', `/api/properties/${willowCreek.id}/documents/required-status`],
    ['manager', `/api/properties/${willowCreek.id}/documents/search?q=pool%20hours`],
    ['resident', '/api/me'],
    ['resident', '/api/chat/threads'],
    ['resident', '/api/work-rooms'],
    ['resident', '/api/resident-portal'],
    ['vendor', `/api/work-rooms/${sinkRoom.id}`],
    ['vendor', `/api/work-rooms/${sinkRoom.id}/messages`],
    ['vendor', '/api/vendor-portal'],
    ['admin', '/api/users?search=willow&role=resident'],
    ['admin', '/api/users'],
  ];
  // Sign-ins rotate over accounts the other streams do not use, so no session in use is touched.
  const signInAccounts = ['board', 'developer', 'manager2', 'resident2'].map(
    (name) => `${name}@commonwise.test`,
  );
  const roomPosters: (keyof typeof cookies)[] = ['resident', 'manager', 'vendor'];
  const chatMessagesToSend = ['Hello!', 'where is my request?', 'Thanks, have a nice day'];
  const postsPerThread = 10;
  const samplePdf = await makeTextPdf([['Pool hours: 8 am to 9 pm.', 'Quiet hours begin at 10 pm.']]);

  const acknowledged = { roomMessageIds: new Set<string>(), chatPosts: 0, documentIds: new Set<string>() };
  const threadIds: string[] = [];
  let chatThread: Promise<string | undefined> | undefined;
  let chatPostsInThread = 0;

  const workload = {
    read: async (n: number) => {
      const [who, path] = reads[n % reads.length]!;
      await call('read', 'GET', path, { cookie: cookies[who] });
    },
    signIn: async (n: number) => {
      const cookie = await signIn('sign-in', signInAccounts[n % signInAccounts.length]!);
      if (!cookie) return;
      await call('read', 'GET', '/api/me', { cookie });
      await call('sign-out', 'POST', '/api/auth/sign-out', { cookie, json: {} });
    },
    chatPost: async (n: number) => {
      // A conversation of ten messages, then a new one, as people start new conversations.
      if (!chatThread || chatPostsInThread >= postsPerThread) {
        chatPostsInThread = 0;
        chatThread = json<{ id: string }>(
          await call('chat-post', 'POST', '/api/chat/threads', { cookie: cookies.resident }),
        ).then((thread) => {
          if (thread) threadIds.push(thread.id);
          return thread?.id;
        });
      }
      chatPostsInThread += 1;
      const threadId = await chatThread;
      if (!threadId) return;
      const posted = await call('chat-post', 'POST', `/api/chat/threads/${threadId}/messages`, {
        cookie: cookies.resident,
        json: { content: chatMessagesToSend[n % chatMessagesToSend.length] },
      });
      if (posted) acknowledged.chatPosts += 1;
    },
    roomMessage: async (n: number) => {
      const who = roomPosters[n % roomPosters.length]!;
      const message = await json<{ id: string }>(
        await call('room-message', 'POST', `/api/work-rooms/${sinkRoom.id}/messages`, {
          cookie: cookies[who],
          json: { content: `Soak message ${n} from the ${who}: the plumber comes at ten.` },
        }),
      );
      if (message) acknowledged.roomMessageIds.add(message.id);
    },
    upload: async (n: number) => {
      const isPdf = n % 2 === 0;
      const form = new FormData();
      form.append('category', 'meeting_minutes');
      form.append('name', `Soak minutes ${n}`);
      form.append('description', 'Uploaded by the soak benchmark');
      form.append(
        'file',
        isPdf
          ? new Blob([new Uint8Array(samplePdf)], { type: 'application/pdf' })
          : new Blob([`Minutes of meeting ${n}.\nThe board approved the pool repairs.\n`], {
              type: 'text/plain',
            }),
        isPdf ? `soak-${n}.pdf` : `soak-${n}.txt`,
      );
      const document = await json<{ id: string }>(
        await call('upload', 'POST', `/api/properties/${willowCreek.id}/documents`, {
          cookie: cookies.manager,
          form,
          expect: 201,
        }),
      );
      if (document) acknowledged.documentIds.add(document.id);
    },
  };

  /** Runs `task` perSecond times a second on a fixed schedule until `stop`. */
  const running = new Set<Promise<void>>();
  let stopped = false;
  function every(perSecond: number, task: (n: number) => Promise<void>) {
    if (perSecond <= 0) return;
    const intervalMs = 1000 / perSecond;
    const start = performance.now();
    let n = 0;
    const tick = () => {
      if (stopped) return;
      const run = task(n).catch((error: unknown) => {
        errors.push({ at: performance.now(), kind: 'read', what: String(error) });
      });
      running.add(run);
      void run.finally(() => running.delete(run));
      n += 1;
      const timer = setTimeout(tick, Math.max(0, start + n * intervalMs - performance.now()));
      timers.add(timer);
      timer.unref();
    };
    tick();
  }
  const sleep = (milliseconds: number) =>
    new Promise((resolveSleep) => setTimeout(resolveSleep, milliseconds));

  every(rates.reads, workload.read);
  every(rates.signIns, workload.signIn);
  every(rates.chatPosts, workload.chatPost);
  every(rates.roomMessages, workload.roomMessage);
  every(rates.uploads, workload.upload);

  await sleep(warmUpSeconds * 1000);
  await probe(true); // starts the first minute's event-loop histogram
  measuringSince = performance.now();
  const perMinuteSamples: Sample[][] = [];
  const loadAverages: number[] = [];
  for (let minute = 0; minute < minutes; minute += 1) {
    const minuteStart = measuringSince + minute * 60_000;
    await sleep(minuteStart + 30_000 - performance.now());
    const middle = await probe(false);
    await sleep(minuteStart + 60_000 - performance.now());
    const end = await probe(true);
    perMinuteSamples.push([middle, end]);
    // The machine's load: other work on it shows in the latencies.
    loadAverages.push(loadavg()[0]!);
  }
  const measuredUntil = measuringSince + minutes * 60_000;
  stopped = true;
  for (const timer of timers) clearTimeout(timer);
  await Promise.all(running);

  // -------------------------------------------------------------------------------------------
  // Nothing lost: every acknowledged message in the room, every chat post answered, every document processed.
  const lossCheckDeadline = Date.now() + 120_000;
  // The room's messages come a page at a time, newest first.
  const inRoom = new Set<string>();
  for (let before: string | undefined; ;) {
    const page = (await json<{ messages: { id: string }[]; hasMore: boolean }>(
      await call(
        undefined,
        'GET',
        `/api/work-rooms/${sinkRoom.id}/messages?limit=200${before ? `&before=${before}` : ''}`,
        { cookie: cookies.vendor },
      ),
    ))!;
    for (const message of page.messages) inRoom.add(message.id);
    if (!page.hasMore || page.messages.length === 0) break;
    before = page.messages[0]!.id;
  }
  const missingRoomMessages = [...acknowledged.roomMessageIds].filter((id) => !inRoom.has(id)).length;

  let unansweredChatPosts = Number.POSITIVE_INFINITY;
  let answers = 0;
  while (Date.now() < lossCheckDeadline) {
    let unanswered = 0;
    let userPosts = 0;
    answers = 0;
    for (const threadId of threadIds) {
      const { messages } = (await json<{ messages: { role: string; processed: boolean }[] }>(
        await call(undefined, 'GET', `/api/chat/threads/${threadId}/messages`, { cookie: cookies.resident }),
      ))!;
      for (const message of messages) {
        if (message.role === 'user') {
          userPosts += 1;
          if (!message.processed) unanswered += 1;
        } else if (message.role === 'assistant') answers += 1;
      }
    }
    unansweredChatPosts = unanswered + Math.max(0, acknowledged.chatPosts - userPosts);
    if (unansweredChatPosts === 0) break;
    await sleep(1000);
  }

  let unprocessedDocuments = Number.POSITIVE_INFINITY;
  let failedDocuments = 0;
  while (Date.now() < lossCheckDeadline) {
    const { documents } = (await json<{ documents: { id: string; status: string }[] }>(
      await call(undefined, 'GET', `/api/properties/${willowCreek.id}/documents`, {
        cookie: cookies.manager,
      }),
    ))!;
    const statusById = new Map(documents.map((document) => [document.id, document.status]));
    const statuses = [...acknowledged.documentIds].map((id) => statusById.get(id));
    failedDocuments = statuses.filter((status) => status === 'failed').length;
    unprocessedDocuments = statuses.filter((status) => status !== 'completed').length;
    if (unprocessedDocuments === 0 || unprocessedDocuments === failedDocuments) break;
    await sleep(1000);
  }

  // -------------------------------------------------------------------------------------------
  // Figures.
  const round = (value: number) => Math.round(value * 100) / 100;
  const percentile = (values: number[], fraction: number) => {
    if (values.length === 0) return 0;
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
  };
  const figures = (values: number[]) => ({
    count: values.length,
    p50: round(percentile(values, 0.5)),
    p95: round(percentile(values, 0.95)),
    p99: round(percentile(values, 0.99)),
    max: round(percentile(values, 1)),
  });
  const kinds: Kind[] = ['read', 'sign-in', 'sign-out', 'chat-post', 'room-message', 'upload'];
  const measured = records.filter((record) => record.at < measuredUntil);
  const minuteOf = (at: number) => Math.floor((at - measuringSince) / 60_000);
  const perMinute = perMinuteSamples.map((samples, minute) => {
    const latencies = measured.filter((record) => minuteOf(record.at) === minute).map((record) => record.ms);
    return {
      minute: minute + 1,
      latencyMs: figures(latencies),
      p99ByKindMs: Object.fromEntries(
        kinds.map((kind) => [
          kind,
          round(
            percentile(
              measured
                .filter((record) => record.kind === kind && minuteOf(record.at) === minute)
                .map((record) => record.ms),
              0.99,
            ),
          ),
        ]),
      ),
      heapUsedAfterGcMb: round(
        samples.reduce((sum, sample) => sum + sample.heapUsedAfterGc, 0) / samples.length / 2 ** 20,
      ),
      rssMb: round(samples[1]!.rss / 2 ** 20),
      eventLoopDelayMs: samples[1]!.eventLoopDelayMs,
      errors: errors.filter((error) => error.at >= measuringSince && minuteOf(error.at) === minute).length,
      machineLoadAverage1m: round(loadAverages[minute]!),
    };
  });
  const first = perMinute[0]!;
  const last = perMinute[perMinute.length - 1]!;
  const p99Drift = round((last.latencyMs.p99 - first.latencyMs.p99) / first.latencyMs.p99);
  const heapGrowth = round((last.heapUsedAfterGcMb - first.heapUsedAfterGcMb) / first.heapUsedAfterGcMb);
  const worstDelayP99 = Math.max(...perMinute.map((minute) => minute.eventLoopDelayMs.p99));
  const lostSomething =
    missingRoomMessages > 0 || unansweredChatPosts > 0 || unprocessedDocuments > 0 || failedDocuments > 0;

  console.log(
    JSON.stringify(
      {
        benchmark: 'soak',
        database: 'postgres',
        minutes,
        warmUpSeconds,
        ratesPerSecond: rates,
        requests: measured.length,
        requestsPerSecond: round(measured.length / (minutes * 60)),
        maxInFlight,
        errors: errors.length,
        firstErrors: errors.slice(0, 10).map((error) => `${error.kind}: ${error.what}`),
        latencyByKindMs: Object.fromEntries(
          kinds.map((kind) => [
            kind,
            figures(measured.filter((record) => record.kind === kind).map((r) => r.ms)),
          ]),
        ),
        readP99ByRouteFirstAndLastMinuteMs: Object.fromEntries(
          [...new Set(reads.map(([, path]) => templateOf(path)))].map((route) => [
            route,
            [0, minutes - 1].map((minute) =>
              round(
                percentile(
                  measured
                    .filter((r) => r.kind === 'read' && r.path === route && minuteOf(r.at) === minute)
                    .map((r) => r.ms),
                  0.99,
                ),
              ),
            ),
          ]),
        ),
        perMinute,
        p99Drift,
        heapGrowth,
        eventLoopDelayP99WorstMinuteMs: worstDelayP99,
        nothingLost: {
          roomMessagesAcknowledged: acknowledged.roomMessageIds.size,
          roomMessagesMissing: missingRoomMessages,
          chatPostsAcknowledged: acknowledged.chatPosts,
          assistantAnswers: answers,
          chatPostsUnanswered: unansweredChatPosts,
          documentsAcknowledged: acknowledged.documentIds.size,
          documentsNotProcessed: unprocessedDocuments,
          documentsFailed: failedDocuments,
        },
        budgets: {
          'no errors (warm-up included)': errors.length === 0,
          'p99 of the last minute <= 20% above the first minute': p99Drift <= budgets.p99DriftMax,
          'heap after GC of the last minute <= 10% above the first minute':
            heapGrowth <= budgets.heapGrowthMax,
          'event-loop delay p99 <= 20 ms in every minute': worstDelayP99 <= budgets.eventLoopDelayP99MaxMs,
          'nothing lost (room messages, chat answers, documents processed)': !lostSomething,
        },
        note:
          'load generator, server and PostgreSQL share this machine (2 cores, shared with other work); ' +
          'latency is measured by the load generator from sending a request to reading its whole answer',
      },
      null,
      2,
    ),
  );
} finally {
  for (const timer of timers) clearTimeout(timer);
  if (server && server.exitCode === null) {
    const exited = new Promise((resolveExit) => server!.once('exit', resolveExit));
    server.send({ op: 'stop' });
    await Promise.race([exited, new Promise((resolveWait) => setTimeout(resolveWait, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  await admin.query(`drop database if exists ${ownDatabase} with (force)`);
  await admin.end();
  if (clusterDir) {
    execFileSync(resolve(here, '../scripts/postgres.sh'), ['stop', clusterDir]);
    rmSync(clusterDir, { recursive: true, force: true });
  }
  rmSync(dataDir, { recursive: true, force: true });
}
