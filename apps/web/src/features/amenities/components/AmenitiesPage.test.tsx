import type { Availability, Booking, MyAmenity } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { AmenitiesPage } from './AmenitiesPage.tsx';

const zone = 'America/Chicago';
const amenityId = '11111111-1111-4111-8111-111111111111';
const unitId = '22222222-2222-4222-8222-222222222222';
const bookingId = '33333333-3333-4333-8333-333333333333';
const lateId = '44444444-4444-4444-8444-444444444444';

const clubhouse: MyAmenity = {
  id: amenityId,
  propertyId: '55555555-5555-4555-8555-555555555555',
  propertyName: 'Willow Creek Commons',
  name: 'Clubhouse',
  kind: 'clubhouse',
  description: 'Kitchen and terrace.',
  timeZone: zone,
  capacityMode: 'exclusive',
  capacity: 1,
  slotMinutes: 60,
  minMinutes: 120,
  maxMinutes: 360,
  leadMinutes: 0,
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
  hours: [6].map((weekday) => ({ weekday, opens: '10:00', closes: '22:00' })),
  limits: [{ per: 'unit', period: 'month', max: 2 }],
  blackouts: [],
  homes: [{ unitId, unitLabel: '14B', canBook: true, reason: null }],
};

const slot = (hour: number, status: Availability['slots'][number]['status']) => ({
  startsAt: `2098-12-06T${String(hour + 6).padStart(2, '0')}:00:00Z`,
  endsAt: `2098-12-06T${String(hour + 7).padStart(2, '0')}:00:00Z`,
  startsLocal: `2098-12-06T${String(hour).padStart(2, '0')}:00`,
  endsLocal: `2098-12-06T${String(hour + 1).padStart(2, '0')}:00`,
  label: `${hour > 12 ? hour - 12 : hour}:00 ${hour < 12 ? 'AM' : 'PM'}`,
  status,
  taken: status === 'free' ? 0 : 1,
  capacity: 1,
  note: null,
});

const booking = (overrides: Partial<Booking>): Booking => ({
  id: bookingId,
  amenityId,
  amenityName: 'Clubhouse',
  propertyId: clubhouse.propertyId,
  propertyName: 'Willow Creek Commons',
  timeZone: zone,
  unitId,
  unitLabel: '14B',
  personId: 'ryan',
  personName: 'Ryan Chen',
  startsAt: '2098-12-06T22:00:00.000Z',
  endsAt: '2098-12-07T00:00:00.000Z',
  startsLocal: '2098-12-06T16:00',
  endsLocal: '2098-12-06T18:00',
  headcount: 1,
  status: 'held',
  holdExpiresAt: '2098-12-01T10:15:00.000Z',
  feeCents: 5000,
  depositCents: 25000,
  amountDueCents: 30000,
  depositStatus: 'none',
  depositDeductedCents: 0,
  depositReason: null,
  declineReason: null,
  cancelReason: null,
  cancelFreeUntil: '2098-12-04T22:00:00.000Z',
  lateCancelFeeCents: 5000,
  isLateToCancel: false,
  canCancel: true,
  lateFeeChargeId: null,
  createdAt: '2098-12-01T10:00:00.000Z',
  ...overrides,
});

