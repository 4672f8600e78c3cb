import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { documentContents, documentSections, propertyDocuments } from '../../../db/schema/index.ts';
import type { Block } from '../../documents/structure.ts';
import { chooseQuote, type CandidateSection, type QuoteDecision } from './choose-quote.ts';
import { decodeVector, embedTexts, vectorsOfSections } from './sentence-vectors.ts';

/** The documents that say what the rules are; minutes, statements and policies are not quoted as rules. */
export const governingCategories = [
  'ccr',
  'bylaws',
  'articles_of_incorporation',
  'rules_and_regulations',
  'architectural_guidelines',
] as const;

/**
 * Answers a rules question from the property's processed governing documents: every sentence of them
 * is a candidate (chooseQuote ranks them on words and meaning), and the chosen quotation is checked
 * once more against the stored page text, so that one that is not there word for word is never sent.
 */
export async function findCitation(db: Db, propertyId: string, question: string): Promise<QuoteDecision> {
  const rows = await db
    .select({
      documentId: documentSections.documentId,
      ordinal: documentSections.ordinal,
      documentName: propertyDocuments.name,
      category: propertyDocuments.category,
      number: documentSections.number,
      title: documentSections.title,
      context: documentSections.context,
      page: documentSections.page,
      blocks: documentSections.blocks,
      vectors: documentSections.sentenceVectors,
    })
    .from(documentSections)
    .innerJoin(propertyDocuments, eq(propertyDocuments.id, documentSections.documentId))
    .where(
      and(
        eq(propertyDocuments.propertyId, propertyId),
        eq(propertyDocuments.status, 'completed'),
        inArray(propertyDocuments.category, [...governingCategories]),
      ),
    )
    .orderBy(asc(propertyDocuments.name), asc(documentSections.ordinal));
  const sections: CandidateSection[] = rows.map((row) => ({ ...row, blocks: row.blocks as Block[] }));
  await addMissingVectors(db, sections, rows);
  const [questionVector] = (await embedTexts([question], { isUrgent: true })) ?? [];
  const decision = chooseQuote(question, sections, questionVector ? decodeVector(questionVector) : undefined);
  if (decision.kind !== 'quote') return decision;
  const { citation } = decision;
  const pages = await db
    .select({ page: documentContents.page, content: documentContents.content })
    .from(documentContents)
    .where(
      and(
        eq(documentContents.documentId, citation.documentId),
        inArray(documentContents.page, [citation.page, citation.page + 1, citation.page + 2]),
      ),
    );
  const text = flatten(
    pages
      .sort((a, b) => a.page - b.page)
      .map((page) => page.content)
      .join(' '),
  );
  const isVerbatim = citation.sentences.every((sentence) => text.includes(flatten(sentence)));
  return isVerbatim
    ? decision
    : { kind: 'none', reason: 'no_match', bestCoverage: decision.citation.coverage };
}

/** White space (line breaks included) made single spaces: how quotations are compared with the text. */
export const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Sections stored before sentence vectors existed (or while the model was unavailable) get them at the
 * first question that reads them, once.
 */
async function addMissingVectors(
  db: Db,
  sections: CandidateSection[],
  keys: { documentId: string; ordinal: number }[],
): Promise<void> {
  const missing = sections.flatMap((section, index) => (section.vectors ? [] : [index]));
  if (missing.length === 0) return;
  const vectors = await vectorsOfSections(
    missing.map((index) => sections[index]!),
    { isUrgent: true },
  );
  if (!vectors) return;
  for (const [position, index] of missing.entries()) {
    const { documentId, ordinal } = keys[index]!;
    sections[index]!.vectors = vectors[position]!;
    await db
      .update(documentSections)
      .set({ sentenceVectors: vectors[position]! })
      .where(and(eq(documentSections.documentId, documentId), eq(documentSections.ordinal, ordinal)));
  }
}
