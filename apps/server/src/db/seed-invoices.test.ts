import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceList, VendorInvoiceList } from '@commonwise/contracts';
import { journalLines, profiles, properties } from './schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../test/test-app.ts';
import { seedDemoBids } from './seed-bids.ts';
import { seedDemoInvoices } from './seed-invoices.ts';
import { seedDemoVendors } from './seed-vendors.ts';

/** The demo's vendor invoices (issue 24 item 3), as its manager, board member and vendor see them. */

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
    await seedDemoInvoices(tx, ids.willowCreek, people);
  });
});
afterAll(async () => t?.close());

describe('the demo invoices', () => {
  it('give Willow Creek’s manager an invoice of Ortiz Plumbing in each state', async () => {
    const list = (await get('manager', `/api/properties/${willow}/vendor-invoices`)).json<InvoiceList>();
    expect(list.invoices.map((invoice) => [invoice.number, invoice.status, invoice.stillNeeded])).toEqual([
      ['OPR-1042', 'received', 'Needs one approval'],
      ['OPR-1040', 'in_review', "Needs a board member's approval"],
      ['OPR-1041', 'approved', null],
      ['OPR-1039', 'rejected', null],
      ['OPR-1036', 'paid', null],
    ]);
    expect(list.invoices.every((invoice) => invoice.company.name === 'Ortiz Plumbing & Repair')).toBe(true);
  });

  it('leave the pool gate invoice for the board to approve, and the pool pump on its award', async () => {
    const list = (await get('board', `/api/properties/${willow}/vendor-invoices`)).json<InvoiceList>();
    const gate = list.invoices.find((invoice) => invoice.number === 'OPR-1040')!;
    const detail = (
      await get('board', `/api/properties/${willow}/vendor-invoices/${gate.id}`)
    ).json<Invoice>();
    expect(detail).toMatchObject({
      workOrder: { summary: 'Pool gate latch does not close' },
      approvals: [{ asBoardMember: false }],
      can: { approve: true },
    });
    const pump = list.invoices.find((invoice) => invoice.number === 'OPR-1041')!;
    expect(pump).toMatchObject({ bidRequest: { title: 'Replace the pool pump' }, amountCents: 320_000 });
    const pumpDetail = (
      await get('board', `/api/properties/${willow}/vendor-invoices/${pump.id}`)
    ).json<Invoice>();
    expect(pumpDetail.approvals.map((approval) => approval.asBoardMember)).toEqual([false, true]);
    expect(pumpDetail.notToExceed).toEqual({ limitCents: 320_000, invoicedBeforeCents: 0, isAbove: false });
  });

  it('post the paid invoice to the books, balanced, and show Victor it is paid', async () => {
    const mine = (await get('vendor', '/api/vendor-portal/invoices')).json<VendorInvoiceList>();
    expect(mine.total).toBe(5);
    const paid = mine.invoices.find((invoice) => invoice.number === 'OPR-1036')!;
    expect(paid).toMatchObject({ status: 'paid', amountCents: 64_000 });
    const detail = (
      await get('manager', `/api/properties/${willow}/vendor-invoices/${paid.id}`)
    ).json<Invoice>();
    expect(detail.payment).toMatchObject({
      method: 'check',
      reference: '1187',
      expenseAccount: { name: 'Repairs and Maintenance', fund: 'operating' },
    });
    const lines = await t.database.db
      .select({ cents: journalLines.amountCents })
      .from(journalLines)
      .where(eq(journalLines.entryId, detail.payment!.journalEntryId));
    expect(lines.map((line) => line.cents).sort((a, b) => a - b)).toEqual([-64_000, 64_000]);
  });
});
