import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentContents, documentSections, propertyDocuments } from '../../db/schema/index.ts';
import { structureDocument } from './structure.ts';

/** Replaces a document's sections with those of its pages (call it in the transaction that saves them). */
export async function writeDocumentSections(
  tx: Db,
  documentId: string,
  pages: { page: number; text: string }[],
): Promise<void> {
  await tx.delete(documentSections).where(eq(documentSections.documentId, documentId));
  const sections = structureDocument(pages);
  for (let start = 0; start < sections.length; start += 200) {
    await tx.insert(documentSections).values(
      sections.slice(start, start + 200).map((section) => ({
        documentId,
        ordinal: section.ordinal,
        number: section.number,
        designation: section.designation,
        title: section.title,
        context: section.context,
        page: section.page,
        blocks: section.blocks,
        content: section.blocks.map((block) => block.text).join('\n'),
      })),
    );
  }
}

/**
 * Documents processed before sections existed get them from their stored pages, once: run at start-up
 * (it finds nothing to do on every later start).
 */
export async function addMissingDocumentSections(db: Db): Promise<number> {
  const missing = await db
    .select({ id: propertyDocuments.id })
    .from(propertyDocuments)
    .where(
      and(
        eq(propertyDocuments.status, 'completed'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(documentSections)
            .where(eq(documentSections.documentId, propertyDocuments.id)),
        ),
      ),
    );
  for (const { id } of missing) {
    await db.transaction(async (tx) => {
      const pages = await tx
        .select({ page: documentContents.page, text: documentContents.content })
        .from(documentContents)
        .where(eq(documentContents.documentId, id))
        .orderBy(asc(documentContents.page));
      if (pages.length > 0) await writeDocumentSections(tx, id, pages);
    });
  }
  return missing.length;
}
