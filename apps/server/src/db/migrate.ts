import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any fixed number: the advisory lock that keeps two starting servers from migrating at once.
const migrationLockId = 727_001;

export async function runMigrations(database: Database): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  if (!database.pool) throw new Error('No database connection to migrate');
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockId]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => {});
    client.release();
  }
}
