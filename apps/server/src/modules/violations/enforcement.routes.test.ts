import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EnforcementPolicy,
  EnforcementState,
  JurisdictionId,
  Letter,
  ViolationList,
} from '@commonwise/contracts';
import {
  charges,
  committeeMembers,
  committees,
  inspections,
  profiles,
  violationEvents,
  violationRules,
  violations,
} from '../../db/schema/index.ts';
import { makeAssociation } from '../../test/fixtures/association.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * Enforcement after a violation (issue 21 items 4 and 6): stages in order, each letter approved by a
 * person before it is sent (by the board where the association says so), the hearing's notice period
 * counted from delivery, the committee's votes, and a fine on the unit's ledger only when the
 * procedure and the state's law allow it. Time passes by moving the records back (deliveries are
 * evidence and cannot be edited through the product; the test steps around the trigger to do it).
 */

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });

type Place = { propertyId: string; unitId: string; ruleId: string; jurisdiction: JurisdictionId };

async function association(name: string, jurisdiction: JurisdictionId, fines: number[] = [10_000]) {
  const made = await makeAssociation(t, {
    name,
    jurisdiction,
    timeZone: 'America/Los_Angeles',
    unitLabels: ['1'],
  });
  const db = t.database.db;
  await db.execute(
    sql`insert into unit_ownerships (unit_id, user_id, starts_on) values (${made.unitIds['1']!}, ${ids.resident!}, '2020-01-01')`,
  );
  const [rule] = await db
    .insert(violationRules)
    .values({
      propertyId: made.id,
      status: 'confirmed',
      title: 'Trash containers out of sight',
      category: 'trash',
      excerpt: 'Containers shall be stored out of sight except on collection days.',
      excerptKey: 'containers shall be stored out of sight except on collection days.',
      sectionNumber: '7.4',
      defaultCureDays: 10,
      fineScheduleCents: fines,
      confirmedAt: new Date(),
    })
    .returning({ id: violationRules.id });
  const installed = await as('manager', 'POST', `/api/properties/${made.id}/enforcement-policy/defaults`);
  expect(installed.statusCode).toBe(200);
  return { propertyId: made.id, unitId: made.unitIds['1']!, ruleId: rule!.id, jurisdiction };
}

/** A violation observed 30 days ago (recorded as an inspection would). */
async function violation(place: Place) {
  const db = t.database.db;
  const observedAt = new Date(Date.now() - 30 * 86_400_000);
  const [inspection] = await db
    .insert(inspections)
    .values({
      propertyId: place.propertyId,
      inspectorId: ids.manager!,
      startedAt: observedAt,
      endedAt: observedAt,
    })
    .returning();
  const [row] = await db
    .insert(violations)
    .values({
      propertyId: place.propertyId,
      unitId: place.unitId,
      ruleId: place.ruleId,
      inspectionId: inspection!.id,
      source: 'inspection',
      observedAt,
      cureDueOn: '2020-01-01',
      createdBy: ids.manager!,
    })
    .returning({ id: violations.id });
  await db
    .insert(violationEvents)
    .values({ violationId: row!.id, kind: 'observed', actorId: ids.manager!, at: observedAt });
  return row!.id;
}

const enforcement = async (violationId: string, who = 'manager') => {
  const response = await as(who, 'GET', `/api/violations/${violationId}/enforcement`);
  expect(response.statusCode).toBe(200);
  return response.json() as EnforcementState;
};

/** The delivery each jurisdiction asks for (Texas: certified with a tracking number; California: the preferred method). */
const deliveryFor = (jurisdiction: JurisdictionId) =>
  jurisdiction === 'TX'
    ? { recipientId: ids.resident!, method: 'certified', trackingNumber: '9400 1000 0000 0000 0000 00' }
    : jurisdiction === 'CA'
      ? { recipientId: ids.resident!, method: 'portal', confirmations: ['ca-preferred-method'] }
      : { recipientId: ids.resident!, method: 'portal' };

