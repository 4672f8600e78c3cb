import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { InvoiceLine } from './schema/invoices.ts';
import {
  glAccounts,
  properties,
  vendorCompanies,
  vendorInvoiceApprovals,
  vendorInvoices,
  workOrders,
} from './schema/index.ts';
import { postEntry } from '../modules/finance/books.service.ts';
import { addDays } from '../modules/finance/due-dates.ts';
import { approvalNeedOf } from '../modules/invoices/approval-rule.ts';
import { invoiceLimitsOf } from '../modules/invoices/invoice-access.ts';
import { rowsOf } from '../modules/realtime/publish.ts';

/**
 * The demo's vendor invoices (issue 24 item 3, decision 0068), after the vendor directory's and the bids'
 * (which set Willow Creek's approval limits): Ortiz Plumbing & Repair (Victor Ortiz's company) invoices
 * Willow Creek in every state —
 * - **OPR-1036**, the clubhouse shut-off valve (a standing job, no work order): approved by the manager and
 *   paid by check four days ago, posted to the books (repairs and maintenance, operating cash);
 * - **OPR-1039**, the pool gate: rejected — the hours did not match the work order;
 * - **OPR-1040**, the pool gate's latch and hinges, above the board's limit: in review, approved by the
 *   manager and waiting for a board member's approval;
 * - **OPR-1041**, the pool pump awarded to Ortiz in the bid round: approved by the manager and the board,
 *   waiting to be paid;
 * - **OPR-1042**, the kitchen sink leak: just received.
 * The approvals each has are those Willow Creek's limits ask for (whatever they are when the seed runs).
 * Inside the caller's transaction; days relative to today at Willow Creek. Nothing without the company.
 */
