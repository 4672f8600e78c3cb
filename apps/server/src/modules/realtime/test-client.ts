import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { RealtimeEvent, RealtimeServerMessage } from '@commonwise/contracts';

/** For tests: the app listening on 127.0.0.1 at a free port, and the WebSocket URL of its realtime endpoint. */
export async function listenForRealtime(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/realtime`;
}

type Waiter = {
  matches: (message: RealtimeServerMessage) => boolean;
  resolve: (m: RealtimeServerMessage) => void;
};

/** A `ws` client that records what the server sends and lets a test wait for a particular message. */
export class TestSocket {
  readonly received: RealtimeServerMessage[] = [];
  private readonly waiters = new Set<Waiter>();
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as RealtimeServerMessage;
      this.received.push(message);
      for (const waiter of this.waiters)
        if (waiter.matches(message)) {
          this.waiters.delete(waiter);
          waiter.resolve(message);
        }
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  /** Opens a socket; rejects with the HTTP status when the server refuses the upgrade. */
  static open(url: string, options: { cookie?: string; origin?: string } = {}): Promise<TestSocket> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.origin) headers.origin = options.origin;
    const socket = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new TestSocket(socket)));
      socket.once('unexpected-response', (_request, response) => {
        reject(
          Object.assign(new Error(`upgrade refused: ${response.statusCode}`), {
            status: response.statusCode,
          }),
        );
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (already received or still to come) that matches; fails after `timeoutMs`. */
  waitFor<T extends RealtimeServerMessage>(
    matches: (message: RealtimeServerMessage) => message is T,
    timeoutMs?: number,
  ): Promise<T>;
  waitFor(
    matches: (message: RealtimeServerMessage) => boolean,
    timeoutMs?: number,
  ): Promise<RealtimeServerMessage>;
  waitFor(
    matches: (message: RealtimeServerMessage) => boolean,
    timeoutMs = 5000,
  ): Promise<RealtimeServerMessage> {
    const already = this.received.find(matches);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { matches, resolve };
      this.waiters.add(waiter);
      setTimeout(() => {
        if (!this.waiters.delete(waiter)) return;
        reject(
          new Error(`no matching message within ${timeoutMs} ms; received ${JSON.stringify(this.received)}`),
        );
      }, timeoutMs).unref();
    });
  }

  /** Subscribes and waits for the answer: `subscribed` or an `error` about that channel. */
  subscribe(channel: string, since?: number): Promise<RealtimeServerMessage> {
    const answer = this.waitFor(
      (message) =>
        (message.op === 'subscribed' || message.op === 'error') &&
        message.channel === channel &&
        !this.answered.has(message),
    );
    this.send({ op: 'subscribe', channel, ...(since === undefined ? {} : { since }) });
    return answer.then((message) => {
      this.answered.add(message);
      return message;
    });
  }
  private readonly answered = new Set<RealtimeServerMessage>();

  /** The events received on a channel, in order. */
  events(channel: string): RealtimeEvent[] {
    return this.received.filter(
      (message): message is RealtimeEvent => message.op === 'event' && message.channel === channel,
    );
  }

  /** Waits until `count` events of the channel have arrived. */
  async waitForEvents(channel: string, count: number, timeoutMs = 5000): Promise<RealtimeEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.events(channel).length < count) {
      if (Date.now() > deadline)
        throw new Error(
          `expected ${count} events on ${channel}, got ${JSON.stringify(this.events(channel))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.events(channel);
  }

  close(): void {
    this.socket.close();
  }
}
