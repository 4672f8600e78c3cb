import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arcCheckOutcomeSchema,
  arcProjectKinds,
  type ArcProjectType,
  type ArcProjectTypeInput,
} from '@commonwise/contracts';
import { arcRequests, propertyDocuments, violationRules } from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import {
  arcCommittee,
  arcFileForm,
  confirmedRule,
  fenceTypeInput,
  own,
  pdfOf,
  personId,
} from '../../test/fixtures/arc-fixtures.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { localClock } from '../notifications/zoned-time.ts';

/**
 * Project types and the reviewers' view (issue 22 items 1 and 2), as callers see them: Elm Park, a Texas
 * association, and Bay Vista, a California one — both managed by manager@, with board@ on their boards;
 * resident@ owns E1 and B1. manager2@ manages neither.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let elm: { id: string; unitIds: Record<string, string> };
let bay: { id: string; unitIds: Record<string, string> };
let heightRuleId: string;

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  injectAs(t.app, cookies[who], {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const types = (propertyId: string, path = '') => `/api/properties/${propertyId}/arc/project-types${path}`;
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'resident', 'board', 'manager2', 'admin'])
    cookies[who] = await t.signIn(`${who}@commonwise.test`);
  elm = await makeAssociation(t, {
    name: 'Elm Park',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    unitLabels: ['E1'],
  });
  bay = await makeAssociation(t, {
    name: 'Bay Vista',
    jurisdiction: 'CA',
    timeZone: 'America/Los_Angeles',
    unitLabels: ['B1'],
  });
  const db = t.database.db;
  const resident = await personId(db, 'resident');
  await own(db, elm.unitIds.E1!, resident);
  await own(db, bay.unitIds.B1!, resident);
  await arcCommittee(db, elm.id, []);
  const [document] = await db
    .insert(propertyDocuments)
    .values({
      propertyId: elm.id,
      category: 'architectural_guidelines',
      name: 'Architectural Guidelines',
      filePath: 'arc-test/guidelines.pdf',
      fileName: 'guidelines.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1,
    })
    .returning({ id: propertyDocuments.id });
  heightRuleId = await confirmedRule(db, elm.id, {
    title: 'Fence height',
    excerpt: 'No fence shall exceed six (6) feet in height.',
    sectionNumber: '3.2',
  });
  await db
    .update(violationRules)
    .set({ documentId: document!.id })
    .where(eq(violationRules.id, heightRuleId));
});

afterAll(async () => {
  await t?.close();
});

const heightCheck = (ruleId: string, overrides: object = {}): ArcProjectTypeInput['checks'][number] => ({
  key: 'height_limit',
  label: 'Height at most 6 ft',
  ruleId,
  op: 'at_most',
  field: 'height',
  limit: 6,
  unit: 'ft',
  ...overrides,
});

describe('project types', () => {
  it('installs the default project types once: each kind, with questions and files, no checks and no window', async () => {
    const response = await as('manager', 'POST', types(elm.id, '/defaults'));
    expect(response.statusCode, response.body).toBe(201);
    const installed = response.json().projectTypes as ArcProjectType[];
    expect(installed.map((type) => type.kind).sort()).toEqual([...arcProjectKinds].sort());
    for (const type of installed) {
      expect(type).toMatchObject({
        checks: [],
        reviewDays: null,
        reviewDaysSource: null,
        feeCents: 0,
        active: true,
      });
      expect(type.fields.length).toBeGreaterThan(0);
      expect(type.files.length).toBeGreaterThan(0);
    }
    const fence = installed.find((type) => type.kind === 'fence')!;
    expect(fence.fields.map((field) => [field.key, field.kind, field.unit])).toEqual([
      ['height', 'number', 'in'],
      ['length', 'number', 'ft'],
      ['material', 'choice', null],
      ['colour', 'text', null],
      ['location', 'text', null],
    ]);
    expect(fence.files.map((file) => file.key)).toEqual(['site_drawing', 'contractor_quote']);
    const again = await as('manager', 'POST', types(elm.id, '/defaults'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PROJECT_TYPES_EXIST');
  });

  it('lets the association’s reviewers read them, and only its managers and admins keep them', async () => {
    expect((await as('board', 'GET', types(elm.id))).statusCode).toBe(200);
    expect((await as('resident', 'GET', types(elm.id))).statusCode).toBe(404);
    expect((await as('manager2', 'GET', types(elm.id))).statusCode).toBe(404);
    expect(
      (await as('board', 'POST', types(elm.id), fenceTypeInput({ name: 'Board fence' }))).statusCode,
    ).toBe(403);
    expect(
      (await as('manager2', 'POST', types(elm.id), fenceTypeInput({ name: 'Not mine' }))).statusCode,
    ).toBe(404);
    expect((await as('manager2', 'POST', types(elm.id, '/defaults'))).statusCode).toBe(404);
  });

  it('adds a type whose check rests on a confirmed rule of the association and reads a number', async () => {
    const response = await as(
      'manager',
      'POST',
      types(elm.id),
      fenceTypeInput({
        name: 'Rear fence',
        checks: [heightCheck(heightRuleId)],
        feeCents: 5000,
        reviewDays: 30,
        reviewDaysSource: 'Architectural Guidelines §3.1',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Rear fence',
      feeCents: 5000,
      reviewDays: 30,
      reviewDaysSource: 'Architectural Guidelines §3.1',
      checks: [{ key: 'height_limit', op: 'at_most', field: 'height', limit: 6, unit: 'ft' }],
    });
  });

  it('refuses checks that rest on no rule in use here, or cannot read their question, naming each', async () => {
    const db = t.database.db;
    const suggested = await confirmedRule(db, elm.id, {
      title: 'Suggested',
      excerpt: 'Fences shall be wood.',
      status: 'suggested',
    });
    const elsewhere = await confirmedRule(db, bay.id, { title: 'Bay rule', excerpt: 'Fences shall be low.' });
    const response = await as(
      'manager',
      'POST',
      types(elm.id),
      fenceTypeInput({
        name: 'Bad checks',
        checks: [
          heightCheck(suggested, { key: 'a' }),
          heightCheck(elsewhere, { key: 'b' }),
          heightCheck(heightRuleId, { key: 'c', field: 'colour' }),
          heightCheck(heightRuleId, { key: 'd', field: 'fence_height' }),
          heightCheck(heightRuleId, { key: 'e', unit: 'sq_ft' }),
          {
            key: 'f',
            label: 'Material',
            ruleId: heightRuleId,
            op: 'one_of',
            field: 'material',
            values: ['Stone'],
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(422);
    const fields = response.json().error.fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual([
      'checks.0.ruleId',
      'checks.1.ruleId',
      'checks.2.field',
      'checks.3.field',
      'checks.4.unit',
      'checks.5.values',
    ]);
    expect(fields['checks.2.field']).toBe(
      '“Colour” is not a number: only a number can be at most or at least a limit.',
    );
    expect(fields['checks.5.values']).toBe(
      'Not an option of “Material”: Stone. Its options are Wood, Vinyl, Wrought iron.',
    );
  });

  it('refuses a duplicate name (409) and duplicate keys, and a window without its source', async () => {
    const name = await as('manager', 'POST', types(elm.id), fenceTypeInput({ name: 'rear FENCE' }));
    expect(name.statusCode).toBe(409);
    expect(name.json().error.fields.name).toBe(
      'This association already has a project type named “rear FENCE”.',
    );
    const keys = fenceTypeInput({ name: 'Keys' });
    keys.fields = [...keys.fields, { key: 'height', label: 'Again', kind: 'text' }];
    const twice = await as('manager', 'POST', types(elm.id), keys);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.fields).toEqual({
      'fields.5.key': 'Another question already has the key “height”.',
    });
    const unsourced = await as(
      'manager',
      'POST',
      types(elm.id),
      fenceTypeInput({ name: 'Window', reviewDays: 30 }),
    );
    expect(unsourced.statusCode).toBe(400);
    expect(unsourced.json().error.fields).toHaveProperty('reviewDaysSource');
    const windowless = await as(
      'manager',
      'POST',
      types(elm.id),
      fenceTypeInput({ name: 'Windowless', reviewDays: null, reviewDaysSource: 'CC&Rs §7.3' }),
    );
    expect(windowless.statusCode).toBe(422);
    expect(windowless.json().error.fields).toEqual({
      reviewDaysSource: 'Give the review window’s number of days with its source, or leave the source empty.',
    });
  });

  it('changes a type; another association’s is not found', async () => {
    const list = (await as('manager', 'GET', types(elm.id))).json().projectTypes as ArcProjectType[];
    const other = list.find((type) => type.kind === 'other')!;
    const changed = await as('manager', 'PUT', types(elm.id, `/${other.id}`), {
      ...fenceTypeInput({ name: 'Other', kind: 'other' }),
      feeCents: 1000,
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: other.id, feeCents: 1000, active: false });
    expect(
      (await as('manager', 'PUT', types(bay.id, `/${other.id}`), fenceTypeInput({ name: 'Other' })))
        .statusCode,
    ).toBe(404);
    // An inactive type is not offered to owners.
    const offered = (
      await as('resident', 'GET', `/api/resident-portal/arc/project-types?unitId=${elm.unitIds.E1}`)
    ).json().projectTypes as ArcProjectType[];
    expect(offered.map((type) => type.name)).not.toContain('Other');
  });
});

/** Makes a request at the unit and sends every file its type needs; returns the request as the owner sees it. */
async function completeRequest(propertyId: string, unitId: string, typeName: string, answers: object) {
  const list = (await as('manager', 'GET', types(propertyId))).json().projectTypes as ArcProjectType[];
  const type = list.find((candidate) => candidate.name === typeName)!;
  const created = await as('resident', 'POST', '/api/resident-portal/arc/requests', {
    unitId,
    projectTypeId: type.id,
    title: `${typeName} request`,
    answers,
  });
  expect(created.statusCode, created.body).toBe(201);
  let request = created.json();
  for (const file of type.files) {
    const pdf = await pdfOf([`${file.label}`, 'Cedar fence, height 8 ft, 40 ft long']);
    const sent = await as(
      'resident',
      'POST',
      `/api/resident-portal/arc/requests/${request.id}/files`,
      arcFileForm({ name: `${file.key}.pdf`, bytes: pdf }, file.key),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    request = sent.json();
  }
  return request;
}

describe('the decision due date and where it comes from', () => {
  it('counts the type’s window from the day it was complete in the association’s time zone (Texas)', async () => {
    const request = await completeRequest(elm.id, elm.unitIds.E1!, 'Rear fence', {
      height: 96,
      length: 40,
      material: 'Wood',
      colour: 'Cedar',
    });
    const completeOn = localClock(new Date(request.completeAt), 'America/Chicago').date;
    expect(request).toMatchObject({
      status: 'under_review',
      decisionDueOn: addDays(completeOn, 30),
      dueSource: '30 days — Architectural Guidelines §3.1',
    });
  });

  it('uses California’s 45 days for solar whatever the type says', async () => {
    const list = (await as('manager', 'POST', types(bay.id, '/defaults'))).json()
      .projectTypes as ArcProjectType[];
    const solar = list.find((type) => type.kind === 'solar')!;
    const changed = await as('manager', 'PUT', types(bay.id, `/${solar.id}`), {
      kind: solar.kind,
      name: solar.name,
      description: solar.description,
      fields: solar.fields,
      files: solar.files,
      checks: solar.checks,
      feeCents: solar.feeCents,
      active: solar.active,
      reviewDays: 30,
      reviewDaysSource: 'CC&Rs §7.3',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const request = await completeRequest(bay.id, bay.unitIds.B1!, 'Solar panels', {
      system_size: 6.4,
      panel_count: 16,
      mounting: 'Roof',
      placement: 'South roof face',
    });
    const completeOn = localClock(new Date(request.completeAt), 'America/Los_Angeles').date;
    expect(request).toMatchObject({
      decisionDueOn: addDays(completeOn, 45),
      dueSource: '45 days — Cal. Civ. Code §714(e)(2)(B)',
    });
  });

  it('sets no due date where neither the type nor the law gives a window', async () => {
    const request = await completeRequest(bay.id, bay.unitIds.B1!, 'Fence', {
      height: 72,
      length: 20,
      material: 'Wood',
      colour: 'Natural',
      location: 'Rear yard',
    });
    expect(request).toMatchObject({
      status: 'under_review',
      decisionDueOn: null,
      dueSource: "No review window is set for this project type: the association's documents decide",
    });
  });
});

describe('the reviewers’ detail', () => {
  it('shows the guideline checks with the clause quoted, and the decision item', async () => {
    const [request] = await t.database.db
      .select({ id: arcRequests.id })
      .from(arcRequests)
      .where(eq(arcRequests.propertyId, elm.id));
    const detail = await as('board', 'GET', `/api/properties/${elm.id}/arc/requests/${request!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.decisionItemId).toEqual(expect.any(String));
    expect(body.checks).toHaveLength(1);
    const [check] = body.checks;
    expect(arcCheckOutcomeSchema.safeParse(check).success).toBe(true);
    expect(check).toMatchObject({
      key: 'height_limit',
      rule: {
        id: heightRuleId,
        title: 'Fence height',
        sectionNumber: '3.2',
        documentTitle: 'Architectural Guidelines',
        excerpt: 'No fence shall exceed six (6) feet in height.',
      },
    });
    // The owner sees neither.
    const mine = (await as('resident', 'GET', `/api/resident-portal/arc/requests/${request!.id}`)).json();
    expect(mine).toMatchObject({ checks: null, decisionItemId: null });
    expect(
      (await as('manager', 'GET', `/api/properties/${bay.id}/arc/requests/${request!.id}`)).statusCode,
    ).toBe(404);
  });
});
