import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { vendorDocumentFilesMax, type Attachment } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { attachments, vendorDocuments } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { managesAnyProperty, servesBoardOf, worksForVendor, type Person } from '../access/memberships.ts';
import { vendorKeeperScope } from '../access/scope.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { withUploaders } from '../attachments/message-attachments.ts';

/**
 * The files of a vendor's compliance document (issue 24 item 1, decision 0067): the certificate of
 * insurance, the licence, the W-9. They go through the attachments service like every other file. The
 * company's keepers add and remove them (any of them, while the document is not withdrawn: a wrong file
 * must not stay for good); its people add and remove theirs while their submission waits for review.
 */

/** The document a file may be added to by this person, or why not. */
export async function vendorDocumentForFiles(ctx: ServiceContext, documentId: string) {
  const keeper = vendorKeeperScope(ctx.actor, sql`${vendorDocuments.companyId}`) ?? sql`true`;
  const [row] = await ctx.db
    .select({
      id: vendorDocuments.id,
      status: vendorDocuments.status,
      isKeeper: sql<boolean>`${keeper}`.mapWith(Boolean),
      // Named in full: drizzle writes a lone table's column unqualified, which here would be f's own.
      files: sql<number>`(select count(*)::int from attachments f where f.vendor_document_id = vendor_documents.id)`,
    })
    .from(vendorDocuments)
    .where(
      and(
        eq(vendorDocuments.id, documentId),
        sql`(${keeper} or ${worksForVendor(ctx.actor.id, sql`${vendorDocuments.companyId}`)})`,
      ),
    );
  if (!row) throw notFound('Vendor document');
  if (row.status === 'rejected' || row.status === 'withdrawn')
    throw new AppError(
      409,
      'DOCUMENT_REJECTED',
      `This document was ${row.status}, so it takes no more files. Submit a new one with the corrected file.`,
    );
  if (!row.isKeeper && row.status !== 'submitted')
    throw new AppError(
      409,
      'DOCUMENT_ALREADY_REVIEWED',
      'This document was already verified: its files stay as they were checked. Submit a new one to replace it.',
    );
  if (row.files >= vendorDocumentFilesMax)
    throw new AppError(
      409,
      'TOO_MANY_FILES',
      `A vendor document has at most ${vendorDocumentFilesMax} files. Remove one before adding another.`,
    );
  return row;
}

/**
 * The same checks as vendorDocumentForFiles, made again inside the upload's insert transaction after
 * locking the document: the lock comes first and the count after it, in a statement of its own, so a
 * parallel upload's row (committed while this one waited) is counted.
 */
export async function lockVendorDocumentForFiles(ctx: ServiceContext, documentId: string) {
  await ctx.db
    .select({ id: vendorDocuments.id })
    .from(vendorDocuments)
    .where(eq(vendorDocuments.id, documentId))
    .for('update');
  return vendorDocumentForFiles(ctx, documentId);
}

/**
 * Whether the person may open a file of this document (attachments' one access rule uses it): whoever
 * reads the company in the directory — admins, managers, board members of an association it serves —
 * and its own people; a W-9's file (it holds the taxpayer number) only its keepers and its own people.
 */
export function vendorDocumentFileSeen(person: Person, documentId: SQL): SQL {
  if (person.role === 'admin') return sql`true`;
  const keeper = vendorKeeperScope(person, sql`seen_doc.company_id`) ?? sql`true`;
  return sql`exists (select 1 from vendor_documents seen_doc where seen_doc.id = ${documentId}
    and (${keeper} or ${worksForVendor(person.id, sql`seen_doc.company_id`)}
      or (seen_doc.kind <> 'w9' and (${managesAnyProperty(person.id)}
        or ${servesBoardOf(person.id, sql`seen_doc.company_id`)}))))`;
}

/** Whether the person keeps the document's company and it is not withdrawn: they may remove any of its files. */
export function vendorDocumentFileKeeper(person: Person, documentId: SQL): SQL {
  const keeper = vendorKeeperScope(person, sql`kept_doc.company_id`) ?? sql`true`;
  return sql`exists (select 1 from vendor_documents kept_doc where kept_doc.id = ${documentId}
    and kept_doc.status <> 'withdrawn' and ${keeper})`;
}

/**
 * Whether the person may remove a file of the document (filesRemovableBy in vendor-views.ts, in SQL): its
 * keepers while it is not withdrawn — a wrong file on a verified certificate must not stay for good —
 * and its people while it waits for review.
 */
export function vendorDocumentFileRemovable(person: Person, documentId: SQL): SQL {
  const keeper = vendorKeeperScope(person, sql`removable_doc.company_id`) ?? sql`true`;
  return sql`exists (select 1 from vendor_documents removable_doc where removable_doc.id = ${documentId}
    and ((${keeper} and removable_doc.status <> 'withdrawn')
      or (removable_doc.status = 'submitted' and ${worksForVendor(person.id, sql`removable_doc.company_id`)})))`;
}

/** The files of several documents, oldest first, by document; W-9 files left out when `withoutW9`. */
export async function filesOfDocuments(
  db: Db,
  links: AttachmentLinks,
  documentIds: string[],
): Promise<Map<string, Attachment[]>> {
  const byDocument = new Map<string, Attachment[]>();
  if (documentIds.length === 0) return byDocument;
  const rows = await db
    .select()
    .from(attachments)
    .where(inArray(attachments.vendorDocumentId, documentIds))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
  const listed = await withUploaders(db, links, rows);
  rows.forEach((row, index) => {
    const list = byDocument.get(row.vendorDocumentId!) ?? [];
    list.push(listed[index]!);
    byDocument.set(row.vendorDocumentId!, list);
  });
  return byDocument;
}
