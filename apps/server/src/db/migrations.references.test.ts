import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { databaseBefore } from '../test/database-before.ts';
import { runMigrations } from './migrate.ts';

/**
 * Issue 26 item 8: migration 0026 gives the associations that exist their prefixes and their work
 * orders numbers in the order they were opened, and the next work order follows them. The database is
 * migrated to 0025, given associations (two with the same initials) and work orders, then to today.
 */

type Row = Record<string, unknown>;
let database: Database;
let close: () => Promise<void>;

const rows = async (query: string): Promise<Row[]> => (await database.pglite!.query<Row>(query)).rows;

beforeAll(async () => {
  ({ database, close } = await databaseBefore('0026_references_and_unread'));
  await database.pglite!.exec(`
    insert into properties (id, name, address, units, status, created_at) values
      ('00000000-0000-4000-8000-000000000001', 'Willow Creek Commons', '1200 Willow Creek Drive', 48, 'active', '2025-01-01'),
      ('00000000-0000-4000-8000-000000000002', 'Harbor View Condominiums', '85 Harbor View Lane', 120, 'active', '2025-02-01'),
      ('00000000-0000-4000-8000-000000000003', 'Windy Corner', '1 Windy Corner Road', 3, 'active', '2025-03-01');
    insert into work_orders (property_id, summary, main_category, created_at) values
      ('00000000-0000-4000-8000-000000000001', 'Second', 'general', '2025-05-02'),
      ('00000000-0000-4000-8000-000000000001', 'First', 'general', '2025-05-01'),
      ('00000000-0000-4000-8000-000000000002', 'Harbor first', 'general', '2025-05-03');
  `);
  await runMigrations(database);
});

afterAll(async () => {
  await close();
});

describe('migration 0026: work order references', () => {
  it('gives existing associations unique prefixes, the oldest the plain one', async () => {
    expect(await rows('select name, work_order_prefix from properties order by created_at')).toEqual([
      { name: 'Willow Creek Commons', work_order_prefix: 'WC' },
      { name: 'Harbor View Condominiums', work_order_prefix: 'HV' },
      { name: 'Windy Corner', work_order_prefix: 'WC2' },
    ]);
  });

  it('numbers existing work orders by age per association, and new ones after them', async () => {
    expect(await rows('select summary, reference_number from work_orders order by summary')).toEqual([
      { summary: 'First', reference_number: 1001 },
      { summary: 'Harbor first', reference_number: 1001 },
      { summary: 'Second', reference_number: 1002 },
    ]);
    const [next] = await rows(`insert into work_orders (property_id, summary, main_category)
      values ('00000000-0000-4000-8000-000000000001', 'Third', 'general') returning reference_number`);
    expect(next).toEqual({ reference_number: 1003 });
    const [first] = await rows(`insert into work_orders (property_id, summary, main_category)
      values ('00000000-0000-4000-8000-000000000003', 'Windy first', 'general') returning reference_number`);
    expect(first).toEqual({ reference_number: 1001 });
  });

  it('records no audit events for the numbering', async () => {
    expect(await rows("select count(*)::int as n from audit_events where action = 'update'")).toEqual([
      { n: 0 },
    ]);
  });
});
