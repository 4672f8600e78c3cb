import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DocumentCategory, Residence, ResidentDocument } from '@commonwise/contracts';
import { properties, propertyDocuments, propertyResidents } from '../../db/schema/index.ts';
import { fileLinkOf, type DocumentsContext } from '../documents/documents.service.ts';

/**
 * Where the caller lives (active listings in property_residents) and the processed documents of each
 * of those properties, each with a signed link. Documents not yet processed are left out: the resident
 * portal lists what the association has finished filing, not the manager's work in progress.
 */
export async function listResidences(ctx: DocumentsContext): Promise<Residence[]> {
  const { db, actor } = ctx;
  const homes = await db
    .select({
      propertyId: properties.id,
      propertyName: properties.name,
      propertyAddress: properties.address,
      unitNumber: propertyResidents.unitNumber,
      moveInDate: propertyResidents.moveInDate,
    })
    .from(propertyResidents)
    .innerJoin(properties, eq(properties.id, propertyResidents.propertyId))
    .where(and(eq(propertyResidents.userId, actor.id), eq(propertyResidents.status, 'active')))
    .orderBy(asc(properties.name));
  if (homes.length === 0) return [];

  const rows = await db
    .select()
    .from(propertyDocuments)
    .where(
      and(
        inArray(
          propertyDocuments.propertyId,
          homes.map((home) => home.propertyId),
        ),
        eq(propertyDocuments.status, 'completed'),
      ),
    )
    .orderBy(asc(propertyDocuments.category), asc(propertyDocuments.name));
  // The rows are the documents of the caller's own homes, which residents may read (DESIGN.md §5):
  // signing them needs no second access check per document.
  const documents = await Promise.all(
    rows.map(async (row): Promise<ResidentDocument & { propertyId: string }> => {
      const link = await fileLinkOf(ctx, row);
      return {
        id: row.id,
        propertyId: row.propertyId,
        name: row.name,
        description: row.description,
        category: row.category as DocumentCategory,
        fileName: row.fileName,
        mimeType: row.mimeType,
        uploadedAt: row.uploadedAt.toISOString(),
        url: link.url,
        expiresAt: link.expiresAt,
      };
    }),
  );
  return homes.map((home) => ({
    ...home,
    documents: documents
      .filter((document) => document.propertyId === home.propertyId)
      .map(({ propertyId: _propertyId, ...document }) => document),
  }));
}
