import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  complianceWarningDays,
  type ComplianceStatus,
  type ExpiryStanding,
  type VendorCompliance,
  type VendorDocumentKind,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  vendorAssignmentOverrides,
  vendorCompanies,
  vendorDocuments,
  vendorPeople,
  workOrderInternalNotes,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { formatDay } from '../letters/values.ts';

/**
 * The compliance rule of the vendor directory (issue 24 item 1, decision 0067), in one place: what a
 * company's certificate of insurance (or licence) says on a day, and whether a vendor may be given new
 * work. The same rule in SQL (`expiryStatusSql`) filters and orders lists.
 */

/** `day` plus `days`, both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A document's standing on `today` from its expiry day: a certificate covers through its expiry day, so
 * it is expired from the day after; it is expiring from 30 days before its expiry day (when its people are
 * first told) through that day, and current before. No expiry day: nothing verified is on file.
 */
export function expiryStatusOf(expiresOn: string | null, today: string): ComplianceStatus {
  if (expiresOn === null) return 'missing';
  if (expiresOn < today) return 'expired';
  if (expiresOn <= addDays(today, complianceWarningDays)) return 'expiring';
  return 'current';
}

/** expiryStatusOf in SQL, for a date and a day. */
export function expiryStatusSql(expiresOn: SQL, today: string): SQL<ComplianceStatus> {
  return sql<ComplianceStatus>`(case when ${expiresOn} is null then 'missing'
    when ${expiresOn} < ${today}::date then 'expired'
    when ${expiresOn} <= ${today}::date + ${complianceWarningDays}::int then 'expiring'
    else 'current' end)`;
}

type DocumentFacts = {
  kind: VendorDocumentKind;
  status: string;
  effectiveOn: string | null;
  expiresOn: string | null;
};

/** Whether a document counts on `today`: verified, and in effect (no effective day, or it has come). */
export const countsOn = (document: Pick<DocumentFacts, 'status' | 'effectiveOn'>, today: string) =>
  document.status === 'verified' && (document.effectiveOn === null || document.effectiveOn <= today);

/**
 * A licence that does not expire (some do not) is read as expiring on the calendar's last day, so that
 * "the one that expires last" needs no special case in SQL or here; it is shown as current with no day.
 */
export const neverExpires = '9999-12-31';

/** What a kind's latest expiry (from latestVerifiedExpiry or latestExpirySql) says on `today`. */
export function standingOf(latest: string | null, today: string): ExpiryStanding {
  if (latest === neverExpires) return { status: 'current', expiresOn: null };
  return { status: expiryStatusOf(latest, today), expiresOn: latest };
}

/**
 * What decides a kind's standing on `today`: of the verified documents of that kind already in effect,
 * the one that expires last (a renewal added before the old one ends is what counts once it starts; a
 * submitted, rejected or withdrawn one counts for nothing, and neither does one that starts next month:
 * it does not cover today).
 */
export function latestVerifiedExpiry(
  documents: DocumentFacts[],
  kind: VendorDocumentKind,
  today: string,
): string | null {
  let latest: string | null = null;
  for (const document of documents) {
    if (document.kind !== kind || !countsOn(document, today)) continue;
    const expiresOn = document.expiresOn ?? neverExpires;
    if (latest === null || expiresOn > latest) latest = expiresOn;
  }
  return latest;
}

/** A company's certificate of insurance on `today`. */
export function insuranceStatusOf(documents: DocumentFacts[], today: string): ExpiryStanding {
  return standingOf(latestVerifiedExpiry(documents, 'insurance', today), today);
}

/** Insurance, licence and W-9 of a company on `today`. */
export function complianceOf(documents: DocumentFacts[], today: string): VendorCompliance {
  const licence = standingOf(latestVerifiedExpiry(documents, 'licence', today), today);
  const hasW9 = documents.some((document) => document.kind === 'w9' && document.status === 'verified');
  return {
    insurance: insuranceStatusOf(documents, today),
    licence,
    w9: { status: hasW9 ? 'received' : 'missing' },
  };
}

/** countsOn in SQL, for a document alias `d` and a day. */
export const countsOnSql = (alias: string, today: string): SQL => {
  const d = sql.identifier(alias);
  return sql`${d}.status = 'verified' and (${d}.effective_on is null or ${d}.effective_on <= ${today}::date)`;
};

/** A document's expiry day in SQL, a document that does not expire reading as `neverExpires`. */
export const expirySql = (alias: string): SQL =>
  sql`coalesce(${sql.identifier(alias)}.expires_on, ${neverExpires}::date)`;

/**
 * The expiry of a company's latest-expiring document of a kind that counts on `today`, as an SQL scalar
 * (a date, `neverExpires`, or null when none counts; read it with standingOf): lists order and filter by it.
 */
export function latestExpirySql(
  companyId: SQL,
  kind: 'insurance' | 'licence',
  today: string,
): SQL<string | null> {
  return sql<string | null>`(select max(${expirySql('d')}) from vendor_documents d
    where d.company_id = ${companyId} and d.kind = ${kind} and ${countsOnSql('d', today)})`;
}

