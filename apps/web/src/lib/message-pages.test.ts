import type { ChatMessage } from '@commonwise/contracts';
import { describe, expect, it } from 'vitest';
import { addMessages, mergeNewestPage, prependEarlierPage, type LoadedMessages } from './message-pages.ts';

function message(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `m${String(n).padStart(2, '0')}`,
    threadId: 'thread-1',
    roomId: null,
    senderId: 'user-1',
    senderName: 'Ryan Chen',
    role: 'user',
    content: `message ${n}`,
    processed: true,
    metadata: {},
    createdAt: new Date(Date.UTC(2026, 2, 18, 10, n)).toISOString(),
    ...overrides,
  };
}
const ids = (loaded: LoadedMessages | undefined) => loaded?.messages.map((item) => item.id);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

describe('a conversation loaded a page at a time', () => {
  it('starts from the newest page', () => {
    expect(mergeNewestPage(undefined, { messages: range(5, 6), hasMore: true })).toEqual({
      messages: range(5, 6),
      hasEarlier: true,
    });
  });

  it('keeps the earlier pages a person loaded when the newest page is asked again (a poll, a reload)', () => {
    const loaded = prependEarlierPage(
      { messages: range(5, 6), hasEarlier: true },
      { messages: range(3, 4), hasMore: true },
    );
    expect(ids(loaded)).toEqual(['m03', 'm04', 'm05', 'm06']);
    const again = mergeNewestPage(loaded, { messages: [message(6), message(7)], hasMore: true });
    expect(ids(again)).toEqual(['m03', 'm04', 'm05', 'm06', 'm07']);
    expect(again.hasEarlier).toBe(true);
  });

  it('starts over from the newest page when it does not reach back to what is loaded', () => {
    const loaded = { messages: range(1, 2), hasEarlier: false };
    const page = { messages: range(8, 9), hasMore: true };
    expect(mergeNewestPage(loaded, page)).toEqual({ messages: range(8, 9), hasEarlier: true });
  });

  it('has nothing earlier once the newest page is the whole conversation', () => {
    const loaded = { messages: range(1, 2), hasEarlier: true };
    expect(mergeNewestPage(loaded, { messages: range(1, 3), hasMore: false })).toEqual({
      messages: range(1, 3),
      hasEarlier: false,
    });
  });

  it('adds messages each once, in order, the newest copy winning', () => {
    const loaded = { messages: [message(1, { processed: false }), message(3)], hasEarlier: false };
    const added = addMessages(loaded, [message(2), message(1, { processed: true })]);
    expect(added?.messages.map((item) => [item.id, item.processed])).toEqual([
      ['m01', true],
      ['m02', true],
      ['m03', true],
    ]);
    // Nothing new: the same object, so nothing renders again.
    expect(addMessages(added, [message(2)])).toBe(added);
  });
});
