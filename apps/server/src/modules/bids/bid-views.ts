import { aliasedTable, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  bidInvitationsMax,
  bidThreadPreviewMax,
  type BidMessage,
  type BidRequest,
  type BidRequestStatus,
  type BidStatus,
  type OwnBid,
  type PageQuery,
  type VendorBidInvitation,
  type VendorTrade,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  bidInvitations,
  bidMessages,
  bidRequests,
  bids,
  decisionItems,
  profiles,
  properties,
  vendorCompanies,
  workOrders,
} from '../../db/schema/index.ts';
import { offsetOf } from '../../lib/paging.ts';
import { administers } from '../access/scope.ts';
import { associationToday, latestExpirySql, standingOf } from '../vendors/compliance.ts';
import type { BidRow, BidsContext, InvitationRow, RequestRow } from './bid-access.ts';
import { filesOfBids, filesOfRequest } from './bid-files.ts';
import { awardLimitOf } from './bid-notices.ts';
import { canAwardNow, invitationStatusOf, isTakingBids, isUnsealed, vendorStateOf } from './bid-rules.ts';

/**
 * A request for bids as its association's managers, board and admins see it (the side-by-side
 * comparison, sealed until the due time), and an invitation as the invited company's people see it (their
 * own bid and thread, nothing of the other companies).
 */

const ref = (id: string | null, fullName: string | null) => (id && fullName ? { id, fullName } : null);
const iso = (moment: Date | null) => moment?.toISOString() ?? null;

/** The association's name, address and time zone, and the work order the request is for. */
async function placeOf(db: Db, request: RequestRow) {
  const [property] = await db
    .select({ name: properties.name, address: properties.address, timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, request.propertyId));
  const [workOrder] = request.workOrderId
    ? await db
        .select({ id: workOrders.id, summary: workOrders.summary, status: workOrders.status })
        .from(workOrders)
        .where(eq(workOrders.id, request.workOrderId))
    : [];
  return { property: property!, workOrder: workOrder ?? null };
}

/** Every invitation of the request with its company, bid, thread size and the company's certificate today. */
async function invitationsOf(db: Db, request: RequestRow) {
  const today = await associationToday(db, request.propertyId);
  const inviter = aliasedTable(profiles, 'inviter');
  const submitter = aliasedTable(profiles, 'submitter');
  const rows = await db
    .select({
      invitation: bidInvitations,
      company: {
        id: vendorCompanies.id,
        name: vendorCompanies.name,
        trades: vendorCompanies.trades,
        isActive: vendorCompanies.isActive,
      },
      invitedByName: inviter.fullName,
      bid: bids,
      submittedByName: submitter.fullName,
      messageCount: sql<number>`(select count(*)::int from bid_messages m where m.invitation_id = ${bidInvitations.id})`,
      insuranceExpiresOn: sql<
        string | null
      >`to_char(${latestExpirySql(sql`${bidInvitations.companyId}`, 'insurance', today)}, 'YYYY-MM-DD')`,
    })
    .from(bidInvitations)
    .innerJoin(vendorCompanies, eq(vendorCompanies.id, bidInvitations.companyId))
    .leftJoin(bids, eq(bids.invitationId, bidInvitations.id))
    .leftJoin(inviter, eq(inviter.id, bidInvitations.invitedBy))
    .leftJoin(submitter, eq(submitter.id, bids.submittedBy))
    .where(eq(bidInvitations.requestId, request.id))
    .orderBy(asc(sql`lower(${vendorCompanies.name})`), asc(bidInvitations.id))
    .limit(bidInvitationsMax);
  return rows.map((row) => ({ ...row, insurance: standingOf(row.insuranceExpiresOn, today) }));
}

const answerOf = (invitation: InvitationRow, bid: BidRow | null) => ({
  declinedAt: invitation.declinedAt,
  bidStatus: (bid?.status ?? null) as BidStatus | null,
});

const requestFacts = (request: RequestRow) => ({
  status: request.status as BidRequestStatus,
  dueAt: request.dueAt,
});

