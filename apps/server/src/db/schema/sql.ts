import { sql, type SQL } from 'drizzle-orm';
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
