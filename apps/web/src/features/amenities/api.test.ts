import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/render.tsx';
import { bookingViewQueryOptions, formatClock, formatSpan } from './api.ts';

const propertyId = '55555555-5555-4555-8555-555555555555';

describe('the managers’ booking lists', () => {
  it('asks the server for one page of a view: it pages and filters', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { bookings: [], total: 0, page: 2, limit: 20 }));
    await new QueryClient().fetchQuery(bookingViewQueryOptions(propertyId, 'deposits', 2));
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://test');
    expect(url.pathname).toBe(`/api/properties/${propertyId}/amenity-bookings`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ view: 'deposits', page: '2', limit: '20' });
  });
});

describe('times on the amenity’s clock', () => {
  it('says a span in the amenity’s zone without seconds, naming both days when it runs over several', () => {
    expect(formatSpan('2098-12-06T20:00:00Z', '2098-12-07T00:00:00Z', 'America/Chicago')).toBe(
      'Sat, Dec 6, 2:00 PM – 6:00 PM CST',
    );
    expect(formatSpan('2098-12-06T20:00:00Z', '2098-12-08T16:00:00Z', 'America/Chicago')).toBe(
      'Sat, Dec 6, 2:00 PM – Mon, Dec 8, 10:00 AM CST',
    );
    // Until midnight is the same day.
    expect(formatSpan('2098-07-04T14:00:00Z', '2098-07-05T05:00:00Z', 'America/Chicago')).toBe(
      'Fri, Jul 4, 9:00 AM – 12:00 AM CDT',
    );
  });

  it('says a wall-clock time in 12 hours', () => {
    expect(['00:00', '09:30', '12:00', '22:00', '24:00', '2098-12-06T13:15'].map(formatClock)).toEqual([
      '12:00 AM',
      '9:30 AM',
      '12:00 PM',
      '10:00 PM',
      '12:00 AM',
      '1:15 PM',
    ]);
  });
});
