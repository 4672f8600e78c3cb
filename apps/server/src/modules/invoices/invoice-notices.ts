import { sql } from 'drizzle-orm';
import {
  formatMoney,
  hasPermission,
  invoicePaymentMethodLabels,
  type InvoicePaymentMethod,
  type Role,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { sitsOnBoard } from '../access/memberships.ts';
import { formatDay } from '../letters/values.ts';
import { rowsOf } from '../realtime/publish.ts';
import type { InvoiceRow } from './invoice-access.ts';

/**
 * Who hears about an invoice, and what they read (decision 0068): the company's people of each change of
 * its status (`invoice.status`, which they may not turn off); the association's managers of an invoice
 * received, its board of one waiting for a board member's approval, and both of one waiting for a second
 * approver (`invoice.attention`). Each is sent in the transaction of the change, once per change.
 */

/** Where the staff and the vendor open an invoice in the app. */
export const staffInvoiceLink = (propertyId: string, invoiceId: string) =>
  `/invoices/${propertyId}/${invoiceId}`;
export const vendorInvoiceLink = (invoiceId: string) => `/vendor-portal/invoices/${invoiceId}`;

type About = { invoice: InvoiceRow; companyName: string; propertyName: string };

const ids = (rows: { user_id: string }[]) => rows.map((row) => row.user_id);

/** The company's people now whose accounts are active. */
async function companyPeopleIds(tx: Db, companyId: string): Promise<string[]> {
  return ids(
    rowsOf<{ user_id: string }>(
      await tx.execute(sql`select vp.user_id from vendor_people vp join profiles p on p.id = vp.user_id
        where vp.company_id = ${companyId} and vp.removed_at is null and p.banned is not true`),
    ),
  );
}

/** The association's managers. */
async function managerIds(tx: Db, propertyId: string): Promise<string[]> {
  return ids(
    rowsOf<{ user_id: string }>(
      await tx.execute(sql`select pm.user_id from property_managers pm where pm.property_id = ${propertyId}`),
    ),
  );
}

/**
 * The members of the association's board today who can approve an invoice (their role lets them in: a
 * member whose account is a resident's reads the board's business elsewhere, not these pages).
 */
async function boardApproverIds(tx: Db, propertyId: string): Promise<string[]> {
  const rows = rowsOf<{ user_id: string; role: Role }>(
    await tx.execute(sql`select p.id as user_id, p.role from profiles p
      where p.banned is not true and ${sitsOnBoard(sql`p.id`, sql`${propertyId}::uuid`)}`),
  );
  return rows.filter((row) => hasPermission(row.role, 'invoices:approve')).map((row) => row.user_id);
}

const heading = ({ invoice, companyName }: About) =>
  `${companyName} invoice ${invoice.number} (${formatMoney(invoice.amountCents)})`;

/** Tells the company's people (but the one who made the change) what happened to their invoice. */
/**
 * Tells the company's people (but the one acting). Each status is told once; a payment, which can be
 * voided and made again, is told once per payment (`dedupeKey`).
 */
async function tellCompany(
  ctx: ServiceContext,
  tx: Db,
  about: About,
  title: string,
  body: string,
  dedupeKey = `invoice:${about.invoice.id}:${about.invoice.status}`,
) {
  const { invoice } = about;
  const people = (await companyPeopleIds(tx, invoice.companyId)).filter((id) => id !== ctx.actor.id);
  await ctx.notifier.notify(tx, people, {
    kind: 'invoice.status',
    propertyId: invoice.propertyId,
    title,
    body,
    link: vendorInvoiceLink(invoice.id),
    dedupeKey,
  });
}

/** A new invoice: its company's other people, and the association's managers, who start its review. */
export async function noticeReceived(ctx: ServiceContext, tx: Db, about: About) {
  const { invoice, propertyName } = about;
  await tellCompany(
    ctx,
    tx,
    about,
    `Invoice ${invoice.number} sent to ${propertyName}`,
    `${ctx.actor.fullName} sent invoice ${invoice.number} for ${formatMoney(invoice.amountCents)} to ${propertyName}. You will hear when its review starts.`,
  );
  await ctx.notifier.notify(tx, await managerIds(tx, invoice.propertyId), {
    kind: 'invoice.attention',
    propertyId: invoice.propertyId,
    title: `New invoice: ${heading(about)}`,
    body: `${propertyName}: ${about.companyName} sent invoice ${invoice.number}, dated ${formatDay(invoice.invoiceDate)}${invoice.dueDate ? `, due ${formatDay(invoice.dueDate)}` : ''}. Start its review when you are ready.`,
    link: staffInvoiceLink(invoice.propertyId, invoice.id),
    dedupeKey: `invoice:${invoice.id}:received`,
  });
}

/** The review started: the company is told. */
export const noticeInReview = (ctx: ServiceContext, tx: Db, about: About) =>
  tellCompany(
    ctx,
    tx,
    about,
    `Invoice ${about.invoice.number} is in review`,
    `${about.propertyName} started reviewing invoice ${about.invoice.number} (${formatMoney(about.invoice.amountCents)}).`,
  );

/** An invoice in review that needs a board member's approval: the board is told (once). */
export async function noticeBoardNeeded(ctx: ServiceContext, tx: Db, about: About) {
  const { invoice, propertyName } = about;
  const board = (await boardApproverIds(tx, invoice.propertyId)).filter((id) => id !== ctx.actor.id);
  await ctx.notifier.notify(tx, board, {
    kind: 'invoice.attention',
    propertyId: invoice.propertyId,
    title: `Needs a board member's approval: ${heading(about)}`,
    body: `${propertyName}: by the association's approval limits, this invoice needs a board member's approval. Read it and approve it, or ask the managers why.`,
    link: staffInvoiceLink(invoice.propertyId, invoice.id),
    dedupeKey: `invoice:${invoice.id}:board`,
  });
}

/** An invoice in review with one approval that needs a second approver: managers and board, but those who approved. */
export async function noticeSecondApproverNeeded(
  ctx: ServiceContext,
  tx: Db,
  about: About,
  approvedBy: readonly string[],
) {
  const { invoice, propertyName } = about;
  const people = [
    ...(await managerIds(tx, invoice.propertyId)),
    ...(await boardApproverIds(tx, invoice.propertyId)),
  ].filter((id) => !approvedBy.includes(id) && id !== invoice.submittedBy);
  await ctx.notifier.notify(tx, people, {
    kind: 'invoice.attention',
    propertyId: invoice.propertyId,
    title: `Needs one more approver: ${heading(about)}`,
    body: `${propertyName}: by the association's approval limits, this invoice needs two approvers. It has one; a second, different person must approve it.`,
    link: staffInvoiceLink(invoice.propertyId, invoice.id),
    dedupeKey: `invoice:${invoice.id}:second-approver`,
  });
}

export const noticeApproved = (ctx: ServiceContext, tx: Db, about: About) =>
  tellCompany(
    ctx,
    tx,
    about,
    `Invoice ${about.invoice.number} was approved`,
    `${about.propertyName} approved invoice ${about.invoice.number} (${formatMoney(about.invoice.amountCents)}). You will hear when it is paid.`,
  );

export const noticeRejected = (ctx: ServiceContext, tx: Db, about: About, reason: string) =>
  tellCompany(
    ctx,
    tx,
    about,
    `Invoice ${about.invoice.number} was rejected`,
    `${about.propertyName} rejected invoice ${about.invoice.number} (${formatMoney(about.invoice.amountCents)}): ${reason}\n\nYou may send a corrected invoice from your vendor portal; its number may be used again.`,
  );

export const noticePaymentVoided = (ctx: ServiceContext, tx: Db, about: About) => {
  const { invoice } = about;
  return tellCompany(
    ctx,
    tx,
    about,
    `The payment of invoice ${invoice.number} was voided`,
    `${about.propertyName} voided the payment it had recorded for invoice ${invoice.number} (${formatMoney(invoice.amountCents)}); the invoice is approved and waits to be paid again. The reason: “${invoice.paymentVoidReason}”`,
    `invoice:${invoice.id}:payment-void:${invoice.paymentVoidedAt!.toISOString()}`,
  );
};

export const noticePaid = (ctx: ServiceContext, tx: Db, about: About) => {
  const { invoice } = about;
  const method = invoicePaymentMethodLabels[invoice.paymentMethod as InvoicePaymentMethod].toLowerCase();
  const reference = invoice.paymentReference
    ? invoice.paymentMethod === 'check'
      ? ` number ${invoice.paymentReference}`
      : ` (reference ${invoice.paymentReference})`
    : '';
  return tellCompany(
    ctx,
    tx,
    about,
    `Invoice ${invoice.number} was paid`,
    `${about.propertyName} paid invoice ${invoice.number} (${formatMoney(invoice.amountCents)}) on ${formatDay(invoice.paidOn!)} by ${method}${reference}.`,
    `invoice:${invoice.id}:paid:${invoice.journalEntryId}`,
  );
};