/** Submits, approves (as `approver`) and sends a letter. */
async function approveAndSend(place: Place, letterId: string, approver = 'admin') {
  const base = `/api/properties/${place.propertyId}/letters/${letterId}`;
  expect((await as('manager', 'POST', `${base}/submit`)).statusCode).toBe(200);
  const approved = await as(approver, 'POST', `${base}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  const sent = await as('manager', 'POST', `${base}/send`, {
    deliveries: [deliveryFor(place.jurisdiction)],
    acknowledgeUnknownRules: true,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as Letter;
}

/** Moves a violation's deliveries and hearings `days` into the past, as if that time had gone by. */
async function timePasses(violationId: string, days: number) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update letter_deliveries set delivered_on = delivered_on - ${days}::int where letter_id in
        (select letter_id from violation_notices where violation_id = ${violationId})`,
    );
    await tx.execute(
      sql`update violation_hearings set scheduled_at = scheduled_at - make_interval(days => ${days}::int)
        where violation_id = ${violationId}`,
    );
  });
}

async function draft(violationId: string, stage: number, who = 'manager') {
  return as(who, 'POST', `/api/violations/${violationId}/notices`, { stage });
}

/** The violation brought to its hearing: the two notices sent, and the hearing scheduled, noticed and held. */
async function toHeldHearing(place: Place, committeeId: string) {
  const violationId = await violation(place);
  for (const stage of [1, 2]) {
    const state = (await draft(violationId, stage)).json() as EnforcementState;
    await approveAndSend(place, state.notices.at(-1)!.letterId);
    await timePasses(violationId, 15);
  }
  const scheduled = await as('manager', 'POST', `/api/violations/${violationId}/hearings`, {
    committeeId,
    scheduledAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    place: 'Clubhouse',
  });
  expect(scheduled.statusCode, scheduled.body).toBe(200);
  const state = scheduled.json() as EnforcementState;
  await approveAndSend(place, state.notices.at(-1)!.letterId);
  await timePasses(violationId, 21);
  return { violationId, hearingId: state.hearings[0]!.id };
}

async function boardOf(propertyId: string) {
  const [board] = await t.database.db
    .select({ id: committees.id })
    .from(committees)
    .where(and(eq(committees.propertyId, propertyId), eq(committees.kind, 'board')));
  return board!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'resident', 'board'] as const) cookies[who] = await t.cookieFor(who);
  const people = await t.database.db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  for (const person of people) ids[person.email.split('@')[0]!] = person.id;
});

afterAll(async () => {
  await t?.close();
});

describe('the stages', () => {
  it('installs the default ladder and letters once, and refuses stages out of order', async () => {
    const place = await association('Stage Hollow', 'CA');
    const policy = (
      await as('board', 'GET', `/api/properties/${place.propertyId}/enforcement-policy`)
    ).json() as EnforcementPolicy;
    expect(policy.isSaved).toBe(true);
    expect(policy.stages.map((stage) => stage.kind)).toEqual(['notice', 'notice', 'hearing', 'fine']);
    expect(policy.templates.map((template) => template.key)).toEqual([
      'violation-courtesy',
      'violation-decision',
      'violation-fine',
      'violation-hearing',
      'violation-notice',
    ]);
    expect(policy.law.find((line) => line.label.startsWith('Curing'))).toMatchObject({
      value: 'Yes',
      statute: 'Cal. Civ. Code §5855',
    });
    const again = await as(
      'manager',
      'POST',
      `/api/properties/${place.propertyId}/enforcement-policy/defaults`,
    );
    expect((again.json() as EnforcementPolicy).templates).toHaveLength(5);

    const stage = policy.stages[0]!;
    const outOfOrder = await as('manager', 'PUT', `/api/properties/${place.propertyId}/enforcement-policy`, {
      stages: [{ ...stage, kind: 'fine', name: 'Fine first' }, stage],
    });
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.json().error.fields['stages.0.kind']).toBe('The first stage is a notice');
    const unknownTemplate = await as(
      'manager',
      'PUT',
      `/api/properties/${place.propertyId}/enforcement-policy`,
      {
        stages: [{ ...stage, templateKey: 'no-such-letter' }],
      },
    );
    expect(unknownTemplate.statusCode).toBe(422);
    expect(unknownTemplate.json().error.code).toBe('TEMPLATE_NOT_FOUND');
    const byBoard = await as('board', 'PUT', `/api/properties/${place.propertyId}/enforcement-policy`, {
      stages: policy.stages,
    });
    expect(byBoard.statusCode).toBe(403);
    const byResident = await as('resident', 'GET', `/api/properties/${place.propertyId}/enforcement-policy`);
    expect(byResident.statusCode).toBe(403);
  });
});

