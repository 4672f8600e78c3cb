import { formatMoney, type InvoiceApprovalRule } from '@commonwise/contracts';

/**
 * The association's approval limits applied to one invoice (decision 0068), in one place: what the
 * service checks when an approval comes in, what the lists show as still needed, and what a change of the
 * limits re-checks. Pure: the amounts and approvals in, the answer out.
 */

/** The invoice limits of `vendor_policies`; null is no limit (or no row). */
export type InvoiceLimits = {
  invoiceBoardAboveCents: number | null;
  invoiceTwoApproversAboveCents: number | null;
};

/** No row: every invoice goes to the board, and none needs a second approver. */
export const noLimits: InvoiceLimits = { invoiceBoardAboveCents: null, invoiceTwoApproversAboveCents: null };

export type ApprovalNeed = { approvers: 1 | 2; boardMember: boolean };
export type GivenApproval = { userId: string; asBoardMember: boolean };

/**
 * What an invoice of this amount needs: at or below the board's limit, one approval by anyone allowed;
 * above it (or with no board limit), a board member's; above the two-approver limit, two different
 * people, at least one of them a board member. No two-approver limit: never two.
 */
export function approvalNeedOf(amountCents: number, limits: InvoiceLimits): ApprovalNeed {
  const aboveTwo =
    limits.invoiceTwoApproversAboveCents !== null && amountCents > limits.invoiceTwoApproversAboveCents;
  if (aboveTwo) return { approvers: 2, boardMember: true };
  const boardMember = limits.invoiceBoardAboveCents === null || amountCents > limits.invoiceBoardAboveCents;
  return { approvers: 1, boardMember };
}

/** Whether the approvals given meet the need (each person counts once). */
export function isSatisfied(need: ApprovalNeed, approvals: readonly GivenApproval[]): boolean {
  const people = new Set(approvals.map((approval) => approval.userId));
  const hasBoard = approvals.some((approval) => approval.asBoardMember);
  return people.size >= need.approvers && (!need.boardMember || hasBoard);
}

/** What is still missing, in words; null when the approvals are enough. */
export function stillNeededOf(need: ApprovalNeed, approvals: readonly GivenApproval[]): string | null {
  if (isSatisfied(need, approvals)) return null;
  const people = new Set(approvals.map((approval) => approval.userId)).size;
  const hasBoard = approvals.some((approval) => approval.asBoardMember);
  if (need.approvers === 2 && people === 0) return 'Needs two approvers, one of them a board member';
  if (need.boardMember && !hasBoard) return "Needs a board member's approval";
  if (need.approvers === 2) return 'Needs one more approver';
  return 'Needs one approval';
}

/** The rule for an invoice of this amount, in a sentence naming the limit it comes from. */
export function approvalRuleOf(amountCents: number, limits: InvoiceLimits): InvoiceApprovalRule {
  const need = approvalNeedOf(amountCents, limits);
  const money = (cents: number) => formatMoney(cents);
  let summary: string;
  if (need.approvers === 2)
    summary = `Two approvers, one of them a board member (above ${money(limits.invoiceTwoApproversAboveCents!)})`;
  else if (need.boardMember)
    summary =
      limits.invoiceBoardAboveCents === null
        ? "A board member's approval (no board limit is set, so every invoice goes to the board)"
        : `A board member's approval (above ${money(limits.invoiceBoardAboveCents)})`;
  else
    summary = `One approval by a manager or a board member (up to ${money(limits.invoiceBoardAboveCents!)})`;
  return { approversNeeded: need.approvers, boardMemberNeeded: need.boardMember, summary };
}

/** The invoice limits in words, for the policy screen. */
export function invoiceRuleInWords(limits: InvoiceLimits): string {
  const board = limits.invoiceBoardAboveCents;
  const two = limits.invoiceTwoApproversAboveCents;
  const first =
    board === null
      ? "Every invoice needs a board member's approval."
      : `Invoices up to ${formatMoney(board)} need one approval by a manager or a board member; above it, a board member's approval.`;
  const second =
    two === null
      ? ' No invoice needs a second approver.'
      : ` Above ${formatMoney(two)}, two different approvers, one of them a board member.`;
  return first + second;
}

/** The award limit in words, for the policy screen. */
export function awardRuleInWords(awardBoardAboveCents: number | null): string {
  return awardBoardAboveCents === null
    ? 'Every award goes to the board to decide.'
    : `Managers award contracts up to ${formatMoney(awardBoardAboveCents)}; an award above it goes to the board to decide.`;
}
