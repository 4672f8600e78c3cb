import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, UnitsImportPreview } from '@commonwise/contracts';
import { profiles, properties, unitOccupancies, unitOwnerships, units } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { latestMailTo, linkToken } from '../../test/outbox.ts';

let t: TestApp;
let willow: string;
let harbor: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  willow = await idOf('Willow Creek Commons');
  harbor = await idOf('Harbor View Condominiums');
});
afterAll(async () => t.close());

const as = async (role: Role, url: string, payload: unknown) =>
  injectAs(t.app, await t.cookieFor(role), { method: 'POST', url, payload: payload as object });

/** A new property (through the API, as the admin makes one) with `count` numbered units. */
async function newProperty(count = 1): Promise<string> {
  const response = await as('admin', '/api/properties', {
    name: `Import test ${randomUUID().slice(0, 8)}`,
    address: '1 Test Way, Springfield',
    units: count,
    description: null,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const preview = (propertyId: string, csv: string, role: Role = 'admin') =>
  as(role, `/api/properties/${propertyId}/units/import/preview`, { csv });
const commit = (propertyId: string, csv: string, role: Role = 'admin') =>
  as(role, `/api/properties/${propertyId}/units/import/commit`, { csv });

const header =
  'unit_label,address,building,floor,kind,share_bp,vote_weight,status,person_email,person_name,relationship,starts_on,is_primary';

async function snapshot(propertyId: string) {
  const db = t.database.db;
  const unitRows = await db.select().from(units).where(eq(units.propertyId, propertyId));
  const ids = unitRows.map((unit) => unit.id);
  const owners = ids.length
    ? await db.select().from(unitOwnerships).where(inArray(unitOwnerships.unitId, ids))
    : [];
  const occupants = ids.length
    ? await db.select().from(unitOccupancies).where(inArray(unitOccupancies.unitId, ids))
    : [];
  const [{ people }] = (await db.select({ people: sql<number>`count(*)::int` }).from(profiles)) as [
    { people: number },
  ];
  const [property] = await db
    .select({ units: properties.units })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return {
    units: unitRows.length,
    owners: owners.length,
    occupants: occupants.length,
    people,
    count: property!.units,
  };
}

const errorsOf = (body: UnitsImportPreview) =>
  body.rows
    .filter((row) => row.errors.length > 0)
    .map((row) => ({
      row: row.row,
      columns: row.errors.map((e) => e.column),
      messages: row.errors.map((e) => e.message).join(' '),
    }));

describe('importing units and people from a CSV file', () => {
  it('previews a good file row by row and writes nothing; commit writes it all and invites new people', async () => {
    const property = await newProperty(1);
    const email = `import-new-${randomUUID().slice(0, 8)}@example.com`;
    const csv = [
      header,
      // Unit 1 exists (the property's numbered unit): updated.
      '1,1 Test Way,A,1,condo,,1,,resident@commonwise.test,,owner_occupant,2024-03-01,yes',
      `2,2 Test Way,A,1,condo,,1,,${email},Nora New,owner,,`,
      `2,,,,,,,,${email.replace('new', 'tenant')},Tom Tenant,tenant,2025-01-15,`,
      '3,3 Test Way,B,2,townhouse,,2,vacant,,,,,',
    ].join('\r\n');
    const before = await snapshot(property);
    const response = await preview(property, csv);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as UnitsImportPreview;
    expect(body.canCommit).toBe(true);
    expect(body.rows.map((row) => [row.row, row.actions])).toEqual([
      [2, ['update_unit', 'add_owner', 'add_occupant']],
      [3, ['create_unit', 'invite_person', 'add_owner']],
      [4, ['invite_person', 'add_occupant']],
      [5, ['create_unit']],
    ]);
    expect(body.counts).toMatchObject({
      rows: 4,
      rowsWithErrors: 0,
      unitsCreated: 2,
      unitsUpdated: 1,
      ownersAdded: 2,
      occupantsAdded: 2,
      peopleInvited: 2,
    });
    expect(await snapshot(property)).toEqual(before);

    const committed = await commit(property, csv);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ propertyUnits: 3, counts: { unitsCreated: 2 } });
    const after = await snapshot(property);
    expect(after).toMatchObject({ units: 3, owners: 2, occupants: 2, people: before.people + 2, count: 3 });

    const list = await injectAs(t.app, await t.cookieFor('admin'), {
      method: 'GET',
      url: `/api/properties/${property}/units?limit=100`,
    });
    const listed = list.json().units as {
      label: string;
      kind: string;
      status: string;
      owners: { fullName: string }[];
      occupants: { kind: string }[];
    }[];
    expect(listed.map((unit) => unit.label)).toEqual(['1', '2', '3']);
    expect(listed[0]).toMatchObject({ kind: 'condo', status: 'occupied' });
    expect(listed[1]!.owners.map((owner) => owner.fullName)).toEqual(['Nora New']);
    expect(listed[1]!.occupants.map((occupant) => occupant.kind)).toEqual(['tenant']);
    const [nora] = await t.database.db.select().from(profiles).where(eq(profiles.email, email));
    expect(nora).toMatchObject({ role: 'resident', fullName: 'Nora New' });
    const [ownership] = await t.database.db
      .select()
      .from(unitOwnerships)
      .where(eq(unitOwnerships.userId, nora!.id));
    expect(ownership).toMatchObject({ isPrimary: true });
    // The invitation goes out after the commit, from the job queue, with a working link.
    await t.app.jobs.runDue();
    const mail = await latestMailTo(t, email);
    expect(mail).toContain('Nora New');
    const token = linkToken(mail, '/invite/');
    const invitation = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(invitation.statusCode).toBe(200);

    // The same file again changes nothing more: every row is already recorded.
    const again = (await preview(property, csv)).json() as UnitsImportPreview;
    expect(again.canCommit).toBe(true);
    expect(again.counts).toMatchObject({
      unitsCreated: 0,
      unitsUpdated: 0,
      ownersAdded: 0,
      occupantsAdded: 0,
      peopleInvited: 0,
    });
  });

  it('reports each bad row with its row number and column, and a failed commit writes nothing', async () => {
    const property = await newProperty(1);
    const csv = [
      header,
      'A1,,,,,,,,,,,,',
      'A1,,,,,,,,,,,,', // duplicate label in the file
      '1,,,,,,,,,,,,', // the existing unit: an update, not an error
      'A2,,,,,,,,nobody-here@example.com,,owner,,', // unknown e-mail without a name
      'A3,,,,,abc,,,,,,,', // bad share
      'A4,,,,,,,,resident@commonwise.test,,owner,2024-02-30,', // bad date
      'A5,,,,castle,,,,,,,,', // unknown kind
      'A6,,,,,,,,resident@commonwise.test,,landlord,,', // unknown relationship
      ',,,,,,,,,,,,x', // no label
      'A7,,,,,,many,,,,,,', // bad vote weight
      'A8,,,,,,,,resident@commonwise.test,,tenant,,yes', // primary tenant
      'A9,,,,,,,,not-an-email,Someone,owner,,', // bad e-mail
    ].join('\n');
    const before = await snapshot(property);
    const body = (await preview(property, csv)).json() as UnitsImportPreview;
    expect(body.canCommit).toBe(false);
    expect(errorsOf(body).map(({ row, columns }) => [row, columns])).toEqual([
      [3, ['unit_label']],
      [5, ['person_email']],
      [6, ['share_bp']],
      [7, ['starts_on']],
      [8, ['kind']],
      [9, ['relationship']],
      [10, ['unit_label', 'person_email']],
      [11, ['vote_weight']],
      [12, ['is_primary']],
      [13, ['person_email']],
    ]);
    const messages = Object.fromEntries(errorsOf(body).map((row) => [row.row, row.messages]));
    expect(messages[3]).toMatch(/Duplicate label: unit "A1" is already on row 2/);
    expect(messages[5]).toMatch(/No one has the e-mail nobody-here@example.com: add their name/);
    expect(messages[6]).toMatch(/not a share/);
    expect(messages[7]).toMatch(/YYYY-MM-DD/);
    expect(messages[8]).toMatch(/Unknown kind "castle"/);
    expect(body.counts.rowsWithErrors).toBe(10);

    const failed = await commit(property, csv);
    expect(failed.statusCode).toBe(422);
    expect(failed.json().error).toMatchObject({ code: 'IMPORT_HAS_ERRORS' });
    expect(failed.json().error.message).toMatch(/Nothing was imported: 10 rows have errors/);
    expect(await snapshot(property)).toEqual(before);
  });

  it('refuses a label used against the existing units only when the file contradicts itself, and shares that do not add up', async () => {
    const property = await newProperty(2);
    const conflicting = [
      header,
      '1,,A,,,,,,resident@commonwise.test,,owner,,',
      '1,,B,,,,,,board@commonwise.test,,owner,,',
    ].join('\n');
    const body = (await preview(property, conflicting)).json() as UnitsImportPreview;
    expect(errorsOf(body)).toEqual([
      {
        row: 3,
        columns: ['building'],
        messages: expect.stringMatching(/building "A" on row 2 and "B" here/),
      },
    ]);
    const shares = [header, '1,,,,,6000,,,,,,,', '2,,,,,5000,,,,,,,'].join('\n');
    const sharesBody = (await preview(property, shares)).json() as UnitsImportPreview;
    expect(sharesBody.canCommit).toBe(false);
    expect(sharesBody.problems[0]).toMatch(/add up to 10,000.*11,000/);
    const good = [header, '1,,,,,40%,,,,,,,', '2,,,,,6000,,,,,,,'].join('\n');
    expect(((await preview(property, good)).json() as UnitsImportPreview).canCommit).toBe(true);
    // Two primaries for one unit, and a primary when the unit already has one.
    const primaries = [
      header,
      '1,,,,,,,,resident@commonwise.test,,owner,,yes',
      '1,,,,,,,,board@commonwise.test,,owner,,yes',
    ].join('\n');
    const primaryBody = (await preview(property, primaries)).json() as UnitsImportPreview;
    expect(errorsOf(primaryBody).map((row) => [row.row, row.columns])).toEqual([[3, ['is_primary']]]);
  });

  it('refuses a file without unit_label, with unknown columns or unclosed quotes', async () => {
    const property = await newProperty(1);
    const noLabel = (await preview(property, 'label,address\n1,x')).json() as UnitsImportPreview;
    expect(noLabel.problems.join(' ')).toMatch(/Unknown column "label".*no unit_label column/);
    const quotes = (await preview(property, 'unit_label,address\n1,"open\n2,x')).json() as UnitsImportPreview;
    expect(quotes.problems[0]).toMatch(/Row 2 opens a quoted field/);
    // Quoted commas and semicolon-separated files are read as spreadsheets write them.
    const quoted = (
      await preview(property, 'unit_label;address\n"Lot 1";"1 Main St, Apt ""B"""')
    ).json() as UnitsImportPreview;
    expect(quoted.canCommit).toBe(true);
    const empty = await preview(property, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('csv');
  });

  it('is for the property’s managers and admins: 404 for another property, 403 for residents', async () => {
    const csv = `${header}\nX1,,,,,,,,,,,,`;
    expect((await preview(willow, csv, 'manager')).statusCode).toBe(200);
    expect((await preview(harbor, csv, 'manager')).statusCode).toBe(404);
    expect((await commit(harbor, csv, 'manager')).statusCode).toBe(404);
    expect((await preview(willow, csv, 'resident')).statusCode).toBe(403);
    expect((await preview(willow, csv, 'board')).statusCode).toBe(403);
  });

  it('previews and commits a 5,000-row file', async () => {
    const property = await newProperty(1);
    const lines = [header];
    for (let index = 1; index <= 5000; index += 1) {
      const person =
        index % 2 === 0 ? `,big-${index}@example.com,Person ${index},owner,2024-01-01,` : ',,,,,';
      lines.push(`B-${index},${index} Big Street,,,condo,,1,${person}`);
    }
    const csv = lines.join('\n');
    let started = Date.now();
    const previewed = await preview(property, csv);
    const previewMs = Date.now() - started;
    expect(previewed.statusCode, previewed.body.slice(0, 500)).toBe(200);
    const body = previewed.json() as UnitsImportPreview;
    expect(body.canCommit).toBe(true);
    expect(body.counts).toMatchObject({
      rows: 5000,
      unitsCreated: 5000,
      ownersAdded: 2500,
      peopleInvited: 2500,
    });
    started = Date.now();
    const committed = await commit(property, csv);
    const commitMs = Date.now() - started;
    expect(committed.statusCode, committed.body.slice(0, 500)).toBe(200);
    // Unit "1" of the new property stays: 5,001 units.
    expect(committed.json().propertyUnits).toBe(5001);
    expect(previewMs).toBeLessThan(10_000);
    expect(commitMs).toBeLessThan(10_000);
  }, 120_000);
});
