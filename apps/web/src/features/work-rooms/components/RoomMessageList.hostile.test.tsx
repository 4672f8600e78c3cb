import type { RoomParticipant } from '@commonwise/contracts';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, TestProviders } from '../../../test/render.tsx';
import { hostileMessage, hostileMessageTexts, markupSelector } from '../../../test/hostile-messages.ts';
import { RoomMessageList } from './RoomMessageList.tsx';

afterEach(() => vi.restoreAllMocks());

const roomId = '11111111-1111-4111-8111-111111111111';
const hostileName = '<b onmouseover=alert(1)>Vic</b> **Vendor**';
const participants: RoomParticipant[] = [
  {
    id: '22222222-2222-4222-8222-222222222222',
    userId: 'user-vendor',
    fullName: 'Vic Vendor',
    email: 'vendor@commonwise.test',
    role: 'vendor',
    joinedAt: '2025-01-05T09:00:00.000Z',
    lastSeenAt: null,
    isActive: true,
  },
];

describe('work room messages with HTML or markdown in them', () => {
  it('shows each exactly as written, as text, and creates no element from it', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const messages = hostileMessageTexts.map((text, index) =>
      // A name is text people choose: it is shown as written too.
      hostileMessage(text, index, { roomId, senderId: 'user-vendor', senderName: hostileName }),
    );
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <RoomMessageList messages={messages} participants={participants} viewerId="user-manager" />
      </TestProviders>,
    );
    const log = screen.getByRole('log', { name: 'Messages' });
    for (const text of hostileMessageTexts) expect(within(log).getByText(text)).toBeInTheDocument();
    expect(within(log).getAllByText(hostileName)).toHaveLength(hostileMessageTexts.length);
    expect(log.querySelectorAll(`${markupSelector}, [onmouseover]`)).toHaveLength(0);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows a room notice with markup in it as text', () => {
    const notice = hostileMessage('<img src=x onerror=alert(1)> joined the room', 1, {
      roomId,
      role: 'system',
      senderId: null,
    });
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <RoomMessageList messages={[notice]} participants={participants} viewerId="user-manager" />
      </TestProviders>,
    );
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log).toHaveTextContent('<img src=x onerror=alert(1)> joined the room');
    expect(log.querySelectorAll(markupSelector)).toHaveLength(0);
  });
});
