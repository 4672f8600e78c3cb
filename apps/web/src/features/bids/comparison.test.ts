import { describe, expect, it } from 'vitest';
import { awardGoesToBoard, compareBids } from './comparison.ts';
import { bidRequest, bidView, invitationView } from './test-data.ts';

describe('compareBids', () => {
  it('shows who bid but no order, lowest or limit while sealed', () => {
    const sealed = bidRequest({
      isSealed: true,
      invitations: [
        invitationView({ id: 'a', status: 'invited', bid: null }),
        invitationView({
          id: 'b',
          bid: bidView({ isSealed: true, amountCents: null, timeline: null, terms: null }),
        }),
      ],
    });
    const result = compareBids(sealed);
    expect(result.isSealed).toBe(true);
    expect(result.bidCount).toBe(1);
    expect(result.rows.map((row) => row.invitation.id)).toEqual(['a', 'b']);
    expect(result.rows.every((row) => !row.isLowest && !row.isAboveLimit)).toBe(true);
  });

  it('puts the bids side by side once open: cheapest first, the lowest marked, above the limit flagged', () => {
    const result = compareBids(bidRequest());
    expect(result.isSealed).toBe(false);
    expect(result.rows.map((row) => row.invitation.company.name)).toEqual([
      'Hill Country Plumbing',
      'Ortiz Plumbing & Repair',
    ]);
    expect(result.rows.map((row) => row.isLowest)).toEqual([true, false]);
    // $5,120.00 is above the $4,500.00 not-to-exceed; $3,980.00 is not.
    expect(result.rows.map((row) => row.isAboveLimit)).toEqual([false, true]);
  });

  it('leaves withdrawn bids and companies without one out of the running, after the bids', () => {
    const result = compareBids(
      bidRequest({
        invitations: [
          invitationView({ id: 'declined', status: 'declined', bid: null, declineReason: 'Too busy' }),
          invitationView({
            id: 'withdrawn',
            status: 'withdrawn',
            bid: bidView({ status: 'withdrawn', amountCents: 100 }),
          }),
          invitationView({ id: 'only', bid: bidView({ amountCents: 400_000 }) }),
        ],
      }),
    );
    expect(result.rows.map((row) => row.invitation.id)).toEqual(['only', 'declined', 'withdrawn']);
    expect(result.rows.map((row) => row.bid?.id ?? null)).toEqual([expect.any(String), null, null]);
    // One bid alone is not "the lowest" of anything.
    expect(result.rows.some((row) => row.isLowest)).toBe(false);
    expect(result.bidCount).toBe(1);
  });

  it('marks every bid that ties for the lowest', () => {
    const result = compareBids(
      bidRequest({
        notToExceedCents: null,
        invitations: [
          invitationView({ id: 'a', bid: bidView({ amountCents: 300_000 }) }),
          invitationView({ id: 'b', bid: bidView({ amountCents: 300_000 }) }),
          invitationView({ id: 'c', bid: bidView({ amountCents: 310_000 }) }),
        ],
      }),
    );
    expect(result.rows.map((row) => row.isLowest)).toEqual([true, true, false]);
    expect(result.rows.some((row) => row.isAboveLimit)).toBe(false);
  });
});

describe('awardGoesToBoard', () => {
  it('sends an award above the limit, or any award without one, to the board', () => {
    expect(awardGoesToBoard(500_000, 500_000)).toBe(false);
    expect(awardGoesToBoard(500_001, 500_000)).toBe(true);
    expect(awardGoesToBoard(100, null)).toBe(true);
  });
});
