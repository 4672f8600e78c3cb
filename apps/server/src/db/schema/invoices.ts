import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoicePaymentMethods, invoiceStatuses } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { bidRequests } from './bids.ts';
import { glAccounts, journalEntries } from './finance.ts';
import { properties } from './properties.ts';
import { cents, inList } from './sql.ts';
import { vendorCompanies } from './vendors.ts';
import { workOrders } from './work-orders.ts';

/** A line of an invoice: what was done or supplied, and its amount in cents. */
export type InvoiceLine = { description: string; amountCents: number };

/**
 * A vendor company's invoice to an association (issue 24 item 3, decision 0068), for a work order
 * assigned to the company or a contract (a bid request) awarded to it. Its total is the sum of its lines
 * (checked by the database). An invoice number is the vendor's own and is not repeated by the same
 * company (a rejected invoice's number may be used again). Audited (migration 0054).
 */
export const vendorInvoices = pgTable(
  'vendor_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => vendorCompanies.id, { onDelete: 'cascade' }),
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    bidRequestId: uuid('bid_request_id').references(() => bidRequests.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    invoiceDate: date('invoice_date').notNull(),
    dueDate: date('due_date'),
    lines: jsonb('lines').notNull().$type<InvoiceLine[]>(),
    amountCents: cents('amount_cents').notNull(),
    /** The vendor's explanation of an amount above the not-to-exceed. */
    exceedsReason: text('exceeds_reason'),
    status: text('status', { enum: invoiceStatuses }).notNull().default('received'),
    rejectionReason: text('rejection_reason'),
    submittedBy: text('submitted_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewStartedBy: text('review_started_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedBy: text('rejected_by').references(() => profiles.id, { onDelete: 'set null' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    paidOn: date('paid_on'),
    paymentMethod: text('payment_method', { enum: invoicePaymentMethods }),
    paymentReference: text('payment_reference'),
    /** The expense account (its fund decides the cash account paid from) and the entry paying it posted. */
    expenseAccountId: uuid('expense_account_id').references(() => glAccounts.id),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    paidBy: text('paid_by').references(() => profiles.id, { onDelete: 'set null' }),
    /**
     * The latest payment voided (recorded by mistake, a check never cashed): when, by whom and why. The
     * books keep the payment's entry and its reversal; the invoice is approved again, to be paid anew.
     */
    paymentVoidedAt: timestamp('payment_voided_at', { withTimezone: true }),
    paymentVoidedBy: text('payment_voided_by').references(() => profiles.id, { onDelete: 'set null' }),
    paymentVoidReason: text('payment_void_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vendor_invoices_status_check', sql`${t.status} in ${inList(invoiceStatuses)}`),
    check('vendor_invoices_number_check', sql`length(trim(${t.number})) > 0`),
    check('vendor_invoices_amount_check', sql`${t.amountCents} > 0`),
    check(
      'vendor_invoices_lines_check',
      sql`jsonb_typeof(${t.lines}) = 'array' and jsonb_array_length(${t.lines}) between 1 and 100 and ${t.amountCents} = vendor_invoice_lines_total(${t.lines})`,
    ),
    check('vendor_invoices_target_check', sql`num_nonnulls(${t.workOrderId}, ${t.bidRequestId}) <= 1`),
    check(
      'vendor_invoices_rejected_check',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null and ${t.rejectedAt} is not null)`,
    ),
    check(
      'vendor_invoices_paid_check',
      sql`(${t.status} = 'paid') = (${t.paidOn} is not null and ${t.paymentMethod} is not null and ${t.journalEntryId} is not null and ${t.expenseAccountId} is not null)`,
    ),
    check(
      'vendor_invoices_payment_void_check',
      sql`(${t.paymentVoidedAt} is null) = (${t.paymentVoidReason} is null)`,
    ),
    check(
      'vendor_invoices_payment_method_check',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ${inList(invoicePaymentMethods)}`,
    ),
    uniqueIndex('vendor_invoices_number_key')
      .on(t.companyId, sql`lower(trim(${t.number}))`)
      .where(sql`${t.status} <> 'rejected'`),
    index('vendor_invoices_property_idx').on(t.propertyId, t.createdAt, t.id),
    index('vendor_invoices_company_idx').on(t.companyId, t.createdAt, t.id),
    index('vendor_invoices_work_order_idx')
      .on(t.workOrderId)
      .where(sql`${t.workOrderId} is not null`),
    index('vendor_invoices_bid_request_idx')
      .on(t.bidRequestId)
      .where(sql`${t.bidRequestId} is not null`),
  ],
);

/**
 * One person's approval of an invoice: a person approves an invoice once; whether they approved as a
 * board member of its association is kept (the limits ask for the board above an amount).
 */
export const vendorInvoiceApprovals = pgTable(
  'vendor_invoice_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => vendorInvoices.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    asBoardMember: boolean('as_board_member').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vendor_invoice_approvals_key').on(t.invoiceId, t.userId)],
);
