import { eq } from 'drizzle-orm';
import type { VendorTrade } from '@commonwise/contracts';
import {
  bidRequests,
  breakoutRooms,
  profiles,
  properties,
  roomParticipants,
  vendorCompanies,
  vendorDocuments,
  vendorPeople,
  vendorPolicies,
  vendorServiceAreas,
  workOrders,
} from '../../db/schema/index.ts';
import { demoPassword } from '../auth/demo-accounts.ts';
import { createUserWithPassword } from '../users/users.service.ts';
import { addDays } from '../vendors/compliance.ts';
import { directoryToday } from '../vendors/vendor-views.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * The bids tests' world (issue 24 item 2), written straight to the database: the demo's people and
 * associations, vendor companies of each kind an invitation and an award must tell apart, people who can
 * sign in for two of them, and Willow Creek's award limit.
 */
export type BidWorld = {
  willow: string;
  harbor: string;
  people: Record<string, string>;
  companies: {
    /** Victor Ortiz's (vendor@): plumbing, serves Willow Creek and Harbor View, certificate current. */
    ortiz: string;
    /** Rosa Rooter's (rooter@example.com): plumbing, Willow Creek, certificate current. */
    rooter: string;
    /** Plumbing at Willow Creek, certificate expired last week; Eve Expired (expired@example.com). */
    expired: string;
    /** Electrical at Willow Creek: the wrong trade for plumbing. */
    sparky: string;
    /** Plumbing at Harbor View only; Hal Harbor (harborpipes@example.com), never invited at Willow. */
    harborPipes: string;
    /** Plumbing at Willow Creek, marked inactive. */
    dormant: string;
  };
};

export const willowAwardLimitCents = 500_000;

export async function setUpBidWorld(t: TestApp): Promise<BidWorld> {
  const db = t.database.db;
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  const willow = await idOf('Willow Creek Commons');
  const harbor = await idOf('Harbor View Condominiums');
  const people: Record<string, string> = {};
  for (const row of await db.select({ id: profiles.id, email: profiles.email }).from(profiles))
    if (row.email.endsWith('@commonwise.test')) people[row.email.split('@')[0]!] = row.id;
  const today = directoryToday();
  const company = async (
    name: string,
    trades: VendorTrade[],
    serves: string[],
    options: { insuranceExpiresOn?: string; isActive?: boolean } = {},
  ) => {
    const [row] = await db
      .insert(vendorCompanies)
      .values({ name, trades, homePropertyId: serves[0] ?? null, isActive: options.isActive ?? true })
      .returning({ id: vendorCompanies.id });
    if (serves.length > 0)
      await db
        .insert(vendorServiceAreas)
        .values(serves.map((propertyId) => ({ companyId: row!.id, propertyId })));
    await db.insert(vendorDocuments).values({
      companyId: row!.id,
      kind: 'insurance',
      status: 'verified',
      generalLiabilityCents: 100_000_000,
      expiresOn: options.insuranceExpiresOn ?? addDays(today, 300),
      verifiedAt: new Date(),
    });
    return row!.id;
  };
  const person = async (companyId: string, email: string, fullName: string, isPrimary = true) => {
    const profile = await createUserWithPassword(db, {
      email,
      fullName,
      role: 'vendor',
      password: demoPassword,
      emailVerified: true,
    });
    await db.insert(vendorPeople).values({ companyId, userId: profile.id, isPrimary });
    people[email.split('@')[0]!] = profile.id;
    return profile.id;
  };
  const companies: BidWorld['companies'] = {
    ortiz: await company('Ortiz Plumbing & Repair', ['plumbing', 'appliances'], [willow, harbor]),
    rooter: await company('Rosa’s Rooter', ['plumbing'], [willow]),
    expired: await company('Expired Drains', ['plumbing'], [willow], {
      insuranceExpiresOn: addDays(today, -7),
    }),
    sparky: await company('Sparky Electric', ['electrical'], [willow]),
    harborPipes: await company('Harbor Pipes', ['plumbing'], [harbor]),
    dormant: await company('Dormant Plumbing', ['plumbing'], [willow], { isActive: false }),
  };
  await db
    .insert(vendorPeople)
    .values({ companyId: companies.ortiz, userId: people.vendor!, isPrimary: true });
  await person(companies.rooter, 'rooter@example.com', 'Rosa Rooter');
  await person(companies.expired, 'expired@example.com', 'Eve Expired');
  await person(companies.harborPipes, 'harborpipes@example.com', 'Hal Harbor');
  await db.insert(vendorPolicies).values({ propertyId: willow, awardBoardAboveCents: willowAwardLimitCents });
  return { willow, harbor, people, companies };
}

/** A Willow Creek work order with no vendor and a room with its resident and manager in it. */
export async function openWorkOrder(t: TestApp, world: BidWorld, summary: string) {
  const db = t.database.db;
  const [workOrder] = await db
    .insert(workOrders)
    .values({
      propertyId: world.willow,
      residentId: world.people.resident!,
      summary,
      mainCategory: 'plumbing',
      status: 'new',
    })
    .returning({ id: workOrders.id });
  const [room] = await db
    .insert(breakoutRooms)
    .values({ roomName: summary, workOrderId: workOrder!.id })
    .returning({ id: breakoutRooms.id });
  await db.insert(roomParticipants).values([
    { roomId: room!.id, userId: world.people.resident!, role: 'resident' },
    { roomId: room!.id, userId: world.people.manager!, role: 'manager' },
  ]);
  return { workOrderId: workOrder!.id, roomId: room!.id };
}

/** Time passes: the request's due time is a second ago. */
export async function passDueTime(t: TestApp, requestId: string) {
  await t.database.db
    .update(bidRequests)
    .set({ dueAt: new Date(Date.now() - 1000) })
    .where(eq(bidRequests.id, requestId));
}
