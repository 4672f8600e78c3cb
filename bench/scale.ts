// `npm run bench:scale`: the daily lists, details and portals of each kind of person, on a generated
// portfolio (`npm run seed:scale`, decision 0037), with 10 connections through the real server over
// HTTP. Prints JSON: p50/p95/p99 per endpoint per persona and whether each is within its budget
// (DESIGN.md §6: 50 ms for lists and details, 150 ms for portal overviews and reports).
//   BENCH_DATABASE_URL=postgres://…/scale150 npm run bench:scale     (PostgreSQL)
//   BENCH_DATA_DIR=/tmp/scale10 npm run bench:scale                  (PGlite under that DATA_DIR)
// SCALE_SECONDS (default 4) per endpoint; SCALE_ONLY=manager,board… to run some personas; SCALE_OUT=file.json.
// Each endpoint is first loaded for SCALE_WARMUP_SECONDS (default 1) without being measured: a server in
// service has its code compiled and its database connections' caches filled, which the first endpoint
// measured after start-up otherwise pays for alone.
import { writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../apps/server/src/db/pglite-extensions.ts';
import { load, startProcess, stopProcess, type LoadResult } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = resolve(here, '../apps/server/src/server.ts');
const databaseUrl = process.env.BENCH_DATABASE_URL;
const pgliteDataDir = process.env.BENCH_DATA_DIR;
if (!databaseUrl && !pgliteDataDir)
  throw new Error(
    'Set BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite) to a generated portfolio (npm run seed:scale).',
  );
const seconds = Number(process.env.SCALE_SECONDS ?? 4);
const warmupSeconds = Number(process.env.SCALE_WARMUP_SECONDS ?? 1);
const only = process.env.SCALE_ONLY?.split(',');
const password = process.env.SCALE_PASSWORD ?? 'commonwise-scale';
const port = 3911;
const base = `http://127.0.0.1:${port}`;

/** The people to measure as, chosen from the data the same way every time. */
const personaQueries = {
  manager: `select p.email from profiles p join property_managers pm on pm.user_id = p.id
    where p.role = 'manager' group by p.email order by count(*) desc, p.email limit 1`,
  board: `select p.email from committee_members cm join committees c on c.id = cm.committee_id
    join profiles p on p.id = cm.user_id join properties pr on pr.id = c.property_id
    where c.kind = 'board' and cm.role = 'president' and cm.ends_on is null
    order by pr.units desc, p.email limit 1`,
  owner: `select p.email from work_orders w join profiles p on p.id = w.resident_id
    join unit_ownerships uo on uo.user_id = p.id and uo.ends_on is null
    where p.role = 'resident' group by p.email order by count(distinct w.id) desc, p.email limit 1`,
  vendor: `select p.email from work_orders w join profiles p on p.id = w.vendor_id
    group by p.email order by count(*) desc, p.email limit 1`,
  admin: `select email from profiles where role = 'admin' order by email limit 1`,
} as const;
type Persona = keyof typeof personaQueries;

async function choosePersonas(): Promise<Record<Persona, string>> {
  const chosen: Partial<Record<Persona, string>> = {};
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const [persona, query] of Object.entries(personaQueries))
      chosen[persona as Persona] = (await client.query(query)).rows[0]?.email;
    await client.end();
  } else {
    const pglite = new PGlite(join(pgliteDataDir!, 'pglite'), { extensions: pgliteExtensions });
    for (const [persona, query] of Object.entries(personaQueries))
      chosen[persona as Persona] = (await pglite.query<{ email: string }>(query)).rows[0]?.email;
    await pglite.close();
  }
  for (const [persona, email] of Object.entries(chosen))
    if (!email) throw new Error(`No ${persona} in this database: is it a generated portfolio?`);
  return chosen as Record<Persona, string>;
}

