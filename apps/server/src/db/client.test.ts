import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * PostgreSQL restarts, failovers and idle-connection killers end connections at any moment, also
 * one a transaction holds between two queries. The process must survive it (an unhandled 'error'
 * event would end it) and the pool must go on with fresh connections.
 */
describe.runIf(inject('postgresTemplate'))('the PostgreSQL pool when a connection is cut', () => {
  let t: TestApp;
  let database: Database;
  beforeAll(async () => {
    t = await createTestApp();
    database = t.database;
  });
  afterAll(async () => t.close());

  it('fails the transaction whose connection was cut mid-way, and serves the next queries', async () => {
    let cut!: () => void;
    const wasCut = new Promise<void>((resolve) => (cut = resolve));
    const transaction = database.db.transaction(async (tx) => {
      const rows = await tx.execute(sql`select pg_backend_pid() as pid`);
      const pid = (rows as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
      // What a restart does to the connection: between two queries of this transaction.
      await database.pool!.query('select pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      cut();
      await tx.execute(sql`select 1`);
    });
    await wasCut;
    await expect(transaction).rejects.toThrow();
    for (let i = 0; i < 3; i += 1) {
      const rows = await (database.db as Db).execute(sql`select 1 as one`);
      expect((rows as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
    }
  });
});
