import type { BidMessage, BidMessageList, PageQuery } from '@commonwise/contracts';
import { bidMessages, vendorCompanies } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  invitationOfRequest,
  lockOwnInvitation,
  ownInvitation,
  requestOf,
  type BidsContext,
  type InvitationRow,
  type RequestRow,
} from './bid-access.ts';
import { tellCompany, tellManagers } from './bid-notices.ts';
import { messagesOf } from './bid-views.ts';

/**
 * Each invited company's thread with the association's managers (issue 24 item 2, decision 0068): the
 * company's people ask, the managers (and admins) answer; the association's board reads along. No other
 * company reads it (bid-access.ts). A new message tells the other side.
 */

const preview = (body: string) => {
  const characters = [...body];
  return characters.length > 200 ? `${characters.slice(0, 197).join('')}…` : body;
};

function requireNotCancelled(request: RequestRow) {
  if (request.status === 'cancelled')
    throw new AppError(
      409,
      'REQUEST_CANCELLED',
      'This request for bids was cancelled: its threads are closed.',
    );
}

async function insertMessage(tx: Db, invitation: InvitationRow, authorId: string, body: string) {
  const [row] = await tx
    .insert(bidMessages)
    .values({ invitationId: invitation.id, authorId, body })
    .returning({ id: bidMessages.id });
  return row!.id;
}

async function messageView(
  ctx: BidsContext,
  invitation: InvitationRow,
  messageId: string,
): Promise<BidMessage> {
  const { messages } = await messagesOf(ctx.db, invitation, { page: 1, limit: 1 }, { messageId });
  return messages[0]!;
}

/** A company's thread as the association's managers, board and admins read it: newest first, a page. */
export async function listRequestMessages(
  ctx: BidsContext,
  ids: { propertyId: string; requestId: string; invitationId: string },
  page: PageQuery,
): Promise<BidMessageList> {
  await requestOf(ctx.db, ctx.actor, ids.propertyId, ids.requestId);
  const invitation = await invitationOfRequest(ctx.db, ids.requestId, ids.invitationId);
  return { ...(await messagesOf(ctx.db, invitation, page)), page: page.page, limit: page.limit };
}

/** A manager (or an admin) writes to one company; its people are told. */
export async function postRequestMessage(
  ctx: BidsContext,
  ids: { propertyId: string; requestId: string; invitationId: string },
  body: string,
): Promise<BidMessage> {
  const { invitation, messageId } = await ctx.db.transaction(async (tx) => {
    const request = await requestOf(tx, ctx.actor, ids.propertyId, ids.requestId, { run: true, lock: true });
    requireNotCancelled(request);
    const invitation = await invitationOfRequest(tx, ids.requestId, ids.invitationId);
    const messageId = await insertMessage(tx, invitation, ctx.actor.id, body);
    await tellCompany(
      tx,
      ctx.notifier,
      { companyId: invitation.companyId, invitationId: invitation.id, propertyId: request.propertyId },
      {
        title: `A message about “${request.title}”`,
        body: `${ctx.actor.fullName}: ${preview(body)}`,
        dedupeKey: `bid-message:${messageId}`,
      },
    );
    return { invitation, messageId };
  });
  return messageView(ctx, invitation, messageId);
}

/** The caller's company's thread on one invitation: newest first, a page; 404 for another company's. */
export async function listOwnMessages(
  ctx: BidsContext,
  invitationId: string,
  page: PageQuery,
): Promise<BidMessageList> {
  const invitation = await ownInvitation(ctx.db, ctx.actor, invitationId);
  return { ...(await messagesOf(ctx.db, invitation, page)), page: page.page, limit: page.limit };
}

/** One of the company's people asks the managers (a question, a note); they are told. */
export async function postOwnMessage(
  ctx: BidsContext,
  invitationId: string,
  body: string,
): Promise<BidMessage> {
  const { invitation, messageId } = await ctx.db.transaction(async (tx) => {
    const { request, invitation } = await lockOwnInvitation(tx, ctx.actor, invitationId);
    requireNotCancelled(request);
    const messageId = await insertMessage(tx, invitation, ctx.actor.id, body);
    const [company] = await tx
      .select({ name: vendorCompanies.name })
      .from(vendorCompanies)
      .where(eq(vendorCompanies.id, invitation.companyId));
    await tellManagers(tx, ctx.notifier, request, {
      title: `${company!.name} asks about “${request.title}”`,
      body: `${ctx.actor.fullName} (${company!.name}): ${preview(body)}`,
      dedupeKey: `bid-message:${messageId}`,
    });
    return { invitation, messageId };
  });
  return messageView(ctx, invitation, messageId);
}
