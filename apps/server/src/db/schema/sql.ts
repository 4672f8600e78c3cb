import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { bigint } from 'drizzle-orm/pg-core';

/** `('a', 'b')` for a check constraint over a fixed list of values. */
export function inList(values: readonly string[]): SQL {
  return sql.raw(`(${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')})`);
}

/**
 * An amount of money: whole cents in a `bigint` (decision 0030), read as a JavaScript number — safe
 * far beyond any association's books (contracts cap amounts at `maxCents`).
 */
export const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, "Z"), or null: for values read
 * inside JSON built by the database, which would otherwise carry PostgreSQL's own format.
 */
export function isoTimestamp(column: SQL): SQL<string | null> {
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * `column = any(ids)` with the ids as one array parameter: drizzle's inArray writes a parameter per id,
 * and building that text for a page of ids was a measurable share of a request's time (issue 19). For a
 * page's ids; not for the membership lists of work-order access, where a one-item list written out
 * (`in ($1)`) planned better for an owner than an array (measured: 4.0 → 5.1 ms of CPU per request).
 */
export function isAnyOf(column: SQL | AnyColumn, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::uuid[])`;
}
