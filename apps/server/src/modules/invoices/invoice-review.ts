import { and, asc, eq, sql } from 'drizzle-orm';
import { invoiceStatusLabels, type Invoice } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  properties,
  vendorCompanies,
  vendorInvoiceApprovals,
  vendorInvoices,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { approvalNeedOf, isSatisfied, type GivenApproval } from './approval-rule.ts';
import {
  invoiceLimitsOf,
  isBoardMemberOf,
  isOwnSide,
  keptInvoice,
  readableInvoice,
  type InvoiceRow,
} from './invoice-access.ts';
import {
  noticeApproved,
  noticeBoardNeeded,
  noticeInReview,
  noticeRejected,
  noticeSecondApproverNeeded,
} from './invoice-notices.ts';
import { getInvoice, type InvoicesContext } from './invoice-views.ts';

/**
 * The review of an invoice (decision 0068): a manager starts it (received → in review); the approvals the
 * association's limits ask for come in from its managers, board members and admins — never from the
 * invoice's own side, never twice from one person — and the approval that completes them approves the
 * invoice in its own transaction; a manager may reject it, with a reason, until it is approved.
 */

/** The names a notice needs. */
export async function aboutOf(tx: Db, invoice: InvoiceRow) {
  const [row] = await tx
    .select({ companyName: vendorCompanies.name, propertyName: properties.name })
    .from(vendorCompanies)
    .innerJoin(properties, eq(properties.id, invoice.propertyId))
    .where(eq(vendorCompanies.id, invoice.companyId));
  return { invoice, companyName: row!.companyName, propertyName: row!.propertyName };
}

const wrongStatus = (invoice: InvoiceRow, code: string, doing: string) =>
  new AppError(
    409,
    code,
    `Invoice ${invoice.number} is ${invoiceStatusLabels[invoice.status].toLowerCase()}: ${doing}.`,
  );

/** A manager starts the review of a received invoice; its company is told, and its board if it needs them. */
export async function startReview(
  ctx: InvoicesContext,
  propertyId: string,
  invoiceId: string,
): Promise<Invoice> {
  await ctx.db.transaction(async (tx) => {
    const invoice = await keptInvoice(tx, ctx.actor, propertyId, invoiceId);
    if (invoice.status !== 'received')
      throw wrongStatus(invoice, 'INVOICE_NOT_RECEIVED', 'only a received invoice can be put in review');
    const now = new Date();
    const [updated] = await tx
      .update(vendorInvoices)
      .set({ status: 'in_review', reviewStartedBy: ctx.actor.id, reviewStartedAt: now, updatedAt: now })
      .where(eq(vendorInvoices.id, invoice.id))
      .returning();
    const about = await aboutOf(tx, updated!);
    await noticeInReview(ctx, tx, about);
    const need = approvalNeedOf(updated!.amountCents, await invoiceLimitsOf(tx, propertyId));
    if (need.boardMember) await noticeBoardNeeded(ctx, tx, about);
  });
  return getInvoice(ctx, propertyId, invoiceId);
}

/** The approvals an invoice has, oldest first. */
export async function approvalsOf(tx: Db, invoiceId: string): Promise<GivenApproval[]> {
  return tx
    .select({ userId: vendorInvoiceApprovals.userId, asBoardMember: vendorInvoiceApprovals.asBoardMember })
    .from(vendorInvoiceApprovals)
    .where(eq(vendorInvoiceApprovals.invoiceId, invoiceId))
    .orderBy(asc(vendorInvoiceApprovals.createdAt), asc(vendorInvoiceApprovals.id));
}

const alreadyApproved = () =>
  new AppError(
    409,
    'ALREADY_APPROVED',
    'You have already approved this invoice: one person approves it once.',
  );

/** Marks an invoice whose approvals are in as approved, and tells its company. */
async function markApproved(ctx: ServiceContext, tx: Db, invoice: InvoiceRow) {
  const now = new Date();
  const [approved] = await tx
    .update(vendorInvoices)
    .set({ status: 'approved', approvedAt: now, updatedAt: now })
    .where(eq(vendorInvoices.id, invoice.id))
    .returning();
  await noticeApproved(ctx, tx, await aboutOf(tx, approved!));
}

