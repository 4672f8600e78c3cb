import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { pgliteDataDir } from './pglite-create.ts';
import { pgliteExtensions } from './pglite-extensions.ts';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** The PGlite instance, when embedded (tests clone it). */
  pglite?: PGlite;
  /** The pg pool, when on PostgreSQL. */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; instance?: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A dropped connection must not crash the process; the pool reconnects on the next query.
    pool.on('error', () => {});
    // The pool listens for errors only on idle connections: one that drops while checked out (a
    // transaction awaiting between queries when PostgreSQL restarts) would emit an unhandled
    // 'error' and end the process. Its next query fails instead, and the pool discards it.
    pool.on('connect', (client) => client.on('error', () => {}));
    await pool.query('select 1');
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      pool,
      close: () => pool.end(),
    };
  }
  let pglite = options.instance;
  if (!pglite) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = new PGlite({ dataDir: options.dataDir, extensions: pgliteExtensions });
  }
  await pglite.waitReady;
  const instance = pglite;
  return {
    db: drizzlePglite(instance, { schema }) as unknown as Db,
    kind: 'pglite',
    pglite: instance,
    close: async () => {
      if (!instance.closed) await instance.close();
    },
  };
}

export function databaseOptionsFor(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: pgliteDataDir(config.dataDir) };
}
