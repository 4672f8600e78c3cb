import { describe, expect, it } from 'vitest';
import { jurisdictionIds } from '@commonwise/contracts';
import { decisionDueOf, noWindowSource, reviewWindowOf } from './review-window.ts';

/**
 * Where a decision's due date comes from (issue 22 item 1): the statute where the profile records one
 * for the project (California's solar 45 days), else the project type's window with its source in the
 * documents, else nothing made up.
 */

const type = (
  kind: 'fence' | 'solar',
  reviewDays: number | null,
  reviewDaysSource: string | null = null,
) => ({
  kind,
  reviewDays,
  reviewDaysSource,
});

describe('the review window', () => {
  it('uses the type’s window and its source', () => {
    expect(reviewWindowOf('TX', type('fence', 45, 'CC&Rs §7.3'))).toEqual({
      days: 45,
      source: '45 days — CC&Rs §7.3',
    });
  });

  it('uses California’s 45 days for solar whatever the type says, and the type elsewhere', () => {
    for (const days of [null, 30, 60])
      expect(reviewWindowOf('CA', type('solar', days, days ? 'CC&Rs §7.3' : null))).toEqual({
        days: 45,
        source: '45 days — Cal. Civ. Code §714(e)(2)(B)',
      });
    expect(reviewWindowOf('TX', type('solar', 30, 'CC&Rs §7.3')).source).toBe('30 days — CC&Rs §7.3');
    expect(reviewWindowOf('CA', type('fence', 30, 'CC&Rs §7.3')).source).toBe('30 days — CC&Rs §7.3');
  });

  it('makes up no number where neither the type nor the law gives one', () => {
    for (const jurisdiction of jurisdictionIds.filter((id) => id !== 'CA'))
      expect(reviewWindowOf(jurisdiction, type('solar', null))).toEqual({
        days: null,
        source: noWindowSource,
      });
    expect(decisionDueOf({ days: null, source: noWindowSource }, '2026-11-24')).toBeNull();
  });

  it('counts calendar days from the day it was complete', () => {
    expect(decisionDueOf({ days: 45, source: '' }, '2026-11-24')).toBe('2027-01-08');
    expect(decisionDueOf({ days: 30, source: '' }, '2027-02-15')).toBe('2027-03-17');
  });
});
