import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * What the hostile-input suite sends (hostile-input.test.ts): strings an attacker or a careless
 * client would try, and the database fingerprint that shows a refused request changed nothing.
 */

/** Text that is hostile to some layer (SQL, HTML, the file system, Unicode handling) but is still text. */
export const hostileStrings: Record<string, string> = {
  'sql: tautology': "' OR '1'='1",
  'sql: stacked drop': "'; DROP TABLE profiles; --",
  'sql: union select': "x' UNION SELECT id, email, role FROM profiles --",
  'sql: comment': "admin'--",
  'script: script tag': '<script>alert(1)</script>',
  'script: img onerror': '<img src=x onerror=alert(1)>',
  'script: javascript url': 'javascript:alert(document.cookie)',
  'path: unix traversal': '../../etc/passwd',
  'path: windows traversal': '..\\..\\windows\\win.ini',
  'path: encoded traversal': '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'path: nul byte': 'notes.txt\u0000.exe',
  'unicode: lone high surrogate': 'a\ud800b',
  'unicode: lone low surrogate': '\udc00tail',
  'unicode: rtl override': 'invoice\u202Efdp.exe',
  'unicode: zero width': 'ad\u200Bmin\u200D\uFEFFistrator',
  'unicode: combining marks': 'Z\u0351\u0358\u0334a\u0337l\u0338g\u0335o\u0336',
  'unicode: emoji zwj sequence': '👩‍👩‍👧‍👦 🏳️‍🌈 ok',
  'unicode: nfkc look-alike': 'ａｄｍｉｎ ﬁle ℌ',
  'unicode: long grapheme cluster': `e${'\u0301'.repeat(3000)}`,
};

/** Strings of 100,000 characters: every field has a maximum well below that. */
export const longString = 'x'.repeat(100_000);

/** A path segment as it may arrive in a URL: some already escaped on purpose, the rest escaped by us. */
export const hostilePathSegments: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(hostileStrings)
      // A lone surrogate cannot be percent-encoded as UTF-8: its bytes are sent below instead.
      .filter(([name]) => !name.includes('lone'))
      .map(([name, value]) => [name, encodeURIComponent(value)]),
  ),
  'unicode: surrogate as utf-8 bytes': 'a%ED%A0%80b',
  'path: raw encoded slash traversal': '..%2F..%2Fetc%2Fpasswd',
  'path: double encoded traversal': '%252e%252e%252f%252e%252e%252fetc%252fpasswd',
  'path: raw dot dot': '..',
  'path: encoded nul': '%00',
  'path: overlong utf-8 dot': '%c0%ae%c0%ae%c0%af',
  'path: broken percent escape': '%E0%A4%A',
  'not an id: integer': '42',
  'not an id: negative': '-1',
  'not an id: uuid with a suffix': '00000000-0000-4000-8000-000000000000%27%20OR%201%3D1',
  'long: 100,000 characters': longString,
};

/** Values of each JSON type, to put where another type belongs. */
export const typeSamples: { name: string; type: string; value: unknown }[] = [
  { name: 'number', type: 'number', value: 42 },
  { name: 'float', type: 'number', value: 1.5 },
  { name: 'boolean', type: 'boolean', value: true },
  { name: 'object', type: 'object', value: { $gt: '' } },
  { name: 'array', type: 'array', value: ['a', 'b'] },
  { name: 'null', type: 'null', value: null },
  { name: 'string', type: 'string', value: 'not-the-right-type' },
];

/**
 * Fields a forger adds to a body hoping it is merged into a record or an object's prototype. With
 * strict bodies each is refused with a 400 that names it; __proto__ and constructor.prototype are
 * refused by the JSON parser itself, before any handler sees them.
 */
export const forgedFields: { name: string; raw: (body: object) => string; names: string }[] = [
  { name: 'role', raw: (body) => JSON.stringify({ ...body, role: 'admin' }), names: 'role' },
  { name: 'isAdmin', raw: (body) => JSON.stringify({ ...body, isAdmin: true }), names: 'isAdmin' },
  {
    name: 'id',
    raw: (body) => JSON.stringify({ ...body, id: '00000000-0000-4000-8000-000000000000' }),
    names: 'id',
  },
  {
    name: '__proto__',
    raw: (body) =>
      `{${JSON.stringify(body).slice(1, -1)}${Object.keys(body).length ? ',' : ''}"__proto__":{"isAdmin":true}}`,
    names: 'prototype',
  },
  {
    name: 'constructor.prototype',
    raw: (body) =>
      `{${JSON.stringify(body).slice(1, -1)}${Object.keys(body).length ? ',' : ''}"constructor":{"prototype":{"isAdmin":true}}}`,
    names: 'prototype',
  },
  { name: 'constructor', raw: (body) => JSON.stringify({ ...body, constructor: 'x' }), names: 'constructor' },
  {
    name: 'prototype',
    raw: (body) => JSON.stringify({ ...body, prototype: { isAdmin: true } }),
    names: 'prototype',
  },
];

export const malformedJson: Record<string, string> = {
  'truncated object': '{"content": "hello',
  'trailing comma': '{"a": 1,}',
  'single quotes': "{'a': 1}",
  'bare word': 'undefined',
  'empty body': '',
  'nested 10,000 deep': '['.repeat(10_000) + ']'.repeat(10_000),
};

export const nonObjectBodies: Record<string, string> = {
  array: '[]',
  string: '"text"',
  number: '42',
  null: 'null',
  boolean: 'true',
};

