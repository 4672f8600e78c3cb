import type { RealtimeEvent } from '@commonwise/contracts';
import { act } from '@testing-library/react';
import { useEffect } from 'react';

/**
 * A stand-in for lib/realtime.ts in component tests: the screen's channels are kept here and the test
 * delivers events to them. Install it with
 * `vi.mock('<path to>/lib/realtime.ts', () => import('<path to>/test/fake-realtime.ts'))`.
 */
const channels = new Map<string, (event: RealtimeEvent) => void>();

export function useRealtimeChannel(channel: string | null, onEvent: (event: RealtimeEvent) => void) {
  useEffect(() => {
    if (!channel) return;
    channels.set(channel, onEvent);
    return () => void channels.delete(channel);
  });
}

/** Delivers an event on a channel a mounted screen listens to; fails when nobody listens. */
export function emitRealtime(channel: string, type: string, data: unknown): void {
  const deliver = channels.get(channel);
  if (!deliver) throw new Error(`nobody listens to ${channel}`);
  act(() =>
    deliver({ op: 'event', channel, id: 1, at: new Date().toISOString(), type, data } as RealtimeEvent),
  );
}

/** Forgets the channels of screens from earlier tests (call in beforeEach). */
export function clearRealtimeChannels(): void {
  channels.clear();
}
