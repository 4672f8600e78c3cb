import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkTimes,
  isFree,
  isRefusal,
  localOf,
  nextFreeTimes,
  periodAround,
  slotsOfDay,
  Temporal,
  type AmenityRules,
  type Busy,
} from './rules.ts';

/**
 * The booking rules as properties (issue 23 item 8), over random amenities, days (across both 2027
 * clock changes of the zones used), requests and existing bookings, under a process zone that is not
 * the amenity's: whatever the rules accept lies inside the opening hours, on the slot grid, between the
 * shortest and longest booking, with its real length equal to its wall-clock length; every slot offered
 * is accepted; a request ending at or before its start is always refused with ENDS_BEFORE_START; the
 * next free times never overlap a booking and come in order.
 */

const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const zones = ['America/Chicago', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo'];
/** Fixed "now": before every generated day, so lead and advance rules are what is varied. */
const now = Temporal.Instant.from('2027-01-01T00:00:00Z');

const rulesArbitrary: fc.Arbitrary<AmenityRules> = fc
  .record({
    timeZone: fc.constantFrom(...zones),
    slotMinutes: fc.constantFrom(15, 30, 60, 120),
    minSlots: fc.integer({ min: 1, max: 3 }),
    extraSlots: fc.integer({ min: 0, max: 6 }),
    opens: fc.integer({ min: 0, max: 16 }),
    openHours: fc.integer({ min: 2, max: 12 }),
    shared: fc.boolean(),
    capacity: fc.integer({ min: 1, max: 20 }),
    leadMinutes: fc.integer({ min: 0, max: 3 * 1440 }),
  })
  .map((r) => {
    const closes = Math.min(24, r.opens + r.openHours);
    const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
    return {
      name: 'Court',
      timeZone: r.timeZone,
      capacityMode: r.shared ? ('shared' as const) : ('exclusive' as const),
      capacity: r.shared ? r.capacity : 1,
      slotMinutes: r.slotMinutes,
      minMinutes: r.slotMinutes * r.minSlots,
      maxMinutes: r.slotMinutes * (r.minSlots + r.extraSlots),
      leadMinutes: r.leadMinutes,
      advanceDays: 400,
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: hh(r.opens), closes: hh(closes) })),
    };
  });

/** Days of 2027, the clock-change weekends more often than the rest. */
const dayArbitrary = fc.oneof(
  fc.integer({ min: 2, max: 364 }).map((day) => Temporal.PlainDate.from('2027-01-01').add({ days: day })),
  fc
    .constantFrom('2027-03-14', '2027-03-28', '2027-11-07', '2027-10-31')
    .map((day) => Temporal.PlainDate.from(day)),
);

const minuteOfDay = (value: Temporal.ZonedDateTime) => value.hour * 60 + value.minute;

