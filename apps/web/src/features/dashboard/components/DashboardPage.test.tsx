import { screen } from '@testing-library/react';
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

describe('Community Updates (issue 26)', () => {
  it('shows the unread messages of rooms and conversations, each a link to them', async () => {
    mockFetch(() => jsonResponse(200, unread([2, 3], [1, 1])));
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
    mockFetch(() => jsonResponse(200, unread([0, 0], [0, 0])));
    const { unmount } = renderWithRouter(<DashboardPage />, { path: '/dashboard', user: resident });
    expect(await screen.findByText('No new updates at this time.')).toBeInTheDocument();
    unmount();
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } }));
    renderWithRouter(<DashboardPage />, { path: '/dashboard', user: resident });
    expect(await screen.findByText('Updates could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
