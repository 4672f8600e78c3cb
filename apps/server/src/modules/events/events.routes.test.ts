import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssociationEvent,
  CalendarFeed,
  EventAudience,
  EventDetail,
  EventInput,
  EventOccurrence,
  EventOccurrenceList,
} from '@commonwise/contracts';
import {
  committeeMembers,
  committees,
  profiles,
  properties,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import { demoPassword } from '../auth/demo-accounts.ts';
import { createUserWithPassword } from '../users/users.service.ts';
import { rowsOf } from '../realtime/publish.ts';
import { redactSecrets } from '../../app.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * Events (issue 23 item 4) through the API: who an event reaches for every kind of membership (owners,
 * a tenant, a former owner, the board, another association), bad input (an end before the start, a start
 * the clocks skip or repeat, unreadable or unbounded rules), RSVPs against a capacity, the `.ics` file and
 * the secret feed, and daylight saving: all run with the process on Asia/Kolkata, so a time computed on
 * the process's clock instead of the association's shows up as hours off.
 */

let t: TestApp;
let harbor: string;
let willow: string;
const people: Record<string, { id: string; cookie: string }> = {};
const unitIds: Record<string, string> = {};
const processZone = process.env.TZ;

type Reader = 'b3Owner' | 'formerB3Owner' | 'b3Tenant' | 'harborBoard' | 'willowResident';
const readers: Reader[] = ['b3Owner', 'formerB3Owner', 'b3Tenant', 'harborBoard', 'willowResident'];

const dayOffset = async (offset: number) =>
  rowsOf<{ day: string }>(
    await t.database.db.execute(sql`select (current_date + ${offset}::int)::date::text as day`),
  )[0]!.day;

async function person(name: string, email: string) {
  const profile = await createUserWithPassword(t.database.db, {
    email,
    fullName: name,
    role: 'resident',
    password: demoPassword,
    emailVerified: true,
  });
  return profile.id;
}