/**
 * An approval by the association's manager, board member or admin, while the invoice is in review. It
 * counts as a board member's when they sit on the association's board today. The one that completes what
 * the limits ask approves the invoice in the same transaction; one that does not tells those still
 * needed.
 */
export async function approveInvoice(
  ctx: InvoicesContext,
  propertyId: string,
  invoiceId: string,
): Promise<Invoice> {
  try {
    await ctx.db.transaction(async (tx) => {
      const invoice = await readableInvoice(tx, ctx.actor, propertyId, invoiceId, { lock: true });
      if (await isOwnSide(tx, ctx.actor, invoice))
        throw new AppError(
          403,
          'OWN_INVOICE',
          'This invoice is your own company’s: someone who neither sent it nor works for the company must approve it.',
        );
      if (invoice.status !== 'in_review')
        throw wrongStatus(
          invoice,
          'INVOICE_NOT_IN_REVIEW',
          invoice.status === 'received'
            ? 'a manager must start its review before it can be approved'
            : 'only an invoice in review can be approved',
        );
      const given = await approvalsOf(tx, invoice.id);
      if (given.some((approval) => approval.userId === ctx.actor.id)) throw alreadyApproved();
      const asBoardMember = await isBoardMemberOf(tx, ctx.actor.id, propertyId);
      await tx
        .insert(vendorInvoiceApprovals)
        .values({ invoiceId: invoice.id, userId: ctx.actor.id, asBoardMember });
      const approvals = [...given, { userId: ctx.actor.id, asBoardMember }];
      const need = approvalNeedOf(invoice.amountCents, await invoiceLimitsOf(tx, propertyId));
      if (isSatisfied(need, approvals)) return markApproved(ctx, tx, invoice);
      // Still missing: a board member's approval (the board is asked), or else a second approver.
      const about = await aboutOf(tx, invoice);
      if (need.boardMember && !approvals.some((approval) => approval.asBoardMember))
        await noticeBoardNeeded(ctx, tx, about);
      else
        await noticeSecondApproverNeeded(
          ctx,
          tx,
          about,
          approvals.map((approval) => approval.userId),
        );
    });
  } catch (error) {
    // Two approvals by one person at once: the second meets the unique index.
    if (isUniqueViolation(error, 'vendor_invoice_approvals_key')) throw alreadyApproved();
    throw error;
  }
  return getInvoice(ctx, propertyId, invoiceId);
}

/** A manager rejects a received or in-review invoice, saying why; its company is told. */
export async function rejectInvoice(
  ctx: InvoicesContext,
  propertyId: string,
  invoiceId: string,
  reason: string,
): Promise<Invoice> {
  await ctx.db.transaction(async (tx) => {
    const invoice = await keptInvoice(tx, ctx.actor, propertyId, invoiceId);
    if (invoice.status !== 'received' && invoice.status !== 'in_review')
      throw wrongStatus(invoice, 'INVOICE_NOT_OPEN', 'only an invoice received or in review can be rejected');
    const now = new Date();
    const [rejected] = await tx
      .update(vendorInvoices)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        rejectedBy: ctx.actor.id,
        rejectedAt: now,
        updatedAt: now,
      })
      .where(eq(vendorInvoices.id, invoice.id))
      .returning();
    await noticeRejected(ctx, tx, await aboutOf(tx, rejected!), reason);
  });
  return getInvoice(ctx, propertyId, invoiceId);
}

/**
 * After the association's limits change: its invoices in review whose approvals now meet them are
 * approved (in the transaction of the change), and their companies told.
 */
export async function approveSatisfiedInvoices(tx: Db, ctx: ServiceContext, propertyId: string) {
  const inReview = await tx
    .select()
    .from(vendorInvoices)
    .where(
      and(
        eq(vendorInvoices.propertyId, propertyId),
        eq(vendorInvoices.status, 'in_review'),
        sql`exists (select 1 from vendor_invoice_approvals a where a.invoice_id = ${vendorInvoices.id})`,
      ),
    )
    .for('update');
  if (inReview.length === 0) return;
  const limits = await invoiceLimitsOf(tx, propertyId);
  for (const invoice of inReview)
    if (isSatisfied(approvalNeedOf(invoice.amountCents, limits), await approvalsOf(tx, invoice.id)))
      await markApproved(ctx, tx, invoice);
}