const personas = await choosePersonas();
const dataDir = pgliteDataDir ?? mkdtempSync(join(tmpdir(), 'cw-bench-scale-'));
const server = await startProcess(
  'tsx',
  [serverEntry],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // The benchmark measures the API: no background jobs competing for the two cores.
    WORKER_CONCURRENCY: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  `${base}/api/health`,
);

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function getJson<T>(cookie: string, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

type Target = { endpoint: string; path: string; kind: 'list' | 'detail' | 'overview' };
const overview = (endpoint: string, path = endpoint.replace(/^GET /, '')): Target => ({
  endpoint,
  path,
  kind: 'overview',
});
const list = (endpoint: string, path = endpoint.replace(/^GET /, '')): Target => ({
  endpoint,
  path,
  kind: 'list',
});
const detail = (endpoint: string, path: string): Target => ({ endpoint, path, kind: 'detail' });
const budgets = { list: 50, detail: 50, overview: 150 };

/** What each person opens every day, with ids taken from their own lists. */
async function targetsFor(persona: Persona, cookie: string): Promise<Target[]> {
  // Vendors have no properties list: their work is the work orders assigned to them.
  const { properties } =
    persona === 'vendor'
      ? { properties: [] }
      : await getJson<{ properties: { id: string }[] }>(cookie, '/api/properties?limit=25');
  const { workOrders } = await getJson<{ workOrders: { id: string }[] }>(cookie, '/api/work-orders?limit=25');
  const rooms = await getJson<{ workOrders: { rooms: { id: string }[] }[] }>(
    cookie,
    '/api/work-rooms?limit=25',
  );
  const roomId = rooms.workOrders.flatMap((entry) => entry.rooms)[0]?.id;
  const propertyId = properties[0]?.id;
  const workOrderId = workOrders[0]?.id;
  const targets: Target[] = [];
  const common: Target[] = [
    list('GET /api/work-orders', '/api/work-orders?limit=25'),
    list('GET /api/work-orders?status=new', '/api/work-orders?limit=25&status=new'),
    list('GET /api/work-orders?q=leak', '/api/work-orders?limit=25&q=leak'),
    list('GET /api/work-rooms', '/api/work-rooms?limit=25'),
    ...(workOrderId ? [detail('GET /api/work-orders/:id', `/api/work-orders/${workOrderId}`)] : []),
    ...(roomId
      ? [
          detail('GET /api/work-rooms/:id', `/api/work-rooms/${roomId}`),
          list('GET /api/work-rooms/:id/messages', `/api/work-rooms/${roomId}/messages?limit=50`),
        ]
      : []),
    list('GET /api/notifications', '/api/notifications?limit=20'),
    detail('GET /api/notifications/unread-count', '/api/notifications/unread-count'),
  ];
  const property: Target[] = propertyId
    ? [
        detail('GET /api/properties/:id', `/api/properties/${propertyId}`),
        list('GET /api/properties/:id/units', `/api/properties/${propertyId}/units?limit=50`),
        list('GET /api/properties/:id/people', `/api/properties/${propertyId}/people?limit=50`),
        list('GET /api/properties/:id/committees', `/api/properties/${propertyId}/committees`),
        list('GET /api/properties/:id/documents', `/api/properties/${propertyId}/documents?limit=50`),
        list(
          'GET /api/properties/:id/documents/search',
          `/api/properties/${propertyId}/documents/search?q=pets`,
        ),
      ]
    : [];
  if (persona === 'manager')
    targets.push(
      overview('GET /api/manager-portal/overview'),
      list('GET /api/properties', '/api/properties?limit=25'),
      ...property,
      ...common,
    );
  if (persona === 'board')
    targets.push(
      overview('GET /api/board-portal/overview'),
      overview('GET /api/board-portal/report'),
      list('GET /api/properties', '/api/properties?limit=25'),
      ...property,
      ...common,
    );
  if (persona === 'owner') {
    const { threads } = await getJson<{ threads: { id: string }[] }>(cookie, '/api/chat/threads?limit=20');
    targets.push(
      overview('GET /api/resident-portal'),
      list('GET /api/chat/threads', '/api/chat/threads?limit=20'),
      ...(threads[0]
        ? [list('GET /api/chat/threads/:id/messages', `/api/chat/threads/${threads[0].id}/messages?limit=50`)]
        : []),
      ...(propertyId
        ? [
            list('GET /api/properties/:id/documents', `/api/properties/${propertyId}/documents?limit=50`),
            list(
              'GET /api/properties/:id/documents/search',
              `/api/properties/${propertyId}/documents/search?q=pets`,
            ),
          ]
        : []),
      ...common,
    );
  }
  if (persona === 'vendor') targets.push(overview('GET /api/vendor-portal'), ...common);
  if (persona === 'admin')
    targets.push(
      list('GET /api/properties', '/api/properties?limit=25'),
      list('GET /api/users', '/api/users?limit=25'),
      list('GET /api/audit-events', '/api/audit-events?limit=50'),
      ...property,
      ...common,
    );
  return targets;
}

async function sequential(target: string, url: string, cookie: string): Promise<LoadResult> {
  const times: number[] = [];
  let non2xx = 0;
  for (let index = 0; index < 5; index++) {
    const start = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) non2xx++;
  }
  times.sort((a, b) => a - b);
  const at = (fraction: number) => Math.round(times[Math.ceil(fraction * times.length) - 1]! * 100) / 100;
  return {
    target: `${target} (one at a time: too slow for 10 connections)`,
    requests: times.length,
    requestsPerSecond: 0,
    latencyMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99) },
    errors: 0,
    non2xx,
  };
}

