import { describe, expect, it } from 'vitest';
import { jurisdictionProfilesFile } from './profiles.ts';
import { jurisdictionIds, jurisdictionProfilesFileSchema, jurisdictionRuleKeys } from './rules.ts';

const { profiles } = jurisdictionProfilesFile;

describe('the jurisdiction profiles file', () => {
  it('matches its schema: every profile answers every rule, each known value with its statute and source', () => {
    const result = jurisdictionProfilesFileSchema.safeParse(jurisdictionProfilesFile);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('holds CA, FL-720, FL-718, TX and none, each under its own id', () => {
    expect(Object.keys(profiles).sort()).toEqual([...jurisdictionIds].sort());
    for (const id of jurisdictionIds) expect(profiles[id].id).toBe(id);
  });

  it('has no statutory value for "none"', () => {
    for (const key of jurisdictionRuleKeys) expect(profiles.none.rules[key]).toHaveProperty('unknown', true);
  });

  it('refuses a known value without a source, a missing rule, or an unknown id', () => {
    const ca = profiles.CA;
    const withoutSource = {
      ...jurisdictionProfilesFile,
      profiles: {
        ...profiles,
        CA: { ...ca, rules: { ...ca.rules, lateFee: { value: { cents: 1000, basisPoints: 1000 } } } },
      },
    };
    expect(jurisdictionProfilesFileSchema.safeParse(withoutSource).success).toBe(false);
    const { lateFee: _dropped, ...withoutLateFee } = ca.rules;
    const missingRule = {
      ...jurisdictionProfilesFile,
      profiles: { ...profiles, CA: { ...ca, rules: withoutLateFee } },
    };
    expect(jurisdictionProfilesFileSchema.safeParse(missingRule).success).toBe(false);
    const extraProfile = { ...jurisdictionProfilesFile, profiles: { ...profiles, NY: { ...ca, id: 'NY' } } };
    expect(jurisdictionProfilesFileSchema.safeParse(extraProfile).success).toBe(false);
  });

  it('refuses a value for "none" and an unknown rule without a note', () => {
    const none = profiles.none;
    const invented = {
      ...jurisdictionProfilesFile,
      profiles: {
        ...profiles,
        none: { ...none, rules: { ...none.rules, lateFee: profiles.CA.rules.lateFee } },
      },
    };
    expect(jurisdictionProfilesFileSchema.safeParse(invented).success).toBe(false);
    const silent = {
      ...jurisdictionProfilesFile,
      profiles: {
        ...profiles,
        TX: { ...profiles.TX, rules: { ...profiles.TX.rules, lateFee: { unknown: true } } },
      },
    };
    expect(jurisdictionProfilesFileSchema.safeParse(silent).success).toBe(false);
  });

  it('keeps the California late-fee cap and the Texas payment order as the state-law table gives them', () => {
    expect(profiles.CA.rules.lateFee).toMatchObject({
      value: { cents: 1000, basisPoints: 1000 },
      statute: 'Cal. Civ. Code §5650(b)',
      sourceUrl: 'https://self-law.org/code/ca/civil-code/5650',
      sourceQuality: 'S',
    });
    expect(profiles.TX.rules.lateFee).toHaveProperty('unknown', true);
    expect(profiles.TX.rules.paymentApplicationOrder).toMatchObject({ statute: 'Tex. Prop. Code §209.0063' });
  });
});
