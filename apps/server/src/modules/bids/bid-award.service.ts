import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  formatMoney,
  type BidAward,
  type BidRequest,
  type BidRequestStatus,
  type BidStatus,
  type DecisionOption,
  type ExpiryStanding,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  bidInvitations,
  bidRequests,
  bids,
  committees,
  profiles,
  properties,
  vendorCompanies,
  vendorPeople,
  workOrders,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { decisionLink } from '../decisions/links.ts';
import { openDecisionItem } from '../decisions/open-item.ts';
import { servingMemberIds, type DecisionItemRow } from '../decisions/record-outcome.ts';
import { formatDay } from '../letters/values.ts';
import { rowsOf } from '../realtime/publish.ts';
import { addDays, associationToday, latestExpirySql, standingOf } from '../vendors/compliance.ts';
import { applyVendorAssignment } from '../work-orders/work-order-changes.service.ts';
import { lockRequest, requestOf, type BidRow, type BidsContext, type RequestRow } from './bid-access.ts';
import { awardLimitOf, tellCompany, tellManagers } from './bid-notices.ts';
import { canAwardNow } from './bid-rules.ts';
import { requestView } from './bid-views.ts';

/**
 * The award of a request for bids (issue 24 item 2, decision 0068). A manager awards one bid, after the
 * due time (or earlier once every invited company has answered): at or below the association's limit it is
 * awarded at once; above it, or with no limit set, it is put to the association's board as a contract-award
 * decision item and the request waits (`awaiting_board`, the proposed bid in `awarded_bid_id`) until the
 * board decides through the decisions machinery — which calls `recordBoardAward` in its transaction — or the
 * item is withdrawn (`reopenAfterWithdrawal`).
 *
 * Awarding, in one transaction: the bid awarded, the other bids in not awarded, the request awarded; for a
 * work order, the winner assigned through the work order's own assignment (so they join its room), with the
 * insurance check and its override; the companies told, each once (dedupe keys) however often it is retried.
 */

type CompanyFacts = { id: string; name: string; isActive: boolean };

/** The outcome keys of a contract-award item: the board awards the proposed bid, or does not. */
export const awardOptionKeys = { award: 'award', doNotAward: 'do_not_award' } as const;

/** A company's certificate of insurance on the association's day, today (decision 0067's rule). */
export async function insuranceOf(db: Db, companyId: string, propertyId: string): Promise<ExpiryStanding> {
  const today = await associationToday(db, propertyId);
  const [row] = rowsOf<{ expires_on: string | null }>(
    await db.execute(
      sql`select to_char(${latestExpirySql(sql`${companyId}::uuid`, 'insurance', today)}, 'YYYY-MM-DD') as expires_on`,
    ),
  );
  return standingOf(row?.expires_on ?? null, today);
}

async function companyOf(db: Db, companyId: string): Promise<CompanyFacts> {
  const [row] = await db
    .select({ id: vendorCompanies.id, name: vendorCompanies.name, isActive: vendorCompanies.isActive })
    .from(vendorCompanies)
    .where(eq(vendorCompanies.id, companyId));
  return row!;
}

/**
 * Who is assigned the work order: the person who sent the bid, while they are still one of the company's
 * people with an active account; otherwise the company's primary contact. 409 when there is neither.
 */
async function assigneeOf(db: Db, bid: BidRow, company: CompanyFacts) {
  const rows = await db
    .select({ profile: profiles, isPrimary: vendorPeople.isPrimary })
    .from(vendorPeople)
    .innerJoin(profiles, eq(profiles.id, vendorPeople.userId))
    .where(
      and(
        eq(vendorPeople.companyId, company.id),
        isNull(vendorPeople.removedAt),
        eq(profiles.role, 'vendor'),
        eq(profiles.banned, false),
      ),
    )
    .orderBy(desc(vendorPeople.isPrimary), asc(vendorPeople.createdAt));
  const chosen = rows.find((row) => row.profile.id === bid.submittedBy) ?? rows.find((row) => row.isPrimary);
  if (!chosen)
    throw new AppError(
      409,
      'NO_VENDOR_PERSON',
      `${company.name} has no one to assign the work order to: the person who sent the bid is no longer with the company and it has no primary contact. Add a person to the company in the vendor directory first.`,
    );
  return chosen.profile;
}