/**
 * Tables left out of the fingerprint, each because it legitimately changes on requests that are
 * refused or on any authenticated request:
 * - sessions: better-auth slides a session's expiry forward as it is used, refused request or not;
 *   sign-ins made by the suite add sessions.
 * - verifications: better-auth's own short-lived records (codes, reset tokens).
 * - sign_in_attempts: a wrong password is counted even though the sign-in is refused (that is the
 *   point of the limiter, sign-in-abuse.test.ts).
 * - known_devices: a sign-in notes the browser it came from.
 * Everything else (profiles, accounts, properties, work orders, messages, documents, jobs,
 * realtime events …) is in the fingerprint.
 */
export const volatileTables = new Set(['sessions', 'verifications', 'sign_in_attempts', 'known_devices']);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * What the database holds at one moment: how many writes were counted (in all, and per table), and per
 * table a print of its rows.
 */
export type Fingerprint = {
  writes: string;
  tableWrites: Record<string, string>;
  tables: Record<string, string>;
};

/** Counts statements that wrote (or tried to write) any fingerprinted table; see watchWrites. */
const writeCounter = 'hostile_input_writes';
/** The counter of one table's writes. */
const tableCounter = (table: string) => `hostile_input_writes_${table}`;

/** The tables the fingerprint looks at: every table but the volatile ones and drizzle's own. */
async function fingerprintedTables(db: Db): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !volatileTables.has(name) && !name.startsWith('__drizzle'));
}

/**
 * Gives the test's database counters that every statement writing a fingerprinted table moves: one for
 * all of them and one per table. After each variant one read of the first tells whether anything could
 * have changed; only then are the per-table counters read, and only the tables whose counter moved are
 * printed again. Sequences, not counter rows: nextval takes no lock and is never rolled back, so a
 * write that was rolled back costs only a needless look, never a missed change, and two transactions
 * never wait on each other for it.
 *
 * It is counted in this database itself. PostgreSQL's transaction ids (the "write horizon" used before,
 * decision 0062) are shared by the whole cluster, so on CI, where other test files write their own
 * databases at the same time, they moved after nearly every variant and every table was printed each
 * time: the suite outran its 10 minutes. Writes to the volatile tables (a session's expiry sliding on
 * every request) no longer cause a look either.
 */
export async function watchWrites(db: Db): Promise<void> {
  await db.execute(sql.raw(`create sequence if not exists "${writeCounter}"`));
  await db.execute(
    sql.raw(
      `create or replace function hostile_input_count_write() returns trigger language plpgsql as $$ begin perform nextval('"${writeCounter}"'); perform nextval(quote_ident(tg_argv[0])); return null; end $$`,
    ),
  );
  for (const name of await fingerprintedTables(db)) {
    await db.execute(sql.raw(`create sequence if not exists "${tableCounter(name)}"`));
    await db.execute(
      sql.raw(
        `create or replace trigger hostile_input_count_write after insert or update or delete or truncate on "${name}" for each statement execute function hostile_input_count_write('${tableCounter(name)}')`,
      ),
    );
  }
}

/** A sequence's position, which moves with every nextval. */
const position = (sequence: string) =>
  `last_value::text || ':' || is_called::text as position from "${sequence}"`;

async function writesCounted(db: Db): Promise<string> {
  const [row] = rowsOf<{ position: string }>(await db.execute(sql.raw(`select ${position(writeCounter)}`)));
  return row!.position;
}

/** Per table, how many writes were counted. */
async function tableWritesCounted(db: Db, tables: string[]): Promise<Record<string, string>> {
  const query = tables
    .map((name) => `select '${name}' as name, ${position(tableCounter(name))}`)
    .join(' union all ');
  const rows = rowsOf<{ name: string; position: string }>(await db.execute(sql.raw(query)));
  return Object.fromEntries(rows.map((row) => [row.name, row.position]));
}

/**
 * Per table, its row count and the newest row version's transaction id (xmin), in one query. An insert
 * or an update writes a row version with a newer xmin and a delete lowers the count, so any committed
 * change shows — a no-op update too, which a hash of the rows would miss. It reads no column values:
 * hashing every row (the whole text of the demo documents among them) after each of thousands of
 * variants made this suite take minutes.
 */
async function prints(db: Db, tables: string[]): Promise<Record<string, string>> {
  if (tables.length === 0) return {};
  const query = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as print from "${name}"`,
    )
    .join(' union all ');
  const rows = rowsOf<{ name: string; print: string }>(await db.execute(sql.raw(query)));
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

/** The whole fingerprint. The counters are read before the tables: a write between them is seen next time. */
export async function databaseFingerprint(db: Db): Promise<Fingerprint> {
  const tables = await fingerprintedTables(db);
  const writes = await writesCounted(db);
  const tableWrites = await tableWritesCounted(db, tables);
  return { writes, tableWrites, tables: await prints(db, tables) };
}

/**
 * The fingerprint now and the tables that differ from `before`. When nothing has written since
 * `before` (the counter has not moved), that is `before` itself; otherwise the tables whose own
 * counter moved are printed again.
 */
export async function changesSince(
  db: Db,
  before: Fingerprint,
): Promise<{ after: Fingerprint; changed: string[] }> {
  const writes = await writesCounted(db);
  if (writes === before.writes) return { after: before, changed: [] };
  const tableWrites = await tableWritesCounted(db, Object.keys(before.tableWrites));
  const written = Object.keys(tableWrites).filter((name) => tableWrites[name] !== before.tableWrites[name]);
  const tables = { ...before.tables, ...(await prints(db, written)) };
  return { after: { writes, tableWrites, tables }, changed: changedTables(before.tables, tables) };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/** Whether a JSON value contains the given string anywhere (to see that accepted text comes back as sent). */
export function containsString(value: unknown, wanted: string): boolean {
  if (typeof value === 'string') return value === wanted;
  if (Array.isArray(value)) return value.some((item) => containsString(item, wanted));
  if (value && typeof value === 'object')
    return Object.values(value).some((item) => containsString(item, wanted));
  return false;
}
