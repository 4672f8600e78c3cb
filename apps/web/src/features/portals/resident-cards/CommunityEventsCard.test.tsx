import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { partyOccurrence, yogaOccurrence } from '../../../test/event-samples.ts';
import { jsonResponse, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { CommunityEventsCard } from './CommunityEventsCard.tsx';

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