function renderPage(initialEntry = '/amenities') {
  let attempts = 0;
  const late = booking({
    id: lateId,
    status: 'confirmed',
    holdExpiresAt: null,
    amountDueCents: 0,
    depositStatus: 'held',
    isLateToCancel: true,
    startsAt: '2098-11-30T22:00:00.000Z',
    endsAt: '2098-12-01T00:00:00.000Z',
  });
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/me/amenities') return jsonResponse(200, { amenities: [clubhouse] });
    if (url.startsWith(`/api/me/amenities/${amenityId}/availability`))
      return jsonResponse(200, {
        amenityId,
        date: '2098-12-06',
        timeZone: zone,
        slots: [slot(10, 'free'), slot(11, 'free'), slot(14, 'taken'), slot(16, 'free')],
      });
    if (url.startsWith('/api/me/amenity-bookings?'))
      return jsonResponse(200, { bookings: [late], total: 1, page: 1, limit: 50 });
    if (url === '/api/me/amenity-bookings' && method === 'POST') {
      attempts += 1;
      if (attempts === 1)
        return jsonResponse(409, {
          error: {
            code: 'SLOT_TAKEN',
            message:
              'Someone else has just booked Clubhouse for that time. The next free time is Sat, Dec 6, 4:00 PM–6:00 PM.',
            alternatives: [
              {
                label: 'Sat, Dec 6, 4:00 PM–6:00 PM',
                startsLocal: '2098-12-06T16:00',
                endsLocal: '2098-12-06T18:00',
                startsAt: '2098-12-06T22:00:00Z',
                endsAt: '2098-12-07T00:00:00Z',
              },
            ],
            requestId: 'test',
          },
        });
      return jsonResponse(201, booking({}));
    }
    if (url === `/api/me/amenity-bookings/${bookingId}/pay`)
      return jsonResponse(
        200,
        booking({ status: 'pending', amountDueCents: 0, depositStatus: 'held', holdExpiresAt: null }),
      );
    if (url === `/api/me/amenity-bookings/${lateId}/cancel`)
      return jsonResponse(200, { ...late, status: 'cancelled', canCancel: false });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'test' } });
  });
  renderWithRouter(<AmenitiesPage />, { user: makeUser('resident'), path: '/amenities', initialEntry });
  const posts = (path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url === path);
  return { posts };
}

describe('AmenitiesPage', () => {
  it('books the clubhouse: a taken time offers the next free one, then pay and get the .ics', async () => {
    const { posts } = renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/Fee \$50\.00\. Deposit \$250\.00/)).toBeInTheDocument();
    const times = await screen.findByRole('group', { name: 'Start times' });
    expect(within(times).getByRole('button', { name: /2:00 PM · taken/ })).toBeDisabled();
    await user.click(within(times).getByRole('button', { name: '10:00 AM' }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the rules of Clubhouse/ }));
    await user.click(screen.getByRole('button', { name: 'Book 10:00–12:00' }));
    expect(await screen.findByText(/Someone else has just booked Clubhouse/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sat, Dec 6, 4:00 PM–6:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Book 16:00–18:00' }));
    await waitFor(() => expect(posts('/api/me/amenity-bookings')).toHaveLength(2));
    expect(JSON.parse(posts('/api/me/amenity-bookings')[1]![1]!.body as string)).toMatchObject({
      amenityId,
      unitId,
      startsLocal: '2098-12-06T16:00',
      endsLocal: '2098-12-06T18:00',
      acceptRules: true,
    });
    expect(await screen.findByText('Pay to keep this time')).toBeInTheDocument();
    expect(screen.getByText(/No money moves/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $300.00' }));
    expect(await screen.findByText('Booking requested')).toBeInTheDocument();
    expect(
      JSON.parse(posts(`/api/me/amenity-bookings/${bookingId}/pay`)[0]![1]!.body as string),
    ).toMatchObject({
      amountCents: 30000,
      method: 'card',
    });
    expect(
      screen
        .getAllByRole('link', { name: 'Add to calendar (.ics)' })
        .map((link) => link.getAttribute('href')),
    ).toContain(`/api/me/amenity-bookings/${bookingId}/calendar.ics`);
  });

  it('says a late cancellation posts a fee before it cancels', async () => {
    const { posts } = renderPage();
    const user = userEvent.setup();
    const mine = await screen.findByRole('list', { name: 'My bookings' });
    await user.click(within(mine).getByRole('button', { name: 'Cancel booking' }));
    expect(
      within(mine).getByText(/posts a late-cancellation fee of \$50\.00 to 14B's account/),
    ).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Cancel and pay $50.00' }));
    await waitFor(() => expect(posts(`/api/me/amenity-bookings/${lateId}/cancel`)).toHaveLength(1));
    expect(JSON.parse(posts(`/api/me/amenity-bookings/${lateId}/cancel`)[0]![1]!.body as string)).toEqual({
      acceptLateFee: true,
    });
  });

  it('opens on the time the assistant drafted', async () => {
    renderPage(`/amenities?amenity=${amenityId}&start=2098-12-06T16:00&end=2098-12-06T18:00`);
    const times = await screen.findByRole('group', { name: 'Start times' });
    expect(within(times).getByRole('button', { name: '4:00 PM' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Book 16:00–18:00' })).toBeDisabled();
  });
});
