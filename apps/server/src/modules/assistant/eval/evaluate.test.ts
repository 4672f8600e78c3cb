import { describe, expect, it } from 'vitest';
import { evaluateSplit, meetsTargets, targets } from './evaluate.ts';

describe('the built-in assistant on the held-out test set', () => {
  const report = evaluateSplit('test');

  it('meets issue 7 targets: intent ≥ 95%, category ≥ 90%, emergency recall 100% and precision ≥ 90%', () => {
    expect(report.intentAccuracy).toBeGreaterThanOrEqual(targets.intentAccuracy);
    expect(report.categoryAccuracy).toBeGreaterThanOrEqual(targets.categoryAccuracy);
    expect(report.emergencyRecall).toBe(1);
    expect(report.emergencyPrecision).toBeGreaterThanOrEqual(targets.emergencyPrecision);
    expect(meetsTargets(report)).toBe(true);
  });
});
