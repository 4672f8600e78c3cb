import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun, Role } from '@commonwise/contracts';
import {
  announcements,
  attachments,
  jobRuns,
  properties,
  sessions,
  verifications,
} from '../../db/schema/index.ts';
import { defineSchedule, scheduleRunQueue, type ScheduleDefinition } from '../../plugins/schedules.ts';
import { jobRows } from '../../test/job-rows.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * Scheduled jobs through the API (issue 18 item 1): a period runs once however often the clock ticks or
 * an admin asks, its effects and its history row commit together, a preview writes nothing, and only
 * admins see any of it.
 */

let t: TestApp;
let willow: string;
let harbor: string;

/** A schedule of the tests: 07:00 in each association's time zone; each run writes one effect row. */
const counted = defineSchedule({
  name: 'tests.daily-count',
  title: 'Daily count',
  description: 'Writes one row per association and period.',
  cron: '0 7 * * *',
  perProperty: true,
  preview: async (ctx, propertyId, period) => {
    const rows = await ctx.db.execute(
      sql`select count(*)::int as n from test_schedule_effects where property_id = ${propertyId}`,
    );
    const before = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
    return {
      summary: `Would write one row for ${ctx.property!.name} (${before} so far)`,
      counts: { rows: 1 },
      items: [`${ctx.property!.name} at ${period.key}`],
    };
  },
  run: async (ctx, propertyId, period) => {
    await ctx.db.execute(sql`insert into test_schedule_effects values (${propertyId}, ${period.key})`);
    return { summary: `Wrote one row for ${ctx.property!.name}`, counts: { rows: 1 } };
  },
});

/** Writes its effect, then fails: the effect must not stay. */
const failing = defineSchedule({
  ...counted,
  name: 'tests.always-fails',
  title: 'Always fails',
  cron: '10 11 9 3 *',
  run: async (ctx, propertyId, period) => {
    await ctx.db.execute(
      sql`insert into test_schedule_effects values (${propertyId}, ${`fail ${period.key}`})`,
    );
    throw new Error('the mail server is down');
  },
});

/** Its preview tries to write. */
const writingPreview: ScheduleDefinition = defineSchedule({
  ...counted,
  name: 'tests.writing-preview',
  cron: '0 0 1 1 *',
  preview: async (ctx, propertyId) => {
    await ctx.db.execute(sql`insert into test_schedule_effects values (${propertyId}, 'preview')`);
    return { summary: 'wrote' };
  },
});

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`create table test_schedule_effects (property_id uuid, period text)`);
  for (const schedule of [counted, failing, writingPreview]) t.app.schedules.add(schedule);
  const idOf = async (name: string) =>
    (await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!
      .id;
  willow = await idOf('Willow Creek Commons'); // America/Chicago
  harbor = await idOf('Harbor View Condominiums'); // America/Los_Angeles
});
afterAll(async () => t.close());

const as = async (role: Role, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, await t.cookieFor(role), { method, url, ...(payload ? { payload } : {}) });

async function effects(propertyId: string): Promise<string[]> {
  const result = await t.database.db.execute(
    sql`select period from test_schedule_effects where property_id = ${propertyId} order by period`,
  );
  return (result as unknown as { rows: { period: string }[] }).rows.map((row) => row.period);
}

async function runsOf(schedule: string, propertyId?: string) {
  return (await t.database.db.select().from(jobRuns).where(eq(jobRuns.schedule, schedule))).filter(
    (run) => !propertyId || run.propertyId === propertyId,
  );
}

