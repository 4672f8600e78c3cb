import fc from 'fast-check';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, expiryStatusOf, expiryStatusSql, insuranceStatusOf } from './compliance.ts';

/**
 * The compliance rule's boundaries (issue 24 item 1): a certificate covers through its expiry day (expired
 * from the day after), is expiring from 30 days before that day, and current before; the latest-expiring
 * verified certificate is the one that counts. Over random days (leap years and month ends among them),
 * and the SQL twin that lists filter by agrees with it day for day.
 */

const dayArbitrary = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('a certificate’s standing on a day', () => {
  it('is expiring on its expiry day and 30 days before it, expired the day after, current 31 days before', () => {
    const today = '2027-01-03';
    expect(expiryStatusOf('2027-01-03', today)).toBe('expiring');
    expect(expiryStatusOf('2027-01-02', today)).toBe('expired');
    expect(expiryStatusOf('2027-02-02', today)).toBe('expiring');
    expect(expiryStatusOf('2027-02-03', today)).toBe('current');
    expect(expiryStatusOf(null, today)).toBe('missing');
    // Across a leap day: 30 days after 2028-02-15 is 2028-03-16.
    expect(expiryStatusOf('2028-03-16', '2028-02-15')).toBe('expiring');
    expect(expiryStatusOf('2028-03-17', '2028-02-15')).toBe('current');
  });

  it('follows the days left, whatever the day', () => {
    fc.assert(
      fc.property(
        dayArbitrary,
        // The boundaries themselves as often as any other day.
        fc.oneof(fc.integer({ min: -400, max: 400 }), fc.constantFrom(-1, 0, 30, 31)),
        (today, daysLeft) => {
          const status = expiryStatusOf(addDays(today, daysLeft), today);
          expect(status).toBe(daysLeft < 0 ? 'expired' : daysLeft <= 30 ? 'expiring' : 'current');
        },
      ),
    );
  });

  it('counts the verified certificate that expires last, and nothing submitted or rejected', () => {
    fc.assert(
      fc.property(
        dayArbitrary,
        fc.array(
          fc.record({
            daysLeft: fc.integer({ min: -100, max: 400 }),
            status: fc.constantFrom('verified', 'submitted', 'rejected'),
            kind: fc.constantFrom('insurance' as const, 'licence' as const),
          }),
          { maxLength: 6 },
        ),
        (today, documents) => {
          const facts = documents.map((document) => ({
            kind: document.kind,
            status: document.status,
            expiresOn: addDays(today, document.daysLeft),
          }));
          const verified = documents.filter((d) => d.kind === 'insurance' && d.status === 'verified');
          const standing = insuranceStatusOf(facts, today);
          if (verified.length === 0) {
            expect(standing).toEqual({ status: 'missing', expiresOn: null });
            return;
          }
          const best = Math.max(...verified.map((document) => document.daysLeft));
          expect(standing).toEqual({
            status: expiryStatusOf(addDays(today, best), today),
            expiresOn: addDays(today, best),
          });
        },
      ),
    );
  });
});

describe('the SQL twin', () => {
  let pglite: PGlite;
  const dialect = new PgDialect();
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
  });
  afterAll(async () => pglite?.close());

  it('gives the same standing as the function, day for day', async () => {
    const samples = fc.sample(fc.tuple(dayArbitrary, fc.integer({ min: -40, max: 40 })), 200);
    samples.push(['2027-01-03', 0], ['2027-01-03', -1], ['2027-01-03', 30], ['2027-01-03', 31]);
    for (const [today, daysLeft] of samples) {
      const expiresOn = addDays(today, daysLeft);
      const query = dialect.sqlToQuery(
        sql`select ${expiryStatusSql(sql`${expiresOn}::date`, today)} as status`,
      );
      const { rows } = await pglite.query<{ status: string }>(query.sql, query.params);
      expect(rows[0]!.status, `${expiresOn} on ${today}`).toBe(expiryStatusOf(expiresOn, today));
    }
    const missing = dialect.sqlToQuery(
      sql`select ${expiryStatusSql(sql`null::date`, '2027-01-03')} as status`,
    );
    expect((await pglite.query<{ status: string }>(missing.sql, missing.params)).rows[0]!.status).toBe(
      'missing',
    );
  });
});
