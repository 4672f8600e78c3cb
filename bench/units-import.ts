// `npm run bench` (units import part, issue 17): previewing and committing a 5,000-row CSV file of units
// and owners (half of them new people, invited) into a new property, through the API, on PGlite unless
// BENCH_DATABASE_URL=postgres://… is set. Target: at most 10 s each. Prints JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, stopProcess } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = resolve(here, '../apps/server/src/server.ts');
const port = 3906;
const base = `http://127.0.0.1:${port}`;
const databaseUrl = process.env.BENCH_DATABASE_URL;
const rows = 5000;
const targetMs = 10_000;

const run = Date.now().toString(36);
const lines = [
  'unit_label,address,building,floor,kind,share_bp,vote_weight,status,person_email,person_name,relationship,starts_on,is_primary',
];
for (let index = 1; index <= rows; index += 1) {
  const person =
    index % 2 === 0
      ? `bench-${run}-${index}@example.com,Bench Owner ${index},${index % 4 === 0 ? 'owner_occupant' : 'owner'},2024-01-01,yes`
      : ',,,,';
  lines.push(
    `B-${index},${index} Benchmark Avenue,${Math.ceil(index / 100)},${index % 10},condo,,1,,${person}`,
  );
}
const csv = lines.join('\n');

const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-units-import-'));
const server = await startProcess(
  'tsx',
  [serverEntry],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // The invitation e-mails are the job queue's, after the commit: not part of the measurement.
    WORKER_CONCURRENCY: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  `${base}/api/health`,
);

try {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'admin@commonwise.test', password: 'commonwise-demo' }),
  });
  if (!signIn.ok) throw new Error(`sign-in for the benchmark failed: ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/properties`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: `Benchmark Heights ${run}`,
      address: '1 Benchmark Avenue, Springfield',
      units: 1,
    }),
  });
  if (created.status !== 201) throw new Error(`property: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const body = JSON.stringify({ csv });

  const timed = async (step: 'preview' | 'commit') => {
    const started = performance.now();
    const response = await fetch(`${base}/api/properties/${id}/units/import/${step}`, {
      method: 'POST',
      headers,
      body,
    });
    const ms = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`${step}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    return { ms: Math.round(ms), result: (await response.json()) as Record<string, unknown> };
  };
  const preview = await timed('preview');
  if (preview.result.canCommit !== true) throw new Error('the benchmark file has errors');
  const commit = await timed('commit');

  console.log(
    JSON.stringify(
      {
        benchmark: 'units-import',
        database: databaseUrl ? 'postgres' : 'pglite',
        rows,
        fileBytes: Buffer.byteLength(csv),
        previewMs: preview.ms,
        commitMs: commit.ms,
        counts: preview.result.counts,
        propertyUnits: commit.result.propertyUnits,
        budgets: {
          'preview of 5,000 rows <= 10 s': preview.ms <= targetMs,
          'commit of 5,000 rows <= 10 s': commit.ms <= targetMs,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
