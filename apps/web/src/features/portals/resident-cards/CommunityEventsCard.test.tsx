import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import type { EventOccurrence } from '@commonwise/contracts';
import { CommunityEventsCard } from './CommunityEventsCard.tsx';

/** Occurrences as the server sends them. */
const partyOccurrence: EventOccurrence = {
  eventId: '6f0c2f43-5a4e-4e57-9d53-3f7b0e0d8a11',
  propertyId: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b',
  propertyName: 'Willow Creek Commons',
  title: 'Holiday party at the clubhouse',
  description: 'Food, music and a hot-chocolate bar.',
  location: 'Clubhouse and patio',
  timeZone: 'America/Chicago',
  occurrence: '2098-12-13T16:00',
  // 16:00 in Chicago (UTC-6 in December).
  startsAt: '2098-12-13T22:00:00.000Z',
  endsAt: '2098-12-14T01:00:00.000Z',
  isRecurring: false,
  status: 'scheduled',
  rsvpEnabled: true,
  capacity: 40,
  seatsTaken: 38,
  seatsLeft: 2,
  myRsvp: null,
  isForMe: true,
};

const yogaOccurrence: EventOccurrence = {
  ...partyOccurrence,
  eventId: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
  title: 'Saturday yoga on the lawn',
  description: '',
  location: 'North lawn',
  occurrence: '2098-12-06T08:00',
  startsAt: '2098-12-06T14:00:00.000Z',
  endsAt: '2098-12-06T15:00:00.000Z',
  isRecurring: true,
  capacity: null,
  seatsTaken: 3,
  seatsLeft: null,
  myRsvp: { status: 'yes', guests: 0 },
};

describe('CommunityEventsCard', () => {
  it('lists the next events addressed to the person, at the association’s local time, with no sample badge', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        occurrences: [yogaOccurrence, partyOccurrence],
        from: '2098-12-01T00:00:00.000Z',
        to: '2099-03-01T00:00:00.000Z',
        hasMore: false,
      }),
    );
    renderWithRouter(<CommunityEventsCard />);
    const card = screen.getByRole('region', { name: 'Community Events' });
    const list = await within(card).findByRole('list', { name: 'Upcoming events' });
    const events = within(list).getAllByRole('listitem');
    expect(events).toHaveLength(2);
    // 14:00Z is 8:00 AM in Chicago, whatever the test machine's zone.
    expect(events[0]).toHaveTextContent('Saturday yoga on the lawn');
    expect(events[0]).toHaveTextContent('Sat, Dec 6 · 8:00 AM · North lawn');
    expect(events[0]).toHaveTextContent('Going');
    expect(events[1]).toHaveTextContent('Sat, Dec 13 · 4:00 PM · Clubhouse and patio');
    expect(within(card).queryByText('Sample data')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
  });

  it('says when there are none', async () => {
    mockFetch(() => jsonResponse(200, { occurrences: [], from: '', to: '', hasMore: false }));
    renderWithRouter(<CommunityEventsCard />);
    expect(await screen.findByText('No events in the next 90 days.')).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Down', requestId: 'x' } }));
    renderWithRouter(<CommunityEventsCard />);
    expect(await screen.findByText('Events could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
