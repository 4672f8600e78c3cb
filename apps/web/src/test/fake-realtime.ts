import type { RealtimeEvent } from '@commonwise/contracts';
import { act } from '@testing-library/react';
import { useEffect, useEffectEvent } from 'react';

/**
 * A stand-in for lib/realtime.ts in component tests: the screen's channels are kept here and the test
 * delivers events to them. Install it with
 * `vi.mock('<path to>/lib/realtime.ts', () => import('<path to>/test/fake-realtime.ts'))`.
 * Like the real client, several parts of a screen may listen to one channel: each gets every event.
 */
type Listener = (event: RealtimeEvent) => void;
const channels = new Map<string, Set<Listener>>();

export function useRealtimeChannel(channel: string | null, onEvent: (event: RealtimeEvent) => void) {
  const handleEvent = useEffectEvent(onEvent);
  useEffect(() => {
    if (!channel) return;
    const listener: Listener = (event) => handleEvent(event);
    let listeners = channels.get(channel);
    if (!listeners) channels.set(channel, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && channels.get(channel) === listeners) channels.delete(channel);
    };
  }, [channel]);
}

/** Delivers an event on a channel a mounted screen listens to; fails when nobody listens. */
export function emitRealtime(channel: string, type: string, data: unknown): void {
  const listeners = channels.get(channel);
  if (!listeners?.size) throw new Error(`nobody listens to ${channel}`);
  const event = { op: 'event', channel, id: 1, at: new Date().toISOString(), type, data } as RealtimeEvent;
  act(() => {
    for (const deliver of [...listeners]) deliver(event);
  });
}

/** Forgets the channels of screens from earlier tests (call in beforeEach). */
export function clearRealtimeChannels(): void {
  channels.clear();
}
