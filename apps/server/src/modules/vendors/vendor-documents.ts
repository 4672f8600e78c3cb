import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  vendorDocumentKindLabels,
  type VendorDocument,
  type VendorDocumentInput,
  type VendorDocumentKind,
  type VendorOwnCompany,
  type VendorSubmissionInput,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { vendorCompanies, vendorDocuments, vendorPeople } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { formatDay } from '../letters/values.ts';
import { rowsOf } from '../realtime/publish.ts';
import {
  directoryToday,
  documentView,
  keptCompany,
  ownCompanyView,
  type CompanyRow,
  type VendorsContext,
} from './vendor-views.ts';

/**
 * A vendor company's compliance documents (issue 24 item 1): certificates of insurance, licences, W-9s.
 * A document a manager adds is verified at once (they have the certificate in hand); one the company's
 * people submit from the vendor portal waits for a manager to verify or reject it, and each side is told.
 * A renewal is a new document, so the history stays.
 */

const orNull = <T>(value: T | undefined | '') => (value === undefined || value === '' ? null : value);

/** The columns of a document as sent (the contract refuses a field of another kind of document). */
function documentValues(input: VendorDocumentInput) {
  return {
    kind: input.kind,
    insurer: orNull(input.insurer),
    policyNumber: orNull(input.policyNumber),
    generalLiabilityCents: orNull(input.generalLiabilityCents),
    aggregateCents: orNull(input.aggregateCents),
    autoLiabilityCents: orNull(input.autoLiabilityCents),
    umbrellaCents: orNull(input.umbrellaCents),
    workersComp: orNull(input.workersComp),
    licenceNumber: orNull(input.licenceNumber),
    issuedBy: orNull(input.issuedBy),
    effectiveOn: orNull(input.effectiveOn),
    expiresOn: orNull(input.expiresOn),
  };
}

/** A certificate, licence or W-9 the company's keeper adds: verified at once. */
export async function addVendorDocument(
  ctx: VendorsContext,
  companyId: string,
  input: VendorDocumentInput,
): Promise<VendorDocument> {
  const id = await ctx.db.transaction(async (tx) => {
    await keptCompany(tx, ctx.actor, companyId);
    const now = new Date();
    const today = directoryToday(now);
    if (input.receivedOn !== undefined && input.receivedOn > today) {
      const message = 'The day it was received cannot be in the future.';
      throw new AppError(400, 'VALIDATION_FAILED', message, { fields: { receivedOn: message } });
    }
    const [row] = await tx
      .insert(vendorDocuments)
      .values({
        companyId,
        ...documentValues(input),
        status: 'verified',
        receivedOn: input.receivedOn ?? today,
        submittedBy: ctx.actor.id,
        verifiedBy: ctx.actor.id,
        verifiedAt: now,
      })
      .returning({ id: vendorDocuments.id });
    return row!.id;
  });
  return documentView(ctx, companyId, id);
}

/** A document of the company that waits for review, locked, or why it cannot be reviewed. */
async function submittedDocument(tx: Db, companyId: string, documentId: string) {
  const [row] = await tx
    .select()
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.id, documentId), eq(vendorDocuments.companyId, companyId)))
    .for('update');
  if (!row) throw notFound('Vendor document');
  if (row.status !== 'submitted')
    throw new AppError(
      409,
      'DOCUMENT_ALREADY_REVIEWED',
      `This ${vendorDocumentKindLabels[row.kind as VendorDocumentKind].toLowerCase()} was already ${row.status}. A new one must be submitted to change it.`,
    );
  return row;
}

/** The company's people now, not deactivated: who hears about its documents. */
async function peopleIdsOf(tx: Db, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: vendorPeople.userId })
    .from(vendorPeople)
    .where(and(eq(vendorPeople.companyId, companyId), isNull(vendorPeople.removedAt)));
  return rows.map((row) => row.userId);
}

/**
 * Who reviews what the company submits: the managers of its home association, or, when no association
 * keeps it, the managers of those it serves (admins see every submission in the directory).
 */