beforeAll(async () => {
  // Not UTC, and far from both associations' zones (decision 0064 §2).
  process.env.TZ = 'Asia/Kolkata';
  t = await createTestApp();
  const db = t.database.db;
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  harbor = await idOf('Harbor View Condominiums');
  willow = await idOf('Willow Creek Commons');
  for (const label of ['3-101', '3-402', '3-203'])
    unitIds[label] = (
      await db
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.propertyId, harbor), eq(units.label, label)))
    )[0]!.id;
  const today = await dayOffset(0);
  const longAgo = await dayOffset(-700);
  const made = {
    b3Owner: await person('Eve Owner', 'ev-b3-owner@example.com'),
    formerB3Owner: await person('Fred Former', 'ev-former@example.com'),
    harborBoard: await person('Hank Board', 'ev-board@example.com'),
  };
  await db.insert(unitOwnerships).values([
    { unitId: unitIds['3-101']!, userId: made.b3Owner, startsOn: longAgo },
    { unitId: unitIds['3-203']!, userId: made.formerB3Owner, startsOn: longAgo, endsOn: today },
  ]);
  const [board] = await db
    .select({ id: committees.id })
    .from(committees)
    .where(and(eq(committees.propertyId, harbor), eq(committees.kind, 'board')));
  const boardId =
    board?.id ??
    (
      await db
        .insert(committees)
        .values({ propertyId: harbor, kind: 'board', name: 'Harbor View Board' })
        .returning({ id: committees.id })
    )[0]!.id;
  await db
    .insert(committeeMembers)
    .values({ committeeId: boardId, userId: made.harborBoard, role: 'director', startsOn: longAgo });
  const emails: Record<string, string> = {
    b3Owner: 'ev-b3-owner@example.com',
    formerB3Owner: 'ev-former@example.com',
    harborBoard: 'ev-board@example.com',
    b3Tenant: 'resident2@commonwise.test',
    willowResident: 'resident@commonwise.test',
    manager2: 'manager2@commonwise.test',
    manager: 'manager@commonwise.test',
  };
  for (const [key, email] of Object.entries(emails)) {
    const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
    people[key] = { id: profile!.id, cookie: await t.signIn(email) };
  }
});
afterAll(async () => {
  await t?.close();
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, people[who]!.cookie, { method, url, ...(payload ? { payload } : {}) });

const input = (extra: Partial<EventInput> = {}): EventInput => ({
  title: 'Pool party',
  location: 'Pool deck',
  startsLocal: '2027-06-12T14:00',
  endsLocal: '2027-06-12T17:00',
  audience: { kind: 'everyone' },
  ...extra,
});

const create = async (extra: Partial<EventInput> = {}, who = 'manager2', propertyId = harbor) => {
  const response = await call(who, 'POST', `/api/properties/${propertyId}/events`, input(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AssociationEvent>();
};

const window = (from: string, to: string) => `from=${from}&to=${to}`;

/**
 * Whether the event is addressed to the person. Whoever it is not for cannot read it by any route — but
 * its association's board, who read all its events as their authors do.
 */
const sees = async (who: Reader, event: AssociationEvent) => {
  const list = (
    await call(
      who,
      'GET',
      `/api/me/events?${window('2027-06-01T00:00:00Z', '2027-07-01T00:00:00Z')}&limit=200`,
    )
  ).json<EventOccurrenceList>();
  const listed = list.occurrences.find((occurrence) => occurrence.eventId === event.id);
  const one = await call(who, 'GET', `/api/me/events/${event.id}`);
  expect(one.statusCode === 200, `${who}: the list and the event disagree`).toBe(listed !== undefined);
  const ics = await call(who, 'GET', `/api/me/events/${event.id}/calendar.ics`);
  expect(ics.statusCode === 200, `${who}: the list and the .ics disagree`).toBe(listed !== undefined);
  const isForMe = listed?.isForMe ?? false;
  if (who !== 'harborBoard') expect(listed !== undefined, `${who} reads what is not for them`).toBe(isForMe);
  else expect(listed, 'the board reads every event of its association').toBeDefined();
  return isForMe;
};

describe('who an event is for', () => {
  const cases: [string, EventAudience, Reader[]][] = [
    [
      'everyone: owners, tenants and the board today; not a former owner or another association',
      { kind: 'everyone' },
      ['b3Owner', 'b3Tenant', 'harborBoard'],
    ],
    ['owners only: not a tenant', { kind: 'owners' }, ['b3Owner']],
    [
      'one building: its owners and tenants',
      { kind: 'buildings', buildings: ['building 3'] },
      ['b3Owner', 'b3Tenant'],
    ],
    ['the board: its members today', { kind: 'board' }, ['harborBoard']],
  ];
  for (const [name, audience, expected] of cases)
    it(name, async () => {
      const event = await create({ title: `For ${audience.kind}`, audience });
      const seen: Reader[] = [];
      for (const who of readers) if (await sees(who, event)) seen.push(who);
      expect(seen.sort()).toEqual([...expected].sort());
    });

  it('shows chosen units’ people only', async () => {
    const event = await create({ audience: { kind: 'units', unitIds: [unitIds['3-402']!] } });
    expect(event.audience.label).toBe('Unit 3-402');
    const seen: Reader[] = [];
    for (const who of readers) if (await sees(who, event)) seen.push(who);
    expect(seen).toEqual(['b3Tenant']);
  });

  it('lets only the association’s managers and board write them', async () => {
    const resident = await call('b3Owner', 'POST', `/api/properties/${harbor}/events`, input());
    expect(resident.statusCode).toBe(403);
    const otherManager = await call('manager', 'POST', `/api/properties/${harbor}/events`, input());
    expect(otherManager.statusCode).toBe(404);
    const event = await create();
    const otherRead = await call('manager', 'GET', `/api/properties/${harbor}/events/${event.id}`);
    expect(otherRead.statusCode).toBe(404);
    // Asked for under the manager's own association, another association's event is not found either.
    const crossed = await call('manager', 'GET', `/api/properties/${willow}/events/${event.id}`);
    expect(crossed.statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const refused = async (extra: Partial<EventInput>, status: number, code: string, words: string) => {
    const response = await call('manager2', 'POST', `/api/properties/${harbor}/events`, input(extra));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.message).toContain(words);
  };

  it('refuses an end before (or at) the start, saying so', async () => {
    await refused(
      { endsLocal: '2027-06-12T13:00' },
      422,
      'END_BEFORE_START',
      'Choose an end after the start',
    );
    await refused({ endsLocal: '2027-06-12T14:00' }, 422, 'END_BEFORE_START', 'as it starts');
  });

  it('refuses a start the clocks skip, or show twice, saying why', async () => {
    // 2027-03-14 02:30 does not exist in Los Angeles; 2027-11-07 01:30 happens twice.
    await refused(
      { startsLocal: '2027-03-14T02:30', endsLocal: '2027-03-14T04:00' },
      422,
      'TIME_NOT_IN_ZONE',
      'does not exist in America/Los_Angeles: the clocks spring forward',
    );
    await refused(
      { startsLocal: '2027-11-07T01:30', endsLocal: '2027-11-07T03:00' },
      422,
      'TIME_NOT_IN_ZONE',
      'happens twice in America/Los_Angeles',
    );
  });

  it('refuses a date that does not exist and a malformed time', async () => {
    await refused(
      { startsLocal: '2027-02-30T10:00', endsLocal: '2027-03-01T10:00' },
      422,
      'INVALID_DATE',
      '2027-02-30',
    );
    const response = await call(
      'manager2',
      'POST',
      `/api/properties/${harbor}/events`,
      input({ startsLocal: '6pm' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.startsLocal).toContain('2027-11-09T18:00');
  });

  it('refuses repeat rules it cannot read, too long, or off their start', async () => {
    await refused({ repeat: 'FREQ=WEEKLY;COUNT=abc' }, 422, 'INVALID_REPEAT', 'COUNT=ABC');
    await refused(
      { repeat: 'FREQ=HOURLY;COUNT=3' },
      422,
      'INVALID_REPEAT',
      'daily, weekly, monthly or yearly',
    );
    await refused({ repeat: 'FREQ=WEEKLY;COUNT=501' }, 422, 'INVALID_REPEAT', 'at most 500 times');
    await refused({ repeat: 'FREQ=DAILY;UNTIL=20330101T000000Z' }, 422, 'INVALID_REPEAT', 'within 5 years');
    await refused(
      { repeat: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3' },
      422,
      'INVALID_REPEAT',
      'The first date must be one the rule repeats on',
    );
    await refused({ repeat: 'FREQ=WEEKLY;COUNT=2;UNTIL=20270701' }, 422, 'INVALID_REPEAT', 'not both');
    // Dates that do not exist, rules whose parts never meet, parts a frequency may not carry: a 422.
    await refused({ repeat: 'FREQ=WEEKLY;UNTIL=20270230' }, 422, 'INVALID_REPEAT', 'not a real date');
    await refused({ repeat: 'FREQ=WEEKLY;UNTIL=20270801T250000Z' }, 422, 'INVALID_REPEAT', 'not a real date');
    await refused({ repeat: 'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30' }, 422, 'INVALID_REPEAT', 'never happens');
    await refused({ repeat: 'FREQ=WEEKLY;BYDAY=+2SA' }, 422, 'INVALID_REPEAT', 'numbered day');
    await refused({ repeat: 'FREQ=DAILY;BYWEEKNO=20' }, 422, 'INVALID_REPEAT', 'BYWEEKNO');
  });

  it('moves the answers with a one-off event, and keeps a repeating one with answers on its dates', async () => {
    const party = await create({ title: 'Moved party', capacity: 3 });
    const said = await call('b3Owner', 'PUT', `/api/me/events/${party.id}/rsvp`, {
      occurrence: party.startsLocal,
      status: 'yes',
      guests: 1,
    });
    expect(said.statusCode, said.body).toBe(200);
    const moved = await call('manager2', 'PUT', `/api/properties/${harbor}/events/${party.id}`, {
      ...input({ title: 'Moved party', startsLocal: '2027-06-13T15:00', endsLocal: '2027-06-13T18:00' }),
      capacity: 3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Their two seats came along: one place is left on the new date.
    const next = await call('b3Tenant', 'PUT', `/api/me/events/${party.id}/rsvp`, {
      occurrence: '2027-06-13T15:00',
      status: 'yes',
      guests: 1,
    });
    expect(next.statusCode).toBe(409);
    expect(next.json().error.message).toContain('Only 1 place is left');

    const weekly = await create({ title: 'Answered yoga', repeat: 'FREQ=WEEKLY;COUNT=4' });
    expect(
      (
        await call('b3Owner', 'PUT', `/api/me/events/${weekly.id}/rsvp`, {
          occurrence: '2027-06-19T14:00',
          status: 'yes',
        })
      ).statusCode,
    ).toBe(200);
    const rescheduled = await call('manager2', 'PUT', `/api/properties/${harbor}/events/${weekly.id}`, {
      ...input({ title: 'Answered yoga', repeat: 'FREQ=WEEKLY;COUNT=6' }),
    });
    expect(rescheduled.statusCode).toBe(409);
    expect(rescheduled.json().error.code).toBe('EVENT_HAS_ANSWERS');
    // What does not move its dates is still changed.
    const renamed = await call('manager2', 'PUT', `/api/properties/${harbor}/events/${weekly.id}`, {
      ...input({ title: 'Answered yoga, north lawn', repeat: 'FREQ=WEEKLY;COUNT=4' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('refuses an empty title and a capacity of 0, naming the field', async () => {
    const response = await call(
      'manager2',
      'POST',
      `/api/properties/${harbor}/events`,
      input({ title: ' ', capacity: 0 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      title: 'A title is required',
      capacity: 'Capacity must be at least 1, or none',
    });
  });

  it('refuses a window of occurrences that is reversed or too long', async () => {
    const reversed = await call(
      'b3Owner',
      'GET',
      `/api/me/events?${window('2027-06-01T00:00:00Z', '2027-05-01T00:00:00Z')}`,
    );
    expect(reversed.statusCode).toBe(422);
    const long = await call(
      'b3Owner',
      'GET',
      `/api/me/events?${window('2027-01-01T00:00:00Z', '2029-01-01T00:00:00Z')}`,
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().error.message).toContain('at most 400 days');
  });
});

describe('RSVPs', () => {
  const answer = (who: string, event: AssociationEvent, payload: object) =>
    call(who, 'PUT', `/api/me/events/${event.id}/rsvp`, { occurrence: event.startsLocal, ...payload });

  it('counts seats with guests and refuses the seat past capacity with a clear 409', async () => {
    const event = await create({ title: 'Wine tasting', capacity: 3 });
    const first = await answer('b3Owner', event, { status: 'yes', guests: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<EventOccurrence>()).toMatchObject({
      seatsTaken: 2,
      seatsLeft: 1,
      myRsvp: { status: 'yes', guests: 1 },
    });
    const tooMany = await answer('b3Tenant', event, { status: 'yes', guests: 1 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ code: 'EVENT_FULL' });
    expect(tooMany.json().error.message).toContain('Only 1 place is left');
    expect((await answer('b3Tenant', event, { status: 'yes' })).statusCode).toBe(200);
    const full = await answer('harborBoard', event, { status: 'yes' });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toContain('is full: all 3 places are taken');
    // A maybe takes no seat; changing one's mind frees the seats.
    expect((await answer('harborBoard', event, { status: 'maybe' })).json<EventOccurrence>().seatsLeft).toBe(
      0,
    );
    const no = await answer('b3Owner', event, { status: 'no' });
    expect(no.json<EventOccurrence>()).toMatchObject({
      seatsTaken: 1,
      seatsLeft: 2,
      myRsvp: { status: 'no', guests: 0 },
    });
    // The capacity cannot go below who is coming.
    const smaller = await call('manager2', 'PUT', `/api/properties/${harbor}/events/${event.id}`, {
      ...input({ title: 'Wine tasting' }),
      capacity: 1,
    });
    expect(smaller.statusCode).toBe(200);
    const tooSmall = await answer('b3Owner', event, { status: 'yes' });
    expect(tooSmall.statusCode).toBe(409);
    const author = (
      await call('manager2', 'GET', `/api/properties/${harbor}/events/${event.id}`)
    ).json<AssociationEvent>();
    expect(author.rsvps).toEqual({ yes: 1, maybe: 1, no: 1, seats: 1 });
  });

  it('refuses a capacity below the seats taken', async () => {
    const event = await create({ title: 'Book club', capacity: 5 });
    expect((await answer('b3Owner', event, { status: 'yes', guests: 2 })).statusCode).toBe(200);
    const response = await call('manager2', 'PUT', `/api/properties/${harbor}/events/${event.id}`, {
      ...input({ title: 'Book club' }),
      capacity: 2,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CAPACITY_BELOW_RSVPS');
  });

  it('refuses a date the event does not have, a cancelled event, and someone it is not for', async () => {
    const event = await create({ title: 'Garden day' });
    const wrong = await call('b3Owner', 'PUT', `/api/me/events/${event.id}/rsvp`, {
      occurrence: '2027-06-13T14:00',
      status: 'yes',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('UNKNOWN_OCCURRENCE');
    expect((await answer('willowResident', event, { status: 'yes' })).statusCode).toBe(404);
    await call('manager2', 'POST', `/api/properties/${harbor}/events/${event.id}/cancel`);
    const cancelled = await answer('b3Owner', event, { status: 'yes' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.code).toBe('EVENT_CANCELLED');
  });
});

describe('daylight saving, with the server on Asia/Kolkata', () => {
  it('keeps a weekly 18:00 in Chicago at 18:00 across the March change (00:00Z, then 23:00Z)', async () => {
    const event = await create(
      {
        title: 'Yoga on the lawn',
        startsLocal: '2027-03-04T18:00',
        endsLocal: '2027-03-04T19:00',
        repeat: 'FREQ=WEEKLY;COUNT=4',
      },
      'manager',
      willow,
    );
    expect(event.timeZone).toBe('America/Chicago');
    const list = (
      await call(
        'willowResident',
        'GET',
        `/api/me/events?${window('2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z')}`,
      )
    ).json<EventOccurrenceList>();
    const yoga = list.occurrences.filter((occurrence) => occurrence.eventId === event.id);
    expect(yoga.map((occurrence) => occurrence.startsAt)).toEqual([
      '2027-03-05T00:00:00.000Z',
      '2027-03-12T00:00:00.000Z',
      '2027-03-18T23:00:00.000Z',
      '2027-03-25T23:00:00.000Z',
    ]);
    expect(yoga.map((occurrence) => occurrence.occurrence)).toEqual([
      '2027-03-04T18:00',
      '2027-03-11T18:00',
      '2027-03-18T18:00',
      '2027-03-25T18:00',
    ]);
    expect(event.lastEndsAt).toBe('2027-03-26T00:00:00.000Z');

    const ics = await call('willowResident', 'GET', `/api/me/events/${event.id}/calendar.ics`);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('DTSTART;TZID=America/Chicago:20270304T180000');
    expect(ics.body).toContain('DTEND;TZID=America/Chicago:20270304T190000');
    expect(ics.body).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Chicago');
    expect(ics.body).toContain('RRULE:FREQ=WEEKLY;COUNT=4');
    expect(ics.body).toContain('METHOD:PUBLISH');
    expect(ics.body).toContain(`UID:event-${event.id}@localhost`);
    expect(ics.body).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
  });

  it('takes RSVPs for the annual meeting, Nov 9 18:00 America/Los_Angeles, and writes its zone', async () => {
    const meeting = await create({
      title: 'Annual meeting',
      location: 'Clubhouse',
      startsLocal: '2027-11-09T18:00',
      endsLocal: '2027-11-09T20:00',
      audience: { kind: 'owners' },
    });
    expect(meeting.startsAt).toBe('2027-11-10T02:00:00.000Z');
    const going = await call('b3Owner', 'PUT', `/api/me/events/${meeting.id}/rsvp`, {
      occurrence: '2027-11-09T18:00',
      status: 'yes',
    });
    expect(going.statusCode, going.body).toBe(200);
    const ics = (await call('b3Owner', 'GET', `/api/me/events/${meeting.id}/calendar.ics`)).body;
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20271109T180000');
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(ics).toContain('TZID:America/Los_Angeles');
    expect(ics.slice(ics.indexOf('BEGIN:VEVENT'))).not.toContain('RRULE:');
  });

  it('expands a monthly rule across the November change at the same wall-clock time', async () => {
    const event = await create({
      title: 'Board meeting',
      startsLocal: '2027-10-12T19:00',
      endsLocal: '2027-10-12T20:30',
      repeat: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=3',
      audience: { kind: 'everyone' },
    });
    const detail = (await call('b3Owner', 'GET', `/api/me/events/${event.id}`)).json<EventDetail>();
    expect(detail.occurrences.map((occurrence) => [occurrence.occurrence, occurrence.startsAt])).toEqual([
      ['2027-10-12T19:00', '2027-10-13T02:00:00.000Z'],
      ['2027-11-09T19:00', '2027-11-10T03:00:00.000Z'],
      ['2027-12-14T19:00', '2027-12-15T03:00:00.000Z'],
    ]);
    // The second Tuesday of November is an occurrence to answer for; the first is not.
    const answer = (occurrence: string) =>
      call('b3Owner', 'PUT', `/api/me/events/${event.id}/rsvp`, { occurrence, status: 'maybe' });
    expect((await answer('2027-11-09T19:00')).statusCode).toBe(200);
    expect((await answer('2027-11-02T19:00')).statusCode).toBe(422);
  });

  it('normalises a local UNTIL to UTC, as RFC 5545 asks with a TZID start', async () => {
    const event = await create({
      title: 'Summer swim',
      startsLocal: '2027-06-05T09:00',
      endsLocal: '2027-06-05T10:00',
      repeat: 'rrule:freq=weekly;until=20270626',
    });
    expect(event.repeat).toBe('FREQ=WEEKLY;UNTIL=20270627T065959Z');
    expect(event.lastEndsAt).toBe('2027-06-26T17:00:00.000Z');
  });
});

describe('calendar feeds', () => {
  const feedPath = (url: string) => new URL(url).pathname;
  const fetchFeed = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('never writes a feed address to the request log', () => {
    expect(redactSecrets('/api/calendar/hUq3-secret_token.ics')).toBe('/api/calendar/[token]');
    expect(redactSecrets('/api/me/events?limit=5')).toBe('/api/me/events?limit=5');
  });

  it('serves the person’s events by a secret address; unknown, malformed and revoked ones get the same 404', async () => {
    const event = await create({ title: 'Feed party', audience: { kind: 'owners' } });
    const made = await call('b3Owner', 'POST', '/api/me/calendar-feed');
    expect(made.statusCode).toBe(201);
    const feed = made.json<CalendarFeed>();
    expect(feed.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const served = await fetchFeed(feedPath(feed.url!));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('text/calendar');
    expect(served.body).toContain(`UID:event-${event.id}@localhost`);
    expect(served.body).toContain('BEGIN:VTIMEZONE');
    // The status shows no address any more: only its hash is kept.
    expect((await call('b3Owner', 'GET', '/api/me/calendar-feed')).json<CalendarFeed>()).toMatchObject({
      isActive: true,
      url: null,
    });

    const notFound = async (path: string) => {
      const response = await fetchFeed(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain('BEGIN:VCALENDAR');
      const { code, message } = response.json().error;
      return { code, message };
    };
    const unknown = await notFound(`/api/calendar/${'A'.repeat(43)}.ics`);
    expect(await notFound('/api/calendar/short.ics')).toEqual(unknown);
    expect(await notFound(`/api/calendar/${'%27'.repeat(20)}.ics`)).toEqual(unknown);

    // A new address replaces the old one at once.
    const rotated = (await call('b3Owner', 'POST', '/api/me/calendar-feed')).json<CalendarFeed>();
    expect(rotated.url).not.toBe(feed.url);
    expect(await notFound(feedPath(feed.url!))).toEqual(unknown);
    expect((await fetchFeed(feedPath(rotated.url!))).statusCode).toBe(200);
    expect((await call('b3Owner', 'DELETE', '/api/me/calendar-feed')).statusCode).toBe(204);
    expect(await notFound(feedPath(rotated.url!))).toEqual(unknown);
    expect((await call('b3Owner', 'GET', '/api/me/calendar-feed')).json<CalendarFeed>().isActive).toBe(false);
  });

  it('follows the person’s memberships: a cancelled event is marked, and a sold home’s events leave the feed', async () => {
    const seller = await person('Sam Seller', 'ev-seller@example.com');
    const longAgo = await dayOffset(-300);
    const [ownership] = await t.database.db
      .insert(unitOwnerships)
      .values({ unitId: unitIds['3-203']!, userId: seller, startsOn: longAgo })
      .returning({ id: unitOwnerships.id });
    people.seller = { id: seller, cookie: await t.signIn('ev-seller@example.com') };
    const event = await create({ title: 'Owners’ picnic', audience: { kind: 'owners' } });
    const cancelled = await create({ title: 'Cancelled social', audience: { kind: 'owners' } });
    await call('manager2', 'POST', `/api/properties/${harbor}/events/${cancelled.id}/cancel`);
    const url = (await call('seller', 'POST', '/api/me/calendar-feed')).json<CalendarFeed>().url!;
    const before = (await fetchFeed(feedPath(url))).body;
    expect(before).toContain(`UID:event-${event.id}@localhost`);
    const cancelledBlock = before.split('BEGIN:VEVENT').find((block) => block.includes(cancelled.id))!;
    expect(cancelledBlock).toContain('STATUS:CANCELLED');
    expect(cancelledBlock).toContain('SEQUENCE:1');
    // The sale closes today: the feed no longer carries the owners' events.
    await t.database.db
      .update(unitOwnerships)
      .set({ endsOn: await dayOffset(0) })
      .where(eq(unitOwnerships.id, ownership!.id));
    const after = (await fetchFeed(feedPath(url))).body;
    expect(after).toContain('BEGIN:VCALENDAR');
    expect(after).not.toContain('BEGIN:VEVENT');
  });
});
