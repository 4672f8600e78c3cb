// `npm run bench` (amenities part, issue 23 item 8), in-process on the real booking service: 200
// residents ask at once for 20 one-hour slots of one tennis court (10 for each slot). Every attempt must
// be decided — a booking (201) or SLOT_TAKEN with the next free times (409), nothing else — and the
// database must hold exactly one booking per slot, none overlapping. Prints the outcomes and the p50/p95/
// max latency of an attempt. On PGlite (one connection: the attempts queue) unless BENCH_DATABASE_URL=
// postgres://… (an empty database) is set. Prints JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import { bookings, profiles, properties, units } from '../apps/server/src/db/schema/index.ts';
import { JobQueue } from '../apps/server/src/plugins/jobs.ts';
import { deliverQueue, Notifier } from '../apps/server/src/modules/notifications/notify.ts';
import { createAmenity } from '../apps/server/src/modules/amenities/amenities.service.ts';
import { book, holdExpiryQueue } from '../apps/server/src/modules/amenities/bookings.service.ts';
import { AppError } from '../apps/server/src/lib/errors.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const attempts = Number(process.env.BENCH_BOOKING_ATTEMPTS ?? 200);
const slots = 20;
const zone = 'America/Chicago';

const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'cw-bench-amenities-'));
const database = await openDatabase(
  databaseUrl
    ? { kind: 'postgres', url: databaseUrl, poolSize: 20 }
    : { kind: 'pglite', dataDir: join(dataDir!, 'pglite') },
);
const { db } = database;
const run = Date.now().toString(36);
let jobs: JobQueue | null = null;

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;

try {
  await prepareDatabase(database, { seedDemo: false });
  const [property] = await db
    .insert(properties)
    .values({
      name: `Benchmark Courts ${run}`,
      address: '1 Bench Way, Springfield',
      units: attempts,
      timeZone: zone,
    })
    .returning({ id: properties.id });
  const propertyId = property!.id;
  await db.execute(sql`
    insert into units (property_id, label) select ${propertyId}, 'H-' || n from generate_series(1, ${attempts}) as n`);
  await db.execute(sql`
    insert into profiles (id, email, full_name, role)
    select 'bench-' || ${run} || '-' || n, 'bench-' || ${run} || '-' || n || '@example.com', 'Resident ' || n, 'resident'
    from generate_series(1, ${attempts}) as n`);
  await db.execute(sql`
    insert into unit_ownerships (unit_id, user_id, starts_on, is_primary)
    select u.id, 'bench-' || ${run} || '-' || split_part(u.label, '-', 2), current_date - 400, true
    from units u where u.property_id = ${propertyId}`);
  const unitRows = await db
    .select({ id: units.id, label: units.label })
    .from(units)
    .where(eq(units.propertyId, propertyId));
  const unitIds = new Map(unitRows.map((row) => [Number(row.label.split('-')[1]), row.id]));
  const [admin] = await db
    .insert(profiles)
    .values({
      id: randomUUID(),
      email: `bench-admin-${run}@example.com`,
      fullName: 'Bench Admin',
      role: 'admin',
    })
    .returning();
  jobs = new JobQueue(database, { concurrency: 0 });
  jobs.register(deliverQueue, { run: async () => {} });
  jobs.register(holdExpiryQueue, { run: async () => {} });
  await jobs.prepare();
  const notifier = new Notifier(jobs);
  const actorOf = (id: string, role: 'admin' | 'resident') => ({
    id,
    email: `${id}@example.com`,
    fullName: id,
    role,
    twoFactorEnabled: false,
  });
  const court = await createAmenity(
    { db, actor: actorOf(admin!.id, 'admin'), notifier },
    propertyId,
    {
      name: 'Tennis court 1',
      kind: 'tennis_court',
      description: '',
      capacityMode: 'exclusive',
      capacity: 1,
      slotMinutes: 60,
      minMinutes: 60,
      maxMinutes: 120,
      leadMinutes: 0,
      advanceDays: 60,
      holdMinutes: 15,
      approvalRequired: false,
      feeCents: 0,
      depositCents: 0,
      cancelFreeUntilMinutes: 0,
      lateCancelFeeCents: 0,
      eligibleKinds: ['owner'],
      blockDelinquent: false,
      active: true,
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '02:00', closes: '22:00' })),
      limits: [],
    },
    null,
  );
  // Ten days ahead, away from any clock change in the zone.
  let day = Temporal.Now.plainDateISO(zone).add({ days: 10 });
  while (['03-0', '03-1', '11-0'].some((prefix) => day.toString().slice(5, 9) === prefix))
    day = day.add({ days: 7 });
  const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  const outcomes: Record<string, number> = {};
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: attempts }, async (_, index) => {
      const n = index + 1;
      const slot = index % slots;
      const ctx = {
        db,
        actor: actorOf(`bench-${run}-${n}`, 'resident'),
        notifier,
        jobs: jobs!,
        provider: null,
      };
      const begun = performance.now();
      try {
        await book(ctx, {
          amenityId: court.id,
          unitId: unitIds.get(n)!,
          startsLocal: `${day}T${hh(2 + slot)}`,
          endsLocal: `${day}T${hh(3 + slot)}`,
          headcount: 1,
          acceptRules: true,
          idempotencyKey: `bench-${run}-${n}`,
        });
        outcomes.booked = (outcomes.booked ?? 0) + 1;
      } catch (error) {
        const code =
          error instanceof AppError ? `${error.statusCode} ${error.code}` : `error ${String(error)}`;
        outcomes[code] = (outcomes[code] ?? 0) + 1;
        if (
          error instanceof AppError &&
          error.code === 'SLOT_TAKEN' &&
          (error.extra.alternatives ?? []).length === 0
        )
          outcomes['409 without alternatives'] = (outcomes['409 without alternatives'] ?? 0) + 1;
      }
      times.push(performance.now() - begun);
    }),
  );
  const wallMs = Math.round(performance.now() - started);
  const active = await db
    .select({ startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(eq(bookings.amenityId, court.id), inArray(bookings.status, ['held', 'pending', 'confirmed'])));
  const distinctSlots = new Set(active.map((row) => row.startsAt.toISOString())).size;
  times.sort((a, b) => a - b);
  const decided = (outcomes.booked ?? 0) + (outcomes['409 SLOT_TAKEN'] ?? 0);
  const result = {
    amenities: {
      database: databaseUrl ? 'postgres' : 'pglite',
      attempts,
      slots,
      outcomes,
      allDecided: decided === attempts,
      bookingsHeld: active.length,
      doubleBooked: active.length - distinctSlots,
      p50Ms: Math.round(percentile(times, 0.5)),
      p95Ms: Math.round(percentile(times, 0.95)),
      maxMs: Math.round(times.at(-1)!),
      wallMs,
    },
  };
  console.log(JSON.stringify(result));
  if (!result.amenities.allDecided || result.amenities.doubleBooked !== 0 || active.length !== slots)
    process.exitCode = 1;
} finally {
  await jobs?.stop();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
