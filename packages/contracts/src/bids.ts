/**
 * Bids on work (issue 24 item 2, decision 0068): a manager asks chosen vendor companies of the right trade
 * for quotes on a work order or a project; each invited company sees only its own invitation, asks
 * questions in its own thread and bids before the due time; the manager compares and awards, and an award
 * above the association's limit is a board decision. The request, invitation and bid shapes are below.
 */

/**
 * A request for bids: open (taking bids until its due time, then waiting for an award), awaiting the
 * board (an award above the association's limit is a contract-award decision item), awarded, or
 * cancelled (with a reason the invited vendors read).
 */
export const bidRequestStatuses = ['open', 'awaiting_board', 'awarded', 'cancelled'] as const;
export type BidRequestStatus = (typeof bidRequestStatuses)[number];
export const bidRequestStatusLabels: Record<BidRequestStatus, string> = {
  open: 'Open',
  awaiting_board: 'Awaiting the board',
  awarded: 'Awarded',
  cancelled: 'Cancelled',
};

/** A company's bid: submitted (revisable until the due time), withdrawn by it, awarded, or not awarded. */
export const bidStatuses = ['submitted', 'withdrawn', 'awarded', 'not_awarded'] as const;
export type BidStatus = (typeof bidStatuses)[number];
export const bidStatusLabels: Record<BidStatus, string> = {
  submitted: 'Submitted',
  withdrawn: 'Withdrawn',
  awarded: 'Awarded',
  not_awarded: 'Not awarded',
};
