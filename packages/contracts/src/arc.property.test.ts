import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeArcStatuses,
  arcDecisions,
  arcEvents,
  arcNextStatus,
  arcRequestStatuses,
  type ArcDecision,
  type ArcEvent,
  type ArcRequestStatus,
} from './arc.ts';

/**
 * The architectural request's state machine (issue 22 item 7): whatever happens, in any order, from any
 * status, a request only ever reaches a status of the list; a withdrawn or closed one stays so; a
 * decision is only taken on a request under review; nothing happens that the machine refuses.
 */

const runs = { numRuns: 2000 };
const status = fc.constantFrom<ArcRequestStatus>(...arcRequestStatuses);
const step = fc.record({
  event: fc.constantFrom<ArcEvent>(...arcEvents),
  decision: fc.option(fc.constantFrom<ArcDecision>(...arcDecisions), { nil: undefined }),
});
const steps = fc.array(step, { maxLength: 30 });

/** Walks the events, skipping those the machine refuses (the server answers them 409); returns each status. */
function walk(from: ArcRequestStatus, events: { event: ArcEvent; decision?: ArcDecision }[]) {
  const seen: { from: ArcRequestStatus; event: ArcEvent; to: ArcRequestStatus }[] = [];
  let current = from;
  for (const { event, decision } of events) {
    const next = arcNextStatus(current, event, decision);
    if (next === null) continue;
    seen.push({ from: current, event, to: next });
    current = next;
  }
  return { seen, last: current };
}

describe('the architectural request state machine', () => {
  it('never leaves the list of statuses, whatever the events', () => {
    fc.assert(
      fc.property(status, steps, (from, events) => {
        const { seen } = walk(from, events);
        for (const move of seen) expect(arcRequestStatuses).toContain(move.to);
      }),
      runs,
    );
  });

  it('keeps a withdrawn or closed request where it is', () => {
    fc.assert(
      fc.property(fc.constantFrom<ArcRequestStatus>('withdrawn', 'closed'), steps, (from, events) => {
        expect(walk(from, events)).toEqual({ seen: [], last: from });
      }),
      runs,
    );
  });

  it('decides only a request under review, and only with a decision', () => {
    fc.assert(
      fc.property(status, steps, (from, events) => {
        // Entering 'decided' (asking the board to reconsider keeps a decided request decided).
        for (const move of walk(from, events).seen.filter(
          (one) => one.to === 'decided' && one.from !== 'decided',
        ))
          expect(move).toMatchObject({ from: 'under_review', event: 'decide' });
      }),
      runs,
    );
    for (const from of arcRequestStatuses) expect(arcNextStatus(from, 'decide')).toBeNull();
  });

  it('withdraws only what is still before the association, never a decided request', () => {
    for (const from of arcRequestStatuses) {
      const next = arcNextStatus(from, 'withdraw');
      const expected = ['incomplete', 'under_review', 'more_information'].includes(from) ? 'withdrawn' : null;
      expect(next, from).toBe(expected);
    }
  });

  it('lets a revision keep the status, and only before a decision', () => {
    fc.assert(
      fc.property(status, (from) => {
        const next = arcNextStatus(from, 'revise');
        if (next !== null) {
          expect(next).toBe(from);
          expect(activeArcStatuses).toContain(from);
        }
      }),
      runs,
    );
  });

  it('reaches an inspection only through an approval, and closes only after one', () => {
    fc.assert(
      fc.property(status, steps, (from, events) => {
        for (const move of walk(from, events).seen) {
          if (move.to === 'pending_inspection') expect(move).toMatchObject({ from: 'decided' });
          if (move.to === 'closed') expect(move.from).toBe('pending_inspection');
        }
      }),
      runs,
    );
    expect(arcNextStatus('decided', 'report_completion', 'deny')).toBeNull();
  });

  it('reconsiders only a denial or an approval with conditions, and leaves it decided', () => {
    for (const from of arcRequestStatuses)
      for (const decision of arcDecisions) {
        const next = arcNextStatus(from, 'ask_reconsideration', decision);
        const expected = from === 'decided' && decision !== 'approve' ? 'decided' : null;
        expect({ from, decision, next }).toEqual({ from, decision, next: expected });
      }
    expect(arcNextStatus('decided', 'ask_reconsideration')).toBeNull();
  });
});