/** The refusals an award shares with the board's decision: the company must still be active. */
function assertActive(company: CompanyFacts) {
  if (!company.isActive)
    throw new AppError(
      409,
      'VENDOR_INACTIVE',
      `${company.name} is marked inactive in the vendor directory. Reactivate it there before awarding it the work.`,
    );
}

/**
 * Awards the bid, in the caller's transaction (the request locked by it). `overrideReason` is the manager's
 * reason for awarding over an expired certificate: kept on the request, and given to the work order's
 * assignment when the certificate is expired today.
 */
async function awardInTx(
  tx: Db,
  ctx: Pick<ServiceContext, 'actor' | 'notifier'>,
  request: RequestRow,
  bid: BidRow,
  company: CompanyFacts,
  overrideReason: string | null,
  insurance: ExpiryStanding,
) {
  const now = new Date();
  await tx.update(bids).set({ status: 'awarded', updatedAt: now }).where(eq(bids.id, bid.id));
  const others = await tx
    .update(bids)
    .set({ status: 'not_awarded', updatedAt: now })
    .where(and(eq(bids.requestId, request.id), ne(bids.id, bid.id), eq(bids.status, 'submitted')))
    .returning({ invitationId: bids.invitationId });
  const isBlocked = insurance.status === 'expired';
  await tx
    .update(bidRequests)
    .set({
      status: 'awarded',
      awardedBidId: bid.id,
      awardedAt: now,
      awardedBy: ctx.actor.id,
      awardOverrideReason: isBlocked ? overrideReason : null,
      updatedAt: now,
    })
    .where(eq(bidRequests.id, request.id));
  let assigned = false;
  if (request.workOrderId) {
    const assignee = await assigneeOf(tx, bid, company);
    const [workOrder] = await tx
      .select({ vendorId: workOrders.vendorId })
      .from(workOrders)
      .where(eq(workOrders.id, request.workOrderId));
    // The assignment asks for the reason only where it is blocked (not for the vendor already assigned).
    const reason =
      isBlocked && workOrder?.vendorId !== assignee.id ? (overrideReason ?? undefined) : undefined;
    await applyVendorAssignment(tx, ctx, request.workOrderId, assignee, reason);
    assigned = true;
  }
  const [property] = await tx
    .select({ name: properties.name })
    .from(properties)
    .where(eq(properties.id, request.propertyId));
  const invitations = await tx
    .select({
      id: bidInvitations.id,
      companyId: bidInvitations.companyId,
      declinedAt: bidInvitations.declinedAt,
    })
    .from(bidInvitations)
    .where(eq(bidInvitations.requestId, request.id));
  const lost = new Set(others.map((other) => other.invitationId));
  for (const invitation of invitations) {
    const to = {
      companyId: invitation.companyId,
      invitationId: invitation.id,
      propertyId: request.propertyId,
    };
    if (invitation.id === bid.invitationId)
      await tellCompany(tx, ctx.notifier, to, {
        title: `Awarded: ${request.title}`,
        body: `${property!.name} awarded ${company.name} the work “${request.title}” for ${formatMoney(bid.amountCents)}.${
          assigned
            ? ' You are assigned its work order: talk with the manager and the resident in its work room.'
            : ' The manager will be in touch about the contract and the start.'
        }`,
        dedupeKey: `bid-award:${request.id}:won`,
      });
    else if (invitation.declinedAt === null)
      await tellCompany(tx, ctx.notifier, to, {
        title: `Not awarded: ${request.title}`,
        body: lost.has(invitation.id)
          ? `${property!.name} awarded “${request.title}” to another company. Your bid was not chosen this time; thank you for bidding.`
          : `${property!.name} awarded “${request.title}” to another company.`,
        dedupeKey: `bid-award:${request.id}:lost`,
      });
  }
}

