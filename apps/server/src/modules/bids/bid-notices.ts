import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { propertyManagers, vendorPeople, vendorPolicies } from '../../db/schema/index.ts';
import type { Notifier } from '../notifications/notify.ts';

/**
 * Who hears about a request for bids (issue 24 item 2): an invited company's people (`bid.invitation`: the
 * invitation, answers to their questions, the outcome, a cancellation) and the association's managers
 * (`bid.activity`: bids, declines and questions that arrive; the board's answer). Each notice has a
 * dedupe key, so a retried change tells nobody twice. And the association's own award limit.
 */

/** Where the staff and the board open a request; where a company's people open their invitation. */
export const requestLink = (propertyId: string, requestId: string) => `/bids/${propertyId}/${requestId}`;
export const invitationLink = (invitationId: string) => `/vendor-portal/bids/${invitationId}`;

/** The people of the companies now (their removed people hear nothing more). */
export async function peopleOfCompanies(tx: Db, companyIds: string[]): Promise<string[]> {
  if (companyIds.length === 0) return [];
  const rows = await tx
    .select({ userId: vendorPeople.userId })
    .from(vendorPeople)
    .where(and(inArray(vendorPeople.companyId, companyIds), isNull(vendorPeople.removedAt)));
  return rows.map((row) => row.userId);
}

/** The association's managers. */
export async function managersOf(tx: Db, propertyId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: propertyManagers.userId })
    .from(propertyManagers)
    .where(eq(propertyManagers.propertyId, propertyId));
  return rows.map((row) => row.userId);
}

/** Tells a company's people about their invitation (`bid.invitation`). */
export async function tellCompany(
  tx: Db,
  notifier: Notifier,
  to: { companyId: string; invitationId: string; propertyId: string },
  notice: { title: string; body: string; dedupeKey: string },
) {
  await notifier.notify(tx, await peopleOfCompanies(tx, [to.companyId]), {
    kind: 'bid.invitation',
    propertyId: to.propertyId,
    link: invitationLink(to.invitationId),
    ...notice,
  });
}

/** Tells the association's managers (not the one acting) about a request (`bid.activity`). */
export async function tellManagers(
  tx: Db,
  notifier: Notifier,
  request: { id: string; propertyId: string },
  notice: { title: string; body: string; dedupeKey: string },
  exceptId?: string,
) {
  const managers = (await managersOf(tx, request.propertyId)).filter((id) => id !== exceptId);
  await notifier.notify(tx, managers, {
    kind: 'bid.activity',
    propertyId: request.propertyId,
    link: requestLink(request.propertyId, request.id),
    ...notice,
  });
}

/**
 * The association's limit above which an award is the board's decision (vendor_policies); null when none
 * is set — no row, or no limit in it — and then every award goes to the board (decision 0068).
 */
export async function awardLimitOf(db: Db, propertyId: string): Promise<number | null> {
  const [row] = await db
    .select({ limit: vendorPolicies.awardBoardAboveCents })
    .from(vendorPolicies)
    .where(eq(vendorPolicies.propertyId, propertyId));
  return row?.limit ?? null;
}
