import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ArcRequestList,
  Inspection,
  InspectionUnit,
  InspectionUnitList,
  Violation,
  ViolationList,
  ViolationPhoto,
  ViolationRule,
  ViolationRuleList,
} from '@commonwise/contracts';
import {
  arcRequests,
  documentContents,
  profiles,
  properties,
  propertyDocuments,
  propertyManagers,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import { seedDemoArc } from '../../db/seed-arc.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { writeDocumentSections } from '../documents/sections.ts';

/**
 * Covenant enforcement, first part (issue 21): rules read from the association's CC&Rs are suggestions
 * until a manager confirms them; violations are recorded only in the inspector's own open inspection,
 * with photos whose EXIF time and place are kept as data and whose files keep no metadata; a second
 * open violation of the same rule at a unit needs a reason; the board reads, residents and other
 * associations' people do not.
 *
 * Aspen Court is made here (managed by manager@; resident@ owns A1), so the test does not lean on the
 * demo data; Spruce Gate is another association with its own rule.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let aspenId: string;
let spruceId: string;
let a1: string;
let a2: string;
let documentId: string;

const ccrs = `ARTICLE IV USE RESTRICTIONS
Section 4.2 Pets. No more than two (2) dogs or cats may be kept in any Unit. Whenever a pet is outside its Owner's Unit, it shall be kept on a leash.
Section 4.5 Vehicles and Parking. No boat, trailer, camper or other recreational vehicle shall be parked or stored anywhere on the Property outside a garage. Parking in any area marked as a fire lane is prohibited at all times.
Section 4.6 Trash Containers. Except on collection days, containers shall be stored inside the garage where they cannot be seen from a street.
ARTICLE VIII ENFORCEMENT
Section 8.4 Fines. No single fine shall exceed five hundred dollars ($500).`;

const as = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });

/** A phone photo: EXIF with the camera, its owner, when (no offset) and where it was taken. */
async function phonePhoto(taken = '2026:11:20 09:30:00') {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a8f3c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'X1', Artist: 'Inspector Private Name' },
      IFD2: { DateTimeOriginal: taken },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 3000/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 1200/100',
      },
    })
    .toBuffer();
}

async function uploadPhoto(who: string, inspectionId: string, bytes?: Buffer, fileName = 'IMG_1.JPG') {
  const body = new FormData();
  body.append('inspectionId', inspectionId);
  body.append('file', new Blob([new Uint8Array(bytes ?? (await phonePhoto()))]), fileName);
  return injectAs(t.app, cookies[who], { method: 'POST', url: '/api/attachments', payload: body });
}

const ruleBase = (propertyId: string) => `/api/properties/${propertyId}/violation-rules`;

