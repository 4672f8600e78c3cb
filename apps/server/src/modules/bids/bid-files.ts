import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { bidFilesMax, bidRequestFilesMax, type Attachment } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { attachments, bidRequests, bids } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { worksForVendor, type Person } from '../access/memberships.ts';
import { bidInvitationScope, bidRequestScope, propertyAdministration } from '../access/scope.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { withUploaders } from '../attachments/message-attachments.ts';
import { unsealedSql } from './bid-rules.ts';

/**
 * The files of requests for bids and of bids (issue 24 item 2, decision 0068), through the attachments
 * service like every other file:
 * - a request's photos and plans: added by the association's managers while it is open; read by them,
 *   its board and the invited companies' people;
 * - a bid's files (its quote as a PDF, a drawing): added by the company's people while bids are taken;
 *   read by them, and by the association's managers and board once the bids are unsealed (the due time
 *   has passed, or every invited company has answered).
 * Each upload is checked before a byte is read, and again under the request's lock as it is recorded.
 */

const orTrue = (condition: SQL | undefined) => condition ?? sql`true`;

/** The request a photo or plan may be added to by this person, or why not. */
export async function bidRequestForFiles(ctx: ServiceContext, requestId: string) {
  const [row] = await ctx.db
    .select({
      id: bidRequests.id,
      propertyId: bidRequests.propertyId,
      status: bidRequests.status,
      // Named in full: drizzle leaves a lone table's columns unqualified in the select list.
      files: sql<number>`(select count(*)::int from attachments f where f.bid_request_id = bid_requests.id)`,
    })
    .from(bidRequests)
    .where(
      and(
        eq(bidRequests.id, requestId),
        orTrue(propertyAdministration(ctx.actor, sql`${bidRequests.propertyId}`)),
      ),
    );
  if (!row) throw notFound('Request for bids');
  if (row.status !== 'open')
    throw new AppError(
      409,
      'REQUEST_NOT_OPEN',
      'This request for bids is no longer open: its photos and plans stay as the vendors saw them.',
    );
  if (row.files >= bidRequestFilesMax)
    throw new AppError(
      409,
      'TOO_MANY_FILES',
      `A request for bids has at most ${bidRequestFilesMax} photos and plans. Remove one before adding another.`,
    );
  return row;
}

/** bidRequestForFiles again, under the request's lock, inside the upload's insert transaction. */
export async function lockBidRequestForFiles(ctx: ServiceContext, requestId: string) {
  await ctx.db
    .select({ id: bidRequests.id })
    .from(bidRequests)
    .where(eq(bidRequests.id, requestId))
    .for('update');
  return bidRequestForFiles(ctx, requestId);
}

/** Whether the person may open a photo or plan of the request (attachments' one access rule uses it). */
export function bidRequestFileSeen(person: Person, requestId: SQL): SQL {
  if (person.role === 'admin') return sql`true`;
  return sql`exists (select 1 from bid_requests seen_req where seen_req.id = ${requestId}
    and (${orTrue(bidRequestScope(person, sql`seen_req.property_id`))}
      or exists (select 1 from bid_invitations seen_inv where seen_inv.request_id = seen_req.id
        and ${worksForVendor(person.id, sql`seen_inv.company_id`)})))`;
}

/** Whether the person may remove a photo or plan of the request: while it is open, if they run it. */
export function bidRequestFileRemovable(person: Person, requestId: SQL): SQL {
  return sql`exists (select 1 from bid_requests removable_req where removable_req.id = ${requestId}
    and removable_req.status = 'open'
    and ${orTrue(propertyAdministration(person, sql`removable_req.property_id`))})`;
}

