import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { databaseBefore } from '../test/database-before.ts';
import { runMigrations } from './migrate.ts';

/**
 * Issue 17: the people recorded with a free-text unit number (property_residents) become occupants of
 * units, with nothing lost. The database is migrated as it was before units existed, given the demo
 * data's residents in that shape (and an inactive resident, a unit number written twice, a property
 * with no residents), then migrated to today.
 */

type Row = Record<string, unknown>;
let database: Database;
let close: () => Promise<void>;

async function rows(query: string): Promise<Row[]> {
  return (await database.pglite!.query<Row>(query)).rows;
}

beforeAll(async () => {
  // The migrations as they were before units: the same files, the journal cut at 0009.
  ({ database, close } = await databaseBefore('0010_units_owners_committees'));
  const pg = database.pglite!;
  await pg.exec(`
    insert into profiles (id, email, full_name, role) values
      ('u-resident', 'resident@example.com', 'Rosa Resident', 'resident'),
      ('u-resident2', 'resident2@example.com', 'Ravi Resident', 'resident'),
      ('u-past', 'past@example.com', 'Pat Past', 'resident'),
      ('u-spouse', 'spouse@example.com', 'Sam Spouse', 'resident');
    insert into properties (id, name, address, units, status) values
      ('00000000-0000-4000-8000-000000000001', 'Willow Creek Commons', '1200 Willow Creek Drive', 48, 'active'),
      ('00000000-0000-4000-8000-000000000002', 'Harbor View Condominiums', '85 Harbor View Lane', 120, 'active'),
      ('00000000-0000-4000-8000-000000000003', 'Empty Acres', '1 Empty Road', 3, 'pending');
    insert into property_residents (property_id, user_id, unit_number, move_in_date, status) values
      ('00000000-0000-4000-8000-000000000001', 'u-resident', '14B', '2023-06-01', 'active'),
      ('00000000-0000-4000-8000-000000000001', 'u-spouse', ' 14b ', null, 'active'),
      ('00000000-0000-4000-8000-000000000001', 'u-past', '2', '2020-01-01', 'inactive'),
      ('00000000-0000-4000-8000-000000000002', 'u-resident2', '3-402', '2024-02-15', 'active');
  `);
  await runMigrations(database);
});

afterAll(async () => {
  await close();
});

describe('property residents become occupants of units (migrations 0011 and 0012)', () => {
  it('drops property_residents once its rows are occupancies', async () => {
    expect(await rows(`select to_regclass('property_residents') is null as dropped`)).toEqual([
      { dropped: true },
    ]);
  });

  it('makes one unit per distinct unit number, however it was typed, and keeps every person in it', async () => {
    const occupants = await rows(`
      select p.name, u.label, o.user_id, o.kind, o.moved_in_on::text, o.moved_out_on is null as current
      from unit_occupancies o join units u on u.id = o.unit_id join properties p on p.id = u.property_id
      order by o.user_id`);
    expect(occupants).toEqual([
      {
        name: 'Willow Creek Commons',
        label: '2',
        user_id: 'u-past',
        kind: 'unrecorded',
        moved_in_on: '2020-01-01',
        current: false,
      },
      {
        name: 'Willow Creek Commons',
        label: '14B',
        user_id: 'u-resident',
        kind: 'unrecorded',
        moved_in_on: '2023-06-01',
        current: true,
      },
      {
        name: 'Harbor View Condominiums',
        label: '3-402',
        user_id: 'u-resident2',
        kind: 'unrecorded',
        moved_in_on: '2024-02-15',
        current: true,
      },
      {
        name: 'Willow Creek Commons',
        label: '14B',
        user_id: 'u-spouse',
        kind: 'unrecorded',
        moved_in_on: null,
        current: true,
      },
    ]);
  });

  it('ends an inactive resident’s occupancy by today, so they no longer count as living there', async () => {
    const [past] = await rows(
      `select moved_out_on <= current_date as ended from unit_occupancies where user_id = 'u-past'`,
    );
    expect(past).toEqual({ ended: true });
  });

  it('gives each property as many units as it declared, the unknown ones numbered, and keeps the count', async () => {
    const counts = await rows(`
      select p.name, p.units, count(u.id)::int as recorded,
        count(*) filter (where u.status = 'occupied')::int as occupied
      from properties p left join units u on u.property_id = p.id group by p.id order by p.name`);
    expect(counts).toEqual([
      { name: 'Empty Acres', units: 3, recorded: 3, occupied: 0 },
      { name: 'Harbor View Condominiums', units: 120, recorded: 120, occupied: 1 },
      { name: 'Willow Creek Commons', units: 48, recorded: 48, occupied: 1 },
    ]);
    const labels = await rows(`
      select array_agg(u.label order by u.label) as labels from units u
      join properties p on p.id = u.property_id where p.name = 'Empty Acres'`);
    expect(labels).toEqual([{ labels: ['1', '2', '3'] }]);
    // "2" was a resident's unit at Willow Creek: it is not made twice.
    const twos = await rows(`
      select count(*)::int as n from units u join properties p on p.id = u.property_id
      where p.name = 'Willow Creek Commons' and u.label = '2'`);
    expect(twos).toEqual([{ n: 1 }]);
  });
});
