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
import {
  vendorDocumentKinds,
  vendorDocumentStatuses,
  vendorTrades,
  type VendorContact,
  type VendorTrade,
} from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { cents, inList } from './sql.ts';
import { workOrders } from './work-orders.ts';

/**
 * The vendor directory (issue 24 item 1, decision 0067): the management company's roster of vendor
 * companies. A company belongs to no association; the associations it works for are its service areas.
 * Every table here is audited (migration 0053): the trigger copies whole rows, so none holds a secret
 * (a W-9's taxpayer number is only in its file).
 */
export const vendorCompanies = pgTable(
  'vendor_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    trades: text('trades')
      .array()
      .notNull()
      .default(sql`'{}'`)
      .$type<VendorTrade[]>(),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    address: text('address'),
    /** People who need no sign-in (the office, billing, the emergency line): at most 10. */
    contacts: jsonb('contacts').notNull().default([]).$type<VendorContact[]>(),
    /** The staff's own notes: never shown to the company's people. */
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The association whose managers keep the record (details, people, documents; decision 0067 §keepers).
     * Serving an association lets its managers read the company and record overrides there, not change it.
     * Null: only admins keep it.
     */
    homePropertyId: uuid('home_property_id').references(() => properties.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vendor_companies_name_check', sql`length(trim(${t.name})) > 0`),
    // Not unique: two real companies share a name in different towns; the form shows look-alikes.
    index('vendor_companies_name_idx').on(sql`lower(trim(${t.name}))`),
    check(
      'vendor_companies_trades_check',
      sql`${t.trades} <@ array${sql.raw(`['${vendorTrades.join("','")}']`)}::text[]`,
    ),
    check(
      'vendor_companies_contacts_check',
      sql`jsonb_typeof(${t.contacts}) = 'array' and jsonb_array_length(${t.contacts}) <= 10`,
    ),
  ],
);

/**
 * A vendor user belongs to one company at a time (only `vendor` accounts; the service checks the role).
 * Removing a person ends the row (`removed_at`); the account stays, for admins to deactivate.
 */
export const vendorPeople = pgTable(
  'vendor_people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => vendorCompanies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title'),
    phone: text('phone'),
    isPrimary: boolean('is_primary').notNull().default(false),
    addedBy: text('added_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vendor_people_user_key')
      .on(t.userId)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('vendor_people_primary_key')
      .on(t.companyId)
      .where(sql`${t.isPrimary} and ${t.removedAt} is null`),
    index('vendor_people_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** The associations a company works for. */
export const vendorServiceAreas = pgTable(
  'vendor_service_areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => vendorCompanies.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    addedBy: text('added_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendor_service_areas_key').on(t.companyId, t.propertyId),
    index('vendor_service_areas_property_idx').on(t.propertyId),
  ],
);

/**
 * A compliance document: a certificate of insurance (cover in cents, expiry), a licence (number,
 * expiry) or a W-9 (received, no expiry). A renewal is a new row, so the history stays; its files are
 * attachments (`attachments.vendor_document_id`).
 */
