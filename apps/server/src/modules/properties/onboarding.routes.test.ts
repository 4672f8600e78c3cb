import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@commonwise/contracts';
import {
  profiles,
  properties,
  propertyManagers,
  propertyOnboardings,
  unitOccupancies,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let ids: Record<string, string>;
let willowCreekId: string;

async function newPerson(name: string, role: Role, banned = false) {
  const id = randomUUID();
  const email = `${name.toLowerCase().replaceAll(' ', '.')}.${id.slice(0, 6)}@example.com`;
  await t.database.db.insert(profiles).values({ id, email, fullName: name, role, banned });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.cookieFor('admin');
  const people = await t.database.db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  ids = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));
  const [willow] = await t.database.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'));
  willowCreekId = willow!.id;
});
afterAll(async () => t.close());

const submit = (payload: object, cookie = admin) =>
  injectAs(t.app, cookie, { method: 'POST', url: '/api/properties/onboarding', payload });

function submission(name: string, overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    property: { name, address: '12 Onboarding Way, Springfield', units: 10, status: 'active' },
    managers: { userIds: [] as string[], primaryUserId: null as string | null },
    residents: [] as { userId: string; unitNumber: string; kind?: string }[],
    unitsCsv: null as string | null,
    ...overrides,
  };
}

async function propertiesNamed(name: string) {
  return t.database.db.select().from(properties).where(eq(properties.name, name));
}

/** Refused with 400, these field messages, and nothing created. */
async function expectRefused(payload: ReturnType<typeof submission>, fields: Record<string, string>) {
  const response = await submit(payload);
  expect(response.statusCode, response.body).toBe(400);
  const error = response.json().error;
  expect(error.fields).toEqual(fields);
  expect(await propertiesNamed(payload.property.name)).toEqual([]);
  return error as { code: string; message: string };
}