async function rules(propertyId = aspenId, query = '', who = 'manager'): Promise<ViolationRuleList> {
  const response = await as(who, 'GET', `${ruleBase(propertyId)}?limit=100${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const formOf = (rule: ViolationRule) => ({
  title: rule.title,
  category: rule.category,
  documentId: rule.clause.documentId,
  sectionNumber: rule.clause.sectionNumber,
  sectionTitle: rule.clause.sectionTitle,
  page: rule.clause.page,
  excerpt: rule.clause.excerpt,
  curable: rule.curable,
  healthSafety: rule.healthSafety,
  defaultCureDays: rule.defaultCureDays,
  fineScheduleCents: rule.fineScheduleCents,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.manager2 = await t.signIn('manager2@commonwise.test');
  const people = await t.database.db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  const ids = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));
  const make = async (name: string) => {
    const response = await as('admin', 'POST', '/api/properties', {
      name,
      address: `1 ${name} Way, Sacramento, CA`,
      units: 2,
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  };
  aspenId = await make('Aspen Court');
  spruceId = await make('Spruce Gate');
  const db = t.database.db;
  // The two units the property was made with, named as this test calls them.
  const made = await db
    .select({ id: units.id })
    .from(units)
    .where(eq(units.propertyId, aspenId))
    .orderBy(asc(units.label));
  [a1, a2] = made.map((unit) => unit.id) as [string, string];
  await db.update(units).set({ label: 'A1' }).where(eq(units.id, a1));
  await db.update(units).set({ label: 'A2' }).where(eq(units.id, a2));
  await db.insert(propertyManagers).values({ propertyId: aspenId, userId: ids.manager! });
  await db.insert(unitOwnerships).values({ unitId: a1, userId: ids.resident!, startsOn: '2020-01-01' });
  const [document] = await db
    .insert(propertyDocuments)
    .values({
      propertyId: aspenId,
      name: 'Aspen Court CC&Rs',
      category: 'ccr',
      filePath: `test/${randomUUID()}/ccrs.txt`,
      status: 'completed',
      pageCount: 1,
    })
    .returning({ id: propertyDocuments.id });
  documentId = document!.id;
  await db.insert(documentContents).values({ documentId, page: 1, content: ccrs });
  await writeDocumentSections(db, documentId, [{ page: 1, text: ccrs }]);
  const spruceRule = await as('admin', 'POST', ruleBase(spruceId), {
    title: 'Holiday lights',
    category: 'signs_decorations',
    excerpt: 'Holiday lights must come down by January 15.',
    defaultCureDays: 7,
  });
  expect(spruceRule.statusCode).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

describe('rules from the documents', () => {
  it('suggests the clauses that bind owners, word for word with their section, and not the procedure', async () => {
    const run = await as('manager', 'POST', `${ruleBase(aspenId)}/suggestions`);
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ documents: 1 });
    expect(run.json().added).toBeGreaterThanOrEqual(4);
    const list = await rules();
    expect(list.suggested).toBe(run.json().added);
    const boat = list.rules.find((rule) => rule.clause.excerpt.startsWith('No boat'))!;
    expect(boat).toMatchObject({
      status: 'suggested',
      category: 'parking_vehicles',
      curable: true,
      defaultCureDays: null,
      clause: {
        documentId,
        documentName: 'Aspen Court CC&Rs',
        sectionNumber: '4.5',
        page: 1,
        excerpt:
          'No boat, trailer, camper or other recreational vehicle shall be parked or stored anywhere on the Property outside a garage.',
      },
    });
    const fireLane = list.rules.find((rule) => rule.clause.excerpt.includes('fire lane'))!;
    expect(fireLane).toMatchObject({ category: 'parking_vehicles', healthSafety: true });
    expect(list.rules.some((rule) => rule.clause.excerpt.includes('single fine'))).toBe(false);
    // Reading again adds nothing: each clause is suggested once.
    const again = await as('manager', 'POST', `${ruleBase(aspenId)}/suggestions`);
    expect(again.json()).toMatchObject({ added: 0 });
  });

  it('confirms a suggestion only as the document says it, with days to cure', async () => {
    const boat = (await rules()).rules.find((rule) => rule.clause.excerpt.startsWith('No boat'))!;
    const url = `${ruleBase(aspenId)}/${boat.id}/confirm`;
    const noDays = await as('manager', 'POST', url, formOf(boat));
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().error.fields.defaultCureDays).toBe('Say how many days an owner has to cure');
    const changed = await as('manager', 'POST', url, {
      ...formOf(boat),
      defaultCureDays: 14,
      excerpt: 'No boat shall be parked anywhere.',
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.code).toBe('EXCERPT_NOT_IN_DOCUMENT');
    const byBoard = await as('board', 'POST', url, { ...formOf(boat), defaultCureDays: 14 });
    expect(byBoard.statusCode).toBe(403);
    const confirmed = await as('manager', 'POST', url, {
      ...formOf(boat),
      title: 'Recreational vehicles',
      defaultCureDays: 14,
      fineScheduleCents: [5000, 10000],
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'confirmed',
      title: 'Recreational vehicles',
      defaultCureDays: 14,
      fineScheduleCents: [5000, 10000],
      confirmedBy: { fullName: expect.any(String) },
    });
    expect((await as('manager', 'POST', url, { ...formOf(boat), defaultCureDays: 14 })).statusCode).toBe(409);
  });

  it('dismisses a suggestion and retires a rule; other associations see neither', async () => {
    const list = await rules();
    const pets = list.rules.find((rule) => rule.status === 'suggested' && rule.category === 'pets')!;
    expect((await as('manager', 'DELETE', `${ruleBase(aspenId)}/${pets.id}`)).statusCode).toBe(204);
    expect((await rules()).rules.some((rule) => rule.id === pets.id)).toBe(false);
    expect((await as('manager2', 'GET', ruleBase(aspenId))).statusCode).toBe(404);
    expect((await as('resident', 'GET', ruleBase(aspenId))).statusCode).toBe(403);
  });
});

describe('inspections and violations', () => {
  let inspection: Inspection;
  let boatRule: ViolationRule;
  let first: Violation;

  beforeAll(async () => {
    boatRule = (await rules(aspenId, '&status=confirmed')).rules.find(
      (rule) => rule.title === 'Recreational vehicles',
    )!;
  });

  it('refuses a violation outside an inspection the caller started', async () => {
    const response = await as('manager', 'POST', `/api/inspections/${randomUUID()}/violations`, {
      unitId: a1,
      ruleId: boatRule.id,
      photoIds: [randomUUID()],
    });
    expect(response.statusCode).toBe(404);
  });

  it('starts one inspection per inspector, and lists the units with what is open', async () => {
    const started = await as('manager', 'POST', `/api/properties/${aspenId}/inspections`);
    expect(started.statusCode).toBe(201);
    inspection = started.json();
    const again = await as('manager', 'POST', `/api/properties/${aspenId}/inspections`);
    expect(again.json().id).toBe(inspection.id);
    expect((await as('board', 'POST', `/api/properties/${aspenId}/inspections`)).statusCode).toBe(403);
    const unitsList = await as('manager', 'GET', `/api/inspections/${inspection.id}/units`);
    expect(unitsList.statusCode).toBe(200);
    expect(unitsList.json<InspectionUnitList>().units.map((unit) => unit.label)).toEqual(['A1', 'A2']);
  });

  it('records a violation with a photo: EXIF time and place kept as data, the file without metadata', async () => {
    const uploaded = await uploadPhoto('manager', inspection.id);
    expect(uploaded.statusCode).toBe(201);
    const response = await as('manager', 'POST', `/api/inspections/${inspection.id}/violations`, {
      unitId: a1,
      ruleId: boatRule.id,
      photoIds: [uploaded.json().id],
      note: 'White boat on a trailer in the driveway',
      observedAt: '2026-11-20T17:35:00Z',
      location: { latitude: 37.7753, longitude: -122.42 },
    });
    expect(response.statusCode).toBe(201);
    first = response.json();
    expect(first).toMatchObject({
      status: 'open',
      source: 'inspection',
      unit: { id: a1, label: 'A1' },
      rule: { id: boatRule.id, category: 'parking_vehicles' },
      observedAt: '2026-11-20T17:35:00.000Z',
      // Observed on the 20th in California (the property's default time zone), plus 14 days.
      cureDueOn: '2026-12-04',
      photoCount: 1,
      clause: { sectionNumber: '4.5', documentName: 'Aspen Court CC&Rs' },
      owners: [{ fullName: expect.any(String) }],
      can: { observe: true, close: true },
    });
    const photo: ViolationPhoto = first.events[0]!.photos[0]!;
    expect(photo.latitude).toBeCloseTo(37.775, 3);
    expect(photo.longitude).toBeCloseTo(-122.42, 3);
    // 09:30 on the camera, in Los Angeles in November (UTC−8).
    expect(photo.takenAt).toBe('2026-11-20T17:30:00.000Z');
    const file = await as('manager', 'GET', photo.url);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    expect((await as('resident', 'GET', photo.url)).statusCode).toBe(404);
    expect((await as('manager2', 'GET', photo.url)).statusCode).toBe(404);
  });

  it("reads an iPhone HEIC photo's time (with its offset) and place", async () => {
    const heic = readFileSync(new URL('../../test/fixtures/photos/phone.heic', import.meta.url));
    const uploaded = await uploadPhoto('manager', inspection.id, heic, 'IMG_7.HEIC');
    expect(uploaded.statusCode).toBe(201);
    const response = await as('manager', 'POST', `/api/violations/${first.id}/observations`, {
      inspectionId: inspection.id,
      photoIds: [uploaded.json().id],
    });
    const photo = response.json<Violation>().events.at(-1)!.photos[0]!;
    expect(photo).toMatchObject({ mimeType: 'image/jpeg', takenAt: '2026-11-20T17:30:00.000Z' });
    expect(photo.latitude).toBeCloseTo(37.775, 3);
  });

  it('asks for a reason before a second open violation of the same rule, and escalates instead', async () => {
    const photo = (await uploadPhoto('manager', inspection.id)).json().id as string;
    const payload = { unitId: a1, ruleId: boatRule.id, photoIds: [photo] };
    const refused = await as('manager', 'POST', `/api/inspections/${inspection.id}/violations`, payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('VIOLATION_ALREADY_OPEN');
    const observed = await as('manager', 'POST', `/api/violations/${first.id}/observations`, {
      inspectionId: inspection.id,
      photoIds: [photo],
      note: 'Still there',
    });
    expect(observed.statusCode).toBe(200);
    expect(observed.json<Violation>().events.map((event) => event.kind)).toEqual([
      'observed',
      'observed_again',
      'observed_again',
    ]);
    // A photo goes with one observation only.
    const reused = await as('manager', 'POST', `/api/inspections/${inspection.id}/violations`, {
      ...payload,
      unitId: a2,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('UNKNOWN_PHOTO');
    const second = await as('manager', 'POST', `/api/inspections/${inspection.id}/violations`, {
      unitId: a1,
      ruleId: boatRule.id,
      photoIds: [(await uploadPhoto('manager', inspection.id)).json().id],
      duplicateReason: 'A second boat, on the street side',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ duplicateReason: 'A second boat, on the street side' });
  });

  it('refuses bad input, naming the problem, and writes nothing', async () => {
    const before = (await as('manager', 'GET', `/api/violations?propertyId=${aspenId}`)).json<ViolationList>()
      .total;
    const text = await uploadPhoto('manager', inspection.id, Buffer.from('just words'), 'notes.txt');
    expect(text.statusCode).toBe(415);
    const photo = (await uploadPhoto('manager', inspection.id)).json().id as string;
    const future = await as('manager', 'POST', `/api/inspections/${inspection.id}/violations`, {
      unitId: a2,
      ruleId: boatRule.id,
      photoIds: [photo],
      observedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(422);
    const spruceRule = (await rules(spruceId, '', 'admin')).rules[0]!;
    const foreignRule = await as('manager', 'POST', `/api/inspections/${inspection.id}/violations`, {
      unitId: a2,
      ruleId: spruceRule.id,
      photoIds: [photo],
    });
    expect(foreignRule.statusCode).toBe(404);
    expect(foreignRule.json().error.message).toBe('Rule not found');
    const suggested = (await rules(aspenId, '&status=suggested')).rules[0]!;
    const unconfirmed = await as('manager', 'POST', `/api/inspections/${inspection.id}/violations`, {
      unitId: a2,
      ruleId: suggested.id,
      photoIds: [photo],
    });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error.code).toBe('RULE_NOT_IN_USE');
    const noPhoto = await as('manager', 'POST', `/api/inspections/${inspection.id}/violations`, {
      unitId: a2,
      ruleId: boatRule.id,
      photoIds: [],
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().error.fields.photoIds).toBe('Add at least one photo');
    expect(
      (await as('manager', 'GET', `/api/violations?propertyId=${aspenId}`)).json<ViolationList>().total,
    ).toBe(before);
  });

  it('is read by the board of the association only, and never by residents', async () => {
    expect((await as('resident', 'GET', '/api/violations')).statusCode).toBe(403);
    expect((await as('resident', 'GET', `/api/violations/${first.id}`)).statusCode).toBe(403);
    const board = await as('board', 'GET', `/api/violations?propertyId=${aspenId}`);
    expect(board.json<ViolationList>().total).toBe(0);
    expect((await as('board', 'GET', `/api/violations/${first.id}`)).statusCode).toBe(404);
    const admin = await as('admin', 'GET', `/api/violations/${first.id}`);
    expect(admin.json<Violation>().can).toEqual({ observe: true, close: true });
    const filtered = await as(
      'manager',
      'GET',
      `/api/violations?propertyId=${aspenId}&unitId=${a1}&status=open`,
    );
    expect(filtered.json<ViolationList>().violations).toHaveLength(2);
  });

  it('closes a violation as cured once, with the reason on its timeline', async () => {
    const closed = await as('manager', 'POST', `/api/violations/${first.id}/close`, {
      outcome: 'cured',
      note: 'Boat moved into the garage',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<Violation>()).toMatchObject({
      status: 'cured',
      can: { observe: false, close: false },
    });
    expect(closed.json<Violation>().events.at(-1)).toMatchObject({
      kind: 'cured',
      note: 'Boat moved into the garage',
    });
    const twice = await as('manager', 'POST', `/api/violations/${first.id}/close`, {
      outcome: 'dismissed',
      note: 'x',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('ends the inspection, after which nothing is added to it', async () => {
    const ended = await as('manager', 'POST', `/api/inspections/${inspection.id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json<Inspection>().endedAt).not.toBeNull();
    const late = await uploadPhoto('manager', inspection.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('INSPECTION_ENDED');
    const nearest = await as('manager', 'POST', `/api/properties/${aspenId}/inspections`);
    const next: Inspection = nearest.json();
    expect(next.id).not.toBe(inspection.id);
    // A1's place was learned from the first violation: it comes first from nearby.
    const units = await as(
      'manager',
      'GET',
      `/api/inspections/${next.id}/units?latitude=37.7754&longitude=-122.4201`,
    );
    const listed = units.json<InspectionUnitList>().units;
    expect(listed[0]).toMatchObject({ label: 'A1', distanceMeters: expect.any(Number) });
    expect(listed[0]!.distanceMeters!).toBeLessThan(50);
    expect(listed[0]!.openViolations).toHaveLength(1);
    expect(listed[1]).toMatchObject({ label: 'A2', distanceMeters: null });
  });
});

