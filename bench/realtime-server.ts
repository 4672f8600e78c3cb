// The server for bench/realtime.ts: the whole app, plus two bench-only routes on its own database —
// one that makes a work room with N members (profiles, participants, sessions) and returns their
// session cookies, and one that saves a room message and publishes it the way a room-message route
// does (insert and publish in one transaction).
import { createHmac, randomUUID } from 'node:crypto';
import type { ChatMessage } from '@commonwise/contracts';
import { realtimeChannels } from '@commonwise/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/plugins/config.ts';
import { databaseOptionsFor, openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import {
  breakoutRooms,
  chatMessages,
  profiles,
  properties,
  roomParticipants,
  sessions,
  workOrders,
} from '../apps/server/src/db/schema/index.ts';
import { publish } from '../apps/server/src/modules/realtime/publish.ts';

const config = loadConfig();
const database = await openDatabase(databaseOptionsFor(config));
await prepareDatabase(database, { seedDemo: false });
const app = await buildApp({ config, database });
const { db } = database;

/** better-auth's signed session cookie: token.base64(HMAC-SHA256(secret, token)), URL-encoded. */
function sessionCookie(token: string): string {
  const signature = createHmac('sha256', config.authSecret).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

app.post('/api/bench/realtime/setup', { config: { access: 'public' } }, async (request) => {
  const { members } = request.body as { members: number };
  const run = randomUUID().slice(0, 8);
  const people = Array.from({ length: members }, (_, index) => ({
    id: randomUUID(),
    email: `bench-${run}-${index}@example.com`,
    fullName: `Bench member ${index}`,
    role: 'resident' as const,
  }));
  const tokens = people.map(() => randomUUID().replaceAll('-', ''));
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const roomId = await db.transaction(async (tx) => {
    for (let start = 0; start < people.length; start += 500)
      await tx.insert(profiles).values(people.slice(start, start + 500));
    const [property] = await tx
      .insert(properties)
      .values({ name: `Bench ${run}`, address: '1 Bench Road, Springfield' })
      .returning();
    const [order] = await tx
      .insert(workOrders)
      .values({ propertyId: property!.id, summary: 'Benchmark', mainCategory: 'other' })
      .returning();
    const [room] = await tx
      .insert(breakoutRooms)
      .values({ roomName: 'Benchmark room', workOrderId: order!.id })
      .returning();
    for (let start = 0; start < people.length; start += 500) {
      const slice = people.slice(start, start + 500);
      await tx
        .insert(roomParticipants)
        .values(slice.map((person) => ({ roomId: room!.id, userId: person.id, role: 'resident' as const })));
      await tx.insert(sessions).values(
        slice.map((person, index) => ({
          id: randomUUID(),
          token: tokens[start + index]!,
          userId: person.id,
          expiresAt,
        })),
      );
    }
    return room!.id;
  });
  return { roomId, senderId: people[0]!.id, cookies: tokens.map(sessionCookie) };
});

app.post('/api/bench/realtime/messages', { config: { access: 'public' } }, async (request) => {
  const { roomId, senderId, content } = request.body as { roomId: string; senderId: string; content: string };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({ roomId, senderId, role: 'user', content })
      .returning();
    const message: ChatMessage = {
      id: row!.id,
      threadId: null,
      roomId,
      senderId,
      senderName: null,
      role: 'user',
      content,
      processed: row!.processed,
      metadata: row!.metadata,
      createdAt: row!.createdAt.toISOString(),
    };
    const event = await publish(tx, realtimeChannels.room(roomId), 'message.created', message);
    return { messageId: message.id, eventId: event.id };
  });
});

await app.listen({ port: config.port, host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
