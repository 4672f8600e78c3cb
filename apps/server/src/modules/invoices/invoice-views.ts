import { aliasedTable, and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  hasPermission,
  invoiceFilesMax,
  type Invoice,
  type InvoiceApproval,
  type InvoiceList,
  type InvoiceListQuery,
  type InvoiceSummary,
  type VendorInvoice,
  type VendorInvoiceList,
  type VendorInvoiceListQuery,
  type VendorInvoiceSummary,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  bidRequests,
  glAccounts,
  journalEntries,
  profiles,
  properties,
  vendorCompanies,
  vendorInvoiceApprovals,
  vendorInvoices,
  workOrders,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { offsetOf } from '../../lib/paging.ts';
import { ownInvoiceScope } from '../access/scope.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { withUploaders } from '../attachments/message-attachments.ts';
import { approvalRuleOf, approvalNeedOf, stillNeededOf, type InvoiceLimits } from './approval-rule.ts';
import {
  invoiceLimitsOf,
  isOwnSide,
  keepsInvoicesOf,
  ownInvoice,
  portalCompanyOf,
  readableAssociation,
  readableInvoice,
  type InvoiceRow,
} from './invoice-access.ts';
import { awardLimitOf } from './not-to-exceed.ts';

/**
 * Invoices as each side reads them (decision 0068): the association's managers, board and admins see its
 * invoices with the approvals in and what is still needed; a company's people see their own company's,
 * each status with its day and how it was paid — not who approved it or the association's accounts.
 */

export type InvoicesContext = ServiceContext & { links: AttachmentLinks };

const ref = (id: string | null, fullName: string | null) => (id && fullName ? { id, fullName } : null);
const orTrue = (condition: SQL | undefined) => condition ?? sql`true`;

/** The columns every list and detail reads: the invoice, its company and what it is for. */
const listed = {
  invoice: vendorInvoices,
  companyName: vendorCompanies.name,
  propertyName: properties.name,
  workOrderSummary: workOrders.summary,
  bidRequestTitle: bidRequests.title,
};
type ListedRow = {
  invoice: InvoiceRow;
  companyName: string;
  propertyName: string;
  workOrderSummary: string | null;
  bidRequestTitle: string | null;
};

function listedQuery(db: Db, where: SQL | undefined) {
  return db
    .select(listed)
    .from(vendorInvoices)
    .innerJoin(vendorCompanies, eq(vendorCompanies.id, vendorInvoices.companyId))
    .innerJoin(properties, eq(properties.id, vendorInvoices.propertyId))
    .leftJoin(workOrders, eq(workOrders.id, vendorInvoices.workOrderId))
    .leftJoin(bidRequests, eq(bidRequests.id, vendorInvoices.bidRequestId))
    .where(where)
    .orderBy(desc(vendorInvoices.createdAt), desc(vendorInvoices.id));
}

function commonFields(row: ListedRow) {
  const { invoice } = row;
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    amountCents: invoice.amountCents,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    workOrder:
      invoice.workOrderId && row.workOrderSummary !== null
        ? { id: invoice.workOrderId, summary: row.workOrderSummary }
        : null,
    bidRequest:
      invoice.bidRequestId && row.bidRequestTitle !== null
        ? { id: invoice.bidRequestId, title: row.bidRequestTitle }
        : null,
    createdAt: invoice.createdAt.toISOString(),
  };
}

type ApprovalRow = { invoiceId: string; approval: InvoiceApproval; userId: string };

/** The approvals of these invoices, oldest first, with who gave them. */
async function approvalsByInvoice(db: Db, invoiceIds: string[]): Promise<Map<string, ApprovalRow[]>> {
  const byInvoice = new Map<string, ApprovalRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select({
      id: vendorInvoiceApprovals.id,
      invoiceId: vendorInvoiceApprovals.invoiceId,
      userId: vendorInvoiceApprovals.userId,
      fullName: profiles.fullName,
      asBoardMember: vendorInvoiceApprovals.asBoardMember,
      createdAt: vendorInvoiceApprovals.createdAt,
    })
    .from(vendorInvoiceApprovals)
    .leftJoin(profiles, eq(profiles.id, vendorInvoiceApprovals.userId))
    .where(inArray(vendorInvoiceApprovals.invoiceId, invoiceIds))
    .orderBy(asc(vendorInvoiceApprovals.createdAt), asc(vendorInvoiceApprovals.id));
  for (const row of rows) {
    const list = byInvoice.get(row.invoiceId) ?? [];
    list.push({
      invoiceId: row.invoiceId,
      userId: row.userId,
      approval: {
        id: row.id,
        approvedBy: ref(row.userId, row.fullName),
        asBoardMember: row.asBoardMember,
        createdAt: row.createdAt.toISOString(),
      },
    });
    byInvoice.set(row.invoiceId, list);
  }
  return byInvoice;
}

