import type { Amenity, Booking } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ManageAmenitiesPage } from './ManageAmenitiesPage.tsx';

const propertyId = '55555555-5555-4555-8555-555555555555';
const amenityId = '11111111-1111-4111-8111-111111111111';
const pendingId = '33333333-3333-4333-8333-333333333333';
const pastId = '44444444-4444-4444-8444-444444444444';

const clubhouse: Amenity = {
  id: amenityId,
  propertyId,
  propertyName: 'Willow Creek Commons',
  name: 'Clubhouse',
  kind: 'clubhouse',
  description: '',
  timeZone: 'America/Chicago',
  capacityMode: 'exclusive',
  capacity: 1,
  slotMinutes: 60,
  minMinutes: 120,
  maxMinutes: 360,
  leadMinutes: 2880,
  advanceDays: 60,
  holdMinutes: 15,
  approvalRequired: true,
  feeCents: 5000,
  depositCents: 25000,
  cancelFreeUntilMinutes: 2880,
  lateCancelFeeCents: 5000,
  eligibleKinds: ['owner', 'owner_occupant', 'tenant'],
  blockDelinquent: false,
  active: true,
  hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '10:00', closes: '22:00' })),
  limits: [{ per: 'unit', period: 'month', max: 2 }],
  blackouts: [],
};

const booking = (id: string, overrides: Partial<Booking>): Booking => ({
  id,
  amenityId,
  amenityName: 'Clubhouse',
  propertyId,
  propertyName: 'Willow Creek Commons',
  timeZone: 'America/Chicago',
  unitId: '22222222-2222-4222-8222-222222222222',
  unitLabel: '7A',
  personId: 'beatrice',
  personName: 'Beatrice Hall',
  startsAt: '2098-12-06T20:00:00.000Z',
  endsAt: '2098-12-07T00:00:00.000Z',
  startsLocal: '2098-12-06T14:00',
  endsLocal: '2098-12-06T18:00',
  headcount: 30,
  status: 'pending',
  holdExpiresAt: null,
  feeCents: 5000,
  depositCents: 25000,
  amountDueCents: 0,
  depositStatus: 'held',
  depositDeductedCents: 0,
  depositReason: null,
  declineReason: null,
  cancelReason: null,
  cancelFreeUntil: '2098-12-04T20:00:00.000Z',
  lateCancelFeeCents: 5000,
  isLateToCancel: false,
  canCancel: true,
  lateFeeChargeId: null,
  createdAt: '2098-12-01T10:00:00.000Z',
  ...overrides,
});

function renderPage() {
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/properties?'))
      return jsonResponse(200, {
        properties: [{ id: propertyId, name: 'Willow Creek Commons' }],
        total: 1,
        page: 1,
        limit: 100,
      });
    if (url.includes('/amenity-bookings?') && url.includes('status=pending'))
      return jsonResponse(200, { bookings: [booking(pendingId, {})], total: 1, page: 1, limit: 100 });
    if (url.includes('/amenity-bookings?') && url.includes('status=confirmed'))
      return jsonResponse(200, {
        bookings: [
          booking(pastId, {
            status: 'confirmed',
            unitLabel: '14B',
            personName: 'Ryan Chen',
            startsAt: '2020-11-21T21:00:00.000Z',
            endsAt: '2020-11-22T01:00:00.000Z',
          }),
        ],
        total: 1,
        page: 1,
        limit: 100,
      });
    if (url === `/api/properties/${propertyId}/amenities` && method === 'GET')
      return jsonResponse(200, { amenities: [clubhouse] });
    if (method === 'POST' || method === 'PUT') return jsonResponse(200, clubhouse);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'test' } });
  });
  renderWithRouter(<ManageAmenitiesPage />, { user: makeUser('manager'), path: '/community/amenities' });
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => init?.method === method && url === path);
  return { sent };
}

describe('ManageAmenitiesPage', () => {
  it('approves a pending booking and keeps part of a deposit with its reason', async () => {
    const { sent } = renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/Beatrice Hall for 7A · 30 people/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(
        sent('POST', `/api/properties/${propertyId}/amenity-bookings/${pendingId}/approve`),
      ).toHaveLength(1),
    );
    const settle = (await screen.findByText(/Ryan Chen for 14B/)).closest(
      '.mantine-Card-root',
    ) as HTMLElement;
    await user.type(within(settle).getByRole('textbox', { name: 'Keep ($)' }), '75');
    await user.type(within(settle).getByRole('textbox', { name: 'What for' }), 'A broken table');
    await user.click(within(settle).getByRole('button', { name: 'Deduct' }));
    await waitFor(() =>
      expect(sent('POST', `/api/properties/${propertyId}/amenity-bookings/${pastId}/deposit`)).toHaveLength(
        1,
      ),
    );
    expect(
      JSON.parse(
        sent('POST', `/api/properties/${propertyId}/amenity-bookings/${pastId}/deposit`)[0]![1]!
          .body as string,
      ),
    ).toEqual({ action: 'deduct', deductionCents: 7500, reason: 'A broken table' });
  });

  it('edits an amenity’s rules', async () => {
    const { sent } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Amenities and rules' }));
    await user.click(await screen.findByRole('button', { name: 'Edit rules' }));
    const limit = screen.getByRole('textbox', { name: 'Bookings per unit per month (0: no limit)' });
    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() =>
      expect(sent('PUT', `/api/properties/${propertyId}/amenities/${amenityId}`)).toHaveLength(1),
    );
    const body = JSON.parse(
      sent('PUT', `/api/properties/${propertyId}/amenities/${amenityId}`)[0]![1]!.body as string,
    );
    expect(body).toMatchObject({
      name: 'Clubhouse',
      feeCents: 5000,
      limits: [{ per: 'unit', period: 'month', max: 3 }],
    });
  });
});