/** Why an award cannot be made now, or nothing. */
function notOpenForAward(request: RequestRow): AppError | null {
  if (request.status === 'awaiting_board')
    return new AppError(
      409,
      'AWARD_WITH_BOARD',
      'This award is before the board: it is decided there, or the item is withdrawn to award again.',
    );
  if (request.status === 'awarded')
    return new AppError(409, 'REQUEST_AWARDED', 'This request is already awarded.');
  if (request.status === 'cancelled')
    return new AppError(
      409,
      'REQUEST_CANCELLED',
      'This request for bids was cancelled: nothing can be awarded.',
    );
  return null;
}

/**
 * A manager awards one bid of the request: at once at or below the association's limit, or by putting it
 * to the board above it (or with no limit set). Nothing is written when anything is refused.
 */
export async function awardBidRequest(
  ctx: BidsContext,
  propertyId: string,
  requestId: string,
  input: BidAward,
): Promise<BidRequest> {
  await ctx.db.transaction(async (tx) => {
    const request = await requestOf(tx, ctx.actor, propertyId, requestId, { run: true, lock: true });
    const closed = notOpenForAward(request);
    if (closed) throw closed;
    const answers = await tx
      .select({ declinedAt: bidInvitations.declinedAt, bidStatus: bids.status })
      .from(bidInvitations)
      .leftJoin(bids, eq(bids.invitationId, bidInvitations.id))
      .where(eq(bidInvitations.requestId, requestId));
    const facts = { status: request.status as BidRequestStatus, dueAt: request.dueAt };
    if (
      !canAwardNow(facts, answers as { declinedAt: Date | null; bidStatus: BidStatus | null }[], new Date())
    )
      throw new AppError(
        409,
        'BIDS_STILL_OPEN',
        'Bids are still being taken: award after the due time, or once every invited company has bid or declined.',
      );
    const [bid] = await tx
      .select()
      .from(bids)
      .where(and(eq(bids.id, input.bidId), eq(bids.requestId, requestId)));
    if (!bid) {
      const message = 'Choose one of the bids on this request.';
      throw new AppError(404, 'NOT_FOUND', message, { fields: { bidId: message } });
    }
    if (bid.status !== 'submitted') {
      const message = 'This bid was withdrawn by the company: choose another.';
      throw new AppError(409, 'BID_WITHDRAWN', message, { fields: { bidId: message } });
    }
    const company = await companyOf(tx, bid.companyId);
    assertActive(company);
    const insurance = await insuranceOf(tx, company.id, propertyId);
    const reason = input.overrideReason?.trim() || null;
    if (insurance.status === 'expired' && !reason) {
      const message = `${company.name}'s certificate of insurance expired on ${formatDay(insurance.expiresOn!)}. Ask them for a current certificate, or award anyway with a reason.`;
      throw new AppError(409, 'VENDOR_INSURANCE_EXPIRED', message, { fields: { bidId: message } });
    }
    if (insurance.status !== 'expired' && reason) {
      const message = `${company.name}'s certificate of insurance is not expired: there is nothing to override. Award without a reason.`;
      throw new AppError(409, 'OVERRIDE_NOT_NEEDED', message, { fields: { overrideReason: message } });
    }
    // The work order's assignee is found now, so an award the board would make is not refused later for it.
    if (request.workOrderId) await assigneeOf(tx, bid, company);
    const limit = await awardLimitOf(tx, propertyId);
    if (limit !== null && bid.amountCents <= limit)
      await awardInTx(tx, ctx, request, bid, company, reason, insurance);
    else await putToBoard(tx, ctx, request, bid, company, { limit, reason, insurance });
  });
  return requestView(ctx, await requestOf(ctx.db, ctx.actor, propertyId, requestId));
}

/**
 * Opens the contract-award item for the association's board (one open per request: the database's
 * unique index), with every bid side by side in its background, and tells the board's serving members.
 */
