import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Where generated rows go: buffered per table and written with COPY (text format) — through
 * pg-copy-streams on PostgreSQL, through PGlite's `/dev/blob` on the embedded database. Tables are
 * flushed in the order they are declared here (parents before children), all of them together, so a
 * row's foreign keys always point at rows already written: the database checks them as usual.
 */
export const tables = {
  profiles: ['id', 'email', 'full_name', 'email_verified', 'role', 'created_at', 'updated_at'],
  accounts: ['id', 'account_id', 'provider_id', 'user_id', 'password', 'created_at', 'updated_at'],
  properties: [
    'id',
    'name',
    'type',
    'address',
    'description',
    'units',
    'status',
    'jurisdiction',
    'time_zone',
    'created_by',
    'created_at',
    'updated_at',
  ],
  property_managers: ['id', 'property_id', 'user_id', 'assigned_at', 'assigned_by', 'is_primary'],
  units: ['id', 'property_id', 'label', 'building', 'floor', 'kind', 'status', 'created_at', 'updated_at'],
  unit_ownerships: ['id', 'unit_id', 'user_id', 'starts_on', 'ends_on', 'is_primary', 'created_at'],
  unit_occupancies: ['id', 'unit_id', 'user_id', 'kind', 'moved_in_on', 'moved_out_on', 'created_at'],
  committees: ['id', 'property_id', 'kind', 'name', 'requires_owners', 'created_at'],
  committee_members: ['id', 'committee_id', 'user_id', 'role', 'starts_on', 'ends_on', 'created_at'],
  work_orders: [
    'id',
    'resident_id',
    'property_id',
    'vendor_id',
    'summary',
    'main_category',
    'subcategory',
    'status',
    'priority',
    'created_at',
    'updated_at',
    'due_date',
    'reference_number',
  ],
  work_order_tasks: [
    'id',
    'work_order_id',
    'property_id',
    'assigned_to_type',
    'assigned_to_id',
    'task_description',
    'task_status',
    'completed_at',
    'created_at',
  ],
  work_order_activity: [
    'id',
    'work_order_id',
    'activity_type',
    'entity_type',
    'entity_id',
    'description',
    'metadata',
    'actor_id',
    'created_at',
  ],
  breakout_rooms: ['id', 'room_name', 'room_type', 'is_active', 'work_order_id', 'created_at'],
  room_participants: ['id', 'room_id', 'user_id', 'role', 'joined_at', 'last_seen_at', 'is_active'],
  chat_threads: ['id', 'user_id', 'title', 'is_active', 'created_at', 'updated_at'],
  chat_messages: [
    'id',
    'thread_id',
    'room_id',
    'sender_id',
    'recipient_id',
    'role',
    'content',
    'processed',
    'metadata',
    'created_at',
  ],
  property_documents: [
    'id',
    'property_id',
    'name',
    'description',
    'category',
    'file_path',
    'file_name',
    'mime_type',
    'size_bytes',
    'status',
    'page_count',
    'processed_at',
    'is_required',
    'uploaded_by',
    'uploaded_at',
  ],
  document_contents: ['document_id', 'page', 'content', 'created_at'],
  document_sections: ['document_id', 'ordinal', 'number', 'title', 'context', 'page', 'blocks', 'content'],
  notifications: [
    'id',
    'user_id',
    'kind',
    'property_id',
    'title',
    'body',
    'link',
    'in_app',
    'created_at',
    'read_at',
  ],
} as const;

export type Table = keyof typeof tables;
export type Value = string | number | boolean | Date | null | undefined | Record<string, unknown> | unknown[];

/** One value in COPY's text format. */
function encode(value: Value): string {
  if (value === null || value === undefined) return '\\N';
  if (value === true) return 't';
  if (value === false) return 'f';
  if (typeof value === 'number') return String(value);
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/[\\\n\r\t]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\n' ? '\\n' : char === '\r' ? '\\r' : '\\t',
  );
}

export type CopyTarget =
  { kind: 'postgres'; client: pg.PoolClient | pg.Client } | { kind: 'pglite'; pglite: PGlite };

export class RowSink {
  private readonly buffers = new Map<Table, string[]>();
  private buffered = 0;
  private bufferedChars = 0;
  readonly counts: Partial<Record<Table, number>> = {};

  constructor(
    private readonly target: CopyTarget,
    private readonly flushAtChars = 16_000_000,
  ) {}

  /** Adds a row, its values in the order of `tables[table]`. */
  async add(table: Table, values: Value[]): Promise<void> {
    const line = values.map(encode).join('\t');
    let buffer = this.buffers.get(table);
    if (!buffer) this.buffers.set(table, (buffer = []));
    buffer.push(line);
    this.buffered++;
    this.bufferedChars += line.length + 1;
    this.counts[table] = (this.counts[table] ?? 0) + 1;
    if (this.bufferedChars >= this.flushAtChars) await this.flush();
  }

  /** Writes everything buffered, parents first. */
  async flush(): Promise<void> {
    if (this.buffered === 0) return;
    for (const table of Object.keys(tables) as Table[]) {
      const buffer = this.buffers.get(table);
      if (!buffer || buffer.length === 0) continue;
      await this.copy(table, buffer.join('\n') + '\n');
      this.buffers.set(table, []);
    }
    this.buffered = 0;
    this.bufferedChars = 0;
  }

  private async copy(table: Table, text: string): Promise<void> {
    const columns = tables[table].map((column) => `"${column}"`).join(', ');
    if (this.target.kind === 'pglite') {
      await this.target.pglite.query(`COPY "${table}" (${columns}) FROM '/dev/blob'`, [], {
        blob: new Blob([text]),
      });
      return;
    }
    const stream = this.target.client.query(copyFrom(`COPY "${table}" (${columns}) FROM STDIN`));
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('finish', () => resolve());
      stream.end(text);
    });
  }
}