describe('notices', () => {
  it('takes stages in order, each approved before it is sent, with the clause quoted and the days waited', async () => {
    const place = await association('Notice Park', 'CA');
    const violationId = await violation(place);
    let state = await enforcement(violationId);
    expect(state.step).toMatchObject({
      nextStage: 1,
      nextStageName: 'Courtesy notice',
      blockedBecause: null,
    });

    const skipping = await draft(violationId, 2);
    expect(skipping.statusCode).toBe(409);
    expect(skipping.json().error.code).toBe('STAGE_NOT_AVAILABLE');
    expect((await draft(violationId, 1, 'board')).statusCode).toBe(403);

    state = (await draft(violationId, 1)).json() as EnforcementState;
    const notice = state.notices[0]!;
    expect(notice).toMatchObject({ stage: 1, stageName: 'Courtesy notice', letterStatus: 'draft' });
    expect(notice.cureDueOn).not.toBeNull();
    const letter = (
      await as('manager', 'GET', `/api/properties/${place.propertyId}/letters/${notice.letterId}`)
    ).json() as Letter;
    expect(letter.body).toContain('"Containers shall be stored out of sight except on collection days."');
    expect(letter.body).toContain('§7.4');
    expect(state.step.blockedBecause).toBe('The Courtesy notice letter has not been sent yet.');

    // Nothing is sent without approval, and the one who drafted it does not approve it.
    const base = `/api/properties/${place.propertyId}/letters/${notice.letterId}`;
    const unapproved = await as('manager', 'POST', `${base}/send`, { deliveries: [deliveryFor('CA')] });
    expect(unapproved.statusCode).toBe(403);
    expect(unapproved.json().error.code).toBe('APPROVAL_REQUIRED');
    expect((await as('manager', 'POST', `${base}/submit`)).statusCode).toBe(200);
    expect((await as('manager', 'POST', `${base}/approve`)).json().error.code).toBe('OWN_LETTER');
    expect((await as('admin', 'POST', `${base}/approve`)).statusCode).toBe(200);
    expect(
      (await as('manager', 'POST', `${base}/send`, { deliveries: [deliveryFor('CA')] })).statusCode,
    ).toBe(200);

    state = await enforcement(violationId);
    expect(state.notices[0]!.deliveredOn).not.toBeNull();
    // The list shows the last notice sent, and filters by it.
    const atStage = async (stage: number) =>
      (
        await as('manager', 'GET', `/api/violations?propertyId=${place.propertyId}&stage=${stage}`)
      ).json() as ViolationList;
    expect((await atStage(1)).violations).toMatchObject([
      { id: violationId, stage: 1, stageName: 'Courtesy notice' },
    ]);
    expect((await atStage(0)).violations).toHaveLength(0);
    expect((await as('manager', 'GET', '/api/violations?stage=9')).statusCode).toBe(400);
    expect(state.step.nextStage).toBe(2);
    expect(state.step.blockedBecause).toMatch(
      /^The Violation notice may start on .+, 14 days after the Courtesy notice was delivered\.$/,
    );
    expect((await draft(violationId, 2)).statusCode).toBe(409);
    await timePasses(violationId, 14);
    expect((await draft(violationId, 2)).statusCode).toBe(200);
  });
});

