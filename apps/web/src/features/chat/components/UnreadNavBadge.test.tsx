import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimeChannels } from '@commonwise/contracts';
import { clearRealtimeChannels, emitRealtime } from '../../../test/fake-realtime.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { UnreadNavBadge } from './UnreadNavBadge.tsx';

vi.mock('../../../lib/realtime.ts', () => import('../../../test/fake-realtime.ts'));

beforeEach(clearRealtimeChannels);
afterEach(() => vi.unstubAllGlobals());

const resident = makeUser('resident', { id: 'user-ryan', fullName: 'Ryan Chen' });
const unread = (rooms: [number, number], threads: [number, number]) => ({
  rooms: { rooms: rooms[0], messages: rooms[1] },
  threads: { conversations: threads[0], messages: threads[1] },
});

describe('UnreadNavBadge', () => {
  it('shows the Work Rooms count and reloads it when a room message arrives', async () => {
    let messages = 2;
    const fetchMock = mockFetch(() => jsonResponse(200, unread([1, messages], [0, 0])));
    renderWithRouter(
      <>
        <UnreadNavBadge to="/work-rooms" />
        <UnreadNavBadge to="/chat" />
        <UnreadNavBadge to="/dashboard" />
      </>,
      { user: resident },
    );
    expect(await screen.findByLabelText('2 unread')).toHaveTextContent('2');
    // Nothing unread in conversations: no badge, and none for entries without a count.
    expect(screen.getAllByLabelText(/unread$/)).toHaveLength(1);
    messages = 3;
    emitRealtime(realtimeChannels.userWork('user-ryan'), 'room.activity', {
      roomId: 'r',
      workOrderId: 'w',
      messageId: 'm',
    });
    expect(await screen.findByLabelText('3 unread')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/chat/unread', expect.anything());
  });
});
