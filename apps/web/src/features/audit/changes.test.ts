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

  it('shortens long values and writes structures as JSON', () => {
    expect(showValue('x'.repeat(200))).toHaveLength(80);
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue(false)).toBe('false');
  });
});
