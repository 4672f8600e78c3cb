import type { VendorPolicyInput } from '@commonwise/contracts';
import { formatLimit } from './money.ts';

type Limits = Pick<VendorPolicyInput, 'invoiceBoardAboveCents' | 'invoiceTwoApproversAboveCents'>;

/**
 * The invoice limits in a sentence, as the limits card says them: "A manager approves invoices up to
 * $2,500; above that a board member must approve; above $10,000 two people, one of them a board
 * member." No board limit (null) asks the most: every invoice goes to a board member.
 */
export function invoiceLimitsInWords({
  invoiceBoardAboveCents,
  invoiceTwoApproversAboveCents,
}: Limits): string {
  const first =
    invoiceBoardAboveCents === null || invoiceBoardAboveCents === 0
      ? 'Every invoice needs a board member’s approval'
      : `A manager approves invoices up to ${formatLimit(invoiceBoardAboveCents)}; above that a board member must approve`;
  const second =
    invoiceTwoApproversAboveCents === null
      ? ''
      : `; above ${formatLimit(invoiceTwoApproversAboveCents)} two people, one of them a board member`;
  return `${first}${second}.`;
}

/** The award limit in a sentence: who awards a contract of what size. */
export function awardLimitInWords(awardBoardAboveCents: number | null): string {
  return awardBoardAboveCents === null
    ? 'Every contract award goes to the board to decide.'
    : `A manager awards contracts up to ${formatLimit(awardBoardAboveCents)}; above that the board decides.`;
}
