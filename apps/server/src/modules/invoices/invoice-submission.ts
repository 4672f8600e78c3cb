import { and, eq, ne, sql } from 'drizzle-orm';
import {
  formatMoney,
  invoiceStatusLabels,
  type VendorInvoice,
  type VendorInvoiceInput,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { properties, vendorInvoices } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireProperty } from '../finance/books.service.ts';
import { formatDay } from '../letters/values.ts';
import { rowsOf } from '../realtime/publish.ts';
import { invoicingCompany, type CompanyRef } from './invoice-access.ts';
import { noticeReceived } from './invoice-notices.ts';
import { getOwnInvoice, type InvoicesContext } from './invoice-views.ts';
import { awardLimitOf } from './not-to-exceed.ts';

/**
 * A vendor's invoice, sent from the vendor portal (decision 0068): to an association, for a work order
 * assigned to the company there, a request for bids awarded to it, or neither (a standing contract: the
 * company serves the association). The number is the company's own and is not used twice (a rejected
 * invoice's may be); an amount above the award's not-to-exceed needs the vendor's explanation. Everything
 * is checked and written in one transaction, under the company's lock, or nothing is.
 */

const fieldError = (status: 400 | 409, code: string, field: string, message: string) =>
  new AppError(status, code, message, { fields: { [field]: message } });

const duplicateNumber = (number: string, detail = '') =>
  fieldError(
    409,
    'DUPLICATE_INVOICE_NUMBER',
    'number',
    `Your company already sent invoice ${number}${detail}. Give this invoice its own number (a rejected invoice's number may be used again).`,
  );

/** What the invoice is for, checked against the company: the association's name and today there too. */
async function targetOf(tx: Db, company: CompanyRef, input: VendorInvoiceInput) {
  if (input.workOrderId) {
    const [workOrder] = rowsOf<{ id: string }>(
      await tx.execute(sql`select w.id from work_orders w where w.id = ${input.workOrderId}
        and w.property_id = ${input.propertyId} and w.vendor_company_id = ${company.id}`),
    );
    // Another company's work order, or another association's, is not the vendor's to know of.
    if (!workOrder) throw notFound('Work order');
  } else if (input.bidRequestId) {
    const [request] = rowsOf<{ status: string; awarded_company: string | null; invited: boolean }>(
      await tx.execute(sql`select r.status, b.company_id as awarded_company,
          exists (select 1 from bid_invitations i where i.request_id = r.id and i.company_id = ${company.id}) as invited
        from bid_requests r left join bids b on b.id = r.awarded_bid_id
        where r.id = ${input.bidRequestId} and r.property_id = ${input.propertyId}`),
    );
    if (!request || !request.invited) throw notFound('Request for bids');
    if (request.status !== 'awarded' || request.awarded_company !== company.id)
      throw fieldError(
        409,
        'NOT_AWARDED',
        'bidRequestId',
        'This request for bids was not awarded to your company: only work awarded to it can be invoiced against it.',
      );
  } else {
    const [served] = rowsOf(
      await tx.execute(sql`select 1 from vendor_service_areas a
        where a.company_id = ${company.id} and a.property_id = ${input.propertyId}`),
    );
    if (!served) throw notFound('Association');
  }
  return requireProperty(tx, input.propertyId, undefined);
}

/** The company's invoice of the same number that stands (not rejected), if any. */
async function sameNumber(tx: Db, companyId: string, number: string) {
  const [row] = await tx
    .select({
      status: vendorInvoices.status,
      invoiceDate: vendorInvoices.invoiceDate,
      propertyName: properties.name,
    })
    .from(vendorInvoices)
    .innerJoin(properties, eq(properties.id, vendorInvoices.propertyId))
    .where(
      and(
        eq(vendorInvoices.companyId, companyId),
        ne(vendorInvoices.status, 'rejected'),
        sql`lower(trim(${vendorInvoices.number})) = lower(trim(${number}))`,
      ),
    )
    .limit(1);
  return row;
}

export async function submitInvoice(ctx: InvoicesContext, input: VendorInvoiceInput): Promise<VendorInvoice> {
  const lines = input.lines.map((line) => ({ description: line.description, amountCents: line.amountCents }));
  const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const company = await invoicingCompany(tx, ctx.actor, input.companyId);
      const property = await targetOf(tx, company, input);
      if (input.invoiceDate > property.today)
        throw fieldError(
          400,
          'VALIDATION_FAILED',
          'invoiceDate',
          `The invoice date cannot be after today (${formatDay(property.today)} at ${property.name})`,
        );
      const existing = await sameNumber(tx, company.id, input.number);
      if (existing)
        throw duplicateNumber(
          input.number,
          ` to ${existing.propertyName}, dated ${formatDay(existing.invoiceDate)} (${invoiceStatusLabels[existing.status].toLowerCase()})`,
        );
      const target = {
        companyId: company.id,
        workOrderId: input.workOrderId ?? null,
        bidRequestId: input.bidRequestId ?? null,
      };
      const award = await awardLimitOf(tx, target, { lock: true });
      const exceedsReason = input.exceedsReason ? input.exceedsReason : null;
      if (award && award.invoicedBeforeCents + amountCents > award.limitCents && !exceedsReason) {
        const before =
          award.invoicedBeforeCents > 0
            ? ` Your invoices on it come to ${formatMoney(award.invoicedBeforeCents + amountCents)} with this one.`
            : '';
        throw fieldError(
          409,
          'EXPLAIN_ABOVE_LIMIT',
          'exceedsReason',
          `The award's not-to-exceed is ${formatMoney(award.limitCents)}.${before} Explain why the amount is higher (exceedsReason), or correct the lines.`,
        );
      }
      const [row] = await tx
        .insert(vendorInvoices)
        .values({
          propertyId: property.id,
          ...target,
          number: input.number,
          invoiceDate: input.invoiceDate,
          dueDate: input.dueDate ?? null,
          lines,
          amountCents,
          exceedsReason,
          submittedBy: ctx.actor.id,
        })
        .returning();
      await noticeReceived(ctx, tx, {
        invoice: row!,
        companyName: company.name,
        propertyName: property.name,
      });
      return row!.id;
    });
  } catch (error) {
    // Another invoice of the same number, sent at the same moment, was saved first.
    if (isUniqueViolation(error, 'vendor_invoices_number_key')) throw duplicateNumber(input.number);
    throw error;
  }
  return getOwnInvoice(ctx, id);
}
