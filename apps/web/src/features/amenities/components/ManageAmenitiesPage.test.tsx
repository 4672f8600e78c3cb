import type { Amenity, Booking } from '@commonwise/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ManageAmenitiesPage } from './ManageAmenitiesPage.tsx';

const propertyId = '55555555-5555-4555-8555-555555555555';
const amenityId = '11111111-1111-4111-8111-111111111111';
const pendingId = '33333333-3333-4333-8333-333333333333';
const pastId = '44444444-4444-4444-8444-444444444444';
const soonId = '66666666-6666-4666-8666-666666666666';
const laterId = '77777777-7777-4777-8777-777777777777';
const closureId = '88888888-8888-4888-8888-888888888888';
const base = `/api/properties/${propertyId}`;

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
  paymentInProgress: false,
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

const pending = booking(pendingId, {});
const past = booking(pastId, {
  status: 'confirmed',
  unitLabel: '14B',
  personName: 'Ryan Chen',
  startsAt: '2020-11-21T21:00:00.000Z',
  endsAt: '2020-11-22T01:00:00.000Z',
});
const soon = booking(soonId, {
  status: 'confirmed',
  amenityName: 'Pool',
  unitLabel: '3C',
  personName: 'Ana Ortiz',
  headcount: 4,
  feeCents: 0,
  depositCents: 0,
  depositStatus: 'none',
  startsAt: '2098-12-05T16:00:00.000Z',
  endsAt: '2098-12-05T18:00:00.000Z',
});
const later = booking(laterId, {
  status: 'held',
  unitLabel: '9D',
  personName: 'Sam Lee',
  amountDueCents: 30000,
  depositStatus: 'none',
  holdExpiresAt: '2098-12-01T10:15:00.000Z',
  startsAt: '2098-12-20T20:00:00.000Z',
  endsAt: '2098-12-21T00:00:00.000Z',
});

// The description box grows with its text (Mantine's autosize listens to document.fonts).
beforeAll(stubDocumentFonts);
// Toasts live in one store for the whole file: each test starts with none shown or queued.
beforeEach(() => act(() => notifications.clean()));

type Handler = (url: string, method: string, body: unknown) => Response | undefined;

function renderPage(override?: Handler) {
  let amenity = clubhouse;
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(init.body as string) as unknown) : undefined;
    const answer = override?.(url, method, body);
    if (answer) return answer;
    if (url.startsWith('/api/properties?'))
      return jsonResponse(200, {
        properties: [{ id: propertyId, name: 'Willow Creek Commons' }],
        total: 1,
        page: 1,
        limit: 100,
      });
    if (url.includes('/amenity-bookings?') && url.includes('status=pending'))
      return jsonResponse(200, { bookings: [pending], total: 1, page: 1, limit: 20 });
    if (url.includes('/amenity-bookings?') && url.includes('view=deposits'))
      return jsonResponse(200, { bookings: [past], total: 1, page: 1, limit: 20 });
    if (url.includes('/amenity-bookings?') && url.includes('view=upcoming'))
      // The server's filter: held, pending and confirmed ones not yet ended, soonest first.
      return jsonResponse(200, { bookings: [soon, pending, later], total: 3, page: 1, limit: 20 });
    if (url.endsWith('/attachments')) return jsonResponse(200, { attachments: [] });
    if (url === `${base}/amenities` && method === 'GET') return jsonResponse(200, { amenities: [amenity] });
    if (url === `${base}/amenities/${amenityId}/blackouts` && method === 'POST') {
      amenity = {
        ...amenity,
        blackouts: [
          {
            id: closureId,
            startsAt: '2098-07-04T14:00:00.000Z',
            endsAt: '2098-07-05T05:00:00.000Z',
            reason: 'Fireworks',
          },
        ],
      };
      return jsonResponse(201, amenity);
    }
    if (url === `${base}/amenities/${amenityId}/blackouts/${closureId}` && method === 'DELETE') {
      amenity = { ...amenity, blackouts: [] };
      return jsonResponse(200, amenity);
    }
    if (method === 'POST' || method === 'PUT') return jsonResponse(200, clubhouse);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'test' } });
  });
  renderWithRouter(<ManageAmenitiesPage />, { user: makeUser('manager'), path: '/community/amenities' });
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => init?.method === method && url === path)
      .map(([, init]) => (init?.body ? (JSON.parse(init.body as string) as unknown) : undefined));
  return { sent };
}

const cardOf = async (text: RegExp) =>
  (await screen.findByText(text)).closest('.mantine-Card-root') as HTMLElement;

async function openRules(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Amenities and rules' }));
  await user.click(await screen.findByRole('button', { name: 'Edit rules and closures' }));
}

