import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { Amenity, Availability, Booking, MyAmenity } from '@commonwise/contracts';
import {
  bookingMoney,
  bookings,
  charges,
  glAccounts,
  journalLines,
  notifications,
  properties,
  units,
} from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { expireHold, sendReminders } from './bookings.service.ts';
import { draftBookingReply } from './chat-booking.ts';
import { firstOpenDay, insertCharges, postingAccounts } from '../finance/charges.ts';
import { profiles } from '../../db/schema/index.ts';

/**
 * Amenities and bookings (issue 23 item 5) through the API, under a process time zone that is not the
 * association's (Asia/Kolkata, half an hour off any US zone), so a time computed on the process's clock
 * would show: the clubhouse's rules and the flow held → paid → pending → approved with its .ics; a second
 * booker for the same slot told the next free times; every bad input with what is possible instead;
 * cancellation inside and after the free window; deposit settlement; a shared pool's capacity; tenants.
 */

let t: TestApp;
let willow: string;
let harbor: string;
let cookies: Record<'manager' | 'resident' | 'board' | 'admin' | 'resident2', string>;
let clubhouse: Amenity;
let pool: Amenity;
const zone = 'America/Chicago';
const originalTz = process.env.TZ;

const post = (cookie: string, url: string, payload: object) =>
  injectAs(t.app, cookie, { method: 'POST', url, payload });
const get = (cookie: string, url: string) => injectAs(t.app, cookie, { method: 'GET', url });

/** A day of next month on the association's clock (at least four days ahead, well within 60). */
const nextMonthDay = (day: number) =>
  Temporal.Now.plainDateISO(zone).add({ months: 1 }).with({ day }).toString();
let keyCount = 0;
const key = () => `test-key-${++keyCount}-${Date.now()}`;

const clubhouseInput = {
  name: 'Clubhouse',
  kind: 'clubhouse',
  description: 'Kitchen, 40 chairs, a terrace.',
  timeZone: zone,
  capacityMode: 'exclusive',
  capacity: 1,
  slotMinutes: 60,
  minMinutes: 120,
  maxMinutes: 360,
  leadMinutes: 2 * 24 * 60,
  advanceDays: 60,
  approvalRequired: true,
  feeCents: 5000,
  depositCents: 25000,
  cancelFreeUntilMinutes: 48 * 60,
  lateCancelFeeCents: 5000,
  eligibleKinds: ['owner', 'owner_occupant', 'tenant'],
  hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '10:00', closes: '22:00' })),
  limits: [{ per: 'unit', period: 'month', max: 2 }],
};

function bookingOf(amenityId: string, unitId: string, startsLocal: string, endsLocal: string, extra = {}) {
  return { amenityId, unitId, startsLocal, endsLocal, acceptRules: true, idempotencyKey: key(), ...extra };
}

async function unitId(label: string, propertyId = willow) {
  const [row] = await t.database.db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.propertyId, propertyId), eq(units.label, label)));
  return row!.id;
}

