import { and, asc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentContents, documentSections, propertyDocuments } from '../../db/schema/index.ts';
import { vectorsOfSections } from '../assistant/citations/sentence-vectors.ts';
import { structureDocument, type Block } from './structure.ts';

/**
 * Replaces a document's sections with those of its pages (call it in the transaction that saves them).
 * Their sentences' vectors, for the assistant's quotations, are computed afterwards, outside the
 * transaction: embedding a document takes seconds to a minute, and an open transaction would hold the
 * document's row, or the whole embedded database, for that long. See `fillSentenceVectorsInBackground`.
 */
export async function writeDocumentSections(
  tx: Db,
  documentId: string,
  pages: { page: number; text: string }[],
): Promise<void> {
  const sections = structureDocument(pages);
  await tx.delete(documentSections).where(eq(documentSections.documentId, documentId));
  for (let start = 0; start < sections.length; start += 200) {
    await tx.insert(documentSections).values(
      sections.slice(start, start + 200).map((section) => ({
        documentId,
        ordinal: section.ordinal,
        number: section.number,
        title: section.title,
        context: section.context,
        page: section.page,
        blocks: section.blocks,
        content: section.blocks.map((block) => block.text).join('\n'),
      })),
    );
  }
  // After the transaction has committed (a second is ample for the rest of it).
  setTimeout(fillLater, 1000).unref();
}

/** Sections embedded per round: a round's updates are short statements, each on its own. */
const sectionsPerRound = 50;

/**
 * Gives sections without sentence vectors their vectors, a few at a time, until none is left or the
 * language model is unavailable. Returns how many sections it filled.
 */
export async function fillMissingSentenceVectors(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const missing = await db
      .select({
        documentId: documentSections.documentId,
        ordinal: documentSections.ordinal,
        title: documentSections.title,
        blocks: documentSections.blocks,
      })
      .from(documentSections)
      .where(isNull(documentSections.sentenceVectors))
      .limit(sectionsPerRound);
    if (missing.length === 0) return filled;
    const vectors = await vectorsOfSections(
      missing.map((section) => ({ title: section.title, blocks: section.blocks as Block[] })),
    );
    if (!vectors) return filled;
    for (const [index, section] of missing.entries())
      await db
        .update(documentSections)
        .set({ sentenceVectors: vectors[index]! })
        .where(
          and(
            eq(documentSections.documentId, section.documentId),
            eq(documentSections.ordinal, section.ordinal),
          ),
        );
    filled += missing.length;
  }
}

/** The server's database, once start-up has called `fillSentenceVectorsInBackground`. */
const background: { db?: Db; running?: Promise<void>; again: boolean } = { again: false };

function fillLater(): void {
  const { db } = background;
  if (!db) return;
  if (background.running) {
    background.again = true;
    return;
  }
  background.running = (async () => {
    do {
      background.again = false;
      await fillMissingSentenceVectors(db);
    } while (background.again);
  })()
    .catch((error: unknown) =>
      console.warn('Filling sentence vectors failed; the next document retries.', error),
    )
    .finally(() => {
      background.running = undefined;
    });
}

/**
 * From now on, sections written without vectors (every processed document, and those stored before
 * vectors existed) get them in the background, on this database. Called at start-up; a rules question
 * about a section still without vectors computes them itself (`findCitation`).
 */
export function fillSentenceVectorsInBackground(db: Db): void {
  background.db = db;
  fillLater();
}

/**
 * Documents processed before sections existed get them from their stored pages, once: run at start-up
 * (it finds nothing to do on every later start). Then sections without sentence vectors get them in
 * the background (`fillSentenceVectorsInBackground`): start-up does not wait for the language model.
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
      if (pages.length > 0) await writeDocumentSections(tx as unknown as Db, id, pages);
    });
  }
  fillSentenceVectorsInBackground(db);
  return missing.length;
}