export const vendorDocuments = pgTable(
  'vendor_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => vendorCompanies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: vendorDocumentKinds }).notNull(),
    status: text('status', { enum: vendorDocumentStatuses }).notNull(),
    insurer: text('insurer'),
    policyNumber: text('policy_number'),
    generalLiabilityCents: cents('general_liability_cents'),
    aggregateCents: cents('aggregate_cents'),
    autoLiabilityCents: cents('auto_liability_cents'),
    umbrellaCents: cents('umbrella_cents'),
    workersComp: boolean('workers_comp'),
    licenceNumber: text('licence_number'),
    issuedBy: text('issued_by'),
    effectiveOn: date('effective_on'),
    /** A certificate covers through its expiry day. */
    expiresOn: date('expires_on'),
    receivedOn: date('received_on'),
    rejectionReason: text('rejection_reason'),
    /** Why a keeper withdrew it (entered or verified by mistake): it then counts for nothing. */
    withdrawnReason: text('withdrawn_reason'),
    withdrawnBy: text('withdrawn_by').references(() => profiles.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    submittedBy: text('submitted_by').references(() => profiles.id, { onDelete: 'set null' }),
    verifiedBy: text('verified_by').references(() => profiles.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vendor_documents_kind_check', sql`${t.kind} in ${inList(vendorDocumentKinds)}`),
    check('vendor_documents_status_check', sql`${t.status} in ${inList(vendorDocumentStatuses)}`),
    check('vendor_documents_insurance_check', sql`${t.kind} <> 'insurance' or ${t.expiresOn} is not null`),
    check('vendor_documents_licence_check', sql`${t.kind} <> 'licence' or ${t.licenceNumber} is not null`),
    check('vendor_documents_w9_check', sql`${t.kind} <> 'w9' or ${t.expiresOn} is null`),
    check(
      'vendor_documents_money_check',
      sql`coalesce(${t.generalLiabilityCents}, 0) >= 0 and coalesce(${t.aggregateCents}, 0) >= 0 and coalesce(${t.autoLiabilityCents}, 0) >= 0 and coalesce(${t.umbrellaCents}, 0) >= 0`,
    ),
    check(
      'vendor_documents_dates_check',
      sql`${t.effectiveOn} is null or ${t.expiresOn} is null or ${t.effectiveOn} <= ${t.expiresOn}`,
    ),
    // A withdrawn document keeps who verified it, if anyone did.
    check('vendor_documents_verified_check', sql`${t.status} <> 'verified' or ${t.verifiedAt} is not null`),
    check(
      'vendor_documents_withdrawn_check',
      sql`(${t.status} = 'withdrawn') = (${t.withdrawnReason} is not null and ${t.withdrawnAt} is not null)`,
    ),
    check(
      'vendor_documents_rejected_check',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
    index('vendor_documents_company_idx').on(t.companyId, t.kind, t.expiresOn),
    // The alert schedule's walk: verified certificates and licences by expiry.
    index('vendor_documents_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.status} = 'verified' and ${t.kind} in ('insurance', 'licence')`),
  ],
);

/**
 * A manager assigned a vendor although their company's certificate of insurance had expired, and why.
 * Keyed by the work order's association (the audit trail files it there); read by staff alone.
 */
export const vendorAssignmentOverrides = pgTable(
  'vendor_assignment_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => vendorCompanies.id, { onDelete: 'cascade' }),
    vendorUserId: text('vendor_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    insuranceStatus: text('insurance_status').notNull(),
    insuranceExpiredOn: date('insurance_expired_on'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vendor_assignment_overrides_reason_check', sql`length(trim(${t.reason})) >= 10`),
    check('vendor_assignment_overrides_status_check', sql`${t.insuranceStatus} in ('expired')`),
    index('vendor_assignment_overrides_company_idx').on(t.companyId, t.createdAt),
    index('vendor_assignment_overrides_work_order_idx').on(t.workOrderId),
  ],
);

/**
 * An association's approval limits for vendor work (issue 24 items 2–3, decision 0068), set by its board
 * or an admin: an award above `award_board_above_cents` is the board's decision; an invoice above
 * `invoice_board_above_cents` needs a board member's approval, and one above
 * `invoice_two_approvers_above_cents` two different approvers. A null limit (or no row) asks the most of
 * everyone: every award and every invoice goes to the board, and no invoice needs a second approver.
 */
export const vendorPolicies = pgTable(
  'vendor_policies',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    awardBoardAboveCents: cents('award_board_above_cents'),
    invoiceBoardAboveCents: cents('invoice_board_above_cents'),
    invoiceTwoApproversAboveCents: cents('invoice_two_approvers_above_cents'),
    updatedBy: text('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'vendor_policies_amounts_check',
      sql`coalesce(${t.awardBoardAboveCents}, 0) >= 0 and coalesce(${t.invoiceBoardAboveCents}, 0) >= 0 and coalesce(${t.invoiceTwoApproversAboveCents}, 0) >= 0`,
    ),
    check(
      'vendor_policies_order_check',
      sql`${t.invoiceBoardAboveCents} is null or ${t.invoiceTwoApproversAboveCents} is null or ${t.invoiceTwoApproversAboveCents} >= ${t.invoiceBoardAboveCents}`,
    ),
  ],
);