describe('the clock', () => {
  it('runs each period once in each association’s time zone, however often it ticks or however many servers tick', async () => {
    // 13:00 UTC on the spring-forward day: 08:00 in Chicago (07:00 CDT was an hour ago), 06:00 in Los Angeles.
    const chicagoMorning = new Date('2026-03-08T13:00:00Z');
    const queued = await Promise.all([
      t.app.schedules.fireDue(chicagoMorning),
      t.app.schedules.fireDue(chicagoMorning),
    ]);
    await t.app.schedules.fireDue(new Date('2026-03-08T13:00:30Z'));
    expect(queued.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect((await runsOf('tests.daily-count', willow)).map((run) => run.period)).toEqual([
      '2026-03-08T07:00-05:00',
    ]);
    expect(await runsOf('tests.daily-count', harbor)).toEqual([]);

    await t.app.jobs.runDue(50);
    await t.app.jobs.runDue(50);
    expect(await effects(willow)).toEqual(['2026-03-08T07:00-05:00']);
    const [run] = await runsOf('tests.daily-count', willow);
    expect(run).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      summary: 'Wrote one row for Willow Creek Commons',
    });
    expect(run!.counts).toEqual({ rows: 1 });

    // 07:00 in Los Angeles (PDT, UTC−7): its period now; Chicago's is not run again.
    await t.app.schedules.fireDue(new Date('2026-03-08T14:05:00Z'));
    await t.app.jobs.runDue(50);
    expect(await effects(harbor)).toEqual(['2026-03-08T07:00-07:00']);
    expect(await effects(willow)).toEqual(['2026-03-08T07:00-05:00']);

    // A restart an hour later ticks again: nothing runs twice.
    await t.app.schedules.fireDue(new Date('2026-03-08T14:30:00Z'));
    await t.app.jobs.runDue(50);
    expect(await effects(harbor)).toEqual(['2026-03-08T07:00-07:00']);
    expect(await runsOf('tests.daily-count', harbor)).toHaveLength(1);
  });

  it('rolls a failed run’s effects back with it and says why in the history', async () => {
    await t.app.schedules.fireDue(new Date('2026-03-09T16:10:00Z')); // 11:10 in Chicago, 09:10 in Los Angeles
    await t.app.jobs.runDue(50);
    const [run] = await runsOf('tests.always-fails', willow);
    expect(run).toMatchObject({ status: 'queued', attempts: 1, error: 'the mail server is down' });
    expect((await effects(willow)).filter((period) => period.startsWith('fail'))).toEqual([]);
    // The job is retried later (after its delay), not forgotten.
    const [job] = await jobRows(t.database.db, { queue: scheduleRunQueue, dedupeKey: run!.id });
    expect(job).toMatchObject({ status: 'queued', lastError: 'the mail server is down' });
  });
});

