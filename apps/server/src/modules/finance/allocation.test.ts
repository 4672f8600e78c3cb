import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargeKinds, jurisdictionIds } from '@commonwise/contracts';
import { allocatePayment, allocationOrderOf, type OpenCharge } from './allocation.ts';

const day = fc
  .integer({ min: 0, max: 1500 })
  .map((offset) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10));
const openCharge = fc.record({
  id: fc.uuid(),
  kind: fc.constantFrom(...chargeKinds),
  dueOn: day,
  openCents: fc.integer({ min: 0, max: 5_000_000 }),
});

describe('allocating a payment', () => {
  it('for any charges, jurisdiction and amount: pays exactly the payment, never beyond a charge, the rest is credit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000_000 }),
        fc.uniqueArray(openCharge, { selector: (charge) => charge.id, maxLength: 30 }),
        fc.constantFrom(...jurisdictionIds),
        day,
        (amount, open, jurisdiction, today) => {
          const allocations = allocatePayment(amount, open, jurisdiction, today);
          expect(allocations.reduce((sum, allocation) => sum + allocation.amountCents, 0)).toBe(amount);
          const byId = new Map(open.map((charge) => [charge.id, charge]));
          for (const allocation of allocations) {
            expect(allocation.amountCents).toBeGreaterThan(0);
            if (allocation.chargeId)
              expect(allocation.amountCents).toBeLessThanOrEqual(byId.get(allocation.chargeId)!.openCents);
          }
          const credit = allocations.filter((allocation) => allocation.chargeId === null);
          const owed = open.reduce((sum, charge) => sum + charge.openCents, 0);
          // Credit only once every charge is paid in full; at most one credit line.
          expect(credit.length).toBe(amount > owed ? 1 : 0);
          if (credit[0]) expect(credit[0].amountCents).toBe(amount - owed);
          expect(new Set(allocations.map((allocation) => allocation.chargeId)).size).toBe(allocations.length);
        },
      ),
    );
  });

  const charges: OpenCharge[] = [
    { id: 'a-assessment-old', kind: 'assessment', dueOn: '2027-01-01', openCents: 30_000 },
    { id: 'b-late-fee', kind: 'late_fee', dueOn: '2027-01-16', openCents: 3_000 },
    { id: 'c-interest', kind: 'interest', dueOn: '2027-02-01', openCents: 500 },
    { id: 'd-fine', kind: 'fine', dueOn: '2026-12-01', openCents: 10_000 },
    { id: 'e-assessment-new', kind: 'assessment', dueOn: '2027-03-01', openCents: 30_000 },
  ];
  const order = (jurisdiction: (typeof jurisdictionIds)[number], amount = 1_000_000) =>
    allocatePayment(amount, charges, jurisdiction, '2027-02-15').map((allocation) => allocation.chargeId);

  it('California pays assessments first, then fees, then interest (§5655)', () => {
    expect(order('CA')).toEqual([
      'a-assessment-old',
      'e-assessment-new',
      'd-fine',
      'b-late-fee',
      'c-interest',
      null,
    ]);
    expect(allocationOrderOf('CA').statute).toBe('Cal. Civ. Code §5655');
  });

  it('Florida pays interest, then late fees, then the assessment, whatever the payment says (§720.3085)', () => {
    expect(order('FL-720')).toEqual([
      'c-interest',
      'b-late-fee',
      'a-assessment-old',
      'e-assessment-new',
      'd-fine',
      null,
    ]);
  });

  it('Texas pays delinquent assessments, then current ones, and fines last but other amounts (§209.0063)', () => {
    expect(order('TX')).toEqual([
      'a-assessment-old',
      'e-assessment-new',
      'd-fine',
      'b-late-fee',
      'c-interest',
      null,
    ]);
  });

  it('elsewhere, as the documents say — oldest due first until they are set — and a partial payment stops short', () => {
    expect(order('none')).toEqual([
      'd-fine',
      'a-assessment-old',
      'b-late-fee',
      'c-interest',
      'e-assessment-new',
      null,
    ]);
    expect(allocationOrderOf('none').statute).toBeNull();
    expect(allocatePayment(35_000, charges, 'CA', '2027-02-15')).toEqual([
      { chargeId: 'a-assessment-old', amountCents: 30_000 },
      { chargeId: 'e-assessment-new', amountCents: 5_000 },
    ]);
  });

  it('refuses a payment that is not a positive whole number of cents', () => {
    expect(() => allocatePayment(0, charges, 'CA', '2027-02-15')).toThrow(RangeError);
    expect(() => allocatePayment(10.5, charges, 'CA', '2027-02-15')).toThrow(RangeError);
  });
});