/** The request as the staff and the board see it: sealed amounts until the due time. */
export async function requestView(ctx: BidsContext, request: RequestRow): Promise<BidRequest> {
  const now = new Date();
  const [place, invitations, files, canManage, limit, item, people] = await Promise.all([
    placeOf(ctx.db, request),
    invitationsOf(ctx.db, request),
    filesOfRequest(ctx.db, ctx.links, request.id),
    administers(ctx.db, ctx.actor, request.propertyId),
    awardLimitOf(ctx.db, request.propertyId),
    ctx.db
      .select({ id: decisionItems.id })
      .from(decisionItems)
      .where(eq(decisionItems.bidRequestId, request.id))
      .orderBy(desc(decisionItems.createdAt), desc(decisionItems.id))
      .limit(1),
    namesOf(ctx.db, [request.awardedBy, request.createdBy]),
  ]);
  const answers = invitations.map((row) => answerOf(row.invitation, row.bid));
  const unsealed = isUnsealed(requestFacts(request), answers, now);
  const bidFiles = unsealed
    ? await filesOfBids(
        ctx.db,
        ctx.links,
        invitations.flatMap((row) => (row.bid ? [row.bid.id] : [])),
      )
    : new Map();
  return {
    id: request.id,
    propertyId: request.propertyId,
    propertyName: place.property.name,
    title: request.title,
    scope: request.scope,
    trade: request.trade,
    status: request.status as BidRequestStatus,
    dueAt: request.dueAt.toISOString(),
    notToExceedCents: request.notToExceedCents,
    workOrder: place.workOrder,
    siteVisitFrom: iso(request.siteVisitFrom),
    siteVisitTo: iso(request.siteVisitTo),
    isSealed: !unsealed,
    isTakingBids: isTakingBids(requestFacts(request), now),
    canAward: canManage && canAwardNow(requestFacts(request), answers, now),
    canManage,
    awardBoardAboveCents: limit,
    decisionItemId: item[0]?.id ?? null,
    awardedBidId: request.awardedBidId,
    awardedAt: iso(request.awardedAt),
    awardedBy: ref(request.awardedBy, people.get(request.awardedBy ?? '') ?? null),
    awardOverrideReason: request.awardOverrideReason,
    cancelReason: request.cancelReason,
    createdBy: ref(request.createdBy, people.get(request.createdBy ?? '') ?? null),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    files,
    invitations: invitations.map((row) => ({
      id: row.invitation.id,
      company: row.company,
      status: invitationStatusOf(answerOf(row.invitation, row.bid)),
      invitedAt: row.invitation.createdAt.toISOString(),
      invitedBy: ref(row.invitation.invitedBy, row.invitedByName),
      declinedAt: iso(row.invitation.declinedAt),
      declineReason: row.invitation.declineReason,
      insurance: row.insurance,
      messageCount: row.messageCount,
      bid: row.bid
        ? {
            id: row.bid.id,
            status: row.bid.status,
            isSealed: !unsealed,
            amountCents: unsealed ? row.bid.amountCents : null,
            timeline: unsealed ? row.bid.timeline : null,
            terms: unsealed ? row.bid.terms : null,
            exceedsReason: unsealed ? row.bid.exceedsReason : null,
            submittedBy: ref(row.bid.submittedBy, row.submittedByName),
            submittedAt: row.bid.submittedAt.toISOString(),
            updatedAt: row.bid.updatedAt.toISOString(),
            files: bidFiles.get(row.bid.id) ?? [],
          }
        : null,
    })),
  };
}

async function namesOf(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.id, wanted));
  return new Map(rows.map((row) => [row.id, row.fullName]));
}

/**
 * A thread's messages, newest first (a page), or the latest `limit` oldest first (`oldestFirst`). A
 * message is the company's side when its author is (or was) one of the company's people.
 */