describe('POST /api/properties/onboarding', () => {
  it('creates the property, its managers (one primary) and its residents together', async () => {
    const payload = submission('Onboarded Oaks', {
      property: {
        name: 'Onboarded Oaks',
        address: '1 Oak Lane, Portland, OR',
        type: 'commercial',
        description: '  Offices and shops ',
        units: 3,
        status: 'pending',
      },
      managers: { userIds: [ids.manager, ids.manager2], primaryUserId: ids.manager2 },
      residents: [
        { userId: ids.resident, unitNumber: ' 3 ', kind: 'owner_occupant' },
        { userId: ids.resident2, unitNumber: '2' },
      ],
    });
    const response = await submit(payload);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result.property).toMatchObject({
      name: 'Onboarded Oaks',
      type: 'commercial',
      description: 'Offices and shops',
      units: 3,
      status: 'pending',
    });
    expect(
      result.managers.map((manager: { userId: string; isPrimary: boolean }) => [
        manager.userId,
        manager.isPrimary,
      ]),
    ).toEqual([
      [ids.manager2, true],
      [ids.manager, false],
    ]);
    expect(
      result.residents.map((resident: { userId: string; unitNumber: string }) => [
        resident.userId,
        resident.unitNumber,
      ]),
    ).toEqual([
      [ids.resident2, '2'],
      [ids.resident, '3'],
    ]);

    // What the property's page reads afterwards.
    const id = result.property.id as string;
    const managers = await injectAs(t.app, admin, { method: 'GET', url: `/api/properties/${id}/managers` });
    expect(managers.json().managers).toHaveLength(2);
    const residents = await injectAs(t.app, admin, { method: 'GET', url: `/api/properties/${id}/residents` });
    expect(residents.json().residents).toHaveLength(2);
    // Units labelled 1…3 from the count; the residents live in them, the owner-occupant owns unit 3.
    const list = await injectAs(t.app, admin, { method: 'GET', url: `/api/properties/${id}/units` });
    const listed = list.json().units as {
      label: string;
      owners: { userId: string }[];
      occupants: { userId: string; kind: string }[];
    }[];
    expect(listed.map((unit) => unit.label)).toEqual(['1', '2', '3']);
    expect(listed[1]!.occupants).toEqual([
      expect.objectContaining({ userId: ids.resident2, kind: 'tenant' }),
    ]);
    expect(listed[2]!.occupants).toEqual([
      expect.objectContaining({ userId: ids.resident, kind: 'owner_occupant' }),
    ]);
    expect(listed[2]!.owners).toEqual([expect.objectContaining({ userId: ids.resident })]);
  });

  it('creates the units from a CSV file, with their owners, and places residents in them', async () => {
    const newOwner = `csv-owner-${randomUUID().slice(0, 8)}@example.com`;
    const csv = [
      'unit_label,building,kind,person_email,person_name,relationship',
      `A-101,A,condo,${newOwner},Casey Csv,owner`,
      'A-102,A,condo,,,',
      'Lot 7,,lot,board@commonwise.test,,owner_occupant',
    ].join('\n');
    const preview = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/properties/onboarding/units-preview',
      payload: { csv },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      canCommit: true,
      counts: { unitsCreated: 3, ownersAdded: 2, occupantsAdded: 1, peopleInvited: 1 },
    });
    const response = await submit(
      submission('Csv Commons', {
        property: { name: 'Csv Commons', address: '3 Csv Street, Springfield', units: 3 },
        unitsCsv: csv,
        residents: [{ userId: ids.resident, unitNumber: 'a-101', kind: 'tenant' }],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result.property.units).toBe(3);
    expect(result.residents.map((resident: { unitNumber: string }) => resident.unitNumber).sort()).toEqual([
      'A-101',
      'Lot 7',
    ]);
    const id = result.property.id as string;
    const labels = (await t.database.db.select().from(units).where(eq(units.propertyId, id))).map(
      (unit) => unit.label,
    );
    expect(labels.sort()).toEqual(['A-101', 'A-102', 'Lot 7']);
    const [casey] = await t.database.db.select().from(profiles).where(eq(profiles.email, newOwner));
    expect(casey).toMatchObject({ fullName: 'Casey Csv', role: 'resident' });
    expect(
      await t.database.db.select().from(unitOwnerships).where(eq(unitOwnerships.userId, casey!.id)),
    ).toEqual([expect.objectContaining({ isPrimary: true })]);
  });

  it('refuses a CSV file with errors, or a resident placed in a unit the property does not have, creating nothing', async () => {
    const bad = submission('Bad Csv Place', {
      unitsCsv: 'unit_label,share_bp\nA,lots\nA,',
    });
    const error = await expectRefused(bad, {
      unitsCsv: expect.stringMatching(
        /The units file cannot be imported \(2 rows with errors\)\. Row 2: "lots" is not a share/,
      ),
    } as unknown as Record<string, string>);
    expect(error.code).toBe('VALIDATION_FAILED');
    await expectRefused(
      submission('No Such Unit Place', { residents: [{ userId: ids.resident, unitNumber: '99' }] }),
      { 'residents.0.unitNumber': 'The property has no unit "99": choose one of its units.' },
    );
  });

  it('creates a property alone when managers and residents were skipped, with the form defaults', async () => {
    const response = await submit({
      idempotencyKey: randomUUID(),
      property: { name: 'Skipped Steps Place', address: '3 Skip Street, Reno, NV' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      property: { type: 'residential', units: 1, status: 'pending', description: null },
      managers: [],
      residents: [],
    });
  });

  it('answers a retry of the same draft with the property it created (200), never a second one', async () => {
    const payload = submission('Retry Ridge', {
      managers: { userIds: [ids.manager], primaryUserId: ids.manager },
      residents: [{ userId: ids.resident, unitNumber: '4' }],
    });
    const first = await submit(payload);
    expect(first.statusCode).toBe(201);
    const again = await submit(payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Even a changed draft with the same key gets the property already made, not a new one.
    const changed = await submit({ ...payload, property: { ...payload.property, name: 'Retry Ridge 2' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().property.id).toBe(first.json().property.id);
    expect(await propertiesNamed('Retry Ridge')).toHaveLength(1);
    expect(await propertiesNamed('Retry Ridge 2')).toHaveLength(0);
  });

  it('creates one property when the same draft is sent twice at once', async () => {
    const payload = submission('Double Click Court', {
      managers: { userIds: [ids.manager], primaryUserId: null },
    });
    const responses = await Promise.all([submit(payload), submit(payload)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(responses.map((response) => response.json().property.id)).size).toBe(1);
    expect(await propertiesNamed('Double Click Court')).toHaveLength(1);
  });

  it("refuses a key that another person's onboarding used", async () => {
    const key = randomUUID();
    await t.database.db
      .insert(propertyOnboardings)
      .values({ idempotencyKey: key, propertyId: willowCreekId, createdBy: ids.manager });
    const response = await submit({ ...submission('Borrowed Key Place'), idempotencyKey: key });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ONBOARDING_KEY_IN_USE');
    expect(await propertiesNamed('Borrowed Key Place')).toEqual([]);
  });

  it('refuses managers and residents who cannot be assigned, naming them', async () => {
    const unknown = randomUUID();
    const error = await expectRefused(
      submission('Unknown People Place', {
        managers: { userIds: [unknown, ids.resident], primaryUserId: null },
        residents: [{ userId: ids.manager, unitNumber: '1' }],
      }),
      {
        'managers.userIds.0': 'That user does not exist.',
        'managers.userIds.1':
          'Ryan Chen is not a manager: only users with the manager role can be added here.',
        'residents.0.userId':
          'Maria Santos is not a resident: only users with the resident role can be added here.',
      },
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/^The property was not created: 3 problems need fixing\. That user/);
  });

  it('refuses deactivated people', async () => {
    const formerManager = await newPerson('Gone Manager', 'manager', true);
    const formerResident = await newPerson('Gone Resident', 'resident', true);
    await expectRefused(
      submission('Deactivated People Place', {
        managers: { userIds: [formerManager], primaryUserId: formerManager },
        residents: [{ userId: formerResident, unitNumber: '1' }],
      }),
      {
        'managers.userIds.0':
          'Gone Manager is deactivated: reactivate them before adding them to a property.',
        'residents.0.userId':
          'Gone Resident is deactivated: reactivate them before adding them to a property.',
      },
    );
  });

  it('refuses a manager selected twice, with the message as the reason', async () => {
    const error = await expectRefused(
      submission('Twice Managed Place', {
        managers: { userIds: [ids.manager, ids.manager], primaryUserId: ids.manager },
      }),
      { 'managers.userIds.1': 'Maria Santos is selected twice as a manager.' },
    );
    expect(error.message).toBe('Maria Santos is selected twice as a manager.');
  });

  it('refuses a resident chosen twice', async () => {
    await expectRefused(
      submission('Twice Housed Place', {
        residents: [
          { userId: ids.resident, unitNumber: '1' },
          { userId: ids.resident, unitNumber: '2' },
        ],
      }),
      { 'residents.1.userId': 'Ryan Chen is chosen twice: a resident can be chosen only once.' },
    );
  });

  it('refuses more residents than units', async () => {
    const extra = await newPerson('Third Resident', 'resident');
    await expectRefused(
      submission('Crowded Place', {
        property: { name: 'Crowded Place', address: '5 Crowded Road, Austin, TX', units: 2 },
        residents: [
          { userId: ids.resident, unitNumber: '1' },
          { userId: ids.resident2, unitNumber: '2' },
          { userId: extra, unitNumber: '2' },
        ],
      }),
      { residents: 'There are more residents (3) than units (2): add units or remove residents.' },
    );
  });

  it('refuses a primary manager who is not among the selected managers', async () => {
    await expectRefused(
      submission('Absent Primary Place', {
        managers: { userIds: [ids.manager], primaryUserId: ids.manager2 },
      }),
      {
        'managers.primaryUserId':
          'Marcus Reed cannot be the primary manager without being one of the selected managers.',
      },
    );
  });

  it.each([
    [
      'a blank unit number',
      { residents: [{ userId: 'x', unitNumber: '   ' }] },
      { 'residents.0.unitNumber': 'Please enter a unit number' },
    ],
    [
      'a resident row without a resident',
      { residents: [{ userId: '', unitNumber: '4' }] },
      { 'residents.0.userId': 'Please select a resident' },
    ],
    [
      'property fields that break the form rules',
      { property: { name: ' ', address: 'Elm', units: 0 } },
      {
        'property.name': 'Property name is required',
        'property.address': 'Address must be at least 5 characters',
        'property.units': 'Property must have at least 1 unit',
      },
    ],
    [
      'a missing key',
      { idempotencyKey: 'not-a-uuid' },
      { idempotencyKey: 'The onboarding key must be a UUID' },
    ],
  ])('refuses %s with the field’s message', async (_label, overrides, fields) => {
    await expectRefused(submission('Malformed Place', overrides), fields);
  });

  it('is for admins only', async () => {
    const manager = await t.cookieFor('manager');
    const response = await submit(submission('Manager Made Place'), manager);
    expect(response.statusCode).toBe(403);
    expect(await propertiesNamed('Manager Made Place')).toEqual([]);
  });
});

describe('a failure midway', () => {
  it('leaves no property, manager, resident or key behind, and the same draft can be sent again', async () => {
    // A rule the submission's checks do not know, broken by the last row written: the property and
    // its managers are already inserted when the residents' insert fails.
    await t.database.db.execute(
      sql`alter table unit_occupancies add constraint test_no_family_boom check (kind <> 'family_member') not valid`,
    );
    const payload = submission('Halfway House', {
      managers: { userIds: [ids.manager], primaryUserId: ids.manager },
      residents: [{ userId: ids.resident, unitNumber: '1', kind: 'family_member' }],
    });
    const managersBefore = (await t.database.db.select().from(propertyManagers)).length;
    const residentsBefore = (await t.database.db.select().from(unitOccupancies)).length;
    const unitsBefore = (await t.database.db.select().from(units)).length;
    try {
      const failed = await submit(payload);
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error.code).toBe('INTERNAL');
      expect(await propertiesNamed('Halfway House')).toEqual([]);
      expect(await t.database.db.select().from(propertyManagers)).toHaveLength(managersBefore);
      expect(await t.database.db.select().from(unitOccupancies)).toHaveLength(residentsBefore);
      expect(await t.database.db.select().from(units)).toHaveLength(unitsBefore);
      expect(
        await t.database.db
          .select()
          .from(propertyOnboardings)
          .where(eq(propertyOnboardings.idempotencyKey, payload.idempotencyKey)),
      ).toEqual([]);
    } finally {
      await t.database.db.execute(sql`alter table unit_occupancies drop constraint test_no_family_boom`);
    }

    const retried = await submit(payload);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await propertiesNamed('Halfway House')).toHaveLength(1);
    expect(retried.json().residents).toHaveLength(1);
  });
});