type Row = {
  persona: Persona;
  email: string;
  endpoint: string;
  kind: Target['kind'];
  budgetMs: number;
} & Pick<LoadResult, 'requests' | 'requestsPerSecond' | 'latencyMs' | 'errors' | 'non2xx'> & {
    withinBudget: boolean;
  };
const results: Row[] = [];
try {
  for (const persona of Object.keys(personas) as Persona[]) {
    if (only && !only.includes(persona)) continue;
    const email = personas[persona];
    const cookie = await signIn(email);
    for (const target of await targetsFor(persona, cookie)) {
      const url = `${base}${target.path}`;
      const check = await fetch(url, { headers: { cookie } });
      if (!check.ok)
        throw new Error(`${persona}: GET ${target.path} answered ${check.status}: ${await check.text()}`);
      if (warmupSeconds > 0) await load('warm-up', url, { seconds: warmupSeconds, headers: { cookie } });
      let result = await load(`${persona} ${target.endpoint}`, url, { seconds, headers: { cookie } });
      // So slow that the window saw (almost) no answers: measure one request at a time instead, so the
      // figure says how slow rather than nothing.
      if (result.requests < 10) result = await sequential(`${persona} ${target.endpoint}`, url, cookie);
      const budgetMs = budgets[target.kind];
      const row: Row = {
        persona,
        email,
        endpoint: target.endpoint,
        kind: target.kind,
        budgetMs,
        requests: result.requests,
        requestsPerSecond: result.requestsPerSecond,
        latencyMs: result.latencyMs,
        errors: result.errors,
        non2xx: result.non2xx,
        withinBudget:
          result.requests > 0 &&
          result.latencyMs.p95 <= budgetMs &&
          result.non2xx === 0 &&
          result.errors === 0,
      };
      results.push(row);
      console.error(
        `${persona.padEnd(8)} ${target.endpoint.padEnd(44)} p50 ${row.latencyMs.p50} p95 ${row.latencyMs.p95} p99 ${row.latencyMs.p99} ${row.withinBudget ? 'ok' : `OVER ${budgetMs} ms`}`,
      );
    }
  }
} finally {
  await stopProcess(server);
  if (!pgliteDataDir) rmSync(dataDir, { recursive: true, force: true });
}
const report = {
  benchmark: 'scale',
  database: databaseUrl ? 'postgres' : 'pglite',
  connections: 10,
  secondsPerTarget: seconds,
  warmupSecondsPerTarget: warmupSeconds,
  personas,
  withinBudget: results.filter((row) => row.withinBudget).length,
  overBudget: results
    .filter((row) => !row.withinBudget)
    .map((row) => `${row.persona} ${row.endpoint}: p95 ${row.latencyMs.p95} ms`),
  slowest: [...results]
    .sort((a, b) => b.latencyMs.p95 / b.budgetMs - a.latencyMs.p95 / a.budgetMs)
    .slice(0, 5)
    .map((row) => `${row.persona} ${row.endpoint}: p95 ${row.latencyMs.p95} ms (budget ${row.budgetMs})`),
  results,
};
if (process.env.SCALE_OUT) writeFileSync(process.env.SCALE_OUT, JSON.stringify(report, null, 2) + '\n');
console.log(JSON.stringify(report, null, 2));
