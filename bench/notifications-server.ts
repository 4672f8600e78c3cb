// The server for bench/notifications.ts: the whole app started as server.ts starts it (demo data, jobs
// in this process), which on request makes 10,000 people and notifies them all in one transaction —
// as an announcement to a large association will — and reports how many deliveries are sent.
import { randomUUID } from 'node:crypto';
import { count, eq, like } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/plugins/config.ts';
import { databaseOptionsFor, openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import { notificationDeliveries, notifications, profiles } from '../apps/server/src/db/schema/index.ts';

if (!process.send)
  throw new Error('bench/notifications-server.ts reports over IPC: start it from bench/notifications.ts');

const config = loadConfig();
const database = await openDatabase(databaseOptionsFor(config));
const app = await buildApp({ config, database });
app.addHook('onClose', async () => database.close());
await prepareDatabase(database, { seedDemo: config.seedDemo });
await app.listen({ port: config.port, host: '127.0.0.1' });
await app.jobs.start();

type Request = { op: 'fan-out'; recipients: number } | { op: 'status' } | { op: 'stop' };

async function fanOut(recipients: number) {
  const ids = Array.from({ length: recipients }, () => randomUUID());
  for (let start = 0; start < ids.length; start += 1000)
    await app.db.insert(profiles).values(
      ids.slice(start, start + 1000).map((id, index) => ({
        id,
        email: `bench-notify-${start + index}@example.com`,
        fullName: `Bench Owner ${start + index}`,
        role: 'resident' as const,
      })),
    );
  const started = performance.now();
  await app.db.transaction(async (tx) =>
    app.notifier.notify(tx, ids, {
      kind: 'work-order.updated',
      propertyId: null,
      title: 'Water shut-off on Friday 9–11',
      body: 'The water will be off in every building on Friday from 9 to 11 while the main valve is replaced.',
      link: '/notifications',
    }),
  );
  return { notifyMs: Math.round(performance.now() - started) };
}

async function status() {
  const [sent] = await app.db
    .select({ value: count() })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(profiles, eq(profiles.id, notifications.userId))
    .where(like(profiles.email, 'bench-notify-%'));
  const [done] = await app.db
    .select({ value: count() })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.status, 'sent'));
  return { deliveries: sent!.value, sent: done!.value };
}

process.on('message', (message: Request) => {
  if (message.op === 'fan-out')
    void fanOut(message.recipients).then(
      (result) => process.send!({ op: 'fanned-out', ...result }),
      (error: unknown) => process.send!({ op: 'fanned-out', error: String(error).slice(0, 500) }),
    );
  else if (message.op === 'status')
    void status().then((result) => process.send!({ op: 'status', ...result }));
  else if (message.op === 'stop')
    void app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
});
process.send({ op: 'ready' });
