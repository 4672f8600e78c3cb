import { sql, type SQL } from 'drizzle-orm';

/** `('a', 'b')` for a check constraint over a fixed list of values. */
export function inList(values: readonly string[]): SQL {
  return sql.raw(`(${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')})`);
}
