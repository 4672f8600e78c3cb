import { and, asc, eq, inArray } from 'drizzle-orm';
import { currentHomes } from '../access/homes.ts';
import type { DocumentCategory, Residence, ResidentDocument } from '@commonwise/contracts';
import { properties, propertyDocuments } from '../../db/schema/index.ts';
import { fileLinkOf, type DocumentsContext } from '../documents/documents.service.ts';

/**
 * The units the caller lives in or owns today (access/homes.ts), and the processed documents of each
 * of those associations, each with a signed link. Documents not yet processed are left out: the
 * resident portal lists what the association has finished filing, not the manager's work in progress.
 */
export async function listResidences(ctx: DocumentsContext): Promise<Residence[]> {
  const { db, actor } = ctx;
  const current = await currentHomes(db, actor.id);
  if (current.length === 0) return [];
  const addresses = new Map(
    (
      await db
        .select({ id: properties.id, address: properties.address })
        .from(properties)
        .where(
          inArray(
            properties.id,
            current.map((home) => home.propertyId),
          ),
        )
    ).map((row) => [row.id, row.address]),
  );
  const homes = current.map((home) => ({
    propertyId: home.propertyId,
    propertyName: home.propertyName,
    propertyAddress: addresses.get(home.propertyId)!,
    unitNumber: home.unitLabel,
    moveInDate: home.since,
  }));
  // In currentHomes' order: the homes the person lives in first, then by how long they have had them —
  // the first is what the portal shows until they pick another (issue 26).
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
  // The rows are the documents of the caller's own associations, which members may read (docs/access.md):
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
