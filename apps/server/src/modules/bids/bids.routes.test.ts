import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BidMessageList,
  BidRequest,
  BidRequestList,
  VendorBidInvitation,
  VendorBidList,
} from '@commonwise/contracts';
import {
  bidInvitations,
  bidMessages,
  bidRequests,
  bids,
  notifications,
  roomParticipants,
  vendorAssignmentOverrides,
  workOrders,
} from '../../db/schema/index.ts';
import { makeTextPdf } from '../../test/fixtures/documents.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { dayIn } from '../letters/values.ts';
import { openWorkOrder, passDueTime, setUpBidWorld, type BidWorld } from './bid-test-setup.ts';

/**
 * Requests for bids through the API (issue 24 item 2, decision 0068), as each person sees them: Willow
 * Creek's manager (manager@), Harbor View's (manager2@), Willow Creek's board member (board@), a resident,
 * an admin, and the people of three companies — Victor Ortiz (vendor@), Rosa Rooter (rooter@example.com),
 * who is invited beside him, and Hal Harbor (harborpipes@example.com), who never is. Willow Creek's awards
 * above $5,000 go to its board.
 */

let t: TestApp;
let world: BidWorld;
const cookies = new Map<string, string>();

async function cookieOf(who: string) {
  if (!cookies.has(who)) cookies.set(who, await t.signIn(who.includes('@') ? who : `${who}@commonwise.test`));
  return cookies.get(who)!;
}
async function as(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return injectAs(t.app, await cookieOf(who), { method, url, ...(payload ? { payload } : {}) });
}
const rosa = 'rooter@example.com';
const hal = 'harborpipes@example.com';
const eve = 'expired@example.com';
const requestsUrl = (propertyId = world.willow) => `/api/properties/${propertyId}/bid-requests`;
const requestUrl = (id: string, path = '', propertyId = world.willow) =>
  `${requestsUrl(propertyId)}/${id}${path}`;
const portal = (invitationId: string, path = '') => `/api/vendor-portal/bids/${invitationId}${path}`;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const newRequest = (extra: object = {}) => ({
  title: 'Replace the clubhouse water heater',
  scope: 'Remove the 75-gallon heater and fit a new one with an expansion tank.',
  trade: 'plumbing',
  dueAt: inHours(72),
  notToExceedCents: 450_000,
  companyIds: [world.companies.ortiz, world.companies.rooter],
  ...extra,
});

async function create(extra: object = {}, who = 'manager'): Promise<BidRequest> {
  const response = await as(who, 'POST', requestsUrl(), newRequest(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BidRequest>();
}
const invitationOf = (request: BidRequest, companyId: string) =>
  request.invitations.find((invitation) => invitation.company.id === companyId)!.id;
const bid = (who: string, invitationId: string, body: object) =>
  as(who, 'PUT', portal(invitationId, '/bid'), body);
const aBid = (amountCents: number, extra: object = {}) => ({
  amountCents,
  timeline: 'Two days, starting next Monday',
  terms: 'Net 30',
  ...extra,
});
const staffView = async (who: string, id: string) =>
  (await as(who, 'GET', requestUrl(id))).json<BidRequest>();
const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect((response.json() as { error: { code: string } }).error.code).toBe(code);
  return (response.json() as { error: { message: string; fields?: Record<string, string> } }).error;
};
const rowCounts = async () => {
  const db = t.database.db;
  const of = async (table: typeof bidRequests | typeof bidInvitations | typeof bids | typeof bidMessages) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    requests: await of(bidRequests),
    invitations: await of(bidInvitations),
    bids: await of(bids),
    messages: await of(bidMessages),
  };
};
const noticesTo = async (userId: string, kind: string) =>
  t.database.db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind as 'bid.invitation')));

beforeAll(async () => {
  t = await createTestApp();
  world = await setUpBidWorld(t);
});
afterAll(async () => t?.close());

