import { sql, type SQL } from 'drizzle-orm';
import { enforcementScope, ownerViolationScope, propertyAdministration } from '../access/scope.ts';
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

/**
 * A violation as its owner sees it (issue 21 item 5, the resident portal): of a unit the person owns
 * today, and with a notice about it sent to them. A tenant, a past owner, or an owner who was never sent
 * a notice sees nothing of it (404).
 */
export const ownerSeesViolation = (person: Person, violation: { id: SQL; unitId: SQL }): SQL =>
  sql`(${ownerViolationScope(person, violation.unitId)} and exists (select 1 from violation_notices n
    join letters l on l.id = n.letter_id
    join letter_recipients r on r.letter_id = l.id and r.user_id = ${person.id}
    where n.violation_id = ${violation.id} and l.status = 'sent'))`;

/**
 * A violation photo (attachments.violation_event_id) may be opened by whoever may read its violation;
 * and by an owner who sees it, the inspectors' photos (the evidence) and the cure photos they sent.
 */
export const violationPhotoSeen = (person: Person, eventId: SQL, uploadedBy: SQL): SQL =>
  sql`exists (select 1 from violation_events ve join violations v on v.id = ve.violation_id
    where ve.id = ${eventId} and (${readsEnforcement(person, sql`v.property_id`)}
      or (${ownerSeesViolation(person, { id: sql`v.id`, unitId: sql`v.unit_id` })}
        and (ve.kind in ('observed', 'observed_again') or ${uploadedBy} = ${person.id}))))`;
