import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InspectionUnitList,
  OwnerViolation,
  OwnerViolationList,
  Violation,
  ViolationList,
} from '@commonwise/contracts';
import {
  attachments,
  committees,
  profiles,
  propertyManagers,
  unitOccupancies,
  unitOwnerships,
  units,
  violationEvents,
  violationHearings,
  violations,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { makeCurePhoto, makeNoticedViolation } from '../../test/fixtures/owner-violation-fixtures.ts';

/**
 * The owner's side of covenant enforcement (issue 21 item 5). Bluebonnet Park (Texas) and Cypress Point
 * (California) are made here, managed by manager@; resident@ owns unit B1 at Bluebonnet and C1 at
 * Cypress; resident2@ rents B1 (a tenant); board@ owns a home elsewhere. A complaint's reporter is named
 * on one violation, to show the owner never learns who it was.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let bluebonnetId: string;
let cypressId: string;
let b1: string;
let b2: string;
let c1: string;
let ruleId: string;
let uncurableRuleId: string;
let cypressRuleId: string;

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function mine(who = 'resident'): Promise<OwnerViolation[]> {
  const response = await as(who, 'GET', '/api/resident-portal/violations');
  expect(response.statusCode).toBe(200);
  return (response.json() as OwnerViolationList).violations;
}

async function noticed(
  unitId: string,
  options: { rule?: string; propertyId?: string; deliveredOn?: string } = {},
) {
  return makeNoticedViolation(t.app, {
    propertyId: options.propertyId ?? bluebonnetId,
    unitId,
    ruleId: options.rule ?? ruleId,
    ownerIds: [ids.resident!],
    managerEmail: 'manager@commonwise.test',
    deliveredOn: options.deliveredOn,
    note: 'Inspector note: trash cans by the garage door, Mr. Staffer saw them',
  });
}

async function phonePhoto() {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#3c8f6a' } })
    .jpeg()
    .withExif({ IFD2: { DateTimeOriginal: '2026:01:10 09:30:00' } })
    .toBuffer();
}

async function upload(who: string, violationId: string, bytes: Buffer, fileName = 'cured.jpg') {
  const body = new FormData();
  body.append('violationId', violationId);
  body.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return injectAs(t.app, cookies[who], { method: 'POST', url: '/api/attachments', payload: body });
}

async function managerNotices(title: RegExp) {
  const page = (await as('manager', 'GET', '/api/notifications?limit=50')).json() as {
    rows: { kind: string; title: string; body: string; link: string | null }[];
  };
  return page.rows.filter((row) => row.kind === 'violation.owner-response' && title.test(row.title));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  cookies.resident2 = await t.signIn('resident2@commonwise.test');
  const db = t.database.db;
  const people = await db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  for (const person of people) ids[person.email.split('@')[0]!] = person.id;
  const make = async (name: string, jurisdiction: 'TX' | 'CA', timeZone: string) => {
    const response = await as('admin', 'POST', '/api/properties', {
      name,
      address: `1 ${name} Way`,
      units: 2,
      jurisdiction,
      timeZone,
    });
    expect(response.statusCode).toBe(201);
    const id = (response.json() as { id: string }).id;
    await db.insert(propertyManagers).values({ propertyId: id, userId: ids.manager! });
    const made = await db
      .select({ id: units.id })
      .from(units)
      .where(eq(units.propertyId, id))
      .orderBy(units.label);
    return { id, units: made.map((unit) => unit.id) };
  };
  const bluebonnet = await make('Bluebonnet Park', 'TX', 'America/Chicago');
  const cypress = await make('Cypress Point', 'CA', 'America/Los_Angeles');
  bluebonnetId = bluebonnet.id;
  cypressId = cypress.id;
  [b1, b2] = bluebonnet.units as [string, string];
  c1 = cypress.units[0]!;
  await db.update(units).set({ label: 'B1' }).where(eq(units.id, b1));
  await db.update(units).set({ label: 'B2' }).where(eq(units.id, b2));
  await db.update(units).set({ label: 'C1' }).where(eq(units.id, c1));
  await db.insert(unitOwnerships).values([
    { unitId: b1, userId: ids.resident!, startsOn: '2020-01-01' },
    { unitId: c1, userId: ids.resident!, startsOn: '2020-01-01' },
    { unitId: b2, userId: ids.board!, startsOn: '2020-01-01' },
  ]);
  await db
    .insert(unitOccupancies)
    .values({ unitId: b1, userId: ids.resident2!, kind: 'tenant', movedInOn: '2024-01-01' });
  const rule = async (propertyId: string, body: object) => {
    const response = await as('manager', 'POST', `/api/properties/${propertyId}/violation-rules`, {
      category: 'trash',
      ...body,
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  };
  ruleId = await rule(bluebonnetId, {
    title: 'Trash containers out of sight',
    sectionNumber: '4.6',
    sectionTitle: 'Trash Containers',
    excerpt:
      'Except on collection days, containers shall be stored inside the garage where they cannot be seen from a street.',
    defaultCureDays: 7,
  });
  uncurableRuleId = await rule(bluebonnetId, {
    title: 'No short-term rentals',
    category: 'leasing_use',
    excerpt: 'No Unit shall be rented for a term of less than thirty (30) days.',
    curable: false,
  });
  cypressRuleId = await rule(cypressId, {
    title: 'Holiday lights',
    excerpt: 'Holiday lights must come down by January 15.',
    defaultCureDays: 7,
  });
});

afterAll(async () => {
  await t?.close();
});

describe("an owner's violations", () => {
  it('lists only the violations of units the owner owns that they were sent a notice about', async () => {
    const db = t.database.db;
    const seen = await noticed(b1);
    // A complaint's reporter, named on the violation: never shown to the owner.
    await db
      .update(violations)
      .set({ source: 'complaint', reporterId: ids.resident2 })
      .where(eq(violations.id, seen.violationId));
    // Recorded at B1, but no notice has gone out yet.
    const [quiet] = await db
      .insert(violations)
      .values({ propertyId: bluebonnetId, unitId: b1, ruleId, source: 'complaint', observedAt: new Date() })
      .returning({ id: violations.id });
    // B2 is board@'s, noticed to them.
    const neighbours = await makeNoticedViolation(t.app, {
      propertyId: bluebonnetId,
      unitId: b2,
      ruleId,
      ownerIds: [ids.board!],
      managerEmail: 'manager@commonwise.test',
    });

    const list = await mine();
    const listed = list.map((violation) => violation.id);
    expect(listed).toContain(seen.violationId);
    expect(listed).not.toContain(quiet!.id);
    expect(listed).not.toContain(neighbours.violationId);
    const violation = list.find((one) => one.id === seen.violationId)!;
    expect(violation).toMatchObject({
      propertyName: 'Bluebonnet Park',
      unitLabel: 'B1',
      ruleTitle: 'Trash containers out of sight',
      status: 'open',
      curable: true,
      clause: {
        sectionNumber: '4.6',
        excerpt:
          'Except on collection days, containers shall be stored inside the garage where they cannot be seen from a street.',
      },
      notices: [
        { stageName: 'Courtesy notice', pdfUrl: `/api/resident-portal/letters/${seen.letterId}/pdf` },
      ],
      history: [],
      hearing: null,
      cureReportedAt: null,
      can: { reply: true, reportCure: true },
    });
    expect(violation.cureDueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(violation.photos).toHaveLength(1);
    // The notice's PDF and the inspector's photo open for the owner.
    const pdf = await as('resident', 'GET', violation.notices[0]!.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await as('resident', 'GET', violation.photos[0]!.url)).statusCode).toBe(200);
    // …and not for a neighbour who owns another unit.
    expect((await as('board', 'GET', violation.photos[0]!.url)).statusCode).toBe(404);

    // Nobody's name: not the reporter's, the inspector's or the manager's; no staff note.
    const body = (await as('resident', 'GET', '/api/resident-portal/violations')).body;
    const names = await db.select({ id: profiles.id, fullName: profiles.fullName }).from(profiles);
    for (const person of names.filter((one) => one.id !== ids.resident))
      expect(body, `${person.fullName} is named`).not.toContain(person.fullName);
    expect(body).not.toContain(ids.resident2!);
    expect(body).not.toContain('Inspector note');
    expect(body).not.toContain('reporter');
  });

  it('shows another owner and a tenant nothing of it, and refuses staff the owner’s routes', async () => {
    const { violationId } = await noticed(b1);
    expect((await mine('board')).map((one) => one.id)).not.toContain(violationId);
    expect(await mine('resident2')).toEqual([]);
    for (const who of ['board', 'resident2']) {
      const reply = await as(who, 'POST', `/api/resident-portal/violations/${violationId}/replies`, {
        message: 'Hello',
      });
      expect(reply.statusCode, who).toBe(404);
      const photo = await upload(who, violationId, await phonePhoto());
      expect(photo.statusCode, who).toBe(404);
    }
    const manager = await as('manager', 'GET', '/api/resident-portal/violations');
    expect(manager.statusCode).toBe(403);
    const events = await t.database.db
      .select()
      .from(violationEvents)
      .where(and(eq(violationEvents.violationId, violationId), eq(violationEvents.kind, 'owner_replied')));
    expect(events).toEqual([]);
  });

  it('takes the owner’s reply onto the timeline and tells the managers', async () => {
    const { violationId } = await noticed(b1);
    const reply = await as('resident', 'POST', `/api/resident-portal/violations/${violationId}/replies`, {
      message: 'The cans were out for collection day.',
    });
    expect(reply.statusCode).toBe(201);
    expect((reply.json() as OwnerViolation).history).toMatchObject([
      { kind: 'owner_replied', note: 'The cans were out for collection day.', byYou: true, photoCount: 0 },
    ]);
    const staff = (await as('manager', 'GET', `/api/violations/${violationId}`)).json() as Violation;
    expect(staff.events.at(-1)).toMatchObject({
      kind: 'owner_replied',
      actor: { id: ids.resident },
      note: 'The cans were out for collection day.',
    });
    const notices = await managerNotices(/replied about Trash containers out of sight \(unit B1\)/);
    expect(notices.length).toBeGreaterThan(0);
    expect(notices[0]!.link).toBe(`/manager-portal/violations/${violationId}`);
    const empty = await as('resident', 'POST', `/api/resident-portal/violations/${violationId}/replies`, {
      message: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.message).toBe('Write your reply');
  });
});

describe('reporting a cure', () => {
  it('keeps the photos, marks it for re-inspection and tells the managers; a person closes it', async () => {
    const { violationId } = await noticed(b1);
    const uploaded = await upload('resident', violationId, await phonePhoto());
    expect(uploaded.statusCode).toBe(201);
    const photoId = (uploaded.json() as { id: string }).id;
    const [stored] = await t.database.db.select().from(attachments).where(eq(attachments.id, photoId));
    // When it was taken is kept; where is not (it is the owner's home).
    expect(stored).toMatchObject({ violationId, violationEventId: null, latitude: null, longitude: null });
    expect(stored!.takenAt).not.toBeNull();

    const report = await as(
      'resident',
      'POST',
      `/api/resident-portal/violations/${violationId}/cure-reports`,
      {
        photoIds: [photoId],
        note: 'Moved them into the garage.',
      },
    );
    expect(report.statusCode).toBe(201);
    const reported = report.json() as OwnerViolation;
    expect(reported.cureReportedAt).not.toBeNull();
    expect(reported.status).toBe('open');
    expect(reported.history).toMatchObject([
      { kind: 'cure_reported', note: 'Moved them into the garage.', byYou: true, photoCount: 1 },
    ]);
    // The owner opens their own cure photo.
    const ownPhoto = reported.history[0]!.photos[0]!;
    expect(ownPhoto.id).toBe(photoId);
    expect((await as('resident', 'GET', ownPhoto.url)).statusCode).toBe(200);

    const notices = await managerNotices(/Cure reported at unit B1: re-inspection needed/);
    expect(notices.length).toBeGreaterThan(0);
    // Staff: the timeline shows the photos; the list filters "cure reported"; the inspection shows it.
    const staff = (await as('manager', 'GET', `/api/violations/${violationId}`)).json() as Violation;
    expect(staff.cureReportedAt).toBe(reported.cureReportedAt);
    expect(staff.events.at(-1)).toMatchObject({ kind: 'cure_reported', photos: [{ id: photoId }] });
    const reportedList = (await as(
      'manager',
      'GET',
      `/api/violations?propertyId=${bluebonnetId}&cureReported=true&limit=50`,
    ).then((response) => response.json())) as ViolationList;
    expect(reportedList.violations.map((one) => one.id)).toContain(violationId);
    expect(reportedList.violations.every((one) => one.cureReportedAt !== null && one.status === 'open')).toBe(
      true,
    );
    const inspection = await as('manager', 'POST', `/api/properties/${bluebonnetId}/inspections`);
    expect(inspection.statusCode).toBe(201);
    const inspectionId = (inspection.json() as { id: string }).id;
    const unitList = (
      await as('manager', 'GET', `/api/inspections/${inspectionId}/units?q=B1`)
    ).json() as InspectionUnitList;
    const brief = unitList.units[0]!.openViolations.find((one) => one.id === violationId)!;
    expect(brief.cureReportedAt).toBe(reported.cureReportedAt);

    // The owner cannot close it; the manager does, after re-inspecting: the mark goes.
    const closed = await as('manager', 'POST', `/api/violations/${violationId}/close`, {
      outcome: 'cured',
      note: 'Re-inspected: the cans are in the garage.',
    });
    expect(closed.statusCode).toBe(200);
    expect((closed.json() as Violation).cureReportedAt).toBeNull();
    const after = (await mine()).find((one) => one.id === violationId)!;
    expect(after.status).toBe('cured');
    expect(after.history.at(-1)).toMatchObject({ kind: 'cured', note: null, byYou: false });
    expect(after.can).toEqual({ reply: false, reportCure: false });
    const late = await as('resident', 'POST', `/api/resident-portal/violations/${violationId}/cure-reports`, {
      photoIds: [photoId],
    });
    expect(late.statusCode).toBe(409);
  });

  it('a new observation answers the report: the mark goes', async () => {
    const { violationId } = await noticed(b1);
    const photoId = await makeCurePhoto(t.app, {
      propertyId: bluebonnetId,
      violationId,
      ownerId: ids.resident!,
    });
    await as('resident', 'POST', `/api/resident-portal/violations/${violationId}/cure-reports`, {
      photoIds: [photoId],
    });
    const inspection = (
      await as('manager', 'POST', `/api/properties/${bluebonnetId}/inspections`)
    ).json() as {
      id: string;
    };
    const [evidence] = await t.database.db
      .insert(attachments)
      .values({
        propertyId: bluebonnetId,
        uploadedBy: ids.manager,
        kind: 'image',
        fileName: 'still-there.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: 1,
        filePath: 'attachments/test/still-there.jpg',
        inspectionId: inspection.id,
      })
      .returning({ id: attachments.id });
    const again = await as('manager', 'POST', `/api/violations/${violationId}/observations`, {
      inspectionId: inspection.id,
      photoIds: [evidence!.id],
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Violation).cureReportedAt).toBeNull();
  });

  it('refuses bad input clearly and writes nothing', async () => {
    const db = t.database.db;
    const { violationId } = await noticed(b1);
    const other = await noticed(b1);
    const othersPhoto = await makeCurePhoto(t.app, {
      propertyId: bluebonnetId,
      violationId: other.violationId,
      ownerId: ids.resident!,
    });
    const wrong = await as(
      'resident',
      'POST',
      `/api/resident-portal/violations/${violationId}/cure-reports`,
      {
        photoIds: [othersPhoto],
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'UNKNOWN_PHOTO',
      fields: { photoIds: 'Add the photo again' },
    });
    const tooMany = await as(
      'resident',
      'POST',
      `/api/resident-portal/violations/${violationId}/cure-reports`,
      {
        photoIds: Array.from({ length: 11 }, () => crypto.randomUUID()),
      },
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.photoIds).toBe('Add at most 10 photos');
    const none = await as('resident', 'POST', `/api/resident-portal/violations/${violationId}/cure-reports`, {
      photoIds: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.photoIds).toBe('Add at least one photo of the cure');
    const pdf = await upload('resident', violationId, Buffer.from('%PDF-1.4\n'), 'cure.pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toMatch(/"cure.pdf" is not a photo/);
    const fake = await upload('resident', violationId, Buffer.from('not really a photo'), 'cure.jpg');
    expect(fake.statusCode).toBe(415);

    // Nothing written: no event, no mark, the other violation's photo still unsent.
    const [row] = await db.select().from(violations).where(eq(violations.id, violationId));
    expect(row!.cureReportedAt).toBeNull();
    const events = await db
      .select()
      .from(violationEvents)
      .where(eq(violationEvents.violationId, violationId));
    expect(events.map((event) => event.kind)).toEqual(['observed']);
    const [photo] = await db.select().from(attachments).where(eq(attachments.id, othersPhoto));
    expect(photo!.violationEventId).toBeNull();
    const uploads = await db.select().from(attachments).where(eq(attachments.violationId, violationId));
    expect(uploads).toEqual([]);

    // A rule that cannot be cured has no cure to report.
    const rental = await noticed(b1, { rule: uncurableRuleId });
    const refused = await upload('resident', rental.violationId, await phonePhoto());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('VIOLATION_NOT_CURABLE');
    const listed = (await mine()).find((one) => one.id === rental.violationId)!;
    expect(listed.can).toEqual({ reply: true, reportCure: false });
  });
});

describe('asking for a hearing', () => {
  it('Texas: within 30 days of the notice, once; after that, refused naming the statute', async () => {
    const recent = await noticed(b1, { deliveredOn: daysAgo(3) });
    const listed = (await mine()).find((one) => one.id === recent.violationId)!;
    expect(listed.hearingRequest).toMatchObject({
      allowed: true,
      until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reason: null,
      statute: 'Tex. Prop. Code §209.007',
    });
    expect(listed.hearingRequest.note).toContain('30 days');
    const asked = await as(
      'resident',
      'POST',
      `/api/resident-portal/violations/${recent.violationId}/hearing-requests`,
      {
        reason: 'The cans were out for collection.',
      },
    );
    expect(asked.statusCode).toBe(201);
    expect((asked.json() as OwnerViolation).history).toMatchObject([
      { kind: 'hearing_requested', byYou: true },
    ]);
    expect((asked.json() as OwnerViolation).hearingRequest.allowed).toBe(false);
    expect(await managerNotices(/Hearing requested at unit B1/)).not.toEqual([]);
    const twice = await as(
      'resident',
      'POST',
      `/api/resident-portal/violations/${recent.violationId}/hearing-requests`,
      {
        reason: 'Again',
      },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('HEARING_ALREADY_REQUESTED');

    const old = await noticed(b1, { deliveredOn: daysAgo(40) });
    const late = (await mine()).find((one) => one.id === old.violationId)!;
    expect(late.hearingRequest).toMatchObject({
      allowed: false,
      until: null,
      statute: 'Tex. Prop. Code §209.007',
    });
    const refused = await as(
      'resident',
      'POST',
      `/api/resident-portal/violations/${old.violationId}/hearing-requests`,
      {
        reason: 'Too late?',
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('HEARING_REQUEST_WINDOW_CLOSED');
    expect(refused.json().error.message).toContain('Tex. Prop. Code §209.007');
    const events = await t.database.db
      .select()
      .from(violationEvents)
      .where(
        and(eq(violationEvents.violationId, old.violationId), eq(violationEvents.kind, 'hearing_requested')),
      );
    expect(events).toEqual([]);
  });

  it('California: the law’s period is not known, so the owner may ask and the association decides', async () => {
    const { violationId } = await noticed(c1, {
      propertyId: cypressId,
      rule: cypressRuleId,
      deliveredOn: daysAgo(40),
    });
    const listed = (await mine()).find((one) => one.id === violationId)!;
    expect(listed.hearingRequest).toMatchObject({ allowed: true, until: null, reason: null, statute: null });
    expect(listed.hearingRequest.note).toMatch(/do not know the period California law gives/);
    expect(listed.hearingRequest.note).not.toMatch(/\d/);
    const asked = await as(
      'resident',
      'POST',
      `/api/resident-portal/violations/${violationId}/hearing-requests`,
      {
        reason: 'I was away.',
      },
    );
    expect(asked.statusCode).toBe(201);
  });

  it('refuses when a hearing is already scheduled, and shows it', async () => {
    const db = t.database.db;
    const { violationId } = await noticed(b1);
    const [committee] = await db
      .insert(committees)
      .values({ propertyId: bluebonnetId, kind: 'fining', name: 'Fining committee' })
      .returning({ id: committees.id });
    const scheduledAt = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000);
    await db.insert(violationHearings).values({
      violationId,
      committeeId: committee!.id,
      scheduledAt,
      place: 'Clubhouse',
    });
    const listed = (await mine()).find((one) => one.id === violationId)!;
    expect(listed.hearing).toEqual({
      scheduledAt: scheduledAt.toISOString(),
      place: 'Clubhouse',
      status: 'scheduled',
    });
    expect(listed.hearingRequest.allowed).toBe(false);
    const refused = await as(
      'resident',
      'POST',
      `/api/resident-portal/violations/${violationId}/hearing-requests`,
      {
        reason: 'Please',
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('HEARING_ALREADY_SCHEDULED');
  });
});
