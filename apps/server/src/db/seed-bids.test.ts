import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidRequest, BidRequestList, VendorBidInvitation, VendorBidList } from '@commonwise/contracts';
import { profiles, properties, vendorPolicies } from './schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../test/test-app.ts';
import { seedDemoBids } from './seed-bids.ts';
import { seedDemoVendors } from './seed-vendors.ts';

/** The demo's bids (issue 24 item 2), as its manager, board member and vendor see them. */

let t: TestApp;
let willow: string;
const idOf = async (email: string) =>
  (await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
const get = async (who: 'manager' | 'vendor' | 'board', url: string) =>
  injectAs(t.app, await t.cookieFor(who), { method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  const propertyId = async (name: string) =>
    (await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!
      .id;
  const ids = {
    willowCreek: await propertyId('Willow Creek Commons'),
    harborView: await propertyId('Harbor View Condominiums'),
  };
  willow = ids.willowCreek;
  const people = {
    vendor: await idOf('vendor@commonwise.test'),
    manager: await idOf('manager@commonwise.test'),
    board: await idOf('board@commonwise.test'),
    admin: await idOf('admin@commonwise.test'),
  };
  await t.database.db.transaction(async (tx) => {
    await seedDemoVendors(tx, t.app.storage, ids, people);
    await seedDemoBids(tx, ids, people);
  });
});
afterAll(async () => t?.close());

describe('the demo bids', () => {
  it('give the manager four requests: three under way by due time, then the awarded one', async () => {
    const list = (await get('manager', `/api/properties/${willow}/bid-requests`)).json<BidRequestList>();
    expect(list.requests.map((request) => [request.title, request.status, request.isSealed])).toEqual([
      ['Reline the main sewer line under Building C', 'awaiting_board', false],
      ['Replace the clubhouse water heater', 'open', true],
      ['Replace the parking lot lights with LEDs', 'open', true],
      ['Replace the pool pump', 'awarded', false],
    ]);
    expect(list.requests[3]!.awarded).toEqual({
      company: { id: expect.any(String), name: 'Ortiz Plumbing & Repair' },
      amountCents: 320_000,
    });
    const heater = (
      await get('manager', `/api/properties/${willow}/bid-requests/${list.requests[1]!.id}`)
    ).json<BidRequest>();
    expect(
      heater.invitations.map((row) => [row.company.name, row.status, row.bid?.amountCents ?? null]),
    ).toEqual([
      ['Hill Country Plumbing', 'bid', null],
      ['Ortiz Plumbing & Repair', 'invited', null],
    ]);
    expect(heater.awardBoardAboveCents).toBe(500_000);
    const lights = (
      await get('manager', `/api/properties/${willow}/bid-requests/${list.requests[2]!.id}`)
    ).json<BidRequest>();
    expect(lights.invitations.map((row) => [row.company.name, row.insurance.status])).toEqual([
      ['Lone Star Electric', 'expired'],
    ]);
    const policies = await t.database.db.select().from(vendorPolicies);
    expect(policies.map((row) => row.awardBoardAboveCents).sort()).toEqual([1_000_000, 500_000]);
  });

  it('show Victor Ortiz the water heater to bid on, his sewer bid waiting, the pool pump won', async () => {
    const list = (await get('vendor', '/api/vendor-portal/bids')).json<VendorBidList>();
    expect(list.invitations.map((row) => [row.title, row.state, row.bid?.status ?? null])).toEqual([
      ['Replace the clubhouse water heater', 'open', null],
      ['Reline the main sewer line under Building C', 'submitted', 'submitted'],
      ['Replace the pool pump', 'past', 'awarded'],
    ]);
    const heater = (
      await get('vendor', `/api/vendor-portal/bids/${list.invitations[0]!.invitationId}`)
    ).json<VendorBidInvitation>();
    expect(heater).toMatchObject({ isTakingBids: true, bid: null });
    expect(heater.request.siteVisitFrom).not.toBeNull();
    expect(heater.messages.map((message) => message.side)).toEqual(['vendor', 'association']);
    expect(JSON.stringify(heater)).not.toContain('Hill Country');
  });

  it('put the sewer award before the board in its Upcoming Decisions', async () => {
    const decisions = (
      await get('board', `/api/decisions?propertyId=${willow}&status=open&kind=contract_award`)
    ).json<{ items: { title: string; canVote: boolean }[] }>();
    // Beside the landscaping contract the decisions' own demo puts there.
    expect(decisions.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title:
            'Award “Reline the main sewer line under Building C” to Hill Country Plumbing for $12,400.00?',
          canVote: true,
        }),
      ]),
    );
  });
});
