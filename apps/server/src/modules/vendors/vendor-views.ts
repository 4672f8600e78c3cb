import { aliasedTable, and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  defaultPropertyTimeZone,
  type VendorCompany,
  type VendorDocument,
  type VendorDocumentKind,
  type VendorOverride,
  type VendorPerson,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  profiles,
  properties,
  vendorAssignmentOverrides,
  vendorCompanies,
  vendorDocuments,
  vendorPeople,
  vendorServiceAreas,
  workOrders,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Person } from '../access/memberships.ts';
import {
  propertyAdministration,
  propertyScope,
  vendorDirectoryScope,
  vendorKeeperScope,
} from '../access/scope.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { dayIn, formatDay } from '../letters/values.ts';
import { complianceOf, countsOnSql, expirySql } from './compliance.ts';
import { filesOfDocuments } from './vendor-files.ts';
import { rowsOf } from '../realtime/publish.ts';

/**
 * How the vendor directory's records are read and shown (issue 24 item 1): the access checks every
 * service of the module starts with, and the company as staff, board members and its own people see it.
 */

export type VendorsContext = ServiceContext & { links: AttachmentLinks };
export type CompanyRow = typeof vendorCompanies.$inferSelect;

/**
 * The directory's day: a company belongs to no association, so its certificates are read on the
 * installation's default association clock (the westernmost contiguous-US zone, decision 0031), the clock
 * of the alert schedule too. A work order's assignment uses its own association's day.
 */
export const directoryToday = (now = new Date()) => dayIn(now, defaultPropertyTimeZone);

/** Staff: the management company's people, who see its notes and the overrides. */
export const isStaff = (person: Person) => person.role === 'admin' || person.role === 'manager';

const orTrue = (condition: SQL | undefined) => condition ?? sql`true`;

/**
 * A company the person may read in the directory, or 404; with `lock`, locked for the rest of the
 * transaction (service areas change under it).
 */