describe('a request for bids', () => {
  it('is sent to the chosen companies, each of whose people is told; the managers and board read it', async () => {
    const request = await create({
      siteVisitFrom: inHours(24),
      siteVisitTo: inHours(27),
    });
    expect(request).toMatchObject({
      status: 'open',
      isSealed: true,
      isTakingBids: true,
      canAward: false,
      canManage: true,
      awardBoardAboveCents: 500_000,
      workOrder: null,
      propertyName: 'Willow Creek Commons',
    });
    expect(request.invitations.map((invitation) => [invitation.company.name, invitation.status])).toEqual([
      ['Ortiz Plumbing & Repair', 'invited'],
      ['Rosa’s Rooter', 'invited'],
    ]);
    expect(request.invitations[0]!.insurance.status).toBe('current');
    const [victor] = await noticesTo(world.people.vendor!, 'bid.invitation');
    expect(victor).toMatchObject({
      title: 'Invitation to bid: Replace the clubhouse water heater',
      link: `/vendor-portal/bids/${invitationOf(request, world.companies.ortiz)}`,
    });
    expect(victor!.body).toContain('no more than $4,500.00');
    expect(victor!.body).toContain('Site visit:');
    expect(await noticesTo(world.people.rooter!, 'bid.invitation')).toHaveLength(1);
    expect(await noticesTo(world.people.harborpipes!, 'bid.invitation')).toHaveLength(0);

    const board = await staffView('board', request.id);
    expect(board).toMatchObject({ id: request.id, canManage: false, canAward: false });
    const list = (await as('board', 'GET', `${requestsUrl()}?status=open`)).json<BidRequestList>();
    expect(list.requests.map((row) => row.id)).toContain(request.id);
    expect(list.requests.find((row) => row.id === request.id)).toMatchObject({
      invitationCount: 2,
      bidCount: 0,
      isSealed: true,
      awarded: null,
    });
  });

  it('is another association’s for Harbor View’s manager, and not for residents or vendors at all', async () => {
    const request = await create();
    expect((await as('manager2', 'GET', requestUrl(request.id))).statusCode).toBe(404);
    expect((await as('manager2', 'GET', requestsUrl())).statusCode).toBe(404);
    expect(
      (await as('manager2', 'POST', requestUrl(request.id, '/cancel'), { reason: 'Not mine' })).statusCode,
    ).toBe(404);
    // The request's id under Harbor View's address is not found either.
    expect((await as('admin', 'GET', requestUrl(request.id, '', world.harbor))).statusCode).toBe(404);
    expect((await as('resident', 'GET', requestUrl(request.id))).statusCode).toBe(403);
    expect((await as('vendor', 'GET', requestUrl(request.id))).statusCode).toBe(403);
    expect((await as('board', 'POST', requestsUrl(), newRequest())).statusCode).toBe(403);
    expect((await as('admin', 'GET', requestUrl(request.id))).statusCode).toBe(200);
  });

  it('refuses bad input and companies that cannot be invited, writing nothing', async () => {
    const before = await rowCounts();
    const bad: [object, number, string, string][] = [
      [{ dueAt: inHours(-1) }, 400, 'VALIDATION_FAILED', 'dueAt'],
      [{ dueAt: inHours(24 * 400) }, 400, 'VALIDATION_FAILED', 'dueAt'],
      [{ siteVisitFrom: inHours(2) }, 400, 'VALIDATION_FAILED', 'siteVisitTo'],
      [{ siteVisitFrom: inHours(5), siteVisitTo: inHours(3) }, 400, 'VALIDATION_FAILED', 'siteVisitTo'],
      [{ siteVisitFrom: inHours(80), siteVisitTo: inHours(90) }, 400, 'VALIDATION_FAILED', 'siteVisitFrom'],
      [{ notToExceedCents: 0 }, 400, 'VALIDATION_FAILED', 'notToExceedCents'],
      [{ notToExceedCents: -500 }, 400, 'VALIDATION_FAILED', 'notToExceedCents'],
      [{ notToExceedCents: 100.5 }, 400, 'VALIDATION_FAILED', 'notToExceedCents'],
      [{ companyIds: [] }, 400, 'VALIDATION_FAILED', 'companyIds'],
      [
        { companyIds: [world.companies.ortiz, world.companies.ortiz] },
        400,
        'VALIDATION_FAILED',
        'companyIds',
      ],
      [{ companyIds: [world.companies.sparky] }, 409, 'VENDOR_WRONG_TRADE', 'companyIds'],
      [{ companyIds: [world.companies.harborPipes] }, 409, 'VENDOR_NOT_SERVING', 'companyIds'],
      [{ companyIds: [world.companies.dormant] }, 409, 'VENDOR_INACTIVE', 'companyIds'],
      [{ companyIds: [crypto.randomUUID()] }, 404, 'NOT_FOUND', 'companyIds'],
    ];
    for (const [extra, status, code, field] of bad) {
      const response = await as('manager', 'POST', requestsUrl(), newRequest(extra));
      const error = expectError(response, status, code);
      expect(Object.keys(error.fields ?? {}), JSON.stringify(extra)).toContain(field);
    }
    const wrongTrade = expectError(
      await as(
        'manager',
        'POST',
        requestsUrl(),
        newRequest({ companyIds: [world.companies.ortiz, world.companies.sparky] }),
      ),
      409,
      'VENDOR_WRONG_TRADE',
    );
    expect(wrongTrade.message).toBe(
      "Sparky Electric does not do plumbing work. Invite companies of that trade, or change the company's trades in the vendor directory.",
    );
    // A work order of another association, or one that is finished.
    const [garage] = await t.database.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.summary, 'Garage door remote stopped working'));
    expectError(
      await as('manager', 'POST', requestsUrl(), newRequest({ workOrderId: garage!.id })),
      404,
      'NOT_FOUND',
    );
    const [poolGate] = await t.database.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.summary, 'Pool gate latch does not close'));
    expectError(
      await as('manager', 'POST', requestsUrl(), newRequest({ workOrderId: poolGate!.id })),
      409,
      'WORK_ORDER_CLOSED',
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('takes more companies while bids are taken, and none twice or after the due time', async () => {
    const request = await create({ companyIds: [world.companies.ortiz] });
    const added = await as('manager', 'POST', requestUrl(request.id, '/invitations'), {
      companyIds: [world.companies.rooter],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<BidRequest>().invitations).toHaveLength(2);
    expectError(
      await as('manager', 'POST', requestUrl(request.id, '/invitations'), {
        companyIds: [world.companies.ortiz],
      }),
      409,
      'ALREADY_INVITED',
    );
    await passDueTime(t, request.id);
    expectError(
      await as('manager', 'POST', requestUrl(request.id, '/invitations'), {
        companyIds: [world.companies.expired],
      }),
      409,
      'BIDS_CLOSED',
    );
  });
});

