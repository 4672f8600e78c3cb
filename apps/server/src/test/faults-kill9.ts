// kill -9 under load (issue 11, item 4): the server is killed at random moments while clients post
// chat messages, upload documents and onboard properties, and started again each time; at the end
// every acknowledged write must be there and nothing half done, orphaned or done twice.
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { orphanFileGraceMs } from '../modules/documents/orphan-files.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client,
  countProblems,
  createDatabase,
  demoIds,
  dropDatabase,
  makeUploadFiles,
  openSql,
  percentile,
  ServerProcess,
  signIn,
  sleep,
  storedFiles,
  verify,
  waitForDrain,
  Workload,
  type FaultDatabase,
  type Findings,
} from './faults-harness.ts';

export type Kill9Options = {
  database: 'pglite' | 'postgres';
  /** A PostgreSQL server URL; a fresh database is created on it (postgres only). */
  postgresUrl?: string;
  kills: number;
  port: number;
  /** Uptime between a restart and the next kill, picked at random in this range (ms). */
  uptimeMs?: [number, number];
  seed?: number;
  log?: (message: string) => void;
  /**
   * Keep the workload running after the last kill until at least this many writes of each kind
   * were acknowledged (for up to 60 s). The uptimes are wall-clock, so a loaded machine fits fewer
   * writes into them; without this a slow run proves less than a fast one.
   */
  atLeast?: { messages?: number; documents?: number; properties?: number };
};

export type Kill9Summary = {
  database: 'pglite' | 'postgres';
  seed: number;
  kills: number;
  acknowledged: { threads: number; messages: number; documents: number; properties: number; total: number };
  writesTried: number;
  /** 4xx/5xx answers to writes (a 5xx here would be a bug; none are expected). */
  writesRefused: number;
  /** The first few refusals, to see why. */
  refusedSamples: { status: number; body: unknown }[];
  lost: number;
  halfCreated: number;
  orphans: number;
  duplicates: number;
  unfinished: number;
  documentStatuses: Record<string, number>;
  counts: Findings['counts'];
  /** Kill → /api/health answering again. */
  restartMs: { p50: number; max: number };
  /** Kill → the first write acknowledged after the restart. */
  recoverMs: { p50: number; max: number };
  /** After the last restart: until every acknowledged document was processed and message answered. */
  drainMs: number;
  /** Graceful restarts after the drain until no job was due (0: none was left queued). */
  restartsToFinishJobs: number;
  /** PostgreSQL: files of cut-off uploads the server's sweep removed once they were past the grace period. */
  orphanFilesSweptAfterGrace: number;
  totalSeconds: number;
  findings: Findings;
};

