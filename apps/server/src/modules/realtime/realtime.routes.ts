import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import { realtimeClientMessageSchema, type RealtimeClientMessage } from '@commonwise/contracts';
import { AppError } from '../../lib/errors.ts';
import { actorOf, sessionTokenOf } from '../../plugins/access.ts';
import { ownOriginOf } from '../../plugins/csrf.ts';
import type { RealtimeConnection } from '../../plugins/realtime.ts';
import { SessionCache } from '../../plugins/session-cache.ts';

/** A client may send this many messages per second on average, in bursts of up to `burst`. */
const messagesPerSecond = 20;
const burst = 60;

/**
 * GET /api/realtime: the WebSocket (protocol: packages/contracts/src/realtime.ts; @fastify/websocket
 * is registered in app.ts). The upgrade passes the same access hook as every route — no session,
 * 401; the route's own check refuses pages of other sites (403) — and a plain GET is told to
 * upgrade (426).
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  const ownOrigin = ownOriginOf(app.config);

  app.route({
    method: 'GET',
    url: '/api/realtime',
    config: { access: 'chat:use' },
    schema: { hide: true },
    onRequest: async (request: FastifyRequest) => {
      // Browsers always send Origin on a WebSocket handshake, and no CORS protects it: a page of
      // another site must not borrow the visitor's session cookie.
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== ownOrigin)
        throw new AppError(403, 'FORBIDDEN_ORIGIN', 'Connect from the Commonwise web app.');
    },
    handler: async () => {
      throw new AppError(
        426,
        'UPGRADE_REQUIRED',
        'This address is a WebSocket: connect to it with a WebSocket client.',
      );
    },
    wsHandler: (socket, request) => {
      const connection = app.realtime.connect(
        socket,
        actorOf(request),
        SessionCache.tokenOf(sessionTokenOf(request) ?? ''),
      );
      const bucket = { tokens: burst, at: Date.now() };
      let work = Promise.resolve();
      // Attached at once (nothing awaited before): a message sent right after the handshake is not lost.
      socket.on('message', (raw: RawData, isBinary: boolean) => {
        if (!takeToken(bucket)) {
          connection.sendError('RATE_LIMITED', 'Too many messages; slow down.');
          return;
        }
        const message = parseMessage(raw, isBinary);
        if (!message.success) {
          connection.sendError('BAD_REQUEST', message.error, message.channel);
          return;
        }
        // One message at a time per socket, in the order sent (subscribe then unsubscribe stays so).
        work = work
          .then(() => handle(connection, message.data))
          .catch((error: unknown) =>
            request.log.error({ err: error }, 'realtime: handling a message failed'),
          );
      });
    },
  });

  async function handle(connection: RealtimeConnection, message: RealtimeClientMessage): Promise<void> {
    if (connection.isClosed) return;
    switch (message.op) {
      case 'subscribe':
        return app.realtime.subscribe(connection, message.channel, message.since);
      case 'unsubscribe':
        return app.realtime.unsubscribe(connection, message.channel);
      case 'ping':
        return connection.send({ op: 'pong' });
    }
  }
};

function takeToken(bucket: { tokens: number; at: number }): boolean {
  const now = Date.now();
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * messagesPerSecond);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

function parseMessage(
  raw: RawData,
  isBinary: boolean,
):
  | { success: true; data: RealtimeClientMessage }
  | { success: false; error: string; channel: string | undefined } {
  if (isBinary) return { success: false, error: 'Send JSON text messages.', channel: undefined };
  let value: unknown;
  try {
    value = JSON.parse(String(raw));
  } catch {
    return { success: false, error: 'Messages must be JSON.', channel: undefined };
  }
  const parsed = realtimeClientMessageSchema.safeParse(value);
  if (parsed.success) return { success: true, data: parsed.data };
  const channel = (value as { channel?: unknown } | null)?.channel;
  return {
    success: false,
    error: parsed.error.issues[0]?.message ?? 'Not a valid message.',
    channel: typeof channel === 'string' ? channel.slice(0, 120) : undefined,
  };
}
