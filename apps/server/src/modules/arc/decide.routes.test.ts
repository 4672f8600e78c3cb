import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArcRequest } from '@commonwise/contracts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import {
  arcCommittee,
  arcFileForm,
  confirmedRule,
  fenceTypeInput,
  own,
  personId,
} from '../../test/fixtures/arc-fixtures.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { inspectionDueDays } from './inspection.ts';

/**
 * Deciding architectural requests, their letters and the inspection of approved work (issue 22 items
 * 3 and 4), as callers see them. Elm Park is a Texas association whose architectural review committee
 * is board@ alone; Bay Vista is a California one decided by its board (board@). resident@ owns E1 and B1.
 */

let t: TestApp;
const cookies: Record<string, string> = {};
let elm: { id: string; unitIds: Record<string, string> };
let bay: { id: string; unitIds: Record<string, string> };
let elmFence: string;
let bayFence: string;
let heightRuleId: string;
let residentId: string;

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, cookies[who], {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const staff = (propertyId: string, requestId: string, path = '') =>
  `/api/properties/${propertyId}/arc/requests/${requestId}${path}`;
const mine = (requestId: string, path = '') => `/api/resident-portal/arc/requests/${requestId}${path}`;
const today = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A complete fence request of resident@ (no files required), under review with its decision item. */
async function fenceRequest(property: { id: string; unitIds: Record<string, string> }, typeId: string) {
  const unitId = Object.values(property.unitIds)[0]!;
  const made = await as('resident', 'POST', '/api/resident-portal/arc/requests', {
    unitId,
    projectTypeId: typeId,
    title: 'Rear fence',
    answers: { height: 72, length: 40, material: 'Wood', colour: 'Cedar' },
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = (made.json() as ArcRequest).id;
  const detail = (await as('manager', 'GET', staff(property.id, id))).json() as ArcRequest;
  expect(detail).toMatchObject({ status: 'under_review' });
  return { id, itemId: detail.decisionItemId! };
}

const vote = (propertyId: string, itemId: string, choice: string) =>
  as('board', 'POST', `/api/properties/${propertyId}/decisions/${itemId}/votes`, { choice });

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a5c3e' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'resident', 'board', 'manager2'])
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
  residentId = await personId(db, 'resident');
  await own(db, elm.unitIds.E1!, residentId);
  await own(db, bay.unitIds.B1!, residentId);
  await arcCommittee(db, elm.id, [await personId(db, 'board')]);
  heightRuleId = await confirmedRule(db, elm.id, {
    title: 'Fence height',
    excerpt: 'No fence shall exceed six (6) feet in height.',
    sectionNumber: '3.2',
  });
  for (const [property, set] of [
    [elm, (id: string) => (elmFence = id)],
    [bay, (id: string) => (bayFence = id)],
  ] as const) {
    const created = await as(
      'manager',
      'POST',
      `/api/properties/${property.id}/arc/project-types`,
      fenceTypeInput({ files: [], reviewDays: 30, reviewDaysSource: 'CC&Rs §5.3' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    set(created.json().id);
  }
});

afterAll(async () => {
  await t?.close();
});

const fullDenial = {
  method: 'votes',
  outcome: 'deny',
  reasons:
    'The fence is 72 in high; the guidelines allow 6 ft at most along a rear line visible from the street.',
  rulesCited: 'Architectural Guidelines §3.2: “No fence shall exceed six (6) feet in height.”',
  changesNeeded: 'A fence of 6 ft (72 in) or lower, measured from the ground on the owner’s side.',
  appeal:
    'You may request a hearing before the board within 30 days of this letter (Tex. Prop. Code §209.00505).',
} as const;

describe('deciding a request', () => {
  it('in Texas refuses a denial without the changes needed, names each missing part, and writes nothing', async () => {
    const { id } = await fenceRequest(elm, elmFence);
    const bare = await as('board', 'POST', staff(elm.id, id, '/decision'), {
      method: 'votes',
      outcome: 'deny',
    });
    expect(bare.statusCode, bare.body).toBe(422);
    expect(bare.json().error).toMatchObject({
      code: 'DENIAL_INCOMPLETE',
      fields: {
        reasons: 'A denial states its reasons',
        rulesCited: 'A denial cites the rule it relies on',
        appeal: 'A denial says how to ask for reconsideration or a hearing',
        changesNeeded: expect.stringContaining('In Texas a denial states the changes'),
      },
    });
    const { changesNeeded: _omitted, ...withoutChanges } = fullDenial;
    const noChanges = await as('board', 'POST', staff(elm.id, id, '/decision'), withoutChanges);
    expect(noChanges.statusCode).toBe(422);
    expect(Object.keys(noChanges.json().error.fields)).toEqual(['changesNeeded']);
    const detail = (await as('manager', 'GET', staff(elm.id, id))).json() as ArcRequest;
    expect(detail).toMatchObject({ status: 'under_review', decision: null, decisionLetter: null });
    // The reviewers see what a denial must contain here, from the jurisdiction file.
    expect(detail.denialRequirements).toMatchObject({
      changesNeeded: true,
      statute: 'Tex. Prop. Code §209.00505',
      appealSuggestion: expect.stringContaining('within 30 days'),
    });
  });

  it('refuses a decision the votes do not carry, then denies with reasons, drafts the letter and tells the owner', async () => {
    const { id, itemId } = await fenceRequest(elm, elmFence);
    const early = await as('board', 'POST', staff(elm.id, id, '/decision'), fullDenial);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe('VOTES_DO_NOT_CARRY');

    expect((await vote(elm.id, itemId, 'deny')).statusCode).toBe(200);
    const decided = await as('board', 'POST', staff(elm.id, id, '/decision'), fullDenial);
    expect(decided.statusCode, decided.body).toBe(200);
    const request = decided.json() as ArcRequest;
    expect(request).toMatchObject({
      status: 'decided',
      decision: 'deny',
      reasons: fullDenial.reasons,
      rulesCited: fullDenial.rulesCited,
      changesNeeded: fullDenial.changesNeeded,
      appeal: fullDenial.appeal,
      decisionLetter: { status: 'draft' },
      actions: [],
    });

    // The letter says everything the denial must.
    const letter = (
      await as('manager', 'GET', `/api/properties/${elm.id}/letters/${request.decisionLetter!.id}`)
    ).json();
    expect(letter.title).toBe('Architectural review decision, unit E1');
    for (const part of [
      'denied your fence request “Rear fence”',
      `Reasons: ${fullDenial.reasons}`,
      `The rule relied on: ${fullDenial.rulesCited}`,
      `Changes that would make the project approvable: ${fullDenial.changesNeeded}`,
      `Your right to ask again: ${fullDenial.appeal}`,
    ])
      expect(letter.body).toContain(part);

    // The owner sees the decision now and the letter once a person sends it.
    const before = (await as('resident', 'GET', mine(id))).json() as ArcRequest;
    expect(before).toMatchObject({ decision: 'deny', decisionLetter: null, denialRequirements: null });
    const sent = await as('manager', 'POST', `/api/properties/${elm.id}/letters/${letter.id}/send`, {
      deliveries: [{ recipientId: residentId, method: 'hand', confirmations: [] }],
      acknowledgeUnknownRules: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const after = (await as('resident', 'GET', mine(id))).json() as ArcRequest;
    expect(after.decisionLetter).toEqual({ id: letter.id, status: 'sent' });
    const bell = (await as('resident', 'GET', '/api/notifications')).json();
    expect(bell.rows.map((notification: { title: string }) => notification.title)).toContain(
      'Your fence request was denied',
    );

    // Decided once: again, or a late vote, is refused.
    const again = await as('board', 'POST', staff(elm.id, id, '/decision'), fullDenial);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REQUEST_NOT_CHANGEABLE');
    expect((await vote(elm.id, itemId, 'approve')).statusCode).toBe(409);
  });

  it('in California a denial needs no list of changes, but still its reasons, rule and reconsideration', async () => {
    const { id, itemId } = await fenceRequest(bay, bayFence);
    const detail = (await as('manager', 'GET', staff(bay.id, id))).json() as ArcRequest;
    expect(detail.denialRequirements).toMatchObject({
      changesNeeded: false,
      statute: 'Cal. Civ. Code §4765',
      appealSuggestion: expect.stringContaining('reconsidered at an open meeting of the board'),
    });
    expect((await vote(bay.id, itemId, 'deny')).statusCode).toBe(200);
    const { changesNeeded: _omitted, ...californian } = fullDenial;
    const decided = await as('board', 'POST', staff(bay.id, id, '/decision'), {
      ...californian,
      appeal: detail.denialRequirements!.appealSuggestion,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ decision: 'deny', changesNeeded: null });
  });

  it('approves with conditions only with the conditions stated', async () => {
    const { id, itemId } = await fenceRequest(bay, bayFence);
    // The reviewers see the association's earlier fence decision beside this one; the owner does not.
    const detail = (await as('manager', 'GET', staff(bay.id, id))).json() as ArcRequest;
    expect(detail.precedents).toEqual([
      expect.objectContaining({ decision: 'deny', unit: { label: 'B1' }, reasons: fullDenial.reasons }),
    ]);
    expect(((await as('resident', 'GET', mine(id))).json() as ArcRequest).precedents).toBeNull();
    expect((await vote(bay.id, itemId, 'approve_with_conditions')).statusCode).toBe(200);
    const bare = await as('manager', 'POST', staff(bay.id, id, '/decision'), {
      method: 'votes',
      outcome: 'approve_with_conditions',
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error).toMatchObject({
      code: 'CONDITIONS_REQUIRED',
      fields: { conditions: 'State the conditions of the approval' },
    });
    const decided = await as('manager', 'POST', staff(bay.id, id, '/decision'), {
      method: 'votes',
      outcome: 'approve_with_conditions',
      conditions: 'The finished side faces the neighbour.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const letter = (
      await as('manager', 'GET', `/api/properties/${bay.id}/letters/${decided.json().decisionLetter.id}`)
    ).json();
    expect(letter.body).toContain('with these conditions:\n\nThe finished side faces the neighbour.');
  });

  it('sends a request back for more information with what to send; the review starts again when it is changed', async () => {
    const { id, itemId } = await fenceRequest(elm, elmFence);
    expect((await vote(elm.id, itemId, 'more_information')).statusCode).toBe(200);
    const bare = await as('board', 'POST', staff(elm.id, id, '/decision'), {
      method: 'votes',
      outcome: 'more_information',
    });
    expect(bare.json().error).toMatchObject({
      code: 'NOTE_REQUIRED',
      fields: { note: 'Say what the owner must send' },
    });
    const sent = await as('board', 'POST', staff(elm.id, id, '/decision'), {
      method: 'votes',
      outcome: 'more_information',
      note: 'Which side of the fence faces the neighbour?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'more_information', decision: null, decisionLetter: null });
    const bell = (await as('resident', 'GET', '/api/notifications')).json();
    expect(
      bell.rows.find(
        (notification: { title: string }) =>
          notification.title === 'Your fence request needs more information',
      )?.body,
    ).toContain('Which side of the fence faces the neighbour?');

    const revised = await injectAs(t.app, cookies.resident, {
      method: 'PATCH',
      url: mine(id),
      payload: { description: 'The finished side faces the neighbour.', note: 'Answered the committee' },
    });
    expect(revised.statusCode, revised.body).toBe(200);
    const detail = (await as('manager', 'GET', staff(elm.id, id))).json() as ArcRequest;
    expect(detail.status).toBe('under_review');
    expect(detail.decisionItemId).not.toBe(itemId);
  });

  it('is not for someone outside the association (404), nor for someone who does not sit on the committee (403)', async () => {
    const { id } = await fenceRequest(elm, elmFence);
    const outsider = await as('manager2', 'POST', staff(elm.id, id, '/decision'), fullDenial);
    expect(outsider.statusCode).toBe(404);
    // The owner reads their own request, but deciding it is the committee's.
    const owner = await as('resident', 'POST', staff(elm.id, id, '/decision'), fullDenial);
    expect([403, 404]).toContain(owner.statusCode);
  });
});

describe('approved work, finished and inspected', () => {
  async function approved() {
    const { id, itemId } = await fenceRequest(elm, elmFence);
    expect((await vote(elm.id, itemId, 'approve')).statusCode).toBe(200);
    const decided = await as('board', 'POST', staff(elm.id, id, '/decision'), {
      method: 'votes',
      outcome: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    return id;
  }
  const sendPhoto = async (id: string) =>
    injectAs(t.app, cookies.resident, {
      method: 'POST',
      url: mine(id, '/files'),
      payload: arcFileForm(
        { name: 'finished.png', bytes: await photo(), type: 'image/png' },
        'completion_photos',
      ),
    });

  it('takes the owner’s report only with a photo, then puts the inspection before the reviewers', async () => {
    const id = await approved();
    const owner = (await as('resident', 'GET', mine(id))).json() as ArcRequest;
    expect(owner.actions).toContain('report_completion');
    const early = await as('resident', 'POST', mine(id, '/completion'), {});
    expect(early.statusCode).toBe(422);
    expect(early.json().error.code).toBe('PHOTOS_REQUIRED');
    const pdf = await injectAs(t.app, cookies.resident, {
      method: 'POST',
      url: mine(id, '/files'),
      payload: arcFileForm(
        { name: 'finished.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
        'completion_photos',
      ),
    });
    expect(pdf.statusCode).toBe(415);
    const uploaded = await sendPhoto(id);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((uploaded.json() as ArcRequest).revision).toBe(1);
    const reported = await as('resident', 'POST', mine(id, '/completion'), { note: 'Finished on Saturday.' });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toMatchObject({
      status: 'pending_inspection',
      inspectionDueOn: addDays(today('America/Chicago'), inspectionDueDays),
    });
    const twice = await as('resident', 'POST', mine(id, '/completion'), {});
    expect(twice.statusCode).toBe(409);
    const reviewer = (await as('manager', 'GET', staff(elm.id, id))).json() as ArcRequest;
    expect(reviewer.actions).toEqual(['pass_inspection', 'fail_inspection']);

    const passed = await as('board', 'POST', staff(elm.id, id, '/inspection'), { result: 'pass' });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json()).toMatchObject({ status: 'closed', inspectionResult: 'pass', violationId: null });
  });

  it('a failed inspection needs what was found and the rule, closes the request and opens a violation quoting the decision', async () => {
    const id = await approved();
    expect((await sendPhoto(id)).statusCode).toBe(200);
    expect((await as('resident', 'POST', mine(id, '/completion'), {})).statusCode).toBe(200);
    const bare = await as('manager', 'POST', staff(elm.id, id, '/inspection'), { result: 'fail' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error.fields).toEqual({
      note: 'Say what is wrong with the work',
      ruleId: 'Choose the rule the work breaks',
    });
    const failed = await as('manager', 'POST', staff(elm.id, id, '/inspection'), {
      result: 'fail',
      note: 'The fence is 8 ft high, not the 6 ft approved.',
      ruleId: heightRuleId,
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const request = failed.json() as ArcRequest;
    expect(request).toMatchObject({ status: 'closed', inspectionResult: 'fail' });
    const violation = (await as('manager', 'GET', `/api/violations/${request.violationId}`)).json();
    expect(violation).toMatchObject({ source: 'arc_inspection', status: 'open', unit: { label: 'E1' } });
    expect(JSON.stringify(violation.events)).toContain('The fence is 8 ft high, not the 6 ft approved.');
    expect(JSON.stringify(violation.events)).toContain('“Rear fence” (revision 1) was approved');
  });

  it('takes no photos of finished work for a request that was not approved', async () => {
    const { id } = await fenceRequest(elm, elmFence);
    const response = await sendPhoto(id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('REQUEST_NOT_CHANGEABLE');
  });
});

describe('reconsideration', () => {
  const itemUrl = (itemId: string, path = '') => `/api/properties/${elm.id}/decisions/${itemId}${path}`;

  async function deniedRequest() {
    const { id, itemId } = await fenceRequest(elm, elmFence);
    expect((await vote(elm.id, itemId, 'deny')).statusCode).toBe(200);
    const decided = await as('board', 'POST', staff(elm.id, id, '/decision'), fullDenial);
    expect(decided.statusCode, decided.body).toBe(200);
    return id;
  }

  it('puts the owner’s request before the board once, and an approval replaces the denial', async () => {
    const id = await deniedRequest();
    const owner = (await as('resident', 'GET', mine(id))).json() as ArcRequest;
    expect(owner.actions).toContain('ask_reconsideration');
    const blank = await as('resident', 'POST', mine(id, '/reconsideration'), { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toMatchObject({ reason: 'Say why the board should reconsider' });

    const reason = 'The 72 in includes the 6 in lattice topper, which the guidelines do not count.';
    const asked = await as('resident', 'POST', mine(id, '/reconsideration'), { reason });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      status: 'decided',
      decision: 'deny',
      reconsideration: { reason, outcome: null, decidedAt: null, itemId: null },
    });
    expect((asked.json() as ArcRequest).actions).not.toContain('ask_reconsideration');
    const again = await as('resident', 'POST', mine(id, '/reconsideration'), { reason: 'Please' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('RECONSIDERATION_ASKED');

    // The board's item: its background quotes the decision and the owner's reason; nobody withdraws it.
    const staffView = (await as('manager', 'GET', staff(elm.id, id))).json() as ArcRequest;
    const itemId = staffView.reconsideration!.itemId!;
    const item = (await as('board', 'GET', itemUrl(itemId))).json();
    expect(item).toMatchObject({
      kind: 'reconsideration',
      status: 'open',
      title: 'Reconsider: fence request at unit E1',
      options: [
        { key: 'uphold', label: 'Uphold the decision' },
        { key: 'approve', label: 'Approve the request' },
      ],
    });
    expect(item.background).toContain(fullDenial.reasons);
    expect(item.background).toContain(reason);
    const bell = (await as('board', 'GET', '/api/notifications?limit=50')).json();
    expect(bell.rows).toContainEqual(
      expect.objectContaining({
        title: 'To decide: reconsider the fence request at unit E1',
        link: `/decisions/${elm.id}/${itemId}`,
      }),
    );
    const withdraw = await as('manager', 'POST', itemUrl(itemId, '/withdraw'));
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().error.code).toBe('RECONSIDERATION_ANSWERED');

    expect((await vote(elm.id, itemId, 'approve')).statusCode).toBe(200);
    const decided = await as('board', 'POST', itemUrl(itemId, '/decide'), {
      method: 'votes',
      outcome: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const after = (await as('resident', 'GET', mine(id))).json() as ArcRequest;
    expect(after).toMatchObject({
      status: 'decided',
      decision: 'approve',
      conditions: null,
      reconsideration: { outcome: 'approve', itemId: null },
    });
    expect(after.reconsideration!.decidedAt).not.toBeNull();
    // Approved: the owner may now report the work finished.
    expect(after.actions).toContain('report_completion');
    const told = (await as('resident', 'GET', '/api/notifications?limit=50')).json();
    expect(told.rows).toContainEqual(
      expect.objectContaining({
        title: 'Approved on reconsideration: your fence request',
        link: `/resident-portal/arc/${id}`,
      }),
    );
  });

  it('keeps the decision when the board upholds it, and refuses to reconsider a plain approval', async () => {
    const id = await deniedRequest();
    expect(
      (await as('resident', 'POST', mine(id, '/reconsideration'), { reason: 'The neighbour agreed.' }))
        .statusCode,
    ).toBe(200);
    const itemId = ((await as('manager', 'GET', staff(elm.id, id))).json() as ArcRequest).reconsideration!
      .itemId!;
    const upheld = await as('manager', 'POST', itemUrl(itemId, '/decide'), {
      method: 'meeting',
      outcome: 'uphold',
      heldOn: today('America/Chicago'),
      counts: { uphold: 1 },
    });
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect((await as('resident', 'GET', mine(id))).json()).toMatchObject({
      decision: 'deny',
      reconsideration: { outcome: 'uphold' },
      actions: [],
    });

    const { id: approvedId, itemId: approvalItem } = await fenceRequest(elm, elmFence);
    expect((await vote(elm.id, approvalItem, 'approve')).statusCode).toBe(200);
    expect(
      (
        await as('board', 'POST', staff(elm.id, approvedId, '/decision'), {
          method: 'votes',
          outcome: 'approve',
        })
      ).statusCode,
    ).toBe(200);
    const refused = await as('resident', 'POST', mine(approvedId, '/reconsideration'), { reason: 'Why?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NOT_RECONSIDERABLE');
  });
});
