import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from './client.ts';
import { prepareDatabase } from './prepare.ts';
import { withDatabase } from '../test/global-setup.ts';

/**
 * Several server processes behind a load balancer start at once on one new database
 * (docs/operations.md): each migrates and, in demo mode, seeds. One must seed and the others must
 * start on its data — before, the second seed hit the first one's accounts and its server exited.
 */
describe.runIf(inject('postgresTemplate'))(
  'preparing one new database from several processes at once',
  () => {
    it('migrates and seeds once, and every process starts', async () => {
      const { url } = inject('postgresTemplate')!;
      const name = `cw_prepare_${process.pid}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const databases = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 2 })),
      );
      try {
        const seeded: string[] = [];
        const results = await Promise.allSettled(
          databases.map((database, index) =>
            prepareDatabase(database, { seedDemo: true, log: () => seeded.push(`process ${index}`) }),
          ),
        );
        expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        expect(seeded).toHaveLength(1);
        const { rows } = await databases[0]!.pool!.query<{ count: number }>(
          `select count(*)::int as count from profiles where email = 'admin@commonwise.test'`,
        );
        expect(rows[0]!.count).toBe(1);
      } finally {
        await Promise.all(databases.map((database) => database.close()));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  },
);
