import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Invoice, VendorInvoice, VendorInvoiceInput, VendorPolicyInput } from '@commonwise/contracts';
import {
  bidInvitations,
  bidRequests,
  bids,
  committeeMembers,
  committees,
  profiles,
  properties,
  propertyManagers,
  vendorCompanies,
  vendorPeople,
  workOrders,
} from '../../db/schema/index.ts';
import { seedDemoVendors } from '../../db/seed-vendors.ts';
import { injectAs, type TestApp } from '../../test/test-app.ts';
import { demoPassword } from '../auth/demo-accounts.ts';
import { createUserWithPassword } from '../users/users.service.ts';

/**
 * What the invoice tests share (not a test itself): the demo's vendor directory (Ortiz Plumbing & Repair,
 * Victor Ortiz's company, serving Willow Creek and Harbor View; Lone Star Electric), and the people the
 * demo lacks: a second member of Willow Creek's board who can sign in, a Willow Creek manager who is also
 * one of Ortiz's people, and a person of Lone Star who can sign in.
 */

export type Who =
  'admin' | 'manager' | 'manager2' | 'board' | 'vendor' | 'resident' | 'board2' | 'ortizManager' | 'loneStar';
const emails: Record<Who, string> = {
  admin: 'admin@commonwise.test',
  manager: 'manager@commonwise.test',
  manager2: 'manager2@commonwise.test',
  board: 'board@commonwise.test',
  vendor: 'vendor@commonwise.test',
  resident: 'resident@commonwise.test',
  board2: 'second-director@invoices.test',
  ortizManager: 'ortiz-manager@invoices.test',
  loneStar: 'lone-star-office@invoices.test',
};

