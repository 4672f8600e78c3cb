import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArcRequest, ArcRequestList } from '@commonwise/contracts';
import { decisionItems, profiles, properties } from './schema/index.ts';
import { readDemoDocument } from '../modules/documents/demo-documents.ts';
import { localClock } from '../modules/notifications/zoned-time.ts';
import { createTestApp, injectAs, type TestApp } from '../test/test-app.ts';
import { confirmedRule } from '../test/fixtures/arc-fixtures.ts';
import { addDemoFenceChecks, seedDemoArc } from './seed-arc.ts';

/** Willow Creek's demo architectural review (issue 22), as the people of the demo see it. */

let t: TestApp;
let willowId: string;

const get = async (who: string, url: string) =>
  injectAs(t.app, await t.cookieFor(who as 'manager'), { method: 'GET', url });
const idOf = async (email: string) =>
  (await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
const seed = async () => {
  // Read before the transaction: on PGlite a statement beside an open transaction waits for it.
  const people = {
    resident: await idOf('resident@commonwise.test'),
    board: await idOf('board@commonwise.test'),
    manager: await idOf('manager@commonwise.test'),
  };
  await t.database.db.transaction((tx) => seedDemoArc(tx, t.app.storage, willowId, people));
};

beforeAll(async () => {
  t = await createTestApp();
  [{ id: willowId }] = (await t.database.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'))) as [{ id: string }];
  await seed();
});
afterAll(async () => t?.close());

describe('the demo architectural review', () => {
  it('takes the Fence window from a clause the demo CC&Rs really have', async () => {
    const text = (await readDemoDocument('willow-creek-ccrs')).join('\n');
    expect(text).toContain('Section 5.3 Review Procedure.');
    expect(text).toContain(
      'approve or disapprove each complete application in writing within forty-five (45) days',
    );
    const types = (await get('manager', `/api/properties/${willowId}/arc/project-types`)).json().projectTypes;
    expect(types).toHaveLength(7);
    expect(types.find((type: { kind: string }) => type.kind === 'fence')).toMatchObject({
      reviewDays: 45,
      reviewDaysSource: 'Declaration of CC&Rs §5.3(a)',
      checks: [],
    });
    expect(types.filter((type: { reviewDays: number | null }) => type.reviewDays !== null)).toHaveLength(1);
  });

  it('shows Ryan Chen his fence request, missing the contractor’s quote', async () => {
    const mine = (await get('resident', '/api/resident-portal/arc/requests')).json() as ArcRequestList;
    expect(mine.requests).toHaveLength(1);
    expect(mine.requests[0]).toMatchObject({
      status: 'incomplete',
      unit: { label: '14B' },
      missing: [{ kind: 'file', key: 'contractor_quote', label: 'Contractor quote' }],
    });
  });

  it('puts Beatrice Hall’s side fence before the committee, due 45 days after it was complete', async () => {
    const list = (await get('manager', `/api/arc/requests?propertyId=${willowId}`)).json() as ArcRequestList;
    const underReview = list.requests.find((request) => request.status === 'under_review')!;
    const completeOn = localClock(new Date(underReview.completeAt!), 'America/Chicago').date;
    const due = new Date(`${completeOn}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 45);
    expect(underReview).toMatchObject({
      unit: { label: '7A' },
      decisionDueOn: due.toISOString().slice(0, 10),
      dueSource: '45 days — Declaration of CC&Rs §5.3(a)',
    });
    const detail = (
      await get('manager', `/api/properties/${willowId}/arc/requests/${underReview.id}`)
    ).json() as ArcRequest;
    expect(detail.files).toHaveLength(2);
    const [item] = await t.database.db
      .select()
      .from(decisionItems)
      .where(and(eq(decisionItems.arcRequestId, underReview.id), eq(decisionItems.status, 'open')));
    expect(item).toMatchObject({
      id: detail.decisionItemId,
      kind: 'arc_request',
      dueOn: underReview.decisionDueOn,
    });
    const file = await get(
      'manager',
      `/api/properties/${willowId}/arc/requests/${underReview.id}/files/${detail.files[1]!.id}`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('checks fences against the CC&Rs’ fence clause once it is a rule in use: Beatrice Hall’s 6 ft cedar fence meets the height', async () => {
    const ruleId = await confirmedRule(t.database.db, willowId, {
      title: 'Fence height and materials',
      excerpt: 'No fence or wall in a Rear Yard shall exceed six (6) feet in height.',
      sectionNumber: '5.6',
    });
    await t.database.db.transaction((tx) => addDemoFenceChecks(tx, willowId, ruleId));
    await t.database.db.transaction((tx) => addDemoFenceChecks(tx, willowId, ruleId));
    const types = (await get('manager', `/api/properties/${willowId}/arc/project-types`)).json().projectTypes;
    const fence = types.find((type: { kind: string }) => type.kind === 'fence');
    expect(fence.checks.map((check: { key: string }) => check.key)).toEqual([
      'height_limit',
      'material_allowed',
      'good_neighbor_design',
    ]);
    const list = (await get('manager', `/api/arc/requests?propertyId=${willowId}`)).json() as ArcRequestList;
    const underReview = list.requests.find((request) => request.status === 'under_review')!;
    const detail = (
      await get('manager', `/api/properties/${willowId}/arc/requests/${underReview.id}`)
    ).json() as ArcRequest;
    expect(detail.checks!.map((check) => `${check.key}: ${check.result}`)).toEqual([
      'height_limit: meets',
      'material_allowed: meets',
      'good_neighbor_design: needs_judgment',
    ]);
    expect(detail.checks![0]!.rule).toMatchObject({ sectionNumber: '5.6' });
  });

  it('shows 11B’s fence approved with conditions at the committee’s meeting, as a precedent beside 7A’s', async () => {
    const list = (await get('manager', `/api/arc/requests?propertyId=${willowId}`)).json() as ArcRequestList;
    const approved = list.requests.find((request) => request.unit.label === '11B')!;
    expect(approved).toMatchObject({ status: 'decided', decision: 'approve_with_conditions' });
    const underReview = list.requests.find((request) => request.status === 'under_review')!;
    const detail = (
      await get('manager', `/api/properties/${willowId}/arc/requests/${underReview.id}`)
    ).json() as ArcRequest;
    expect(detail.precedents).toEqual([
      expect.objectContaining({
        id: approved.id,
        decision: 'approve_with_conditions',
        conditions: expect.stringContaining('The finished side faces the neighbouring yard'),
      }),
    ]);
  });

  it('adds nothing a second time', async () => {
    await seed();
    expect((await get('manager', `/api/arc/requests?propertyId=${willowId}`)).json().total).toBe(3);
  });

  it('has the committee’s question to Beatrice Hall and her answer on 7A’s request, and a note she never sees', async () => {
    const list = (await get('manager', `/api/arc/requests?propertyId=${willowId}`)).json() as ArcRequestList;
    const sevenA = list.requests.find((request) => request.unit.label === '7A')!;
    const thread = (url: string) => get('manager', url).then((response) => response.json());
    const base = `/api/properties/${willowId}/arc/requests/${sevenA.id}/messages`;
    const applicant = await thread(`${base}?visibility=applicant`);
    expect(
      applicant.messages.map((message: { fromOwner: boolean; author: { fullName: string } }) => [
        message.author.fullName,
        message.fromOwner,
      ]),
    ).toEqual([
      ['Beatrice Hall', true],
      ['Maria Santos', false],
    ]);
    const committee = await thread(`${base}?visibility=committee`);
    expect(committee.total).toBe(1);
    const owner = (await get('board', `/api/resident-portal/arc/requests/${sevenA.id}/messages`)).json();
    expect(owner.total).toBe(2);
  });
});
