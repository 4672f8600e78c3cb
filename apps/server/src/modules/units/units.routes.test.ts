import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import { profiles, properties } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let willow: string;
let harbor: string;
const people: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  willow = await idOf('Willow Creek Commons');
  harbor = await idOf('Harbor View Condominiums');
  for (const row of await db.select({ id: profiles.id, email: profiles.email }).from(profiles))
    people[row.email.split('@')[0]!] = row.id;
  // People with no other standing, to place in units.
  for (const name of ['owner-a', 'owner-b', 'owner-c', 'tenant-a']) {
    const id = randomUUID();
    await db
      .insert(profiles)
      .values({ id, email: `units-${name}@example.com`, fullName: `Units ${name}`, role: 'resident' });
    people[name] = id;
  }
});
afterAll(async () => t.close());

const as = async (role: Role, method: string, url: string, payload?: unknown) =>
  injectAs(t.app, await t.cookieFor(role), {
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const unitsUrl = (propertyId: string) => `/api/properties/${propertyId}/units`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const unitCount = async (propertyId: string) =>
  (await as('admin', 'GET', `/api/properties/${propertyId}`)).json().units as number;
async function unitLabelled(propertyId: string, label: string) {
  const response = await as(
    'admin',
    'GET',
    `${unitsUrl(propertyId)}?q=${encodeURIComponent(label)}&limit=100`,
  );
  return response.json().units.find((unit: { label: string }) => unit.label === label) as {
    id: string;
    label: string;
    owners: { fullName: string }[];
    occupants: { fullName: string }[];
  };
}

describe('units of a property', () => {
  it('lists a page of units with the total, in label order, with owners and occupants', async () => {
    const response = await as('admin', 'GET', `${unitsUrl(willow)}?page=1&limit=10`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 48, page: 1, limit: 10 });
    expect(body.units).toHaveLength(10);
    expect(body.units.map((unit: { label: string }) => unit.label).slice(0, 3)).toEqual(['1A', '1B', '2A']);
    const second = (await as('admin', 'GET', `${unitsUrl(willow)}?page=5&limit=10`)).json();
    expect(second.units).toHaveLength(8);
  });

  it('searches by label and by an owner or occupant name', async () => {
    const byLabel = (await as('admin', 'GET', `${unitsUrl(willow)}?q=14b`)).json();
    expect(byLabel.units.map((unit: { label: string }) => unit.label)).toEqual(['14B']);
    expect(byLabel.units[0].owners.map((owner: { fullName: string }) => owner.fullName)).toContain(
      'Ryan Chen',
    );
    expect(byLabel.units[0].occupants[0]).toMatchObject({ fullName: 'Ryan Chen', kind: 'owner_occupant' });
    const byName = (await as('admin', 'GET', `${unitsUrl(willow)}?q=ryan%20chen`)).json();
    expect(byName.units.map((unit: { label: string }) => unit.label)).toEqual(['14B']);
    const none = (await as('admin', 'GET', `${unitsUrl(willow)}?q=%25`)).json();
    expect(none.total).toBe(0);
  });

  it('refuses a page larger than 100, naming limit', async () => {
    const response = await as('admin', 'GET', `${unitsUrl(willow)}?limit=101`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.limit).toBe('Limit must be at most 100');
  });

  it('adds, edits and archives a unit, keeping the property’s count in step', async () => {
    expect(await unitCount(willow)).toBe(48);
    const created = await as('manager', 'POST', unitsUrl(willow), {
      label: 'Z-1',
      building: 'Annex',
      kind: 'townhouse',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      label: 'Z-1',
      building: 'Annex',
      kind: 'townhouse',
      status: 'vacant',
    });
    expect(await unitCount(willow)).toBe(49);
    const id = created.json().id;

    const edited = await as('manager', 'PATCH', `${unitsUrl(willow)}/${id}`, {
      label: 'Z-1',
      building: 'Annex',
      floor: '2',
      kind: 'condo',
      status: 'occupied',
      voteWeight: 2,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ floor: '2', kind: 'condo', status: 'occupied', voteWeight: 2 });

    const archived = await as('manager', 'POST', `${unitsUrl(willow)}/${id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archivedAt).not.toBeNull();
    expect(await unitCount(willow)).toBe(48);
    const archivedList = (await as('manager', 'GET', `${unitsUrl(willow)}?archived=true`)).json();
    expect(archivedList.units.map((unit: { label: string }) => unit.label)).toEqual(['Z-1']);

    const back = await as('manager', 'POST', `${unitsUrl(willow)}/${id}/unarchive`);
    expect(back.json().archivedAt).toBeNull();
    expect(await unitCount(willow)).toBe(49);
  });

  it('refuses a label the property already uses, whatever its case, naming label', async () => {
    const response = await as('admin', 'POST', unitsUrl(willow), { label: '14b' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields.label).toMatch(/already has a unit labelled "14B"/);
    const unit = await unitLabelled(willow, 'Z-1');
    const renamed = await as('admin', 'PATCH', `${unitsUrl(willow)}/${unit.id}`, { label: '1a' });
    expect(renamed.statusCode).toBe(409);
    expect(await unitCount(willow)).toBe(49);
  });

  it('refuses an empty label and a bad share with the contract’s messages', async () => {
    const response = await as('admin', 'POST', unitsUrl(willow), { label: ' ', shareBp: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      label: 'Unit label is required',
      shareBp: 'Share must be more than 0',
    });
  });

  it('keeps the association’s shares adding up: under 10,000 while some units have none, exactly 10,000 once all do', async () => {
    const property = await as('admin', 'POST', '/api/properties', {
      name: 'Share Test Terrace',
      address: '1 Share Way, Springfield',
      type: 'residential',
      units: 1,
    });
    const propertyId = property.json().id;
    for (const unit of (await as('admin', 'GET', unitsUrl(propertyId))).json().units)
      await as('admin', 'POST', `${unitsUrl(propertyId)}/${unit.id}/archive`);
    // A lone unit with a share must have all of it; B without one gets what A's 4,000 leave.
    const lone = await as('admin', 'POST', unitsUrl(propertyId), { label: 'A', shareBp: 4000 });
    expect(lone.statusCode).toBe(409);
    const b = (await as('admin', 'POST', unitsUrl(propertyId), { label: 'B' })).json();
    const a = (await as('admin', 'POST', unitsUrl(propertyId), { label: 'A', shareBp: 4000 })).json();
    const tooMuch = await as('admin', 'POST', unitsUrl(propertyId), { label: 'C', shareBp: 6000 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.fields.shareBp).toMatch(/leaving nothing/);
    const short = await as('admin', 'PATCH', `${unitsUrl(propertyId)}/${b.id}`, {
      label: 'B',
      shareBp: 5000,
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().error.fields.shareBp).toMatch(/add up to 10,000.*9,000/);
    const exact = await as('admin', 'PATCH', `${unitsUrl(propertyId)}/${b.id}`, {
      label: 'B',
      shareBp: 6000,
    });
    expect(exact.statusCode).toBe(200);
    // Archiving A would leave B alone with 6,000: refused, nothing changed.
    const archive = await as('admin', 'POST', `${unitsUrl(propertyId)}/${a.id}/archive`);
    expect(archive.statusCode).toBe(409);
    expect(await unitCount(propertyId)).toBe(2);
  });
});

describe('owners of a unit', () => {
  let unitId: string;
  let ownershipsUrl: string;
  beforeAll(async () => {
    unitId = (await unitLabelled(willow, 'Z-1')).id;
    ownershipsUrl = `${unitsUrl(willow)}/${unitId}/ownerships`;
  });

  it('adds an owner, the primary contact with half the unit', async () => {
    const response = await as('manager', 'POST', ownershipsUrl, {
      userId: people['owner-a'],
      startsOn: '2024-01-01',
      isPrimary: true,
      shareBp: 5000,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      unitLabel: 'Z-1',
      propertyName: 'Willow Creek Commons',
      fullName: 'Units owner-a',
      isPrimary: true,
      shareBp: 5000,
      endsOn: null,
    });
    expect((await unitLabelled(willow, 'Z-1')).owners.map((owner) => owner.fullName)).toEqual([
      'Units owner-a',
    ]);
  });

  it('refuses an ownership that ends before it starts, naming endsOn', async () => {
    const response = await as('manager', 'POST', ownershipsUrl, {
      userId: people['owner-b'],
      startsOn: '2024-01-01',
      endsOn: '2023-12-31',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.endsOn).toBe('An ownership cannot end before it starts');
  });

  it('refuses a second primary contact for an overlapping period, naming isPrimary', async () => {
    const response = await as('manager', 'POST', ownershipsUrl, {
      userId: people['owner-b'],
      startsOn: '2025-01-01',
      isPrimary: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields.isPrimary).toMatch(/Units owner-a is already the primary contact/);
  });

  it('refuses owners’ shares of a unit over 10,000, naming shareBp', async () => {
    const response = await as('manager', 'POST', ownershipsUrl, {
      userId: people['owner-b'],
      startsOn: '2025-01-01',
      shareBp: 6000,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields.shareBp).toMatch(/10,000/);
    const half = await as('manager', 'POST', ownershipsUrl, {
      userId: people['owner-b'],
      startsOn: '2025-01-01',
      shareBp: 5000,
    });
    expect(half.statusCode).toBe(201);
    const raise = await as('manager', 'PATCH', `${ownershipsUrl}/${half.json().id}`, { shareBp: 5001 });
    expect(raise.statusCode).toBe(409);
  });

  it('refuses a person who does not exist, naming userId', async () => {
    const response = await as('manager', 'POST', ownershipsUrl, { userId: 'nobody', startsOn: '2025-01-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.userId).toBe('That person does not exist.');
  });

  it('ends an ownership and keeps it as history; the next primary contact may then start', async () => {
    const [ownership] = (await as('manager', 'GET', ownershipsUrl))
      .json()
      .ownerships.filter((row: { fullName: string }) => row.fullName === 'Units owner-a');
    const early = await as('manager', 'POST', `${ownershipsUrl}/${ownership.id}/end`, { on: '2023-06-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.on).toMatch(/cannot end before it starts/);
    const ended = await as('manager', 'POST', `${ownershipsUrl}/${ownership.id}/end`, { on: day(0) });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().endsOn).toBe(day(0));
    const again = await as('manager', 'POST', `${ownershipsUrl}/${ownership.id}/end`, { on: day(0) });
    expect(again.statusCode).toBe(409);

    const next = await as('manager', 'POST', ownershipsUrl, {
      userId: people['owner-c'],
      startsOn: day(0),
      isPrimary: true,
    });
    expect(next.statusCode).toBe(201);
    const history = (await as('manager', 'GET', ownershipsUrl)).json().ownerships;
    expect(
      history.map((row: { fullName: string; endsOn: string | null }) => [row.fullName, row.endsOn]),
    ).toEqual([
      ['Units owner-c', null],
      ['Units owner-b', null],
      ['Units owner-a', day(0)],
    ]);
    // The primary contact first, then by name.
    expect((await unitLabelled(willow, 'Z-1')).owners.map((owner) => owner.fullName)).toEqual([
      'Units owner-c',
      'Units owner-b',
    ]);
  });
});

describe('occupants of a unit', () => {
  let occupanciesUrl: string;
  beforeAll(async () => {
    occupanciesUrl = `${unitsUrl(willow)}/${(await unitLabelled(willow, 'Z-1')).id}/occupancies`;
  });

  it('refuses an owner-occupant who does not own the unit, naming kind', async () => {
    const response = await as('manager', 'POST', occupanciesUrl, {
      userId: people['tenant-a'],
      kind: 'owner_occupant',
      movedInOn: day(0),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields.kind).toMatch(/must own the unit/);
    // owner-a's ownership ended today: they no longer own it from today.
    const former = await as('manager', 'POST', occupanciesUrl, {
      userId: people['owner-a'],
      kind: 'owner_occupant',
      movedInOn: day(0),
    });
    expect(former.statusCode).toBe(409);
    const owner = await as('manager', 'POST', occupanciesUrl, {
      userId: people['owner-c'],
      kind: 'owner_occupant',
      movedInOn: day(0),
    });
    expect(owner.statusCode).toBe(201);
  });

  it('adds a tenant, records their move-out, and keeps it', async () => {
    const added = await as('manager', 'POST', occupanciesUrl, {
      userId: people['tenant-a'],
      kind: 'tenant',
      movedInOn: '2025-03-01',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ kind: 'tenant', movedInOn: '2025-03-01', movedOutOn: null });
    const bad = await as('manager', 'POST', `${occupanciesUrl}/${added.json().id}/end`, { on: '2025-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.on).toMatch(/move-out cannot come before the move-in/);
    const ended = await as('manager', 'POST', `${occupanciesUrl}/${added.json().id}/end`, { on: day(0) });
    expect(ended.json().movedOutOn).toBe(day(0));
    const list = (await as('manager', 'GET', occupanciesUrl)).json().occupancies;
    expect(
      list.map((row: { fullName: string; movedOutOn: string | null }) => [row.fullName, row.movedOutOn]),
    ).toEqual([
      ['Units owner-c', null],
      ['Units tenant-a', day(0)],
    ]);
  });
});

describe('people of a property', () => {
  it('lists owners and occupants with their units, current by default, history on request', async () => {
    const current = (await as('manager', 'GET', `/api/properties/${willow}/people?q=units%20owner`)).json();
    expect(current.people.map((person: { fullName: string }) => person.fullName)).toEqual([
      'Units owner-b',
      'Units owner-c',
    ]);
    const ownerC = current.people[1];
    expect(
      ownerC.units.map((unit: { relation: string; unitLabel: string }) => [unit.relation, unit.unitLabel]),
    ).toEqual([
      ['owner', 'Z-1'],
      ['occupant', 'Z-1'],
    ]);
    const past = (
      await as(
        'manager',
        'GET',
        `/api/properties/${willow}/people?q=units%20&includePast=true&limit=2&page=1`,
      )
    ).json();
    expect(past.total).toBe(4);
    expect(past.people.map((person: { fullName: string }) => person.fullName)).toEqual([
      'Units owner-a',
      'Units owner-b',
    ]);
    expect(past.people[0].units[0]).toMatchObject({ relation: 'owner', isCurrent: false, endsOn: day(0) });
  });

  it('finds a person by unit label and is paged', async () => {
    const body = (await as('admin', 'GET', `/api/properties/${willow}/people?q=14B`)).json();
    expect(body.people.map((person: { fullName: string }) => person.fullName)).toContain('Ryan Chen');
    const page = (await as('admin', 'GET', `/api/properties/${willow}/people?limit=5&page=2`)).json();
    expect(page.people).toHaveLength(5);
    expect(page.total).toBeGreaterThan(40);
  });

  it('is for the property’s managers, its board and admins', async () => {
    expect((await as('board', 'GET', `/api/properties/${willow}/people`)).statusCode).toBe(200);
    expect((await as('board', 'GET', `/api/properties/${harbor}/people`)).statusCode).toBe(404);
    expect((await as('manager', 'GET', `/api/properties/${harbor}/people`)).statusCode).toBe(404);
    expect((await as('resident', 'GET', `/api/properties/${willow}/people`)).statusCode).toBe(403);
  });
});

describe('the residents card, on occupancies', () => {
  it('lists the current occupants by unit', async () => {
    const residents = (await as('admin', 'GET', `/api/properties/${willow}/residents`)).json().residents;
    expect(residents).toContainEqual(
      expect.objectContaining({ fullName: 'Ryan Chen', unitNumber: '14B', status: 'active' }),
    );
  });

  it('places a resident in the unit with that label, refuses an unknown one, and removes them today', async () => {
    const unknown = await as('admin', 'POST', `/api/properties/${willow}/residents`, {
      userId: people['tenant-a'],
      unitNumber: 'NOPE',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.unitNumber).toMatch(/no unit "NOPE"/);

    const added = await as('admin', 'POST', `/api/properties/${willow}/residents`, {
      userId: people['tenant-a'],
      unitNumber: 'z-1',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ unitNumber: 'Z-1', moveInDate: day(0), status: 'active' });
    const twice = await as('admin', 'POST', `/api/properties/${willow}/residents`, {
      userId: people['tenant-a'],
      unitNumber: '1A',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Units tenant-a is already a resident of this property.');

    const removed = await as('admin', 'DELETE', `/api/properties/${willow}/residents/${added.json().id}`);
    expect(removed.statusCode).toBe(204);
    const residents = (await as('admin', 'GET', `/api/properties/${willow}/residents`)).json().residents;
    expect(residents.map((resident: { id: string }) => resident.id)).not.toContain(added.json().id);
    const unitId = (await unitLabelled(willow, 'Z-1')).id;
    const history = (await as('admin', 'GET', `${unitsUrl(willow)}/${unitId}/occupancies`)).json()
      .occupancies;
    expect(history).toContainEqual(
      expect.objectContaining({ id: added.json().id, kind: 'unrecorded', movedOutOn: day(0) }),
    );
    const again = await as('admin', 'DELETE', `/api/properties/${willow}/residents/${added.json().id}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('who sees which units', () => {
  const labels = (body: { units: { label: string }[] }) => body.units.map((unit) => unit.label);

  it('a manager of another property gets 404, for the list, a unit and a write', async () => {
    const unit = await unitLabelled(harbor, '3-402');
    expect((await as('manager', 'GET', unitsUrl(harbor))).statusCode).toBe(404);
    expect((await as('manager', 'GET', `${unitsUrl(harbor)}/${unit.id}/ownerships`)).statusCode).toBe(404);
    const write = await as('manager', 'POST', `${unitsUrl(harbor)}/${unit.id}/archive`);
    expect(write.statusCode).toBe(404);
  });

  it('a board member sees every unit of their association, and nothing of another', async () => {
    const body = (await as('board', 'GET', `${unitsUrl(willow)}?limit=100`)).json();
    expect(body.total).toBe(49);
    expect((await as('board', 'GET', unitsUrl(harbor))).statusCode).toBe(404);
    const write = await as('board', 'POST', unitsUrl(willow), { label: 'Board-1' });
    expect(write.statusCode).toBe(403);
  });

  it('an owner sees only their own units and their owners', async () => {
    const body = (await as('resident', 'GET', `${unitsUrl(willow)}?limit=100`)).json();
    expect(labels(body)).toEqual(['14B']);
    const neighbour = await unitLabelled(willow, '1A');
    expect((await as('resident', 'GET', `${unitsUrl(willow)}/${neighbour.id}/ownerships`)).statusCode).toBe(
      404,
    );
    const own = await as('resident', 'GET', `${unitsUrl(willow)}/${body.units[0].id}/ownerships`);
    expect(own.statusCode).toBe(200);
    const tenant = await t.signIn('resident2@commonwise.test');
    const harborView = await injectAs(t.app, tenant, { method: 'GET', url: `${unitsUrl(harbor)}?limit=100` });
    expect(labels(harborView.json())).toEqual(['3-402']);
  });

  it('a former owner (ownership and occupancy ended yesterday) sees nothing', async () => {
    const home = await unitLabelled(willow, '14B');
    const base = `${unitsUrl(willow)}/${home.id}`;
    const ownerships = (await as('admin', 'GET', `${base}/ownerships`)).json().ownerships;
    const occupancies = (await as('admin', 'GET', `${base}/occupancies`)).json().occupancies;
    for (const row of ownerships.filter(
      (o: { userId: string; endsOn: string | null }) => o.userId === people.resident && !o.endsOn,
    ))
      expect(
        (await as('admin', 'POST', `${base}/ownerships/${row.id}/end`, { on: day(-1) })).statusCode,
      ).toBe(200);
    for (const row of occupancies.filter(
      (o: { userId: string; movedOutOn: string | null }) => o.userId === people.resident && !o.movedOutOn,
    ))
      expect(
        (await as('admin', 'POST', `${base}/occupancies/${row.id}/end`, { on: day(-1) })).statusCode,
      ).toBe(200);
    expect((await as('resident', 'GET', unitsUrl(willow))).statusCode).toBe(404);
    expect((await as('resident', 'GET', `${base}/ownerships`)).statusCode).toBe(404);
    expect((await as('resident', 'GET', `${base}/occupancies`)).statusCode).toBe(404);
  });
});

describe('the API description', () => {
  it('documents the units, ownership, occupancy and people routes with their schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/properties/{id}/units',
      '/api/properties/{id}/units/{unitId}',
      '/api/properties/{id}/units/{unitId}/archive',
      '/api/properties/{id}/units/{unitId}/ownerships/{ownershipId}/end',
      '/api/properties/{id}/units/{unitId}/occupancies',
      '/api/properties/{id}/people',
    ])
      expect(paths).toContain(path);
    const list = document.paths['/api/properties/{id}/units'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['q', 'archived', 'page', 'limit']),
    );
  });
});
