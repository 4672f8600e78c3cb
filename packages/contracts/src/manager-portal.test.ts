import { describe, expect, it } from 'vitest';
import { computePropertyHealth } from './manager-portal.ts';

describe('property health', () => {
  it('averages the share of required documents with the work order score', () => {
    expect(
      computePropertyHealth({ requiredPresent: 4, requiredTotal: 4, openWorkOrders: 0, units: 10 }),
    ).toEqual({ documentsScore: 1, workOrdersScore: 1, score: 100 });
    // 2 of 4 documents; 1 open over 20 units = 0.05 per unit: half of the 0.1 limit.
    expect(
      computePropertyHealth({ requiredPresent: 2, requiredTotal: 4, openWorkOrders: 1, units: 20 }),
    ).toEqual({ documentsScore: 0.5, workOrdersScore: 0.5, score: 50 });
  });

  it('scores work orders 0 at one open per 10 units or more, never below', () => {
    expect(
      computePropertyHealth({ requiredPresent: 1, requiredTotal: 4, openWorkOrders: 1, units: 10 }).score,
    ).toBe(13);
    expect(
      computePropertyHealth({ requiredPresent: 4, requiredTotal: 4, openWorkOrders: 9, units: 10 }),
    ).toEqual({
      documentsScore: 1,
      workOrdersScore: 0,
      score: 50,
    });
  });

  it('gives no score, rather than an alarming 0%, while none of the required documents is on file', () => {
    expect(
      computePropertyHealth({ requiredPresent: 0, requiredTotal: 4, openWorkOrders: 1, units: 10 }).score,
    ).toBeNull();
    expect(
      computePropertyHealth({ requiredPresent: 0, requiredTotal: 4, openWorkOrders: 0, units: 10 }).score,
    ).toBeNull();
  });
});
