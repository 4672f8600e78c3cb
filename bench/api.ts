// `npm run bench`: API throughput and latency with 10 connections, against /api/health, an
// authenticated read and a bare Fastify hello-world in the same run. Prints JSON.
// BENCH_DATABASE_URL=postgres://… runs the server on PostgreSQL (seeded with the demo data).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, startProcess, stopProcess } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = resolve(here, '../apps/server/src/server.ts');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const apiPort = 3901;
const barePort = 3902;
const stackPort = 3903;
const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;

const server = await startProcess(
  'tsx',
  [serverEntry],
  {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  `http://127.0.0.1:${apiPort}/api/health`,
);
const bare = await startProcess(
  'tsx',
  [join(here, 'bare-fastify.ts')],
  { PORT: String(barePort) },
  `http://127.0.0.1:${barePort}/`,
);
const stack = await startProcess(
  'tsx',
  [join(here, 'stack-server.ts')],
  { PORT: String(stackPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  `http://127.0.0.1:${stackPort}/api/bench/hello`,
);

try {
  const signIn = await fetch(`http://127.0.0.1:${apiPort}/api/auth/sign-in/email`, {
    method: 'POST',
    // better-auth checks the Origin of browser-like requests against PUBLIC_URL.
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${apiPort}` },
    body: JSON.stringify({ email: 'manager@commonwise.test', password: 'commonwise-demo' }),
  });
  if (!signIn.ok) throw new Error(`sign-in for the benchmark failed: ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;

  const bareResult = await load('bare fastify GET /', `http://127.0.0.1:${barePort}/`, { seconds });
  const stackResult = await load(
    'our middleware stack, trivial route',
    `http://127.0.0.1:${stackPort}/api/bench/hello`,
    {
      seconds,
    },
  );
  const health = await load('GET /api/health', `http://127.0.0.1:${apiPort}/api/health`, { seconds });
  const authenticated = await load(
    'GET /api/properties (signed in as a manager)',
    `http://127.0.0.1:${apiPort}/api/properties`,
    {
      seconds,
      headers: { cookie },
    },
  );
  const ratio = (value: number) => Math.round((value / bareResult.requestsPerSecond) * 1000) / 1000;
  console.log(
    JSON.stringify(
      {
        benchmark: 'api',
        database: databaseUrl ? 'postgres' : 'pglite',
        connections: 10,
        secondsPerTarget: seconds,
        results: [bareResult, stackResult, health, authenticated],
        ratioToBareFastify: {
          middlewareStack: ratio(stackResult.requestsPerSecond),
          health: ratio(health.requestsPerSecond),
          authenticatedRead: ratio(authenticated.requestsPerSecond),
        },
        budgets: {
          'middleware stack keeps >= 50% of bare Fastify': ratio(stackResult.requestsPerSecond) >= 0.5,
          'authenticated read >= 2000 req/s at p95 <= 7 ms (PostgreSQL)': databaseUrl
            ? authenticated.requestsPerSecond >= 2000 && authenticated.latencyMs.p95 <= 7
            : 'measure with BENCH_DATABASE_URL',
        },
      },
      null,
      2,
    ),
  );
} finally {
  await Promise.all([stopProcess(server), stopProcess(bare), stopProcess(stack)]);
  rmSync(dataDir, { recursive: true, force: true });
}
