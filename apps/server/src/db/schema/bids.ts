import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bidRequestStatuses, bidStatuses, vendorTrades, type VendorTrade } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { properties } from './properties.ts';
import { cents, inList } from './sql.ts';
import { vendorCompanies } from './vendors.ts';
import { workOrders } from './work-orders.ts';

/**
 * Bids on work (issue 24 item 2, decision 0068). A request for bids belongs to one association and,
 * optionally, one of its work orders (otherwise it is a project: a repaving, a new roof). Every table is
 * audited (migration 0054), keyed by the request's association.
 */
export const bidRequests = pgTable(
  'bid_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The work order the quotes are for; null for a project of its own. */
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    scope: text('scope').notNull(),
    trade: text('trade').notNull().$type<VendorTrade>(),
    /** When vendors may see the site (both or neither). */
    siteVisitFrom: timestamp('site_visit_from', { withTimezone: true }),
    siteVisitTo: timestamp('site_visit_to', { withTimezone: true }),
    /** Bids are taken until this moment; amounts stay sealed from the staff until it has passed. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The most the association means to spend; a bid or invoice above it needs an explanation. */
    notToExceedCents: cents('not_to_exceed_cents'),
    status: text('status', { enum: bidRequestStatuses }).notNull().default('open'),
    /** The winning bid once awarded (set with status 'awarded'). */
    awardedBidId: uuid('awarded_bid_id'),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    awardedBy: text('awarded_by').references(() => profiles.id, { onDelete: 'set null' }),
    /**
     * The manager's reason for awarding over an expired certificate of insurance, kept while the board
     * decides so the award it makes carries it (decision 0067's override).
     */
    awardOverrideReason: text('award_override_reason'),
    cancelReason: text('cancel_reason'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bid_requests_status_check', sql`${t.status} in ${inList(bidRequestStatuses)}`),
    check('bid_requests_trade_check', sql`${t.trade} in ${inList(vendorTrades)}`),
    check('bid_requests_title_check', sql`length(trim(${t.title})) > 0`),
    check('bid_requests_scope_check', sql`length(trim(${t.scope})) > 0`),
    check(
      'bid_requests_site_visit_check',
      sql`(${t.siteVisitFrom} is null) = (${t.siteVisitTo} is null) and (${t.siteVisitFrom} is null or ${t.siteVisitFrom} < ${t.siteVisitTo})`,
    ),
    check('bid_requests_nte_check', sql`${t.notToExceedCents} is null or ${t.notToExceedCents} > 0`),
    check(
      'bid_requests_awarded_check',
      sql`(${t.status} = 'awarded') = (${t.awardedBidId} is not null and ${t.awardedAt} is not null)`,
    ),
    check('bid_requests_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelReason} is not null)`),
    index('bid_requests_property_idx').on(t.propertyId, t.createdAt, t.id),
    index('bid_requests_work_order_idx')
      .on(t.workOrderId)
      .where(sql`${t.workOrderId} is not null`),
  ],
);

/** A company asked to bid on a request. It may decline, saying why (or not). */
export const bidInvitations = pgTable(
  'bid_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => bidRequests.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => vendorCompanies.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('bid_invitations_key').on(t.requestId, t.companyId),
    index('bid_invitations_company_idx').on(t.companyId, t.createdAt),
    check('bid_invitations_decline_check', sql`${t.declineReason} is null or ${t.declinedAt} is not null`),
  ],
);

/**
 * A company's bid: one per invitation, revised in place until the due time (the audit trail keeps every
 * version). Above the request's not-to-exceed it carries the company's explanation.
 */
export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => bidInvitations.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => bidRequests.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => vendorCompanies.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    /** How long the work takes and when it can start, in the company's words. */
    timeline: text('timeline').notNull(),
    terms: text('terms'),
    exceedsReason: text('exceeds_reason'),
    status: text('status', { enum: bidStatuses }).notNull().default('submitted'),
    submittedBy: text('submitted_by').references(() => profiles.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bids_invitation_key').on(t.invitationId),
    index('bids_request_idx').on(t.requestId),
    index('bids_company_idx').on(t.companyId, t.submittedAt),
    check('bids_status_check', sql`${t.status} in ${inList(bidStatuses)}`),
    check('bids_amount_check', sql`${t.amountCents} > 0`),
    check('bids_timeline_check', sql`length(trim(${t.timeline})) > 0`),
  ],
);

/**
 * The questions and answers of one invitation: the company's people and the association's managers
 * write; no other company reads them.
 */
export const bidMessages = pgTable(
  'bid_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => bidInvitations.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bid_messages_invitation_idx').on(t.invitationId, t.createdAt, t.id),
    check('bid_messages_body_check', sql`length(trim(${t.body})) > 0`),
  ],
);