/** The bid a file may be added to by this person (one of its company's people), or why not. */
export async function bidForFiles(ctx: ServiceContext, bidId: string) {
  const [row] = await ctx.db
    .select({
      id: bids.id,
      propertyId: bidRequests.propertyId,
      status: bids.status,
      isTakingBids: sql<boolean>`(${bidRequests.status} = 'open' and ${bidRequests.dueAt} > now())`,
      files: sql<number>`(select count(*)::int from attachments f where f.bid_id = bids.id)`,
    })
    .from(bids)
    .innerJoin(bidRequests, eq(bidRequests.id, bids.requestId))
    .where(and(eq(bids.id, bidId), orTrue(bidInvitationScope(ctx.actor, sql`${bids.companyId}`))));
  if (!row) throw notFound('Bid');
  if (!row.isTakingBids)
    throw new AppError(
      409,
      'BIDS_CLOSED',
      'Bids are no longer taken on this request: your bid and its files stay as they were.',
    );
  if (row.status !== 'submitted')
    throw new AppError(
      409,
      'BID_WITHDRAWN',
      'This bid was withdrawn. Submit it again before adding files to it.',
    );
  if (row.files >= bidFilesMax)
    throw new AppError(
      409,
      'TOO_MANY_FILES',
      `A bid has at most ${bidFilesMax} files. Remove one before adding another.`,
    );
  return row;
}

/**
 * bidForFiles again inside the upload's insert transaction, after locking the bid's request (the row a bid,
 * the due time's award and a cancellation lock first): a file cannot slip in after bids close.
 */
export async function lockBidForFiles(ctx: ServiceContext, bidId: string) {
  const [bid] = await ctx.db.select({ requestId: bids.requestId }).from(bids).where(eq(bids.id, bidId));
  if (bid)
    await ctx.db
      .select({ id: bidRequests.id })
      .from(bidRequests)
      .where(eq(bidRequests.id, bid.requestId))
      .for('update');
  return bidForFiles(ctx, bidId);
}

/**
 * Whether the person may open a file of the bid: the company's people always; the association's managers
 * and board once the bids are unsealed; never another company.
 */
export function bidFileSeen(person: Person, bidId: SQL): SQL {
  if (person.role === 'admin') return sql`true`;
  return sql`exists (select 1 from bids seen_bid join bid_requests seen_breq on seen_breq.id = seen_bid.request_id
    where seen_bid.id = ${bidId}
      and (${worksForVendor(person.id, sql`seen_bid.company_id`)}
        or (${orTrue(bidRequestScope(person, sql`seen_breq.property_id`))} and ${unsealedSql('seen_breq')})))`;
}

/** Whether the person may remove a file of the bid: one of the company's people, while bids are taken. */
export function bidFileRemovable(person: Person, bidId: SQL): SQL {
  return sql`exists (select 1 from bids removable_bid
    join bid_requests removable_breq on removable_breq.id = removable_bid.request_id
    where removable_bid.id = ${bidId} and removable_bid.status = 'submitted'
      and removable_breq.status = 'open' and removable_breq.due_at > now()
      and ${orTrue(bidInvitationScope(person, sql`removable_bid.company_id`))})`;
}

/** A request's photos and plans, oldest first. */
export async function filesOfRequest(
  db: Db,
  links: AttachmentLinks,
  requestId: string,
): Promise<Attachment[]> {
  const rows = await db
    .select()
    .from(attachments)
    .where(eq(attachments.bidRequestId, requestId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id))
    .limit(bidRequestFilesMax);
  return withUploaders(db, links, rows);
}

/** The files of several bids, oldest first, by bid. */
export async function filesOfBids(
  db: Db,
  links: AttachmentLinks,
  bidIds: string[],
): Promise<Map<string, Attachment[]>> {
  const byBid = new Map<string, Attachment[]>();
  if (bidIds.length === 0) return byBid;
  const rows = await db
    .select()
    .from(attachments)
    .where(inArray(attachments.bidId, bidIds))
    .orderBy(asc(attachments.createdAt), asc(attachments.id))
    .limit(bidFilesMax * bidIds.length);
  const listed = await withUploaders(db, links, rows);
  rows.forEach((row, index) => byBid.set(row.bidId!, [...(byBid.get(row.bidId!) ?? []), listed[index]!]));
  return byBid;
}
