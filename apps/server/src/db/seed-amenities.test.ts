import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability, BookingPage, MyAmenity } from '@commonwise/contracts';
import { appWithWillowSeed } from '../test/demo-community.ts';
import { injectAs, type TestApp } from '../test/test-app.ts';
import { seedDemoAmenities } from './seed-amenities.ts';

/** Willow Creek's demo amenities and bookings (issue 23 item 5), as the people of the demo see them. */

let t: TestApp;
let willowId: string;

const get = async (who: 'resident' | 'manager', url: string) =>
  injectAs(t.app, await t.cookieFor(who), { method: 'GET', url });

beforeAll(async () => {
  ({ t, willowId } = await appWithWillowSeed(seedDemoAmenities));
});
afterAll(async () => t?.close());

describe('the demo amenities', () => {
  it('offer the resident of 14B the clubhouse, pool and both courts, bookable as 14B', async () => {
    const { amenities } = (await get('resident', '/api/me/amenities')).json<{ amenities: MyAmenity[] }>();
    expect(amenities.map((amenity) => amenity.name)).toEqual([
      'Clubhouse',
      'Pool',
      'Tennis court 1',
      'Tennis court 2',
    ]);
    const clubhouse = amenities[0]!;
    expect(clubhouse).toMatchObject({
      feeCents: 5000,
      depositCents: 25000,
      approvalRequired: true,
      timeZone: 'America/Chicago',
    });
    expect(clubhouse.homes).toEqual([expect.objectContaining({ unitLabel: '14B', canBook: true })]);
  });

  it('show Ryan’s court and pool bookings, the pool’s shared places and the court taken', async () => {
    const mine = (await get('resident', '/api/me/amenity-bookings')).json<BookingPage>();
    expect(mine.bookings.map((booking) => `${booking.amenityName} ${booking.status}`).sort()).toEqual([
      'Clubhouse confirmed',
      'Pool confirmed',
      'Tennis court 2 confirmed',
    ]);
    const swim = mine.bookings.find((booking) => booking.amenityName === 'Pool')!;
    const day = (
      await get(
        'resident',
        `/api/me/amenities/${swim.amenityId}/availability?date=${swim.startsLocal.slice(0, 10)}`,
      )
    ).json<Availability>();
    expect(day.slots.find((slot) => slot.label === '11:00 AM')).toMatchObject({
      taken: 5,
      capacity: 20,
      status: 'free',
    });
    const court = mine.bookings.find((booking) => booking.amenityName === 'Tennis court 2')!;
    expect(court.startsLocal.slice(11)).toBe('09:00');
  });

  it('give the manager Beatrice’s birthday to approve and last weekend’s deposit to settle', async () => {
    const pending = (
      await get('manager', `/api/properties/${willowId}/amenity-bookings?status=pending`)
    ).json<BookingPage>();
    expect(pending.bookings).toEqual([
      expect.objectContaining({
        amenityName: 'Clubhouse',
        unitLabel: '7A',
        depositStatus: 'held',
        headcount: 30,
      }),
    ]);
    const settle = await injectAs(t.app, await t.cookieFor('manager'), {
      method: 'POST',
      url: `/api/properties/${willowId}/amenity-bookings/${
        (await get('resident', '/api/me/amenity-bookings'))
          .json<BookingPage>()
          .bookings.find((booking) => booking.amenityName === 'Clubhouse')!.id
      }/deposit`,
      payload: { action: 'release' },
    });
    expect(settle.statusCode).toBe(200);
    expect(settle.json()).toMatchObject({ status: 'completed', depositStatus: 'released' });
  });
});
