import { describe, expect, it } from 'vitest';
import { describeScore, loadEvalSet, scoreItems } from './score.ts';

/**
 * How well the file reader (measurements.ts) generalises. heldout.json (53 snippets) was written before
 * the reader existed and never tuned on; heldout-2.json (31) was written after heldout.json had been used
 * to find bugs, to keep one clean measurement. Neither is edited after its first run; a failure is fixed
 * by a general rule, not by changing the example. dev.json is the set the reader may be tuned on.
 *
 * First runs (recorded before any change prompted by the set):
 *   heldout.json    50/53 (94%) — fence 24/25, paint 5/6, pergola 4/4, setback 5/5, shed 7/8, solar 5/5.
 *                   Misses led to three general fixes: a thing in a place phrase ("in front yard, 6'") was
 *                   taken as the value's owner; a sibling's measure was judged with this field's unit;
 *                   a field's own distinguishing words dropped object words ("door") and kept spelling
 *                   variants of its measure ("color").
 *   heldout-2.json  27/31 (87%) — fence 11/14, paint 4/4, pergola 3/3, setback 3/3, shed 3/3, solar 3/4.
 *                   Misses led to two general fixes: a panel rating after "N x <name>" or before "=" is one
 *                   panel's, and a material named on its own ("We'd like aluminum") is read for a material
 *                   field unless it modifies another thing. Still missed: a bare 72" on a drawing (k29).
 *   dev.json        45 snippets; still missed: a lone 6' with none of the field's words near (d44).
 *
 * The floors are the first-run scores (rounded down): the reader never falls below what it read before
 * either held-out set had been seen, and a regression of more than a few snippets fails.
 */
const floors = { heldout: 0.94, 'heldout-2': 0.87, dev: 0.95 } as const;

describe('reading values from request files', () => {
  for (const [name, floor] of Object.entries(floors)) {
    it(`reads ${name}.json at ${Math.round(floor * 100)}% or better`, () => {
      const score = scoreItems(loadEvalSet(name));
      console.info(describeScore(name, score));
      expect(score.total).toBeGreaterThanOrEqual(name === 'heldout' ? 40 : 20);
      expect(score.correct / score.total).toBeGreaterThanOrEqual(floor);
    });
  }
});
