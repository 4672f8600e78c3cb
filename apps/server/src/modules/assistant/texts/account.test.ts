import { describe, expect, it } from 'vitest';
import { assistantLanguages } from '@commonwise/contracts';
import type { AccountAnswerFacts, ExplainedCharge } from '../../finance/account-facts.ts';
import { accountAnswer, unitsTold } from './account.ts';

const charge = (fields: Partial<ExplainedCharge>): ExplainedCharge => ({
  kind: 'assessment',
  description: 'Monthly dues, November 2026',
  amountCents: 35_000,
  dueOn: '2026-11-01',
  postedOn: '2026-11-01',
  openCents: 35_000,
  waivedOn: null,
  schedule: null,
  lateFee: null,
  ...fields,
});

const account = (unitLabel: string, charges: ExplainedCharge[] = []) => ({
  propertyName: 'Willow Creek Commons',
  unitLabel,
  balanceCents: 37_500,
  pastDueCents: 2_500,
  creditCents: 1_000,
  nextCharge: { description: 'Monthly dues, December 2026', dueOn: '2026-12-01', amountCents: 35_000 },
  lastPayment: { amountCents: 35_000, receivedOn: '2026-10-03', status: 'pending' as const },
  charges,
});

const everyKind: ExplainedCharge[] = [
  charge({ schedule: { name: 'Monthly dues', adoptedBy: 'the 2026 budget' } }),
  charge({
    kind: 'late_fee',
    description: 'Late fee',
    amountCents: 2_500,
    openCents: 1_000,
    lateFee: {
      graceDays: 10,
      fixedCents: 2_500,
      percentBp: 150,
      authority: 'CC&Rs §6.4',
      onCharge: 'October dues',
    },
  }),
  charge({
    kind: 'interest',
    description: 'Interest',
    amountCents: 312,
    openCents: 0,
    lateFee: { graceDays: 10, fixedCents: null, percentBp: null, authority: 'CC&Rs §6.5', onCharge: null },
  }),
  charge({ kind: 'fee', description: 'Key fob', amountCents: 1_500, waivedOn: '2026-11-05' }),
];

describe('accountAnswer', () => {
  it('tells an account in English: owed, past due, credit, next charge, last payment and each charge', () => {
    const text = accountAnswer({ accounts: [account('14B', everyKind)], amountsNotFound: [] }, 'en');
    expect(text.split('\n')).toEqual([
      '14B at Willow Creek Commons: you owe $375.00, of which $25.00 is past due. You have a credit of $10.00, which pays your next charges. Your next charge is Monthly dues, December 2026, $350.00, due December 1, 2026. Your last payment was $350.00 on October 3, 2026 (still being processed).',
      'The $350.00 charged on November 1, 2026 is "Monthly dues, November 2026", from the "Monthly dues" schedule, adopted by the 2026 budget. It is owed, due November 1, 2026.',
      `The $25.00 charged on November 1, 2026 is "Late fee", a late fee under the association's rule (CC&Rs §6.4): $25.00 + 1.5% of the late amount when a charge is still unpaid 10 days after its due date, here "October dues". $10.00 of it is still owed (due November 1, 2026).`,
      `The $3.12 charged on November 1, 2026 is "Interest", interest under the association's rule (CC&Rs §6.5). It is paid.`,
      'The $15.00 charged on November 1, 2026 is "Key fob", a fee your manager charged. It was waived on November 5, 2026.',
      '',
      'Your Billing page lists every charge and payment, and you can pay there.',
    ]);
  });

  it('says nothing is owed when the balance is nil, and counts the units beyond the first few', () => {
    const owner: AccountAnswerFacts = {
      accounts: ['1A', '1B', '1C', '1D', '1E'].map((label) => ({
        ...account(label),
        balanceCents: 0,
        pastDueCents: 0,
        creditCents: 0,
        nextCharge: null,
        lastPayment: null,
      })),
      amountsNotFound: [],
    };
    const text = accountAnswer(owner, 'en');
    expect(text).toContain('1A at Willow Creek Commons: you owe nothing today.');
    expect(text).not.toContain('1D at');
    expect(text).toContain(`You own ${5 - unitsTold} more units: each has its account on the Billing page.`);
  });

  it.each(assistantLanguages)('writes every fact in %s, with no blank left', (language) => {
    const text = accountAnswer({ accounts: [account('14B', everyKind)], amountsNotFound: [] }, language);
    expect(text).not.toMatch(/undefined|null|NaN|\$\{/);
    for (const quoted of [
      '14B',
      'Willow Creek Commons',
      'Monthly dues, November 2026',
      'CC&Rs §6.4',
      'October dues',
      'Key fob',
    ]) {
      expect(text).toContain(quoted);
    }
    // Amounts are the language's own way of writing dollars: 350 and 25 appear in each.
    expect(text).toMatch(/350[.,]00/);
    expect(text).toMatch(/25[.,]00/);
  });
});
