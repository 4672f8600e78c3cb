import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assistantDecisions, assistantIntents, handoverReasons } from '@commonwise/contracts';
import { profiles } from './auth.ts';
import { chatMessages, chatThreads } from './chat.ts';
import { properties } from './properties.ts';
import { workOrders } from './work-orders.ts';
import { inList } from './sql.ts';

/**
 * One row per resident message the assistant answered: what it understood, what it did and why, and
 * when. Written in the same transaction as the reply, so it is there exactly when the reply is. The
 * analytics page reads it (issue 16, item 10); the emergency rule that fired is kept here too.
 */
export const assistantTurns = pgTable(
  'assistant_turns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .unique()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    residentId: text('resident_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The resident's property when they wrote (null: none). */
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    /** When the resident's message arrived, and when the reply was committed. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    repliedAt: timestamp('replied_at', { withTimezone: true }).notNull(),
    /** 'rules' (the built-in assistant) or 'model'. */
    answeredBy: text('answered_by').notNull(),
    intent: text('intent'),
    /** The classifier's confidence in the intent, 0–1 (null: not classified). */
    confidence: real('confidence'),
    language: text('language'),
    languageSupported: boolean('language_supported'),
    decision: text('decision').notNull(),
    handoverReason: text('handover_reason'),
    emergencyKind: text('emergency_kind'),
    emergencyRule: text('emergency_rule'),
    /** A rules question: true when answered with a citation, false when the documents had no answer. */
    citedAnswer: boolean('cited_answer'),
    /** The work order this turn opened, if any. */
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('assistant_turns_decision_check', sql`${t.decision} in ${inList(assistantDecisions)}`),
    check(
      'assistant_turns_handover_check',
      sql`${t.handoverReason} is null or ${t.handoverReason} in ${inList(handoverReasons)}`,
    ),
    check(
      'assistant_turns_intent_check',
      sql`${t.intent} is null or ${t.intent} in ${inList(assistantIntents)}`,
    ),
    check('assistant_turns_answered_by_check', sql`${t.answeredBy} in ('rules', 'model')`),
    index('assistant_turns_received_idx').on(t.receivedAt),
    index('assistant_turns_property_received_idx').on(t.propertyId, t.receivedAt),
    index('assistant_turns_thread_idx').on(t.threadId, t.receivedAt),
  ],
);
