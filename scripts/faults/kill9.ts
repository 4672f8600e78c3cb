// `npx tsx scripts/faults/kill9.ts [pglite|postgres] [kills]`: one kill -9 run; prints its JSON summary.
// PostgreSQL: set FAULTS_POSTGRES_URL to a server to use, or a throwaway cluster is started.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresCluster } from '../../apps/server/src/test/faults-harness.ts';
import { runKill9 } from '../../apps/server/src/test/faults-kill9.ts';

const database = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
const kills = Number(process.argv[3] ?? 20);
const port = Number(process.env.FAULTS_PORT ?? 3500);
const seed = process.env.FAULTS_SEED ? Number(process.env.FAULTS_SEED) : undefined;
let cluster: PostgresCluster | undefined;
let postgresUrl = process.env.FAULTS_POSTGRES_URL;
if (database === 'postgres' && !postgresUrl) {
  cluster = PostgresCluster.start(
    join(tmpdir(), `pg-faults-${process.pid}`),
    Number(process.env.FAULTS_PG_PORT ?? 55510),
  );
  postgresUrl = cluster.url;
}
try {
  const summary = await runKill9({
    database,
    kills,
    port,
    postgresUrl,
    seed,
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(summary, null, 2));
  const bad = summary.lost + summary.halfCreated + summary.orphans + summary.duplicates + summary.unfinished;
  process.exitCode = bad === 0 ? 0 : 1;
} finally {
  cluster?.stop();
}
