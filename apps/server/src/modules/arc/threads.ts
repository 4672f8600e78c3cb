import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ArcMessage, ArcMessageList, ArcMessageVisibility, PageQuery } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { arcMessages, arcRequests, profiles, unitOwnerships } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { currentOwners } from '../finance/collections.service.ts';
import { dayIn } from '../letters/values.ts';
import { ownedBy, reviewedBy } from './arc-access.ts';
import { describe, lockRequest, ownerLink, reviewerLink, reviewersOf } from './lifecycle.ts';
import { requestRowWhere, type RequestRow } from './requests.service.ts';

/**
 * A request's two threads (issue 22 item 3): the applicant's, where the unit's owners and the reviewers
 * talk, and the committee's own, which no owner ever reads (an owner's routes only ever ask for
 * 'applicant'). Reading follows the request's scope (arc-access.ts): what a caller cannot see is not
 * found. Each message tells the other side at once; a withdrawn request takes no more messages.
 */

/** Whether the author owned the unit on the day they wrote (an owner's message, not a reviewer's). */
const fromOwnerSql = sql<boolean>`exists (
  select 1 from ${unitOwnerships} o
  where o.unit_id = ${arcRequests.unitId} and o.user_id = ${arcMessages.authorId}
    and o.starts_on <= ${arcMessages.createdAt}::date
    and (o.ends_on is null or o.ends_on > ${arcMessages.createdAt}::date))`;

async function threadOf(
  db: Db,
  requestId: string,
  visibility: ArcMessageVisibility,
  query: PageQuery,
): Promise<ArcMessageList> {
  const where = and(eq(arcMessages.requestId, requestId), eq(arcMessages.visibility, visibility));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: arcMessages.id,
        visibility: arcMessages.visibility,
        authorId: arcMessages.authorId,
        authorName: profiles.fullName,
        fromOwner: fromOwnerSql,
        body: arcMessages.body,
        createdAt: arcMessages.createdAt,
      })
      .from(arcMessages)
      .innerJoin(arcRequests, eq(arcRequests.id, arcMessages.requestId))
      .leftJoin(profiles, eq(profiles.id, arcMessages.authorId))
      .where(where)
      .orderBy(desc(arcMessages.createdAt), desc(arcMessages.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(arcMessages).where(where),
  ]);
  return {
    messages: rows.map((row): ArcMessage => ({
      id: row.id,
      visibility: row.visibility,
      author: row.authorId && row.authorName !== null ? { id: row.authorId, fullName: row.authorName } : null,
      fromOwner: row.fromOwner,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total!.total,
    page: query.page,
    limit: query.limit,
  };
}

/** A notification's quotation of a message: its first 300 characters. */
const quote = (body: string) => (body.length > 300 ? `${body.slice(0, 299)}…` : body);

async function post(
  tx: Db,
  ctx: ServiceContext,
  row: RequestRow,
  visibility: ArcMessageVisibility,
  body: string,
  asOwner: boolean,
): Promise<void> {
  if (row.status === 'withdrawn')
    throw new AppError(409, 'REQUEST_WITHDRAWN', 'This request was withdrawn: it takes no more messages.');
  const [message] = await tx
    .insert(arcMessages)
    .values({ requestId: row.id, visibility, authorId: ctx.actor.id, body })
    .returning({ id: arcMessages.id });
  const [author] = await tx
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, ctx.actor.id));
  const who = author?.fullName ?? 'Someone';
  const others = (ids: readonly string[]) => ids.filter((id) => id !== ctx.actor.id);
  const reviewers = others(await reviewersOf(tx, row.propertyId));
  const dedupeKey = `arc-message:${message!.id}`;
  if (visibility === 'applicant' && !asOwner) {
    const today = dayIn(new Date(), row.timeZone);
    const owners = others((await currentOwners(tx, row.unitId, today)).map((owner) => owner.userId));
    await ctx.notifier.notify(tx, owners, {
      kind: 'arc.request-update',
      propertyId: row.propertyId,
      title: `A message about your ${row.typeSnapshot.name.toLowerCase()} request`,
      body: `${who}, for the association, wrote about “${row.title}” (unit ${row.unitLabel}):\n\n${quote(body)}`,
      link: ownerLink(row.id),
      dedupeKey,
    });
  }
  await ctx.notifier.notify(tx, reviewers, {
    kind: 'arc.message',
    propertyId: row.propertyId,
    title:
      visibility === 'committee'
        ? `Committee note on ${describe(row)}`
        : `${asOwner ? 'The owner' : who} wrote on ${describe(row)}`,
    body: `${who}${asOwner ? ' (owner)' : ''} wrote${visibility === 'committee' ? ' in the committee’s thread' : ''} about “${row.title}”, ${row.propertyName}:\n\n${quote(body)}`,
    link: reviewerLink(row),
    dedupeKey,
  });
}

// --- Reviewers ---------------------------------------------------------------------------------------

const reviewerRow = (db: Db, ctx: ServiceContext, propertyId: string, requestId: string) =>
  requestRowWhere(db, requestId, and(eq(arcRequests.propertyId, propertyId), reviewedBy(ctx.actor)));

/** A page of either thread, newest first, for the association's reviewers. */
export async function listReviewerThread(
  ctx: ServiceContext,
  propertyId: string,
  requestId: string,
  query: PageQuery & { visibility: ArcMessageVisibility },
): Promise<ArcMessageList> {
  const row = await reviewerRow(ctx.db, ctx, propertyId, requestId);
  return threadOf(ctx.db, row.id, query.visibility, query);
}

/** A reviewer writes to the applicant or to the committee. */
export async function postReviewerMessage(
  ctx: ServiceContext,
  propertyId: string,
  requestId: string,
  input: { visibility: ArcMessageVisibility; body: string },
): Promise<ArcMessageList> {
  await ctx.db.transaction(async (tx) => {
    await lockRequest(tx, requestId, and(eq(arcRequests.propertyId, propertyId), reviewedBy(ctx.actor)));
    const row = await reviewerRow(tx, ctx, propertyId, requestId);
    await post(tx, ctx, row, input.visibility, input.body, false);
  });
  return listReviewerThread(ctx, propertyId, requestId, { visibility: input.visibility, page: 1, limit: 50 });
}

// --- Owners ------------------------------------------------------------------------------------------

/** A page of the applicant's thread, for an owner of the unit today; the committee's never. */
export async function listOwnerThread(
  ctx: ServiceContext,
  requestId: string,
  query: PageQuery,
): Promise<ArcMessageList> {
  const row = await requestRowWhere(ctx.db, requestId, ownedBy(ctx.actor));
  return threadOf(ctx.db, row.id, 'applicant', query);
}

/** An owner of the unit writes to the reviewers. */
export async function postOwnerMessage(
  ctx: ServiceContext,
  requestId: string,
  input: { body: string },
): Promise<ArcMessageList> {
  await ctx.db.transaction(async (tx) => {
    await lockRequest(tx, requestId, ownedBy(ctx.actor));
    const row = await requestRowWhere(tx, requestId, ownedBy(ctx.actor));
    await post(tx, ctx, row, 'applicant', input.body, true);
  });
  return listOwnerThread(ctx, requestId, { page: 1, limit: 50 });
}
