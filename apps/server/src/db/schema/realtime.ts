import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Realtime change events (docs/decisions/0013-realtime.md). Each channel ("room:<id>", …) has a head
 * row holding its last sequence number; publishing bumps it inside the writer's transaction, so the
 * row lock orders writers of one channel and sequence order is commit order: a client that saw event
 * n catches up with "seq > n" and can neither miss nor repeat one.
 */
export const realtimeChannels = pgTable('realtime_channels', {
  channel: text('channel').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/** The events themselves, kept for a day for catch-up after a reconnect, then pruned. */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    channel: text('channel').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull().default({}),
    // The clock at insert (after the head's lock was taken), not the transaction's start.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.channel, t.seq] }),
    index('realtime_events_created_at_idx').on(t.createdAt),
  ],
);
