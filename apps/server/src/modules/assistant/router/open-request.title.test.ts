import { describe, expect, it } from 'vitest';
import type { RequestState } from '@commonwise/contracts';
import { workOrderTitle } from './open-request.ts';

/** Issue 26 item 8: a work order's title names the problem and the place. */
const request = (fields: Partial<RequestState>): RequestState => ({
  isEmergency: false,
  asksForHuman: false,
  language: 'en',
  summary: '',
  description: [],
  ...fields,
});

describe('workOrderTitle', () => {
  it('names the problem, the room and the unit', () => {
    expect(
      workOrderTitle(request({ subcategory: 'leak', location: { kind: 'unit', detail: 'bathroom' } }), '14B'),
    ).toBe('Leak — bathroom, unit 14B');
    expect(workOrderTitle(request({ subcategory: 'leak' }), '14B')).toBe('Leak — unit 14B');
  });

  it('names a common area instead of the unit, and says an emergency first', () => {
    expect(
      workOrderTitle(
        request({ subcategory: 'pool', location: { kind: 'common_area', detail: 'pool' } }),
        '14B',
      ),
    ).toBe('Pool problem — pool');
    expect(workOrderTitle(request({ subcategory: 'gas_smell', isEmergency: true }), '3-402')).toMatch(
      /^EMERGENCY: .+ — unit 3-402$/,
    );
    expect(workOrderTitle(request({}), undefined)).toBe('Maintenance request');
  });
});