describe('the inspection drive and architectural requests', () => {
  let willowId: string;
  let inspectionId: string;
  let requestOf: Record<string, string>;

  beforeAll(async () => {
    const db = t.database.db;
    [{ id: willowId }] = (await db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'))) as [{ id: string }];
    // Willow Creek's demo requests (the test template has none): 14B incomplete, 7A under review, 11B
    // approved with conditions.
    const idOf = async (email: string) =>
      (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
    const people = {
      resident: await idOf('resident@commonwise.test'),
      board: await idOf('board@commonwise.test'),
      manager: await idOf('manager@commonwise.test'),
    };
    await db.transaction((tx) => seedDemoArc(tx, t.app.storage, willowId, people));
    const list = (
      await as('manager', 'GET', `/api/arc/requests?propertyId=${willowId}&limit=50`)
    ).json<ArcRequestList>();
    requestOf = Object.fromEntries(list.requests.map((request) => [request.unit.label, request.id]));
    const started = await as('manager', 'POST', `/api/properties/${willowId}/inspections`);
    expect(started.statusCode).toBe(201);
    inspectionId = started.json<Inspection>().id;
  });

  const unitAt = async (label: string, who = 'manager'): Promise<InspectionUnit> => {
    const response = await as(who, 'GET', `/api/inspections/${inspectionId}/units?q=${label}`);
    expect(response.statusCode).toBe(200);
    return response.json<InspectionUnitList>().units.find((unit) => unit.label === label)!;
  };

  it('lists each unit’s requests in play: asked for, under review, approved', async () => {
    expect((await unitAt('11B')).openArcRequests).toEqual([
      {
        id: requestOf['11B'],
        projectTypeName: 'Fence',
        status: 'decided',
        decision: 'approve_with_conditions',
        inspectionDueOn: null,
      },
    ]);
    expect((await unitAt('7A')).openArcRequests).toMatchObject([
      { id: requestOf['7A'], status: 'under_review', decision: null },
    ]);
    expect((await unitAt('14B')).openArcRequests).toMatchObject([
      { id: requestOf['14B'], status: 'incomplete' },
    ]);
    // The board reads the drive too, and reviews the same requests.
    expect((await unitAt('11B', 'board')).openArcRequests).toHaveLength(1);
    // Units without a request list none; another association's drive lists none of Willow Creek's.
    expect((await unitAt('12B')).openArcRequests).toEqual([]);
    const aspen = await as('manager', 'POST', `/api/properties/${aspenId}/inspections`);
    const aspenUnits = (
      await as('manager', 'GET', `/api/inspections/${aspen.json<Inspection>().id}/units`)
    ).json<InspectionUnitList>();
    expect(aspenUnits.units.flatMap((unit) => unit.openArcRequests)).toEqual([]);
  });

  it('shows approved work reported finished with its inspection’s due date, until it is inspected', async () => {
    await t.database.db
      .update(arcRequests)
      .set({ status: 'pending_inspection', completionReportedAt: new Date(), inspectionDueOn: '2031-03-14' })
      .where(eq(arcRequests.id, requestOf['11B']!));
    expect((await unitAt('11B')).openArcRequests).toMatchObject([
      { id: requestOf['11B'], status: 'pending_inspection', inspectionDueOn: '2031-03-14' },
    ]);
    const inspected = await as(
      'manager',
      'POST',
      `/api/properties/${willowId}/arc/requests/${requestOf['11B']}/inspection`,
      { result: 'pass' },
    );
    expect(inspected.statusCode).toBe(200);
    expect((await unitAt('11B')).openArcRequests).toEqual([]);
  });

  it('drops a withdrawn request and a denied one', async () => {
    const withdrawn = await as(
      'resident',
      'POST',
      `/api/resident-portal/arc/requests/${requestOf['14B']}/withdraw`,
    );
    expect(withdrawn.statusCode).toBe(200);
    expect((await unitAt('14B')).openArcRequests).toEqual([]);
    expect((await unitAt('7A')).openArcRequests).toHaveLength(1);
    // A denial is final: work built anyway is cited as any other violation.
    await t.database.db
      .update(arcRequests)
      .set({
        status: 'decided',
        decision: 'deny',
        decidedAt: new Date(),
        reasons: 'Taller than the CC&Rs allow',
        rulesCited: 'CC&Rs §5.6',
        appeal: 'Ask again with a fence at most 6 ft high',
      })
      .where(eq(arcRequests.id, requestOf['7A']!));
    expect((await unitAt('7A')).openArcRequests).toEqual([]);
  });
});