/** An invoice in the staff's list: what its approvals need by the association's limits, and what is missing. */
function toSummary(row: ListedRow, limits: InvoiceLimits, approvals: ApprovalRow[]): InvoiceSummary {
  const { invoice } = row;
  const need = approvalNeedOf(invoice.amountCents, limits);
  const isOpen = invoice.status === 'received' || invoice.status === 'in_review';
  return {
    ...commonFields(row),
    company: { id: invoice.companyId, name: row.companyName },
    approvalCount: approvals.length,
    approvalRule: approvalRuleOf(invoice.amountCents, limits),
    stillNeeded: isOpen
      ? stillNeededOf(
          need,
          approvals.map((given) => ({ userId: given.userId, asBoardMember: given.approval.asBoardMember })),
        )
      : null,
  };
}

/** A page of the association's invoices, newest first, for its managers, board and admins. */
export async function listInvoices(
  ctx: InvoicesContext,
  propertyId: string,
  query: InvoiceListQuery,
): Promise<InvoiceList> {
  await readableAssociation(ctx.db, ctx.actor, propertyId);
  const where = and(
    eq(vendorInvoices.propertyId, propertyId),
    query.status ? eq(vendorInvoices.status, query.status) : undefined,
    query.companyId ? eq(vendorInvoices.companyId, query.companyId) : undefined,
  );
  const [rows, [total], limits] = await Promise.all([
    listedQuery(ctx.db, where).limit(query.limit).offset(offsetOf(query)),
    ctx.db.select({ n: count() }).from(vendorInvoices).where(where),
    invoiceLimitsOf(ctx.db, propertyId),
  ]);
  const approvals = await approvalsByInvoice(
    ctx.db,
    rows.map((row) => row.invoice.id),
  );
  return {
    invoices: rows.map((row) => toSummary(row, limits, approvals.get(row.invoice.id) ?? [])),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

async function filesOf(db: Db, links: AttachmentLinks, invoiceId: string) {
  const rows = await db
    .select()
    .from(attachments)
    .where(eq(attachments.vendorInvoiceId, invoiceId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id))
    .limit(invoiceFilesMax);
  return withUploaders(db, links, rows);
}

async function peopleNamed(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.id, wanted));
  return new Map(rows.map((row) => [row.id, row.fullName]));
}

/** How it was paid, with its expense account and the entry that posted it. */
async function paymentOf(db: Db, invoice: InvoiceRow, names: Map<string, string>) {
  if (invoice.status !== 'paid' || !invoice.expenseAccountId || !invoice.journalEntryId) return null;
  const account = aliasedTable(glAccounts, 'expense_account');
  const [row] = await db
    .select({
      id: account.id,
      code: account.code,
      name: account.name,
      fund: account.fund,
      entryNumber: journalEntries.number,
    })
    .from(account)
    .innerJoin(journalEntries, eq(journalEntries.id, invoice.journalEntryId))
    .where(eq(account.id, invoice.expenseAccountId));
  if (!row) return null;
  return {
    paidOn: invoice.paidOn!,
    method: invoice.paymentMethod!,
    reference: invoice.paymentReference,
    expenseAccount: { id: row.id, code: row.code, name: row.name, fund: row.fund },
    journalEntryId: invoice.journalEntryId,
    journalEntryNumber: row.entryNumber,
    paidBy: ref(invoice.paidBy, invoice.paidBy ? (names.get(invoice.paidBy) ?? null) : null),
  };
}

