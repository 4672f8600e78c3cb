import type { Availability, Booking, MyAmenity } from '@commonwise/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { AmenitiesPage } from './AmenitiesPage.tsx';

// Stripe's own form, as the page uses it: it is handed the page to come back to, and says when Stripe has
// the card (the finance feature's tests drive the real one).
const stripe = vi.hoisted(() => ({ returnPaths: [] as string[] }));
vi.mock('../../finance/index.ts', () => ({
  StripeConfirm: (props: { returnPath: string; submitLabel: string; onDone: () => void }) => {
    stripe.returnPaths.push(props.returnPath);
    return (
      <button type="button" onClick={props.onDone}>
        Stripe: {props.submitLabel}
      </button>
    );
  },
}));

const zone = 'America/Chicago';
const amenityId = '11111111-1111-4111-8111-111111111111';
const poolId = '66666666-6666-4666-8666-666666666666';
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

const pool: MyAmenity = {
  ...clubhouse,
  id: poolId,
  name: 'Pool',
  kind: 'pool',
  description: '',
  capacityMode: 'shared',
  capacity: 20,
  minMinutes: 60,
  maxMinutes: 180,
  approvalRequired: false,
  feeCents: 0,
  depositCents: 0,
  cancelFreeUntilMinutes: 0,
  lateCancelFeeCents: 0,
  limits: [],
};

const clock = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
/** One hour of Saturday, Dec 6, 2098 on Chicago's clock (UTC-6). */
const slot = (hour: number, status: Availability['slots'][number]['status'], taken = 0) => ({
  startsAt: new Date(Date.UTC(2098, 11, 6, hour + 6)).toISOString(),
  endsAt: new Date(Date.UTC(2098, 11, 6, hour + 7)).toISOString(),
  startsLocal: `2098-12-06T${String(hour).padStart(2, '0')}:00`,
  endsLocal: hour === 23 ? '2098-12-07T00:00' : `2098-12-06T${String(hour + 1).padStart(2, '0')}:00`,
  label: clock(hour),
  status,
  taken: status === 'free' ? taken : 1,
  capacity: 1,
  note: null,
});
/** The clubhouse's Saturday: 10 AM to 10 PM, 2 PM taken. */
const clubhouseDay = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21].map((hour) =>
  slot(hour, hour === 14 ? 'taken' : 'free'),
);

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
  paymentInProgress: false,
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
const paidPending = booking({
  status: 'pending',
  amountDueCents: 0,
  depositStatus: 'held',
  holdExpiresAt: null,
});

interface Server {
  amenities?: MyAmenity[];
  slots?: Availability['slots'];
  mine?: Booking[];
  /** The pay route's answer: the test provider's (paid at once) unless Stripe's is given. */
  payAnswer?: Booking & {
    confirmation: { provider: 'stripe'; clientSecret: string; publishableKey: string } | null;
  };
  /** What GET of the booking answers, one after another (the last one repeats). */
  reads?: Booking[];
  files?: Record<string, unknown[]>;
}

function renderPage(initialEntry = '/amenities', server: Server = {}) {
  let attempts = 0;
  const reads = [...(server.reads ?? [])];
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/me/amenities') return jsonResponse(200, { amenities: server.amenities ?? [clubhouse] });
    if (url.includes('/availability'))
      return jsonResponse(200, {
        amenityId,
        date: '2098-12-06',
        timeZone: zone,
        slots: server.slots ?? clubhouseDay,
      });
    if (url.startsWith('/api/me/amenity-bookings?')) {
      const mine = server.mine ?? [late];
      return jsonResponse(200, { bookings: mine, total: mine.length, page: 1, limit: 50 });
    }
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
      return jsonResponse(200, server.payAnswer ?? { ...paidPending, confirmation: null });
    if (url === `/api/me/amenity-bookings/${bookingId}` && method === 'GET')
      return jsonResponse(200, reads.length > 1 ? reads.shift() : reads[0]);
    const files = /^\/api\/me\/amenity-bookings\/([^/]+)\/attachments$/.exec(url);
    if (files) return jsonResponse(200, { attachments: server.files?.[files[1]!] ?? [] });
    if (url === `/api/me/amenity-bookings/${lateId}/cancel`)
      return jsonResponse(200, { ...late, status: 'cancelled', canCancel: false });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'test' } });
  });
  const rendered = renderWithRouter(<AmenitiesPage />, {
    user: makeUser('resident'),
    path: '/amenities',
    initialEntry,
  });
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && url === path);
  return { calls, router: rendered.router };
}