describe('the admin API', () => {
  it('refuses everyone but admins, and asks anonymous callers to sign in', async () => {
    const requests: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/schedules'],
      ['GET', '/api/schedule-runs'],
      ['GET', `/api/schedules/tests.daily-count/preview?propertyId=${willow}`],
      ['POST', '/api/schedules/tests.daily-count/runs', { propertyId: willow }],
    ];
    for (const role of ['manager', 'resident', 'board', 'vendor', 'developer'] as const)
      for (const [method, url, payload] of requests)
        expect((await as(role, method, url, payload)).statusCode, `${role} ${method} ${url}`).toBe(403);
    for (const [method, url, payload] of requests)
      expect(
        (await injectAs(t.app, undefined, { method, url, ...(payload ? { payload } : {}) })).statusCode,
      ).toBe(401);
    expect(await effects(willow)).not.toContain('manual');
  });

  it('lists the schedules with their next run in each time zone and their last run', async () => {
    const response = await as('admin', 'GET', '/api/schedules');
    expect(response.statusCode).toBe(200);
    const { schedules } = response.json();
    const daily = schedules.find((schedule: { name: string }) => schedule.name === 'tests.daily-count');
    expect(daily).toMatchObject({ title: 'Daily count', cron: '0 7 * * *', perProperty: true });
    const zones = daily.nextRuns.map((next: { timeZone: string }) => next.timeZone);
    expect(zones).toEqual(expect.arrayContaining(['America/Chicago', 'America/Los_Angeles']));
    const chicago = daily.nextRuns.find((next: { timeZone: string }) => next.timeZone === 'America/Chicago');
    expect(chicago.period).toMatch(/T07:00-0[56]:00$/);
    expect(new Date(chicago.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    expect(chicago.properties).toBeGreaterThanOrEqual(1);
    expect(daily.lastRun).toMatchObject({ schedule: 'tests.daily-count', status: 'succeeded' });

    const purge = schedules.find(
      (schedule: { name: string }) => schedule.name === 'housekeeping.purge-expired',
    );
    expect(purge).toMatchObject({ perProperty: false, cron: '15 3 * * *' });
    expect(purge.nextRuns).toEqual([
      expect.objectContaining({
        timeZone: 'UTC',
        properties: 0,
        period: expect.stringMatching(/T03:15\+00:00$/),
      }),
    ]);
  });

  it('pages the history, filtered by schedule, association and status', async () => {
    const all = await as('admin', 'GET', '/api/schedule-runs?schedule=tests.daily-count');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(2);
    const byProperty = await as(
      'admin',
      'GET',
      `/api/schedule-runs?schedule=tests.daily-count&propertyId=${harbor}&status=succeeded&limit=1`,
    );
    expect(byProperty.json()).toMatchObject({ total: 1, page: 1, limit: 1 });
    const [run]: JobRun[] = byProperty.json().runs;
    expect(run).toMatchObject({
      scheduleTitle: 'Daily count',
      property: { id: harbor, name: 'Harbor View Condominiums' },
      period: '2026-03-08T07:00-07:00',
      timeZone: 'America/Los_Angeles',
      trigger: 'schedule',
      requestedBy: null,
      status: 'succeeded',
      summary: 'Wrote one row for Harbor View Condominiums',
      counts: { rows: 1 },
      error: null,
    });
    expect(run!.scheduledFor).toBe('2026-03-08T14:00:00.000Z');
    expect(
      (await as('admin', 'GET', '/api/schedule-runs?status=failed&schedule=tests.daily-count')).json().total,
    ).toBe(0);
    expect((await as('admin', 'GET', '/api/schedule-runs?status=done')).statusCode).toBe(400);
  });

  it('previews a run without writing anything', async () => {
    const runsBefore = await t.database.db.select().from(jobRuns);
    const effectsBefore = await effects(harbor);
    const response = await as(
      'admin',
      'GET',
      `/api/schedules/tests.daily-count/preview?propertyId=${harbor}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({
      schedule: 'tests.daily-count',
      property: { id: harbor, name: 'Harbor View Condominiums' },
      timeZone: 'America/Los_Angeles',
      summary: 'Would write one row for Harbor View Condominiums (1 so far)',
      counts: { rows: 1 },
      existingRun: null,
    });
    expect(preview.period).toMatch(/T07:00-0[78]:00$/);
    expect(await t.database.db.select().from(jobRuns)).toEqual(runsBefore);
    expect(await effects(harbor)).toEqual(effectsBefore);

    // A preview that tries to write is refused by its read-only transaction.
    const writing = await as(
      'admin',
      'GET',
      `/api/schedules/tests.writing-preview/preview?propertyId=${harbor}`,
    );
    expect(writing.statusCode).toBe(500);
    expect(await effects(harbor)).toEqual(effectsBefore);
  });

  it('runs a period now once: asking again answers with the same run, and the clock does not run it again', async () => {
    const first = await as('admin', 'POST', '/api/schedules/tests.daily-count/runs', { propertyId: harbor });
    expect(first.statusCode, first.body).toBe(201);
    const { run, isNew } = first.json();
    expect(isNew).toBe(true);
    expect(run).toMatchObject({
      trigger: 'manual',
      status: 'queued',
      requestedBy: { fullName: expect.any(String) },
    });
    const again = await as('admin', 'POST', '/api/schedules/tests.daily-count/runs', { propertyId: harbor });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isNew: false, run: { id: run.id } });

    await t.app.jobs.runDue(50);
    // The clock reaching that period later finds it run.
    await t.app.schedules.fireDue(new Date(run.scheduledFor));
    await t.app.jobs.runDue(50);
    expect((await effects(harbor)).filter((period) => period === run.period)).toHaveLength(1);
    const named = await as('admin', 'POST', '/api/schedules/tests.daily-count/runs', {
      propertyId: harbor,
      period: run.period,
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ isNew: false, run: { id: run.id, status: 'succeeded' } });
    const preview = await as(
      'admin',
      'GET',
      `/api/schedules/tests.daily-count/preview?propertyId=${harbor}&period=${encodeURIComponent(run.period)}`,
    );
    expect(preview.json().existingRun).toMatchObject({ id: run.id, status: 'succeeded' });
  });

  it('explains what it cannot run', async () => {
    const post = (name: string, payload: object) =>
      as('admin', 'POST', `/api/schedules/${name}/runs`, payload);
    expect((await post('tests.nothing-here', {})).statusCode).toBe(404);
    const noProperty = await post('tests.daily-count', {});
    expect(noProperty.statusCode).toBe(400);
    expect(noProperty.json().error.fields).toEqual({ propertyId: 'Choose an association' });
    const notAnOccurrence = await post('tests.daily-count', {
      propertyId: harbor,
      period: '2026-03-08T08:00-07:00',
    });
    expect(notAnOccurrence.statusCode).toBe(400);
    expect(notAnOccurrence.json().error.message).toBe(
      'Daily count does not run at 2026-03-08T08:00-07:00 (0 7 * * *, America/Los_Angeles).',
    );
    const wrongOffset = await post('tests.daily-count', {
      propertyId: harbor,
      period: '2026-03-08T07:00-05:00',
    });
    expect(wrongOffset.statusCode).toBe(400);
    const future = await post('tests.daily-count', { propertyId: harbor, period: '2099-01-01T07:00-08:00' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toMatch(/has not come yet/);
    const perInstallation = await post('housekeeping.purge-expired', { propertyId: harbor });
    expect(perInstallation.statusCode).toBe(400);
  });
});

describe('purging what has expired (housekeeping.purge-expired)', () => {
  it('previews what it would delete, then deletes exactly that, and keeps what is still valid', async () => {
    const [someone] = await t.database.db.select({ userId: sessions.userId }).from(sessions).limit(1);
    await t.database.db.insert(sessions).values([
      {
        id: 'purge-expired',
        token: 'purge-expired',
        userId: someone!.userId,
        expiresAt: new Date(Date.now() - 60_000),
      },
      {
        id: 'purge-valid',
        token: 'purge-valid',
        userId: someone!.userId,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    ]);
    await t.database.db.insert(verifications).values([
      {
        id: 'purge-code',
        identifier: 'sign-in-otp-x',
        value: '123456',
        expiresAt: new Date(Date.now() - 1000),
      },
      {
        id: 'purge-live-code',
        identifier: 'sign-in-otp-y',
        value: '654321',
        expiresAt: new Date(Date.now() + 600_000),
      },
    ]);
    // An announcement's file, two days old: part of the announcement, never an unsent upload.
    const [draft] = await t.database.db
      .insert(announcements)
      .values({
        propertyId: harbor,
        title: 'Kept file',
        body: 'See the map.',
        audience: 'everyone',
        status: 'draft',
      })
      .returning({ id: announcements.id });
    const [kept] = await t.database.db
      .insert(attachments)
      .values({
        kind: 'file',
        fileName: 'map.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 10,
        filePath: 'attachments/kept/map.pdf',
        announcementId: draft!.id,
        propertyId: harbor,
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      })
      .returning({ id: attachments.id });
    const preview = await as('admin', 'GET', '/api/schedules/housekeeping.purge-expired/preview');
    expect(preview.statusCode, preview.body).toBe(200);
    const { counts } = preview.json();
    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    expect(counts.codesAndLinks).toBeGreaterThanOrEqual(1);
    expect(preview.json().summary).toMatch(/^Would delete \d+ expired sessions, /);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, 'purge-expired'))).toHaveLength(
      1,
    );

    const started = await as('admin', 'POST', '/api/schedules/housekeeping.purge-expired/runs', {});
    expect(started.statusCode).toBe(201);
    await t.app.jobs.runDue(50);
    const [run] = await runsOf('housekeeping.purge-expired');
    expect(run).toMatchObject({ status: 'succeeded', counts });
    expect(run!.summary).toMatch(/^Deleted \d+ expired sessions, /);
    const left = await t.database.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((session) => session.id)).toContain('purge-valid');
    expect(left.map((session) => session.id)).not.toContain('purge-expired');
    const codes = (await t.database.db.select({ id: verifications.id }).from(verifications)).map(
      (row) => row.id,
    );
    expect(codes).toContain('purge-live-code');
    expect(codes).not.toContain('purge-code');
    expect(await t.database.db.select().from(attachments).where(eq(attachments.id, kept!.id))).toHaveLength(
      1,
    );
  });
});
