import { and, eq, sql, type SQL } from 'drizzle-orm';
import { invoiceFilesMax, invoiceStatusLabels } from '@commonwise/contracts';
import { vendorInvoices } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { worksForVendor, type Person } from '../access/memberships.ts';
import { invoiceKeeperScope, invoiceScope } from '../access/scope.ts';

/**
 * The files of a vendor invoice (decision 0068): the invoice itself, receipts, photos of the work. They go
 * through the attachments service like every other file. The company's people add them while the invoice
 * is received or in review (what was reviewed stays as it was); the association's managers and admins add
 * them at any time (a copy of the check, say). They are read by the company's people and the association's
 * managers, board and admins.
 */

/** The invoice a file may be added to by this person, or why not. */
export async function vendorInvoiceForFiles(ctx: ServiceContext, invoiceId: string) {
  const keeper = invoiceKeeperScope(ctx.actor, sql`${vendorInvoices.propertyId}`) ?? sql`true`;
  const [row] = await ctx.db
    .select({
      id: vendorInvoices.id,
      propertyId: vendorInvoices.propertyId,
      number: vendorInvoices.number,
      status: vendorInvoices.status,
      isKeeper: sql<boolean>`${keeper}`.mapWith(Boolean),
      // Named in full: drizzle writes a lone table's column unqualified, which here would be f's own.
      files: sql<number>`(select count(*)::int from attachments f where f.vendor_invoice_id = vendor_invoices.id)`,
    })
    .from(vendorInvoices)
    .where(
      and(
        eq(vendorInvoices.id, invoiceId),
        sql`(${keeper} or ${worksForVendor(ctx.actor.id, sql`${vendorInvoices.companyId}`)})`,
      ),
    );
  if (!row) throw notFound('Invoice');
  if (!row.isKeeper && row.status !== 'received' && row.status !== 'in_review')
    throw new AppError(
      409,
      'INVOICE_CLOSED',
      `Invoice ${row.number} is ${invoiceStatusLabels[row.status].toLowerCase()}: its files stay as they were reviewed. Ask the association's manager if one is missing.`,
    );
  if (row.files >= invoiceFilesMax)
    throw new AppError(
      409,
      'TOO_MANY_FILES',
      `An invoice has at most ${invoiceFilesMax} files. Remove one before adding another.`,
    );
  return row;
}

/**
 * The same checks, made again inside the upload's insert transaction after locking the invoice: the lock
 * first and the count after it, so a review in between or a parallel upload cannot slip past them.
 */
export async function lockVendorInvoiceForFiles(ctx: ServiceContext, invoiceId: string) {
  await ctx.db
    .select({ id: vendorInvoices.id })
    .from(vendorInvoices)
    .where(eq(vendorInvoices.id, invoiceId))
    .for('update');
  return vendorInvoiceForFiles(ctx, invoiceId);
}

/**
 * Whether the person may open a file of this invoice (attachments' one access rule uses it): the
 * company's people now, and the association's managers, board and admins.
 */
export function vendorInvoiceFileSeen(person: Person, invoiceId: SQL): SQL {
  if (person.role === 'admin') return sql`true`;
  const staff = invoiceScope(person, sql`seen_invoice.property_id`) ?? sql`true`;
  return sql`exists (select 1 from vendor_invoices seen_invoice where seen_invoice.id = ${invoiceId}
    and (${staff} or ${worksForVendor(person.id, sql`seen_invoice.company_id`)}))`;
}

/** Whether its uploader may still remove a file of the invoice: while it is received or in review. */
export function vendorInvoiceFileRemovable(invoiceId: SQL): SQL {
  return sql`exists (select 1 from vendor_invoices removable_invoice where removable_invoice.id = ${invoiceId}
    and removable_invoice.status in ('received', 'in_review'))`;
}
