import type { ChatMessage } from '@commonwise/contracts';
import { describe, expect, it } from 'vitest';
import { getCitation, getLinkedWorkOrders, getRecordLinks, isAwaitingReply } from './messages.ts';

function message(id: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    threadId: 'thread-1',
    roomId: null,
    senderId: 'user-1',
    senderName: 'Ryan Chen',
    role: 'user',
    content: `message ${id}`,
    processed: true,
    metadata: {},
    createdAt: `2026-03-18T10:00:0${id}.000Z`,
    ...overrides,
  };
}

describe('isAwaitingReply', () => {
  it('is true while the last message is the person’s and not processed', () => {
    expect(isAwaitingReply([message('1', { processed: false })])).toBe(true);
    expect(isAwaitingReply([message('1'), message('2', { role: 'assistant', processed: true })])).toBe(false);
    expect(isAwaitingReply([message('1', { processed: true })])).toBe(false);
    expect(isAwaitingReply([])).toBe(false);
    expect(isAwaitingReply(undefined)).toBe(false);
  });
});

describe('getLinkedWorkOrders', () => {
  it('lists the work orders tied to a room, newest first, each once', () => {
    const messages = [
      message('1'),
      message('2', { role: 'assistant', metadata: { work_order_id: 'wo-a', room_id: 'room-a' } }),
      message('3', { role: 'assistant', metadata: { work_order_id: 'wo-b', room_id: 'room-b' } }),
      // Without a room it is not tied to a work room.
      message('4', { role: 'assistant', metadata: { work_order_id: 'wo-c' } }),
      message('5', { role: 'assistant', metadata: { work_order_id: 'wo-a', room_id: 'room-a' } }),
    ];
    expect(getLinkedWorkOrders(messages)).toEqual([
      { workOrderId: 'wo-a', roomId: 'room-a' },
      { workOrderId: 'wo-b', roomId: 'room-b' },
    ]);
  });
});

describe('getCitation', () => {
  it('reads a well-formed citation and ignores anything else', () => {
    const cited = message('1', {
      role: 'assistant',
      metadata: { citation: { documentName: 'CC&Rs', page: 4, excerpt: 'Quiet hours are 10 PM to 7 AM.' } },
    });
    expect(getCitation(cited)).toEqual({
      documentName: 'CC&Rs',
      page: 4,
      excerpt: 'Quiet hours are 10 PM to 7 AM.',
      documentId: null,
      section: null,
    });
    const withSection = message('4', {
      role: 'assistant',
      metadata: {
        citation: {
          documentId: 'd1',
          documentName: 'Declaration of CC&Rs',
          section: '4.2',
          sectionTitle: 'Pets',
          page: 5,
          excerpt: 'No more than two (2) dogs.',
        },
      },
    });
    expect(getCitation(withSection)).toMatchObject({
      documentId: 'd1',
      section: 'Section 4.2 (Pets)',
      page: 5,
    });
    // A rules document numbers its rules: the answer names them as it does.
    const rule = message('5', {
      role: 'assistant',
      metadata: {
        citation: {
          documentName: 'Rules and Regulations',
          section: '14',
          sectionDesignation: 'Rule',
          sectionTitle: 'Inoperable Vehicles',
          page: 6,
          excerpt: 'Inoperable vehicles may not be parked in the community.',
        },
      },
    });
    expect(getCitation(rule)?.section).toBe('Rule 14 (Inoperable Vehicles)');
    expect(getCitation(message('2', { metadata: { citation: 'CC&Rs' } }))).toBeNull();
    expect(getCitation(message('3', { metadata: { citation: { documentName: 'Bylaws' } } }))).toBeNull();
  });
});

describe('getRecordLinks', () => {
  it('keeps the well-formed links to pages of the portal, and nothing that leads elsewhere', () => {
    const links = [
      { label: '#1a2b3c4d Kitchen sink leaking', href: '/work-rooms?room=room-a' },
      { label: 'Elsewhere', href: 'https://example.com/' },
      { label: 'Another host', href: '//example.com/x' },
      { label: 'A script', href: 'javascript:alert(1)' },
      { label: 42, href: '/work-rooms' },
      'not a link',
    ];
    expect(getRecordLinks(message('1', { role: 'assistant', metadata: { links } }))).toEqual([
      { label: '#1a2b3c4d Kitchen sink leaking', href: '/work-rooms?room=room-a' },
    ]);
    expect(getRecordLinks(message('2', { metadata: { links: 'nope' } }))).toEqual([]);
  });
});
