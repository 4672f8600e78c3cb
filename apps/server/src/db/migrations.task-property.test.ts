import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { databaseBefore } from '../test/database-before.ts';
import { runMigrations } from './migrate.ts';

/**
 * Issue 19 (migration 0060): the tasks an installation already has take their work order's property,
 * with no audit event for a column the database derives, and the database refuses a mismatch from then on.
 */

type Row = Record<string, unknown>;
let database: Database;
let close: () => Promise<void>;
const willow = '00000000-0000-4000-8000-000000000001';
const harbor = '00000000-0000-4000-8000-000000000002';

async function rows(query: string): Promise<Row[]> {
  return (await database.pglite!.query<Row>(query)).rows;
}

beforeAll(async () => {
  ({ database, close } = await databaseBefore('0060_task_property'));
  await database.pglite!.exec(`
    insert into properties (id, name, address, units, status) values
      ('${willow}', 'Willow Creek Commons', '1200 Willow Creek Drive', 48, 'active'),
      ('${harbor}', 'Harbor View Condominiums', '85 Harbor View Lane', 120, 'active');
    insert into work_orders (id, property_id, summary, main_category) values
      ('10000000-0000-4000-8000-000000000001', '${willow}', 'Sink leak', 'plumbing'),
      ('10000000-0000-4000-8000-000000000002', '${harbor}', 'Gate latch', 'general');
    insert into work_order_tasks (work_order_id, assigned_to_type, task_description, task_status) values
      ('10000000-0000-4000-8000-000000000001', 'manager', 'Call the plumber', 'pending'),
      ('10000000-0000-4000-8000-000000000001', 'manager', 'Check the shut-off valve', 'completed'),
      ('10000000-0000-4000-8000-000000000002', 'manager', 'Order a latch', 'in_progress');
  `);
  await runMigrations(database);
});

afterAll(async () => {
  await close();
});

describe('tasks take their work order’s property (migration 0060)', () => {
  it('fills in every existing task from its work order, writing no audit event for it', async () => {
    expect(
      await rows(`select task_description, property_id from work_order_tasks order by task_description`),
    ).toEqual([
      { task_description: 'Call the plumber', property_id: willow },
      { task_description: 'Check the shut-off valve', property_id: willow },
      { task_description: 'Order a latch', property_id: harbor },
    ]);
    expect(
      await rows(
        `select count(*)::int as n from audit_events where entity = 'work_order_tasks' and action = 'update'`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('refuses a task whose property is not its work order’s', async () => {
    await expect(
      rows(`insert into work_order_tasks (work_order_id, property_id, assigned_to_type, task_description)
            values ('10000000-0000-4000-8000-000000000001', '${harbor}', 'manager', 'Wrong place')`),
    ).rejects.toThrow(/work_order_tasks_work_order_fk/);
  });
});
