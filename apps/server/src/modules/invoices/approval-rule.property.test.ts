import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approvalNeedOf,
  approvalRuleOf,
  isSatisfied,
  stillNeededOf,
  type GivenApproval,
  type InvoiceLimits,
} from './approval-rule.ts';

/**
 * The approval limits of decision 0068, judged against the decision's own words rather than the code:
 *
 * > Needed: amount ≤ board limit → one approval by anyone allowed; above it → at least one by a board
 * > member of the association; above the two-approver limit → two different people, at least one a
 * > board member. … A null limit (or no row) asks the most: every award and every invoice goes to the
 * > board, and no invoice needs a second approver.
 *
 * Amounts are drawn on and either side of each limit, and approvals in any order, repeated people
 * included (a person counts once).
 */

/** Whether the decision, read literally, calls these approvals enough for an invoice of this amount. */
function decisionSaysApproved(amount: number, limits: InvoiceLimits, approvals: GivenApproval[]): boolean {
  const differentPeople = new Set(approvals.map((approval) => approval.userId)).size;
  const aBoardMemberApproved = approvals.some((approval) => approval.asBoardMember);
  // "A null limit … every invoice goes to the board, and no invoice needs a second approver."
  const aboveBoardLimit = limits.invoiceBoardAboveCents === null || amount > limits.invoiceBoardAboveCents;
  const aboveTwoApproverLimit =
    limits.invoiceTwoApproversAboveCents !== null && amount > limits.invoiceTwoApproversAboveCents;
  // "above the two-approver limit → two different people, at least one a board member"
  if (aboveTwoApproverLimit) return differentPeople >= 2 && aBoardMemberApproved;
  // "above it → at least one by a board member of the association"
  if (aboveBoardLimit) return aBoardMemberApproved;
  // "amount ≤ board limit → one approval by anyone allowed"
  return differentPeople >= 1;
}

/** Limits as the policy allows them: each null or whole cents, the two-approver one not below the board's. */
const limitsArbitrary: fc.Arbitrary<InvoiceLimits> = fc
  .record({
    board: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
    twoAbove: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
  })
  .map(({ board, twoAbove }) => ({
    invoiceBoardAboveCents: board,
    invoiceTwoApproversAboveCents: twoAbove === null ? null : (board ?? 0) + twoAbove,
  }));

/** An amount on a limit, a cent either side of one, or anywhere. */
const amountAround = (limits: InvoiceLimits) => {
  const edges = [limits.invoiceBoardAboveCents, limits.invoiceTwoApproversAboveCents]
    .filter((limit): limit is number => limit !== null)
    .flatMap((limit) => [limit - 1, limit, limit + 1])
    .filter((cents) => cents >= 1);
  return fc.oneof(
    fc.integer({ min: 1, max: 5_000_000 }),
    ...(edges.length > 0 ? [fc.constantFrom(...edges)] : []),
  );
};

/** Approvals by a few people, some of them board members, some approving more than once. */
const approvalsArbitrary = fc
  .array(fc.record({ userId: fc.constantFrom('manager', 'manager-2', 'board-1', 'board-2', 'admin') }), {
    maxLength: 5,
  })
  .map((people) => people.map(({ userId }) => ({ userId, asBoardMember: userId.startsWith('board') })));

const cases = limitsArbitrary.chain((limits) =>
  fc.record({ limits: fc.constant(limits), amount: amountAround(limits), approvals: approvalsArbitrary }),
);

describe('the approval limits', () => {
  it('call an invoice approved exactly when the decision’s words do, approval by approval', () => {
    fc.assert(
      fc.property(cases, ({ limits, amount, approvals }) => {
        const need = approvalNeedOf(amount, limits);
        // Every prefix: the moment it becomes approved is the moment the decision says it is.
        for (let given = 0; given <= approvals.length; given++) {
          const so = approvals.slice(0, given);
          expect(isSatisfied(need, so)).toBe(decisionSaysApproved(amount, limits, so));
          expect(stillNeededOf(need, so) === null).toBe(decisionSaysApproved(amount, limits, so));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('never count a repeated approval as a second approver', () => {
    fc.assert(
      fc.property(limitsArbitrary, fc.integer({ min: 1, max: 5_000_000 }), (limits, amount) => {
        const need = approvalNeedOf(amount, limits);
        const twice = [
          { userId: 'board-1', asBoardMember: true },
          { userId: 'board-1', asBoardMember: true },
        ];
        expect(isSatisfied(need, twice)).toBe(need.approvers === 1);
      }),
      { numRuns: 500 },
    );
  });

  it('state the rule as it applies: two approvers only above a two-approver limit, the board above its own', () => {
    fc.assert(
      fc.property(cases, ({ limits, amount }) => {
        const rule = approvalRuleOf(amount, limits);
        const two = limits.invoiceTwoApproversAboveCents;
        const board = limits.invoiceBoardAboveCents;
        expect(rule.approversNeeded).toBe(two !== null && amount > two ? 2 : 1);
        expect(rule.boardMemberNeeded).toBe(
          board === null || amount > board || (two !== null && amount > two),
        );
        expect(rule.summary.length).toBeGreaterThan(0);
      }),
      { numRuns: 1_000 },
    );
  });

  it('say what is missing in the words the screens show', () => {
    const limits = { invoiceBoardAboveCents: 100_000, invoiceTwoApproversAboveCents: 500_000 };
    const need = approvalNeedOf(500_001, limits);
    const manager = { userId: 'manager', asBoardMember: false };
    const board = { userId: 'board-1', asBoardMember: true };
    expect(stillNeededOf(need, [])).toBe('Needs two approvers, one of them a board member');
    expect(stillNeededOf(need, [manager])).toBe("Needs a board member's approval");
    expect(stillNeededOf(need, [board])).toBe('Needs one more approver');
    expect(stillNeededOf(need, [board, manager])).toBeNull();
    expect(stillNeededOf(approvalNeedOf(100_000, limits), [])).toBe('Needs one approval');
    expect(stillNeededOf(approvalNeedOf(100_001, limits), [manager])).toBe("Needs a board member's approval");
    expect(approvalRuleOf(100_000, limits).summary).toBe(
      'One approval by a manager or a board member (up to $1,000.00)',
    );
    expect(
      approvalRuleOf(1, { invoiceBoardAboveCents: null, invoiceTwoApproversAboveCents: null }).summary,
    ).toBe("A board member's approval (no board limit is set, so every invoice goes to the board)");
  });
});
