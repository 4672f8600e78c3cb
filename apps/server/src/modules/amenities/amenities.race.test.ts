import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { amenitySlotUsage, bookings, properties, units } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * Two people asking for the same slot at the same moment (issue 23 item 5, HOA-DOMAIN §5.5 item 3):
 * 20 requests at once, on PostgreSQL (`TEST_DATABASE_URL`, a pool of connections, so they really run
 * side by side) and on PGlite (one connection: one after another). Exactly one gets an exclusive slot,
 * the database's exclusion constraint deciding; every other one is told 409 with the next free times.
 * A shared amenity of 5 places takes exactly 5 of 20 at once (its counter rows' check constraint).
 */

let t: TestApp;
let willow: string;
let resident: string;
let unitId: string;
const zone = 'America/Chicago';

const amenity = (name: string, shared: boolean) => ({
  name,
  kind: shared ? 'pool' : 'tennis_court',
  timeZone: zone,
  capacityMode: shared ? 'shared' : 'exclusive',
  capacity: shared ? 5 : 1,
  slotMinutes: 60,
  minMinutes: 60,
  maxMinutes: 120,
  leadMinutes: 0,
  advanceDays: 60,
  approvalRequired: false,
  feeCents: 0,
  depositCents: 0,
  cancelFreeUntilMinutes: 0,
  lateCancelFeeCents: 0,
  eligibleKinds: ['owner', 'owner_occupant', 'tenant'],
  hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '07:00', closes: '21:00' })),
  limits: [],
});

beforeAll(async () => {
  t = await createTestApp();
  willow = (
    await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, 'Willow Creek Commons'))
  )[0]!.id;
  unitId = (
    await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.propertyId, willow), eq(units.label, '14B')))
  )[0]!.id;
  resident = await t.cookieFor('resident');
});
afterAll(async () => t.close());

async function makeAmenity(shared: boolean) {
  const response = await injectAs(t.app, await t.cookieFor('manager'), {
    method: 'POST',
    url: `/api/properties/${willow}/amenities`,
    payload: amenity(shared ? 'Race pool' : 'Race court', shared),
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

function twentyAtOnce(amenityId: string, day: string) {
  return Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      injectAs(t.app, resident, {
        method: 'POST',
        url: '/api/me/amenity-bookings',
        payload: {
          amenityId,
          unitId,
          startsLocal: `${day}T09:00`,
          endsLocal: `${day}T10:00`,
          acceptRules: true,
          idempotencyKey: `race-${amenityId}-${index}`,
        },
      }),
    ),
  );
}

describe('twenty requests for one slot at once', () => {
  const day = Temporal.Now.plainDateISO(zone).add({ days: 10 }).toString();

  it('gives an exclusive slot to exactly one; the others get 409 with the next free times', async () => {
    const courtId = await makeAmenity(false);
    const responses = await twentyAtOnce(courtId, day);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      const error = response.json().error;
      expect(error.code).toBe('SLOT_TAKEN');
      expect(error.alternatives.map((item: { startsLocal: string }) => item.startsLocal)).toEqual([
        `${day}T10:00`,
        `${day}T11:00`,
        `${day}T12:00`,
      ]);
    }
    const rows = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(eq(bookings.amenityId, courtId), inArray(bookings.status, ['held', 'pending', 'confirmed'])),
      );
    expect(rows).toHaveLength(1);
  });

  it('fills a shared amenity of 5 places with exactly 5 of 20', async () => {
    const poolId = await makeAmenity(true);
    const responses = await twentyAtOnce(poolId, day);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().error.code))).toEqual(
      new Set(['SLOT_FULL']),
    );
    const [usage] = await t.database.db
      .select()
      .from(amenitySlotUsage)
      .where(eq(amenitySlotUsage.amenityId, poolId));
    expect(usage).toMatchObject({ taken: 5, capacity: 5 });
  });
});