export async function readableCompany(
  db: Db,
  person: Person,
  companyId: string,
  options: { lock?: boolean } = {},
): Promise<CompanyRow> {
  const query = db
    .select()
    .from(vendorCompanies)
    .where(
      and(
        eq(vendorCompanies.id, companyId),
        orTrue(vendorDirectoryScope(person, sql`${vendorCompanies.id}`)),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Vendor');
  return row;
}

/**
 * A company the person may change, locked for the rest of the transaction, or 404: one they may not
 * change is as good as absent for a change (a manager of another association's vendor).
 */
export async function keptCompany(db: Db, person: Person, companyId: string): Promise<CompanyRow> {
  const [row] = await db
    .select()
    .from(vendorCompanies)
    .where(
      and(eq(vendorCompanies.id, companyId), orTrue(vendorKeeperScope(person, sql`${vendorCompanies.id}`))),
    )
    .for('update');
  if (!row) throw notFound('Vendor');
  return row;
}

/** Whether the person may change the company. */
export async function canKeep(db: Db, person: Person, companyId: string): Promise<boolean> {
  const condition = vendorKeeperScope(person, sql`${vendorCompanies.id}`);
  if (!condition) return true;
  const rows = await db
    .select({ id: vendorCompanies.id })
    .from(vendorCompanies)
    .where(and(eq(vendorCompanies.id, companyId), condition));
  return rows.length > 0;
}

// A scalar lookup per person, as users.service.ts does: whether they have set a password.
const hasPassword = sql`(select true from ${accounts} where ${accounts.userId} = ${profiles.id} and ${accounts.providerId} = 'credential' limit 1) is not null`;

/** The company's people now, the primary contact first; at most 100. */
export async function peopleOf(db: Db, companyId: string, userId?: string): Promise<VendorPerson[]> {
  const rows = await db
    .select({
      person: vendorPeople,
      fullName: profiles.fullName,
      email: profiles.email,
      banned: profiles.banned,
      hasPassword: sql<boolean>`${hasPassword}`.mapWith(Boolean),
    })
    .from(vendorPeople)
    .innerJoin(profiles, eq(profiles.id, vendorPeople.userId))
    .where(
      and(
        eq(vendorPeople.companyId, companyId),
        isNull(vendorPeople.removedAt),
        userId === undefined ? undefined : eq(vendorPeople.userId, userId),
      ),
    )
    .orderBy(desc(vendorPeople.isPrimary), asc(sql`lower(${profiles.fullName})`), asc(vendorPeople.id))
    .limit(100);
  return rows.map((row) => ({
    userId: row.person.userId,
    fullName: row.fullName,
    email: row.email,
    title: row.person.title,
    phone: row.person.phone,
    isPrimary: row.person.isPrimary,
    invitationPending: !row.hasPassword,
    isActive: !row.banned,
    addedAt: row.person.createdAt.toISOString(),
  }));
}

/** The associations the company serves, by name: all of them, or those `visibleTo` may read. */
async function serviceAreasOf(db: Db, companyId: string, visibleTo: Person | null) {
  const visible = visibleTo ? propertyScope(visibleTo, sql`${properties.id}`) : undefined;
  const rows = await db
    .select({ propertyId: properties.id, propertyName: properties.name, timeZone: properties.timeZone })
    .from(vendorServiceAreas)
    .innerJoin(properties, eq(properties.id, vendorServiceAreas.propertyId))
    .where(and(eq(vendorServiceAreas.companyId, companyId), visible))
    .orderBy(asc(properties.name), asc(properties.id))
    .limit(500);
  return rows;
}

type DocumentRow = typeof vendorDocuments.$inferSelect;

/**
 * The current document of each kind on `today`: of those that count (verified and in effect), the one
 * that expires last (a W-9, which does not expire: the latest verified).
 */
async function currentDocumentIds(db: Db, companyId: string, today: string): Promise<Set<string>> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select distinct on (d.kind) d.id from vendor_documents d
      where d.company_id = ${companyId} and ${countsOnSql('d', today)}
      order by d.kind, ${expirySql('d')} desc, d.created_at desc, d.id desc`),
  );
  return new Set(rows.map((row) => row.id));
}

/** A company's standing today, from the documents that count today (the latest expiry of each kind). */
export async function complianceOfCompany(db: Db, companyId: string, today: string) {
  const latest = rowsOf<{ kind: VendorDocumentKind; expires_on: string | null }>(
    await db.execute(sql`select d.kind, to_char(max(${expirySql('d')}), 'YYYY-MM-DD') as expires_on
      from vendor_documents d where d.company_id = ${companyId} and ${countsOnSql('d', today)}
      group by d.kind`),
  );
  return complianceOf(
    latest.map((row) => ({
      kind: row.kind,
      status: 'verified',
      effectiveOn: null,
      expiresOn: row.expires_on,
    })),
    today,
  );
}

/**
 * Who is reading a company's documents: its keepers (admins, the home association's managers) and its
 * own people may read W-9 files (they hold the taxpayer number) and remove files; anyone else who reads
 * the company sees the other files only.
 */
export type DocumentReader = { isKeeper: boolean; isOwnPerson: boolean };

/**
 * The company's documents, newest first (at most 50; or the one asked for), with their files and who
 * submitted, verified or withdrew them, as `reader` sees them.
 */
export async function documentsOf(
  db: Db,
  links: AttachmentLinks,
  companyId: string,
  reader: DocumentReader & { documentId?: string },
): Promise<VendorDocument[]> {
  const submitter = aliasedTable(profiles, 'submitter');
  const verifier = aliasedTable(profiles, 'verifier');
  const withdrawer = aliasedTable(profiles, 'withdrawer');
  const withW9Files = reader.isKeeper || reader.isOwnPerson;
  const [rows, current] = await Promise.all([
    db
      .select({
        document: vendorDocuments,
        submittedBy: submitter.fullName,
        verifiedBy: verifier.fullName,
        withdrawnBy: withdrawer.fullName,
      })
      .from(vendorDocuments)
      .leftJoin(submitter, eq(submitter.id, vendorDocuments.submittedBy))
      .leftJoin(verifier, eq(verifier.id, vendorDocuments.verifiedBy))
      .leftJoin(withdrawer, eq(withdrawer.id, vendorDocuments.withdrawnBy))
      .where(
        and(
          eq(vendorDocuments.companyId, companyId),
          reader.documentId === undefined ? undefined : eq(vendorDocuments.id, reader.documentId),
        ),
      )
      .orderBy(desc(vendorDocuments.createdAt), desc(vendorDocuments.id))
      .limit(50),
    currentDocumentIds(db, companyId, directoryToday()),
  ]);
  const files = await filesOfDocuments(
    db,
    links,
    rows.filter((row) => withW9Files || row.document.kind !== 'w9').map((row) => row.document.id),
  );
  return rows.map(({ document, submittedBy, verifiedBy, withdrawnBy }) =>
    toDocument(
      document,
      { submittedBy, verifiedBy, withdrawnBy },
      {
        isCurrent: current.has(document.id),
        canRemoveFiles: filesRemovableBy(reader, document.status),
        canAddFiles: filesAddableBy(reader, document.status),
        files: files.get(document.id) ?? [],
      },
    ),
  );
}

/**
 * Who may remove a document's files (vendor-files.ts checks the same in SQL): its keepers while it is not
 * withdrawn (a wrong file on a verified certificate must be removable), its people while it waits.
 */
export const filesRemovableBy = (reader: DocumentReader, status: VendorDocument['status']) =>
  (reader.isKeeper && status !== 'withdrawn') || (reader.isOwnPerson && status === 'submitted');

/** Who may add files (vendor-files.ts vendorDocumentForFiles checks the same): see canAddFiles. */
export const filesAddableBy = (reader: DocumentReader, status: VendorDocument['status']) =>
  (reader.isKeeper && status !== 'rejected' && status !== 'withdrawn') ||
  (reader.isOwnPerson && status === 'submitted');

const ref = (id: string | null, fullName: string | null) => (id && fullName ? { id, fullName } : null);

function toDocument(
  document: DocumentRow,
  names: { submittedBy: string | null; verifiedBy: string | null; withdrawnBy: string | null },
  extra: Pick<VendorDocument, 'isCurrent' | 'files' | 'canRemoveFiles' | 'canAddFiles'>,
): VendorDocument {
  return {
    id: document.id,
    kind: document.kind as VendorDocumentKind,
    status: document.status,
    withdrawnReason: document.withdrawnReason,
    withdrawnBy: ref(document.withdrawnBy, names.withdrawnBy),
    withdrawnAt: document.withdrawnAt?.toISOString() ?? null,
    insurer: document.insurer,
    policyNumber: document.policyNumber,
    generalLiabilityCents: document.generalLiabilityCents,
    aggregateCents: document.aggregateCents,
    autoLiabilityCents: document.autoLiabilityCents,
    umbrellaCents: document.umbrellaCents,
    workersComp: document.workersComp,
    licenceNumber: document.licenceNumber,
    issuedBy: document.issuedBy,
    effectiveOn: document.effectiveOn,
    expiresOn: document.expiresOn,
    receivedOn: document.receivedOn,
    rejectionReason: document.rejectionReason,
    submittedBy: ref(document.submittedBy, names.submittedBy),
    verifiedBy: ref(document.verifiedBy, names.verifiedBy),
    verifiedAt: document.verifiedAt?.toISOString() ?? null,
    createdAt: document.createdAt.toISOString(),
    ...extra,
  };
}

/**
 * One document of the company as the caller sees it after a change (the caller changed it: a keeper, or
 * one of its people).
 */
export async function documentView(
  ctx: VendorsContext,
  companyId: string,
  documentId: string,
): Promise<VendorDocument> {
  const isKeeper = await canKeep(ctx.db, ctx.actor, companyId);
  const documents = await documentsOf(ctx.db, ctx.links, companyId, {
    isKeeper,
    isOwnPerson: !isKeeper,
    documentId,
  });
  if (!documents[0]) throw notFound('Vendor document');
  return documents[0];
}

/** Assignments made over an expired certificate at the associations the person runs, latest 20. */
async function overridesOf(db: Db, person: Person, companyId: string): Promise<VendorOverride[]> {
  const creator = aliasedTable(profiles, 'creator');
  const vendor = aliasedTable(profiles, 'vendor');
  const rows = await db
    .select({
      override: vendorAssignmentOverrides,
      summary: workOrders.summary,
      propertyName: properties.name,
      vendorName: vendor.fullName,
      createdByName: creator.fullName,
    })
    .from(vendorAssignmentOverrides)
    .innerJoin(workOrders, eq(workOrders.id, vendorAssignmentOverrides.workOrderId))
    .innerJoin(properties, eq(properties.id, vendorAssignmentOverrides.propertyId))
    .leftJoin(vendor, eq(vendor.id, vendorAssignmentOverrides.vendorUserId))
    .leftJoin(creator, eq(creator.id, vendorAssignmentOverrides.createdBy))
    .where(
      and(
        eq(vendorAssignmentOverrides.companyId, companyId),
        propertyAdministration(person, sql`${vendorAssignmentOverrides.propertyId}`),
      ),
    )
    .orderBy(desc(vendorAssignmentOverrides.createdAt), desc(vendorAssignmentOverrides.id))
    .limit(20);
  return rows.map((row) => ({
    id: row.override.id,
    workOrderId: row.override.workOrderId,
    workOrderSummary: row.summary,
    propertyName: row.propertyName,
    vendorName: row.vendorName,
    reason: row.override.reason,
    insuranceExpiredOn: row.override.insuranceExpiredOn,
    createdBy:
      row.override.createdBy && row.createdByName
        ? { id: row.override.createdBy, fullName: row.createdByName }
        : null,
    createdAt: row.override.createdAt.toISOString(),
  }));
}

/** What the directory and the vendor portal both show of a company, its associations as `viewer` sees them. */
async function sharedView(
  db: Db,
  links: AttachmentLinks,
  company: CompanyRow,
  viewer: Person | null,
  reader: DocumentReader,
) {
  const [serviceAreas, people, documents, compliance] = await Promise.all([
    serviceAreasOf(db, company.id, viewer),
    peopleOf(db, company.id),
    documentsOf(db, links, company.id, reader),
    complianceOfCompany(db, company.id, directoryToday()),
  ]);
  return {
    id: company.id,
    name: company.name,
    trades: company.trades,
    phone: company.phone,
    email: company.email,
    website: company.website,
    address: company.address,
    compliance,
    serviceAreas,
    people,
    documents,
  };
}

/** The company as the directory shows it to the person (who may read it: checked by the caller). */
export async function companyView(ctx: VendorsContext, company: CompanyRow): Promise<VendorCompany> {
  const staff = isStaff(ctx.actor);
  const canManage = await canKeep(ctx.db, ctx.actor, company.id);
  const [shared, overrides, home, canServe] = await Promise.all([
    sharedView(ctx.db, ctx.links, company, staff ? null : ctx.actor, {
      isKeeper: canManage,
      isOwnPerson: false,
    }),
    staff ? overridesOf(ctx.db, ctx.actor, company.id) : Promise.resolve(null),
    homePropertyOf(ctx.db, company),
    ctx.actor.role === 'board' ? Promise.resolve([]) : associationsToServe(ctx.db, ctx.actor, company.id),
  ]);
  return {
    ...shared,
    contacts: company.contacts,
    notes: staff ? company.notes : null,
    isActive: company.isActive,
    overrides,
    homeProperty: home,
    canManage,
    canServe,
    createdAt: company.createdAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
  };
}

/** The company's home association, by name (every reader of the company may see which keeps it). */
async function homePropertyOf(db: Db, company: CompanyRow) {
  if (!company.homePropertyId) return null;
  const [row] = await db
    .select({ propertyId: properties.id, propertyName: properties.name, timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, company.homePropertyId));
  return row ?? null;
}

/** The associations the person runs that the company does not serve yet, by name (at most 100). */
async function associationsToServe(db: Db, person: Person, companyId: string) {
  return db
    .select({ propertyId: properties.id, propertyName: properties.name, timeZone: properties.timeZone })
    .from(properties)
    .where(
      and(
        propertyAdministration(person, sql`${properties.id}`),
        sql`not exists (select 1 from vendor_service_areas served where served.company_id = ${companyId}
          and served.property_id = ${properties.id})`,
      ),
    )
    .orderBy(asc(properties.name), asc(properties.id))
    .limit(100);
}

/** The company as its own people see it in the vendor portal (no staff notes, no overrides). */
export async function ownCompanyView(db: Db, links: AttachmentLinks, company: CompanyRow, isKeeper: boolean) {
  const shared = await sharedView(db, links, company, null, { isKeeper, isOwnPerson: true });
  return { ...shared, warning: warningOf(shared.compliance) };
}

/** What the vendor portal's card says about the company's documents, or null when all is in order. */
export function warningOf(compliance: ReturnType<typeof complianceOf>): string | null {
  const day = formatDay;
  const { insurance, licence } = compliance;
  if (insurance.status === 'expired')
    return `Your certificate of insurance expired on ${day(insurance.expiresOn!)}. Managers cannot assign you new work until you upload a current one.`;
  if (insurance.status === 'missing')
    return 'We have no certificate of insurance on file for your company. Upload your current certificate.';
  if (insurance.status === 'expiring')
    return `Your certificate of insurance expires on ${day(insurance.expiresOn!)}. Upload the renewed certificate before then to keep getting new work.`;
  if (licence.status === 'expired')
    return `Your licence expired on ${day(licence.expiresOn!)}. Upload the renewed licence.`;
  if (licence.status === 'expiring')
    return `Your licence expires on ${day(licence.expiresOn!)}. Upload the renewed licence before then.`;
  return null;
}
