import { handoverProjection } from '@commonwise/contracts';
import { describe, expect, it } from 'vitest';
import { monthLabel, paceText, projectionText, shortMonthLabel } from './labels.ts';

const withProjection = (input: Parameters<typeof handoverProjection>[0]) => ({
  handoverThresholdBp: input.thresholdBp,
  projection: handoverProjection(input),
});

describe('projectionText', () => {
  it('asks for the threshold before it projects anything', () => {
    expect(projectionText({ handoverThresholdBp: null, projection: null })).toBe(
      'Set the hand-over threshold from the governing documents to see how far away the hand-over is.',
    );
  });

  it('says the pace, the closings still needed and the months at that pace', () => {
    // 75% of 20 is 15; 4 closed, 11 to go; 9 closings in 6 months is 1.5 a month: 11 ÷ 1.5 → 8 months.
    const project = withProjection({
      totalUnits: 20,
      closedUnits: 4,
      thresholdBp: 7500,
      recentMonthlyClosings: [1, 2, 1, 2, 1, 2],
    });
    expect(projectionText(project)).toBe(
      'At the recent pace of 1.5 closings a month, 11 more closings reach the threshold in about 8 months.',
    );
  });

  it('speaks of one closing and one month in the singular', () => {
    const project = withProjection({
      totalUnits: 10,
      closedUnits: 4,
      thresholdBp: 5000,
      recentMonthlyClosings: [1, 1, 1, 1, 1, 1],
    });
    expect(projectionText(project)).toBe(
      'At the recent pace of 1 closing a month, 1 more closing reaches the threshold in about 1 month.',
    );
  });

  it('never invents a date when there were no recent closings', () => {
    const project = withProjection({
      totalUnits: 20,
      closedUnits: 2,
      thresholdBp: 7500,
      recentMonthlyClosings: [0, 0, 0, 0, 0, 0],
    });
    const text = projectionText(project);
    expect(text).toBe(
      'No closings in the last 6 months, so there is no projection yet. 13 more closings reach the threshold.',
    );
    expect(text).not.toMatch(/month[s]? (from now|away)|about/);
  });

  it('says when the threshold is reached', () => {
    const project = withProjection({
      totalUnits: 20,
      closedUnits: 16,
      thresholdBp: 7500,
      recentMonthlyClosings: [0, 0, 0, 0, 0, 0],
    });
    expect(projectionText(project)).toBe(
      'Threshold reached: at least 15 units (75%) are conveyed to their owners.',
    );
  });
});

describe('paceText', () => {
  it('rounds the pace to a tenth, and keeps a small pace from reading as none', () => {
    expect(paceText(1 / 6)).toBe('0.2 closings a month');
    expect(paceText(2)).toBe('2 closings a month');
    expect(paceText(0.04)).toBe('0.04 closings a month');
  });
});

describe('monthLabel', () => {
  it('names a calendar month without shifting it by a time zone', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2026-12')).toBe('Dec 2026');
    expect(shortMonthLabel('2026-11')).toBe('Nov');
  });
});
