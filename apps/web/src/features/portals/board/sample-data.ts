import { addDays } from 'date-fns';

// Sample content kept from the original board portal (issue 9): our data model has no board decisions
// yet (issue 22), so these are examples, shown with a 'Sample data' badge wherever they appear.

/** Amounts in cents, as every amount is (packages/contracts/src/money.ts). */
export interface SampleDecision {
  id: string;
  title: string;
  /** Days from today, so the examples never look stale. */
  dueInDays: number;
  /** In cents. */
  amount: number | null;
  summary: string;
  details: string[];
  options: string[];
}

export const sampleDecisions: SampleDecision[] = [
  {
    id: 'pool-resurfacing',
    title: 'Pool resurfacing contract',
    dueInDays: 12,
    amount: 68_500_00,
    summary: 'Choose between two bids to resurface the community pool before the summer season.',
    details: [
      'The pool plaster is 14 years old; the last inspection found cracking near the deep end.',
      'Funded from the reserve fund (pool component), which holds enough for the lower bid.',
    ],
    options: [
      'Approve the bid from Blue Wave Pools ($68,500, 3 weeks)',
      'Approve the bid from AquaCraft ($74,200, 2 weeks)',
      'Defer to next year and repair the cracks only ($6,800)',
    ],
  },
  {
    id: 'landscaping-renewal',
    title: 'Landscaping contract renewal',
    dueInDays: 26,
    amount: 42_000_00,
    summary: 'Renew the landscaping contract for another year, with drought-tolerant planting added.',
    details: [
      'The current contract ends next month; the vendor proposes a 4% increase.',
      'Drought-tolerant planting at the entrance would lower water use by about 30%.',
    ],
    options: ['Renew with the planting change', 'Renew as is', 'Request new bids'],
  },
  {
    id: 'late-fee-policy',
    title: 'Late fee policy update',
    dueInDays: 40,
    amount: null,
    summary: 'Set a grace period to the 10th of the month before the $25 late fee applies.',
    details: [
      'Residents asked for a grace period; most late payments arrive by the 8th.',
      'Needs a board vote and 30 days’ notice to owners before it takes effect.',
    ],
    options: ['Adopt the grace period', 'Keep the current policy'],
  },
];

export function decisionDate(decision: SampleDecision, today = new Date()): Date {
  return addDays(today, decision.dueInDays);
}