describe('the vendor portal', () => {
  it('shows a company its own invitations only, open ones first, and nothing of another company', async () => {
    const request = await create();
    const ortizInvitation = invitationOf(request, world.companies.ortiz);
    const rooterInvitation = invitationOf(request, world.companies.rooter);
    const mine = (await as('vendor', 'GET', '/api/vendor-portal/bids')).json<VendorBidList>();
    expect(mine.invitations.every((invitation) => invitation.company.id === world.companies.ortiz)).toBe(
      true,
    );
    expect(mine.invitations[0]).toMatchObject({
      state: 'open',
      isTakingBids: true,
      timeZone: 'America/Chicago',
    });
    expect(mine.invitations.map((invitation) => invitation.invitationId)).toContain(ortizInvitation);
    expect(mine.invitations.map((invitation) => invitation.invitationId)).not.toContain(rooterInvitation);

    const detail = (await as('vendor', 'GET', portal(ortizInvitation))).json<VendorBidInvitation>();
    expect(detail).toMatchObject({
      status: 'invited',
      state: 'open',
      company: { name: 'Ortiz Plumbing & Repair' },
      request: {
        title: 'Replace the clubhouse water heater',
        notToExceedCents: 450_000,
        status: 'open',
        isForWorkOrder: false,
        timeZone: 'America/Chicago',
      },
      bid: null,
      messages: [],
    });
    expect(detail.request.propertyAddress).toContain('Austin');
    // Nothing in it names the other company.
    expect(JSON.stringify(detail)).not.toContain('Rooter');

    // Another company's invitation, thread and bid route: not found, for an invited company and an uninvited one.
    for (const who of [rosa, hal]) {
      expect((await as(who, 'GET', portal(ortizInvitation))).statusCode).toBe(404);
      expect((await as(who, 'GET', portal(ortizInvitation, '/messages'))).statusCode).toBe(404);
      expect(
        (await as(who, 'POST', portal(ortizInvitation, '/messages'), { body: 'Hello?' })).statusCode,
      ).toBe(404);
      expect((await bid(who, ortizInvitation, aBid(100_000))).statusCode).toBe(404);
      expect((await as(who, 'POST', portal(ortizInvitation, '/decline'), {})).statusCode).toBe(404);
    }
    expect(
      (await as('vendor', 'GET', `/api/vendor-portal/bids?companyId=${world.companies.rooter}`)).statusCode,
    ).toBe(404);
    const halsList = (await as(hal, 'GET', '/api/vendor-portal/bids')).json<VendorBidList>();
    expect(halsList.total).toBe(0);
    // Staff routes are not the vendors'.
    expect(
      (await as('vendor', 'GET', requestUrl(request.id, `/invitations/${ortizInvitation}/messages`)))
        .statusCode,
    ).toBe(403);
    // An admin names the company whose portal they view.
    const admins = (
      await as('admin', 'GET', `/api/vendor-portal/bids?companyId=${world.companies.rooter}&state=open`)
    ).json<VendorBidList>();
    expect(admins.invitations.map((invitation) => invitation.invitationId)).toContain(rooterInvitation);
    expect(admins.invitations.every((invitation) => invitation.company.id === world.companies.rooter)).toBe(
      true,
    );
  });

  it('takes a bid in whole cents, above the not-to-exceed only with an explanation, writing nothing otherwise', async () => {
    const request = await create();
    const invitation = invitationOf(request, world.companies.ortiz);
    const before = await rowCounts();
    for (const amountCents of [0, -100, 1999.5, 12.345])
      expectError(await bid('vendor', invitation, aBid(amountCents)), 400, 'VALIDATION_FAILED');
    expectError(
      await bid('vendor', invitation, { ...aBid(100_000), timeline: '  ' }),
      400,
      'VALIDATION_FAILED',
    );
    const above = expectError(await bid('vendor', invitation, aBid(450_001)), 409, 'EXPLAIN_ABOVE_LIMIT');
    expect(above.message).toContain('$4,500.00');
    expect(above.fields).toHaveProperty('exceedsReason');
    expectError(
      await bid('vendor', invitation, aBid(400_000, { exceedsReason: 'Because.' })),
      409,
      'EXPLANATION_NOT_NEEDED',
    );
    expect(await rowCounts()).toEqual(before);

    const sent = await bid(
      'vendor',
      invitation,
      aBid(480_000, { exceedsReason: 'The flue must be replaced too.' }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<VendorBidInvitation>()).toMatchObject({
      status: 'bid',
      state: 'submitted',
      bid: { amountCents: 480_000, exceedsReason: 'The flue must be replaced too.', status: 'submitted' },
    });
    // The managers hear that a bid arrived, not its amount.
    const notices = await noticesTo(world.people.manager!, 'bid.activity');
    const notice = notices.find((row) => row.link === `/bids/${world.willow}/${request.id}`)!;
    expect(notice.title).toBe('Ortiz Plumbing & Repair bid on “Replace the clubhouse water heater”');
    expect(notice.body).not.toContain('4,800');
    // A retry of the same bid tells nobody again; a revision does.
    await bid('vendor', invitation, aBid(480_000, { exceedsReason: 'The flue must be replaced too.' }));
    expect(await noticesTo(world.people.manager!, 'bid.activity')).toHaveLength(notices.length);
    const revised = await bid('vendor', invitation, aBid(440_000));
    expect(revised.json<VendorBidInvitation>().bid).toMatchObject({
      amountCents: 440_000,
      exceedsReason: null,
    });
    expect(await noticesTo(world.people.manager!, 'bid.activity')).toHaveLength(notices.length + 1);
  });

  it('keeps the amounts sealed from the staff and the board until the due time, then shows them side by side', async () => {
    const request = await create({
      companyIds: [world.companies.ortiz, world.companies.rooter, world.companies.expired],
    });
    await bid('vendor', invitationOf(request, world.companies.ortiz), aBid(390_000));
    await bid(rosa, invitationOf(request, world.companies.rooter), aBid(410_000, { terms: 'Half up front' }));
    for (const who of ['manager', 'board', 'admin']) {
      const sealed = await staffView(who, request.id);
      expect(sealed.isSealed).toBe(true);
      const ortiz = sealed.invitations.find((row) => row.company.id === world.companies.ortiz)!;
      expect(ortiz.status).toBe('bid');
      expect(ortiz.bid).toMatchObject({
        isSealed: true,
        amountCents: null,
        timeline: null,
        terms: null,
        files: [],
      });
      expect(JSON.stringify(sealed)).not.toContain('390000');
      expect(JSON.stringify(sealed)).not.toContain('Half up front');
    }
    const list = (await as('manager', 'GET', requestsUrl())).json<BidRequestList>();
    expect(list.requests.find((row) => row.id === request.id)).toMatchObject({ bidCount: 2, isSealed: true });
    // Each company sees its own bid, never the other's.
    const rosas = (
      await as(rosa, 'GET', portal(invitationOf(request, world.companies.rooter)))
    ).json<VendorBidInvitation>();
    expect(rosas.bid!.amountCents).toBe(410_000);
    expect(JSON.stringify(rosas)).not.toContain('390000');

    await passDueTime(t, request.id);
    const open = await staffView('board', request.id);
    expect(open.isSealed).toBe(false);
    expect(
      open.invitations.map((row) => [
        row.company.name,
        row.status,
        row.bid?.amountCents ?? null,
        row.insurance.status,
      ]),
    ).toEqual([
      ['Expired Drains', 'invited', null, 'expired'],
      ['Ortiz Plumbing & Repair', 'bid', 390_000, 'current'],
      ['Rosa’s Rooter', 'bid', 410_000, 'current'],
    ]);
    expect(open.invitations[2]!.bid!.terms).toBe('Half up front');
    // Bids are closed now: no bid, revision, withdrawal or decline.
    const ortizInvitation = invitationOf(request, world.companies.ortiz);
    const before = await rowCounts();
    expectError(await bid('vendor', ortizInvitation, aBid(100_000)), 409, 'BIDS_CLOSED');
    expectError(
      await bid(eve, invitationOf(request, world.companies.expired), aBid(100_000)),
      409,
      'BIDS_CLOSED',
    );
    expectError(await as('vendor', 'POST', portal(ortizInvitation, '/withdraw')), 409, 'BIDS_CLOSED');
    expectError(await as('vendor', 'POST', portal(ortizInvitation, '/decline'), {}), 409, 'BIDS_CLOSED');
    expect(await rowCounts()).toEqual(before);
    const victor = (await as('vendor', 'GET', portal(ortizInvitation))).json<VendorBidInvitation>();
    expect(victor).toMatchObject({ state: 'submitted', isTakingBids: false });
  });

  it('lets a company withdraw and bid again, or decline (withdrawing its bid) and bid no more', async () => {
    const request = await create();
    const invitation = invitationOf(request, world.companies.ortiz);
    expectError(await as('vendor', 'POST', portal(invitation, '/withdraw')), 409, 'NO_BID');
    await bid('vendor', invitation, aBid(300_000));
    const withdrawn = (
      await as('vendor', 'POST', portal(invitation, '/withdraw'))
    ).json<VendorBidInvitation>();
    expect(withdrawn).toMatchObject({ status: 'withdrawn', state: 'open', bid: { status: 'withdrawn' } });
    expect((await staffView('manager', request.id)).invitations[0]!.status).toBe('withdrawn');
    const again = (await bid('vendor', invitation, aBid(310_000))).json<VendorBidInvitation>();
    expect(again.bid).toMatchObject({ status: 'submitted', amountCents: 310_000 });

    const declined = await as('vendor', 'POST', portal(invitation, '/decline'), {
      reason: 'Booked solid until May.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<VendorBidInvitation>()).toMatchObject({
      status: 'declined',
      state: 'past',
      declineReason: 'Booked solid until May.',
      bid: { status: 'withdrawn' },
    });
    expectError(await bid('vendor', invitation, aBid(300_000)), 409, 'INVITATION_DECLINED');
    expectError(await as('vendor', 'POST', portal(invitation, '/decline'), {}), 409, 'INVITATION_DECLINED');
    const staff = await staffView('manager', request.id);
    expect(staff.invitations[0]).toMatchObject({
      status: 'declined',
      declineReason: 'Booked solid until May.',
    });
  });
});

describe('the thread with one company', () => {
  it('carries questions and answers between that company and the managers; the board reads it', async () => {
    const request = await create();
    const ortizInvitation = invitationOf(request, world.companies.ortiz);
    const rooterInvitation = invitationOf(request, world.companies.rooter);
    const asked = await as('vendor', 'POST', portal(ortizInvitation, '/messages'), {
      body: 'Gas or electric?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      body: 'Gas or electric?',
      side: 'vendor',
      author: { fullName: 'Victor Ortiz' },
    });
    const managerNotices = await noticesTo(world.people.manager!, 'bid.activity');
    expect(managerNotices.some((row) => row.body.includes('Gas or electric?'))).toBe(true);

    const staffThread = requestUrl(request.id, `/invitations/${ortizInvitation}/messages`);
    const answered = await as('manager', 'POST', staffThread, { body: 'Gas, 75 gallons.' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({ side: 'association' });
    expect(
      (await noticesTo(world.people.vendor!, 'bid.invitation')).some((row) =>
        row.body.includes('Gas, 75 gallons.'),
      ),
    ).toBe(true);
    expect(
      (await noticesTo(world.people.rooter!, 'bid.invitation')).some((row) =>
        row.body.includes('Gas, 75 gallons.'),
      ),
    ).toBe(false);

    const read = (await as('board', 'GET', staffThread)).json<BidMessageList>();
    expect(read.messages.map((message) => message.body)).toEqual(['Gas, 75 gallons.', 'Gas or electric?']);
    expect(read.total).toBe(2);
    expect((await as('board', 'POST', staffThread, { body: 'Board here' })).statusCode).toBe(403);
    // Rosa's thread is hers: empty, and Victor's is not reachable through hers.
    const rosas = (await as(rosa, 'GET', portal(rooterInvitation, '/messages'))).json<BidMessageList>();
    expect(rosas.total).toBe(0);
    const victors = (await as('vendor', 'GET', portal(ortizInvitation))).json<VendorBidInvitation>();
    expect(victors.messages.map((message) => message.body)).toEqual(['Gas or electric?', 'Gas, 75 gallons.']);
    // A thread of the request under another invitation's request is not found.
    const other = await create();
    expect(
      (await as('manager', 'GET', requestUrl(other.id, `/invitations/${ortizInvitation}/messages`)))
        .statusCode,
    ).toBe(404);
  });
});

describe('the award', () => {
  it('waits for the due time, unless every company has answered', async () => {
    const request = await create();
    await bid('vendor', invitationOf(request, world.companies.ortiz), aBid(200_000));
    const bidId = (await staffView('manager', request.id)).invitations[0]!.bid!.id;
    expectError(
      await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId }),
      409,
      'BIDS_STILL_OPEN',
    );
    await as(rosa, 'POST', portal(invitationOf(request, world.companies.rooter), '/decline'), {});
    const view = await staffView('manager', request.id);
    expect(view).toMatchObject({ isSealed: false, canAward: true, isTakingBids: true });
    const awarded = await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId });
    expect(awarded.statusCode, awarded.body).toBe(200);
    expect(awarded.json<BidRequest>().status).toBe('awarded');
  });

  it('at or below the limit: awards at once, assigns the work order’s vendor into its room, tells everyone once', async () => {
    const { workOrderId, roomId } = await openWorkOrder(t, world, 'Water heater pilot keeps going out');
    const request = await create({ workOrderId });
    expect(request.workOrder).toMatchObject({ id: workOrderId, status: 'new' });
    await bid(
      'vendor',
      invitationOf(request, world.companies.ortiz),
      aBid(470_000, { exceedsReason: 'New flue.' }),
    );
    await bid(rosa, invitationOf(request, world.companies.rooter), aBid(430_000));
    await passDueTime(t, request.id);
    const view = await staffView('manager', request.id);
    const rosasBid = view.invitations.find((row) => row.company.id === world.companies.rooter)!.bid!.id;
    expect(
      (await as('board', 'POST', requestUrl(request.id, '/award'), { bidId: rosasBid })).statusCode,
    ).toBe(403);
    expect(
      (await as('manager2', 'POST', requestUrl(request.id, '/award'), { bidId: rosasBid })).statusCode,
    ).toBe(404);
    expectError(
      await as('manager', 'POST', requestUrl(request.id, '/award'), {
        bidId: rosasBid,
        overrideReason: 'Because we trust them.',
      }),
      409,
      'OVERRIDE_NOT_NEEDED',
    );
    const awarded = await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId: rosasBid });
    expect(awarded.statusCode, awarded.body).toBe(200);
    expect(awarded.json<BidRequest>()).toMatchObject({
      status: 'awarded',
      awardedBidId: rosasBid,
      awardedBy: { fullName: 'Maria Santos' },
      decisionItemId: null,
    });
    const statuses = await t.database.db
      .select({ companyId: bids.companyId, status: bids.status })
      .from(bids)
      .where(eq(bids.requestId, request.id));
    expect(Object.fromEntries(statuses.map((row) => [row.companyId, row.status]))).toEqual({
      [world.companies.ortiz]: 'not_awarded',
      [world.companies.rooter]: 'awarded',
    });
    const [workOrder] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, workOrderId));
    expect(workOrder).toMatchObject({
      vendorId: world.people.rooter,
      vendorCompanyId: world.companies.rooter,
    });
    const participants = await t.database.db
      .select({
        userId: roomParticipants.userId,
        role: roomParticipants.role,
        isActive: roomParticipants.isActive,
      })
      .from(roomParticipants)
      .where(eq(roomParticipants.roomId, roomId));
    expect(participants).toContainEqual({ userId: world.people.rooter, role: 'vendor', isActive: true });
    const won = await noticesTo(world.people.rooter!, 'bid.invitation');
    expect(won.filter((row) => row.title.startsWith('Awarded:'))).toHaveLength(1);
    const lost = (await noticesTo(world.people.vendor!, 'bid.invitation')).filter((row) =>
      row.title.startsWith('Not awarded:'),
    );
    expect(lost.some((row) => row.body.includes('Your bid was not chosen'))).toBe(true);
    expect(JSON.stringify(lost)).not.toContain('4,300');
    // Once awarded: no second award, no cancellation.
    expectError(
      await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId: rosasBid }),
      409,
      'REQUEST_AWARDED',
    );
    expectError(
      await as('manager', 'POST', requestUrl(request.id, '/cancel'), { reason: 'Too late' }),
      409,
      'REQUEST_AWARDED',
    );
    // Victor sees his bid lost, not who won or for how much.
    const victor = (
      await as('vendor', 'GET', portal(invitationOf(request, world.companies.ortiz)))
    ).json<VendorBidInvitation>();
    expect(victor).toMatchObject({
      state: 'past',
      request: { status: 'awarded', isForWorkOrder: true },
      bid: { status: 'not_awarded' },
    });
    expect(JSON.stringify(victor)).not.toContain('430000');
  });

  it('over an expired certificate only with a reason, recorded as an override; nothing written without one', async () => {
    const { workOrderId } = await openWorkOrder(t, world, 'Slow drain in the clubhouse kitchen');
    const request = await create({ workOrderId, companyIds: [world.companies.expired] });
    await bid(eve, request.invitations[0]!.id, aBid(90_000));
    await passDueTime(t, request.id);
    const bidId = (await staffView('manager', request.id)).invitations[0]!.bid!.id;
    const before = await rowCounts();
    const refused = expectError(
      await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId }),
      409,
      'VENDOR_INSURANCE_EXPIRED',
    );
    expect(refused.message).toMatch(
      /^Expired Drains's certificate of insurance expired on .+\. Ask them for a current certificate, or award anyway with a reason\.$/,
    );
    expect(await rowCounts()).toEqual(before);
    expect((await staffView('manager', request.id)).status).toBe('open');
    const reason = 'The renewal is paid; the certificate is on its way.';
    const awarded = await as('manager', 'POST', requestUrl(request.id, '/award'), {
      bidId,
      overrideReason: reason,
    });
    expect(awarded.statusCode, awarded.body).toBe(200);
    expect(awarded.json<BidRequest>()).toMatchObject({ status: 'awarded', awardOverrideReason: reason });
    const overrides = await t.database.db
      .select()
      .from(vendorAssignmentOverrides)
      .where(eq(vendorAssignmentOverrides.workOrderId, workOrderId));
    expect(overrides).toEqual([expect.objectContaining({ reason, companyId: world.companies.expired })]);
  });

  it('above the limit: goes to the board, which awards it through Decisions', async () => {
    const { workOrderId, roomId } = await openWorkOrder(t, world, 'Main line backs up in Building C');
    const request = await create({ workOrderId, notToExceedCents: 2_000_000 });
    await bid('vendor', invitationOf(request, world.companies.ortiz), aBid(1_240_000));
    await bid(rosa, invitationOf(request, world.companies.rooter), aBid(1_390_000));
    await passDueTime(t, request.id);
    const victorsBid = (await staffView('manager', request.id)).invitations.find(
      (row) => row.company.id === world.companies.ortiz,
    )!.bid!.id;
    const put = await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId: victorsBid });
    expect(put.statusCode, put.body).toBe(200);
    const waiting = put.json<BidRequest>();
    expect(waiting).toMatchObject({ status: 'awaiting_board', awardedBidId: victorsBid, awardedAt: null });
    const itemId = waiting.decisionItemId!;
    const [workOrderBefore] = await t.database.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.id, workOrderId));
    expect(workOrderBefore!.vendorId).toBeNull();
    // Bids and a second award wait too.
    expectError(
      await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId: victorsBid }),
      409,
      'AWARD_WITH_BOARD',
    );
    expectError(
      await bid('vendor', invitationOf(request, world.companies.ortiz), aBid(1)),
      409,
      'BIDS_CLOSED',
    );

    const decision = await as('board', 'GET', `/api/properties/${world.willow}/decisions/${itemId}`);
    expect(decision.statusCode, decision.body).toBe(200);
    expect(decision.json()).toMatchObject({
      kind: 'contract_award',
      status: 'open',
      options: [
        { key: 'award', label: 'Award to Ortiz Plumbing & Repair for $12,400.00' },
        { key: 'do_not_award', label: 'Do not award' },
      ],
    });
    expect(decision.json().background).toContain('- Rosa’s Rooter: $13,900.00');
    expect(
      (await noticesTo(world.people.board!, 'decision.attention')).some((row) => row.link?.endsWith(itemId)),
    ).toBe(true);
    const upcoming = await as(
      'board',
      'GET',
      `/api/decisions?propertyId=${world.willow}&status=open&kind=contract_award`,
    );
    expect(upcoming.json().items.map((item: { id: string }) => item.id)).toContain(itemId);

    const voted = await as('board', 'POST', `/api/properties/${world.willow}/decisions/${itemId}/votes`, {
      choice: 'award',
    });
    expect(voted.statusCode, voted.body).toBe(200);
    const decided = await as(
      'manager',
      'POST',
      `/api/properties/${world.willow}/decisions/${itemId}/decide`,
      {
        method: 'meeting',
        outcome: 'award',
        heldOn: dayIn(new Date(), 'America/Chicago'),
        counts: { award: 4, do_not_award: 1 },
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const awarded = await staffView('manager', request.id);
    expect(awarded).toMatchObject({
      status: 'awarded',
      awardedBidId: victorsBid,
      awardedBy: { fullName: 'Maria Santos' },
    });
    const [workOrder] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, workOrderId));
    expect(workOrder).toMatchObject({
      vendorId: world.people.vendor,
      vendorCompanyId: world.companies.ortiz,
    });
    const inRoom = await t.database.db
      .select({ userId: roomParticipants.userId })
      .from(roomParticipants)
      .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.userId, world.people.vendor!)));
    expect(inRoom).toHaveLength(1);
    expect(
      (await noticesTo(world.people.vendor!, 'bid.invitation'))
        .filter((row) => row.link?.endsWith(invitationOf(request, world.companies.ortiz)))
        .map((row) => row.title),
    ).toContain('Awarded: Replace the clubhouse water heater');
  });

  it('goes back to open when the board does not award it, or its item is withdrawn', async () => {
    const request = await create({ notToExceedCents: undefined });
    await bid('vendor', invitationOf(request, world.companies.ortiz), aBid(900_000));
    await passDueTime(t, request.id);
    const bidId = (await staffView('manager', request.id)).invitations[0]!.bid!.id;
    const first = (
      await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId })
    ).json<BidRequest>();
    const decide = (itemId: string, outcome: string) =>
      as('manager', 'POST', `/api/properties/${world.willow}/decisions/${itemId}/decide`, {
        method: 'meeting',
        outcome,
        heldOn: dayIn(new Date(), 'America/Chicago'),
        counts: { [outcome]: 3 },
      });
    expect((await decide(first.decisionItemId!, 'do_not_award')).statusCode).toBe(200);
    const reopened = await staffView('manager', request.id);
    expect(reopened).toMatchObject({ status: 'open', awardedBidId: null, canAward: true });
    expect(
      (await noticesTo(world.people.manager!, 'bid.activity')).some((row) =>
        row.title.startsWith('The board did not award'),
      ),
    ).toBe(true);

    const second = (
      await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId })
    ).json<BidRequest>();
    expect(second.decisionItemId).not.toBe(first.decisionItemId);
    const withdrawn = await as(
      'board',
      'POST',
      `/api/properties/${world.willow}/decisions/${second.decisionItemId}/withdraw`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await staffView('manager', request.id)).status).toBe('open');

    // Cancelled while before the board: the item is withdrawn with it, the companies are told.
    const third = (
      await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId })
    ).json<BidRequest>();
    const cancelled = await as('manager', 'POST', requestUrl(request.id, '/cancel'), {
      reason: 'The board will look at it again next year.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<BidRequest>()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The board will look at it again next year.',
    });
    const item = (
      await as('board', 'GET', `/api/properties/${world.willow}/decisions/${third.decisionItemId}`)
    ).json();
    expect(item.status).toBe('withdrawn');
    expect((await decide(third.decisionItemId!, 'award')).statusCode).toBe(409);
    expect(
      (await noticesTo(world.people.rooter!, 'bid.invitation')).some(
        (row) =>
          row.title === 'Cancelled: Replace the clubhouse water heater' && row.body.includes('next year'),
      ),
    ).toBe(true);
    // Nothing happens on a cancelled request.
    const invitation = invitationOf(request, world.companies.ortiz);
    expectError(await bid('vendor', invitation, aBid(1000)), 409, 'BIDS_CLOSED');
    expectError(
      await as('vendor', 'POST', portal(invitation, '/messages'), { body: 'Still on?' }),
      409,
      'REQUEST_CANCELLED',
    );
    expectError(
      await as('manager', 'POST', requestUrl(request.id, '/award'), { bidId }),
      409,
      'REQUEST_CANCELLED',
    );
    expectError(
      await as('manager', 'POST', requestUrl(request.id, '/cancel'), { reason: 'Again' }),
      409,
      'REQUEST_CANCELLED',
    );
  });
});

