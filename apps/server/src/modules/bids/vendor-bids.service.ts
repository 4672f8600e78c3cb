import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  type BidInput,
  type BidRequestStatus,
  type BidStatus,
  type VendorBidInvitation,
  type VendorBidList,
  type VendorBidListQuery,
  type VendorBidState,
  type VendorTrade,
} from '@commonwise/contracts';
import { bidInvitations, bids, vendorCompanies } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { bidInvitationScope } from '../access/scope.ts';
import { rowsOf } from '../realtime/publish.ts';
import { lockOwnInvitation, ownInvitation, type BidsContext, type RequestRow } from './bid-access.ts';
import { tellManagers } from './bid-notices.ts';
import { bidsClosed, formatMomentAt } from './bid-requests.service.ts';
import { isTakingBids, vendorStateSql } from './bid-rules.ts';
import { vendorInvitationView } from './bid-views.ts';
import type { Db } from '../../db/client.ts';

/**
 * The vendor portal's bids (issue 24 item 2, decision 0068): a company's people see their company's
 * invitations (open ones first, then bids waiting for the outcome, then the past), read a request, and
 * bid, revise, withdraw or decline while bids are taken. Nothing of another company is reachable: its
 * invitation, bid or thread answers 404 (bid-access.ts). Admins, who may view every portal, act for any
 * company. Each change locks the request's row first, so it cannot cross the due time's award or a
 * cancellation.
 */

type ListRow = {
  invitation_id: string;
  company_id: string;
  company_name: string;
  request_id: string;
  property_name: string;
  time_zone: string;
  title: string;
  trade: VendorTrade;
  request_status: BidRequestStatus;
  due_at: string | Date;
  not_to_exceed_cents: string | number | null;
  invited_at: string | Date;
  declined_at: string | Date | null;
  bid_status: BidStatus | null;
  amount_cents: string | number | null;
  bid_updated_at: string | Date | null;
  state: VendorBidState;
};

const toIso = (value: string | Date) => new Date(value).toISOString();

/** The company the caller names, if they may (their own; any for admins), or 404. */
async function requireNamedCompany(db: Db, ctx: BidsContext, companyId: string) {
  const scope = bidInvitationScope(ctx.actor, sql`${vendorCompanies.id}`);
  const [row] = await db
    .select({ id: vendorCompanies.id })
    .from(vendorCompanies)
    .where(and(eq(vendorCompanies.id, companyId), scope));
  if (!row) throw notFound('Vendor');
}

/**
 * A page of the caller's company's invitations (an admin's: the company named, or every company's): open
 * ones first by due time, then submitted bids by due time, then the past, latest first.
 */
