import type { BidInvitationView, BidRequest, BidView } from '@commonwise/contracts';

/** One company's line of the side-by-side comparison. */
export interface ComparisonRow {
  invitation: BidInvitationView;
  /** Its bid in the running (withdrawn bids are not compared); null when it has none. */
  bid: BidView | null;
  /** The lowest amount of those compared (all of them when several tie). */
  isLowest: boolean;
  /** Above the request's not-to-exceed: the company had to explain why. */
  isAboveLimit: boolean;
}

const comparedStatuses = new Set<BidView['status']>(['submitted', 'awarded', 'not_awarded']);

/**
 * What the staff see of the bids. Sealed (the server's word: before the due time, until every company has
 * answered): who bid and when, never an amount. Open: the companies with a bid first, cheapest first, then
 * those without one (declined, withdrawn, silent) in the order they were invited.
 */
export function compareBids(request: Pick<BidRequest, 'isSealed' | 'notToExceedCents' | 'invitations'>): {
  isSealed: boolean;
  rows: ComparisonRow[];
  /** How many bids are in. */
  bidCount: number;
} {
  const inRunning = (invitation: BidInvitationView) =>
    invitation.bid && comparedStatuses.has(invitation.bid.status) ? invitation.bid : null;
  const bidCount = request.invitations.filter(inRunning).length;
  if (request.isSealed)
    return {
      isSealed: true,
      bidCount,
      rows: request.invitations.map((invitation) => ({
        invitation,
        bid: inRunning(invitation),
        isLowest: false,
        isAboveLimit: false,
      })),
    };
  const amounts = request.invitations
    .map((invitation) => inRunning(invitation)?.amountCents)
    .filter((amount): amount is number => typeof amount === 'number');
  const lowest = amounts.length > 0 ? Math.min(...amounts) : null;
  const rows = request.invitations.map((invitation): ComparisonRow => {
    const bid = inRunning(invitation);
    const amount = bid?.amountCents ?? null;
    return {
      invitation,
      bid,
      isLowest: amount !== null && amount === lowest && amounts.length > 1,
      isAboveLimit: amount !== null && request.notToExceedCents !== null && amount > request.notToExceedCents,
    };
  });
  const order = (row: ComparisonRow) => row.bid?.amountCents ?? Number.POSITIVE_INFINITY;
  return { isSealed: false, bidCount, rows: [...rows].sort((a, b) => order(a) - order(b)) };
}

/**
 * Whether an award of this amount goes to the board: above the association's own limit, or always when
 * it has set none (decision 0068).
 */
export const awardGoesToBoard = (amountCents: number, awardBoardAboveCents: number | null) =>
  awardBoardAboveCents === null || amountCents > awardBoardAboveCents;