/** The association's calendar day now, in its own time zone. */
export async function associationToday(db: Pick<Db, 'execute'>, propertyId: string): Promise<string> {
  const result = await db.execute(
    sql`select to_char((now() at time zone p.time_zone)::date, 'YYYY-MM-DD') as day from properties p where p.id = ${propertyId}`,
  );
  return (result as unknown as { rows: { day: string }[] }).rows[0]!.day;
}

/** The vendor's company now, or none. */
export async function companyOfVendor(db: Pick<Db, 'select'>, vendorUserId: string) {
  const [row] = await db
    .select({ id: vendorCompanies.id, name: vendorCompanies.name, isActive: vendorCompanies.isActive })
    .from(vendorPeople)
    .innerJoin(vendorCompanies, eq(vendorCompanies.id, vendorPeople.companyId))
    .where(and(eq(vendorPeople.userId, vendorUserId), isNull(vendorPeople.removedAt)));
  return row ?? null;
}

export type Assignability =
  | {
      company: { id: string; name: string; isActive: boolean };
      insurance: ExpiryStanding;
      isBlocked: boolean;
    }
  | { company: null; insurance: ExpiryStanding; isBlocked: false };

/**
 * Whether a vendor may be given new work at an association today: blocked only by an expired certificate
 * of insurance. A vendor of no company, or of a company with no certificate on file, is not blocked (the
 * issue names an expired certificate; "missing" is a warning in the vendor options).
 */
export async function assignabilityOf(
  db: Pick<Db, 'select' | 'execute'>,
  vendorUserId: string,
  propertyId: string,
): Promise<Assignability> {
  const company = await companyOfVendor(db, vendorUserId);
  if (!company) return { company: null, insurance: { status: 'missing', expiresOn: null }, isBlocked: false };
  const documents = await db
    .select({
      kind: vendorDocuments.kind,
      status: vendorDocuments.status,
      effectiveOn: vendorDocuments.effectiveOn,
      expiresOn: vendorDocuments.expiresOn,
    })
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.companyId, company.id), eq(vendorDocuments.kind, 'insurance')))
    .orderBy(desc(vendorDocuments.expiresOn));
  const insurance = insuranceStatusOf(documents, await associationToday(db, propertyId));
  return { company, insurance, isBlocked: insurance.status === 'expired' };
}

/**
 * Checks a new assignment inside the assignment's transaction. Expired: without a reason, 409
 * VENDOR_INSURANCE_EXPIRED saying when it expired and what to do; with one, the override is recorded for
 * the staff (its own row and an internal note) — never in the activity or the rooms, which the resident
 * and the vendor read. A reason where nothing is blocked is refused, so that none is taken and lost.
 */
export async function assertAssignable(
  tx: Db,
  input: {
    workOrderId: string;
    propertyId: string;
    vendor: { id: string; fullName: string } | null;
    isSameVendor: boolean;
    overrideReason: string | undefined;
    actorId: string;
  },
): Promise<{ companyId: string | null }> {
  const assignability = input.vendor
    ? await assignabilityOf(tx, input.vendor.id, input.propertyId)
    : {
        company: null,
        insurance: { status: 'missing' as const, expiresOn: null },
        isBlocked: false as const,
      };
  if (assignability.company && !assignability.company.isActive && !input.isSameVendor) {
    // A company the staff marked inactive is one they stopped working with: no override, reactivate it.
    const message = `${assignability.company.name} is marked inactive in the vendor directory. Reactivate it there before giving it new work.`;
    throw new AppError(409, 'VENDOR_INACTIVE', message, { fields: { vendorId: message } });
  }
  const isBlocked = assignability.isBlocked && !input.isSameVendor;
  const reason = input.overrideReason?.trim();
  if (!isBlocked) {
    if (reason) {
      const message = input.isSameVendor
        ? 'This vendor is already assigned: there is nothing to override. Send the assignment without a reason.'
        : input.vendor
          ? `${input.vendor.fullName} can be assigned without an override: send the assignment without a reason.`
          : 'Taking the vendor off needs no override: send it without a reason.';
      throw new AppError(409, 'OVERRIDE_NOT_NEEDED', message, { fields: { overrideReason: message } });
    }
    return { companyId: assignability.company?.id ?? null };
  }
  const company = assignability.company!;
  const expiredOn = assignability.insurance.expiresOn!;
  if (!reason) {
    const message = `${company.name}'s certificate of insurance expired on ${formatDay(expiredOn)}. Ask them for a current certificate, or assign anyway with a reason.`;
    throw new AppError(409, 'VENDOR_INSURANCE_EXPIRED', message, { fields: { vendorId: message } });
  }
  await tx.insert(vendorAssignmentOverrides).values({
    workOrderId: input.workOrderId,
    propertyId: input.propertyId,
    companyId: company.id,
    vendorUserId: input.vendor!.id,
    reason,
    insuranceStatus: 'expired',
    insuranceExpiredOn: expiredOn,
    createdBy: input.actorId,
  });
  await tx.insert(workOrderInternalNotes).values({
    workOrderId: input.workOrderId,
    authorId: input.actorId,
    body: `Assigned ${input.vendor!.fullName} (${company.name}) although their certificate of insurance expired on ${formatDay(expiredOn)}. Reason: ${reason}`,
  });
  return { companyId: company.id };
}
