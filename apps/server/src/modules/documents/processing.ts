import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentContents, propertyDocuments } from '../../db/schema/index.ts';
import type { JobHandler } from '../../plugins/jobs.ts';
import { FileNotFoundError, type FileStorage } from '../../plugins/storage.ts';
import { ExtractionFailedError, type ExtractionPool } from './extraction/extraction-pool.ts';
import { mimeTypes, type DocumentFileKind } from './file-sniffing.ts';
import { writeDocumentSections } from './sections.ts';

export type ProcessDocumentPayload = { documentId: string };

/** Raised for a failure that a retry cannot fix (a damaged file): the document fails at once. */
class PermanentFailure extends Error {}

function kindOfMimeType(mimeType: string): DocumentFileKind | undefined {
  return (Object.entries(mimeTypes) as [DocumentFileKind, string][]).find(
    ([, mime]) => mime === mimeType,
  )?.[0];
}

/**
 * The job that reads a document's text: pending → processing → completed (text saved per page) or
 * failed (with the reason). Crashes and internal errors are retried by the queue; a file that cannot
 * be read fails at once.
 */
export function createProcessDocumentHandler(deps: {
  db: Db;
  storage: FileStorage;
  pool: ExtractionPool;
}): JobHandler<ProcessDocumentPayload> {
  const { db, storage, pool } = deps;
  const markFailed = (documentId: string, reason: string) =>
    db
      .update(propertyDocuments)
      .set({ status: 'failed', statusReason: reason })
      .where(eq(propertyDocuments.id, documentId));

  return {
    maxAttempts: 3,
    // 2–4 s, then 4–8 s.
    retryDelaySeconds: 2,
    retryBackoff: true,
    async run(job) {
      const { documentId } = job.payload;
      const [document] = await db
        .select()
        .from(propertyDocuments)
        .where(eq(propertyDocuments.id, documentId));
      if (!document) return; // deleted while queued
      await db
        .update(propertyDocuments)
        .set({ status: 'processing', statusReason: null })
        .where(eq(propertyDocuments.id, documentId));
      try {
        const kind = kindOfMimeType(document.mimeType);
        if (!kind) throw new PermanentFailure('This type of file cannot be processed.');
        let bytes: Buffer;
        try {
          bytes = await storage.read(document.filePath);
        } catch (error) {
          if (error instanceof FileNotFoundError)
            throw new PermanentFailure(
              'The stored file is missing. Delete this document and upload it again.',
            );
          throw error;
        }
        let result;
        try {
          result = await pool.extract(bytes, kind, job.signal);
        } catch (error) {
          if (error instanceof ExtractionFailedError && error.isForPerson)
            throw new PermanentFailure(error.message);
          throw error;
        }
        await db.transaction(async (tx) => {
          await job.assertStillOwned(tx);
          const [current] = await tx
            .select({ filePath: propertyDocuments.filePath })
            .from(propertyDocuments)
            .where(eq(propertyDocuments.id, documentId))
            .for('update');
          if (!current || current.filePath !== document.filePath) return;
          await tx.delete(documentContents).where(eq(documentContents.documentId, documentId));
          for (let start = 0; start < result.pages.length; start += 500) {
            await tx.insert(documentContents).values(
              result.pages.slice(start, start + 500).map((page) => ({
                documentId,
                page: page.page,
                content: page.text,
              })),
            );
          }
          await writeDocumentSections(tx, documentId, result.pages);
          await tx
            .update(propertyDocuments)
            .set({
              status: 'completed',
              statusReason: null,
              pageCount: result.pageCount,
              processedAt: new Date(),
            })
            .where(eq(propertyDocuments.id, documentId));
        });
      } catch (error) {
        if (error instanceof PermanentFailure) {
          await markFailed(documentId, error.message);
          return;
        }
        throw error;
      }
    },
    async onGiveUp({ payload }) {
      await markFailed(
        payload.documentId,
        'The text could not be extracted after several attempts. Try processing it again; if it keeps failing, contact support.',
      );
    },
  };
}
