import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../realtime/publish.ts';
import {
  belongsToAssociation,
  developsProperty,
  hasUnit,
  managesAnyProperty,
  managesProperty,
  ownsInAssociation,
  ownsUnit,
  servesAssociation,
  servesBoardOf,
  sitsOnBoard,
  sitsOnCommittee,
  sitsOnCommitteeOfKind,
  worksForVendor,
  type Person,
  type PersonRef,
} from './memberships.ts';

/**
 * What a person may see, by resource kind, as where-conditions (issue 17; docs/access.md). The route's
 * permission says whether a role may call it at all; these say which rows. `undefined` means every row
 * (admins). Access is the union of the person's memberships whatever their global role: a board member
 * who owns a unit sees that unit as its owner, a manager who owns a home elsewhere sees that association
 * as a member. The global role only picks the home portal.
 *
 * Developers see the properties of the projects they are on (issue 25), like any other membership.
 */

const any = (...conditions: SQL[]) => sql`(${sql.join(conditions, sql` or `)})`;

/**
 * Properties (associations) the person may read: manages, serves on a board or committee, belongs to, or
 * is building (a developer's project).
 */
export function propertyScope(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(
    managesProperty(person.id, propertyId),
    servesAssociation(person.id, propertyId),
    belongsToAssociation(person.id, propertyId),
    developsProperty(person.id, propertyId),
  );
}

/**
 * Who keeps a property's documents (upload, process, delete): its managers, and the developer's team
 * while they build it — the governing documents, plans and warranties they hand over (issue 25).
 */
export function documentKeeping(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(managesProperty(person.id, propertyId), developsProperty(person.id, propertyId));
}

/**
 * Units, with their owners and occupants, the person may read: all of a property they manage or whose
 * board they sit on; otherwise only the units they own or live in.
 */
export function unitScope(person: Person, unit: { id: SQL; propertyId: SQL }): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(
    managesProperty(person.id, unit.propertyId),
    sitsOnBoard(person.id, unit.propertyId),
    hasUnit(person.id, unit.id),
  );
}

/**
 * The associations a board view covers (the board portal's figures and report): those whose board the
 * person sits on today; admins see every association.
 */
export function boardScope(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return sitsOnBoard(person.id, propertyId);
}

/**
 * The properties a person runs: their managers (and admins, every property). Who may change a property's
 * units, owners, occupants, board and committees, and whose figures the manager portal and the
 * assistant's analytics show.
 */
export function propertyAdministration(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return managesProperty(person.id, propertyId);
}

/**
 * Whether the person runs the property, as a boolean column of a statement that reads other things
 * (false, never null, for a row without a property).
 */
export function administersColumn(person: Person, propertyId: SQL): SQL<boolean> {
  return sql<boolean>`coalesce(${propertyAdministration(person, propertyId) ?? sql`true`}, false)`;
}

/**
 * The board and committee rosters of a property: its managers, the people serving on them, and the
 * association's owners. Tenants are not shown the rosters (the issue's "visible to owners").
 */
export function rosterScope(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(
    managesProperty(person.id, propertyId),
    servesAssociation(person.id, propertyId),
    ownsInAssociation(person.id, propertyId),
  );
}

/**
 * The association's letters and templates (issue 18): its managers, who make and send them, and its
 * board, who read them and approve those that need approval. An owner reads only the letters sent to
 * them, through the resident portal (modules/letters: recipients), not through this scope.
 */
export function letterScope(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(managesProperty(person.id, propertyId), sitsOnBoard(person.id, propertyId));
}

/**
 * The association's books (issue 20): its managers, who keep them, and its board, who read them. Owners
 * see only their own unit's ledger, through the resident portal, not through this scope.
 */
export function financeScope(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(managesProperty(person.id, propertyId), sitsOnBoard(person.id, propertyId));
}

/**
 * A unit's own account as its owner sees it (the resident portal's My Account and Billing): the units
 * the person owns today. Tenants and past owners do not see it; managers and the board read every
 * unit's through financeScope.
 */
export function ownerAccountScope(person: Person, unitId: SQL): SQL {
  return ownsUnit(person.id, unitId);
}

/**
 * An association's enforcement (issue 21): its rules, inspections and violations. Its managers keep
 * them; its board reads them (they approve notices and judge fairness). Owners see only their own
 * unit's violations, through the resident portal, not through this scope.
 */
export const enforcementScope = letterScope;

/**
 * A unit's violations as its owner sees them (issue 21 item 5, the resident portal): those of the units
 * the person owns today, as for their account. Which of them (those they were sent a notice about) is
 * decided in violations/violation-access.ts.
 */
export const ownerViolationScope = ownerAccountScope;

/**
 * A decision item (issue 22): the association's managers, the members serving today on the committee
 * that decides it, and the association's board (who oversee every committee). Owners see decided items
 * the association publishes through the resident portal, not through this scope.
 */
export function decisionScope(person: Person, item: { propertyId: SQL; committeeId: SQL }): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(
    managesProperty(person.id, item.propertyId),
    sitsOnBoard(person.id, item.propertyId),
    sitsOnCommittee(person.id, item.committeeId),
  );
}

/**
 * An association's architectural requests and project types (issue 22), as the reviewers see them: its
 * managers, its board, and the members of its architectural review committee serving today. An owner
 * sees their own requests through the resident portal.
 */
export function arcScope(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(
    managesProperty(person.id, propertyId),
    sitsOnBoard(person.id, propertyId),
    sitsOnCommitteeOfKind(person.id, propertyId, 'architectural_review'),
  );
}

