import { describe, expect, it } from 'vitest';
import {
  parseRealtimeChannel,
  realtimeChannels,
  realtimeClientMessageSchema,
  realtimeServerMessageSchema,
} from './realtime.ts';

const threadId = '6f1c2a4e-8d3b-4c6a-9e2f-1a2b3c4d5e6f';
const roomId = '0b7d9e1f-2a3c-4d5e-8f60-718293a4b5c6';

describe('realtime channels', () => {
  it('names and parses the three kinds of channel', () => {
    expect(parseRealtimeChannel(realtimeChannels.userThreads('u_1-A'))).toEqual({
      kind: 'user-threads',
      userId: 'u_1-A',
    });
    expect(parseRealtimeChannel(realtimeChannels.thread(threadId))).toEqual({ kind: 'thread', threadId });
    expect(parseRealtimeChannel(realtimeChannels.room(roomId))).toEqual({ kind: 'room', roomId });
  });

  it.each([
    'room:*',
    'room:',
    `room:${roomId}:extra`,
    'thread:not-a-uuid',
    `THREAD:${threadId}`,
    'user::threads',
    'user:a:b:threads',
    'user:someone:messages',
    `${'x'.repeat(200)}`,
  ])('rejects %s', (channel) => {
    expect(parseRealtimeChannel(channel)).toBeNull();
    expect(realtimeClientMessageSchema.safeParse({ op: 'subscribe', channel }).success).toBe(false);
  });
});

describe('client messages', () => {
  it('accepts subscribe (with or without since), unsubscribe and ping', () => {
    for (const message of [
      { op: 'subscribe', channel: realtimeChannels.room(roomId) },
      { op: 'subscribe', channel: realtimeChannels.room(roomId), since: 0 },
      { op: 'subscribe', channel: realtimeChannels.thread(threadId), since: 41 },
      { op: 'unsubscribe', channel: realtimeChannels.thread(threadId) },
      { op: 'ping' },
    ])
      expect(realtimeClientMessageSchema.parse(message)).toEqual(message);
  });

  it.each([
    [{ op: 'subscribe' }],
    [{ op: 'subscribe', channel: realtimeChannels.room(roomId), since: -1 }],
    [{ op: 'subscribe', channel: realtimeChannels.room(roomId), since: 1.5 }],
    [{ op: 'subscribe', channel: realtimeChannels.room(roomId), since: '2026-01-01T00:00:00Z' }],
    [{ op: 'publish', channel: realtimeChannels.room(roomId) }],
    [{ channel: realtimeChannels.room(roomId) }],
    [null],
  ])('rejects %j', (message) => {
    expect(realtimeClientMessageSchema.safeParse(message).success).toBe(false);
  });

  it('says what is wrong with an unknown channel', () => {
    const result = realtimeClientMessageSchema.safeParse({ op: 'subscribe', channel: 'everything' });
    expect(result.error?.issues[0]?.message).toMatch(/Unknown channel/);
  });
});

describe('server messages', () => {
  it('describes subscribed, event, error and pong', () => {
    const channel = realtimeChannels.room(roomId);
    for (const message of [
      { op: 'subscribed', channel, lastId: 7, replayed: 2, isCaughtUp: true },
      {
        op: 'event',
        channel,
        id: 8,
        type: 'message.created',
        data: { content: 'Plumber at 10' },
        at: '2026-11-22T07:00:00.000Z',
      },
      { op: 'error', code: 'NOT_FOUND', message: 'No such channel.', channel },
      { op: 'pong' },
    ])
      expect(realtimeServerMessageSchema.parse(message)).toEqual(message);
  });

  it('rejects an event of an unknown type or without its id', () => {
    const event = {
      op: 'event',
      channel: 'room:x',
      id: 1,
      type: 'message.created',
      data: {},
      at: '2026-11-22T07:00:00.000Z',
    };
    expect(realtimeServerMessageSchema.safeParse({ ...event, type: 'message.exploded' }).success).toBe(false);
    expect(realtimeServerMessageSchema.safeParse({ ...event, id: undefined }).success).toBe(false);
    expect(realtimeServerMessageSchema.safeParse({ ...event, at: 'yesterday' }).success).toBe(false);
  });
});
