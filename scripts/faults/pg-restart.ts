// `npx tsx scripts/faults/pg-restart.ts`: PostgreSQL restarted (fast, then immediate) under a writer
// and WebSocket clients; prints the JSON summary. Starts and removes its own PostgreSQL cluster.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresCluster } from '../../apps/server/src/test/faults-harness.ts';
import { runPgRestart } from '../../apps/server/src/test/faults-pg-restart.ts';

const cluster = PostgresCluster.start(
  join(tmpdir(), `pg-faults-restart-${process.pid}`),
  Number(process.env.FAULTS_PG_PORT ?? 55511),
);
try {
  const summary = await runPgRestart({
    cluster,
    port: Number(process.env.FAULTS_PORT ?? 3501),
    modes: (process.env.FAULTS_MODES ?? 'fast,immediate,fast,immediate').split(',') as (
      'fast' | 'immediate'
    )[],
    serverEnv: process.env.FAULTS_LOG_LEVEL ? { LOG_LEVEL: process.env.FAULTS_LOG_LEVEL } : undefined,
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(summary, null, 2));
  const bad =
    summary.lost + summary.gaps + summary.duplicates + summary.missedByClients + summary.reloadsNeeded;
  process.exitCode = bad === 0 && summary.serverStayedUp ? 0 : 1;
} finally {
  cluster.stop();
}
