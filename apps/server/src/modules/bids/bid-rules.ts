import { sql, type SQL } from 'drizzle-orm';
import type { BidInvitationStatus, BidRequestStatus, BidStatus, VendorBidState } from '@commonwise/contracts';

/**
 * The rules of a request for bids (issue 24 item 2, decision 0068) that every view, list and file check
 * shares, in TypeScript and, where a query needs them, in SQL — one wording of each.
 */

type RequestFacts = { status: BidRequestStatus; dueAt: Date };
type Answer = { declinedAt: Date | null; bidStatus: BidStatus | null };

/** Bids are taken: the request is open and its due time has not come. */
export const isTakingBids = (request: RequestFacts, now: Date) =>
  request.status === 'open' && request.dueAt.getTime() > now.getTime();

/** A company has answered: it declined, or its bid is in (a withdrawn bid is no answer: it may bid again). */
export const hasAnswered = (answer: Answer) =>
  answer.declinedAt !== null || (answer.bidStatus !== null && answer.bidStatus !== 'withdrawn');

/**
 * The amounts are open to the staff and the board: the due time has passed, or every invited company has
 * answered (so that an award may be made before the due time, as decision 0068 allows, on bids that can
 * be read), or an award is under way or made. Before that, who bid is shown, not what.
 */
export function isUnsealed(request: RequestFacts, answers: Answer[], now: Date): boolean {
  if (request.status === 'awaiting_board' || request.status === 'awarded') return true;
  if (request.dueAt.getTime() <= now.getTime()) return true;
  return answers.length > 0 && answers.every(hasAnswered);
}

/** isUnsealed in SQL, for a request row under `alias`. */
export function unsealedSql(alias: string): SQL {
  const r = sql.identifier(alias);
  return sql`(${r}.status in ('awaiting_board', 'awarded') or ${r}.due_at <= now()
    or not exists (select 1 from bid_invitations unsealed_inv
      left join bids unsealed_bid on unsealed_bid.invitation_id = unsealed_inv.id
      where unsealed_inv.request_id = ${r}.id and unsealed_inv.declined_at is null
        and (unsealed_bid.id is null or unsealed_bid.status = 'withdrawn')))`;
}

/** An award may be made: open, and bids are no longer taken or every invited company has answered. */
export const canAwardNow = (request: RequestFacts, answers: Answer[], now: Date) =>
  request.status === 'open' && isUnsealed(request, answers, now);

/** Where a company stands on the request. */
export function invitationStatusOf(answer: Answer): BidInvitationStatus {
  if (answer.declinedAt !== null) return 'declined';
  if (answer.bidStatus === 'withdrawn') return 'withdrawn';
  if (answer.bidStatus !== null) return 'bid';
  return 'invited';
}

/**
 * The vendor portal's group of an invitation: open while bids are taken and the company has no bid in
 * (nor declined); submitted while its bid waits for the outcome; past otherwise.
 */
export function vendorStateOf(request: RequestFacts, answer: Answer, now: Date): VendorBidState {
  if (request.status === 'cancelled' || answer.declinedAt !== null) return 'past';
  if (answer.bidStatus === 'submitted') return request.status === 'awarded' ? 'past' : 'submitted';
  if (answer.bidStatus === 'awarded' || answer.bidStatus === 'not_awarded') return 'past';
  return isTakingBids(request, now) ? 'open' : 'past';
}

/** vendorStateOf in SQL, for a request `r`, an invitation `i` and its bid `b` (left-joined). */
export const vendorStateSql = sql<VendorBidState>`(case
  when r.status = 'cancelled' or i.declined_at is not null then 'past'
  when b.status = 'submitted' then case when r.status = 'awarded' then 'past' else 'submitted' end
  when b.status in ('awarded', 'not_awarded') then 'past'
  when r.status = 'open' and r.due_at > now() then 'open'
  else 'past' end)`;
