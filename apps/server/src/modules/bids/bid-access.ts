import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bidInvitations, bidRequests, bids, properties } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Person } from '../access/memberships.ts';
import { bidInvitationScope, bidRequestScope, propertyAdministration } from '../access/scope.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';

/**
 * Who reaches which request, invitation and bid (issue 24 item 2, decision 0068), in one place: every
 * service of the module starts here. The conditions are scope.ts's (`bidRequestScope`,
 * `propertyAdministration`, `bidInvitationScope`); what is not the caller's answers 404, so that an
 * uninvited company's people, another association's manager or board member cannot learn it exists.
 *
 * Locks: a request's row is locked first, before its invitations and bids (and before its decision item:
 * decisions.service.ts takes it before the item too), so that a bid, the award, a cancellation and the
 * board's decision are applied one after another.
 */

export type BidsContext = ServiceContext & { links: AttachmentLinks };
export type RequestRow = typeof bidRequests.$inferSelect;
export type InvitationRow = typeof bidInvitations.$inferSelect;
export type BidRow = typeof bids.$inferSelect;

const orTrue = (condition: SQL | undefined) => condition ?? sql`true`;

/** The association, if the person runs it (its managers, admins); 404 otherwise. */
export async function requireRunProperty(db: Db, person: Person, propertyId: string) {
  const [row] = await db
    .select({ id: properties.id, name: properties.name, timeZone: properties.timeZone })
    .from(properties)
    .where(and(eq(properties.id, propertyId), orTrue(propertyAdministration(person, sql`${properties.id}`))));
  if (!row) throw notFound('Association');
  return row;
}

/** The association, if the person reads its requests for bids (its managers and board, admins); 404 otherwise. */
export async function requireBidReader(db: Db, person: Person, propertyId: string) {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), orTrue(bidRequestScope(person, sql`${properties.id}`))));
  if (!row) throw notFound('Association');
}

/**
 * A request of the association the person reads (`run`: runs), or 404; with `lock`, locked for the rest of
 * the transaction.
 */
export async function requestOf(
  db: Db,
  person: Person,
  propertyId: string,
  requestId: string,
  options: { run?: boolean; lock?: boolean } = {},
): Promise<RequestRow> {
  const scope = options.run
    ? propertyAdministration(person, sql`${bidRequests.propertyId}`)
    : bidRequestScope(person, sql`${bidRequests.propertyId}`);
  const query = db
    .select()
    .from(bidRequests)
    .where(and(eq(bidRequests.id, requestId), eq(bidRequests.propertyId, propertyId), orTrue(scope)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Request for bids');
  return row;
}

/** Locks a request's row (found by the caller) and reads it again as it is now. */
export async function lockRequest(db: Db, requestId: string): Promise<RequestRow> {
  const [row] = await db.select().from(bidRequests).where(eq(bidRequests.id, requestId)).for('update');
  if (!row) throw notFound('Request for bids');
  return row;
}

/** One invitation of the request, or 404. */
export async function invitationOfRequest(
  db: Db,
  requestId: string,
  invitationId: string,
): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(bidInvitations)
    .where(and(eq(bidInvitations.id, invitationId), eq(bidInvitations.requestId, requestId)));
  if (!row) throw notFound('Invitation');
  return row;
}

/**
 * An invitation of the person's company (any company's for admins), or 404: a company's people never
 * reach another company's invitation, nor learn that the request exists.
 */
export async function ownInvitation(db: Db, person: Person, invitationId: string): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(bidInvitations)
    .where(
      and(
        eq(bidInvitations.id, invitationId),
        orTrue(bidInvitationScope(person, sql`${bidInvitations.companyId}`)),
      ),
    );
  if (!row) throw notFound('Invitation');
  return row;
}

/**
 * The person's invitation with its request locked (the request first, then the invitation read again and
 * its bid), for a change the company makes.
 */
export async function lockOwnInvitation(db: Db, person: Person, invitationId: string) {
  const found = await ownInvitation(db, person, invitationId);
  const request = await lockRequest(db, found.requestId);
  const [invitation] = await db.select().from(bidInvitations).where(eq(bidInvitations.id, invitationId));
  if (!invitation) throw notFound('Invitation');
  const [bid] = await db.select().from(bids).where(eq(bids.invitationId, invitationId));
  return { request, invitation, bid: bid ?? null };
}