async function putToBoard(
  tx: Db,
  ctx: BidsContext,
  request: RequestRow,
  bid: BidRow,
  company: CompanyFacts,
  facts: { limit: number | null; reason: string | null; insurance: ExpiryStanding },
) {
  const [board] = await tx
    .select({ id: committees.id, name: committees.name })
    .from(committees)
    .where(and(eq(committees.propertyId, request.propertyId), eq(committees.kind, 'board')));
  if (!board)
    throw new AppError(
      409,
      'NO_BOARD',
      `An award of ${formatMoney(bid.amountCents)} is the board's decision${facts.limit === null ? ' (no approval limit is set)' : ` (above ${formatMoney(facts.limit)})`}, but this association has no board yet. Add its board in Committees first.`,
    );
  const rows = await tx
    .select({ name: vendorCompanies.name, declinedAt: bidInvitations.declinedAt, bid: bids })
    .from(bidInvitations)
    .innerJoin(vendorCompanies, eq(vendorCompanies.id, bidInvitations.companyId))
    .leftJoin(bids, eq(bids.invitationId, bidInvitations.id))
    .where(eq(bidInvitations.requestId, request.id))
    .orderBy(asc(sql`lower(${vendorCompanies.name})`));
  const lineOf = (row: (typeof rows)[number]) =>
    row.declinedAt
      ? `- ${row.name}: declined`
      : row.bid && row.bid.status === 'submitted'
        ? `- ${row.name}: ${formatMoney(row.bid.amountCents)}, ${row.bid.timeline}${row.bid.exceedsReason ? ` (above the not-to-exceed: ${row.bid.exceedsReason})` : ''}`
        : `- ${row.name}: no bid`;
  const amount = formatMoney(bid.amountCents);
  const background = [
    `${ctx.actor.fullName} recommends awarding “${request.title}” to ${company.name} for ${amount}.`,
    facts.limit === null
      ? 'The association has set no approval limit for awards, so every award is the board’s decision.'
      : `Awards above ${formatMoney(facts.limit)} are the board’s decision.`,
    request.notToExceedCents ? `Not to exceed: ${formatMoney(request.notToExceedCents)}.` : '',
    facts.reason
      ? `${company.name}'s certificate of insurance expired on ${formatDay(facts.insurance.expiresOn!)}; the manager's reason for awarding anyway: ${facts.reason}`
      : '',
    '',
    'The bids:',
    ...rows.map(lineOf),
    '',
    `Award: ${company.name} is awarded the work${request.workOrderId ? ' and assigned its work order' : ''}, and the other companies are told. Do not award: the request goes back to the manager.`,
  ]
    .filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== ''))
    .join('\n');
  const options: DecisionOption[] = [
    { key: awardOptionKeys.award, label: `Award to ${company.name} for ${amount}` },
    { key: awardOptionKeys.doNotAward, label: 'Do not award' },
  ];
  const itemId = await openDecisionItem(tx, {
    propertyId: request.propertyId,
    committeeId: board.id,
    kind: 'contract_award',
    title: `Award “${request.title}” to ${company.name} for ${amount}?`,
    background,
    options,
    dueOn: addDays(await associationToday(tx, request.propertyId), 7),
    published: false,
    bidRequestId: request.id,
    createdBy: ctx.actor.id,
  });
  await tx
    .update(bidRequests)
    .set({
      status: 'awaiting_board',
      awardedBidId: bid.id,
      awardOverrideReason: facts.reason,
      updatedAt: new Date(),
    })
    .where(eq(bidRequests.id, request.id));
  const members = await servingMemberIds(tx, board.id);
  await ctx.notifier.notify(
    tx,
    members.filter((member) => member !== ctx.actor.id),
    {
      kind: 'decision.attention',
      propertyId: request.propertyId,
      title: `For the ${board.name} to decide: award “${request.title}”`,
      body: `${ctx.actor.fullName} recommends ${company.name} for ${amount}. Read the bids side by side and cast your vote.`,
      link: decisionLink(request.propertyId, itemId),
      dedupeKey: `decision-open:${itemId}`,
    },
  );
}