describe('photos, plans and a bid’s files', () => {
  const upload = async (who: string, field: 'bidRequestId' | 'bidId', id: string) => {
    const body = new FormData();
    body.append(field, id);
    const pdf = await makeTextPdf([['Quote', 'Water heater replacement: $3,900']]);
    body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'quote.pdf');
    return injectAs(t.app, await cookieOf(who), { method: 'POST', url: '/api/attachments', payload: body });
  };

  it('shows the request’s plans to the invited companies, and a bid’s files to the staff once unsealed', async () => {
    const request = await create();
    const plan = await upload('manager', 'bidRequestId', request.id);
    expect(plan.statusCode, plan.body).toBe(201);
    expect((await upload('vendor', 'bidRequestId', request.id)).statusCode).toBe(404);
    expect((await upload('manager2', 'bidRequestId', request.id)).statusCode).toBe(404);
    const planId = plan.json().id as string;
    for (const who of ['vendor', rosa, 'board', 'manager']) {
      expect((await as(who, 'GET', `/api/attachments/${planId}`)).statusCode, who).toBe(200);
    }
    expect((await as(hal, 'GET', `/api/attachments/${planId}`)).statusCode).toBe(404);
    const victor = (
      await as('vendor', 'GET', portal(invitationOf(request, world.companies.ortiz)))
    ).json<VendorBidInvitation>();
    expect(victor.request.files.map((file) => file.id)).toEqual([planId]);

    const invitation = invitationOf(request, world.companies.ortiz);
    const bidId = (await bid('vendor', invitation, aBid(390_000))).json<VendorBidInvitation>().bid!.id;
    expect((await upload(rosa, 'bidId', bidId)).statusCode).toBe(404);
    const quote = await upload('vendor', 'bidId', bidId);
    expect(quote.statusCode, quote.body).toBe(201);
    const quoteId = quote.json().id as string;
    for (const who of [rosa, hal, 'manager', 'board'])
      expect((await as(who, 'GET', `/api/attachments/${quoteId}`)).statusCode, who).toBe(404);
    expect((await as('vendor', 'GET', `/api/attachments/${quoteId}`)).statusCode).toBe(200);

    await passDueTime(t, request.id);
    for (const who of ['manager', 'board'])
      expect((await as(who, 'GET', `/api/attachments/${quoteId}`)).statusCode, who).toBe(200);
    expect((await as(rosa, 'GET', `/api/attachments/${quoteId}`)).statusCode).toBe(404);
    const staff = await staffView('manager', request.id);
    expect(staff.invitations[0]!.bid!.files.map((file) => file.id)).toEqual([quoteId]);
    expectError(await upload('vendor', 'bidId', bidId), 409, 'BIDS_CLOSED');
    expectError(await as('vendor', 'DELETE', `/api/attachments/${quoteId}`), 409, 'ATTACHMENT_SENT');
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(bids)
          .where(inArray(bids.id, [bidId]))
      )[0]!.n,
    ).toBe(1);
  });
});