async function reviewerIdsOf(tx: Db, companyId: string): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`select distinct pm.user_id from property_managers pm
      join vendor_companies c on c.home_property_id = pm.property_id where c.id = ${companyId}`),
  );
  return rows.length > 0 ? rows.map((row) => row.user_id) : managerIdsOf(tx, companyId);
}

/** The managers of the associations the company serves. */
export async function managerIdsOf(tx: Db, companyId: string): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`select distinct pm.user_id from property_managers pm
      join vendor_service_areas a on a.property_id = pm.property_id where a.company_id = ${companyId}`),
  );
  return rows.map((row) => row.user_id);
}

/**
 * A manager reviews a document the company submitted (verifies or rejects it), in one transaction with
 * telling the company's people what was decided.
 */
async function reviewDocument(
  ctx: VendorsContext,
  companyId: string,
  documentId: string,
  decision: { verified: true } | { verified: false; reason: string },
): Promise<VendorDocument> {
  await ctx.db.transaction(async (tx) => {
    const company = await keptCompany(tx, ctx.actor, companyId);
    const document = await submittedDocument(tx, companyId, documentId);
    const now = new Date();
    await tx
      .update(vendorDocuments)
      .set(
        decision.verified
          ? { status: 'verified', verifiedBy: ctx.actor.id, verifiedAt: now, updatedAt: now }
          : { status: 'rejected', rejectionReason: decision.reason, updatedAt: now },
      )
      .where(eq(vendorDocuments.id, documentId));
    const label = vendorDocumentKindLabels[document.kind as VendorDocumentKind].toLowerCase();
    const validity = document.expiresOn ? `, valid through ${formatDay(document.expiresOn)}` : '';
    await ctx.notifier.notify(tx, await peopleIdsOf(tx, companyId), {
      kind: 'vendor.document-review',
      propertyId: null,
      title: `${company.name}: your ${label} ${decision.verified ? 'was verified' : 'was not accepted'}`,
      body: decision.verified
        ? `${ctx.actor.fullName} verified the ${label} you submitted${validity}.`
        : `${ctx.actor.fullName} could not accept the ${label} you submitted: ${decision.reason}\n\nSubmit a corrected one from your vendor portal.`,
      link: '/vendor-portal',
      dedupeKey: `vendor-doc:${documentId}:reviewed`,
    });
  });
  return documentView(ctx, companyId, documentId);
}

/** A manager verifies a document the company submitted; its people are told. */
export const verifyVendorDocument = (ctx: VendorsContext, companyId: string, documentId: string) =>
  reviewDocument(ctx, companyId, documentId, { verified: true });

/** A manager rejects a document the company submitted, saying why; its people are told. */
export const rejectVendorDocument = (
  ctx: VendorsContext,
  companyId: string,
  documentId: string,
  reason: string,
) => reviewDocument(ctx, companyId, documentId, { verified: false, reason });

/**
 * A keeper withdraws a document entered or verified by mistake (a wrong expiry day, the wrong company's
 * certificate), saying why: it stays in the history and counts for nothing from then on. One already
 * rejected or withdrawn has nothing to withdraw. The company's people are told when it was theirs to see.
 */
