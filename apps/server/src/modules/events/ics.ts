import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Temporal } from 'temporal-polyfill';

/**
 * `.ics` files and feeds (issue 23 item 4, decisions 0064 §2 and 0065). The only way events become
 * iCalendar text, so that two rules always hold:
 * - a start is a `Temporal.ZonedDateTime` in the association's zone: ical-generator writes a plain `Date`
 *   with a time zone in the process's zone (wrong whenever the server is not on UTC), so this module
 *   takes no `Date` for an event's time;
 * - every zone used gets its VTIMEZONE (timezones-ical-library, IANA data as current as Node's), without
 *   which Outlook shows times an hour off.
 * The calendar itself has no zone (`name: null`): with one, ical-generator writes DTSTAMP on the process's
 * clock without a Z.
 */

export type IcsEvent = {
  id: string;
  title: string;
  description: string;
  location: string;
  start: Temporal.ZonedDateTime;
  durationMinutes: number;
  /** RRULE body, or null. */
  rrule: string | null;
  sequence: number;
  isCancelled: boolean;
  updatedAt: Date;
};

/** The event's UID: stable across changes (SEQUENCE says which version), unique to this installation. */
export const eventUid = (eventId: string, host: string) => `event-${eventId}@${host}`;

function vtimezoneOf(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0] ? block[0] : null;
}

export function calendarOf(options: { name: string; host: string; events: IcsEvent[] }): string {
  const calendar = ical({
    name: options.name,
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'Commonwise', product: 'Events', language: 'EN' },
  });
  calendar.timezone({ name: null, generator: vtimezoneOf });
  for (const event of options.events)
    calendar.createEvent({
      id: eventUid(event.id, options.host),
      sequence: event.sequence,
      start: event.start,
      end: event.start.add({ minutes: event.durationMinutes }),
      timezone: event.start.timeZoneId,
      summary: event.title,
      description: event.description || null,
      location: event.location || null,
      repeating: event.rrule,
      status: event.isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      stamp: event.updatedAt,
      lastModified: event.updatedAt,
    });
  return calendar.toString();
}
