import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arcFileMaxBytes, type ArcRequest, type NotificationPage } from '@commonwise/contracts';
import {
  arcFiles,
  arcRequests,
  charges,
  decisionItems,
  unitOccupancies,
  unitOwnerships,
} from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import {
  arcCommittee,
  arcFileForm,
  fenceTypeInput,
  own,
  pdfOf,
  personId,
  seat,
} from '../../test/fixtures/arc-fixtures.ts';
import { makeExecutable } from '../../test/fixtures/documents.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { sweepOrphanFiles } from '../documents/orphan-files.ts';
import { localClock } from '../notifications/zoned-time.ts';

/**
 * The owner's architectural requests as callers see them (issue 22 items 1 and 6), at Oak Court, a Texas
 * association that manager@ manages, whose board board@ sits on, and whose architectural review
 * committee has one member serving (resident2@, added in the scoping tests). resident@ owns O1,
 * board@ owns O2; resident2@ also rents O1 (a tenant, not its owner).
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let oakId: string;
let unitIds: Record<string, string>;
let arcId: string;
let fenceId: string;
const base = '/api/resident-portal/arc';

const as = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  injectAs(t.app, cookies[who], {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const upload = (
  who: string,
  requestId: string,
  file: { name: string; bytes: Uint8Array },
  requirement?: string,
) => as(who, 'POST', `${base}/requests/${requestId}/files`, arcFileForm(file, requirement));
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const notices = async (who: string, kind: string) =>
  ((await as(who, 'GET', '/api/notifications?limit=50')).json() as NotificationPage).rows.filter(
    (row) => row.kind === kind,
  );
const itemsOf = (requestId: string) =>
  t.database.db.select().from(decisionItems).where(eq(decisionItems.arcRequestId, requestId));

let drawing: Buffer;
let quote: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'resident', 'board', 'resident2', 'manager2'])
    cookies[who] = await t.signIn(`${who}@commonwise.test`);
  ({ id: oakId, unitIds } = await makeAssociation(t, {
    name: 'Oak Court',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    unitLabels: ['O1', 'O2'],
  }));
  const db = t.database.db;
  await own(db, unitIds.O1!, await personId(db, 'resident'));
  await own(db, unitIds.O2!, await personId(db, 'board'));
  await db.insert(unitOccupancies).values({
    unitId: unitIds.O1!,
    userId: await personId(db, 'resident2'),
    kind: 'tenant',
    movedInOn: '2024-01-01',
  });
  arcId = await arcCommittee(db, oakId, []);
  const fence = await as(
    'manager',
    'POST',
    `/api/properties/${oakId}/arc/project-types`,
    fenceTypeInput({ feeCents: 2500, reviewDays: 30, reviewDaysSource: 'CC&Rs §7.3' }),
  );
  expect(fence.statusCode, fence.body).toBe(201);
  fenceId = fence.json().id;
  drawing = await pdfOf(['Site drawing: fence along the rear property line']);
  quote = await pdfOf(['Acme Fence Co. quote', 'Cedar privacy fence, height 72 in, 40 ft']);
});

afterAll(async () => {
  await t?.close();
});

const fenceRequest = (unit = 'O1', answers: Record<string, string | number> = {}) => ({
  unitId: unitIds[unit],
  projectTypeId: fenceId,
  title: 'Cedar fence along the back',
  description: 'Replacing the old chain-link.',
  answers: { height: 72, material: 'wood', colour: 'Natural cedar', ...answers },
});

describe('submitting a request', () => {
  let request: ArcRequest;

  it('lists the project types of the caller’s unit, and not of another owner’s (404)', async () => {
    const mine = await as('resident', 'GET', `${base}/project-types?unitId=${unitIds.O1}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().projectTypes.map((type: { name: string }) => type.name)).toEqual(['Fence']);
    expect((await as('resident', 'GET', `${base}/project-types?unitId=${unitIds.O2}`)).statusCode).toBe(404);
  });

  it('refuses answers that do not fit the form, naming each, and keeps nothing', async () => {
    const response = await as('resident', 'POST', `${base}/requests`, {
      ...fenceRequest(),
      answers: { height: 'tall', material: 'Plastic', shed: 'yes' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual({
      'answers.height': 'Height: give a number (in in).',
      'answers.material': 'Material: choose one of Wood, Vinyl, Wrought iron.',
      'answers.shed': 'This project type has no question “shed”.',
    });
    expect(await t.database.db.select().from(arcRequests).where(eq(arcRequests.unitId, unitIds.O1!))).toEqual(
      [],
    );
  });

  it('keeps a new request incomplete with what is missing, posts its fee once and tells the owner at once', async () => {
    const response = await as('resident', 'POST', `${base}/requests`, fenceRequest());
    expect(response.statusCode, response.body).toBe(201);
    request = response.json();
    expect(request).toMatchObject({
      status: 'incomplete',
      revision: 1,
      completeAt: null,
      decisionDueOn: null,
      checks: null,
      decisionItemId: null,
      duplicateOf: null,
      feeCents: 2500,
      answers: { height: 72, material: 'Wood', colour: 'Natural cedar' },
      unit: { id: unitIds.O1, label: 'O1' },
      applicant: { fullName: 'Ryan Chen' },
      projectType: { id: fenceId, kind: 'fence', name: 'Fence' },
      actions: ['revise', 'withdraw'],
    });
    expect(request.missing).toEqual([
      { kind: 'field', key: 'length', label: 'Length' },
      { kind: 'file', key: 'site_drawing', label: 'Site drawing' },
      { kind: 'file', key: 'contractor_quote', label: 'Contractor quote' },
    ]);
    expect(request.revisions).toEqual([{ revision: 1, at: expect.any(String), note: 'Submitted' }]);
    const fee = await t.database.db.select().from(charges).where(eq(charges.id, request.feeChargeId!));
    expect(fee).toMatchObject([{ kind: 'fee', amountCents: 2500, unitId: unitIds.O1 }]);
    const told = await notices('resident', 'arc.request-update');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Your fence request needs 3 more items' });
    expect(told[0]!.body).toContain('Length (question), Site drawing (file), Contractor quote (file)');
  });

  it('refuses a file whose type is not accepted: a program renamed .pdf, a text file (415)', async () => {
    const program = await upload('resident', request.id, { name: 'quote.pdf', bytes: makeExecutable() });
    expect(program.statusCode).toBe(415);
    expect(program.json().error).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(program.json().error.message).toContain('is not a PDF');
    const text = await upload('resident', request.id, { name: 'quote.txt', bytes: Buffer.from('72 in') });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toContain('.txt files are not accepted');
    const unknown = await upload('resident', request.id, { name: 'drawing.pdf', bytes: drawing }, 'survey');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields).toHaveProperty('requirement');
    expect(await t.database.db.select().from(arcFiles).where(eq(arcFiles.requestId, request.id))).toEqual([]);
  });

  it('refuses a file over the size limit (413)', async () => {
    const big = Buffer.alloc(arcFileMaxBytes + 10);
    drawing.copy(big);
    const response = await upload('resident', request.id, { name: 'huge.pdf', bytes: big }, 'site_drawing');
    expect(response.statusCode).toBe(413);
  });

  it('takes a file and an answer in place before it is complete', async () => {
    const sent = await upload(
      'resident',
      request.id,
      { name: 'drawing.pdf', bytes: drawing },
      'site_drawing',
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'incomplete', revision: 1 });
    expect(sent.json().files).toMatchObject([
      { requirement: 'site_drawing', fileName: 'drawing.pdf', mimeType: 'application/pdf', revision: 1 },
    ]);
    const answered = await as('resident', 'PATCH', `${base}/requests/${request.id}`, {
      answers: { length: 40 },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'incomplete',
      revision: 1,
      answers: { length: 40 },
      missing: [{ kind: 'file', key: 'contractor_quote', label: 'Contractor quote' }],
    });
    expect(answered.json().revisions).toHaveLength(1);
    // A revision's note has no place before the request is complete: refused, not dropped.
    const noted = await as('resident', 'PATCH', `${base}/requests/${request.id}`, { note: 'Taller now' });
    expect(noted.statusCode).toBe(422);
    expect(noted.json().error.fields).toHaveProperty('note');
  });

  it('is complete when the last file arrives: stamped, due in the type’s window, before the committee', async () => {
    const response = await upload(
      'resident',
      request.id,
      { name: 'quote.pdf', bytes: quote },
      'contractor_quote',
    );
    expect(response.statusCode, response.body).toBe(200);
    request = response.json();
    const completeOn = localClock(new Date(request.completeAt!), 'America/Chicago').date;
    expect(request).toMatchObject({
      status: 'under_review',
      missing: [],
      decisionDueOn: addDays(completeOn, 30),
      dueSource: '30 days — CC&Rs §7.3',
      deadlinePassed: false,
      actions: ['revise', 'withdraw'],
    });
    // The quote's text was read, for the guideline check to find the height in.
    const [file] = await t.database.db
      .select({ pages: arcFiles.pages })
      .from(arcFiles)
      .where(and(eq(arcFiles.requestId, request.id), eq(arcFiles.requirement, 'contractor_quote')));
    expect(file!.pages!.join(' ')).toContain('height 72 in');
    const items = await itemsOf(request.id);
    expect(items).toMatchObject([
      {
        kind: 'arc_request',
        committeeId: arcId,
        status: 'open',
        dueOn: request.decisionDueOn,
        published: false,
      },
    ]);
    expect(items[0]!.background).toContain('Height: 72 in');
    expect(items[0]!.options.map((option) => option.key)).toEqual([
      'approve',
      'approve_with_conditions',
      'deny',
      'more_information',
    ]);
    const receipt = (await notices('resident', 'arc.request-update')).find((row) =>
      row.title.includes('complete and under review'),
    );
    expect(receipt?.body).toContain(`30 days — CC&Rs §7.3`);
    // The manager reviews too; the fee was posted once, whatever came after.
    expect((await notices('manager', 'arc.review')).map((row) => row.title)).toContain(
      'To review: the fence request at unit O1',
    );
    const fees = await t.database.db
      .select()
      .from(charges)
      .where(and(eq(charges.unitId, unitIds.O1!), eq(charges.kind, 'fee')));
    expect(fees).toHaveLength(1);
  });

  it('shows the owner their files, and keeps others out (404)', async () => {
    const fileId = request.files.find((file) => file.requirement === 'contractor_quote')!.id;
    const mine = await as('resident', 'GET', `${base}/requests/${request.id}/files/${fileId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.equals(quote)).toBe(true);
    const staff = await as(
      'manager',
      'GET',
      `/api/properties/${oakId}/arc/requests/${request.id}/files/${fileId}`,
    );
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-disposition']).toContain('quote.pdf');
    // The hourly sweep of files no record refers to keeps a request's files.
    await sweepOrphanFiles(t.database.db, t.app.storage, new Date(Date.now() + 60_000));
    expect((await as('resident', 'GET', `${base}/requests/${request.id}/files/${fileId}`)).statusCode).toBe(
      200,
    );
    expect((await as('board', 'GET', `${base}/requests/${request.id}/files/${fileId}`)).statusCode).toBe(404);
    expect(
      (await as('manager2', 'GET', `/api/properties/${oakId}/arc/requests/${request.id}/files/${fileId}`))
        .statusCode,
    ).toBe(404);
  });

  it('makes a change after complete a new revision, without restarting the clock', async () => {
    const response = await as('resident', 'PATCH', `${base}/requests/${request.id}`, {
      answers: { height: 70 },
      note: 'Lowered to 70 in',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'under_review',
      revision: 2,
      completeAt: request.completeAt,
      decisionDueOn: request.decisionDueOn,
      answers: { height: 70 },
    });
    expect(response.json().revisions.map((revision: { revision: number; note: string }) => revision)).toEqual(
      [
        { revision: 1, at: expect.any(String), note: 'Submitted' },
        { revision: 2, at: expect.any(String), note: 'Lowered to 70 in' },
      ],
    );
    expect((await itemsOf(request.id)).map((item) => item.status)).toEqual(['open']);
    const cleared = await as('resident', 'PATCH', `${base}/requests/${request.id}`, {
      answers: { height: '' },
    });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().error.fields).toHaveProperty('answers.height');
  });

  it('restarts the clock with a new revision once the committee asked for more information', async () => {
    // The committee's "more information" comes through the decision routes; here it is set directly.
    await t.database.db
      .update(arcRequests)
      .set({ status: 'more_information' })
      .where(eq(arcRequests.id, request.id));
    const response = await as('resident', 'PATCH', `${base}/requests/${request.id}`, {
      answers: { colour: 'Cedar, clear sealant' },
      note: 'The stain you asked about',
    });
    expect(response.statusCode, response.body).toBe(200);
    const revised = response.json() as ArcRequest;
    expect(revised).toMatchObject({ status: 'under_review', revision: 3 });
    expect(Date.parse(revised.completeAt!)).toBeGreaterThan(Date.parse(request.completeAt!));
    const items = await itemsOf(request.id);
    expect(items.map((item) => item.status).sort()).toEqual(['open', 'withdrawn']);
    request = revised;
  });
});

describe('bad input and other people', () => {
  it('warns of another active request of the same unit and project type, linking to the first', async () => {
    const [first] = await t.database.db
      .select({ id: arcRequests.id, title: arcRequests.title })
      .from(arcRequests)
      .where(eq(arcRequests.unitId, unitIds.O1!));
    const second = await as('resident', 'POST', `${base}/requests`, fenceRequest('O1', { length: 12 }));
    expect(second.statusCode).toBe(201);
    expect(second.json().duplicateOf).toEqual({ id: first!.id, title: first!.title });
    const again = await as('resident', 'GET', `${base}/requests/${first!.id}`);
    expect(again.json().duplicateOf).toBeNull();
  });

  it('keeps another owner’s request out of reach (404), and a tenant’s', async () => {
    const theirs = await as('board', 'POST', `${base}/requests`, fenceRequest('O2', { length: 10 }));
    expect(theirs.statusCode, theirs.body).toBe(201);
    const id = theirs.json().id;
    expect((await as('board', 'GET', `${base}/requests/${id}`)).statusCode).toBe(200);
    expect((await as('resident', 'GET', `${base}/requests/${id}`)).statusCode).toBe(404);
    expect((await as('resident', 'PATCH', `${base}/requests/${id}`, { title: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect((await as('resident', 'POST', `${base}/requests/${id}/withdraw`)).statusCode).toBe(404);
    expect(
      (await upload('resident', id, { name: 'drawing.pdf', bytes: drawing }, 'site_drawing')).statusCode,
    ).toBe(404);
    // A request for a unit the caller does not own.
    expect((await as('resident', 'POST', `${base}/requests`, fenceRequest('O2'))).statusCode).toBe(404);
    // resident2@ rents O1: a tenant is not its owner.
    const list = (await as('resident2', 'GET', `${base}/requests`)).json();
    expect(list.requests).toEqual([]);
  });

  it('withdraws a request with its decision item; a withdrawn one cannot change (409)', async () => {
    const [first] = await t.database.db
      .select({ id: arcRequests.id })
      .from(arcRequests)
      .where(and(eq(arcRequests.unitId, unitIds.O1!), eq(arcRequests.status, 'under_review')));
    const response = await as('resident', 'POST', `${base}/requests/${first!.id}/withdraw`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'withdrawn', actions: [] });
    expect((await itemsOf(first!.id)).map((item) => item.status)).toEqual(['withdrawn', 'withdrawn']);
    for (const refused of [
      await as('resident', 'POST', `${base}/requests/${first!.id}/withdraw`),
      await as('resident', 'PATCH', `${base}/requests/${first!.id}`, { title: 'Back again' }),
      await upload('resident', first!.id, { name: 'drawing.pdf', bytes: drawing }, 'site_drawing'),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('REQUEST_NOT_CHANGEABLE');
    }
  });
});

describe('the reviewers', () => {
  const staff = (path: string) => `/api/properties/${oakId}/arc/requests${path}`;

  it('shows the association’s managers and board its requests, undecided first by due date, with the decision item', async () => {
    const list = (await as('manager', 'GET', `/api/arc/requests?propertyId=${oakId}`)).json();
    expect(list.total).toBe(3);
    expect(list.requests.map((request: { status: string }) => request.status)).toEqual([
      'incomplete',
      'incomplete',
      'withdrawn',
    ]);
    const board = (await as('board', 'GET', `/api/arc/requests?propertyId=${oakId}`)).json();
    expect(board.total).toBe(3);
    const detail = await as('manager', 'GET', staff(`/${list.requests[0].id}`));
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ checks: [], decisionItemId: null });
  });

  it('shows nothing to another association’s manager, and to a tenant until they join the committee', async () => {
    const id = (await as('manager', 'GET', `/api/arc/requests?propertyId=${oakId}`)).json().requests[0].id;
    expect((await as('manager2', 'GET', `/api/arc/requests?propertyId=${oakId}`)).json().total).toBe(0);
    expect((await as('manager2', 'GET', staff(`/${id}`))).statusCode).toBe(404);
    expect((await as('resident2', 'GET', `/api/arc/requests`)).json().total).toBe(0);
    expect((await as('resident2', 'GET', staff(`/${id}`))).statusCode).toBe(404);
    await seat(t.database.db, arcId, await personId(t.database.db, 'resident2'));
    expect((await as('resident2', 'GET', `/api/arc/requests?propertyId=${oakId}`)).json().total).toBe(3);
    expect((await as('resident2', 'GET', staff(`/${id}`))).statusCode).toBe(200);
    // Still not the owner's pages: a tenant sees the request as a reviewer only.
    expect((await as('resident2', 'GET', `${base}/requests/${id}`)).statusCode).toBe(404);
  });

  it('filters requests whose deadline has passed, without deciding them', async () => {
    const under = await as('resident', 'POST', `${base}/requests`, fenceRequest('O1', { length: 5 }));
    const id = under.json().id as string;
    await t.database.db
      .update(arcRequests)
      .set({
        status: 'under_review',
        completeAt: new Date('2026-01-01T12:00:00Z'),
        decisionDueOn: '2026-01-31',
      })
      .where(eq(arcRequests.id, id));
    const passed = (
      await as('manager', 'GET', `/api/arc/requests?propertyId=${oakId}&deadlinePassed=true`)
    ).json();
    expect(passed.requests.map((request: { id: string }) => request.id)).toEqual([id]);
    expect(passed.requests[0]).toMatchObject({ deadlinePassed: true, status: 'under_review' });
  });
});

describe('a past owner', () => {
  it('no longer sees the requests of a unit they sold (404)', async () => {
    const id = (await as('resident', 'GET', `${base}/requests`)).json().requests[0].id;
    await t.database.db
      .update(unitOwnerships)
      .set({ endsOn: new Date().toISOString().slice(0, 10), startsOn: '2020-01-01' })
      .where(eq(unitOwnerships.unitId, unitIds.O1!));
    expect((await as('resident', 'GET', `${base}/requests/${id}`)).statusCode).toBe(404);
    expect((await as('resident', 'GET', `${base}/requests`)).json().total).toBe(0);
  });
});
