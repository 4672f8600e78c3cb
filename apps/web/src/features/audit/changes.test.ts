import { describe, expect, it } from 'vitest';
import { describeChanges, showValue } from './changes.ts';

describe('describeChanges', () => {
  it('shows a change as before → after, field by field, without ids and timestamps', () => {
    expect(
      describeChanges({
        action: 'update',
        changes: { status: ['new', 'completed'], vendor_id: [null, 'v1'], updated_at: ['a', 'b'] },
      }),
    ).toEqual(['status: new → completed', 'vendor id: — → v1']);
  });

  it('shows what a new record holds, and what a deleted one held', () => {
    expect(
      describeChanges({ action: 'insert', changes: { id: [null, 'u1'], label: [null, '14B'] } }),
    ).toEqual(['label: 14B']);
    expect(describeChanges({ action: 'delete', changes: { label: ['14B', null] } })).toEqual(['label: 14B']);
  });

  it("leaves a new record's empty fields out, and shows at most six of the rest", () => {
    const changes = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((field) => [field, [null, field.toUpperCase()]]),
    ) as Record<string, [unknown, unknown]>;
    changes.empty = [null, null];
    expect(describeChanges({ action: 'insert', changes })).toEqual([
      'a: A',
      'b: B',
      'c: C',
      'd: D',
      'e: E',
      'f: F',
      'and 2 more fields',
    ]);
  });

  it('shortens long values and writes structures as JSON', () => {
    expect(showValue('x'.repeat(200))).toHaveLength(80);
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue(false)).toBe('false');
  });
});
