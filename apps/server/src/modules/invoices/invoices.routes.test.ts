import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceList, VendorInvoice, VendorInvoiceList } from '@commonwise/contracts';
import { attachments, notifications, vendorInvoiceApprovals, vendorInvoices } from '../../db/schema/index.ts';
import { makeTextPdf } from '../../test/fixtures/documents.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { nextNumber, setUpInvoiceKit, type InvoiceKit, type Who } from './invoice-test-kit.ts';

/**
 * Vendor invoices (issue 24 item 3, decision 0068) through the API, as each person sees them: Victor Ortiz
 * (vendor@) sends them for Ortiz Plumbing & Repair; Willow Creek's manager reviews, rejects and approves;
 * its board members (board@, and a second director) approve; Harbor View's manager (manager2@) and Lone
 * Star's person see none of it. Every refusal leaves nothing written.
 */

let t: TestApp;
let kit: InvoiceKit;

beforeAll(async () => {
  t = await createTestApp();
  kit = await setUpInvoiceKit(t);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const rowsIn = async (table: typeof vendorInvoices | typeof vendorInvoiceApprovals | typeof notifications) =>
  (await db().select({ n: count() }).from(table))[0]!.n;
/** What a refused request must leave as it was. */
const snapshot = async () => ({
  invoices: await rowsIn(vendorInvoices),
  approvals: await rowsIn(vendorInvoiceApprovals),
  notifications: await rowsIn(notifications),
});
const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const noticesTo = async (userId: string, kind: 'invoice.status' | 'invoice.attention') =>
  db()
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const approve = (who: Who, invoiceId: string) => kit.as(who, 'POST', kit.staffUrl(invoiceId, '/approvals'));

describe('sending an invoice', () => {
  it('records a received invoice for the company’s work order, its total worked out, and tells the managers', async () => {
    const number = nextNumber();
    const response = await kit.submit({
      number,
      dueDate: kit.today,
      lines: [
        { description: 'Replaced the P-trap', amountCents: 18_550 },
        { description: 'Call-out', amountCents: 7_500 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json<VendorInvoice>();
    expect(invoice).toMatchObject({
      number,
      status: 'received',
      amountCents: 26_050,
      company: { id: kit.ids.ortiz, name: 'Ortiz Plumbing & Repair' },
      property: { id: kit.ids.willow, name: 'Willow Creek Commons' },
      workOrder: { id: kit.ids.sinkLeak, summary: 'Kitchen sink leaking under the cabinet' },
      bidRequest: null,
      submittedBy: { id: kit.userIds.vendor },
      payment: null,
      canAddFiles: true,
    });
    const [stored] = await db().select().from(vendorInvoices).where(eq(vendorInvoices.id, invoice.id));
    expect(stored!.amountCents).toBe(26_050);
    const toManager = await noticesTo(kit.userIds.manager, 'invoice.attention');
    expect(toManager).toContainEqual({
      title: `New invoice: Ortiz Plumbing & Repair invoice ${number} ($260.50)`,
      body: expect.stringContaining('Start its review'),
      link: `/invoices/${kit.ids.willow}/${invoice.id}`,
    });
    // The other association's manager and the board hear nothing of a received invoice.
    expect(await noticesTo(kit.userIds.manager2, 'invoice.attention')).toEqual([]);
    expect(await noticesTo(kit.userIds.board, 'invoice.attention')).toEqual([]);
  });

  it('takes an invoice for no work order from a company serving the association, and none from another', async () => {
    expect((await kit.submit({ workOrderId: undefined })).statusCode).toBe(201);
    const before = await snapshot();
    // Lone Star serves Willow Creek but the sink leak is not its work.
    const other = await kit.submit({}, 'loneStar');
    expect(other.statusCode).toBe(404);
    // A work order assigned to nobody, and one of another association.
    expect((await kit.submit({ workOrderId: kit.ids.streetlight })).statusCode).toBe(404);
    expect((await kit.submit({ propertyId: kit.ids.harbor })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a number the company already used (in any case and spacing) until that invoice is rejected', async () => {
    const number = nextNumber();
    const first = (await kit.submit({ number })).json<VendorInvoice>();
    const before = await snapshot();
    const again = await kit.submit({ number: `  ${number.toLowerCase()} `, workOrderId: undefined });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'DUPLICATE_INVOICE_NUMBER',
      fields: { number: expect.stringContaining(`already sent invoice`) },
    });
    // Another company may use the same number.
    const loneStar = await kit.submit({ number, workOrderId: undefined }, 'loneStar');
    expect(loneStar.statusCode).toBe(201);
    expect((await snapshot()).invoices).toBe(before.invoices + 1);
    await kit.as('manager', 'POST', kit.staffUrl(first.id, '/reject'), { reason: 'Wrong unit on it.' });
    expect((await kit.submit({ number })).statusCode).toBe(201);
  });

  it('refuses negative, fractional and zero amounts, a total sent along, and lines beyond 1–100', async () => {
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ lines: [{ description: 'Credit', amountCents: -500 }] }, 'lines.0.amountCents'],
      [{ lines: [{ description: 'Part', amountCents: 12.5 }] }, 'lines.0.amountCents'],
      [{ lines: [{ description: 'Nothing', amountCents: 0 }] }, 'lines.0.amountCents'],
      [{ lines: [] }, 'lines'],
      [
        {
          lines: Array.from({ length: 101 }, (_, index) => ({ description: `L${index}`, amountCents: 100 })),
        },
        'lines',
      ],
      [{ lines: [{ description: '   ', amountCents: 100 }] }, 'lines.0.description'],
      [{ dueDate: '2000-01-01' }, 'dueDate'],
    ];
    for (const [input, field] of cases) {
      const response = await kit.submit(input);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {}), JSON.stringify(input)).toContain(field);
    }
    const withTotal = await kit.as('vendor', 'POST', '/api/vendor-portal/invoices', {
      propertyId: kit.ids.willow,
      number: nextNumber(),
      invoiceDate: kit.today,
      lines: [{ description: 'Part', amountCents: 100 }],
      amountCents: 1,
    });
    expect(withTotal.statusCode).toBe(400);
    expect(errorOf(withTotal).message).toContain('amountCents');
    const future = await kit.submit({ invoiceDate: '2199-01-01' });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).fields).toEqual({ invoiceDate: expect.stringContaining('cannot be after today') });
    expect(await snapshot()).toEqual(before);
  });

  it('holds an invoice on an award to its not-to-exceed, counting the company’s earlier invoices on it', async () => {
    // Bid $4,000; the request's not-to-exceed $3,500 is lower, so it is the limit.
    const requestId = await kit.awardedRequest(400_000, 350_000);
    const line = (cents: number) => [{ description: 'Repiping', amountCents: cents }];
    const first = await kit.submit({ workOrderId: undefined, bidRequestId: requestId, lines: line(300_000) });
    expect(first.statusCode, first.body).toBe(201);
    const before = await snapshot();
    const over = await kit.submit({ workOrderId: undefined, bidRequestId: requestId, lines: line(60_000) });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toMatchObject({
      code: 'EXPLAIN_ABOVE_LIMIT',
      fields: { exceedsReason: expect.stringContaining('$3,500.00') },
    });
    expect(errorOf(over).message).toContain('$3,600.00');
    expect(await snapshot()).toEqual(before);
    const explained = await kit.submit({
      workOrderId: undefined,
      bidRequestId: requestId,
      lines: line(60_000),
      exceedsReason: 'The main valve was seized and had to be cut out.',
    });
    expect(explained.statusCode).toBe(201);
    expect(explained.json<VendorInvoice>().exceedsReason).toBe(
      'The main valve was seized and had to be cut out.',
    );
    const seen = await kit.getInvoice(explained.json<VendorInvoice>().id);
    expect(seen.notToExceed).toEqual({ limitCents: 350_000, invoicedBeforeCents: 300_000, isAbove: true });
    expect(seen.bidRequest).toEqual({ id: requestId, title: 'Repipe the pool house' });
    // Within the limit, no explanation is needed: a rejected invoice does not count.
    await kit.as('manager', 'POST', kit.staffUrl(first.json<VendorInvoice>().id, '/reject'), {
      reason: 'Split it by phase.',
    });
    const within = await kit.submit({
      workOrderId: undefined,
      bidRequestId: requestId,
      lines: line(200_000),
    });
    expect(within.statusCode).toBe(201);
  });

  it('holds an invoice for the work order of an award to the same not-to-exceed', async () => {
    await kit.awardedRequest(50_000, null, kit.ids.poolGate);
    const gate = (cents: number) => ({
      workOrderId: kit.ids.poolGate,
      lines: [{ description: 'Gate latch', amountCents: cents }],
    });
    expect(errorOf(await kit.submit(gate(50_001))).code).toBe('EXPLAIN_ABOVE_LIMIT');
    expect((await kit.submit(gate(50_000))).statusCode).toBe(201);
    // The award is invoiced in full: any more needs an explanation.
    expect(errorOf(await kit.submit(gate(1))).code).toBe('EXPLAIN_ABOVE_LIMIT');
  });

  it('refuses a request for bids not awarded to the company', async () => {
    const requestId = await kit.awardedRequest(10_000, null);
    const before = await snapshot();
    expect(
      (await kit.submit({ workOrderId: undefined, bidRequestId: requestId }, 'loneStar')).statusCode,
    ).toBe(404);
    expect((await kit.submit({ workOrderId: kit.ids.sinkLeak, bidRequestId: requestId })).statusCode).toBe(
      400,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('lets an admin send one for a company they name, and asks them to name it', async () => {
    const named = await kit.submit({ workOrderId: undefined, companyId: kit.ids.ortiz }, 'admin');
    expect(named.statusCode).toBe(201);
    expect(named.json<VendorInvoice>().submittedBy).toMatchObject({ id: kit.userIds.admin });
    const unnamed = await kit.submit({ workOrderId: undefined }, 'admin');
    expect(unnamed.statusCode).toBe(400);
    expect(errorOf(unnamed).fields).toEqual({ companyId: 'Choose the company the invoice is from' });
  });
});

describe('who sees an invoice', () => {
  let invoice: VendorInvoice;
  beforeAll(async () => {
    invoice = (await kit.submit()).json<VendorInvoice>();
  });

  it('shows it to the association’s managers, board and admins, with what its approval needs', async () => {
    await kit.clearPolicy();
    for (const who of ['manager', 'board', 'board2', 'admin'] as const) {
      const list = (
        await kit.as(who, 'GET', `/api/properties/${kit.ids.willow}/vendor-invoices`)
      ).json<InvoiceList>();
      const listed = list.invoices.find((item) => item.id === invoice.id);
      expect(listed, who).toMatchObject({
        status: 'received',
        company: { id: kit.ids.ortiz },
        approvalCount: 0,
        approvalRule: { approversNeeded: 1, boardMemberNeeded: true },
        stillNeeded: "Needs a board member's approval",
      });
    }
    const detail = await kit.getInvoice(invoice.id, 'board');
    expect(detail).toMatchObject({
      lines: [{ description: 'Replaced the P-trap', amountCents: 25_000 }],
      can: { review: false, approve: false, reject: false, recordPayment: false },
      approveBlockedBecause: null,
    });
  });

  it('hides it from another association’s manager, another company’s people and residents', async () => {
    expect((await kit.as('manager2', 'GET', kit.staffUrl(invoice.id))).statusCode).toBe(404);
    expect(
      (await kit.as('manager2', 'GET', `/api/properties/${kit.ids.willow}/vendor-invoices`)).statusCode,
    ).toBe(404);
    expect((await kit.as('loneStar', 'GET', `/api/vendor-portal/invoices/${invoice.id}`)).statusCode).toBe(
      404,
    );
    const loneStarList = (
      await kit.as('loneStar', 'GET', '/api/vendor-portal/invoices')
    ).json<VendorInvoiceList>();
    expect(loneStarList.invoices.every((item) => item.company.id === kit.ids.loneStar)).toBe(true);
    expect((await kit.as('resident', 'GET', kit.staffUrl(invoice.id))).statusCode).toBe(403);
    // The same invoice under another association's address is not found either.
    expect(
      (await kit.as('admin', 'GET', `/api/properties/${kit.ids.harbor}/vendor-invoices/${invoice.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('shows the company its own invoices, filtered by status, and an admin the company they name', async () => {
    const mine = (
      await kit.as('vendor', 'GET', '/api/vendor-portal/invoices?status=received&limit=100')
    ).json<VendorInvoiceList>();
    expect(mine.invoices.map((item) => item.id)).toContain(invoice.id);
    expect(
      mine.invoices.every((item) => item.status === 'received' && item.company.id === kit.ids.ortiz),
    ).toBe(true);
    const named = (
      await kit.as('admin', 'GET', `/api/vendor-portal/invoices?companyId=${kit.ids.loneStar}`)
    ).json<VendorInvoiceList>();
    expect(named.invoices.every((item) => item.company.id === kit.ids.loneStar)).toBe(true);
    expect(
      (await kit.as('vendor', 'GET', `/api/vendor-portal/invoices?companyId=${kit.ids.loneStar}`)).statusCode,
    ).toBe(404);
    const filtered = (
      await kit.as(
        'manager',
        'GET',
        `/api/properties/${kit.ids.willow}/vendor-invoices?companyId=${kit.ids.loneStar}`,
      )
    ).json<InvoiceList>();
    expect(filtered.invoices.every((item) => item.company.id === kit.ids.loneStar)).toBe(true);
  });
});

describe('the review', () => {
  it('moves received → in review once, by a manager, and tells the company', async () => {
    const invoice = (await kit.submit()).json<VendorInvoice>();
    expect((await kit.as('board', 'POST', kit.staffUrl(invoice.id, '/review'))).statusCode).toBe(403);
    expect((await kit.as('manager2', 'POST', kit.staffUrl(invoice.id, '/review'))).statusCode).toBe(404);
    const review = await kit.as('manager', 'POST', kit.staffUrl(invoice.id, '/review'));
    expect(review.statusCode).toBe(200);
    expect(review.json<Invoice>()).toMatchObject({
      status: 'in_review',
      reviewStartedBy: { id: kit.userIds.manager },
    });
    const again = await kit.as('manager', 'POST', kit.staffUrl(invoice.id, '/review'));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('INVOICE_NOT_RECEIVED');
    expect(await noticesTo(kit.userIds.vendor, 'invoice.status')).toContainEqual({
      title: `Invoice ${invoice.number} is in review`,
      body: expect.stringContaining('Willow Creek Commons started reviewing'),
      link: `/vendor-portal/invoices/${invoice.id}`,
    });
  });

  it('rejects with a reason the vendor reads, and not once approved', async () => {
    await kit.setPolicy({ invoiceBoardAboveCents: 100_000 });
    const invoice = await kit.invoiceInReview(10_000);
    const reject = await kit.as('manager', 'POST', kit.staffUrl(invoice.id, '/reject'), {
      reason: 'The invoice names another unit.',
    });
    expect(reject.statusCode).toBe(200);
    expect(reject.json<Invoice>()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The invoice names another unit.',
      rejectedBy: { id: kit.userIds.manager },
      stillNeeded: null,
    });
    const seen = (
      await kit.as('vendor', 'GET', `/api/vendor-portal/invoices/${invoice.id}`)
    ).json<VendorInvoice>();
    expect(seen).toMatchObject({ status: 'rejected', rejectionReason: 'The invoice names another unit.' });
    expect(await noticesTo(kit.userIds.vendor, 'invoice.status')).toContainEqual(
      expect.objectContaining({
        title: `Invoice ${invoice.number} was rejected`,
        body: expect.stringContaining('The invoice names another unit.'),
      }),
    );
    const approved = await kit.invoiceInReview(10_000);
    expect((await approve('manager', approved.id)).json<Invoice>().status).toBe('approved');
    const late = await kit.as('manager', 'POST', kit.staffUrl(approved.id, '/reject'), {
      reason: 'Too late.',
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('INVOICE_NOT_OPEN');
    const empty = await kit.as('manager', 'POST', kit.staffUrl(approved.id, '/reject'), { reason: '  ' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('approvals under the association’s limits', () => {
  it('approves at or below the board limit with one manager’s approval', async () => {
    await kit.setPolicy({ invoiceBoardAboveCents: 100_000, invoiceTwoApproversAboveCents: 500_000 });
    const invoice = await kit.invoiceInReview(100_000);
    const response = await approve('manager', invoice.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Invoice>()).toMatchObject({
      status: 'approved',
      approvalRule: {
        approversNeeded: 1,
        boardMemberNeeded: false,
        summary: expect.stringContaining('$1,000.00'),
      },
      approvals: [{ approvedBy: { id: kit.userIds.manager }, asBoardMember: false }],
      stillNeeded: null,
    });
    expect(await noticesTo(kit.userIds.vendor, 'invoice.status')).toContainEqual(
      expect.objectContaining({ title: `Invoice ${invoice.number} was approved` }),
    );
  });

  it('needs a board member above the board limit, and tells the board when the review starts', async () => {
    await kit.setPolicy({ invoiceBoardAboveCents: 100_000, invoiceTwoApproversAboveCents: 500_000 });
    const invoice = await kit.invoiceInReview(100_001);
    expect(await noticesTo(kit.userIds.board, 'invoice.attention')).toContainEqual(
      expect.objectContaining({
        title: expect.stringContaining(`Needs a board member's approval`),
        link: `/invoices/${kit.ids.willow}/${invoice.id}`,
      }),
    );
    const byManager = (await approve('manager', invoice.id)).json<Invoice>();
    expect(byManager).toMatchObject({ status: 'in_review', stillNeeded: "Needs a board member's approval" });
    const byBoard = (await approve('board', invoice.id)).json<Invoice>();
    expect(byBoard).toMatchObject({ status: 'approved', stillNeeded: null });
    expect(byBoard.approvals.map((approval) => approval.asBoardMember)).toEqual([false, true]);
  });

  it('needs two different approvers, one a board member, above the two-approver limit', async () => {
    await kit.setPolicy({ invoiceBoardAboveCents: 100_000, invoiceTwoApproversAboveCents: 500_000 });
    const invoice = await kit.invoiceInReview(500_001);
    expect((await kit.getInvoice(invoice.id)).stillNeeded).toBe(
      'Needs two approvers, one of them a board member',
    );
    const first = (await approve('board', invoice.id)).json<Invoice>();
    expect(first).toMatchObject({ status: 'in_review', stillNeeded: 'Needs one more approver' });
    // The managers (not the board member who approved) are asked for the second approval.
    expect(await noticesTo(kit.userIds.manager, 'invoice.attention')).toContainEqual(
      expect.objectContaining({ title: expect.stringContaining('Needs one more approver') }),
    );
    const twice = await approve('board', invoice.id);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('ALREADY_APPROVED');
    expect((await approve('board2', invoice.id)).json<Invoice>().status).toBe('approved');
  });

  it('with no limits set, sends every invoice to the board and never asks for a second approver', async () => {
    await kit.clearPolicy();
    const invoice = await kit.invoiceInReview(50);
    expect((await approve('manager', invoice.id)).json<Invoice>()).toMatchObject({
      status: 'in_review',
      stillNeeded: "Needs a board member's approval",
    });
    const large = await kit.invoiceInReview(90_000_000);
    expect((await approve('board', large.id)).json<Invoice>().status).toBe('approved');
  });

  it('never lets the sender or one of the company’s people approve, nor anyone twice', async () => {
    await kit.setPolicy({ invoiceBoardAboveCents: 100_000 });
    const invoice = await kit.invoiceInReview(5_000);
    const before = await snapshot();
    const byColleague = await approve('ortizManager', invoice.id);
    expect(byColleague.statusCode).toBe(403);
    expect(errorOf(byColleague).code).toBe('OWN_INVOICE');
    expect((await approve('vendor', invoice.id)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect((await kit.getInvoice(invoice.id, 'ortizManager')).approveBlockedBecause).toContain(
      "Ortiz Plumbing & Repair's people",
    );
    // An admin who sent it for the company did send it.
    const adminSent = await kit.invoiceInReview(5_000, { who: 'admin' });
    const byAdmin = await approve('admin', adminSent.id);
    expect(errorOf(byAdmin).code).toBe('OWN_INVOICE');
    expect((await kit.getInvoice(adminSent.id, 'admin')).approveBlockedBecause).toBe(
      'You sent this invoice: someone else must approve it.',
    );
  });

  it('takes approvals only in review, and not from another association’s manager', async () => {
    await kit.setPolicy({ invoiceBoardAboveCents: 100_000 });
    const received = await kit.invoiceInReview(5_000, { received: true });
    const early = await approve('manager', received.id);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('INVOICE_NOT_IN_REVIEW');
    expect((await approve('manager2', received.id)).statusCode).toBe(404);
    expect(
      await db()
        .select()
        .from(vendorInvoiceApprovals)
        .where(eq(vendorInvoiceApprovals.invoiceId, received.id)),
    ).toEqual([]);
  });

  it('approves invoices in review whose approvals meet limits the board raises', async () => {
    await kit.setPolicy({ invoiceBoardAboveCents: 100_000 });
    const invoice = await kit.invoiceInReview(150_000);
    expect((await approve('manager', invoice.id)).json<Invoice>().status).toBe('in_review');
    const raised = await kit.as('board', 'PUT', `/api/properties/${kit.ids.willow}/vendor-policy`, {
      awardBoardAboveCents: null,
      invoiceBoardAboveCents: 200_000,
      invoiceTwoApproversAboveCents: null,
    });
    expect(raised.statusCode).toBe(200);
    expect((await kit.getInvoice(invoice.id)).status).toBe('approved');
  });
});

describe('an invoice’s files', () => {
  const upload = async (who: Who, invoiceId: string) => {
    const body = new FormData();
    body.append('vendorInvoiceId', invoiceId);
    const pdf = await makeTextPdf([['Invoice', 'Ortiz Plumbing & Repair']]);
    body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'invoice.pdf');
    return kit.as(who, 'POST', '/api/attachments', body as unknown as object);
  };

  it('are added by the company while the invoice is reviewed, by its managers at any time, and read by the board', async () => {
    await kit.setPolicy({ invoiceBoardAboveCents: 100_000 });
    const invoice = (await kit.submit()).json<VendorInvoice>();
    const added = await upload('vendor', invoice.id);
    expect(added.statusCode, added.body).toBe(201);
    expect((await upload('loneStar', invoice.id)).statusCode).toBe(404);
    expect((await upload('manager2', invoice.id)).statusCode).toBe(404);
    const detail = await kit.getInvoice(invoice.id, 'board');
    expect(detail.files.map((file) => file.fileName)).toEqual(['invoice.pdf']);
    const fileUrl = detail.files[0]!.url;
    expect((await kit.as('board', 'GET', fileUrl)).statusCode).toBe(200);
    expect((await kit.as('loneStar', 'GET', fileUrl)).statusCode).toBe(404);
    await kit.as('manager', 'POST', kit.staffUrl(invoice.id, '/review'));
    await approve('manager', invoice.id);
    const late = await upload('vendor', invoice.id);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('INVOICE_CLOSED');
    expect((await upload('manager', invoice.id)).statusCode).toBe(201);
    // The vendor's own file stays once the invoice is approved.
    const removed = await kit.as('vendor', 'DELETE', `/api/attachments/${added.json<{ id: string }>().id}`);
    expect(removed.statusCode).toBe(409);
    expect(
      await db().select({ n: count() }).from(attachments).where(eq(attachments.vendorInvoiceId, invoice.id)),
    ).toEqual([{ n: 2 }]);
  });
});
