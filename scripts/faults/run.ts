// `npm run faults`: the full fault-injection run of issue 11 (item 4), not part of CI (the light
// version is apps/server/src/test/faults*.test.ts). For PGlite and for PostgreSQL (a throwaway
// cluster started here): the server killed with SIGKILL 20 times under load; then PostgreSQL
// restarted under load. Prints one JSON summary; exits 1 if anything was lost, orphaned, duplicated
// or left unfinished, or the server did not recover by itself.
//   FAULTS_KILLS (20), FAULTS_PORT (3500), FAULTS_PG_PORT (55510), FAULTS_SEED (random)
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresCluster } from '../../apps/server/src/test/faults-harness.ts';
import { runKill9, type Kill9Summary } from '../../apps/server/src/test/faults-kill9.ts';
import { runPgRestart } from '../../apps/server/src/test/faults-pg-restart.ts';

const kills = Number(process.env.FAULTS_KILLS ?? 20);
const port = Number(process.env.FAULTS_PORT ?? 3500);
const pgPort = Number(process.env.FAULTS_PG_PORT ?? 55510);
const seed = process.env.FAULTS_SEED ? Number(process.env.FAULTS_SEED) : undefined;
const log = (line: string) => console.error(line);

/** The summary without the (empty when all is well) lists of ids, unless something was found. */
function brief(summary: Kill9Summary) {
  const { findings, ...rest } = summary;
  const bad = rest.lost + rest.halfCreated + rest.orphans + rest.duplicates + rest.unfinished;
  return bad === 0 ? rest : { ...rest, findings };
}

const cluster = PostgresCluster.start(join(tmpdir(), `pg-faults-${process.pid}`), pgPort);
try {
  const pglite = await runKill9({ database: 'pglite', kills, port, seed, log });
  const postgres = await runKill9({ database: 'postgres', postgresUrl: cluster.url, kills, port, seed, log });
  const pgRestart = await runPgRestart({
    cluster,
    port,
    modes: ['fast', 'immediate', 'fast', 'immediate', 'fast', 'immediate'],
    log,
  });
  const result = { kill9: [brief(pglite), brief(postgres)], pgRestart };
  console.log(JSON.stringify(result, null, 2));
  const problems =
    [pglite, postgres].reduce(
      (sum, run) => sum + run.lost + run.halfCreated + run.orphans + run.duplicates + run.unfinished,
      0,
    ) +
    pgRestart.lost +
    pgRestart.gaps +
    pgRestart.duplicates +
    pgRestart.missedByClients +
    pgRestart.reloadsNeeded;
  process.exitCode = problems === 0 && pgRestart.serverStayedUp ? 0 : 1;
} finally {
  cluster.stop();
}