describe('ManageAmenitiesPage: bookings', () => {
  it('approves a pending booking, with its own busy state', async () => {
    let release: (response: Response) => void = () => {};
    const { sent } = renderPage((url) =>
      url.endsWith(`/${pendingId}/approve`)
        ? (new Promise<Response>((resolve) => (release = resolve)) as unknown as Response)
        : undefined,
    );
    const user = userEvent.setup();
    const card = await cardOf(/Beatrice Hall for 7A · 30 people/);
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sent('POST', `${base}/amenity-bookings/${pendingId}/approve`)).toHaveLength(1),
    );
    expect(within(card).getByRole('button', { name: 'Approve' })).toHaveAttribute('data-loading');
    expect(within(card).getByRole('button', { name: 'Decline and refund' })).not.toHaveAttribute(
      'data-loading',
    );
    release(jsonResponse(200, { ...pending, status: 'confirmed' }));
    expect(await screen.findByText(/Approved: Beatrice Hall's booking of Clubhouse/)).toBeInTheDocument();
  });

  it('declines only with a reason, after saying what is refunded', async () => {
    const { sent } = renderPage();
    const user = userEvent.setup();
    const card = await cardOf(/Beatrice Hall for 7A/);
    await user.click(within(card).getByRole('button', { name: 'Decline and refund' }));
    expect(within(card).getByText('Say why it is declined: the booker is told')).toBeInTheDocument();
    await user.type(
      within(card).getByRole('textbox', { name: 'Reason (the booker is told)' }),
      'Double booked',
    );
    await user.click(within(card).getByRole('button', { name: 'Decline and refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this booking?' });
    expect(
      within(dialog).getByText(
        /\$300\.00 is refunded to them \(the \$50\.00 fee and the \$250\.00 deposit\)/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('They are told: “Double booked”')).toBeInTheDocument();
    expect(sent('POST', `${base}/amenity-bookings/${pendingId}/decline`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Decline and refund $300.00' }));
    await waitFor(() =>
      expect(sent('POST', `${base}/amenity-bookings/${pendingId}/decline`)).toEqual([
        { reason: 'Double booked' },
      ]),
    );
    expect(await screen.findByText('Declined: $300.00 refunded to Beatrice Hall.')).toBeInTheDocument();
  });

  it('keeps part of a deposit with its reason, after saying the amounts; never more than the deposit', async () => {
    const { sent } = renderPage();
    const user = userEvent.setup();
    const card = await cardOf(/Ryan Chen for 14B/);
    const keep = within(card).getByRole('textbox', { name: 'Amount to keep' });
    await user.type(keep, '300');
    expect(within(card).getByText('At most $250.00, the whole deposit')).toBeInTheDocument();
    await user.type(
      within(card).getByRole('textbox', { name: 'Reason (the booker is told)' }),
      'A broken table',
    );
    await user.click(within(card).getByRole('button', { name: 'Keep part of the deposit' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(keep);
    await user.type(keep, '75');
    expect(within(card).queryByText(/At most/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Keep part of the deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep part of the deposit?' });
    expect(within(dialog).getByText(/you keep \$75\.00 and \$175\.00 is returned/)).toBeInTheDocument();
    expect(sent('POST', `${base}/amenity-bookings/${pastId}/deposit`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Keep $75.00, return $175.00' }));
    await waitFor(() =>
      expect(sent('POST', `${base}/amenity-bookings/${pastId}/deposit`)).toEqual([
        { action: 'deduct', deductionCents: 7500, reason: 'A broken table' },
      ]),
    );
    expect(
      await screen.findByText('Deposit settled: $75.00 kept, $175.00 returned to Ryan Chen.'),
    ).toBeInTheDocument();
  });

  it('returns a whole deposit after asking, and takes the settlement’s photos and files', async () => {
    const { sent } = renderPage();
    const user = userEvent.setup();
    const card = await cardOf(/Ryan Chen for 14B/);
    expect(await within(card).findByRole('button', { name: 'Add a photo or file' })).toBeInTheDocument();
    expect(within(card).getByText(/the booker sees them once the deposit is settled/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Return all $250.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return the deposit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Return $250.00' }));
    await waitFor(() =>
      expect(sent('POST', `${base}/amenity-bookings/${pastId}/deposit`)).toEqual([{ action: 'release' }]),
    );
    expect(await screen.findByText('Deposit returned: $250.00 to Ryan Chen.')).toBeInTheDocument();
  });

  it('lists every booking to come, soonest first, with who, where, when, status and money', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Upcoming bookings' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Fri, Dec 5, 10:00 AM – 12:00 PM CST', 'Pool', 'Ana Ortiz · 4 people', '3C', 'Confirmed', 'Free'],
      [
        'Sat, Dec 6, 2:00 PM – 6:00 PM CST',
        'Clubhouse',
        'Beatrice Hall · 30 people',
        '7A',
        'Waiting for approval',
        'Fee $50.00 paid · Deposit $250.00 held, returned after the manager’s check',
      ],
      [
        'Sat, Dec 20, 2:00 PM – 6:00 PM CST',
        'Clubhouse',
        'Sam Lee · 30 people',
        '9D',
        'Held for payment',
        '$300.00 to pay (fee $50.00 + refundable deposit $250.00)',
      ],
    ]);
  });

  it('says when a list could not be loaded, and loads it again on request', async () => {
    let failures = 1;
    renderPage((url) => {
      if (url.includes('status=pending') && failures > 0) {
        failures -= 1;
        return jsonResponse(500, {
          error: { code: 'INTERNAL', message: 'The database is asleep.', requestId: 't' },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    expect(
      await screen.findByText('The bookings waiting for approval could not be loaded'),
    ).toBeInTheDocument();
    expect(screen.getByText('The database is asleep.')).toBeInTheDocument();
    expect(screen.queryByText('No bookings wait for approval.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Beatrice Hall for 7A/)).toBeInTheDocument();
  });

  it('shows the deposits as loading, not as none, until they are in', async () => {
    renderPage((url) =>
      url.includes('view=deposits') ? (new Promise<Response>(() => {}) as unknown as Response) : undefined,
    );
    expect(await screen.findByText('Loading the deposits to settle...')).toBeInTheDocument();
    expect(screen.queryByText('No deposit is waiting to be settled.')).not.toBeInTheDocument();
  });
});

describe('ManageAmenitiesPage: rules and closures', () => {
  it('edits an amenity’s rules, in hours where people think in hours', async () => {
    const { sent } = renderPage();
    const user = userEvent.setup();
    await openRules(user);
    // An exclusive amenity takes one party: there is no capacity to set.
    expect(screen.queryByRole('textbox', { name: /Capacity/ })).not.toBeInTheDocument();
    const lead = screen.getByRole('textbox', { name: 'Book at least (hours ahead)' });
    expect(lead).toHaveValue('48');
    await user.clear(lead);
    await user.type(lead, '36');
    const limit = screen.getByRole('textbox', { name: 'Bookings per unit per month' });
    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(sent('PUT', `${base}/amenities/${amenityId}`)).toHaveLength(1));
    expect(sent('PUT', `${base}/amenities/${amenityId}`)[0]).toMatchObject({
      name: 'Clubhouse',
      feeCents: 5000,
      capacity: 1,
      leadMinutes: 2160,
      cancelFreeUntilMinutes: 2880,
      hours: clubhouse.hours,
      limits: [{ per: 'unit', period: 'month', max: 3 }],
    });
    expect(await screen.findByText('The rules of Clubhouse are saved.')).toBeInTheDocument();
  });

  it('puts the server’s field errors on their fields, with a clean summary', async () => {
    renderPage((url, method) =>
      method === 'PUT'
        ? jsonResponse(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please correct the highlighted fields.',
              fields: {
                name: 'Give the amenity a name',
                'hours.0.opens': 'An opening time is HH:mm, from 00:00 to 24:00',
                'hours.1.opens': 'An opening time is HH:mm, from 00:00 to 24:00',
                leadMinutes: 'The lead time is at most 43200 minutes',
              },
              requestId: 't',
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    await openRules(user);
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The rules were not saved: correct these fields')).toBeInTheDocument();
    expect(screen.getByText('Name: Give the amenity a name')).toBeInTheDocument();
    expect(screen.getByText('Opens: An opening time is HH:mm, from 00:00 to 24:00')).toBeInTheDocument();
    expect(screen.queryByText(/\(name\)/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      /Give the amenity a name/,
    );
    expect(screen.getByLabelText('Opens')).toHaveAccessibleDescription(/An opening time is HH:mm/);
    expect(screen.getByRole('textbox', { name: 'Book at least (hours ahead)' })).toHaveAccessibleDescription(
      /The lead time is at most 43200 minutes/,
    );
  });

  it('shows hours that differ by day day by day, and keeps them', async () => {
    const { sent } = renderPage((url, method) =>
      url === `${base}/amenities` && method === 'GET'
        ? jsonResponse(200, {
            amenities: [
              {
                ...clubhouse,
                hours: [
                  { weekday: 1, opens: '10:00', closes: '22:00' },
                  { weekday: 6, opens: '08:00', closes: '12:00' },
                  { weekday: 6, opens: '14:00', closes: '24:00' },
                ],
              },
            ],
          })
        : undefined,
    );
    const user = userEvent.setup();
    await openRules(user);
    expect(screen.getByRole('checkbox', { name: 'The same hours every day' })).not.toBeChecked();
    expect(screen.getByLabelText('Opens on Monday')).toHaveValue('10:00');
    expect(
      screen.getAllByLabelText('Opens on Saturday').map((input) => (input as HTMLInputElement).value),
    ).toEqual(['08:00', '14:00']);
    // Midnight closing, as a time field shows it.
    expect(screen.getAllByLabelText('Closes on Saturday')[1]).toHaveValue('00:00');
    expect(screen.queryByLabelText('Opens on Tuesday')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(sent('PUT', `${base}/amenities/${amenityId}`)).toHaveLength(1));
    expect(sent('PUT', `${base}/amenities/${amenityId}`)[0]).toMatchObject({
      hours: [
        { weekday: 1, opens: '10:00', closes: '22:00' },
        { weekday: 6, opens: '08:00', closes: '12:00' },
        { weekday: 6, opens: '14:00', closes: '24:00' },
      ],
    });
  });

  it('adds a closure on the amenity’s clock, shows it, and removes it after asking', async () => {
    const { sent } = renderPage();
    const user = userEvent.setup();
    await openRules(user);
    expect(screen.getByText('No closures coming up.')).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    expect(from).toHaveAccessibleDescription('On the amenity’s clock: America/Chicago');
    await user.type(from, '2098-07-04T09:00');
    await user.type(screen.getByLabelText('Until'), '2098-07-05T00:00');
    await user.type(screen.getByRole('textbox', { name: 'Reason (bookers see it)' }), 'Fireworks');
    await user.click(screen.getByRole('button', { name: 'Add closure' }));
    await waitFor(() =>
      expect(sent('POST', `${base}/amenities/${amenityId}/blackouts`)).toEqual([
        {
          startsLocal: '2098-07-04T09:00',
          endsLocal: '2098-07-05T00:00',
          reason: 'Fireworks',
          cancelBookings: false,
        },
      ]),
    );
    expect(
      await screen.findByText('Clubhouse is closed Fri, Jul 4, 9:00 AM – 12:00 AM CDT.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Closures to come' });
    expect(within(list).getByText('Fri, Jul 4, 9:00 AM – 12:00 AM CDT')).toBeInTheDocument();
    expect(within(list).queryByText(/:00:00/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('');

    await user.click(within(list).getByRole('button', { name: /Remove the closure/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this closure?' });
    expect(sent('DELETE', `${base}/amenities/${amenityId}/blackouts/${closureId}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove closure' }));
    await waitFor(() =>
      expect(sent('DELETE', `${base}/amenities/${amenityId}/blackouts/${closureId}`)).toHaveLength(1),
    );
    expect(await screen.findByText(/Closure removed: Clubhouse can be booked/)).toBeInTheDocument();
    expect(await screen.findByText('No closures coming up.')).toBeInTheDocument();
  });

  it('names the bookings a closure would cancel, and cancels them only when asked', async () => {
    let tries = 0;
    const { sent } = renderPage((url, method, body) => {
      if (!url.endsWith('/blackouts') || method !== 'POST') return undefined;
      tries += 1;
      if ((body as { cancelBookings: boolean }).cancelBookings) return undefined;
      return jsonResponse(409, {
        error: {
          code: 'BOOKINGS_IN_CLOSURE',
          message:
            'A booking falls in this closure: Beatrice Hall, 7A, Sat, Dec 6, 2:00–6:00 PM. Close it anyway to cancel it: fees and deposits are refunded and each booker is told why.',
          requestId: 't',
        },
      });
    });
    const user = userEvent.setup();
    await openRules(user);
    await user.type(screen.getByLabelText('From'), '2098-12-06T09:00');
    await user.type(screen.getByLabelText('Until'), '2098-12-06T23:00');
    await user.type(screen.getByRole('textbox', { name: 'Reason (bookers see it)' }), 'Burst pipe');
    await user.click(screen.getByRole('button', { name: 'Add closure' }));
    expect(await screen.findByText(/A booking falls in this closure: Beatrice Hall, 7A/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close and cancel these bookings' }));
    await waitFor(() => expect(tries).toBe(2));
    expect(sent('POST', `${base}/amenities/${amenityId}/blackouts`)[1]).toEqual({
      startsLocal: '2098-12-06T09:00',
      endsLocal: '2098-12-06T23:00',
      reason: 'Burst pipe',
      cancelBookings: true,
    });
    expect(
      await screen.findByText(/The bookings in that time are cancelled and refunded/),
    ).toBeInTheDocument();
  });
});
