import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { documentContents } from '../../../db/schema/index.ts';
import { rowsOf } from '../../realtime/publish.ts';
import type { Block } from '../../documents/structure.ts';
import { chooseQuote, type CandidateSection, type QuoteDecision } from './choose-quote.ts';
import { conceptsOf } from './terms.ts';

/** The documents that say what the rules are; minutes, statements and policies are not quoted as rules. */
export const governingCategories = [
  'ccr',
  'bylaws',
  'articles_of_incorporation',
  'rules_and_regulations',
  'architectural_guidelines',
] as const;

/**
 * Sections the search hands to chooseQuote. Enough that the section a paraphrased question is about
 * is among them when its words rank other sections higher, and that chooseQuote's weights (how rare a
 * concept is among the candidates) describe the documents rather than a handful of sections.
 */
const candidateCount = 50;

/** The question's concepts as a PostgreSQL tsquery: any of them, each by the prefix of its stems. */
export function toTsQuery(question: string): string | undefined {
  // The Porter stem ends in "i" where PostgreSQL's keeps the "y" ("drivewai", "driveway"): the prefix
  // without the "i" finds both.
  const terms = conceptsOf(question).flatMap((concept) =>
    concept.stems
      .map((stem) => stem.replace(/[^a-z0-9]/g, ''))
      .flatMap((stem) => (/^[a-z]{4,}i$/.test(stem) ? [stem, stem.slice(0, -1)] : [stem]))
      .filter((stem) => stem.length >= 2),
  );
  const unique = [...new Set(terms)];
  return unique.length ? unique.map((stem) => `${stem}:*`).join(' | ') : undefined;
}

/**
 * Answers a rules question from the property's processed governing documents: the sections that best
 * match it, then the whole sentences to quote (chooseQuote), checked once more against the stored
 * page text so that a quotation that is not there word for word is never sent.
 */
export async function findCitation(db: Db, propertyId: string, question: string): Promise<QuoteDecision> {
  const query = toTsQuery(question);
  if (!query) return { kind: 'none', reason: 'no_match', bestCoverage: 0 };
  const result = await db.execute(sql`
    with q as (select to_tsquery('english', ${query}) as query)
    select s.document_id, d.name as document_name, d.category, s.number, s.designation, s.title, s.context, s.page,
      s.blocks, ts_rank_cd(s.search, q.query) as rank
    from document_sections s
    join property_documents d on d.id = s.document_id
    cross join q
    where d.property_id = ${propertyId} and d.status = 'completed'
      and d.category in (${sql.join(
        governingCategories.map((category) => sql`${category}`),
        sql`, `,
      )})
      and s.search @@ q.query
    order by rank desc, d.name, s.ordinal
    limit ${candidateCount}`);
  const sections: CandidateSection[] = rowsOf<Record<string, unknown>>(result).map((row) => ({
    documentId: String(row.document_id),
    documentName: String(row.document_name),
    category: String(row.category),
    number: row.number === null ? null : String(row.number),
    designation: row.designation === null ? null : String(row.designation),
    title: row.title === null ? null : String(row.title),
    context: row.context === null ? null : String(row.context),
    page: Number(row.page),
    blocks: (typeof row.blocks === 'string' ? JSON.parse(row.blocks) : row.blocks) as Block[],
    rank: Number(row.rank),
  }));
  const decision = chooseQuote(question, sections);
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