/** One invoice of the association as its managers, board and admins see it, with what the caller may do. */
export async function getInvoice(
  ctx: InvoicesContext,
  propertyId: string,
  invoiceId: string,
): Promise<Invoice> {
  const invoice = await readableInvoice(ctx.db, ctx.actor, propertyId, invoiceId);
  const [[row], limits, approvals, files, isKeeper, isOwn, award] = await Promise.all([
    listedQuery(ctx.db, eq(vendorInvoices.id, invoice.id)),
    invoiceLimitsOf(ctx.db, propertyId),
    approvalsByInvoice(ctx.db, [invoice.id]),
    filesOf(ctx.db, ctx.links, invoice.id),
    keepsInvoicesOf(ctx.db, ctx.actor, propertyId),
    isOwnSide(ctx.db, ctx.actor, invoice),
    awardLimitOf(ctx.db, invoice, { invoice }),
  ]);
  const given = approvals.get(invoice.id) ?? [];
  const names = await peopleNamed(ctx.db, [
    invoice.submittedBy,
    invoice.reviewStartedBy,
    invoice.rejectedBy,
    invoice.paidBy,
    invoice.paymentVoidedBy,
  ]);
  const person = (id: string | null) => ref(id, id ? (names.get(id) ?? null) : null);
  const mine = given.find((approval) => approval.userId === ctx.actor.id);
  const mayApprove = hasPermission(ctx.actor.role, 'invoices:approve');
  const inReview = invoice.status === 'in_review';
  const approveBlockedBecause = !inReview
    ? null
    : isOwn
      ? invoice.submittedBy === ctx.actor.id
        ? 'You sent this invoice: someone else must approve it.'
        : `You are one of ${row!.companyName}'s people: someone outside the company must approve it.`
      : mine
        ? 'You have approved it already: the next approval must be someone else’s.'
        : null;
  return {
    ...toSummary(row!, limits, given),
    propertyId: invoice.propertyId,
    propertyName: row!.propertyName,
    lines: invoice.lines,
    exceedsReason: invoice.exceedsReason,
    notToExceed: award
      ? {
          limitCents: award.limitCents,
          invoicedBeforeCents: award.invoicedBeforeCents,
          isAbove: award.invoicedBeforeCents + invoice.amountCents > award.limitCents,
        }
      : null,
    submittedBy: person(invoice.submittedBy),
    reviewStartedBy: person(invoice.reviewStartedBy),
    reviewStartedAt: invoice.reviewStartedAt?.toISOString() ?? null,
    approvals: given.map((approval) => approval.approval),
    approvedAt: invoice.approvedAt?.toISOString() ?? null,
    rejectionReason: invoice.rejectionReason,
    rejectedBy: person(invoice.rejectedBy),
    rejectedAt: invoice.rejectedAt?.toISOString() ?? null,
    payment: await paymentOf(ctx.db, invoice, names),
    paymentVoid:
      invoice.paymentVoidedAt && invoice.paymentVoidReason
        ? {
            at: invoice.paymentVoidedAt.toISOString(),
            reason: invoice.paymentVoidReason,
            by: person(invoice.paymentVoidedBy),
          }
        : null,
    files,
    can: {
      review: isKeeper && invoice.status === 'received',
      approve: mayApprove && inReview && approveBlockedBecause === null,
      reject: isKeeper && (invoice.status === 'received' || inReview),
      recordPayment: isKeeper && invoice.status === 'approved',
      voidPayment: isKeeper && invoice.status === 'paid',
      addFiles: isKeeper && files.length < invoiceFilesMax,
    },
    approveBlockedBecause,
  };
}

// --- The vendor portal -------------------------------------------------------------------------------

function toVendorSummary(row: ListedRow): VendorInvoiceSummary {
  return {
    ...commonFields(row),
    property: { id: row.invoice.propertyId, name: row.propertyName },
    company: { id: row.invoice.companyId, name: row.companyName },
    paidOn: row.invoice.paidOn,
  };
}

/**
 * A page of the caller's company's invoices, newest first (an admin names the company, or sees every
 * company's). A vendor who is nobody's person yet has none.
 */
export async function listOwnInvoices(
  ctx: InvoicesContext,
  query: VendorInvoiceListQuery,
): Promise<VendorInvoiceList> {
  const company = await portalCompanyOf(ctx.db, ctx.actor, query.companyId);
  if (!company && ctx.actor.role !== 'admin')
    return { invoices: [], total: 0, page: query.page, limit: query.limit };
  const where = and(
    company ? eq(vendorInvoices.companyId, company.id) : undefined,
    orTrue(ownInvoiceScope(ctx.actor, sql`${vendorInvoices.companyId}`)),
    query.status ? eq(vendorInvoices.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    listedQuery(ctx.db, where).limit(query.limit).offset(offsetOf(query)),
    ctx.db.select({ n: count() }).from(vendorInvoices).where(where),
  ]);
  return {
    invoices: rows.map(toVendorSummary),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** One of the caller's company's invoices (admins: any), as its people see it. */
export async function getOwnInvoice(ctx: InvoicesContext, invoiceId: string): Promise<VendorInvoice> {
  const invoice = await ownInvoice(ctx.db, ctx.actor, invoiceId);
  const [[row], files, names] = await Promise.all([
    listedQuery(ctx.db, eq(vendorInvoices.id, invoice.id)),
    filesOf(ctx.db, ctx.links, invoice.id),
    peopleNamed(ctx.db, [invoice.submittedBy]),
  ]);
  const isOpen = invoice.status === 'received' || invoice.status === 'in_review';
  return {
    ...toVendorSummary(row!),
    lines: invoice.lines,
    exceedsReason: invoice.exceedsReason,
    submittedBy: ref(
      invoice.submittedBy,
      invoice.submittedBy ? (names.get(invoice.submittedBy) ?? null) : null,
    ),
    reviewStartedAt: invoice.reviewStartedAt?.toISOString() ?? null,
    approvedAt: invoice.approvedAt?.toISOString() ?? null,
    rejectionReason: invoice.rejectionReason,
    rejectedAt: invoice.rejectedAt?.toISOString() ?? null,
    payment:
      invoice.status === 'paid' && invoice.paidOn && invoice.paymentMethod
        ? { paidOn: invoice.paidOn, method: invoice.paymentMethod, reference: invoice.paymentReference }
        : null,
    paymentVoid:
      invoice.paymentVoidedAt && invoice.paymentVoidReason
        ? { at: invoice.paymentVoidedAt.toISOString(), reason: invoice.paymentVoidReason }
        : null,
    files,
    canAddFiles: isOpen && files.length < invoiceFilesMax,
  };
}