export async function listVendorBids(ctx: BidsContext, query: VendorBidListQuery): Promise<VendorBidList> {
  if (query.companyId) await requireNamedCompany(ctx.db, ctx, query.companyId);
  const filters: SQL[] = [];
  const scope = bidInvitationScope(ctx.actor, sql`i.company_id`);
  if (scope) filters.push(scope);
  if (query.companyId) filters.push(sql`i.company_id = ${query.companyId}`);
  if (query.state) filters.push(sql`${vendorStateSql} = ${query.state}`);
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const from = sql`from bid_invitations i
    join bid_requests r on r.id = i.request_id
    join properties p on p.id = r.property_id
    join vendor_companies c on c.id = i.company_id
    left join bids b on b.invitation_id = i.id`;
  const [rows, totals] = await Promise.all([
    ctx.db.execute(sql`
      select i.id as invitation_id, c.id as company_id, c.name as company_name, r.id as request_id,
        p.name as property_name, p.time_zone, r.title, r.trade, r.status as request_status, r.due_at, r.not_to_exceed_cents,
        i.created_at as invited_at, i.declined_at, b.status as bid_status, b.amount_cents,
        b.updated_at as bid_updated_at, ${vendorStateSql} as state
      ${from} ${where}
      order by case ${vendorStateSql} when 'open' then 0 when 'submitted' then 1 else 2 end,
        case when ${vendorStateSql} <> 'past' then r.due_at end asc,
        r.due_at desc, i.id
      limit ${query.limit} offset ${offsetOf(query)}`),
    ctx.db.execute(sql`select count(*)::int as total ${from} ${where}`),
  ]);
  const now = new Date();
  return {
    invitations: rowsOf<ListRow>(rows).map((row) => ({
      invitationId: row.invitation_id,
      company: { id: row.company_id, name: row.company_name },
      status: row.declined_at
        ? 'declined'
        : row.bid_status === 'withdrawn'
          ? 'withdrawn'
          : row.bid_status
            ? 'bid'
            : 'invited',
      state: row.state,
      isTakingBids: isTakingBids({ status: row.request_status, dueAt: new Date(row.due_at) }, now),
      invitedAt: toIso(row.invited_at),
      requestId: row.request_id,
      propertyName: row.property_name,
      timeZone: row.time_zone,
      title: row.title,
      trade: row.trade,
      requestStatus: row.request_status,
      dueAt: toIso(row.due_at),
      notToExceedCents: row.not_to_exceed_cents === null ? null : Number(row.not_to_exceed_cents),
      bid:
        row.bid_status && row.amount_cents !== null && row.bid_updated_at
          ? {
              status: row.bid_status,
              amountCents: Number(row.amount_cents),
              updatedAt: toIso(row.bid_updated_at),
            }
          : null,
    })),
    total: rowsOf<{ total: number }>(totals)[0]?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** One of the caller's company's invitations, with the request, their bid and their thread; 404 otherwise. */
export async function getVendorBid(ctx: BidsContext, invitationId: string): Promise<VendorBidInvitation> {
  await ownInvitation(ctx.db, ctx.actor, invitationId);
  return vendorInvitationView(ctx, invitationId);
}

/** Bids are taken on the request, or 409 saying why not. */
function requireTakingBids(request: RequestRow) {
  if (!isTakingBids({ status: request.status as BidRequestStatus, dueAt: request.dueAt }, new Date()))
    throw bidsClosed(request);
}

const declined = () =>
  new AppError(
    409,
    'INVITATION_DECLINED',
    'Your company declined this invitation, so it can no longer bid on it. Ask the manager if that was a mistake.',
  );

async function companyNameOf(db: Db, companyId: string) {
  const [row] = await db
    .select({ name: vendorCompanies.name })
    .from(vendorCompanies)
    .where(eq(vendorCompanies.id, companyId));
  return row!.name;
}

/**
 * Submits the company's bid, or revises it (one per invitation; a withdrawn one is submitted again), while
 * bids are taken. Above the not-to-exceed it needs the company's explanation; below it none is taken.
 * The association's managers are told that a bid arrived — not its amount, which stays sealed.
 */
export async function submitBid(
  ctx: BidsContext,
  invitationId: string,
  input: BidInput,
): Promise<VendorBidInvitation> {
  await ctx.db.transaction(async (tx) => {
    const { request, invitation, bid } = await lockOwnInvitation(tx, ctx.actor, invitationId);
    requireTakingBids(request);
    if (invitation.declinedAt) throw declined();
    const limit = request.notToExceedCents;
    const isAbove = limit !== null && input.amountCents > limit;
    const exceedsReason = input.exceedsReason?.trim() || null;
    if (isAbove && !exceedsReason) {
      const message = `Your amount is above the association's not-to-exceed of ${formatMoney(limit)}. Explain why, or bid within it.`;
      throw new AppError(409, 'EXPLAIN_ABOVE_LIMIT', message, { fields: { exceedsReason: message } });
    }
    if (!isAbove && exceedsReason) {
      const message =
        limit === null
          ? 'This request has no not-to-exceed amount: there is nothing to explain. Send the bid without an explanation.'
          : `Your amount is within the not-to-exceed of ${formatMoney(limit)}: there is nothing to explain. Send the bid without an explanation.`;
      throw new AppError(409, 'EXPLANATION_NOT_NEEDED', message, { fields: { exceedsReason: message } });
    }
    const values = {
      amountCents: input.amountCents,
      timeline: input.timeline,
      terms: input.terms || null,
      exceedsReason,
    };
    const company = await companyNameOf(tx, invitation.companyId);
    const due = formatMomentAt(request.dueAt, await timeZoneOf(tx, request.propertyId));
    const now = new Date();
    if (!bid) {
      const [row] = await tx
        .insert(bids)
        .values({
          invitationId,
          requestId: request.id,
          companyId: invitation.companyId,
          ...values,
          submittedBy: ctx.actor.id,
        })
        .returning({ id: bids.id });
      await tellManagers(tx, ctx.notifier, request, {
        title: `${company} bid on “${request.title}”`,
        body: `${ctx.actor.fullName} sent ${company}'s bid on “${request.title}”. The amounts stay sealed until bids are due (${due}).`,
        dedupeKey: `bid:${row!.id}:submitted`,
      });
      return;
    }
    const isSame =
      bid.status === 'submitted' &&
      bid.amountCents === values.amountCents &&
      bid.timeline === values.timeline &&
      bid.terms === values.terms &&
      bid.exceedsReason === values.exceedsReason;
    // A retry of the same bid changes nothing and tells nobody again.
    if (isSame) return;
    await tx
      .update(bids)
      .set({ ...values, status: 'submitted', submittedBy: ctx.actor.id, updatedAt: now })
      .where(eq(bids.id, bid.id));
    const again = bid.status === 'withdrawn';
    await tellManagers(tx, ctx.notifier, request, {
      title: `${company} ${again ? 'bid again' : 'revised its bid'} on “${request.title}”`,
      body: `${ctx.actor.fullName} ${again ? 'sent a new bid' : 'revised the bid'} of ${company} on “${request.title}”. The amounts stay sealed until bids are due (${due}).`,
      dedupeKey: `bid:${bid.id}:${again ? 'again' : 'revised'}:${bid.updatedAt.getTime()}`,
    });
  });
  return vendorInvitationView(ctx, invitationId);
}

async function timeZoneOf(db: Db, propertyId: string): Promise<string> {
  const rows = rowsOf<{ time_zone: string }>(
    await db.execute(sql`select time_zone from properties where id = ${propertyId}`),
  );
  return rows[0]!.time_zone;
}

/** The company withdraws its bid while bids are taken (it may bid again before the due time). */
export async function withdrawBid(ctx: BidsContext, invitationId: string): Promise<VendorBidInvitation> {
  await ctx.db.transaction(async (tx) => {
    const { request, invitation, bid } = await lockOwnInvitation(tx, ctx.actor, invitationId);
    requireTakingBids(request);
    if (!bid || bid.status !== 'submitted')
      throw new AppError(
        409,
        'NO_BID',
        'Your company has no bid in on this request: there is nothing to withdraw.',
      );
    await tx.update(bids).set({ status: 'withdrawn', updatedAt: new Date() }).where(eq(bids.id, bid.id));
    const company = await companyNameOf(tx, invitation.companyId);
    await tellManagers(tx, ctx.notifier, request, {
      title: `${company} withdrew its bid on “${request.title}”`,
      body: `${ctx.actor.fullName} withdrew ${company}'s bid on “${request.title}”. It may bid again before the due time.`,
      dedupeKey: `bid:${bid.id}:withdrawn:${bid.updatedAt.getTime()}`,
    });
  });
  return vendorInvitationView(ctx, invitationId);
}

/**
 * The company declines the invitation, saying why if it likes, while bids are taken; a bid it had in is
 * withdrawn with it. It cannot bid on the request afterwards.
 */
export async function declineInvitation(
  ctx: BidsContext,
  invitationId: string,
  reason: string | undefined,
): Promise<VendorBidInvitation> {
  await ctx.db.transaction(async (tx) => {
    const { request, invitation, bid } = await lockOwnInvitation(tx, ctx.actor, invitationId);
    requireTakingBids(request);
    if (invitation.declinedAt) throw declined();
    const now = new Date();
    if (bid?.status === 'submitted')
      await tx.update(bids).set({ status: 'withdrawn', updatedAt: now }).where(eq(bids.id, bid.id));
    await tx
      .update(bidInvitations)
      .set({ declinedAt: now, declineReason: reason?.trim() || null })
      .where(eq(bidInvitations.id, invitationId));
    const company = await companyNameOf(tx, invitation.companyId);
    await tellManagers(tx, ctx.notifier, request, {
      title: `${company} declined to bid on “${request.title}”`,
      body: `${ctx.actor.fullName} declined the invitation for ${company}${reason?.trim() ? `: ${reason.trim()}` : '.'}`,
      dedupeKey: `bid-decline:${invitationId}`,
    });
  });
  return vendorInvitationView(ctx, invitationId);
}