/** A small seeded generator, so a failing run can be repeated with the same kill moments. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runKill9(options: Kill9Options): Promise<Kill9Summary> {
  const started = Date.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const next = random(seed);
  const log = options.log ?? (() => {});
  const [minUptime, maxUptime] = options.uptimeMs ?? [400, 2500];
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-faults-'));
  const tag = `F${seed.toString(36)}`;
  let database: FaultDatabase = { kind: 'pglite' };
  const databaseName = `cw_faults_${process.pid}_${seed}`;
  if (options.database === 'postgres') {
    if (!options.postgresUrl) throw new Error('postgresUrl is required for the postgres run');
    database = { kind: 'postgres', url: await createDatabase(options.postgresUrl, databaseName) };
  }
  const server = new ServerProcess({ port: options.port, dataDir, database });
  try {
    log(`[${options.database}] starting the server (first start migrates and seeds)`);
    await server.start();
    const accounts = ['resident', 'resident2', 'manager', 'manager2', 'admin'] as const;
    const cookies = await Promise.all(accounts.map((name) => signIn(server, `${name}@commonwise.test`)));
    const client = Object.fromEntries(
      accounts.map((name, index) => [name, new Client(server, cookies[index]!)]),
    ) as Record<(typeof accounts)[number], Client>;
    const ids = await demoIds(client.admin);
    const files = await makeUploadFiles();
    const workload = new Workload(
      server,
      {
        residents: [client.resident, client.resident2],
        managers: [
          [client.manager, ids.willow],
          [client.manager2, ids.harbor],
        ],
        admin: client.admin,
      },
      ids,
      files,
      tag,
    );
    const acknowledged = () =>
      workload.ledger.threads.length +
      workload.ledger.messages.length +
      workload.ledger.documents.length +
      workload.ledger.properties.length;
    workload.start();

    const restartTimes: number[] = [];
    const recoverTimes: number[] = [];
    for (let kill = 1; kill <= options.kills; kill += 1) {
      await sleep(minUptime + next() * (maxUptime - minUptime));
      const before = acknowledged();
      const killedAt = Date.now();
      await server.kill9();
      await server.start();
      restartTimes.push(Date.now() - killedAt);
      // Recovered: clients' writes are acknowledged again.
      while (acknowledged() === before && Date.now() - killedAt < 60_000) await sleep(10);
      recoverTimes.push(Date.now() - killedAt);
      log(
        `[${options.database}] kill ${kill}/${options.kills}: back in ${restartTimes.at(-1)} ms, writing in ${recoverTimes.at(-1)} ms (${acknowledged()} acknowledged)`,
      );
    }
    await sleep(1000);
    const { ledger: written } = workload;
    const enough = () =>
      written.messages.length >= (options.atLeast?.messages ?? 0) &&
      written.documents.length >= (options.atLeast?.documents ?? 0) &&
      written.properties.length >= (options.atLeast?.properties ?? 0);
    const topUpFrom = Date.now();
    while (!enough() && Date.now() - topUpFrom < 60_000) await sleep(50);
    await workload.stop();

    const residentClients = new Map([
      [client.resident.cookie, client.resident],
      [client.resident2.cookie, client.resident2],
    ]);
    const drainMs = await waitForDrain(
      workload.ledger,
      { manager: client.admin, resident: residentClients },
      240_000,
    );
    log(`[${options.database}] jobs drained in ${drainMs} ms; stopping the server to check the database`);
    await server.stop();
    let orphanFilesSweptAfterGrace = 0;
    if (database.kind === 'postgres') {
      // PGlite's server sweeps files left by cut-off uploads at every start. On PostgreSQL other
      // servers may be mid-upload, so it waits until such a file has been idle for the grace
      // period: age the files past it, start the server once more, and let its sweep run.
      orphanFilesSweptAfterGrace = await sweepAfterGrace(server, database, dataDir);
    }
    // The drain above watches what clients see (replies, documents). The jobs those start in turn
    // (notifications' deliveries) may still be queued when the server stops: queued is not lost, and
    // a loaded machine leaves more of them. Start the server again until none is due, then verify. This comes last: any start
    // of the server may cross a minute on which a schedule is due, and queue its runs.
    const restartsToFinishJobs = await finishDueJobs(server, database, dataDir, (line) =>
      log(`[${options.database}] ${line}`),
    );

    const sql = await openSql(database, dataDir);
    let findings: Findings;
    try {
      findings = await verify(sql, workload.ledger, dataDir, tag);
    } finally {
      await sql.close();
    }
    const problems = countProblems(findings);
    const { ledger } = workload;
    return {
      database: options.database,
      seed,
      kills: options.kills,
      acknowledged: {
        threads: ledger.threads.length,
        messages: ledger.messages.length,
        documents: ledger.documents.length,
        properties: ledger.properties.length,
        total: acknowledged(),
      },
      writesTried: ledger.writesTried,
      writesRefused: ledger.writesRefused.length,
      refusedSamples: ledger.writesRefused.slice(0, 3),
      ...problems,
      documentStatuses: findings.documentStatuses,
      counts: findings.counts,
      restartMs: { p50: percentile(restartTimes, 50), max: Math.max(...restartTimes, 0) },
      recoverMs: { p50: percentile(recoverTimes, 50), max: Math.max(...recoverTimes, 0) },
      drainMs,
      restartsToFinishJobs,
      orphanFilesSweptAfterGrace,
      totalSeconds: Math.round((Date.now() - started) / 1000),
      findings,
    };
  } catch (error) {
    log(`[${options.database}] server output:\n${server.output.slice(-40).join('\n')}`);
    throw error;
  } finally {
    await server.kill9();
    rmSync(dataDir, { recursive: true, force: true });
    if (options.database === 'postgres' && options.postgresUrl)
      await dropDatabase(options.postgresUrl, databaseName).catch(() => {});
  }
}

/**
 * Restarts the (stopped) server, a few seconds at a time, until no job of any queue is due: queued,
 * waiting to retry or running. The database is read between runs, as PGlite has one owner at a time.
 * Returns the number of restarts.
 */
async function finishDueJobs(
  server: ServerProcess,
  database: FaultDatabase,
  dataDir: string,
  log: (line: string) => void,
): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (let restarts = 0; ; restarts += 1) {
    const sql = await openSql(database, dataDir);
    let due: { name: string; n: number }[];
    try {
      due = await sql.query<{ name: string; n: number }>(
        `select name, count(*)::int as n from pgboss.job
          where (state in ('created', 'retry') and start_after <= now() or state = 'active')
            and name <> 'schedules.tick' and name not like '\\_\\_pgboss\\_\\_%'
          group by name order by name`,
      );
    } finally {
      await sql.close();
    }
    if (due.length === 0) return restarts;
    if (Date.now() > deadline) return restarts;
    log(
      `jobs still due after the drain: ${due.map((row) => `${row.name} ${row.n}`).join(', ')}; running the server again`,
    );
    await server.start();
    await sleep(5_000);
    await server.stop();
  }
}

async function sweepAfterGrace(
  server: ServerProcess,
  database: FaultDatabase,
  dataDir: string,
): Promise<number> {
  const sql = await openSql(database, dataDir);
  try {
    const unreferenced = async () => {
      const rows = await sql.query<{ file_path: string }>(
        `select file_path from property_documents union all select pdf_key from letters
           union all select file_path from attachments union all select thumbnail_path from attachments
           union all select file_path from arc_files`,
      );
      const paths = new Set(rows.map((row) => row.file_path));
      return storedFiles(dataDir).filter((key) => !paths.has(key));
    };
    const before = (await unreferenced()).length;
    const past = new Date(Date.now() - orphanFileGraceMs - 60_000);
    for (const key of storedFiles(dataDir)) utimesSync(join(dataDir, 'files', ...key.split('/')), past, past);
    await server.start();
    const deadline = Date.now() + 20_000;
    while ((await unreferenced()).length > 0 && Date.now() < deadline) await sleep(100);
    await server.stop();
    return before;
  } finally {
    await sql.close();
  }
}
