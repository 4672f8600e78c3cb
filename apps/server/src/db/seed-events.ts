import { and, eq, ne } from 'drizzle-orm';
import type { Db } from './client.ts';
import { eventOccurrenceCounts, eventRsvps, events, unitOwnerships, units } from './schema/index.ts';
import { timingOf } from '../modules/events/events.service.ts';
import { localKeyOf, Temporal } from '../modules/events/time.ts';

/**
 * Willow Creek's events for the demo (issue 23 item 4), on its clock (America/Chicago) and from today on:
 * the board's monthly meeting (second Tuesday, 7 p.m., a year of them), the holiday party at the
 * clubhouse with 40 places of which a few neighbours have taken some (the demo resident of 14B has not
 * answered yet), and Saturday-morning yoga on the lawn for eight weeks, 15 mats.
 */
export async function seedDemoEvents(
  tx: Db,
  willowCreekId: string,
  people: { manager: string; board: string; resident: string },
): Promise<void> {
  const zone = 'America/Chicago';
  const today = Temporal.Now.plainDateISO(zone);
  const on = (date: Temporal.PlainDate, time: string) => `${date.toString()}T${time}`;
  const nextWeekday = (from: Temporal.PlainDate, isoDay: number) =>
    from.add({ days: (isoDay - from.dayOfWeek + 7) % 7 || 7 });
  // The next second Tuesday after today.
  const secondTuesdayOf = (month: Temporal.PlainDate) => {
    const first = month.with({ day: 1 });
    return first.add({ days: ((2 - first.dayOfWeek + 7) % 7) + 7 });
  };
  let meetingDay = secondTuesdayOf(today);
  if (Temporal.PlainDate.compare(meetingDay, today) <= 0)
    meetingDay = secondTuesdayOf(today.add({ months: 1 }));
  const partyDay = nextWeekday(today, 6).add({ days: 7 });
  const yogaDay = nextWeekday(today, 6);

  const insert = async (values: {
    title: string;
    description: string;
    location: string;
    startsLocal: string;
    endsLocal: string;
    repeat: string | null;
    capacity: number | null;
    createdBy: string;
  }) => {
    const timing = timingOf(values, zone);
    const [row] = await tx
      .insert(events)
      .values({
        propertyId: willowCreekId,
        createdBy: values.createdBy,
        title: values.title,
        description: values.description,
        location: values.location,
        timeZone: zone,
        ...timing,
        capacity: values.capacity,
        audience: 'everyone',
      })
      .returning({ id: events.id });
    return row!.id;
  };

  await insert({
    title: 'Board meeting',
    description:
      'The board’s monthly open meeting. Owners may speak in the open forum at the start; the agenda is posted a week before.',
    location: 'Clubhouse, main room',
    startsLocal: on(meetingDay, '19:00'),
    endsLocal: on(meetingDay, '20:30'),
    repeat: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=12',
    capacity: null,
    createdBy: people.board,
  });
  const party = await insert({
    title: 'Holiday party at the clubhouse',
    description: 'Food, music and a hot-chocolate bar for all ages. Bring a dish to share if you like.',
    location: 'Clubhouse and patio',
    startsLocal: on(partyDay, '16:00'),
    endsLocal: on(partyDay, '19:00'),
    repeat: null,
    capacity: 40,
    createdBy: people.manager,
  });
  await insert({
    title: 'Saturday yoga on the lawn',
    description: 'An easy hour for every level with a volunteer instructor. Bring water; mats are provided.',
    location: 'North lawn, by the playground',
    startsLocal: on(yogaDay, '08:00'),
    endsLocal: on(yogaDay, '09:00'),
    repeat: 'FREQ=WEEKLY;COUNT=8',
    capacity: 15,
    createdBy: people.manager,
  });

  // A few neighbours (not the demo resident) have said they are coming to the party.
  const neighbours = await tx
    .selectDistinct({ userId: unitOwnerships.userId })
    .from(unitOwnerships)
    .innerJoin(units, eq(units.id, unitOwnerships.unitId))
    .where(and(eq(units.propertyId, willowCreekId), ne(unitOwnerships.userId, people.resident)))
    .orderBy(unitOwnerships.userId)
    .limit(6);
  const occurrenceLocal = `${localKeyOf(Temporal.PlainDateTime.from(on(partyDay, '16:00')))}:00`;
  const answers = neighbours.map((neighbour, index) => ({
    eventId: party,
    occurrenceLocal,
    userId: neighbour.userId,
    status: index < 4 ? ('yes' as const) : ('maybe' as const),
    guests: index < 4 ? index % 3 : 0,
  }));
  if (answers.length === 0) return;
  await tx.insert(eventRsvps).values(answers);
  const seats = answers.filter((answer) => answer.status === 'yes').reduce((sum, a) => sum + 1 + a.guests, 0);
  await tx
    .insert(eventOccurrenceCounts)
    .values({ eventId: party, occurrenceLocal, taken: seats, capacity: 40 });
}
