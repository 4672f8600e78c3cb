import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  properties,
  vendorCompanies,
  vendorInvoices,
  vendorPeople,
  vendorPolicies,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Person } from '../access/memberships.ts';
import { sitsOnBoard, worksForVendor } from '../access/memberships.ts';
import { invoiceKeeperScope, invoiceScope, ownInvoiceScope } from '../access/scope.ts';
import { requireProperty, type PropertyRow } from '../finance/books.service.ts';
import { rowsOf } from '../realtime/publish.ts';
import type { InvoiceLimits } from './approval-rule.ts';

/**
 * Who reaches which invoice (decision 0068), for every service of the module: the association's managers,
 * its board and admins through the association's routes (invoiceScope), its managers and admins for the
 * review, rejection and payment (invoiceKeeperScope), and a company's people through the vendor portal
 * (ownInvoiceScope). Anything else is not found: another association's invoice, another company's.
 */

export type InvoiceRow = typeof vendorInvoices.$inferSelect;

/** The association, if the caller reads its invoices (with today's date there); 404 otherwise. */
export const readableAssociation = (db: Db, person: Person, propertyId: string): Promise<PropertyRow> =>
  requireProperty(db, propertyId, invoiceScope(person, sql`${properties.id}`));

async function invoiceWhere(
  db: Db,
  propertyId: string,
  invoiceId: string,
  condition: ReturnType<typeof invoiceScope>,
  lock: boolean,
): Promise<InvoiceRow> {
  const query = db
    .select()
    .from(vendorInvoices)
    .where(and(eq(vendorInvoices.id, invoiceId), eq(vendorInvoices.propertyId, propertyId), condition));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Invoice');
  return row;
}

/** An invoice of the association that the caller reads (its managers, board, admins); 404 otherwise. */
export const readableInvoice = (
  db: Db,
  person: Person,
  propertyId: string,
  invoiceId: string,
  options: { lock?: boolean } = {},
) =>
  invoiceWhere(
    db,
    propertyId,
    invoiceId,
    invoiceScope(person, sql`${vendorInvoices.propertyId}`),
    options.lock ?? false,
  );

/** An invoice the caller keeps (the association's managers, admins), locked; 404 otherwise. */
export const keptInvoice = (db: Db, person: Person, propertyId: string, invoiceId: string) =>
  invoiceWhere(
    db,
    propertyId,
    invoiceId,
    invoiceKeeperScope(person, sql`${vendorInvoices.propertyId}`),
    true,
  );

/** A company's invoice as its own people reach it in the vendor portal (admins: any); 404 otherwise. */
export async function ownInvoice(db: Db, person: Person, invoiceId: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(vendorInvoices)
    .where(and(eq(vendorInvoices.id, invoiceId), ownInvoiceScope(person, sql`${vendorInvoices.companyId}`)));
  if (!row) throw notFound('Invoice');
  return row;
}

/**
 * The invoice is the person's own side's: they sent it, or they are one of its company's people now (a
 * manager who also works for the company, say). They may not approve it.
 */
export async function isOwnSide(db: Db, person: Person, invoice: InvoiceRow): Promise<boolean> {
  if (invoice.submittedBy === person.id) return true;
  const rows = rowsOf(
    await db.execute(sql`select 1 where ${worksForVendor(person.id, sql`${invoice.companyId}::uuid`)}`),
  );
  return rows.length > 0;
}

/** The person sits on the association's board today (their approval counts as a board member's). */
export async function isBoardMemberOf(db: Db, personId: string, propertyId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`select 1 where ${sitsOnBoard(personId, sql`${propertyId}::uuid`)}`),
  );
  return rows.length > 0;
}

/** Whether the person keeps the association's invoices (reviews, rejects, records payments). */
export async function keepsInvoicesOf(db: Db, person: Person, propertyId: string): Promise<boolean> {
  const condition = invoiceKeeperScope(person, sql`${propertyId}::uuid`);
  if (!condition) return true;
  return rowsOf(await db.execute(sql`select 1 where ${condition}`)).length > 0;
}

export type CompanyRef = { id: string; name: string };

/**
 * The company the caller acts for in the vendor portal: their own (naming another one is not found), or
 * for an admin the one they name — null when an admin names none (every company's, for a list), or when a
 * vendor is nobody's person yet. With `lock`, the company's row is locked for the transaction (its invoice
 * numbers are checked under it).
 */
export async function portalCompanyOf(
  db: Db,
  person: Person,
  companyId: string | undefined,
  options: { lock?: boolean } = {},
): Promise<CompanyRef | null> {
  const own =
    person.role === 'admin'
      ? undefined
      : sql`${vendorCompanies.id} in (select ${vendorPeople.companyId} from ${vendorPeople}
          where ${vendorPeople.userId} = ${person.id} and ${isNull(vendorPeople.removedAt)})`;
  if (companyId === undefined && own === undefined) return null;
  const query = db
    .select({ id: vendorCompanies.id, name: vendorCompanies.name })
    .from(vendorCompanies)
    .where(and(companyId === undefined ? undefined : eq(vendorCompanies.id, companyId), own));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row && companyId !== undefined) throw notFound('Vendor');
  return row ?? null;
}

/** The company an invoice is sent for, locked, or why there is none. */
export async function invoicingCompany(db: Db, person: Person, companyId: string | undefined) {
  if (person.role === 'admin' && companyId === undefined) {
    const message = 'Choose the company the invoice is from';
    throw new AppError(400, 'VALIDATION_FAILED', message, { fields: { companyId: message } });
  }
  const company = await portalCompanyOf(db, person, companyId, { lock: true });
  if (!company)
    throw new AppError(
      409,
      'NO_VENDOR_COMPANY',
      'You are not one of a vendor company’s people yet. Ask the manager you work with to add you to your company.',
    );
  return company;
}

/** The association's invoice limits today (no row: none). */
export async function invoiceLimitsOf(db: Db, propertyId: string): Promise<InvoiceLimits> {
  const [row] = await db
    .select({
      invoiceBoardAboveCents: vendorPolicies.invoiceBoardAboveCents,
      invoiceTwoApproversAboveCents: vendorPolicies.invoiceTwoApproversAboveCents,
    })
    .from(vendorPolicies)
    .where(eq(vendorPolicies.propertyId, propertyId));
  return row ?? { invoiceBoardAboveCents: null, invoiceTwoApproversAboveCents: null };
}