export async function seedDemoInvoices(
  tx: Db,
  propertyId: string,
  people: { vendor: string; manager: string; board: string },
): Promise<void> {
  const [ortiz] = await tx
    .select({ id: vendorCompanies.id })
    .from(vendorCompanies)
    .where(eq(vendorCompanies.name, 'Ortiz Plumbing & Repair'));
  if (!ortiz) return;
  const [property] = await tx
    .select({ today: sql<string>`to_char(now() at time zone ${properties.timeZone}, 'YYYY-MM-DD')` })
    .from(properties)
    .where(eq(properties.id, propertyId));
  const today = property!.today;
  const now = Date.now();
  /** That day at that hour (UTC), never later than now. */
  const moment = (daysAgo: number, hour = 15) =>
    new Date(
      Math.min(now, Date.parse(`${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:00:00Z`)),
    );
  const workOrderId = async (summary: string) =>
    (
      await tx
        .select({ id: workOrders.id })
        .from(workOrders)
        .where(and(eq(workOrders.propertyId, propertyId), eq(workOrders.summary, summary)))
    )[0]?.id ?? null;
  const sinkLeak = await workOrderId('Kitchen sink leaking under the cabinet');
  const poolGate = await workOrderId('Pool gate latch does not close');
  // The pool pump the bid round awarded to Ortiz (seed-bids.ts), if it did.
  const [poolPump] = rowsOf<{ id: string }>(
    await tx.execute(sql`select r.id from bid_requests r join bids b on b.id = r.awarded_bid_id
      where r.property_id = ${propertyId} and r.status = 'awarded' and b.company_id = ${ortiz.id}
        and r.title = 'Replace the pool pump'`),
  );
  const limits = await invoiceLimitsOf(tx, propertyId);

  type Seeded = {
    number: string;
    lines: InvoiceLine[];
    daysAgo: number;
    workOrderId?: string | null;
    bidRequestId?: string | null;
  };
  const insert = async (invoice: Seeded, state: Partial<typeof vendorInvoices.$inferInsert>) => {
    const amountCents = invoice.lines.reduce((sum, line) => sum + line.amountCents, 0);
    const [row] = await tx
      .insert(vendorInvoices)
      .values({
        propertyId,
        companyId: ortiz.id,
        workOrderId: invoice.workOrderId ?? null,
        bidRequestId: invoice.bidRequestId ?? null,
        number: invoice.number,
        invoiceDate: addDays(today, -invoice.daysAgo),
        dueDate: addDays(today, 30 - invoice.daysAgo),
        lines: invoice.lines,
        amountCents,
        submittedBy: people.vendor,
        createdAt: moment(invoice.daysAgo, 14),
        updatedAt: moment(invoice.daysAgo, 14),
        ...state,
      })
      .returning();
    return row!;
  };
  /** The approvals the limits ask for: the manager's, then a board member's where they must approve. */
  const approveAsAsked = async (invoiceId: string, amountCents: number, daysAgo: number) => {
    const need = approvalNeedOf(amountCents, limits);
    await tx
      .insert(vendorInvoiceApprovals)
      .values([
        { invoiceId, userId: people.manager, asBoardMember: false, createdAt: moment(daysAgo, 16) },
        ...(need.boardMember
          ? [{ invoiceId, userId: people.board, asBoardMember: true, createdAt: moment(daysAgo, 18) }]
          : []),
      ]);
  };
  const reviewed = (daysAgo: number) => ({
    status: 'in_review' as const,
    reviewStartedBy: people.manager,
    reviewStartedAt: moment(daysAgo, 15),
  });

  // Paid: approved by those the limits ask, paid by check, posted to the books.
  const valve = await insert(
    {
      number: 'OPR-1036',
      daysAgo: 12,
      lines: [
        { description: 'Clubhouse main shut-off valve, 1¼" ball valve', amountCents: 21_400 },
        { description: 'Labour: 2.5 hours, isolate, replace and pressure-test', amountCents: 35_500 },
        { description: 'Emergency call-out (after hours)', amountCents: 7_100 },
      ],
    },
    { ...reviewed(10), status: 'approved', approvedAt: moment(9, 18) },
  );
  await approveAsAsked(valve.id, valve.amountCents, 9);
  const accounts = await tx
    .select({ id: glAccounts.id, key: glAccounts.systemKey })
    .from(glAccounts)
    .where(eq(glAccounts.propertyId, propertyId));
  const account = (key: string) => accounts.find((row) => row.key === key)!.id;
  const paidOn = addDays(today, -4);
  const entryId = await postEntry(tx, {
    propertyId,
    postedOn: paidOn,
    memo: 'Ortiz Plumbing & Repair invoice OPR-1036, paid by check 1187',
    sourceType: 'vendor_invoice',
    sourceId: valve.id,
    createdBy: people.manager,
    lines: [
      { accountId: account('repairs_expense'), amountCents: valve.amountCents },
      { accountId: account('operating_cash'), amountCents: -valve.amountCents },
    ],
  });
  await tx
    .update(vendorInvoices)
    .set({
      status: 'paid',
      paidOn,
      paymentMethod: 'check',
      paymentReference: '1187',
      expenseAccountId: account('repairs_expense'),
      journalEntryId: entryId,
      paidBy: people.manager,
      updatedAt: moment(4, 17),
    })
    .where(eq(vendorInvoices.id, valve.id));

  // Rejected, with the reason Victor reads.
  await insert(
    {
      number: 'OPR-1039',
      daysAgo: 8,
      workOrderId: poolGate,
      lines: [
        { description: 'Pool gate: diagnose latch', amountCents: 9_500 },
        { description: 'Labour: 3 hours', amountCents: 42_600 },
      ],
    },
    {
      ...reviewed(7),
      status: 'rejected',
      rejectionReason:
        'The work order shows one hour on site, not three. Please correct the labour line and send it again.',
      rejectedBy: people.manager,
      rejectedAt: moment(7, 17),
    },
  );

  // In review, approved by the manager, waiting for a board member (above the board's limit).
  const gateLines: InvoiceLine[] = [
    { description: 'Magnetic pool gate latch (code-compliant, self-latching)', amountCents: 68_000 },
    { description: 'Self-closing hinges, pair, stainless', amountCents: 124_000 },
    { description: 'Labour: remove, fit, adjust and test the closing time', amountCents: 93_000 },
  ];
  const gateCents = gateLines.reduce((sum, line) => sum + line.amountCents, 0);
  const boardLimit = limits.invoiceBoardAboveCents;
  // Kept above the board's limit whatever it is, by the labour line.
  if (boardLimit !== null && gateCents <= boardLimit)
    gateLines[2]!.amountCents += boardLimit - gateCents + 35_000;
  const gate = await insert(
    { number: 'OPR-1040', daysAgo: 3, workOrderId: poolGate, lines: gateLines },
    reviewed(2),
  );
  await tx.insert(vendorInvoiceApprovals).values({
    invoiceId: gate.id,
    userId: people.manager,
    asBoardMember: false,
    createdAt: moment(1, 16),
  });

  // Approved by those the limits ask (the manager and the board), waiting to be paid.
  const pump = await insert(
    {
      number: 'OPR-1041',
      daysAgo: 6,
      bidRequestId: poolPump?.id ?? null,
      lines: [
        { description: 'Variable-speed pool pump, 2 HP equivalent', amountCents: 245_000 },
        {
          description: 'Install, rewire to the timer and start-up with the pool company',
          amountCents: 75_000,
        },
      ],
    },
    { ...reviewed(5), status: 'approved', approvedAt: moment(2, 18) },
  );
  await approveAsAsked(pump.id, pump.amountCents, 2);

  // Just received.
  await insert(
    {
      number: 'OPR-1042',
      daysAgo: 0,
      workOrderId: sinkLeak,
      lines: [
        { description: 'P-trap, 1½" PVC, and slip-joint washers', amountCents: 8_500 },
        { description: 'Labour: 2 hours, replace the trap and test for leaks', amountCents: 30_000 },
      ],
    },
    {},
  );
}