describe('booking rules', () => {
  it('accept only bookings inside the hours, on the grid, of an allowed length that the clock agrees on', () => {
    fc.assert(
      fc.property(
        rulesArbitrary,
        dayArbitrary,
        fc.integer({ min: 0, max: 24 * 4 - 1 }),
        fc.integer({ min: -4, max: 40 }),
        (rules, day, startQuarter, lengthQuarters) => {
          const start = day.toPlainDateTime().add({ minutes: startQuarter * 15 });
          const end = start.add({ minutes: lengthQuarters * 15 });
          const result = checkTimes(
            rules,
            { startsLocal: localOf(start), endsLocal: localOf(end), headcount: 1 },
            now,
            [],
          );
          if (lengthQuarters <= 0) {
            // Unless the start itself is not a real time, ending at or before it is what is refused.
            if (isRefusal(result) && result.code === 'TIME_NOT_IN_ZONE') return;
            expect(isRefusal(result) && result.code).toBe('ENDS_BEFORE_START');
            return;
          }
          if (isRefusal(result)) {
            expect(result.status).toBe(422);
            expect(result.message.length).toBeGreaterThan(20);
            return;
          }
          const minutes = result.start.until(result.end, { largestUnit: 'minutes' }).minutes;
          expect(minutes).toBe(lengthQuarters * 15);
          expect(minutes % rules.slotMinutes).toBe(0);
          expect(minutes).toBeGreaterThanOrEqual(rules.minMinutes);
          expect(minutes).toBeLessThanOrEqual(rules.maxMinutes);
          const opens = Number(rules.hours[0]!.opens.slice(0, 2)) * 60;
          const closes = Number(rules.hours[0]!.closes.slice(0, 2)) * 60;
          expect(minuteOfDay(result.start)).toBeGreaterThanOrEqual(opens);
          expect((minuteOfDay(result.start) - opens) % rules.slotMinutes).toBe(0);
          const endMinute = result.end.toPlainDate().equals(result.start.toPlainDate())
            ? minuteOfDay(result.end)
            : 1440;
          expect(endMinute).toBeLessThanOrEqual(closes);
          expect(
            Temporal.Instant.compare(result.start.toInstant(), now.add({ minutes: rules.leadMinutes })),
          ).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('offer slots of exactly the slot length, in order, each of which the rules accept', () => {
    fc.assert(
      fc.property(rulesArbitrary, dayArbitrary, (rules, day) => {
        const relaxed = { ...rules, minMinutes: rules.slotMinutes, leadMinutes: 0 };
        const slots = slotsOfDay(relaxed, day);
        for (const [index, slot] of slots.entries()) {
          expect(slot.start.until(slot.end, { largestUnit: 'minutes' }).minutes).toBe(rules.slotMinutes);
          if (index > 0)
            expect(
              Temporal.Instant.compare(slots[index - 1]!.end.toInstant(), slot.start.toInstant()),
            ).toBeLessThanOrEqual(0);
          const checked = checkTimes(
            relaxed,
            { startsLocal: localOf(slot.start), endsLocal: localOf(slot.end), headcount: 1 },
            now,
            [],
          );
          expect(isRefusal(checked) ? checked.code : 'accepted').toBe('accepted');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('offer next free times that overlap no booking, in order, from the time asked for', () => {
    fc.assert(
      fc.property(
        rulesArbitrary,
        dayArbitrary,
        fc.array(
          fc.record({
            slot: fc.integer({ min: 0, max: 40 }),
            length: fc.integer({ min: 1, max: 4 }),
            people: fc.integer({ min: 1, max: 20 }),
          }),
          { maxLength: 12 },
        ),
        (rules, day, taken) => {
          const slots = slotsOfDay(rules, day);
          const busy: Busy[] = taken.flatMap(({ slot, length, people }) => {
            const first = slots[slot % Math.max(slots.length, 1)];
            if (!first) return [];
            return [
              {
                startsAt: first.start.toInstant(),
                endsAt: first.start.toInstant().add({ minutes: rules.slotMinutes * length }),
                people,
              },
            ];
          });
          const from = day.toZonedDateTime({ timeZone: rules.timeZone });
          const found = nextFreeTimes(rules, from, rules.minMinutes, 1, busy, [], now, { count: 3, days: 3 });
          expect(found.length).toBeLessThanOrEqual(3);
          for (const [index, item] of found.entries()) {
            const start = Temporal.Instant.from(item.startsAt);
            const end = Temporal.Instant.from(item.endsAt);
            expect(isFree(rules, busy, start, end, 1)).toBe(true);
            expect(Temporal.Instant.compare(start, from.toInstant())).toBeGreaterThanOrEqual(0);
            if (index > 0)
              expect(
                Temporal.Instant.compare(Temporal.Instant.from(found[index - 1]!.startsAt), start),
              ).toBeLessThan(0);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('count limits in the day, ISO week or month on the amenity’s clock that holds the start', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        dayArbitrary,
        fc.integer({ min: 0, max: 1439 }),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        (zone, day, minute, period) => {
          const start = day.toPlainDateTime().add({ minutes: minute }).toZonedDateTime(zone);
          const { from, to } = periodAround(start, period);
          expect(Temporal.Instant.compare(from, start.toInstant())).toBeLessThanOrEqual(0);
          expect(Temporal.Instant.compare(start.toInstant(), to)).toBeLessThan(0);
          const first = from.toZonedDateTimeISO(zone);
          expect([first.hour, first.minute]).toEqual([0, 0]);
          if (period === 'week') expect(first.dayOfWeek).toBe(1);
          if (period === 'month') expect(first.day).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
