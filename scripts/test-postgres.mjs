// Runs the server's integration suite against the PostgreSQL server in TEST_DATABASE_URL.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'Set TEST_DATABASE_URL to a PostgreSQL server URL (the suite creates and drops its own databases).',
  );
  process.exit(1);
}
// Both PostgreSQL projects: the shared-module one and the isolated one (decision 0062).
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server-postgres', '--project', 'server-postgres-isolated'],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
