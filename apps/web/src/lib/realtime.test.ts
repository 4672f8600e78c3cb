import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimeCloseCodes, type RealtimeServerMessage } from '@commonwise/contracts';
import { closeCodes, RealtimeClient, useRealtimeChannel } from './realtime.ts';

/** Stands in for the browser's WebSocket: records what is sent, lets a test play the server. */
class FakeSocket {
  readyState: number = WebSocket.CONNECTING;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.serverCloses(code);
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  serverSends(message: RealtimeServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  serverCloses(code: number) {
    if (this.readyState === WebSocket.CLOSED) return;
    this.readyState = WebSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const room = 'room:0b7d9e1f-2a3c-4d5e-8f60-718293a4b5c6';
const thread = 'thread:6f1c2a4e-8d3b-4c6a-9e2f-1a2b3c4d5e6f';
const event = (channel: string, id: number): RealtimeServerMessage => ({
  op: 'event',
  channel,
  id,
  type: 'message.created',
  data: { id },
  at: '2026-11-22T07:00:00.000Z',
});

let sockets: FakeSocket[];
let client: RealtimeClient;
const latest = () => sockets.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  // The longest of each backoff step, so the delays are exact.
  vi.spyOn(Math, 'random').mockReturnValue(1);
  sockets = [];
  client = new RealtimeClient(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket as unknown as WebSocket;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RealtimeClient', () => {
  it('knows the close codes of the contracts', () => {
    expect(closeCodes).toEqual(realtimeCloseCodes);
  });

  it('shares one socket between channels and subscribes once it opens', () => {
    client.subscribe(room, { onEvent: () => {} });
    client.subscribe(thread, { onEvent: () => {} });
    expect(sockets).toHaveLength(1);
    latest().open();
    expect(latest().sent).toEqual([
      { op: 'subscribe', channel: room },
      { op: 'subscribe', channel: thread },
    ]);
  });

  it('delivers events to their channel, drops one it already has, and asks for a reload on first subscribe', () => {
    const onEvent = vi.fn();
    const onResync = vi.fn();
    client.subscribe(room, { onEvent, onResync });
    latest().open();
    latest().serverSends({ op: 'subscribed', channel: room, lastId: 4, replayed: 0, isCaughtUp: true });
    expect(onResync).toHaveBeenCalledTimes(1);
    latest().serverSends(event(room, 5));
    latest().serverSends(event(room, 5));
    latest().serverSends(event(thread, 6));
    expect(onEvent.mock.calls.map(([received]) => received.id)).toEqual([5]);
  });

  it('reconnects with growing delays and resubscribes from the last id it saw', () => {
    client.subscribe(room, { onEvent: () => {} });
    latest().open();
    latest().serverSends({ op: 'subscribed', channel: room, lastId: 4, replayed: 0, isCaughtUp: true });
    latest().serverSends(event(room, 5));
    latest().serverCloses(1006);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
    latest().serverCloses(1006); // the server is still away: wait longer
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(3);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', channel: room, since: 5 }]);
  });

  it('reloads only when the server could not replay everything', () => {
    const onResync = vi.fn();
    client.subscribe(room, { onEvent: () => {}, onResync });
    latest().open();
    latest().serverSends({ op: 'subscribed', channel: room, lastId: 4, replayed: 0, isCaughtUp: true });
    latest().serverSends({ op: 'subscribed', channel: room, lastId: 9, replayed: 5, isCaughtUp: true });
    expect(onResync).toHaveBeenCalledTimes(1);
    latest().serverSends({ op: 'subscribed', channel: room, lastId: 900, replayed: 0, isCaughtUp: false });
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('stays closed after the session ends, and reconnects at once when told to', () => {
    client.subscribe(room, { onEvent: () => {} });
    latest().open();
    latest().serverCloses(4002);
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(2);
    latest().open();
    latest().serverCloses(4001);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('unsubscribes when the last listener leaves, and closes the idle socket a moment later', () => {
    const stopA = client.subscribe(room, { onEvent: () => {} });
    const stopB = client.subscribe(room, { onEvent: () => {} });
    latest().open();
    stopA();
    expect(latest().sent).toEqual([{ op: 'subscribe', channel: room }]);
    stopB();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', channel: room });
    vi.advanceTimersByTime(5000);
    expect(latest().readyState).toBe(WebSocket.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('passes refusals to the channel', () => {
    const onError = vi.fn();
    client.subscribe(room, { onEvent: () => {}, onError });
    latest().open();
    latest().serverSends({ op: 'error', code: 'NOT_FOUND', message: 'No such channel.', channel: room });
    expect(onError).toHaveBeenCalledWith('NOT_FOUND', 'No such channel.');
  });

  it('reloads the channel when the server ends it because access ended', () => {
    const onError = vi.fn();
    const onResync = vi.fn();
    client.subscribe(room, { onEvent: () => {}, onError, onResync });
    latest().open();
    latest().serverSends({ op: 'subscribed', channel: room, lastId: 3, replayed: 0, isCaughtUp: true });
    expect(onResync).toHaveBeenCalledTimes(1);
    latest().serverSends({
      op: 'error',
      code: 'ACCESS_ENDED',
      message: 'Your access to this has ended.',
      channel: room,
    });
    expect(onError).toHaveBeenCalledWith('ACCESS_ENDED', 'Your access to this has ended.');
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('pings while open and drops a connection that went silent', () => {
    client.subscribe(room, { onEvent: () => {} });
    latest().open();
    vi.advanceTimersByTime(25_000);
    expect(latest().sent.at(-1)).toEqual({ op: 'ping' });
    vi.advanceTimersByTime(50_000);
    expect(latest().readyState).toBe(WebSocket.CLOSED);
  });
});

describe('useRealtimeChannel', () => {
  it('listens while mounted, follows channel changes, and calls the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(
      ({ channel, onEvent }) => useRealtimeChannel(channel, onEvent, {}, client),
      { initialProps: { channel: room as string | null, onEvent: first } },
    );
    act(() => latest().open());
    expect(latest().sent).toEqual([{ op: 'subscribe', channel: room }]);
    rerender({ channel: room, onEvent: second });
    act(() => latest().serverSends(event(room, 1)));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);

    rerender({ channel: thread, onEvent: second });
    expect(latest().sent.slice(1)).toEqual([
      { op: 'unsubscribe', channel: room },
      { op: 'subscribe', channel: thread },
    ]);
    rerender({ channel: null, onEvent: second });
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', channel: thread });
    unmount();
  });
});
