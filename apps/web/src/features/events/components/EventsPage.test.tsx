import type { CalendarFeed, EventOccurrence } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { partyId, partyOccurrence, yogaOccurrence } from '../../../test/event-samples.ts';
import { EventsPage } from './EventsPage.tsx';

const feedUrl = 'http://localhost:3000/api/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';

/** The readers' page with the server answering as it would: RSVPs refused past capacity. */
function renderPage({ full = false } = {}) {
  let party: EventOccurrence = partyOccurrence;
  let feed: CalendarFeed = { isActive: false, createdAt: null, lastUsedAt: null, url: null };
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/me/events?'))
      return jsonResponse(200, { occurrences: [yogaOccurrence, party], from: '', to: '', hasMore: false });
    if (method === 'PUT' && url === `/api/me/events/${partyId}/rsvp`) {
      if (full)
        return jsonResponse(409, {
          error: {
            code: 'EVENT_FULL',
            message: 'Only 2 places are left for “Holiday party at the clubhouse”, and you asked for 4.',
            requestId: 'test',
          },
        });
      const body = JSON.parse(init!.body as string) as { status: 'yes'; guests: number };
      party = {
        ...party,
        myRsvp: { status: body.status, guests: body.guests },
        seatsTaken: 40,
        seatsLeft: 0,
      };
      return jsonResponse(200, party);
    }
    if (url === '/api/me/calendar-feed' && method === 'GET') return jsonResponse(200, feed);
    if (url === '/api/me/calendar-feed' && method === 'POST') {
      feed = { isActive: true, createdAt: '2098-12-01T10:00:00.000Z', lastUsedAt: null, url: null };
      return jsonResponse(201, { ...feed, url: feedUrl });
    }
    if (url.startsWith('/api/properties'))
      return jsonResponse(200, { properties: [], total: 0, page: 1, limit: 100 });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'test' } });
  });
  renderWithRouter(<EventsPage />, { user: makeUser('resident'), path: '/events' });
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  return { puts };
}

describe('EventsPage', () => {
  it('lists the coming dates at the association’s time, with places left and an .ics link', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Events' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Sat, Dec 6 · 8:00 AM – 9:00 AM CST');
    const party = items[1]!;
    expect(party).toHaveTextContent('Sat, Dec 13 · 4:00 PM – 7:00 PM CST');
    expect(party).toHaveTextContent('2 of 40 places left');
    expect(within(party).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/me/events/${partyId}/calendar.ics`,
    );
    // The yoga class is answered already: its Going is pressed.
    expect(within(items[0]!).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('answers for the date shown, with guests, and shows the server’s refusal when full', async () => {
    const { puts } = renderPage({ full: true });
    const user = userEvent.setup();
    const party = (await screen.findAllByRole('listitem'))[1]!;
    await user.clear(within(party).getByRole('textbox', { name: 'Guests you bring' }));
    await user.type(within(party).getByRole('textbox', { name: 'Guests you bring' }), '3');
    await user.click(within(party).getByRole('button', { name: 'Going' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(puts()[0]![1]!.body as string)).toEqual({
      occurrence: '2098-12-13T16:00',
      status: 'yes',
      guests: 3,
    });
    expect(await within(party).findByRole('alert')).toHaveTextContent('Only 2 places are left');
  });

  it('makes a calendar feed and shows its address once', async () => {
    renderPage();
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Subscribe to my calendar feed' });
    await user.click(await within(panel).findByRole('button', { name: 'Create my calendar feed' }));
    expect(await within(panel).findByDisplayValue(feedUrl)).toBeInTheDocument();
    expect(within(panel).getByText(/shown only this once/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });
});
