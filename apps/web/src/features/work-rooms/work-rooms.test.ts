import type { ChatMessage, RoomParticipant } from '@commonwise/contracts';
import { describe, expect, it } from 'vitest';
import { describeSender, isRoomNotice } from './work-rooms.ts';

const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: 'm',
  threadId: null,
  roomId: 'room',
  senderId: null,
  senderName: null,
  role: 'user',
  content: 'Hello',
  processed: true,
  metadata: {},
  createdAt: '2026-03-15T10:00:00.000Z',
  ...overrides,
});

const participants: RoomParticipant[] = [
  {
    id: 'p1',
    userId: 'maria',
    fullName: 'Maria Santos',
    email: 'manager@commonwise.test',
    role: 'manager',
    joinedAt: '2026-03-15T10:00:00.000Z',
    lastSeenAt: null,
    isActive: true,
  },
];

describe('describeSender', () => {
  it("names a person and labels them with their role in the room, or 'User' when they are not in it", () => {
    expect(
      describeSender(message({ senderId: 'maria', senderName: 'Maria Santos' }), participants, 'ryan'),
    ).toEqual({
      name: 'Maria Santos',
      role: 'manager',
      roleLabel: 'Manager',
    });
    expect(
      describeSender(message({ senderId: 'alex', senderName: 'Alex Morgan' }), participants, 'ryan'),
    ).toEqual({
      name: 'Alex Morgan',
      role: null,
      roleLabel: 'User',
    });
  });

  it("shows a sender whose account is gone as 'Unknown User'", () => {
    expect(describeSender(message({ senderId: 'gone', senderName: null }), participants, 'ryan').name).toBe(
      'Unknown User',
    );
  });

  it('labels the assistant AI Assistant and system messages that are not notices System notice', () => {
    expect(describeSender(message({ role: 'assistant' }), participants, 'ryan').name).toBe('AI Assistant');
    expect(describeSender(message({ role: 'system' }), participants, 'ryan')).toEqual({
      name: 'System notice',
      role: null,
      roleLabel: 'System notice',
    });
  });

  it("says 'You' for the viewer's own messages, still labelled with their role in the room", () => {
    expect(
      describeSender(message({ senderId: 'maria', senderName: 'Maria Santos' }), participants, 'maria'),
    ).toEqual({ name: 'You', role: 'manager', roleLabel: 'Manager' });
  });
});

describe('isRoomNotice', () => {
  it('knows notices by their kind, only on system messages', () => {
    expect(isRoomNotice(message({ role: 'system', metadata: { kind: 'status_changed' } }))).toBe(true);
    expect(isRoomNotice(message({ role: 'system', metadata: { kind: 'participant_joined' } }))).toBe(true);
    expect(isRoomNotice(message({ role: 'system', metadata: {} }))).toBe(false);
    expect(isRoomNotice(message({ role: 'user', metadata: { kind: 'status_changed' } }))).toBe(false);
  });
});