beforeAll(async () => {
  process.env.TZ = 'Asia/Kolkata';
  t = await createTestApp();
  const idOf = async (name: string) =>
    (await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!
      .id;
  willow = await idOf('Willow Creek Commons');
  harbor = await idOf('Harbor View Condominiums');
  cookies = {
    manager: await t.cookieFor('manager'),
    resident: await t.cookieFor('resident'),
    board: await t.cookieFor('board'),
    admin: await t.cookieFor('admin'),
    resident2: await t.signIn('resident2@commonwise.test'),
  };
});
afterAll(async () => {
  await t.close();
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('amenity rules', () => {
  it('lets the manager describe the clubhouse, and refuses rules that contradict themselves', async () => {
    const url = `/api/properties/${willow}/amenities`;
    const refusals: [Record<string, unknown>, string][] = [
      [{ minMinutes: 480, maxMinutes: 240 }, 'MIN_OVER_MAX'],
      [
        {
          hours: [
            { weekday: 6, opens: '10:00', closes: '14:00' },
            { weekday: 6, opens: '13:00', closes: '18:00' },
          ],
        },
        'HOURS_OVERLAP',
      ],
      [{ timeZone: 'Chicago' }, 'INVALID_TIME_ZONE'],
      // Texas: whether a delinquent unit may be kept from amenities is not known, so it is not invented.
      [{ blockDelinquent: true }, 'DELINQUENCY_RULE_UNKNOWN'],
      [{ capacity: 4 }, 'EXCLUSIVE_CAPACITY'],
    ];
    for (const [change, code] of refusals) {
      const response = await post(cookies.manager, url, { ...clubhouseInput, ...change });
      expect(response.statusCode, code).toBe(422);
      expect(response.json().error.code).toBe(code);
    }
    const made = await post(cookies.manager, url, clubhouseInput);
    expect(made.statusCode).toBe(201);
    clubhouse = made.json();
    expect(clubhouse).toMatchObject({
      name: 'Clubhouse',
      timeZone: zone,
      feeCents: 5000,
      depositCents: 25000,
    });
    expect((await post(cookies.manager, url, clubhouseInput)).json().error.code).toBe('NAME_TAKEN');
    // The board reads amenities but does not set them up; the other association's manager cannot see them.
    expect((await post(cookies.board, url, clubhouseInput)).statusCode).toBe(403);
    const mine = (await get(cookies.resident, '/api/me/amenities')).json().amenities as MyAmenity[];
    const seen = mine.find((amenity) => amenity.id === clubhouse.id)!;
    expect(seen.homes).toEqual([expect.objectContaining({ unitLabel: '14B', canBook: true })]);
  });
});

describe('booking the clubhouse', () => {
  let booking: Booking;
  const saturday = () => nextMonthDay(6);

  it('holds the slot until the fee and deposit are paid, shows it taken, then waits for approval', async () => {
    const made = await post(
      cookies.resident,
      '/api/me/amenity-bookings',
      bookingOf(clubhouse.id, await unitId('14B'), `${saturday()}T14:00`, `${saturday()}T18:00`, {
        headcount: 30,
      }),
    );
    expect(made.statusCode).toBe(201);
    booking = made.json();
    expect(booking).toMatchObject({
      status: 'held',
      amountDueCents: 30000,
      startsLocal: `${saturday()}T14:00`,
    });
    const holdMinutes = (Date.parse(booking.holdExpiresAt!) - Date.now()) / 60_000;
    expect(holdMinutes).toBeGreaterThan(14);
    expect(holdMinutes).toBeLessThanOrEqual(15);
    // The instant is 14:00 in Chicago, whatever the server's own zone.
    const offset = Temporal.Instant.from(booking.startsAt).toZonedDateTimeISO(zone);
    expect(offset.hour).toBe(14);

    const day = (
      await get(cookies.board, `/api/me/amenities/${clubhouse.id}/availability?date=${saturday()}`)
    ).json() as Availability;
    expect(day.slots.map((slot) => `${slot.label} ${slot.status}`)).toEqual(
      expect.arrayContaining(['1:00 PM free', '2:00 PM tentative', '5:00 PM tentative', '6:00 PM free']),
    );

    const wrongAmount = await post(cookies.resident, `/api/me/amenity-bookings/${booking.id}/pay`, {
      method: 'card',
      amountCents: 5000,
      idempotencyKey: key(),
    });
    expect(wrongAmount.json().error.code).toBe('AMOUNT_CHANGED');
    const paid = await post(cookies.resident, `/api/me/amenity-bookings/${booking.id}/pay`, {
      method: 'card',
      amountCents: 30000,
      idempotencyKey: key(),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'pending', depositStatus: 'held', amountDueCents: 0 });
    // Willow's manager is told a booking waits for approval.
    const [managerProfile] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, 'manager@commonwise.test'));
    const [toApprove] = await t.database.db
      .select({ title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, managerProfile!.id),
          eq(notifications.kind, 'community.booking-approval'),
        ),
      );
    expect(toApprove).toMatchObject({ link: '/community/amenities' });
    expect(toApprove!.title).toMatch(/^Booking to approve: Clubhouse, /);
    // The money is the association's fee income and a deposit it owes back, not a payment on 14B's account.
    const lines = await t.database.db
      .select({ key: glAccounts.systemKey, cents: journalLines.amountCents, unitId: journalLines.unitId })
      .from(bookingMoney)
      .innerJoin(journalLines, eq(journalLines.entryId, bookingMoney.journalEntryId))
      .innerJoin(glAccounts, eq(glAccounts.id, journalLines.accountId))
      .where(eq(bookingMoney.bookingId, booking.id));
    expect(lines).toEqual(
      expect.arrayContaining([
        { key: 'operating_cash', cents: 30000, unitId: null },
        { key: 'fee_income', cents: -5000, unitId: null },
        { key: 'amenity_deposits', cents: -25000, unitId: null },
      ]),
    );
  });

  it('tells a second booker the slot is taken and offers the next three free times', async () => {
    const response = await post(
      cookies.board,
      '/api/me/amenity-bookings',
      bookingOf(clubhouse.id, await unitId('7A'), `${saturday()}T15:00`, `${saturday()}T17:00`),
    );
    expect(response.statusCode).toBe(409);
    const error = response.json().error;
    expect(error.code).toBe('SLOT_TAKEN');
    expect(error.message).not.toMatch(/conflicting key|tstzrange|\(amenity_id/);
    expect(error.alternatives).toHaveLength(3);
    for (const alternative of error.alternatives) {
      const start = Temporal.Instant.from(alternative.startsAt);
      const end = Temporal.Instant.from(alternative.endsAt);
      const overlaps =
        Temporal.Instant.compare(start, Temporal.Instant.from(booking.endsAt)) < 0 &&
        Temporal.Instant.compare(end, Temporal.Instant.from(booking.startsAt)) > 0;
      expect(overlaps).toBe(false);
      expect(end.since(start).total('minutes')).toBe(120);
    }
    // The next free times after the one asked for: right after the booking that holds it.
    expect(error.alternatives[0]).toMatchObject({
      startsLocal: `${saturday()}T18:00`,
      endsLocal: `${saturday()}T20:00`,
    });
  });

  it('confirms it when the manager approves, with an .ics on the association’s clock', async () => {
    const approved = await post(
      cookies.manager,
      `/api/properties/${willow}/amenity-bookings/${booking.id}/approve`,
      {},
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('confirmed');
    const notices = await t.database.db
      .select({ title: notifications.title, kind: notifications.kind })
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'community.booking'),
          sql`${notifications.title} like 'Booking confirmed%'`,
        ),
      );
    expect(notices.length).toBeGreaterThan(0);
    const ics = await get(cookies.resident, `/api/me/amenity-bookings/${booking.id}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VTIMEZONE');
    expect(ics.body).toContain(`DTSTART;TZID=${zone}:${saturday().replaceAll('-', '')}T140000`);
    expect(ics.body).toContain(`DTEND;TZID=${zone}:${saturday().replaceAll('-', '')}T180000`);
    expect((await get(cookies.board, `/api/me/amenity-bookings/${booking.id}/calendar.ics`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a third booking of the month for the same unit, naming the limit', async () => {
    const second = await post(
      cookies.resident,
      '/api/me/amenity-bookings',
      bookingOf(clubhouse.id, await unitId('14B'), `${nextMonthDay(7)}T10:00`, `${nextMonthDay(7)}T12:00`),
    );
    expect(second.statusCode).toBe(201);
    const third = await post(
      cookies.resident,
      '/api/me/amenity-bookings',
      bookingOf(clubhouse.id, await unitId('14B'), `${nextMonthDay(8)}T10:00`, `${nextMonthDay(8)}T12:00`),
    );
    expect(third.statusCode).toBe(422);
    expect(third.json().error.code).toBe('LIMIT_PER_UNIT_MONTH');
    expect(third.json().error.message).toContain('the most allowed (2 per home per month)');
    expect(third.json().error.message).toMatch(/You can book it again from \w+day, \w+ 1, \d{4}/);
    // The unpaid hold lapses: it no longer counts, and the third one goes through.
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, second.json().id));
    expect(await expireHold(t.database.db, second.json().id)).toBe(true);
    expect((await get(cookies.resident, `/api/me/amenity-bookings/${second.json().id}`)).json().status).toBe(
      'expired',
    );
    const again = await post(
      cookies.resident,
      '/api/me/amenity-bookings',
      bookingOf(clubhouse.id, await unitId('14B'), `${nextMonthDay(8)}T10:00`, `${nextMonthDay(8)}T12:00`),
    );
    expect(again.statusCode).toBe(201);
  });
});

describe('bad input, each with why and what is possible', () => {
  const ask = async (
    startsLocal: string,
    endsLocal: string,
    extra: Record<string, unknown> = {},
    cookie = cookies.board,
  ) =>
    post(
      cookie,
      '/api/me/amenity-bookings',
      bookingOf(clubhouse.id, await unitId('7A'), startsLocal, endsLocal, extra),
    );
  const day = () => nextMonthDay(12);

  it('outside the opening hours', async () => {
    const response = await ask(`${day()}T20:00`, `${day()}T23:00`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'OUTSIDE_HOURS' });
    expect(response.json().error.message).toMatch(/open 10:00 AM–10:00 PM on \w+days/);
    expect(response.json().error.alternatives.length).toBeGreaterThan(0);
    // Two hours from 9 PM do not fit before closing at 10: the first offered is 8 PM that day.
    const late = await ask(`${day()}T21:00`, `${day()}T23:00`);
    expect(late.json().error.code).toBe('OUTSIDE_HOURS');
    expect(late.json().error.alternatives[0].startsLocal).toBe(`${day()}T20:00`);
  });

  it('ending before it starts', async () => {
    const response = await ask(`${day()}T14:00`, `${day()}T12:00`);
    expect(response.json().error).toMatchObject({ code: 'ENDS_BEFORE_START' });
    expect(response.statusCode).toBe(422);
  });

  it('shorter or longer than allowed, or off the slots', async () => {
    expect((await ask(`${day()}T14:00`, `${day()}T15:00`)).json().error.code).toBe('TOO_SHORT');
    expect((await ask(`${day()}T12:00`, `${day()}T20:00`)).json().error.code).toBe('TOO_LONG');
    expect((await ask(`${day()}T14:30`, `${day()}T16:30`)).json().error.code).toBe('NOT_ON_SLOT');
  });

  it('too soon, or too far ahead', async () => {
    const tomorrow = Temporal.Now.plainDateISO(zone).add({ days: 1 }).toString();
    const soon = await ask(`${tomorrow}T14:00`, `${tomorrow}T16:00`);
    expect(soon.json().error.code).toBe('TOO_SOON');
    expect(soon.json().error.message).toContain('at least 48 hours ahead');
    expect(
      soon.json().error.alternatives[0].startsLocal >=
        Temporal.Now.plainDateISO(zone).add({ days: 2 }).toString(),
    ).toBe(true);
    const far = Temporal.Now.plainDateISO(zone).add({ days: 90 }).toString();
    expect((await ask(`${far}T14:00`, `${far}T16:00`)).json().error.code).toBe('TOO_FAR_AHEAD');
  });

  it('in a blackout, with its reason', async () => {
    const closed = await post(
      cookies.manager,
      `/api/properties/${willow}/amenities/${clubhouse.id}/blackouts`,
      {
        startsLocal: `${day()}T08:00`,
        endsLocal: `${day()}T23:00`,
        reason: 'Floors are being refinished',
      },
    );
    expect(closed.statusCode).toBe(201);
    const response = await ask(`${day()}T14:00`, `${day()}T16:00`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('BLACKOUT');
    expect(response.json().error.message).toContain('Floors are being refinished');
    expect(response.json().error.alternatives[0].startsLocal.slice(0, 10)).not.toBe(day());
    const slots = (
      await get(cookies.board, `/api/me/amenities/${clubhouse.id}/availability?date=${day()}`)
    ).json() as Availability;
    expect(
      slots.slots.every((slot) => slot.status === 'closed' && slot.note === 'Floors are being refinished'),
    ).toBe(true);
  });

  it('a time the clocks skip, or one spanning the change', async () => {
    const gap = await ask('2027-03-14T02:30', '2027-03-14T04:00');
    expect(gap.statusCode).toBe(422);
    expect(gap.json().error.code).toBe('TIME_NOT_IN_ZONE');
    expect(gap.json().error.message).toContain('spring forward');
    const across = await ask('2027-03-14T01:00', '2027-03-14T04:00');
    expect(across.json().error.code).toBe('SPANS_CLOCK_CHANGE');
    expect(across.json().error.message).toContain('2 hours, not 3 hours');
    const fold = await ask('2026-11-01T01:30', '2026-11-01T03:00');
    expect(fold.json().error.code).toBe('TIME_NOT_IN_ZONE');
    expect(fold.json().error.message).toContain('happens twice');
  });

  it('someone who may not book: a tenant where only owners may, or a home that is not theirs', async () => {
    const ownersOnly = await post(cookies.admin, `/api/properties/${harbor}/amenities`, {
      ...clubhouseInput,
      name: 'Harbor guest suite',
      kind: 'guest_suite',
      timeZone: 'America/Los_Angeles',
      feeCents: 0,
      depositCents: 0,
      eligibleKinds: ['owner'],
    });
    expect(ownersOnly.statusCode).toBe(201);
    const [home] = (await get(cookies.resident2, '/api/me/amenities'))
      .json()
      .amenities.find((amenity: MyAmenity) => amenity.id === ownersOnly.json().id).homes;
    expect(home.canBook).toBe(false);
    const response = await post(
      cookies.resident2,
      '/api/me/amenity-bookings',
      bookingOf(ownersOnly.json().id, home.unitId, `${day()}T14:00`, `${day()}T16:00`),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('NOT_ELIGIBLE');
    expect(response.json().error.message).toContain('only owners may book Harbor guest suite');
    const notMine = await ask(`${nextMonthDay(13)}T14:00`, `${nextMonthDay(13)}T16:00`, {
      unitId: await unitId('14B'),
    });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toMatchObject({ code: 'NOT_YOUR_HOME' });
    expect(notMine.json().error.message).toContain('7A');
  });
});

describe('cancelling and the deposit', () => {
  const bookAs7A = async (day: string) =>
    (
      await post(
        cookies.board,
        '/api/me/amenity-bookings',
        bookingOf(clubhouse.id, await unitId('7A'), `${day}T10:00`, `${day}T12:00`),
      )
    ).json() as Booking;
  const payFor = (booking: Booking) =>
    post(cookies.board, `/api/me/amenity-bookings/${booking.id}/pay`, {
      method: 'card',
      amountCents: 30000,
      idempotencyKey: key(),
    });
  /** As if it took place: it ended three hours ago. */
  const moveToThePast = (bookingId: string) =>
    t.database.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 5 * 3600_000), endsAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(bookings.id, bookingId));
  it('cancels inside the free window at no charge, refunding fee and deposit', async () => {
    const day = nextMonthDay(20);
    const made = await bookAs7A(day);
    await payFor(made);
    const cancelled = await post(cookies.board, `/api/me/amenity-bookings/${made.id}/cancel`, {
      reason: 'Plans changed',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      depositStatus: 'released',
      lateFeeChargeId: null,
    });
    const money = await t.database.db.select().from(bookingMoney).where(eq(bookingMoney.bookingId, made.id));
    expect(money.map((row) => [row.kind, row.feeCents, row.depositCents])).toEqual(
      expect.arrayContaining([
        ['payment', 5000, 25000],
        ['refund', 5000, 25000],
      ]),
    );
    // The slot is free again.
    const again = await post(
      cookies.board,
      '/api/me/amenity-bookings',
      bookingOf(clubhouse.id, await unitId('7A'), `${day}T10:00`, `${day}T12:00`),
    );
    expect(again.statusCode).toBe(201);
  });

  it('after the window, says the late fee first, then posts it to the unit’s account', async () => {
    const day = nextMonthDay(21);
    const made = await bookAs7A(day);
    await payFor(made);
    // It starts within 48 hours now.
    await t.database.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() + 3600_000), endsAt: new Date(Date.now() + 3 * 3600_000) })
      .where(eq(bookings.id, made.id));
    const shown = (await get(cookies.board, `/api/me/amenity-bookings/${made.id}`)).json() as Booking;
    expect(shown).toMatchObject({ isLateToCancel: true, lateCancelFeeCents: 5000 });
    const asked = await post(cookies.board, `/api/me/amenity-bookings/${made.id}/cancel`, {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.code).toBe('LATE_FEE_APPLIES');
    expect(asked.json().error.message).toContain('$50.00');
    const cancelled = await post(cookies.board, `/api/me/amenity-bookings/${made.id}/cancel`, {
      acceptLateFee: true,
    });
    expect(cancelled.statusCode).toBe(200);
    const [charge] = await t.database.db
      .select()
      .from(charges)
      .where(eq(charges.id, cancelled.json().lateFeeChargeId));
    expect(charge).toMatchObject({ kind: 'fee', amountCents: 5000, unitId: await unitId('7A') });
    expect(charge!.description).toContain('Late cancellation: Clubhouse');
  });

  it('releases or deducts the deposit after the event, telling the booker why', async () => {
    const day = nextMonthDay(22);
    const made = await bookAs7A(day);
    await payFor(made);
    await post(cookies.manager, `/api/properties/${willow}/amenity-bookings/${made.id}/approve`, {});
    const url = `/api/properties/${willow}/amenity-bookings/${made.id}/deposit`;
    const early = await post(cookies.manager, url, { action: 'release' });
    expect(early.json().error.code).toBe('BOOKING_NOT_OVER');
    const listed = async (view: string) =>
      (await get(cookies.manager, `/api/properties/${willow}/amenity-bookings?view=${view}&limit=100`))
        .json()
        .bookings.map((item: Booking) => item.id);
    expect(await listed('upcoming')).toContain(made.id);
    expect(await listed('deposits')).not.toContain(made.id);
    await moveToThePast(made.id);
    // Ended with its deposit held: no longer coming up, and waiting for the manager to settle it.
    expect(await listed('upcoming')).not.toContain(made.id);
    expect(await listed('deposits')).toContain(made.id);
    const upcoming = (
      await get(cookies.manager, `/api/properties/${willow}/amenity-bookings?view=upcoming&limit=100`)
    ).json().bookings as Booking[];
    for (const item of upcoming) {
      expect(['held', 'pending', 'confirmed']).toContain(item.status);
      expect(Date.parse(item.endsAt)).toBeGreaterThan(Date.now());
    }
    expect(upcoming.map((item) => item.startsAt)).toEqual(upcoming.map((item) => item.startsAt).sort());
    const tooMuch = await post(cookies.manager, url, {
      action: 'deduct',
      deductionCents: 30000,
      reason: 'Broken table',
    });
    expect(tooMuch.json().error.code).toBe('DEDUCTION_OVER_DEPOSIT');
    const settled = await post(cookies.manager, url, {
      action: 'deduct',
      deductionCents: 7500,
      reason: 'A broken folding table',
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({
      status: 'completed',
      depositStatus: 'deducted',
      depositDeductedCents: 7500,
      depositReason: 'A broken folding table',
    });
    const [notice] = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.title, 'Deposit settled: $75.00 kept'));
    expect(notice!.body).toContain('A broken folding table');
    expect(notice!.body).toContain('$175.00 is refunded');
    expect(await listed('deposits')).not.toContain(made.id);
  });

  it("keeps photos of the deposit's settlement: the managers' until it is settled, then the booker's too", async () => {
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#8a5a2b' },
    })
      .jpeg()
      .toBuffer();
    const upload = (cookie: string, bookingId: string, name = 'table.jpg') => {
      const body = new FormData();
      body.append('bookingId', bookingId);
      body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
      return injectAs(t.app, cookie, { method: 'POST', url: '/api/attachments', payload: body });
    };
    const day = nextMonthDay(23);
    const made = await bookAs7A(day);
    // No deposit held yet (the booking is not paid): nothing to add photos to.
    const unpaid = await upload(cookies.manager, made.id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.code).toBe('NO_DEPOSIT_HELD');
    await payFor(made);
    await post(cookies.manager, `/api/properties/${willow}/amenity-bookings/${made.id}/approve`, {});
    // The booker, a resident and another association's manager cannot add to it.
    for (const cookie of [cookies.board, cookies.resident2])
      expect((await upload(cookie, made.id)).statusCode).toBe(404);
    const added = await upload(cookies.manager, made.id);
    expect(added.statusCode, added.body).toBe(201);
    const file = added.json<{ id: string; url: string }>();
    const managersList = `/api/properties/${willow}/amenity-bookings/${made.id}/attachments`;
    const bookersList = `/api/me/amenity-bookings/${made.id}/attachments`;
    expect((await get(cookies.manager, managersList)).json().attachments).toHaveLength(1);
    // Before the settlement the booker sees none of them, by the list or by the file's link.
    expect((await get(cookies.board, bookersList)).json()).toEqual({ attachments: [] });
    expect((await get(cookies.board, file.url)).statusCode).toBe(404);
    expect((await get(cookies.resident, managersList)).statusCode).toBe(403);

    await moveToThePast(made.id);
    const settled = await post(
      cookies.manager,
      `/api/properties/${willow}/amenity-bookings/${made.id}/deposit`,
      {
        action: 'deduct',
        deductionCents: 5000,
        reason: 'A scorched countertop',
      },
    );
    expect(settled.statusCode, settled.body).toBe(200);
    const [notice] = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.title, 'Deposit settled: $50.00 kept'));
    expect(notice!.body).toContain('A photo or file is on your booking.');
    const forBooker = (await get(cookies.board, bookersList)).json();
    expect(forBooker.attachments.map((item: { id: string }) => item.id)).toEqual([file.id]);
    expect((await get(cookies.board, forBooker.attachments[0].url)).statusCode).toBe(200);
    // Settled: the evidence stays as the booker was shown it.
    const removal = await injectAs(t.app, cookies.manager, {
      method: 'DELETE',
      url: `/api/attachments/${file.id}`,
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error.message).toContain('The deposit is settled');
    expect((await upload(cookies.manager, made.id, 'late.jpg')).json().error.code).toBe('NO_DEPOSIT_HELD');
  });
});

describe('a shared pool', () => {
  it('takes bookings up to its capacity per slot, then says it is full', async () => {
    const made = await post(cookies.manager, `/api/properties/${willow}/amenities`, {
      ...clubhouseInput,
      name: 'Pool',
      kind: 'pool',
      capacityMode: 'shared',
      capacity: 3,
      minMinutes: 60,
      maxMinutes: 120,
      leadMinutes: 0,
      approvalRequired: false,
      feeCents: 0,
      depositCents: 0,
      limits: [],
    });
    expect(made.statusCode).toBe(201);
    pool = made.json();
    const day = nextMonthDay(15);
    const first = await post(
      cookies.resident,
      '/api/me/amenity-bookings',
      bookingOf(pool.id, await unitId('14B'), `${day}T10:00`, `${day}T12:00`, { headcount: 2 }),
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().status).toBe('confirmed');
    const full = await post(
      cookies.board,
      '/api/me/amenity-bookings',
      bookingOf(pool.id, await unitId('7A'), `${day}T11:00`, `${day}T12:00`, { headcount: 2 }),
    );
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('SLOT_FULL');
    expect(full.json().error.alternatives[0]).toMatchObject({ startsLocal: `${day}T12:00` });
    const one = await post(
      cookies.board,
      '/api/me/amenity-bookings',
      bookingOf(pool.id, await unitId('7A'), `${day}T11:00`, `${day}T12:00`),
    );
    expect(one.statusCode).toBe(201);
    const slots = (
      await get(cookies.resident, `/api/me/amenities/${pool.id}/availability?date=${day}`)
    ).json() as Availability;
    expect(
      slots.slots
        .filter((slot) => slot.label.startsWith('10:00') || slot.label.startsWith('11:00'))
        .map((slot) => [slot.taken, slot.status]),
    ).toEqual([
      [2, 'free'],
      [3, 'full'],
    ]);
    // Cancelling gives the places back.
    await post(cookies.resident, `/api/me/amenity-bookings/${first.json().id}/cancel`, {});
    const after = await post(
      cookies.board,
      '/api/me/amenity-bookings',
      bookingOf(pool.id, await unitId('7A'), `${day}T10:00`, `${day}T11:00`, { headcount: 3 }),
    );
    expect(after.statusCode).toBe(201);
  });

  it('shows a day with a clock change without the skipped hour', async () => {
    const allDay = await post(cookies.manager, `/api/properties/${willow}/amenities`, {
      ...clubhouseInput,
      name: 'Gym',
      kind: 'gym',
      capacityMode: 'shared',
      capacity: 10,
      minMinutes: 60,
      maxMinutes: 120,
      feeCents: 0,
      depositCents: 0,
      approvalRequired: false,
      hours: [{ weekday: 7, opens: '00:00', closes: '06:00' }],
      limits: [],
    });
    const day = (
      await get(cookies.resident, `/api/me/amenities/${allDay.json().id}/availability?date=2027-03-14`)
    ).json() as Availability;
    expect(day.slots.map((slot) => slot.startsLocal.slice(11))).toEqual(['00:00', '03:00', '04:00', '05:00']);
    expect(day.slots[0]!.startsAt).toBe('2027-03-14T06:00:00Z');
    expect(day.slots[1]!.startsAt).toBe('2027-03-14T08:00:00Z');
  });
});

describe('the day-before reminder', () => {
  it('reminds a confirmed booking starting within a day, once', async () => {
    const day = nextMonthDay(25);
    const made = (
      await post(
        cookies.resident,
        '/api/me/amenity-bookings',
        bookingOf(pool.id, await unitId('14B'), `${day}T10:00`, `${day}T11:00`),
      )
    ).json() as Booking;
    expect(made.status).toBe('confirmed');
    await t.database.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() + 20 * 3600_000), endsAt: new Date(Date.now() + 21 * 3600_000) })
      .where(eq(bookings.id, made.id));
    expect(await sendReminders(t.database.db, t.app.notifier, new Date())).toBeGreaterThanOrEqual(1);
    expect(await sendReminders(t.database.db, t.app.notifier, new Date())).toBe(0);
    const [notice] = await t.database.db
      .select({ title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'community.booking-reminder'),
          eq(notifications.link, `/amenities?booking=${made.id}`),
        ),
      );
    expect(notice!.title).toMatch(/^Tomorrow: Pool, /);
  });
});

describe('the assistant’s draft', () => {
  it('checks the time with the booking rules and links to the booking page; it books nothing', async () => {
    const [ryan] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'resident@commonwise.test'));
    const actor = {
      id: ryan!.id,
      email: ryan!.email,
      fullName: ryan!.fullName,
      role: 'resident' as const,
      twoFactorEnabled: false,
    };
    const deps = { actor, notifier: t.app.notifier };
    const day = nextMonthDay(27);
    const before = await t.database.db.select({ id: bookings.id }).from(bookings);
    const free = await draftBookingReply(t.database.db, deps, `book the pool ${day} 10-11`);
    expect(free!.content).toMatch(
      /^Pool is free .* for 14B\. There is no fee\. Confirm it on the booking page:$/,
    );
    expect(free!.links[0]!.href).toBe(
      `/amenities?amenity=${pool.id}&start=${day}T10%3A00&end=${day}T11%3A00`,
    );
    const closed = await draftBookingReply(t.database.db, deps, `book the clubhouse ${day} 20-23`);
    expect(closed!.content).toContain('outside the opening hours');
    expect(closed!.links.length).toBeGreaterThan(0);
    expect(await draftBookingReply(t.database.db, deps, 'how do I reserve the clubhouse?')).toBeNull();
    expect(await draftBookingReply(t.database.db, deps, 'the pool gate is broken')).toBeNull();
    expect(await t.database.db.select({ id: bookings.id }).from(bookings)).toHaveLength(before.length);
  });
});

describe('a delinquent unit, where the law lets the association suspend amenities', () => {
  it('refuses a Florida HOA unit more than 90 days behind, citing the statute', async () => {
    await t.database.db.update(properties).set({ jurisdiction: 'FL-720' }).where(eq(properties.id, harbor));
    const made = await post(cookies.admin, `/api/properties/${harbor}/amenities`, {
      ...clubhouseInput,
      name: 'Harbor pool',
      kind: 'pool',
      timeZone: 'America/Los_Angeles',
      feeCents: 0,
      depositCents: 0,
      approvalRequired: false,
      limits: [],
      blockDelinquent: true,
    });
    expect(made.statusCode).toBe(201);
    const [home] = (await get(cookies.resident2, '/api/me/amenities'))
      .json()
      .amenities.find((amenity: MyAmenity) => amenity.id === made.json().id).homes;
    expect(home.canBook).toBe(true);
    const dueOn = Temporal.Now.plainDateISO('America/Los_Angeles').subtract({ days: 120 }).toString();
    await t.database.db.transaction(async (tx) => {
      const accounts = await postingAccounts(tx, harbor, 'assessment', undefined);
      await insertCharges(
        tx,
        harbor,
        accounts,
        [
          {
            unitId: home.unitId,
            kind: 'assessment',
            description: 'Old assessment',
            dueOn,
            amountCents: 32550,
          },
        ],
        await firstOpenDay(tx, harbor, Temporal.Now.plainDateISO('America/Los_Angeles').toString()),
        null,
      );
    });
    const day = nextMonthDay(14);
    const response = await post(
      cookies.resident2,
      '/api/me/amenity-bookings',
      bookingOf(made.json().id, home.unitId, `${day}T14:00`, `${day}T16:00`),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('NOT_ELIGIBLE');
    expect(response.json().error.message).toContain('Fla. Stat. §720.305(4)');
    expect(response.json().error.message).toContain('more than 90 days past due');
  });
});
