import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { AmenityBookerKind } from '@commonwise/contracts';
import type { Db } from './client.ts';
import { amenities, amenityHours, amenityLimits, bookings, units } from './schema/index.ts';
import { postBookingMoney } from '../modules/amenities/booking-money.ts';

/**
 * Willow Creek's amenities for the demo (issue 23 item 5), with the rules HOA-DOMAIN §5.5 describes:
 * - the clubhouse: exclusive, 1-hour slots, 2–6 hour bookings, 10 AM–10 PM, booked 2–60 days ahead, at
 *   most 2 per unit a month, approval required, a $50 fee and a $250 deposit, free cancellation until
 *   48 hours before, a $50 late-cancellation fee;
 * - the pool: shared by up to 20 people, 7 AM–9 PM, 1–3 hours, no fee;
 * - tennis courts 1 and 2: exclusive, 1–2 hours, 7 AM–9 PM, at most 4 per unit a week.
 * Bookings: Ryan Chen (14B) has court 2 on Saturday 9–10 AM and swims on Sunday; Beatrice Hall (7A) has
 * asked for the clubhouse for a birthday (paid, waiting for the manager's approval); and last weekend's
 * clubhouse party at 14B is over with its deposit still held, for the manager to settle.
 */
export async function seedDemoAmenities(
  tx: Db,
  willowCreekId: string,
  people: { resident: string; board: string; manager: string },
): Promise<void> {
  const zone = 'America/Chicago';
  const everyDay = (opens: string, closes: string) =>
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens, closes }));
  const residents: AmenityBookerKind[] = ['owner', 'owner_occupant', 'tenant', 'family_member'];
  const amenity = async (
    values: Omit<typeof amenities.$inferInsert, 'propertyId' | 'timeZone' | 'eligibleKinds'>,
    hours: { weekday: number; opens: string; closes: string }[],
    limits: { per: 'unit' | 'person'; period: 'day' | 'week' | 'month'; max: number }[],
  ) => {
    const [row] = await tx
      .insert(amenities)
      .values({
        ...values,
        propertyId: willowCreekId,
        timeZone: zone,
        eligibleKinds: residents,
        createdBy: people.manager,
      })
      .returning();
    await tx.insert(amenityHours).values(hours.map((item) => ({ amenityId: row!.id, ...item })));
    if (limits.length > 0)
      await tx.insert(amenityLimits).values(limits.map((limit) => ({ amenityId: row!.id, ...limit })));
    return row!;
  };
  const clubhouse = await amenity(
    {
      name: 'Clubhouse',
      kind: 'clubhouse',
      description:
        'Kitchen, seating for 40 and the terrace. Clean up by the end of the booking; no glass by the pool.',
      capacityMode: 'exclusive',
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
    },
    everyDay('10:00', '22:00'),
    [{ per: 'unit', period: 'month', max: 2 }],
  );
  const pool = await amenity(
    {
      name: 'Pool',
      kind: 'pool',
      description: 'Heated, with a lifeguard on weekends. Children under 14 swim with an adult.',
      capacityMode: 'shared',
      capacity: 20,
      slotMinutes: 60,
      minMinutes: 60,
      maxMinutes: 180,
      advanceDays: 14,
    },
    everyDay('07:00', '21:00'),
    [],
  );
  const court = (name: string) =>
    amenity(
      {
        name,
        kind: 'tennis_court',
        description: 'Lights until 9 PM. Non-marking shoes only.',
        capacityMode: 'exclusive',
        slotMinutes: 60,
        minMinutes: 60,
        maxMinutes: 120,
        advanceDays: 14,
      },
      everyDay('07:00', '21:00'),
      [{ per: 'unit', period: 'week', max: 4 }],
    );
  await court('Tennis court 1');
  const court2 = await court('Tennis court 2');

  const unitRows = await tx
    .select({ id: units.id, label: units.label })
    .from(units)
    .where(and(eq(units.propertyId, willowCreekId), inArray(units.label, ['14B', '7A'])));
  const unitOf = (label: string) => unitRows.find((row) => row.label === label)!.id;
  const today = Temporal.Now.plainDateISO(zone);
  const next = (weekday: number, atLeast = 1) => {
    let day = today.add({ days: atLeast });
    while (day.dayOfWeek !== weekday) day = day.add({ days: 1 });
    return day;
  };
  const at = (day: Temporal.PlainDate, hour: number) =>
    new Date(day.toPlainDateTime({ hour }).toZonedDateTime(zone).epochMilliseconds);
  const book = async (
    what: typeof clubhouse,
    values: {
      unit: string;
      person: string;
      day: Temporal.PlainDate;
      from: number;
      to: number;
      headcount?: number;
    } & Partial<typeof bookings.$inferInsert>,
  ) => {
    const { unit, person, day, from, to, headcount = 1, ...rest } = values;
    const [row] = await tx
      .insert(bookings)
      .values({
        amenityId: what.id,
        propertyId: willowCreekId,
        unitId: unitOf(unit),
        personId: person,
        startsAt: at(day, from),
        endsAt: at(day, to),
        headcount,
        isExclusive: what.capacityMode === 'exclusive',
        status: 'confirmed',
        feeCents: what.feeCents,
        depositCents: what.depositCents,
        cancelFreeUntilMinutes: what.cancelFreeUntilMinutes,
        lateCancelFeeCents: what.lateCancelFeeCents,
        idempotencyKey: `demo-${randomUUID()}`,
        ...rest,
      })
      .returning();
    if (what.capacityMode === 'shared')
      for (let hour = from; hour < to; hour++)
        await tx.execute(sql`
          insert into amenity_slot_usage (amenity_id, slot_start, taken, capacity)
          values (${what.id}, ${at(day, hour).toISOString()}::timestamptz, ${headcount}, ${what.capacity})
          on conflict (amenity_id, slot_start) do update set taken = amenity_slot_usage.taken + excluded.taken`);
    return row!;
  };
  const paid = async (row: typeof bookings.$inferSelect, label: string) =>
    postBookingMoney(tx, row, {
      kind: 'payment',
      feeCents: row.feeCents,
      depositCents: row.depositCents,
      memo: `Booking of the Clubhouse for ${label}`,
      today: today.toString(),
      createdBy: row.personId,
      method: 'card',
      provider: 'test',
      providerRef: `test_${row.id}`,
    });

  await book(court2, {
    unit: '14B',
    person: people.resident,
    day: next(6),
    from: 9,
    to: 10,
    feeCents: 0,
    depositCents: 0,
  });
  await book(pool, { unit: '14B', person: people.resident, day: next(7), from: 10, to: 12, headcount: 3 });
  await book(pool, { unit: '7A', person: people.board, day: next(7), from: 11, to: 13, headcount: 2 });
  const birthday = await book(clubhouse, {
    unit: '7A',
    person: people.board,
    day: next(6, 9),
    from: 14,
    to: 18,
    headcount: 30,
    status: 'pending',
    paidAt: new Date(),
    depositStatus: 'held',
  });
  await paid(birthday, '7A');
  const lastWeekend = today.subtract({ days: 7 });
  const party = await book(clubhouse, {
    unit: '14B',
    person: people.resident,
    day: lastWeekend,
    from: 15,
    to: 19,
    headcount: 25,
    paidAt: new Date(Date.now() - 20 * 24 * 3600_000),
    depositStatus: 'held',
    decidedBy: people.manager,
    decidedAt: new Date(Date.now() - 19 * 24 * 3600_000),
  });
  await paid(party, '14B');
}