/**
 * Who writes an association's announcements (issue 23) and reads their counts and recipients: its
 * managers and its board. Readers see them through `inAnnouncementAudience`, not through this scope.
 */
export const announcementAuthorScope = letterScope;

/**
 * An announcement's audience in a query: its association, its kind, its buildings (a text[]) and its
 * chosen units (a subquery of unit ids) — from a saved row's columns, or from values not saved yet.
 */
export type AudienceRef = { propertyId: SQL; audience: SQL; buildings: SQL; unitIds: SQL };

/**
 * The person (an id, or a column of people) is in the announcement's audience today (issue 23 item 1):
 * everyone, the association's owners, residents and those serving on its board and committees; owners,
 * owners today; buildings, whoever owns or lives in a unit of one of them; units, of one of the chosen
 * units; board, its members today. The one rule both the reader's list and the delivery at publication
 * use, so who is told and who may read can never differ.
 */
export function inAnnouncementAudience(personId: PersonRef, a: AudienceRef): SQL {
  // `audience_unit`: an alias no membership condition uses, as the person may be an outer column.
  const inUnitWhere = (where: SQL) =>
    sql`exists (select 1 from units audience_unit where audience_unit.property_id = ${a.propertyId}
      and audience_unit.archived_at is null and ${where} and ${hasUnit(personId, sql`audience_unit.id`)})`;
  return sql`(
    (${a.audience} = 'everyone' and (${belongsToAssociation(personId, a.propertyId)}
      or ${servesAssociation(personId, a.propertyId)}))
    or (${a.audience} = 'owners' and ${ownsInAssociation(personId, a.propertyId)})
    or (${a.audience} = 'board' and ${sitsOnBoard(personId, a.propertyId)})
    or (${a.audience} = 'buildings' and ${inUnitWhere(
      sql`lower(trim(audience_unit.building)) = any(array(select lower(trim(b)) from unnest(${a.buildings}) b))`,
    )})
    or (${a.audience} = 'units' and ${inUnitWhere(sql`audience_unit.id in ${a.unitIds}`)}))`;
}

/**
 * A company of the vendor directory (issue 24): the management company's managers read all of it (it is
 * their roster, and a vendor serving another association may be the one they need next); a board member
 * the companies serving an association whose board they sit on; a vendor's people their own company.
 */
export function vendorDirectoryScope(person: Person, companyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(
    managesAnyProperty(person.id),
    servesBoardOf(person.id, companyId),
    worksForVendor(person.id, companyId),
  );
}

/**
 * Who changes a company (its details, people and documents): the managers of its home association, the
 * one that keeps its record (decision 0067). Serving an association does not make its managers keepers:
 * a manager may take any company on for an association they run, and that must not hand them a record
 * another association relies on. A company with no home association is kept by admins alone.
 */
export function vendorKeeperScope(person: Person, companyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return sql`exists (select 1 from vendor_companies keeper_company join property_managers keeper_pm
    on keeper_pm.property_id = keeper_company.home_property_id
    where keeper_company.id = ${companyId} and keeper_pm.user_id = ${person.id})`;
}

/**
 * An association's requests for bids (issue 24 item 2, decision 0068), with every company's bid and thread:
 * its managers, who run them, and its board, who read them and decide awards above the limit. Who runs
 * one (invites, answers, cancels, awards) is `propertyAdministration`.
 */
export const bidRequestScope = letterScope;

/**
 * A company's invitations to bid, its own bids and its threads with the managers: the company's people
 * now (decision 0068: a vendor never sees another company's). Admins see every company's.
 */
export function bidInvitationScope(person: Person, companyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return worksForVendor(person.id, companyId);
}

/**
 * An association's vendor invoices and its approval limits (issue 24 item 3, decision 0068): its managers,
 * who review and pay the invoices, and its board, who read and approve them. A company's people see their
 * own company's invoices through the vendor portal (`ownInvoiceScope`), never through this scope.
 */
export function invoiceScope(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return any(managesProperty(person.id, propertyId), sitsOnBoard(person.id, propertyId));
}

/** Who starts the review of an association's invoices, rejects them and records their payment: its managers. */
export const invoiceKeeperScope = propertyAdministration;

/** A vendor company's invoices as its own people see them (admins: every company's). */
export function ownInvoiceScope(person: Person, companyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return worksForVendor(person.id, companyId);
}

/** Who sets an association's approval limits: the members of its board today (and admins). */
export function vendorPolicySetterScope(person: Person, propertyId: SQL): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return sitsOnBoard(person.id, propertyId);
}

/** The property's governing documents and other shared papers: everyone who may read the property. */
export const documentScope = propertyScope;

/** Whether the person runs this property now (propertyAdministration, for one property). */
export async function administers(db: Db, person: Person, propertyId: string): Promise<boolean> {
  return holds(db, propertyAdministration(person, sql`p.id`), propertyId);
}

/** Whether the person keeps the property's documents (documentKeeping). */
export async function keepsDocuments(db: Db, person: Person, propertyId: string): Promise<boolean> {
  return holds(db, documentKeeping(person, sql`p.id`), propertyId);
}

async function holds(db: Db, condition: SQL | undefined, propertyId: string): Promise<boolean> {
  if (condition === undefined) return true;
  const result = await db.execute(
    sql`select 1 from properties p where p.id = ${propertyId} and ${condition}`,
  );
  return rowsOf(result).length > 0;
}