export async function messagesOf(
  db: Db,
  invitation: Pick<InvitationRow, 'id' | 'companyId'>,
  page: PageQuery,
  options: { oldestFirst?: boolean; messageId?: string } = {},
): Promise<{ messages: BidMessage[]; total: number }> {
  const author = aliasedTable(profiles, 'author');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        message: bidMessages,
        authorName: author.fullName,
        isVendorSide: sql<boolean>`exists (select 1 from vendor_people vp where vp.user_id = ${bidMessages.authorId}
          and vp.company_id = ${invitation.companyId})`,
      })
      .from(bidMessages)
      .leftJoin(author, eq(author.id, bidMessages.authorId))
      .where(
        and(
          eq(bidMessages.invitationId, invitation.id),
          options.messageId ? eq(bidMessages.id, options.messageId) : undefined,
        ),
      )
      .orderBy(desc(bidMessages.createdAt), desc(bidMessages.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(bidMessages).where(eq(bidMessages.invitationId, invitation.id)),
  ]);
  const messages = rows.map((row): BidMessage => ({
    id: row.message.id,
    body: row.message.body,
    author: ref(row.message.authorId, row.authorName),
    side: row.isVendorSide ? 'vendor' : 'association',
    createdAt: row.message.createdAt.toISOString(),
  }));
  return { messages: options.oldestFirst ? messages.reverse() : messages, total: total?.n ?? 0 };
}

/** The company's own bid, every field of it. */
async function ownBidOf(ctx: BidsContext, bid: BidRow | null): Promise<OwnBid | null> {
  if (!bid) return null;
  const [files, names] = await Promise.all([
    filesOfBids(ctx.db, ctx.links, [bid.id]),
    namesOf(ctx.db, [bid.submittedBy]),
  ]);
  return {
    id: bid.id,
    status: bid.status,
    amountCents: bid.amountCents,
    timeline: bid.timeline,
    terms: bid.terms,
    exceedsReason: bid.exceedsReason,
    submittedBy: ref(bid.submittedBy, names.get(bid.submittedBy ?? '') ?? null),
    submittedAt: bid.submittedAt.toISOString(),
    updatedAt: bid.updatedAt.toISOString(),
    files: files.get(bid.id) ?? [],
  };
}

/** The invitation as the company's people see it (the caller may read it: checked by the caller). */
export async function vendorInvitationView(
  ctx: BidsContext,
  invitationId: string,
): Promise<VendorBidInvitation> {
  const now = new Date();
  const [row] = await ctx.db
    .select({
      invitation: bidInvitations,
      company: { id: vendorCompanies.id, name: vendorCompanies.name },
      bid: bids,
    })
    .from(bidInvitations)
    .innerJoin(vendorCompanies, eq(vendorCompanies.id, bidInvitations.companyId))
    .leftJoin(bids, eq(bids.invitationId, bidInvitations.id))
    .where(eq(bidInvitations.id, invitationId));
  const { invitation, company, bid } = row!;
  const [request] = (await ctx.db
    .select()
    .from(bidRequests)
    .where(eq(bidRequests.id, invitation.requestId))) as [RequestRow];
  const answer = answerOf(invitation, bid);
  const [place, files, ownBid, thread] = await Promise.all([
    placeOf(ctx.db, request),
    filesOfRequest(ctx.db, ctx.links, request.id),
    ownBidOf(ctx, bid),
    messagesOf(ctx.db, invitation, { page: 1, limit: bidThreadPreviewMax }, { oldestFirst: true }),
  ]);
  return {
    invitationId: invitation.id,
    company,
    status: invitationStatusOf(answer),
    state: vendorStateOf(requestFacts(request), answer, now),
    isTakingBids: isTakingBids(requestFacts(request), now),
    invitedAt: invitation.createdAt.toISOString(),
    declinedAt: iso(invitation.declinedAt),
    declineReason: invitation.declineReason,
    request: {
      id: request.id,
      propertyName: place.property.name,
      propertyAddress: place.property.address,
      timeZone: place.property.timeZone,
      title: request.title,
      scope: request.scope,
      trade: request.trade as VendorTrade,
      siteVisitFrom: iso(request.siteVisitFrom),
      siteVisitTo: iso(request.siteVisitTo),
      dueAt: request.dueAt.toISOString(),
      notToExceedCents: request.notToExceedCents,
      status: request.status as BidRequestStatus,
      cancelReason: request.cancelReason,
      isForWorkOrder: request.workOrderId !== null,
      files,
    },
    bid: ownBid,
    messages: thread.messages,
    messageCount: thread.total,
  };
}
