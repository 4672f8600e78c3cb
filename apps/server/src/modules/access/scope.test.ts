import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@commonwise/contracts';
import { openDatabase, type Database } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { rowsOf } from '../realtime/publish.ts';
import type { Person } from './memberships.ts';
import { letterScope, propertyAdministration, propertyScope, rosterScope, unitScope } from './scope.ts';

/**
 * Every membership × every resource kind the scoping module decides (issue 17): two associations,
 * Willow Creek (W) and Harbor View (H), and one person per kind of standing — including a board member
 * of the other association, a former owner whose ownership ended yesterday and a board member whose
 * term ended yesterday.
 */

let database: Database;

const people: Record<string, Role> = {
  admin: 'admin',
  managerW: 'manager',
  boardW: 'board',
  boardH: 'board',
  pastBoardW: 'board',
  arcW: 'resident',
  ownerW: 'resident',
  formerOwnerW: 'resident',
  futureOwnerW: 'resident',
  soldTodayW: 'resident',
  boughtTodayW: 'resident',
  tenantW: 'resident',
  ownerH: 'resident',
  vendor: 'vendor',
  developer: 'developer',
  nobody: 'resident',
};
const person = (id: string): Person => ({ id, role: people[id]! });

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await runMigrations(database);
  const values = Object.entries(people)
    .map(([id, role]) => `('${id}', '${id}@example.com', '${id}', '${role}')`)
    .join(', ');
  await database.pglite!.exec(`
    insert into profiles (id, email, full_name, role) values ${values};
    insert into properties (id, name, address, units) values
      ('00000000-0000-4000-8000-00000000000a', 'W', '1 Willow Creek Drive', 2),
      ('00000000-0000-4000-8000-00000000000b', 'H', '85 Harbor View Lane', 1);
    insert into units (id, property_id, label) values
      ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000000a', 'W1'),
      ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000000a', 'W2'),
      ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-00000000000b', 'H1');
    insert into property_managers (property_id, user_id) values ('00000000-0000-4000-8000-00000000000a', 'managerW');
    insert into committees (id, property_id, kind, name) values
      ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'board', 'Board'),
      ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', 'architectural_review', 'ARC'),
      ('00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000b', 'board', 'Board');
    insert into committee_members (committee_id, user_id, role, starts_on, ends_on) values
      ('00000000-0000-4000-8000-0000000000c1', 'boardW', 'president', current_date - 300, null),
      ('00000000-0000-4000-8000-0000000000c1', 'pastBoardW', 'director', current_date - 700, current_date - 1),
      ('00000000-0000-4000-8000-0000000000c2', 'arcW', 'member', current_date - 10, current_date + 300),
      ('00000000-0000-4000-8000-0000000000c3', 'boardH', 'president', current_date - 30, null);
    insert into unit_ownerships (unit_id, user_id, starts_on, ends_on) values
      ('00000000-0000-4000-8000-0000000000a1', 'ownerW', current_date - 1000, null),
      ('00000000-0000-4000-8000-0000000000a2', 'formerOwnerW', current_date - 1000, current_date - 1),
      ('00000000-0000-4000-8000-0000000000a2', 'futureOwnerW', current_date + 1, null),
      ('00000000-0000-4000-8000-0000000000a2', 'soldTodayW', current_date - 200, current_date),
      ('00000000-0000-4000-8000-0000000000a2', 'boughtTodayW', current_date, null),
      ('00000000-0000-4000-8000-0000000000b1', 'ownerH', current_date - 5, null);
    insert into unit_occupancies (unit_id, user_id, kind, moved_in_on) values
      ('00000000-0000-4000-8000-0000000000a1', 'tenantW', 'tenant', current_date - 60);
    insert into development_projects (id, property_id) values
      ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-00000000000b');
    insert into project_members (project_id, user_id) values ('00000000-0000-4000-8000-0000000000d1', 'developer');
  `);
});

afterAll(async () => {
  await database.close();
});

async function visible(table: 'properties' | 'units', condition: SQL | undefined): Promise<string[]> {
  const label = table === 'properties' ? sql.raw('name') : sql.raw('label');
  const result = await database.db.execute(
    sql`select ${label} as name from ${sql.raw(table)} where ${condition ?? sql`true`} order by 1`,
  );
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

const properties = (id: string) => visible('properties', propertyScope(person(id), sql.raw('properties.id')));
const units = (id: string) =>
  visible(
    'units',
    unitScope(person(id), { id: sql.raw('units.id'), propertyId: sql.raw('units.property_id') }),
  );
const rosters = (id: string) => visible('properties', rosterScope(person(id), sql.raw('properties.id')));
const letters = (id: string) => visible('properties', letterScope(person(id), sql.raw('properties.id')));
const administers = (id: string) =>
  visible('properties', propertyAdministration(person(id), sql.raw('properties.id')));

describe('the scoping module: who sees which association, unit, roster and letters', () => {
  const cases: [
    string,
    { properties: string[]; units: string[]; rosters: string[]; administers: string[]; letters: string[] },
  ][] = [
    [
      'admin',
      {
        properties: ['H', 'W'],
        units: ['H1', 'W1', 'W2'],
        rosters: ['H', 'W'],
        administers: ['H', 'W'],
        letters: ['H', 'W'],
      },
    ],
    [
      'managerW',
      { properties: ['W'], units: ['W1', 'W2'], rosters: ['W'], administers: ['W'], letters: ['W'] },
    ],
    ['boardW', { properties: ['W'], units: ['W1', 'W2'], rosters: ['W'], administers: [], letters: ['W'] }],
    // A board member of another association sees nothing of this one.
    ['boardH', { properties: ['H'], units: ['H1'], rosters: ['H'], administers: [], letters: ['H'] }],
    // A term that ended yesterday gives nothing today.
    ['pastBoardW', { properties: [], units: [], rosters: [], administers: [], letters: [] }],
    // A committee member sees the association and its rosters, not every unit.
    ['arcW', { properties: ['W'], units: [], rosters: ['W'], administers: [], letters: [] }],
    ['ownerW', { properties: ['W'], units: ['W1'], rosters: ['W'], administers: [], letters: [] }],
    // An ownership that ended yesterday gives nothing today; one that starts tomorrow, nothing yet.
    ['formerOwnerW', { properties: [], units: [], rosters: [], administers: [], letters: [] }],
    ['futureOwnerW', { properties: [], units: [], rosters: [], administers: [], letters: [] }],
    // A sale closing today: the seller's access ends today and the buyer's starts.
    ['soldTodayW', { properties: [], units: [], rosters: [], administers: [], letters: [] }],
    ['boughtTodayW', { properties: ['W'], units: ['W2'], rosters: ['W'], administers: [], letters: [] }],
    // A tenant sees their association and unit, but the rosters are for owners.
    ['tenantW', { properties: ['W'], units: ['W1'], rosters: [], administers: [], letters: [] }],
    ['ownerH', { properties: ['H'], units: ['H1'], rosters: ['H'], administers: [], letters: [] }],
    ['vendor', { properties: [], units: [], rosters: [], administers: [], letters: [] }],
    // A developer sees the community of their project (issue 25), not its units, rosters or letters.
    ['developer', { properties: ['H'], units: [], rosters: [], administers: [], letters: [] }],
    ['nobody', { properties: [], units: [], rosters: [], administers: [], letters: [] }],
  ];
  it.each(cases)('%s', async (id, expected) => {
    expect({
      properties: await properties(id),
      units: await units(id),
      rosters: await rosters(id),
      administers: await administers(id),
      letters: await letters(id),
    }).toEqual(expected);
  });
});
