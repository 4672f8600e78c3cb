import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisPointsMax,
  handoverProjection,
  unitSalesEvents,
  unitSalesEventsFrom,
  unitSalesNext,
  unitSalesStatuses,
  type UnitSalesEvent,
  type UnitSalesStatus,
} from './projects.ts';

/**
 * Issue 25 item 7: the sales state machine of a lot or unit and the projection to the hand-over threshold,
 * as random runs against what the issue says.
 *
 * > planned → under construction → available → under contract → closed; a contract may fall through
 * > (back to available); a unit is closed once. The projection is a simple one from the recent pace.
 */

const runs = { numRuns: 2000 };
const status = fc.constantFrom<UnitSalesStatus>(...unitSalesStatuses);
const events = fc.array(fc.constantFrom<UnitSalesEvent>(...unitSalesEvents), { maxLength: 40 });
const order = (value: UnitSalesStatus) => unitSalesStatuses.indexOf(value);

function walk(from: UnitSalesStatus, steps: UnitSalesEvent[]) {
  const seen: { from: UnitSalesStatus; event: UnitSalesEvent; to: UnitSalesStatus }[] = [];
  let current = from;
  for (const event of steps) {
    const next = unitSalesNext(current, event);
    if (next === null) continue;
    seen.push({ from: current, event, to: next });
    current = next;
  }
  return { seen, last: current };
}

describe('the sales state machine', () => {
  it('moves one step forward at a time, and back only when a contract falls through', () => {
    fc.assert(
      fc.property(status, events, (from, steps) => {
        for (const { from: before, event, to } of walk(from, steps).seen) {
          if (event === 'cancel_contract') {
            expect([before, to]).toEqual(['under_contract', 'available']);
          } else {
            expect(order(to)).toBe(order(before) + 1);
          }
        }
      }),
      runs,
    );
  });

  it('never leaves closed, and closes a unit at most once whatever happens', () => {
    fc.assert(
      fc.property(status, events, (from, steps) => {
        const { seen, last } = walk(from, steps);
        const closings = seen.filter(({ to }) => to === 'closed').length;
        expect(closings).toBeLessThanOrEqual(from === 'closed' ? 0 : 1);
        if (from === 'closed') expect(seen).toEqual([]);
        if (closings === 1) expect(last).toBe('closed');
      }),
      runs,
    );
  });

  it('closes only what is under contract, and offers exactly the events it takes', () => {
    fc.assert(
      fc.property(status, fc.constantFrom<UnitSalesEvent>(...unitSalesEvents), (from, event) => {
        const next = unitSalesNext(from, event);
        if (next === 'closed') expect(from).toBe('under_contract');
        expect(unitSalesEventsFrom(from).includes(event)).toBe(next !== null);
      }),
      runs,
    );
  });

  it('reaches closed from planned by the usual path', () => {
    const { last } = walk('planned', ['start_construction', 'release', 'sign_contract', 'close']);
    expect(last).toBe('closed');
  });
});

const projectionInput = fc
  .record({
    total: fc.integer({ min: 0, max: 5_000 }),
    closedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    thresholdBp: fc.integer({ min: 1, max: basisPointsMax }),
    months: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }),
  })
  .map(({ total, closedShare, thresholdBp, months }) => ({
    totalUnits: total,
    closedUnits: Math.floor(total * closedShare),
    thresholdBp,
    recentMonthlyClosings: months,
  }));

describe('the projection to the hand-over threshold', () => {
  it('needs the threshold’s share of the units, rounded up, and is reached exactly when that many closed', () => {
    fc.assert(
      fc.property(projectionInput, (input) => {
        const projection = handoverProjection(input);
        expect(projection.thresholdUnits * basisPointsMax).toBeGreaterThanOrEqual(
          input.totalUnits * input.thresholdBp,
        );
        expect((projection.thresholdUnits - 1) * basisPointsMax).toBeLessThan(
          input.totalUnits * input.thresholdBp,
        );
        expect(projection.isReached).toBe(input.closedUnits >= projection.thresholdUnits);
        expect(projection.remainingUnits).toBe(Math.max(0, projection.thresholdUnits - input.closedUnits));
      }),
      runs,
    );
  });

  it('never invents a date: no recent closings and not reached gives no projection', () => {
    fc.assert(
      fc.property(projectionInput, (input) => {
        const projection = handoverProjection(input);
        const closings = input.recentMonthlyClosings.reduce((sum, count) => sum + count, 0);
        if (projection.isReached) expect(projection.monthsToThreshold).toBe(0);
        else if (closings === 0) expect(projection.monthsToThreshold).toBeNull();
        else {
          // Enough months at the pace to cover what remains, and one fewer is not.
          const months = projection.monthsToThreshold!;
          expect(months * projection.pacePerMonth).toBeGreaterThanOrEqual(projection.remainingUnits - 1e-9);
          expect((months - 1) * projection.pacePerMonth).toBeLessThan(projection.remainingUnits);
        }
      }),
      runs,
    );
  });

  it('comes no later with one more closing, and no later at a faster pace', () => {
    fc.assert(
      fc.property(projectionInput, (input) => {
        const before = handoverProjection(input);
        if (input.closedUnits >= input.totalUnits) return;
        const oneMore = handoverProjection({ ...input, closedUnits: input.closedUnits + 1 });
        const faster = handoverProjection({
          ...input,
          recentMonthlyClosings: [...input.recentMonthlyClosings.slice(1), 40],
        });
        if (before.monthsToThreshold !== null) {
          expect(oneMore.monthsToThreshold).not.toBeNull();
          expect(oneMore.monthsToThreshold!).toBeLessThanOrEqual(before.monthsToThreshold);
        }
        if (before.monthsToThreshold !== null && input.recentMonthlyClosings.length > 0)
          expect(faster.monthsToThreshold!).toBeLessThanOrEqual(before.monthsToThreshold);
      }),
      runs,
    );
  });

  it('answers the issue’s example: 20 lots, 5 closed, 75% to hand over, 2 a month', () => {
    expect(
      handoverProjection({
        totalUnits: 20,
        closedUnits: 5,
        thresholdBp: 7_500,
        recentMonthlyClosings: [1, 2, 3],
      }),
    ).toEqual({
      thresholdUnits: 15,
      remainingUnits: 10,
      isReached: false,
      pacePerMonth: 2,
      monthsToThreshold: 5,
    });
  });
});
