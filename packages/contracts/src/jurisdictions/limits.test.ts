import { describe, expect, it } from 'vitest';
import { effectiveLimit, JurisdictionRuleError, ruleOf } from './limits.ts';

describe('ruleOf', () => {
  it('returns a known rule with its statute and source', () => {
    expect(ruleOf('CA', 'hearingNoticeDays')).toMatchObject({ value: 10, statute: 'Cal. Civ. Code §5855' });
  });

  it('says when a value is unknown or left to the documents', () => {
    expect(ruleOf('TX', 'lateFee')).toMatchObject({ unknown: true });
    expect(ruleOf('TX', 'delinquentAfterDays')).toMatchObject({ documentDefined: true });
    expect(ruleOf('none', 'interestRate')).toMatchObject({ unknown: true });
  });
});

describe('effectiveLimit: documents may be stricter than the statute, never looser', () => {
  it('caps the California late fee at the greater of 10% of the installment or $10', () => {
    // 10% of $50.00 is $5.00: the $10 floor is the cap.
    expect(effectiveLimit('CA', 'lateFee', null, { installmentCents: 5000 }).value).toBe(1000);
    // 10% of $350.00 is $35.00.
    expect(effectiveLimit('CA', 'lateFee', null, { installmentCents: 35_000 }).value).toBe(3500);
    // 10% of $123.45 is $12.345: rounded down, never half a cent over the cap.
    expect(effectiveLimit('CA', 'lateFee', null, { installmentCents: 12_345 }).value).toBe(1234);
    expect(effectiveLimit('CA', 'lateFee', 3500, { installmentCents: 35_000 })).toMatchObject({
      value: 3500,
      setBy: 'documents',
    });
  });

  it('keeps the documents’ lower late fee and refuses a higher one, naming the rule and statute', () => {
    expect(effectiveLimit('CA', 'lateFee', 2500, { installmentCents: 35_000 })).toEqual({
      value: 2500,
      setBy: 'documents',
      statute: 'Cal. Civ. Code §5650(b)',
      note: expect.any(String),
    });
    const refuse = () => effectiveLimit('CA', 'lateFee', 3501, { installmentCents: 35_000 });
    expect(refuse).toThrow(JurisdictionRuleError);
    expect(refuse).toThrow('Late fee exceeds the cap (Cal. Civ. Code §5650(b))');
    try {
      refuse();
    } catch (error) {
      expect(error).toMatchObject({ code: 'LATE_FEE_EXCEEDS_CAP', rule: 'lateFee', limit: 3500 });
    }
  });

  it('needs the installment to work out a percentage cap', () => {
    expect(() => effectiveLimit('CA', 'lateFee', 1000)).toThrow(/installment/);
  });

  it('allows no Florida HOA late fee unless the documents provide one, and caps one they do', () => {
    expect(effectiveLimit('FL-720', 'lateFee', null, { installmentCents: 100_000 }).value).toBe(0);
    // Greater of $25 or 5% of $1,000.00 = $50.00.
    expect(effectiveLimit('FL-720', 'lateFee', 5000, { installmentCents: 100_000 }).value).toBe(5000);
    expect(() => effectiveLimit('FL-720', 'lateFee', 5001, { installmentCents: 100_000 })).toThrow(
      'Late fee exceeds the cap (Fla. Stat. ch. 720)',
    );
  });

  it('treats a notice period as a minimum: longer is stricter, shorter is refused', () => {
    expect(effectiveLimit('CA', 'hearingNoticeDays', 14)).toMatchObject({ value: 14, setBy: 'documents' });
    expect(effectiveLimit('CA', 'hearingNoticeDays')).toMatchObject({ value: 10, setBy: 'statute' });
    expect(() => effectiveLimit('CA', 'hearingNoticeDays', 7)).toThrow(
      'Hearing notice is shorter than the minimum (Cal. Civ. Code §5855)',
    );
  });

  it('treats fines, rates and deadlines as ceilings', () => {
    expect(() => effectiveLimit('CA', 'fineCapPerViolationCents', 15_000)).toThrow(
      'Fine exceeds the cap (Cal. Civ. Code §5850)',
    );
    expect(effectiveLimit('CA', 'interestRate', 1000).value).toBe(1000);
    expect(() => effectiveLimit('CA', 'interestRate', 1300)).toThrow('(Cal. Civ. Code §5650(b))');
    expect(() => effectiveLimit('TX', 'arcHearingHeldWithinDays', 45)).toThrow(
      'Architectural hearing is later than the deadline (Tex. Prop. Code §209.00505)',
    );
  });

  it('lets Florida HOA documents allow more than the aggregate fine cap, as the statute does', () => {
    expect(effectiveLimit('FL-720', 'fineCapAggregateCents')).toMatchObject({
      value: 100_000,
      setBy: 'statute',
    });
    expect(effectiveLimit('FL-720', 'fineCapAggregateCents', 250_000)).toMatchObject({ value: 250_000 });
    expect(() => effectiveLimit('FL-720', 'fineCapPerViolationCents', 15_000)).toThrow(
      'Fine exceeds the cap (Fla. Stat. §720.305)',
    );
  });

  it('says the statutory value is unknown rather than inventing one', () => {
    expect(effectiveLimit('TX', 'lateFee', 2500, { installmentCents: 10_000 })).toMatchObject({
      value: 2500,
      setBy: 'documents',
      statute: null,
    });
    expect(effectiveLimit('none', 'fineCapPerViolationCents')).toMatchObject({
      value: null,
      setBy: 'unknown',
    });
    expect(effectiveLimit('FL-718', 'interestRate').note).toMatch(/Not researched for condominiums/);
    expect(effectiveLimit('CA', 'arcDecisionDays')).toMatchObject({
      value: null,
      setBy: 'unknown',
      statute: 'Cal. Civ. Code §4765',
    });
  });

  it('refuses a negative or non-numeric association value', () => {
    expect(() => effectiveLimit('CA', 'hearingNoticeDays', -1)).toThrow(RangeError);
    expect(() => effectiveLimit('CA', 'hearingNoticeDays', Number.NaN)).toThrow(RangeError);
  });
});
