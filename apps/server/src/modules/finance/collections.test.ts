import { describe, expect, it } from 'vitest';
import { planStanding, type PlanRow } from './collections.service.ts';

/** A payment plan's standing (decision 0054): its instalments, and the new dues the owner keeps paying. */
const plan: PlanRow = {
  id: 'plan',
  caseId: 'case',
  instalmentCents: 20_000,
  count: 3,
  firstDueOn: '2027-01-31',
  terms: '',
  status: 'active',
  createdBy: null,
  createdAt: new Date('2027-01-10T18:00:00Z'),
};

describe('a payment plan', () => {
  it('is kept while the payments cover the instalments whose day has passed', () => {
    expect(planStanding(plan, { paidCents: 0, newDueCents: 0 }, '2027-01-31')).toMatchObject({
      status: 'active',
      nextDueOn: '2027-01-31',
    });
    // The next instalment is on the last day of February, the month being shorter.
    expect(planStanding(plan, { paidCents: 20_000, newDueCents: 0 }, '2027-02-01')).toMatchObject({
      status: 'active',
      nextDueOn: '2027-02-28',
    });
  });

  it('is missed the day after an instalment is not covered', () => {
    expect(planStanding(plan, { paidCents: 19_999, newDueCents: 0 }, '2027-02-01')).toMatchObject({
      status: 'missed',
      requiredCents: 20_000,
    });
  });

  it('is missed when the instalments are paid but the new dues are not', () => {
    // February's $295 assessment fell due after the plan began; only the instalment was paid.
    expect(planStanding(plan, { paidCents: 40_000, newDueCents: 29_500 }, '2027-03-01')).toMatchObject({
      status: 'missed',
      requiredCents: 69_500,
    });
    expect(planStanding(plan, { paidCents: 69_500, newDueCents: 29_500 }, '2027-03-01')).toMatchObject({
      status: 'active',
      nextDueOn: '2027-03-31',
    });
  });

  it('is completed once every instalment day has passed and it was kept', () => {
    expect(planStanding(plan, { paidCents: 60_000, newDueCents: 0 }, '2027-04-01')).toMatchObject({
      status: 'completed',
    });
  });
});
