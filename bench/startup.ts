// `npm run bench:startup`: how long the server takes to start on the demo data (issue 16, item 9:
// under 5 s), on a new embedded database (PGlite) and again on the same one (a restart). Each run
// starts `tsx src/server.ts` as `npm run serve` does, and times from the spawn to the first answer
// of GET /api/health, to the admin demo account signed in, and (new database) to the three demo
// documents processed in the background. The server's own timings (ms since its process started, at
// the end of each phase) come from its "ready" log line. BENCH_STARTUP_RUNS (default 3) sets the
// number of runs; medians are printed with every run, as JSON.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopProcess } from './lib.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/server');
const runCount = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const port = 3921;
const origin = `http://127.0.0.1:${port}`;
const budgetMs = 5000;
const pollMs = 10;

type Start = {
  readyMs: number | undefined;
  signedInMs: number | undefined;
  documentsProcessedMs: number | undefined;
  /** The server's clock: ms since its process started, at the end of each phase. */
  phases: Record<string, number>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(dataDir: string, isNew: boolean): Promise<Start> {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const child = spawn('tsx', ['src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // The phases are in the info-level "ready" line.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const phases = collectPhases(child);
  let readyMs: number | undefined;
  let signedInMs: number | undefined;
  let documentsProcessedMs: number | undefined;
  try {
    while (readyMs === undefined) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (since() > 120_000) throw new Error('the server did not answer within 120 s');
      try {
        if ((await fetch(`${origin}/api/health`)).ok) readyMs = since();
      } catch {
        // not listening yet
      }
      if (readyMs === undefined) await sleep(pollMs);
    }
    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'admin@commonwise.test', password: 'commonwise-demo' }),
    });
    if (!signIn.ok) throw new Error(`the admin demo account could not sign in: ${signIn.status}`);
    signedInMs = since();
    const cookie = signIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .join('; ');
    while (isNew && documentsProcessedMs === undefined) {
      if (since() > 300_000) throw new Error('the demo documents were not processed within 300 s');
      if ((await completedDocuments(cookie)) >= 3) documentsProcessedMs = since();
      else await sleep(100);
    }
  } finally {
    await stopProcess(child);
  }
  return { readyMs, signedInMs, documentsProcessedMs, phases: await phases };
}

/** The startupMs of the server's log lines, the last one seen (the demo documents' line comes after "ready"). */
function collectPhases(child: ChildProcess): Promise<Record<string, number>> {
  let phases: Record<string, number> = {};
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + String(chunk)).split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { startupMs?: Record<string, number> };
        if (entry.startupMs) phases = entry.startupMs;
      } catch {
        // not a log line
      }
    }
  });
  return new Promise((resolve) => child.once('exit', () => resolve(phases)));
}

async function completedDocuments(cookie: string): Promise<number> {
  const get = async <T>(path: string) =>
    (await (await fetch(`${origin}${path}`, { headers: { cookie } })).json()) as T;
  const { properties } = await get<{ properties: { id: string }[] }>('/api/properties');
  let completed = 0;
  for (const property of properties) {
    const { documents } = await get<{ documents: { status: string }[] }>(
      `/api/properties/${property.id}/documents`,
    );
    completed += documents.filter((document) => document.status === 'completed').length;
  }
  return completed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

function summarise(starts: Start[]) {
  const medianOf = (values: (number | undefined)[]) => {
    const known = values.filter((value) => value !== undefined);
    return known.length > 0 ? median(known) : undefined;
  };
  const phaseNames = [...new Set(starts.flatMap((start) => Object.keys(start.phases)))];
  return {
    median: {
      readyMs: medianOf(starts.map((start) => start.readyMs)),
      signedInMs: medianOf(starts.map((start) => start.signedInMs)),
      documentsProcessedMs: medianOf(starts.map((start) => start.documentsProcessedMs)),
      phases: Object.fromEntries(
        phaseNames.map((name) => [name, medianOf(starts.map((start) => start.phases[name]))]),
      ),
    },
    runs: starts,
  };
}

const loadBefore = loadavg()[0]!;
const fresh: Start[] = [];
const restart: Start[] = [];
for (let run = 0; run < runCount; run += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-startup-'));
  try {
    fresh.push(await startServer(dataDir, true));
    restart.push(await startServer(dataDir, false));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const freshSummary = summarise(fresh);
const restartSummary = summarise(restart);
console.log(
  JSON.stringify(
    {
      benchmark: 'startup',
      database: 'pglite',
      runs: runCount,
      fresh: freshSummary,
      restart: restartSummary,
      budgets: {
        'first start on a new database answers in under 5 s (median)':
          (freshSummary.median.readyMs ?? Infinity) < budgetMs,
        'restart answers in under 5 s (median)': (restartSummary.median.readyMs ?? Infinity) < budgetMs,
      },
      loadAverage: { before: loadBefore, after: loadavg()[0] },
      note: 'ms from spawning `tsx src/server.ts`; phases are the server’s own clock (ms since its process started). The machine’s load average is shown because other work on it slows every phase',
    },
    null,
    2,
  ),
);