export type InvoiceKit = {
  t: TestApp;
  ids: {
    willow: string;
    harbor: string;
    ortiz: string;
    loneStar: string;
    /** Victor's sink leak at Willow Creek: a work order assigned to Ortiz. */
    sinkLeak: string;
    /** A Willow Creek work order assigned to nobody. */
    streetlight: string;
    /** Victor's pool gate at Willow Creek (completed), for the award on a work order. */
    poolGate: string;
  };
  userIds: Record<Who, string>;
  /** Today at Willow Creek (Chicago). */
  today: string;
  as: (
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  /** Sends an invoice as `who` (Victor by default) to Willow Creek, for the sink leak unless told otherwise. */
  submit: (input?: Partial<VendorInvoiceInput>, who?: Who) => Promise<LightMyRequestResponse>;
  /** An invoice of `cents` sent by Victor, then (unless `received`) put in review by the manager. */
  invoiceInReview: (cents: number, options?: { received?: boolean; who?: Who }) => Promise<VendorInvoice>;
  staffUrl: (invoiceId: string, path?: string) => string;
  setPolicy: (policy: Partial<VendorPolicyInput>, propertyId?: string) => Promise<void>;
  /** Clears Willow Creek's limits (no row: every invoice needs a board member). */
  clearPolicy: () => Promise<void>;
  getInvoice: (invoiceId: string, who?: Who) => Promise<Invoice>;
  /** A request for bids at Willow Creek awarded to Ortiz for `bidCents` (not-to-exceed `nteCents`). */
  awardedRequest: (bidCents: number, nteCents: number | null, workOrderId?: string) => Promise<string>;
};

let numbers = 0;
export const nextNumber = () => `T-${Date.now().toString(36)}-${++numbers}`;

export async function setUpInvoiceKit(t: TestApp): Promise<InvoiceKit> {
  const db = t.database.db;
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  const willow = await idOf('Willow Creek Commons');
  const harbor = await idOf('Harbor View Condominiums');
  const personId = async (email: string) =>
    (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
  const demo = {
    vendor: await personId(emails.vendor),
    manager: await personId(emails.manager),
  };
  await db.transaction((tx) =>
    seedDemoVendors(tx, t.app.storage, { willowCreek: willow, harborView: harbor }, demo),
  );
  const companyId = async (name: string) =>
    (
      await db.select({ id: vendorCompanies.id }).from(vendorCompanies).where(eq(vendorCompanies.name, name))
    )[0]!.id;
  const ortiz = await companyId('Ortiz Plumbing & Repair');
  const loneStar = await companyId('Lone Star Electric');
  const make = async (who: Who, fullName: string, role: 'board' | 'manager' | 'vendor') =>
    (
      await createUserWithPassword(db, {
        email: emails[who],
        fullName,
        role,
        password: demoPassword,
        emailVerified: true,
      })
    ).id;
  const board2 = await make('board2', 'Grace Director', 'board');
  const [willowBoard] = await db
    .select({ id: committees.id })
    .from(committees)
    .where(and(eq(committees.propertyId, willow), eq(committees.kind, 'board')));
  await db.insert(committeeMembers).values({
    committeeId: willowBoard!.id,
    userId: board2,
    role: 'director',
    startsOn: '2020-01-01',
  });
  // A manager of Willow Creek who is also one of Ortiz's people (the directory would not add them; the
  // rule must hold anyway).
  const ortizManager = await make('ortizManager', 'Olivia Ortiz', 'manager');
  await db.insert(propertyManagers).values({ propertyId: willow, userId: ortizManager });
  await db.insert(vendorPeople).values({ companyId: ortiz, userId: ortizManager });
  const loneStarPerson = await make('loneStar', 'Luis Star', 'vendor');
  await db.insert(vendorPeople).values({ companyId: loneStar, userId: loneStarPerson });

  const userIds = { board2, ortizManager, loneStar: loneStarPerson } as Record<Who, string>;
  for (const who of ['admin', 'manager', 'manager2', 'board', 'vendor', 'resident'] as const)
    userIds[who] = await personId(emails[who]);
  const workOrderId = async (summary: string) =>
    (await db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.summary, summary)))[0]!.id;
  const [{ today }] = (await db
    .select({ today: sql<string>`to_char(now() at time zone ${properties.timeZone}, 'YYYY-MM-DD')` })
    .from(properties)
    .where(eq(properties.id, willow))) as [{ today: string }];

  const cookies = new Map<Who, string>();
  const as: InvoiceKit['as'] = async (who, method, url, payload) => {
    if (!cookies.has(who)) cookies.set(who, await t.signIn(emails[who]));
    return injectAs(t.app, cookies.get(who), { method, url, ...(payload ? { payload } : {}) });
  };
  const ids = {
    willow,
    harbor,
    ortiz,
    loneStar,
    sinkLeak: await workOrderId('Kitchen sink leaking under the cabinet'),
    streetlight: await workOrderId('Streetlight out in front of unit 14B'),
    poolGate: await workOrderId('Pool gate latch does not close'),
  };
  const staffUrl = (invoiceId: string, path = '') =>
    `/api/properties/${willow}/vendor-invoices/${invoiceId}${path}`;
  const submit: InvoiceKit['submit'] = (input = {}, who = 'vendor') =>
    as(who, 'POST', '/api/vendor-portal/invoices', {
      propertyId: willow,
      workOrderId: ids.sinkLeak,
      number: nextNumber(),
      invoiceDate: today,
      lines: [{ description: 'Replaced the P-trap', amountCents: 25_000 }],
      ...input,
    });
  const setPolicy: InvoiceKit['setPolicy'] = async (policy, propertyId = willow) => {
    const response = await as('admin', 'PUT', `/api/properties/${propertyId}/vendor-policy`, {
      awardBoardAboveCents: null,
      invoiceBoardAboveCents: null,
      invoiceTwoApproversAboveCents: null,
      ...policy,
    });
    if (response.statusCode !== 200) throw new Error(`setPolicy: ${response.statusCode} ${response.body}`);
  };
  return {
    t,
    ids,
    userIds,
    today,
    as,
    submit,
    staffUrl,
    setPolicy,
    clearPolicy: async () => {
      await db.execute(sql`delete from vendor_policies where property_id = ${willow}`);
    },
    async invoiceInReview(cents, options = {}) {
      const response = await submit(
        {
          workOrderId: undefined,
          lines: [{ description: 'Work as agreed', amountCents: cents }],
          ...(options.who === 'admin' ? { companyId: ortiz } : {}),
        },
        options.who ?? 'vendor',
      );
      if (response.statusCode !== 201) throw new Error(`submit: ${response.statusCode} ${response.body}`);
      const invoice = response.json<VendorInvoice>();
      if (!options.received) {
        const review = await as('manager', 'POST', staffUrl(invoice.id, '/review'));
        if (review.statusCode !== 200) throw new Error(`review: ${review.statusCode} ${review.body}`);
      }
      return invoice;
    },
    async getInvoice(invoiceId, who = 'manager') {
      const response = await as(who, 'GET', staffUrl(invoiceId));
      if (response.statusCode !== 200) throw new Error(`get: ${response.statusCode} ${response.body}`);
      return response.json<Invoice>();
    },
    async awardedRequest(bidCents, nteCents, workOrderId) {
      const [request] = await db
        .insert(bidRequests)
        .values({
          propertyId: willow,
          workOrderId: workOrderId ?? null,
          title: 'Repipe the pool house',
          scope: 'Replace the galvanised supply lines of the pool house.',
          trade: 'plumbing',
          dueAt: new Date(Date.now() - 86_400_000),
          notToExceedCents: nteCents,
        })
        .returning({ id: bidRequests.id });
      const [invitation] = await db
        .insert(bidInvitations)
        .values({ requestId: request!.id, companyId: ortiz })
        .returning({ id: bidInvitations.id });
      const [bid] = await db
        .insert(bids)
        .values({
          invitationId: invitation!.id,
          requestId: request!.id,
          companyId: ortiz,
          amountCents: bidCents,
          timeline: 'Two weeks',
          status: 'awarded',
        })
        .returning({ id: bids.id });
      await db
        .update(bidRequests)
        .set({ status: 'awarded', awardedBidId: bid!.id, awardedAt: new Date() })
        .where(eq(bidRequests.id, request!.id));
      return request!.id;
    },
  };
}
