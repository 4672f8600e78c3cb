// `npm run bench` (announcements part, issue 23 item 8), in-process on the real services: an
// announcement to everyone in an association of 5,000 residents (2,500 homes, each with an owner and a
// tenant). Measures what the composer's count takes, the publishing transaction — recipients recorded,
// 5,000 in-app notifications and their e-mail deliveries queued, all visible when it commits — one
// resident's feed read afterwards (p95 of 100), and 200 readers marking it read one after another
// (each publishes the live counts to its authors). On PGlite unless BENCH_DATABASE_URL=postgres://… (an
// empty database) is set. Prints JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import {
  notificationDeliveries,
  notifications,
  profiles,
  properties,
} from '../apps/server/src/db/schema/index.ts';
import { JobQueue } from '../apps/server/src/plugins/jobs.ts';
import { deliverQueue, Notifier } from '../apps/server/src/modules/notifications/notify.ts';
import {
  countAudienceOf,
  createAnnouncement,
} from '../apps/server/src/modules/announcements/announcements.service.ts';
import { listFeed, markRead } from '../apps/server/src/modules/announcements/feed.service.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const homes = Number(process.env.BENCH_ANNOUNCEMENT_HOMES ?? 2_500);
const residents = homes * 2;
const feedReads = 100;
const markReads = 200;

const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'cw-bench-announcements-'));
const database = await openDatabase(
  databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: join(dataDir!, 'pglite') },
);
const { db } = database;
const run = Date.now().toString(36);
let jobs: JobQueue | null = null;

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, Math.round(performance.now() - started)];
};

try {
  await prepareDatabase(database, { seedDemo: false });
  const [property] = await db
    .insert(properties)
    .values({
      name: `Benchmark Heights ${run}`,
      address: '1 Bench Way, Springfield',
      units: homes,
      timeZone: 'UTC',
    })
    .returning({ id: properties.id });
  const propertyId = property!.id;
  await db.execute(sql`
    insert into units (property_id, label, building)
    select ${propertyId}, 'H-' || n, 'Building ' || (1 + n % 10) from generate_series(1, ${homes}) as n`);
  // Two people per home: its owner and its tenant.
  await db.execute(sql`
    insert into profiles (id, email, full_name, role)
    select 'bench-' || ${run} || '-' || n, 'bench-' || ${run} || '-' || n || '@example.com', 'Resident ' || n, 'resident'
    from generate_series(1, ${residents}) as n`);
  await db.execute(sql`
    insert into unit_ownerships (unit_id, user_id, starts_on, is_primary)
    select u.id, 'bench-' || ${run} || '-' || split_part(u.label, '-', 2), current_date - 400, true
    from units u where u.property_id = ${propertyId}`);
  await db.execute(sql`
    insert into unit_occupancies (unit_id, user_id, kind, moved_in_on)
    select u.id, 'bench-' || ${run} || '-' || (${homes} + split_part(u.label, '-', 2)::int), 'tenant', current_date - 200
    from units u where u.property_id = ${propertyId}`);

  const [admin] = await db
    .insert(profiles)
    .values({
      id: randomUUID(),
      email: `bench-admin-${run}@example.com`,
      fullName: 'Bench Admin',
      role: 'admin',
    })
    .returning();
  // Enqueues only (no worker here): the e-mails' deliveries are queued, as a server would find them.
  jobs = new JobQueue(database, { concurrency: 0 });
  jobs.register(deliverQueue, { run: async () => {} });
  await jobs.prepare();
  const notifier = new Notifier(jobs);
  const started = performance.now();
  const actor = {
    id: admin!.id,
    email: admin!.email,
    fullName: admin!.fullName,
    role: 'admin' as const,
    twoFactorEnabled: false,
  };
  const ctx = { db, actor, notifier, jobs };

  const [reach, countMs] = await timed(() => countAudienceOf(ctx, propertyId, { kind: 'everyone' }));
  if (reach.people !== residents) throw new Error(`the audience counted ${reach.people}, not ${residents}`);
  const [announcement, publishMs] = await timed(() =>
    createAnnouncement(ctx, propertyId, {
      title: 'Water shut-off on Friday 9–11',
      body: 'The water will be off in every building on Friday from 9 to 11 while the main valve is replaced.',
      audience: { kind: 'everyone' },
      language: 'en',
      requiresAck: true,
      publishAt: null,
      expiresAt: null,
      publish: true,
    }),
  );
  const [inApp] = await db
    .select({ value: count() })
    .from(notifications)
    .where(eq(notifications.link, `/announcements/${announcement.id}`));
  const [emails] = await db
    .select({ value: count() })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(
      and(
        eq(notifications.link, `/announcements/${announcement.id}`),
        eq(notificationDeliveries.channel, 'email'),
      ),
    );

  const readerOf = (n: number) => ({ ...actor, id: `bench-${run}-${n}`, role: 'resident' as const });
  const feedTimes: number[] = [];
  for (let read = 0; read < feedReads; read += 1) {
    const reader = { ...ctx, actor: readerOf(1 + ((read * 37) % residents)) };
    const [feed, ms] = await timed(() => listFeed(reader, { page: 1, limit: 20 }));
    if (feed.announcements[0]?.id !== announcement.id) throw new Error('a resident does not see it');
    feedTimes.push(ms);
  }
  const markTimes: number[] = [];
  for (let read = 0; read < markReads; read += 1) {
    const reader = { ...ctx, actor: readerOf(1 + read) };
    const [, ms] = await timed(() => markRead(reader, announcement.id));
    markTimes.push(ms);
  }
  feedTimes.sort((a, b) => a - b);
  markTimes.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      announcements: {
        database: databaseUrl ? 'postgres' : 'pglite',
        residents,
        audienceCountMs: countMs,
        publishToEveryoneMs: publishMs,
        recipients: announcement.counts.recipients,
        inAppNotifications: inApp!.value,
        emailDeliveriesQueued: emails!.value,
        feedP95Ms: percentile(feedTimes, 0.95),
        markReadP95Ms: percentile(markTimes, 0.95),
        totalSeconds: Math.round((performance.now() - started) / 1000),
      },
    }),
  );
} finally {
  await jobs?.stop();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