/**
 * Locks the request of a contract-award item before the item is locked (decisions.service.ts calls it
 * first, as the award route locks the request before it opens the item), so neither waits on the other.
 */
export async function lockRequestOfAwardItem(tx: Db, bidRequestId: string): Promise<void> {
  await tx
    .select({ id: bidRequests.id })
    .from(bidRequests)
    .where(eq(bidRequests.id, bidRequestId))
    .for('update');
}

/**
 * The board decided a contract-award item (decideDecision, in its transaction): `award` awards the
 * proposed bid; `do_not_award` returns the request to open and tells the managers. Refused (and the
 * decision with it) when the award can no longer be made as proposed.
 */
export async function recordBoardAward(
  tx: Db,
  ctx: ServiceContext,
  item: Pick<DecisionItemRow, 'id' | 'bidRequestId'>,
  outcome: string,
): Promise<void> {
  const request = await lockRequest(tx, item.bidRequestId!);
  if (request.status !== 'awaiting_board' || !request.awardedBidId)
    throw new AppError(409, 'AWARD_NOT_PENDING', 'This request for bids is no longer waiting for the board.');
  if (outcome !== awardOptionKeys.award) {
    await reopen(tx, request);
    await tellManagers(tx, ctx.notifier, request, {
      title: `The board did not award “${request.title}”`,
      body: `The board decided not to award “${request.title}”. The request is open again: award another bid, or cancel it.`,
      dedupeKey: `bid-board:${item.id}:not-awarded`,
    });
    return;
  }
  const [bid] = await tx.select().from(bids).where(eq(bids.id, request.awardedBidId));
  if (!bid) throw notFound('Bid');
  const company = await companyOf(tx, bid.companyId);
  assertActive(company);
  const insurance = await insuranceOf(tx, company.id, request.propertyId);
  if (insurance.status === 'expired' && !request.awardOverrideReason)
    throw new AppError(
      409,
      'VENDOR_INSURANCE_EXPIRED',
      `${company.name}'s certificate of insurance expired on ${formatDay(insurance.expiresOn!)}, after this award was put to the board. The manager can ask them for a current certificate, or withdraw this item and award again with a reason.`,
    );
  await awardInTx(tx, ctx, request, bid, company, request.awardOverrideReason, insurance);
  await tellManagers(
    tx,
    ctx.notifier,
    request,
    {
      title: `The board awarded “${request.title}”`,
      body: `The board awarded “${request.title}” to ${company.name} for ${formatMoney(bid.amountCents)}.${request.workOrderId ? ' The company is assigned the work order.' : ''}`,
      dedupeKey: `bid-board:${item.id}:awarded`,
    },
    ctx.actor.id,
  );
}

/** The request is open again: the proposed bid and the override reason go with the item. */
async function reopen(tx: Db, request: RequestRow) {
  await tx
    .update(bidRequests)
    .set({ status: 'open', awardedBidId: null, awardOverrideReason: null, updatedAt: new Date() })
    .where(eq(bidRequests.id, request.id));
}

/** A contract-award item was withdrawn (withdrawDecision, in its transaction): the request is open again. */
export async function reopenAfterWithdrawal(
  tx: Db,
  ctx: ServiceContext,
  item: Pick<DecisionItemRow, 'id' | 'bidRequestId'>,
): Promise<void> {
  const request = await lockRequest(tx, item.bidRequestId!);
  if (request.status !== 'awaiting_board') return;
  await reopen(tx, request);
  await tellManagers(
    tx,
    ctx.notifier,
    request,
    {
      title: `The award of “${request.title}” was taken off the board’s agenda`,
      body: `${ctx.actor.fullName} withdrew the board’s item on “${request.title}”. The request is open again: award a bid, or cancel it.`,
      dedupeKey: `bid-board:${item.id}:withdrawn`,
    },
    ctx.actor.id,
  );
}
