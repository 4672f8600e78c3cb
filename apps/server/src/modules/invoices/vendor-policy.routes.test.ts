import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorPolicy } from '@commonwise/contracts';
import { auditEvents, vendorPolicies } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setUpInvoiceKit, type InvoiceKit } from './invoice-test-kit.ts';

/**
 * An association's approval limits (decision 0068): read by its managers, board and admins; set by its
 * board members and admins, who are shown as having set them, and when. No limits set asks the most.
 */

let t: TestApp;
let kit: InvoiceKit;

beforeAll(async () => {
  t = await createTestApp();
  kit = await setUpInvoiceKit(t);
});
afterAll(async () => t?.close());

const url = (propertyId: string) => `/api/properties/${propertyId}/vendor-policy`;
const limits = {
  awardBoardAboveCents: 1_000_000,
  invoiceBoardAboveCents: 250_000,
  invoiceTwoApproversAboveCents: 1_000_000,
};
const rows = async () => (await t.database.db.select({ n: count() }).from(vendorPolicies))[0]!.n;

describe('the approval limits', () => {
  it('start unset: everything goes to the board, and no invoice needs a second approver', async () => {
    const policy = (await kit.as('manager', 'GET', url(kit.ids.willow))).json<VendorPolicy>();
    expect(policy).toEqual({
      propertyId: kit.ids.willow,
      propertyName: 'Willow Creek Commons',
      awardBoardAboveCents: null,
      invoiceBoardAboveCents: null,
      invoiceTwoApproversAboveCents: null,
      isSet: false,
      updatedBy: null,
      updatedAt: null,
      canEdit: false,
      awardRule: 'Every award goes to the board to decide.',
      invoiceRule: "Every invoice needs a board member's approval. No invoice needs a second approver.",
    });
    expect((await kit.as('board', 'GET', url(kit.ids.willow))).json<VendorPolicy>().canEdit).toBe(true);
  });

  it('are set by a member of the association’s board, who is shown with the time', async () => {
    const response = await kit.as('board', 'PUT', url(kit.ids.willow), limits);
    expect(response.statusCode, response.body).toBe(200);
    const policy = response.json<VendorPolicy>();
    expect(policy).toMatchObject({
      ...limits,
      isSet: true,
      updatedBy: { id: kit.userIds.board },
      canEdit: true,
      awardRule: 'Managers award contracts up to $10,000.00; an award above it goes to the board to decide.',
      invoiceRule:
        "Invoices up to $2,500.00 need one approval by a manager or a board member; above it, a board member's approval. Above $10,000.00, two different approvers, one of them a board member.",
    });
    expect(Date.now() - Date.parse(policy.updatedAt!)).toBeLessThan(60_000);
    // Read back by the managers as set; the change is in the audit trail.
    expect((await kit.as('manager', 'GET', url(kit.ids.willow))).json<VendorPolicy>()).toMatchObject(limits);
    const audit = await t.database.db
      .select({ actor: auditEvents.actorId })
      .from(auditEvents)
      .where(eq(auditEvents.entity, 'vendor_policies'));
    expect(audit.map((event) => event.actor)).toContain(kit.userIds.board);
  });

  it('are not set by managers, another association’s board member, or with limits out of order', async () => {
    const before = await rows();
    expect((await kit.as('manager', 'PUT', url(kit.ids.willow), limits)).statusCode).toBe(403);
    // The Willow Creek board member reads nothing of Harbor View.
    expect((await kit.as('board', 'GET', url(kit.ids.harbor))).statusCode).toBe(404);
    expect((await kit.as('board', 'PUT', url(kit.ids.harbor), limits)).statusCode).toBe(404);
    expect((await kit.as('manager2', 'GET', url(kit.ids.willow))).statusCode).toBe(404);
    expect((await kit.as('vendor', 'GET', url(kit.ids.willow))).statusCode).toBe(403);
    const outOfOrder = await kit.as('board', 'PUT', url(kit.ids.willow), {
      ...limits,
      invoiceTwoApproversAboveCents: 100_000,
    });
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.json().error.fields).toEqual({
      invoiceTwoApproversAboveCents: 'The two-approver limit must be at least the board’s invoice limit',
    });
    for (const bad of [-1, 12.5, '100']) {
      const response = await kit.as('board', 'PUT', url(kit.ids.willow), {
        ...limits,
        invoiceBoardAboveCents: bad,
      });
      expect(response.statusCode, String(bad)).toBe(400);
    }
    const missing = await kit.as('board', 'PUT', url(kit.ids.willow), { invoiceBoardAboveCents: 5 });
    expect(missing.statusCode).toBe(400);
    expect(await rows()).toBe(before);
    expect((await kit.as('manager', 'GET', url(kit.ids.willow))).json<VendorPolicy>()).toMatchObject(limits);
  });

  it('are set by admins for any association, and may be cleared back to none', async () => {
    const set = await kit.as('admin', 'PUT', url(kit.ids.harbor), {
      awardBoardAboveCents: 0,
      invoiceBoardAboveCents: 0,
      invoiceTwoApproversAboveCents: null,
    });
    expect(set.json<VendorPolicy>()).toMatchObject({
      invoiceBoardAboveCents: 0,
      invoiceRule:
        "Invoices up to $0.00 need one approval by a manager or a board member; above it, a board member's approval. No invoice needs a second approver.",
      updatedBy: { id: kit.userIds.admin },
    });
    const cleared = await kit.as('board', 'PUT', url(kit.ids.willow), {
      awardBoardAboveCents: null,
      invoiceBoardAboveCents: null,
      invoiceTwoApproversAboveCents: null,
    });
    expect(cleared.json<VendorPolicy>()).toMatchObject({ isSet: true, invoiceBoardAboveCents: null });
  });
});
