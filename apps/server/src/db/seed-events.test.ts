import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventList, EventOccurrence, EventOccurrenceList } from '@commonwise/contracts';
import { appWithWillowSeed } from '../test/demo-community.ts';
import { injectAs, type TestApp } from '../test/test-app.ts';
import { seedDemoEvents } from './seed-events.ts';

/** Willow Creek's demo events (issue 23 item 4), as the people of the demo see them. */

let t: TestApp;
let willowId: string;

const call = async (who: 'resident' | 'manager', method: 'GET' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, await t.cookieFor(who), { method, url, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ({ t, willowId } = await appWithWillowSeed(seedDemoEvents));
});
afterAll(async () => t?.close());

describe('the demo events', () => {
  it('show the resident of 14B the coming meetings, the party and yoga at their times on the association’s clock', async () => {
    const list = (await call('resident', 'GET', '/api/me/events?limit=200')).json<EventOccurrenceList>();
    const titles = new Set(list.occurrences.map((occurrence) => occurrence.title));
    expect([...titles].sort()).toEqual([
      'Board meeting',
      'Holiday party at the clubhouse',
      'Saturday yoga on the lawn',
    ]);
    const local = (title: string) =>
      list.occurrences.filter((occurrence) => occurrence.title === title).map((o) => o.occurrence.slice(11));
    expect(new Set(local('Board meeting'))).toEqual(new Set(['19:00']));
    expect(new Set(local('Saturday yoga on the lawn'))).toEqual(new Set(['08:00']));
    const party = list.occurrences.find(
      (occurrence) => occurrence.title === 'Holiday party at the clubhouse',
    )!;
    expect(party).toMatchObject({ capacity: 40, myRsvp: null, isForMe: true });
    expect(party.seatsTaken).toBeGreaterThan(0);
    // The resident can answer, and the seats count them.
    const answer = await call('resident', 'PUT', `/api/me/events/${party.eventId}/rsvp`, {
      occurrence: party.occurrence,
      status: 'yes',
      guests: 2,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<EventOccurrence>().seatsTaken).toBe(party.seatsTaken + 3);
  });

  it('give the manager the three events with their answers', async () => {
    const list = (await call('manager', 'GET', `/api/properties/${willowId}/events`)).json<EventList>();
    expect(list.total).toBe(3);
    const meeting = list.events.find((event) => event.title === 'Board meeting')!;
    expect(meeting.repeat).toBe('FREQ=MONTHLY;BYDAY=2TU;COUNT=12');
    expect(meeting.timeZone).toBe('America/Chicago');
    const party = list.events.find((event) => event.capacity === 40)!;
    expect(party.rsvps.yes).toBeGreaterThan(0);
  });
});
