import { sql, type SQL } from 'drizzle-orm';
import { enforcementScope, propertyAdministration } from '../access/scope.ts';
import type { Person } from '../access/memberships.ts';

/**
 * Who may see and do what in enforcement, in one place (issue 21): the association's managers and board
 * read its rules, inspections and violations (enforcementScope); its managers (and admins) keep them
 * (propertyAdministration). Each is a condition on a property id, so a manager removed from an
 * association, or a board term that ends, loses it at once, for files as much as for the API.
 */
export const readsEnforcement = (person: Person, propertyId: SQL): SQL =>
  enforcementScope(person, propertyId) ?? sql`true`;

export const keepsEnforcement = (person: Person, propertyId: SQL): SQL =>
  propertyAdministration(person, propertyId) ?? sql`true`;

/** A violation photo (attachments.violation_event_id) may be opened by whoever may read its violation. */
export const violationPhotoSeen = (person: Person, eventId: SQL): SQL =>
  sql`exists (select 1 from violation_events ve join violations v on v.id = ve.violation_id
    where ve.id = ${eventId} and ${readsEnforcement(person, sql`v.property_id`)})`;
