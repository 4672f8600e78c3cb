import { describe, expect, it } from 'vitest';
import { awardLimitInWords, invoiceLimitsInWords } from './limits-text.ts';

describe('the approval limits in words', () => {
  it('names the manager’s, the board’s and the two-approver amounts', () => {
    expect(
      invoiceLimitsInWords({ invoiceBoardAboveCents: 250_000, invoiceTwoApproversAboveCents: 1_000_000 }),
    ).toBe(
      'A manager approves invoices up to $2,500; above that a board member must approve; above $10,000 two people, one of them a board member.',
    );
  });

  it('keeps the cents of an amount that has them', () => {
    expect(
      invoiceLimitsInWords({ invoiceBoardAboveCents: 250_050, invoiceTwoApproversAboveCents: null }),
    ).toBe('A manager approves invoices up to $2,500.50; above that a board member must approve.');
  });

  it('sends every invoice to a board member when no board limit is set (null)', () => {
    expect(invoiceLimitsInWords({ invoiceBoardAboveCents: null, invoiceTwoApproversAboveCents: null })).toBe(
      'Every invoice needs a board member’s approval.',
    );
    expect(
      invoiceLimitsInWords({ invoiceBoardAboveCents: null, invoiceTwoApproversAboveCents: 500_000 }),
    ).toBe(
      'Every invoice needs a board member’s approval; above $5,000 two people, one of them a board member.',
    );
  });

  it('says who awards contracts', () => {
    expect(awardLimitInWords(2_500_000)).toBe(
      'A manager awards contracts up to $25,000; above that the board decides.',
    );
    expect(awardLimitInWords(null)).toBe('Every contract award goes to the board to decide.');
  });
});
