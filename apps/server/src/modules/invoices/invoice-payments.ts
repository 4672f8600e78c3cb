import { and, eq } from 'drizzle-orm';
import {
  fundLabels,
  invoicePaymentMethodLabels,
  type Fund,
  type Invoice,
  type InvoicePaymentInput,
  type InvoiceVoidPayment,
} from '@commonwise/contracts';
import { glAccounts, vendorInvoices } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  entryOf,
  fieldError,
  inTransaction,
  postEntry,
  postReversal,
  requireProperty,
} from '../finance/books.service.ts';
import { formatDay } from '../letters/values.ts';
import { keptInvoice } from './invoice-access.ts';
import { noticePaid, noticePaymentVoided } from './invoice-notices.ts';
import { aboutOf } from './invoice-review.ts';
import { getInvoice, type InvoicesContext } from './invoice-views.ts';

/**
 * Paying an approved invoice (decision 0068): a manager or admin records how it was paid, and one entry is
 * posted to the association's books in the same transaction — the expense account debited, the cash
 * account of its fund credited (`source_type 'vendor_invoice'`). The invoice row is locked and must still
 * be approved, so a retry or a second click never posts twice. The books refuse a closed period or an
 * account they do not know with their own errors.
 */

/** The cash account of each fund, by the system key the default chart gives it (migration 0029). */
const cashKeyOf: Record<Fund, string> = {
  operating: 'operating_cash',
  reserve: 'reserve_cash',
  special: 'special_cash',
};

export async function recordInvoicePayment(
  ctx: InvoicesContext,
  propertyId: string,
  invoiceId: string,
  input: InvoicePaymentInput,
): Promise<Invoice> {
  await inTransaction(ctx, async (tx) => {
    const invoice = await keptInvoice(tx, ctx.actor, propertyId, invoiceId);
    if (invoice.status === 'paid')
      throw new AppError(
        409,
        'INVOICE_ALREADY_PAID',
        `Invoice ${invoice.number} was already paid on ${formatDay(invoice.paidOn!)}: its payment is in the books once.`,
      );
    if (invoice.status !== 'approved')
      throw new AppError(
        409,
        'INVOICE_NOT_APPROVED',
        `Invoice ${invoice.number} is not approved yet: only an approved invoice can be paid.`,
      );
    const property = await requireProperty(tx, propertyId, undefined);
    if (input.paidOn > property.today)
      throw fieldError(400, 'VALIDATION_FAILED', 'paidOn', 'The payment date cannot be in the future');
    if (input.paidOn < invoice.invoiceDate)
      throw fieldError(
        400,
        'VALIDATION_FAILED',
        'paidOn',
        `The payment date cannot be before the invoice date (${formatDay(invoice.invoiceDate)})`,
      );
    const [expense] = await tx
      .select()
      .from(glAccounts)
      .where(and(eq(glAccounts.id, input.expenseAccountId), eq(glAccounts.propertyId, propertyId)));
    if (!expense)
      throw fieldError(400, 'UNKNOWN_ACCOUNT', 'expenseAccountId', 'Choose an account of these books');
    if (expense.type !== 'expense')
      throw fieldError(
        400,
        'NOT_AN_EXPENSE_ACCOUNT',
        'expenseAccountId',
        `Account ${expense.code} ${expense.name} is not an expense account: an invoice is paid as an expense`,
      );
    const [cash] = await tx
      .select()
      .from(glAccounts)
      .where(and(eq(glAccounts.propertyId, propertyId), eq(glAccounts.systemKey, cashKeyOf[expense.fund])));
    if (!cash || !cash.isActive)
      throw new AppError(
        409,
        'NO_CASH_ACCOUNT',
        `These books have no active cash account for the ${fundLabels[expense.fund].toLowerCase()} fund, which pays account ${expense.code} ${expense.name}. Ask whoever keeps the books to restore it, or choose an expense account of another fund.`,
      );
    const about = await aboutOf(tx, invoice);
    const reference = input.reference ? input.reference : null;
    const how = `${invoicePaymentMethodLabels[input.method].toLowerCase()}${reference ? ` ${reference}` : ''}`;
    const entryId = await postEntry(tx, {
      propertyId,
      postedOn: input.paidOn,
      memo: `${about.companyName} invoice ${invoice.number}, paid by ${how}`,
      sourceType: 'vendor_invoice',
      sourceId: invoice.id,
      createdBy: ctx.actor.id,
      lines: [
        { accountId: expense.id, amountCents: invoice.amountCents },
        { accountId: cash.id, amountCents: -invoice.amountCents },
      ],
    }).catch((error: unknown) => {
      // The books' own refusal, said about the field the person filled in.
      if (error instanceof AppError && error.code === 'PERIOD_CLOSED')
        throw fieldError(409, 'PERIOD_CLOSED', 'paidOn', error.message);
      if (error instanceof AppError && error.code === 'ACCOUNT_INACTIVE')
        throw fieldError(409, 'ACCOUNT_INACTIVE', 'expenseAccountId', error.message);
      throw error;
    });
    const [paid] = await tx
      .update(vendorInvoices)
      .set({
        status: 'paid',
        paidOn: input.paidOn,
        paymentMethod: input.method,
        paymentReference: reference,
        expenseAccountId: expense.id,
        journalEntryId: entryId,
        paidBy: ctx.actor.id,
        updatedAt: new Date(),
      })
      .where(eq(vendorInvoices.id, invoice.id))
      .returning();
    await noticePaid(ctx, tx, { ...about, invoice: paid! });
  });
  return getInvoice(ctx, propertyId, invoiceId);
}

