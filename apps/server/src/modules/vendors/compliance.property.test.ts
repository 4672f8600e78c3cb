import fc from 'fast-check';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  expiryStatusOf,
  expiryStatusSql,
  insuranceStatusOf,
  latestExpirySql,
} from './compliance.ts';

/**
 * The compliance rule's boundaries (issue 24 item 1): a certificate covers through its expiry day (expired
 * from the day after), is expiring from 30 days before that day, and current before; what counts is the
 * cover of verified certificates already in effect (judged here by the days they cover, not by the rule's
 * own max()). Over random days (leap years and month ends among them),
 * and the SQL twin that lists filter by agrees with it day for day.
 */

const dayArbitrary = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const documentsArbitrary = fc.array(
  fc.record({
    daysLeft: fc.integer({ min: -100, max: 400 }),
    // How long before today it took effect (negative: it starts later); null: no effective day.
    startedDaysAgo: fc.option(fc.integer({ min: -60, max: 400 }), { nil: null }),
    status: fc.constantFrom('verified', 'submitted', 'rejected', 'withdrawn'),
    kind: fc.constantFrom('insurance' as const, 'licence' as const),
  }),
  { maxLength: 6 },
);
type Drawn = (typeof documentsArbitrary extends fc.Arbitrary<infer T> ? T : never)[number];

/** The documents as the rule reads them (an effective day is never after the expiry day). */
const factsOf = (today: string, documents: Drawn[]) =>
  documents.map((document) => {
    const expiresOn = addDays(today, document.daysLeft);
    const effective = document.startedDaysAgo === null ? null : addDays(today, -document.startedDaysAgo);
    return {
      kind: document.kind,
      status: document.status,
      effectiveOn: effective !== null && effective > expiresOn ? expiresOn : effective,
      expiresOn,
    };
  });

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

  it('is judged by cover: expired when nothing verified and in effect covers today, expiring when nothing covers 31 days on', () => {
    fc.assert(
      fc.property(dayArbitrary, documentsArbitrary, (today, documents) => {
        const facts = factsOf(today, documents);
        const standing = insuranceStatusOf(facts, today);
        // An oracle by cover, not by the rule's own max(): which days do the documents that count cover?
        const counting = facts.filter(
          (fact) =>
            fact.kind === 'insurance' &&
            fact.status === 'verified' &&
            (fact.effectiveOn === null || fact.effectiveOn <= today),
        );
        const coveredOn = (day: string) => counting.some((fact) => fact.expiresOn >= day);
        const expected =
          counting.length === 0
            ? 'missing'
            : !coveredOn(today)
              ? 'expired'
              : coveredOn(addDays(today, 31))
                ? 'current'
                : 'expiring';
        expect(standing.status).toBe(expected);
        // The day it names is one a counting certificate expires on.
        if (expected !== 'missing')
          expect(counting.map((fact) => fact.expiresOn)).toContain(standing.expiresOn);
      }),
    );
  });

  it('is not changed by a renewal that has not started, nor by anything submitted, rejected or withdrawn', () => {
    fc.assert(
      fc.property(
        dayArbitrary,
        documentsArbitrary,
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom('submitted', 'rejected', 'withdrawn'),
        (today, documents, startsIn, status) => {
          const facts = factsOf(today, documents);
          const before = insuranceStatusOf(facts, today);
          const notYet = {
            kind: 'insurance' as const,
            status: 'verified',
            effectiveOn: addDays(today, startsIn),
            expiresOn: addDays(today, startsIn + 365),
          };
          const notCounted = { ...notYet, status, effectiveOn: null };
          expect(insuranceStatusOf([...facts, notYet, notCounted], today)).toEqual(before);
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

  it('picks the same certificate as the function from a table of documents (lists filter by it)', async () => {
    await pglite.exec(`create table vendor_documents (company_id int, kind text, status text,
      effective_on date, expires_on date)`);
    const samples = fc.sample(fc.tuple(dayArbitrary, documentsArbitrary), 60);
    for (const [index, [today, documents]] of samples.entries()) {
      const facts = factsOf(today, documents);
      for (const fact of facts)
        await pglite.query('insert into vendor_documents values ($1, $2, $3, $4, $5)', [
          index,
          fact.kind,
          fact.status,
          fact.effectiveOn,
          fact.expiresOn,
        ]);
      const query = dialect.sqlToQuery(
        sql`select to_char(${latestExpirySql(sql`${index}::int`, 'insurance', today)}, 'YYYY-MM-DD') as day`,
      );
      const { rows } = await pglite.query<{ day: string | null }>(query.sql, query.params);
      expect(rows[0]!.day, JSON.stringify({ today, facts })).toBe(insuranceStatusOf(facts, today).expiresOn);
    }
  });
});
