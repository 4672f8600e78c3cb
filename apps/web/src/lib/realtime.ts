import { useEffect, useEffectEvent } from 'react';
import type { RealtimeErrorCode, RealtimeEvent, RealtimeServerMessage } from '@commonwise/contracts';

/**
 * The realtime client: one WebSocket per tab, shared by every screen that listens to a channel
 * (docs/decisions/0013-realtime.md). It reconnects with backoff and resubscribes with the last event
 * id it saw on each channel, so the server replays what was missed; an event it already has is
 * dropped. Import it from the screens that need it (they are lazy routes), not from the shell.
 */

export type ChannelHandlers = {
  onEvent: (event: RealtimeEvent) => void;
  /**
   * The client cannot vouch for continuity: the first subscription, or the server could not replay
   * everything missed. Reload the channel's data (invalidate its queries).
   */
  onResync?: () => void;
  /** The server refused the channel (FORBIDDEN, NOT_FOUND…). */
  onError?: (code: RealtimeErrorCode, message: string) => void;
};

/**
 * realtimeCloseCodes of the contracts, written out: importing a value from there would bring zod
 * into this small module (realtime.test.ts checks that they agree).
 */
export const closeCodes = { sessionEnded: 4001, reconnect: 4002 } as const;

type Channel = { handlers: Set<ChannelHandlers>; lastId: number | undefined; hasSynced: boolean };

const pingEveryMs = 25_000;
/** No message for this long (pings are answered) means the connection is dead though not closed. */
const silenceLimitMs = 60_000;
const idleCloseMs = 5_000;

export class RealtimeClient {
  private socket: WebSocket | undefined;
  private readonly channels = new Map<string, Channel>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private lastMessageAt = 0;

  constructor(private readonly openSocket: () => WebSocket = () => new WebSocket(realtimeUrl())) {}

  /** Listens to a channel; returns the function that stops listening. */
  subscribe(channel: string, handlers: ChannelHandlers): () => void {
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { handlers: new Set(), lastId: undefined, hasSynced: false };
      this.channels.set(channel, entry);
      this.sendSubscribe(channel, entry);
    } else if (entry.hasSynced) {
      // Joining a channel already live: this listener has its own data to load.
      queueMicrotask(() => handlers.onResync?.());
    }
    entry.handlers.add(handlers);
    clearTimeout(this.idleTimer);
    this.connect();
    return () => {
      entry.handlers.delete(handlers);
      if (entry.handlers.size > 0 || this.channels.get(channel) !== entry) return;
      this.channels.delete(channel);
      this.send({ op: 'unsubscribe', channel });
      // Screens swap channels as people move around: keep the socket a moment before closing it.
      if (this.channels.size === 0) this.idleTimer = setTimeout(() => this.disconnect(), idleCloseMs);
    };
  }

  private connect(): void {
    if (this.socket || this.reconnectTimer) return;
    const socket = this.openSocket();
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.lastMessageAt = Date.now();
      for (const [channel, entry] of this.channels) this.sendSubscribe(channel, entry);
      this.pingTimer = setInterval(() => {
        if (Date.now() - this.lastMessageAt > silenceLimitMs) socket.close();
        else this.send({ op: 'ping' });
      }, pingEveryMs);
    };
    socket.onmessage = (message: MessageEvent<string>) => {
      this.lastMessageAt = Date.now();
      this.receive(JSON.parse(message.data) as RealtimeServerMessage);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      clearInterval(this.pingTimer);
      // Signed out (or the session ended): stay closed until someone subscribes again.
      if (event.code === closeCodes.sessionEnded || this.channels.size === 0) return;
      const delay =
        event.code === closeCodes.reconnect
          ? 0
          : Math.min(30_000, 500 * 2 ** this.attempt) * (0.5 + Math.random() / 2);
      this.attempt += 1;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        if (this.channels.size > 0) this.connect();
      }, delay);
    };
  }

  private disconnect(): void {
    const socket = this.socket;
    this.socket = undefined;
    clearInterval(this.pingTimer);
    socket?.close(1000);
  }

  private receive(message: RealtimeServerMessage): void {
    if (message.op === 'pong') return;
    const entry = message.channel === undefined ? undefined : this.channels.get(message.channel);
    if (!entry) return;
    const handlers = [...entry.handlers];
    if (message.op === 'event') {
      if (entry.lastId !== undefined && message.id <= entry.lastId) return;
      entry.lastId = message.id;
      for (const handler of handlers) handler.onEvent(message);
    } else if (message.op === 'subscribed') {
      const mustReload = !entry.hasSynced || !message.isCaughtUp;
      entry.lastId = message.lastId;
      entry.hasSynced = true;
      if (mustReload) for (const handler of handlers) handler.onResync?.();
    } else {
      for (const handler of handlers) handler.onError?.(message.code, message.message);
      // Access ended (taken off the job, moved out…): what the screen shows must be read again, and
      // HTTP now tells it so (not found).
      if (message.code === 'ACCESS_ENDED') for (const handler of handlers) handler.onResync?.();
    }
  }

  private sendSubscribe(channel: string, entry: Channel): void {
    this.send({ op: 'subscribe', channel, ...(entry.lastId === undefined ? {} : { since: entry.lastId }) });
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

function realtimeUrl(): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/realtime`;
}

let shared: RealtimeClient | undefined;

/** The tab's one realtime client. */
export function realtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient();
  return shared;
}

/**
 * Calls `onEvent` for each event on `channel` while the component is mounted (null: none). Use it to
 * patch or invalidate TanStack Query caches; `onResync` is when to reload the channel's queries.
 */
export function useRealtimeChannel(
  channel: string | null | undefined,
  onEvent: ChannelHandlers['onEvent'],
  options: Omit<ChannelHandlers, 'onEvent'> = {},
  client: RealtimeClient = realtimeClient(),
): void {
  const handleEvent = useEffectEvent(onEvent);
  const handleResync = useEffectEvent(() => options.onResync?.());
  const handleError = useEffectEvent((code: RealtimeErrorCode, message: string) =>
    options.onError?.(code, message),
  );
  useEffect(() => {
    if (!channel) return;
    return client.subscribe(channel, {
      onEvent: (event) => handleEvent(event),
      onResync: () => handleResync(),
      onError: (code, message) => handleError(code, message),
    });
  }, [channel, client]);
}