/**
 * Voiding a recorded payment (recorded by mistake, a check lost or never cashed): in one transaction the
 * payment's entry is reversed in the books (dated today on the association's clock; both entries stay),
 * the invoice is approved again with its approvals, ready to be paid anew, and the company is told why.
 * The invoice row is locked and must still be paid, so a retry never reverses twice.
 */
export async function voidInvoicePayment(
  ctx: InvoicesContext,
  propertyId: string,
  invoiceId: string,
  input: InvoiceVoidPayment,
): Promise<Invoice> {
  await inTransaction(ctx, async (tx) => {
    const invoice = await keptInvoice(tx, ctx.actor, propertyId, invoiceId);
    if (invoice.status !== 'paid' || !invoice.journalEntryId)
      throw new AppError(
        409,
        'INVOICE_NOT_PAID',
        `Invoice ${invoice.number} has no payment recorded: there is nothing to void.`,
      );
    const property = await requireProperty(tx, propertyId, undefined);
    const payment = await entryOf(tx, propertyId, invoice.journalEntryId);
    // Reversed already (by hand in the books, before they refused it): the books are right; only the
    // invoice is put back.
    if (payment && !payment.reversedById)
      await postReversal(tx, propertyId, payment, {
        postedOn: property.today,
        memo: `Payment of invoice ${invoice.number} voided: ${input.reason}`,
        createdBy: ctx.actor.id,
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'PERIOD_CLOSED')
          throw new AppError(
            409,
            'PERIOD_CLOSED',
            `The books are closed through today: the payment cannot be reversed until whoever keeps them reopens the period.`,
          );
        throw error;
      });
    const [voided] = await tx
      .update(vendorInvoices)
      .set({
        status: 'approved',
        paidOn: null,
        paymentMethod: null,
        paymentReference: null,
        expenseAccountId: null,
        journalEntryId: null,
        paidBy: null,
        paymentVoidedAt: new Date(),
        paymentVoidedBy: ctx.actor.id,
        paymentVoidReason: input.reason,
        updatedAt: new Date(),
      })
      .where(eq(vendorInvoices.id, invoice.id))
      .returning();
    await noticePaymentVoided(ctx, tx, { ...(await aboutOf(tx, invoice)), invoice: voided! });
  });
  return getInvoice(ctx, propertyId, invoiceId);
}
