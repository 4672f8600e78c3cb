import type { AssociationEvent } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { willowId } from '../../../test/event-samples.ts';
import { ManageEventsPage } from './ManageEventsPage.tsx';

const meeting: AssociationEvent = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  propertyId: willowId,
  propertyName: 'Willow Creek Commons',
  title: 'Board meeting',
  description: '',
  location: 'Clubhouse',
  timeZone: 'America/Chicago',
  startsLocal: '2098-12-09T19:00',
  endsLocal: '2098-12-09T20:30',
  startsAt: '2098-12-10T01:00:00.000Z',
  endsAt: '2098-12-10T02:30:00.000Z',
  durationMinutes: 90,
  repeat: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=12',
  lastEndsAt: '2099-11-11T02:30:00.000Z',
  capacity: null,
  rsvpEnabled: true,
  audience: { kind: 'everyone', buildings: [], units: [], label: 'Everyone in the association' },
  status: 'scheduled',
  sequence: 0,
  cancelledAt: null,
  rsvps: { yes: 3, maybe: 1, no: 0, seats: 4 },
  createdBy: null,
  createdAt: '2098-11-01T00:00:00.000Z',
  updatedAt: '2098-11-01T00:00:00.000Z',
};

function renderPage() {
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/announcements/authoring')
      return jsonResponse(200, { properties: [{ id: willowId, name: 'Willow Creek Commons' }] });
    if (url.startsWith(`/api/properties/${willowId}/events?`))
      return jsonResponse(200, { events: [meeting], total: 1, page: 1, limit: 20 });
    if (url.endsWith('/audience-options')) return jsonResponse(200, { buildings: [], units: [] });
    if (method === 'POST' && url === `/api/properties/${willowId}/events`)
      return jsonResponse(422, {
        error: {
          code: 'TIME_NOT_IN_ZONE',
          message:
            '2:30 AM on March 14, 2099 does not exist in America/Chicago: the clocks spring forward an hour that night for daylight saving time. Choose another time.',
          fields: { startsLocal: 'This time is skipped that night' },
          requestId: 'test',
        },
      });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'test' } });
  });
  renderWithRouter(<ManageEventsPage />, { user: makeUser('manager'), path: '/community/events' });
  return {
    posts: () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST'),
  };
}

describe('ManageEventsPage', () => {
  it('lists the association’s events with their answers and repeat', async () => {
    renderPage();
    const item = await screen.findByRole('listitem', { name: 'Board meeting' });
    expect(item).toHaveTextContent('Tue, Dec 9 · 7:00 PM · Monthly, 12 times');
    expect(item).toHaveTextContent('3 going (4 with guests), 1 maybe, 0 not going');
  });

  it('sends the times on the association’s clock and shows why a skipped time is refused', async () => {
    const { posts } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    const form = screen.getByRole('region', { name: 'New event' });
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Yoga');
    await user.type(within(form).getByLabelText(/^Date/), '2099-03-14');
    const start = within(form).getByLabelText(/^Start time/);
    await user.clear(start);
    await user.type(start, '02:30');
    await user.click(within(form).getByRole('button', { name: 'Schedule the event' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toMatchObject({
      title: 'Yoga',
      startsLocal: '2099-03-14T02:30',
      endsLocal: '2099-03-14T03:30',
      repeat: null,
      capacity: null,
      audience: { kind: 'everyone' },
    });
    expect(await within(form).findByRole('alert')).toHaveTextContent('does not exist in America/Chicago');
    expect(within(form).getByText('This time is skipped that night')).toBeInTheDocument();
  });
});
