import { sql } from 'drizzle-orm';
import type { AudienceRef } from '../access/scope.ts';

/**
 * An event's audience in a query, from its row (issue 23 item 4). The rule is the announcements' one
 * (`inAnnouncementAudience`, access/scope.ts), so an event reaches exactly whom an announcement with the
 * same audience would; only where the chosen units are kept differs.
 */
type EventAlias = 'events' | 'feed_event';

export const eventAudienceOfRow = (alias: EventAlias): AudienceRef => ({
  propertyId: sql.raw(`${alias}.property_id`),
  audience: sql.raw(`${alias}.audience`),
  buildings: sql.raw(`${alias}.audience_buildings`),
  unitIds: sql.raw(`(select eu.unit_id from event_units eu where eu.event_id = ${alias}.id)`),
});