/** Picks 4 PM on the clubhouse's Saturday, accepts the rules and books it (the second try succeeds). */
async function bookFourPm(user: ReturnType<typeof userEvent.setup>) {
  const times = await screen.findByRole('group', { name: 'Start times' });
  await user.click(within(times).getByRole('button', { name: '4:00 PM' }));
  await user.click(screen.getByRole('checkbox', { name: /I accept the rules of Clubhouse/ }));
  await user.click(screen.getByRole('button', { name: 'Book 4:00 PM – 6:00 PM' }));
  expect(await screen.findByText(/Someone else has just booked Clubhouse/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Sat, Dec 6, 4:00 PM–6:00 PM' }));
  await user.click(screen.getByRole('button', { name: 'Book 4:00 PM – 6:00 PM' }));
  expect(await screen.findByText('Pay to keep this time')).toBeInTheDocument();
}

// Toasts live in one store for the whole file: each test starts with none shown or queued.
beforeEach(() => act(() => notifications.clean()));
afterEach(() => {
  vi.useRealTimers();
  stripe.returnPaths.length = 0;
});

describe('AmenitiesPage', () => {
  it('books the clubhouse: a taken time offers the next free one, then pay and get the .ics', async () => {
    const { calls } = renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/Fee \$50\.00\. Deposit \$250\.00/)).toBeInTheDocument();
    expect(screen.getByText(/Open 10:00 AM–10:00 PM on Sat/)).toBeInTheDocument();
    const times = await screen.findByRole('group', { name: 'Start times' });
    expect(within(times).getByRole('button', { name: /2:00 PM · taken/ })).toBeDisabled();
    await user.click(within(times).getByRole('button', { name: '10:00 AM' }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the rules of Clubhouse/ }));
    await user.click(screen.getByRole('button', { name: 'Book 10:00 AM – 12:00 PM' }));
    expect(await screen.findByText(/Someone else has just booked Clubhouse/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sat, Dec 6, 4:00 PM–6:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Book 4:00 PM – 6:00 PM' }));
    await waitFor(() => expect(calls('POST', '/api/me/amenity-bookings')).toHaveLength(2));
    expect(JSON.parse(calls('POST', '/api/me/amenity-bookings')[1]![1]!.body as string)).toMatchObject({
      amenityId,
      unitId,
      startsLocal: '2098-12-06T16:00',
      endsLocal: '2098-12-06T18:00',
      acceptRules: true,
    });
    expect(await screen.findByText('Pay to keep this time')).toBeInTheDocument();
    expect(screen.getByText(/held for you until 4:15 AM CST/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $300.00' }));
    expect(await screen.findByText('Booking requested')).toBeInTheDocument();
    expect(screen.getByText(/test payment. No money moves/)).toBeInTheDocument();
    expect(
      JSON.parse(calls('POST', `/api/me/amenity-bookings/${bookingId}/pay`)[0]![1]!.body as string),
    ).toMatchObject({ amountCents: 30000, method: 'card' });
    expect(
      screen
        .getAllByRole('link', { name: 'Add to calendar (.ics)' })
        .map((link) => link.getAttribute('href')),
    ).toContain(`/api/me/amenity-bookings/${bookingId}/calendar.ics`);
    expect(stripe.returnPaths).toEqual([]);
  });

  it('offers only the start times the whole chosen length fits', async () => {
    renderPage();
    const user = userEvent.setup();
    const times = await screen.findByRole('group', { name: 'Start times' });
    // Two hours: 9 PM runs past closing at 10 PM, 1 PM into the taken 2 PM.
    expect(within(times).getByRole('button', { name: '8:00 PM' })).toBeEnabled();
    expect(within(times).getByRole('button', { name: '9:00 PM' })).toBeDisabled();
    expect(within(times).getByRole('button', { name: '1:00 PM' })).toBeDisabled();
    expect(within(times).getByRole('button', { name: '12:00 PM' })).toBeEnabled();
    expect(screen.getByText(/only when the whole 2 h is free/)).toBeInTheDocument();
    await user.click(within(times).getByRole('button', { name: '8:00 PM' }));
    expect(screen.getByRole('button', { name: 'Book 8:00 PM – 10:00 PM' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Length' }));
    await user.click(await screen.findByRole('option', { name: '3 h' }));
    expect(within(times).getByRole('button', { name: '8:00 PM' })).toBeDisabled();
    expect(within(times).getByRole('button', { name: '12:00 PM' })).toBeDisabled();
    expect(within(times).getByRole('button', { name: '7:00 PM' })).toBeEnabled();
    // The 8 PM start no longer fits: nothing is chosen.
    expect(screen.getByRole('button', { name: 'Book' })).toBeDisabled();
  });

  it('keeps a shared amenity’s party within its capacity and the room left in each slot', async () => {
    const slots = [7, 8, 9].map((hour) => ({ ...slot(hour, 'free', hour === 8 ? 18 : 0), capacity: 20 }));
    renderPage('/amenities', { amenities: [pool], slots, mine: [] });
    const user = userEvent.setup();
    expect(await screen.findByText(/Free to book\./)).toBeInTheDocument();
    const people = screen.getByRole('textbox', { name: 'People' });
    await user.clear(people);
    await user.type(people, '25');
    expect(screen.getByText('Pool takes at most 20 people at a time')).toBeInTheDocument();
    await user.clear(people);
    await user.type(people, '3');
    const times = screen.getByRole('group', { name: 'Start times' });
    expect(within(times).getByRole('button', { name: '7:00 AM · 20 left' })).toBeEnabled();
    // 8 AM has 2 places left: not enough for 3.
    expect(within(times).getByRole('button', { name: '8:00 AM' })).toBeDisabled();
  });

  it('says a late cancellation posts a fee before it cancels', async () => {
    const { calls } = renderPage();
    const user = userEvent.setup();
    const mine = await screen.findByRole('list', { name: 'Coming up' });
    await user.click(within(mine).getByRole('button', { name: 'Cancel booking' }));
    expect(
      within(mine).getByText(/posts a late-cancellation fee of \$50\.00 to 14B's account/),
    ).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Cancel and pay $50.00' }));
    await waitFor(() => expect(calls('POST', `/api/me/amenity-bookings/${lateId}/cancel`)).toHaveLength(1));
    expect(
      JSON.parse(calls('POST', `/api/me/amenity-bookings/${lateId}/cancel`)[0]![1]!.body as string),
    ).toEqual({ acceptLateFee: true });
  });

  it('opens on the time the assistant drafted', async () => {
    renderPage(`/amenities?amenity=${amenityId}&start=2098-12-06T16:00&end=2098-12-06T18:00`);
    const times = await screen.findByRole('group', { name: 'Start times' });
    expect(within(times).getByRole('button', { name: '4:00 PM' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Book 4:00 PM – 6:00 PM' })).toBeDisabled();
  });

  it('pays with Stripe’s form, then waits for Stripe to confirm the booking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stripeAnswer = {
      ...booking({ paymentInProgress: true }),
      confirmation: { provider: 'stripe' as const, clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test' },
    };
    const { calls } = renderPage('/amenities', {
      payAnswer: stripeAnswer,
      reads: [booking({ paymentInProgress: true }), paidPending],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await bookFourPm(user);
    await user.click(screen.getByRole('button', { name: 'Pay $300.00' }));
    await user.click(await screen.findByRole('button', { name: 'Stripe: Pay $300.00' }));
    expect(stripe.returnPaths).toEqual([`/amenities?booking=${bookingId}`]);
    expect(
      await screen.findByText('Payment received by Stripe — confirming your booking…'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls('GET', `/api/me/amenity-bookings/${bookingId}`)).toHaveLength(1));
    expect(screen.queryByText('Booking requested')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Booking requested')).toBeInTheDocument();
    expect(calls('GET', `/api/me/amenity-bookings/${bookingId}`)).toHaveLength(2);
    // Stripe took a real card: no word of a demo.
    expect(screen.queryByText(/test payment/)).not.toBeInTheDocument();
  });

  it('says after a minute that the booking will update by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage('/amenities', {
      payAnswer: {
        ...booking({ paymentInProgress: true }),
        confirmation: { provider: 'stripe', clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test' },
      },
      reads: [booking({ paymentInProgress: true })],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await bookFourPm(user);
    await user.click(screen.getByRole('button', { name: 'Pay $300.00' }));
    await user.click(await screen.findByRole('button', { name: 'Stripe: Pay $300.00' }));
    expect(await screen.findByText(/confirming your booking/)).toBeInTheDocument();
    expect(screen.queryByText('This is taking longer than usual')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.getByText('This is taking longer than usual')).toBeInTheDocument();
    expect(screen.getByText(/updates by itself, and you will be notified/)).toBeInTheDocument();
  });

  it('waits for the payment when Stripe brings the booker back from their bank', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderPage(
      `/amenities?booking=${bookingId}&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=succeeded`,
      { reads: [booking({ paymentInProgress: true }), { ...paidPending, status: 'confirmed' }] },
    );
    expect(await screen.findByText(/confirming your booking/)).toBeInTheDocument();
    // The client secret does not stay in the address.
    await waitFor(() => expect(router.state.location.search).toBe(`?booking=${bookingId}`));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
  });

  it('lists bookings to come first, soonest first, then past ones, in plain words', async () => {
    const past = booking({
      id: '77777777-7777-4777-8777-777777777777',
      status: 'completed',
      startsAt: '2020-11-21T21:00:00.000Z',
      endsAt: '2020-11-22T01:00:00.000Z',
      amountDueCents: 0,
      holdExpiresAt: null,
      depositStatus: 'deducted',
      depositDeductedCents: 7500,
      depositReason: 'A broken table',
      canCancel: false,
    });
    const tookPlace = booking({
      id: '88888888-8888-4888-8888-888888888888',
      status: 'confirmed',
      amenityName: 'Pool',
      startsAt: '2021-06-05T15:00:00.000Z',
      endsAt: '2021-06-05T17:00:00.000Z',
      feeCents: 0,
      depositCents: 0,
      amountDueCents: 0,
      holdExpiresAt: null,
      canCancel: false,
    });
    const paying = booking({
      id: '99999999-9999-4999-8999-999999999999',
      paymentInProgress: true,
      startsAt: '2098-12-13T22:00:00.000Z',
      endsAt: '2098-12-14T00:00:00.000Z',
      holdExpiresAt: '2098-12-13T10:15:00.000Z',
    });
    const toPay = booking({
      startsAt: '2098-12-20T22:00:00.000Z',
      endsAt: '2098-12-21T00:00:00.000Z',
      holdExpiresAt: '2098-12-20T10:15:00.000Z',
    });
    renderPage('/amenities', {
      // As the server lists them: latest start first.
      mine: [toPay, paying, late, tookPlace, past],
      files: {
        [past.id]: [
          {
            id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
            kind: 'image',
            fileName: 'table.jpg',
            mimeType: 'image/jpeg',
            sizeBytes: 2048,
            width: 800,
            height: 600,
            url: '/files/f1',
            thumbnailUrl: '/files/f1/thumb',
            linksExpireAt: '2099-01-01T00:00:00.000Z',
            uploadedBy: { id: 'manager', fullName: 'Maria Lopez' },
            createdAt: '2020-11-23T10:00:00.000Z',
          },
        ],
      },
    });
    const upcoming = await screen.findByRole('list', { name: 'Coming up' });
    const cards = within(upcoming).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText(/^Clubhouse · /).textContent)).toEqual([
      'Clubhouse · Sun, Nov 30, 4:00 PM – 6:00 PM CST',
      'Clubhouse · Sat, Dec 13, 4:00 PM – 6:00 PM CST',
      'Clubhouse · Sat, Dec 20, 4:00 PM – 6:00 PM CST',
    ]);
    expect(
      within(cards[0]!).getByText(/Deposit \$250\.00 held, returned after the manager’s check/),
    ).toBeInTheDocument();
    expect(within(cards[0]!).queryByText(/\(held\)/)).not.toBeInTheDocument();
    // A card payment already started is taken up again, not started a second time.
    expect(within(cards[1]!).getByText(/A card payment was started for this booking/)).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Continue paying' })).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('button', { name: 'Pay $300.00' })).toBeInTheDocument();

    const earlier = screen.getByRole('list', { name: 'Past and cancelled' });
    const [pool, party] = within(earlier).getAllByRole('listitem');
    expect(within(pool!).getByText('Took place')).toBeInTheDocument();
    expect(within(pool!).getByText('14B · Free')).toBeInTheDocument();
    expect(within(pool!).queryByRole('link', { name: /Add to calendar/ })).not.toBeInTheDocument();
    expect(
      within(party!).getByText(/\$75\.00 of the \$250\.00 deposit kept, \$175\.00 returned/),
    ).toBeInTheDocument();
    expect(within(party!).getByText('Kept from the deposit for: A broken table')).toBeInTheDocument();
    expect(await within(party!).findByRole('button', { name: 'Open photo table.jpg' })).toBeInTheDocument();
  });
});
