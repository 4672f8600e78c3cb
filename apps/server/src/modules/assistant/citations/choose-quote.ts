import type { Block } from '../../documents/structure.ts';
import { sentencesOf } from '../../documents/structure.ts';
import { asksForQuantity, conceptsOf, stemsOf, type Concept } from './terms.ts';

/**
 * Chooses what to quote for a rules question from the sections the search found (issue 16). Pure: the
 * same question and sections always give the same answer, and nothing here touches the database.
 *
 * Faithful by construction: a quotation is one or more WHOLE sentences or list items, each exactly as
 * the document has it (its words, in order, with line breaks made spaces). Never an ellipsis, never a
 * word left out. When a list item only makes sense with the sentence that introduces it ("The following
 * are not permitted: …"), that sentence comes first; a sentence that qualifies the one chosen ("This
 * does not apply to …", "Except …") comes after it.
 *
 * It would rather say nothing than guess: the chosen sentence must cover most of what the question is
 * about (its concepts, weighed by how rare they are among the candidates), or no quotation is given.
 */

export type CandidateSection = {
  documentId: string;
  documentName: string;
  category: string;
  number: string | null;
  title: string | null;
  context: string | null;
  page: number;
  blocks: Block[];
  /** The search's rank of the section (higher is better). */
  rank: number;
};

export type Citation = {
  documentId: string;
  documentName: string;
  category: string;
  /** "4.2" as the document writes it, or null for a document without numbered sections. */
  section: string | null;
  sectionTitle: string | null;
  page: number;
  /** Whole sentences or list items, verbatim, in document order. */
  sentences: string[];
  /** Why this one: the question's concepts it covers, and the share of their weight. */
  matched: string[];
  coverage: number;
};

export type QuoteDecision =
  | { kind: 'quote'; citation: Citation }
  | { kind: 'none'; reason: 'no_documents' | 'no_match' | 'weak_match'; bestCoverage: number };

/** A sentence must cover at least this share of the question's concept weight to be quoted. */
export const minimumCoverage = 0.6;

type Unit = {
  section: CandidateSection;
  blockIndex: number;
  sentenceIndex: number;
  text: string;
  page: number;
  stems: Set<string>;
};

const qualifies =
  /^(however|except|unless|provided|notwithstanding|this (?:rule |section |restriction )?(?:does|shall) not|such|in no event|nothing in this)/i;

export function chooseQuote(question: string, sections: CandidateSection[]): QuoteDecision {
  if (sections.length === 0) return { kind: 'none', reason: 'no_documents', bestCoverage: 0 };
  const concepts = conceptsOf(question);
  const strong = concepts.filter((concept) => !concept.isWeak);
  const asked = strong.length > 0 ? strong : concepts;
  if (asked.length === 0) return { kind: 'none', reason: 'no_match', bestCoverage: 0 };

  const units: Unit[] = sections.flatMap((section) =>
    section.blocks.flatMap((block, blockIndex) =>
      sentencesOf(block).map((sentence, sentenceIndex) => ({
        section,
        blockIndex,
        sentenceIndex,
        text: sentence.text,
        page: sentence.page,
        stems: stemsOf(sentence.text),
      })),
    ),
  );
  const headingStems = new Map(
    sections.map((section) => [section, stemsOf(`${section.title ?? ''} ${section.context ?? ''}`)]),
  );
  const has = (stems: Set<string>, concept: Concept) =>
    concept.stems.some(
      (stem) => stems.has(stem) || [...stems].some((word) => word.startsWith(stem) && stem.length >= 5),
    );
  // A concept that few candidate sentences have tells them apart; one that all have does not.
  const weightOf = new Map(
    concepts.map((concept) => {
      const count = units.filter((unit) => has(unit.stems, concept)).length;
      const rarity = Math.log(1 + (units.length + 1) / (1 + count));
      return [concept.key, (concept.isWeak ? 0.25 : 1) * rarity];
    }),
  );
  const totalWeight = asked.reduce((sum, concept) => sum + weightOf.get(concept.key)!, 0);
  const wantsNumber = asksForQuantity(question);
  const topRank = Math.max(...sections.map((section) => section.rank), 1e-9);

  let best: { unit: Unit; score: number; coverage: number; matched: string[] } | undefined;
  for (const unit of units) {
    const heading = headingStems.get(unit.section)!;
    let covered = 0;
    let score = 0;
    const matched: string[] = [];
    for (const concept of concepts) {
      const weight = weightOf.get(concept.key)!;
      const inSentence = has(unit.stems, concept);
      const inHeading = has(heading, concept);
      // The heading speaks for its sentences ("Section 4.2 Pets": "No more than two dogs…").
      if (inSentence || inHeading) {
        if (asked.includes(concept)) covered += inSentence ? weight : weight * 0.75;
        score += inSentence ? weight : weight * 0.5;
        matched.push(concept.key);
      }
    }
    if (
      wantsNumber &&
      /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty|sixty|ninety)\b/i.test(unit.text)
    )
      score += 0.5;
    score += 0.3 * (unit.section.rank / topRank);
    const coverage = totalWeight > 0 ? covered / totalWeight : 0;
    if (!best || score > best.score) best = { unit, score, coverage, matched };
  }
  if (!best || best.matched.length === 0) return { kind: 'none', reason: 'no_match', bestCoverage: 0 };
  if (best.coverage < minimumCoverage)
    return { kind: 'none', reason: 'weak_match', bestCoverage: round(best.coverage) };

  const { unit } = best;
  const block = unit.section.blocks[unit.blockIndex]!;
  const sentences = sentencesOf(block);
  const quoted: { text: string; page: number }[] = [];
  // A list item after "The following are not permitted:" needs that sentence to mean what it says.
  if (block.kind === 'item') {
    const lead = leadInOf(unit.section.blocks, unit.blockIndex);
    if (lead) quoted.push(lead);
  }
  quoted.push({ text: unit.text, page: unit.page });
  const next = sentences[unit.sentenceIndex + 1];
  if (next && qualifies.test(next.text)) quoted.push(next);
  return {
    kind: 'quote',
    citation: {
      documentId: unit.section.documentId,
      documentName: unit.section.documentName,
      category: unit.section.category,
      section: unit.section.number,
      sectionTitle: unit.section.title,
      page: quoted[0]!.page,
      sentences: quoted.map((sentence) => sentence.text),
      matched: best.matched,
      coverage: round(best.coverage),
    },
  };
}

/** The sentence that introduces a list ("…are not permitted:"), if the list's item is quoted. */
function leadInOf(blocks: Block[], itemIndex: number): { text: string; page: number } | undefined {
  for (let index = itemIndex - 1; index >= 0; index -= 1) {
    const block = blocks[index]!;
    if (block.kind === 'item') continue;
    const last = sentencesOf(block).at(-1);
    return last && /:$/.test(last.text) ? last : undefined;
  }
  return undefined;
}

const round = (value: number) => Math.round(value * 100) / 100;
