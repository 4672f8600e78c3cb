import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  committeeMembers,
  committees,
  profiles,
  propertyManagers,
  unitOccupancies,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * A person's profile (issue 17): an admin sees all of it; a manager what concerns the properties they
 * manage; someone with nothing in the manager's properties is not found, like someone who does not exist.
 *
 * Pat owns and lives in a home at Aspen Court (managed by manager@), owned one at Spruce Point (managed
 * by manager2@) until last year, and sits on Spruce Point's board.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let patId: string;
let aspenId: string;
let spruceId: string;
let ids: Record<string, string>;

const as = (who: string, url: string) => injectAs(t.app, cookies[who], { method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.manager2 = await t.signIn('manager2@commonwise.test');
  const people = await t.database.db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  ids = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));
  const make = async (name: string) => {
    const response = await injectAs(t.app, cookies.admin, {
      method: 'POST',
      url: '/api/properties',
      payload: { name, address: `2 ${name} Lane, Denver, CO` },
    });
    return (response.json() as { id: string }).id;
  };
  aspenId = await make('Aspen Court');
  spruceId = await make('Spruce Point');
  const db = t.database.db;
  patId = randomUUID();
  await db.insert(profiles).values({ id: patId, email: 'pat@people.test', fullName: 'Pat Rivera' });
  await db.insert(propertyManagers).values([
    { propertyId: aspenId, userId: ids.manager! },
    { propertyId: spruceId, userId: ids.manager2! },
  ]);
  const [a1, s1] = await db
    .insert(units)
    .values([
      { propertyId: aspenId, label: 'A-1' },
      { propertyId: spruceId, label: 'S-1' },
    ])
    .returning({ id: units.id });
  await db.insert(unitOwnerships).values([
    { unitId: a1!.id, userId: patId, startsOn: '2024-03-01', isPrimary: true },
    { unitId: s1!.id, userId: patId, startsOn: '2018-01-01', endsOn: '2025-01-01' },
  ]);
  await db.insert(unitOccupancies).values({
    unitId: a1!.id,
    userId: patId,
    kind: 'owner_occupant',
    movedInOn: '2024-03-01',
  });
  const [board] = await db
    .insert(committees)
    .values({ propertyId: spruceId, kind: 'board', name: 'Board of Directors' })
    .returning({ id: committees.id });
  await db
    .insert(committeeMembers)
    .values({ committeeId: board!.id, userId: patId, role: 'treasurer', startsOn: '2024-01-01' });
});
afterAll(async () => t.close());

describe("a person's profile", () => {
  it('shows an admin every unit and membership, current and past', async () => {
    const response = await as('admin', `/api/people/${patId}`);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile.person).toMatchObject({ fullName: 'Pat Rivera', role: 'resident', isDeactivated: false });
    expect(profile.ownerships).toEqual([
      expect.objectContaining({ propertyName: 'Aspen Court', unitLabel: 'A-1', isCurrent: true }),
      expect.objectContaining({ propertyName: 'Spruce Point', endsOn: '2025-01-01', isCurrent: false }),
    ]);
    expect(profile.occupancies).toEqual([
      expect.objectContaining({ unitLabel: 'A-1', kind: 'owner_occupant', isCurrent: true }),
    ]);
    expect(profile.committeeSeats).toEqual([
      expect.objectContaining({ propertyName: 'Spruce Point', committeeKind: 'board', role: 'treasurer' }),
    ]);
  });

  it('shows a manager only what concerns the properties they manage', async () => {
    const mine = (await as('manager', `/api/people/${patId}`)).json();
    expect(mine.ownerships.map((o: { propertyName: string }) => o.propertyName)).toEqual(['Aspen Court']);
    expect(mine.committeeSeats).toEqual([]);
    const theirs = (await as('manager2', `/api/people/${patId}`)).json();
    expect(theirs.ownerships.map((o: { propertyName: string }) => o.propertyName)).toEqual(['Spruce Point']);
    expect(theirs.occupancies).toEqual([]);
    expect(theirs.committeeSeats).toHaveLength(1);
  });

  it("lists a manager's properties, as far as the caller manages them too", async () => {
    const profile = (await as('admin', `/api/people/${ids.manager2}`)).json();
    expect(profile.managedProperties.map((m: { propertyName: string }) => m.propertyName)).toContain(
      'Spruce Point',
    );
    // manager@ manages nothing manager2@ does, and manager2@ has no unit there.
    expect((await as('manager', `/api/people/${ids.manager2}`)).statusCode).toBe(404);
  });

  it("answers 404 for someone with nothing in the caller's properties, and for no one", async () => {
    const stranger = randomUUID();
    await t.database.db.insert(profiles).values({ id: stranger, email: 'x@people.test', fullName: 'X' });
    expect((await as('manager', `/api/people/${stranger}`)).statusCode).toBe(404);
    expect((await as('admin', `/api/people/${stranger}`)).statusCode).toBe(200);
    expect((await as('admin', '/api/people/no-such-person')).statusCode).toBe(404);
    // A board member manages nothing: only their own profile.
    expect((await as('board', `/api/people/${patId}`)).statusCode).toBe(404);
    expect((await as('board', `/api/people/${ids.board}`)).statusCode).toBe(200);
  });
});
