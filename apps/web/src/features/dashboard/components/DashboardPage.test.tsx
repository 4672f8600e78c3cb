import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearRealtimeChannels } from '../../../test/fake-realtime.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';

vi.mock('../../../lib/realtime.ts', () => import('../../../test/fake-realtime.ts'));

beforeEach(clearRealtimeChannels);
afterEach(() => vi.unstubAllGlobals());

const resident = makeUser('resident', { id: 'user-ryan', fullName: 'Ryan Chen' });
const unread = (rooms: [number, number], threads: [number, number]) => ({
  rooms: { rooms: rooms[0], messages: rooms[1] },
  threads: { conversations: threads[0], messages: threads[1] },
});
const noAnnouncements = { announcements: [], unread: 0, total: 0, page: 1, limit: 3 };
const harbor = {
  propertyId: '11111111-1111-4111-8111-111111111111',
  propertyName: 'Harbor View Condominiums',
};
const post = (id: string, title: string, publishedAt: string, readAt: string | null) => ({
  id,
  ...harbor,
  title,
  body: 'Details inside.',
  requiresAck: false,
  publishedAt,
  expiresAt: null,
  isExpired: false,
  author: { id: 'user-marcus', fullName: 'Marcus Reed' },
  isForMe: true,
  readAt,
  acknowledgedAt: null,
});

/** The server's answers: the unread counts, and the latest announcements (none unless given). */
function answer(counts: ReturnType<typeof unread>, announcements: unknown = noAnnouncements) {
  return mockFetch((url) =>
    url.startsWith('/api/me/announcements?') ? jsonResponse(200, announcements) : jsonResponse(200, counts),
  );
}

describe('Community Updates (issue 26)', () => {
  it('shows the unread messages of rooms and conversations, each a link to them', async () => {
    answer(unread([2, 3], [1, 1]));
    renderWithRouter(<DashboardPage />, { path: '/dashboard', user: resident });
    expect(await screen.findByRole('link', { name: '3 unread messages in 2 work rooms' })).toHaveAttribute(
      'href',
      '/work-rooms',
    );
    expect(screen.getByRole('link', { name: '1 new reply in 1 AI Assistant conversation' })).toHaveAttribute(
      'href',
      '/chat',
    );
    expect(screen.queryByText('No new updates at this time.')).not.toBeInTheDocument();
  });

  it('says there is nothing new when all is read, and offers a retry when the count fails', async () => {
    answer(unread([0, 0], [0, 0]));
    const { unmount } = renderWithRouter(<DashboardPage />, { path: '/dashboard', user: resident });
    expect(await screen.findByText('No new updates at this time.')).toBeInTheDocument();
    unmount();
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } }));
    renderWithRouter(<DashboardPage />, { path: '/dashboard', user: resident });
    expect(await screen.findByText('Updates could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the latest announcements, unread ones marked, each a link, and the way to all of them (issue 23)', async () => {
    const fetchMock = answer(unread([0, 0], [0, 0]), {
      announcements: [
        post(
          'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
          'Water shut-off in Building 3',
          '2098-03-01T15:00:00.000Z',
          null,
        ),
        post(
          'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
          'The pool opens Saturday',
          '2098-02-20T15:00:00.000Z',
          '2098-02-21T09:00:00.000Z',
        ),
      ],
      unread: 1,
      total: 2,
      page: 1,
      limit: 3,
    });
    renderWithRouter(<DashboardPage />, { path: '/dashboard', user: resident });
    const latest = await screen.findByRole('list', { name: 'Latest announcements' });
    const items = within(latest).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0]!).getByRole('link', { name: 'Water shut-off in Building 3 (unread)' }),
    ).toHaveAttribute('href', '/announcements/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
    expect(items[0]).toHaveTextContent('Harbor View Condominiums · Mar 1, 2098');
    expect(within(items[1]!).getByRole('link', { name: 'The pool opens Saturday' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all announcements' })).toHaveAttribute(
      'href',
      '/announcements',
    );
    expect(screen.queryByText('No new updates at this time.')).not.toBeInTheDocument();
    // Only the three newest: the dashboard loads no more.
    expect(fetchMock).toHaveBeenCalledWith('/api/me/announcements?page=1&limit=3', expect.anything());
  });

  it('still shows the unread messages when the announcements fail to load, with a retry', async () => {
    mockFetch((url) =>
      url.startsWith('/api/me/announcements?')
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } })
        : jsonResponse(200, unread([1, 2], [0, 0])),
    );
    renderWithRouter(<DashboardPage />, { path: '/dashboard', user: resident });
    expect(await screen.findByText('Announcements could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 unread messages in 1 work room' })).toBeInTheDocument();
  });
});
