import { sql } from 'drizzle-orm';
import type { RealtimeEventType } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from './publish.ts';

/** One event of a channel's log, as it is sent to clients. */
export type LoggedEvent = {
  channel: string;
  id: number;
  type: RealtimeEventType;
  data: unknown;
  at: string;
};

/** Events are kept this long for catch-up; a client away longer reloads over HTTP instead. */
export const eventRetentionMs = 24 * 60 * 60 * 1000;

type EventRow = { seq: string | number; type: string; data: unknown; created_at: string | Date };

function toEvent(channel: string, row: EventRow): LoggedEvent {
  return {
    channel,
    id: Number(row.seq),
    type: row.type as RealtimeEventType,
    data: row.data,
    at: new Date(row.created_at).toISOString(),
  };
}

/** The id of the channel's last event (0 if it never had one). */
export async function readHead(db: Db, channel: string): Promise<number> {
  const result = await db.execute(sql`select last_seq from realtime_channels where channel = ${channel}`);
  const row = rowsOf<{ last_seq: string | number }>(result)[0];
  return row ? Number(row.last_seq) : 0;
}

/** The channel's events after `afterId`, oldest first, at most `limit`. */
export async function readEventsAfter(
  db: Db,
  channel: string,
  afterId: number,
  limit: number,
): Promise<LoggedEvent[]> {
  const result = await db.execute(sql`
    select seq, type, data, created_at from realtime_events
    where channel = ${channel} and seq > ${afterId}
    order by seq limit ${limit}
  `);
  return rowsOf<EventRow>(result).map((row) => toEvent(channel, row));
}

export async function readEvent(db: Db, channel: string, id: number): Promise<LoggedEvent | undefined> {
  const [event] = await readEventsAfter(db, channel, id - 1, 1);
  return event?.id === id ? event : undefined;
}

/** Deletes events past their retention; channels keep their last id, so ids never repeat. */
export async function pruneEvents(db: Db, olderThanMs = eventRetentionMs): Promise<number> {
  const result = await db.execute(sql`
    delete from realtime_events
    where created_at < now() - make_interval(secs => ${olderThanMs / 1000})
  `);
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}