export async function withdrawVendorDocument(
  ctx: VendorsContext,
  companyId: string,
  documentId: string,
  reason: string,
): Promise<VendorDocument> {
  await ctx.db.transaction(async (tx) => {
    const company = await keptCompany(tx, ctx.actor, companyId);
    const [document] = await tx
      .select()
      .from(vendorDocuments)
      .where(and(eq(vendorDocuments.id, documentId), eq(vendorDocuments.companyId, companyId)))
      .for('update');
    if (!document) throw notFound('Vendor document');
    const label = vendorDocumentKindLabels[document.kind as VendorDocumentKind].toLowerCase();
    if (document.status === 'rejected' || document.status === 'withdrawn')
      throw new AppError(
        409,
        'DOCUMENT_NOT_IN_FORCE',
        `This ${label} was already ${document.status}: it counts for nothing, so there is nothing to withdraw.`,
      );
    const now = new Date();
    await tx
      .update(vendorDocuments)
      .set({
        status: 'withdrawn',
        withdrawnReason: reason,
        withdrawnBy: ctx.actor.id,
        withdrawnAt: now,
        updatedAt: now,
      })
      .where(eq(vendorDocuments.id, documentId));
    await ctx.notifier.notify(tx, await peopleIdsOf(tx, companyId), {
      kind: 'vendor.document-review',
      propertyId: null,
      title: `${company.name}: a ${label} was withdrawn`,
      body: `${ctx.actor.fullName} withdrew the ${label}${document.expiresOn ? ` valid through ${formatDay(document.expiresOn)}` : ''} from your company's documents: ${reason}\n\nIf a current one is needed, submit it from your vendor portal.`,
      link: '/vendor-portal',
      dedupeKey: `vendor-doc:${documentId}:withdrawn`,
    });
  });
  return documentView(ctx, companyId, documentId);
}

/**
 * The company the caller sees in the vendor portal: their own, or for an admin (who may view every
 * portal) the one named; another company is not found.
 */
async function portalCompany(
  db: Db,
  ctx: VendorsContext,
  companyId: string | undefined,
  options: { lock?: boolean } = {},
): Promise<CompanyRow | null> {
  const own =
    ctx.actor.role === 'admin'
      ? undefined
      : sql`${vendorCompanies.id} in (select vp.company_id from vendor_people vp where vp.user_id = ${ctx.actor.id} and vp.removed_at is null)`;
  if (companyId === undefined && own === undefined) return null;
  const query = db
    .select()
    .from(vendorCompanies)
    .where(and(companyId === undefined ? undefined : eq(vendorCompanies.id, companyId), own));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row && companyId !== undefined) throw notFound('Vendor');
  return row ?? null;
}

/** The vendor portal's company card: the caller's company, its documents and the warning to show. */
export async function getOwnCompany(
  ctx: VendorsContext,
  companyId: string | undefined,
): Promise<VendorOwnCompany> {
  const company = await portalCompany(ctx.db, ctx, companyId);
  return {
    company: company ? await ownCompanyView(ctx.db, ctx.links, company, ctx.actor.role === 'admin') : null,
  };
}

/**
 * A company's person submits a renewed certificate, licence or W-9 from the vendor portal: it waits for a
 * manager of an association the company serves, who is told.
 */
export async function submitOwnDocument(
  ctx: VendorsContext,
  input: VendorSubmissionInput,
): Promise<VendorDocument> {
  const { companyId: named, ...document } = input;
  const { id, companyId } = await ctx.db.transaction(async (tx) => {
    const company = await portalCompany(tx, ctx, named, { lock: true });
    if (!company)
      throw new AppError(
        409,
        'NO_VENDOR_COMPANY',
        'You are not one of a vendor company’s people yet. Ask the manager you work with to add you to your company.',
      );
    const [row] = await tx
      .insert(vendorDocuments)
      .values({
        companyId: company.id,
        ...documentValues(document),
        status: 'submitted',
        receivedOn: directoryToday(),
        submittedBy: ctx.actor.id,
      })
      .returning({ id: vendorDocuments.id });
    const label = vendorDocumentKindLabels[document.kind].toLowerCase();
    await ctx.notifier.notify(tx, await reviewerIdsOf(tx, company.id), {
      kind: 'vendor.document-review',
      propertyId: null,
      title: `${company.name} submitted a ${label} to review`,
      body: `${ctx.actor.fullName} of ${company.name} submitted a ${label}${document.expiresOn ? ` valid through ${formatDay(document.expiresOn)}` : ''}. Check it and verify or reject it.`,
      link: `/vendors/${company.id}`,
      dedupeKey: `vendor-doc:${row!.id}:submitted`,
    });
    return { id: row!.id, companyId: company.id };
  });
  return documentView(ctx, companyId, id);
}