describe('hearings and fines', () => {
  it('California: the notice period, the votes, the cap and its health-and-safety finding, the fine on the ledger', async () => {
    const place = await association('Fine Meadow', 'CA');
    const boardId = await boardOf(place.propertyId);
    const violationId = await violation(place);
    for (const stage of [1, 2]) {
      const state = (await draft(violationId, stage)).json() as EnforcementState;
      await approveAndSend(place, state.notices.at(-1)!.letterId);
      await timePasses(violationId, 15);
    }
    const tooSoon = await as('manager', 'POST', `/api/violations/${violationId}/hearings`, {
      committeeId: boardId,
      scheduledAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      place: 'Clubhouse',
    });
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json().error.message).toMatch(
      /at least 10 days’ notice, counted from delivery \(Cal\. Civ\. Code §5855\)/,
    );

    const scheduled = await as('manager', 'POST', `/api/violations/${violationId}/hearings`, {
      committeeId: boardId,
      scheduledAt: new Date(Date.now() + 12 * 86_400_000).toISOString(),
      place: 'Clubhouse',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    let state = scheduled.json() as EnforcementState;
    const hearingId = state.hearings[0]!.id;
    const hearingLetter = (
      await as(
        'manager',
        'GET',
        `/api/properties/${place.propertyId}/letters/${state.notices.at(-1)!.letterId}`,
      )
    ).json() as Letter;
    expect(hearingLetter.body).toContain('at Clubhouse');

    // Before it is held, nothing is decided; without its notice sent, no fine.
    const early = await as(
      'manager',
      'POST',
      `/api/violations/${violationId}/hearings/${hearingId}/decision`,
      {
        outcome: 'no_fine',
        decision: 'x',
      },
    );
    expect(early.json().error.code).toBe('HEARING_NOT_HELD');
    await approveAndSend(place, state.notices.at(-1)!.letterId);
    await timePasses(violationId, 13);

    const decide = (body: object) =>
      as('manager', 'POST', `/api/violations/${violationId}/hearings/${hearingId}/decision`, {
        outcome: 'fine',
        decision: 'The board found the violation and fined the owner.',
        ...body,
      });
    expect((await decide({ fineCents: 10_000 })).json().error.code).toBe('VOTES_DO_NOT_CARRY');
    const vote = await as('manager', 'POST', `/api/violations/${violationId}/hearings/${hearingId}/votes`, {
      userId: ids.board,
      vote: 'fine',
    });
    expect(vote.statusCode, vote.body).toBe(200);
    const twice = await as('manager', 'POST', `/api/violations/${violationId}/hearings/${hearingId}/votes`, {
      userId: ids.board,
      vote: 'no_fine',
    });
    expect(twice.json().error.code).toBe('ALREADY_VOTED');
    const stranger = await as(
      'manager',
      'POST',
      `/api/violations/${violationId}/hearings/${hearingId}/votes`,
      {
        userId: ids.resident,
        vote: 'fine',
      },
    );
    expect(stranger.json().error.code).toBe('NOT_A_MEMBER');

    const above = await decide({ fineCents: 25_000 });
    expect(above.statusCode).toBe(422);
    expect(above.json().error.code).toBe('HEALTH_SAFETY_FINDING_REQUIRED');
    expect(above.json().error.message).toContain('Cal. Civ. Code §5850');
    expect(await t.database.db.select().from(charges).where(eq(charges.unitId, place.unitId))).toHaveLength(
      0,
    );

    const decided = await decide({ fineCents: 10_000 });
    expect(decided.statusCode, decided.body).toBe(200);
    state = decided.json() as EnforcementState;
    expect(state.hearings[0]).toMatchObject({ status: 'decided', outcome: 'fine', fineCents: 10_000 });
    const posted = await t.database.db.select().from(charges).where(eq(charges.unitId, place.unitId));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ kind: 'fine', amountCents: 10_000, id: state.hearings[0]!.chargeId });
    // The written decision waits for approval; the fine notice after it, for the decision to go out.
    expect(state.notices.at(-1)).toMatchObject({ stageName: 'Hearing decision', letterStatus: 'draft' });
    expect(state.step.blockedBecause).toBe('The Hearing decision letter has not been sent yet.');
    await approveAndSend(place, state.notices.at(-1)!.letterId);
    state = await enforcement(violationId);
    expect(state.step).toMatchObject({ nextStageKind: 'fine', blockedBecause: null });

    // The fine notice is the board's to approve (the default ladder says so), not a manager's.
    state = (await draft(violationId, 4)).json() as EnforcementState;
    const fineLetter = state.notices.at(-1)!;
    expect(fineLetter).toMatchObject({ approver: 'board', fineCents: 10_000 });
    const base = `/api/properties/${place.propertyId}/letters/${fineLetter.letterId}`;
    await as('manager', 'POST', `${base}/submit`);
    const byAdmin = await as('admin', 'POST', `${base}/approve`);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.code).toBe('BOARD_APPROVAL_REQUIRED');
    expect((await as('board', 'POST', `${base}/approve`)).statusCode).toBe(200);
  });

  it('California: a violation cured before the hearing cannot be fined', async () => {
    const place = await association('Cured Vale', 'CA');
    const { violationId, hearingId } = await toHeldHearing(place, await boardOf(place.propertyId));
    await as('manager', 'POST', `/api/violations/${violationId}/hearings/${hearingId}/votes`, {
      userId: ids.board,
      vote: 'fine',
    });
    await t.database.db
      .update(violations)
      .set({ status: 'cured', closedAt: new Date(Date.now() - 25 * 86_400_000) })
      .where(eq(violations.id, violationId));
    const refused = await as(
      'manager',
      'POST',
      `/api/violations/${violationId}/hearings/${hearingId}/decision`,
      {
        outcome: 'fine',
        decision: 'Fined.',
        fineCents: 5_000,
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'The violation was cured before the hearing, which bars a fine (Cal. Civ. Code §5855).',
    );
    expect(await t.database.db.select().from(charges).where(eq(charges.unitId, place.unitId))).toHaveLength(
      0,
    );
  });

  it('Florida: the fine needs an independent committee of three, and a board member cannot join it', async () => {
    const place = await association('Palm Reach', 'FL-720');
    const boardId = await boardOf(place.propertyId);
    const { violationId, hearingId } = await toHeldHearing(place, boardId);
    await as('manager', 'POST', `/api/violations/${violationId}/hearings/${hearingId}/votes`, {
      userId: ids.board,
      vote: 'fine',
    });
    const refused = await as(
      'manager',
      'POST',
      `/api/violations/${violationId}/hearings/${hearingId}/decision`,
      {
        outcome: 'fine',
        decision: 'Fined.',
        fineCents: 5_000,
      },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('INDEPENDENT_COMMITTEE_REQUIRED');
    expect(refused.json().error.message).toContain('§720.305(2)');

    const fining = await as('manager', 'POST', `/api/properties/${place.propertyId}/committees`, {
      kind: 'fining',
      name: 'Fining Committee',
    });
    expect(fining.statusCode, fining.body).toBe(201);
    const seat = await as(
      'manager',
      'POST',
      `/api/properties/${place.propertyId}/committees/${fining.json().id}/members`,
      {
        userId: ids.board,
        role: 'member',
        startsOn: '2026-01-01',
      },
    );
    expect(seat.statusCode).toBe(409);
    expect(seat.json().error.code).toBe('COMMITTEE_NOT_INDEPENDENT');
    expect(
      await t.database.db
        .select()
        .from(committeeMembers)
        .where(eq(committeeMembers.committeeId, fining.json().id)),
    ).toHaveLength(0);
  });

  it('Texas: the fine cap is not known, so the person deciding says they checked it', async () => {
    const place = await association('Lone Oak', 'TX');
    const { violationId, hearingId } = await toHeldHearing(place, await boardOf(place.propertyId));
    await as('manager', 'POST', `/api/violations/${violationId}/hearings/${hearingId}/votes`, {
      userId: ids.board,
      vote: 'fine',
    });
    const decide = (acknowledgeUnknownRules: boolean) =>
      as('manager', 'POST', `/api/violations/${violationId}/hearings/${hearingId}/decision`, {
        outcome: 'fine',
        decision: 'Fined.',
        fineCents: 7_500,
        acknowledgeUnknownRules,
      });
    const refused = await decide(false);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('UNKNOWN_RULES_NOT_ACKNOWLEDGED');
    expect(refused.json().error.message).toContain('Fine per violation');
    expect((await decide(true)).statusCode).toBe(200);
    const [fine] = await t.database.db.select().from(charges).where(eq(charges.unitId, place.unitId));
    expect(fine).toMatchObject({ kind: 'fine', amountCents: 7_500 });
  });
});
