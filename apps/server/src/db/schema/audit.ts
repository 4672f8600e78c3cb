import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntity, Role } from '@commonwise/contracts';

/**
 * The audit trail (modules/audit, decision 0032): rows are written by triggers on the association's
 * tables in the same transaction as the change, and a trigger on this table refuses UPDATE, DELETE and
 * TRUNCATE, so no code path can rewrite history. Who acted comes from transaction-local settings
 * (modules/audit/act-as.ts); without them the change is the system's (a job, a migration, the seed).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorRole: text('actor_role').$type<Role>(),
    requestId: text('request_id'),
    entity: text('entity').$type<AuditEntity>().notNull(),
    entityId: text('entity_id').notNull(),
    propertyId: uuid('property_id'),
    action: text('action').$type<AuditAction>().notNull(),
    /** Field by field: [before, after] (null where there is none). */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull(),
  },
  (t) => [
    index('audit_events_occurred_idx').on(t.occurredAt, t.id),
    index('audit_events_property_idx').on(t.propertyId, t.occurredAt),
    index('audit_events_actor_idx').on(t.actorId, t.occurredAt),
    index('audit_events_entity_idx').on(t.entity, t.entityId),
  ],
);
