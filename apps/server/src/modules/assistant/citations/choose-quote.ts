import type { Block } from '../../documents/structure.ts';
import { sentencesOf } from '../../documents/structure.ts';
import { editDistance } from '../normalize.ts';
import { asksForQuantity, conceptsOf, needsNumber, stemsOf, type Concept } from './terms.ts';

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
  designation: string | null;
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
  /** What the document calls its numbered parts when not "Section" ("Rule"), or null. */
  sectionDesignation: string | null;
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

/**
 * What a question's concept that no candidate has counts for in its coverage. It would rather decline
 * than guess, but a resident's story is full of words no rule has ("home depot", "my sons birthday"):
 * counted whole, they left the right sentence under the bar (decision 0019, session 33).
 */
const absentConceptWeight = 0.25;

/** A sentence must cover at least this share of the question's concept weight to be quoted. */
export const minimumCoverage = 0.35;

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
  // A misspelt word ("satelite", "stapel") stands for the document's word one or two letters away.
  const vocabulary = new Set(units.flatMap((unit) => [...unit.stems]));
  for (const concept of concepts) {
    if (concept.stems.some((stem) => vocabulary.has(stem))) continue;
    const [stem] = concept.stems;
    // Not a short word: "breed" is one letter from "bred" and means something else.
    if (!stem || stem.length < 6 || /\d/.test(stem)) continue;
    const allowed = stem.length >= 8 ? 2 : 1;
    const near = [...vocabulary].find(
      (word) => word[0] === stem[0] && editDistance(word, stem, allowed) <= allowed,
    );
    if (near) concept.stems.push(near);
  }
  const headingStems = new Map(
    sections.map((section) => [section, stemsOf(`${section.title ?? ''} ${section.context ?? ''}`)]),
  );
  const has = (stems: Set<string>, concept: Concept) =>
    concept.stems.some(
      (stem) => stems.has(stem) || [...stems].some((word) => word.startsWith(stem) && stem.length >= 5),
    );
  // A concept no candidate sentence or heading has at all: a word of the resident's story ("home
  // depot", "quinceañera") or what the documents do not cover ("heated"). It counts for less.
  const everywhere = new Set([...vocabulary, ...[...headingStems.values()].flatMap((stems) => [...stems])]);
  const askedWeight = asked.reduce(
    (sum, concept) => sum + (has(everywhere, concept) ? 1 : absentConceptWeight),
    0,
  );
  // A concept that few candidate sentences have tells them apart; one that all have does not.
  const weightOf = new Map(
    concepts.map((concept) => {
      const count = units.filter((unit) => has(unit.stems, concept)).length;
      const rarity = Math.log(1 + (units.length + 1) / (1 + count));
      return [concept.key, (concept.isWeak ? 0.25 : 1) * rarity];
    }),
  );
  const wantsNumber = asksForQuantity(question);
  const mustHaveNumber = needsNumber(question);
  const asksForMoney = moneyQuestion.test(question);
  const questionStems = stemsOf(question);
  const topRank = Math.max(...sections.map((section) => section.rank), 1e-9);

  const scored = units
    // A sentence that only introduces a list ("…are prohibited:") says nothing on its own; it comes
    // along as the lead-in of the item that is quoted.
    .filter((unit) => !/:$/.test(unit.text))
    .map((unit) => {
      const heading = headingStems.get(unit.section)!;
      let covered = 0;
      let score = 0;
      const matched: string[] = [];
      for (const concept of concepts) {
        const weight = weightOf.get(concept.key)!;
        const inSentence = has(unit.stems, concept);
        const inHeading = has(heading, concept);
        if (!inSentence && !inHeading) continue;
        // The heading speaks for its sentences ("Section 4.2 Pets": "No more than two dogs…").
        if (asked.includes(concept)) covered += inSentence ? 1 : 0.75;
        // The resident's own word counts a little more than a synonym of it; a heading that names the
        // concept too says the section is about it.
        const isOwnWord = concept.stems.some((stem) => questionStems.has(stem) && unit.stems.has(stem));
        score += inSentence ? weight * (isOwnWord ? 1 : 0.85) : weight * 0.5;
        if (inHeading) score += weight * 0.25;
        matched.push(concept.key);
      }
      const hasNumber = (asksForMoney ? moneyPattern : numberPattern).test(unit.text);
      if (wantsNumber && hasNumber) score += 0.5;
      score += 0.3 * (unit.section.rank / topRank);
      return { unit, score, coverage: covered / askedWeight, coveredCount: covered, matched, hasNumber };
    })
    // A question whose answer is a number is not answered by a sentence without one.
    .filter((candidate) => candidate.matched.length > 0 && (!mustHaveNumber || candidate.hasNumber))
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best) return { kind: 'none', reason: 'no_match', bestCoverage: 0 };
  // How much better it answers than the best sentence of any other section.
  const rival = scored.find((candidate) => candidate.unit.section !== best.unit.section);
  const margin = rival ? best.score / rival.score : Infinity;
  if (!isAnswer(best, asked.length, margin))
    return { kind: 'none', reason: 'weak_match', bestCoverage: round(best.coverage) };

  const { unit } = best;
  const block = unit.section.blocks[unit.blockIndex]!;
  const sentences = sentencesOf(block);
  // A sentence beside the best one that answers nearly as well comes too (a rule and its exception, a
  // limit and what it counts): at most two sentences of one paragraph, in the document's order.
  const neighbour = scored.find(
    (candidate) =>
      candidate.unit.section === unit.section &&
      candidate.unit.blockIndex === unit.blockIndex &&
      Math.abs(candidate.unit.sentenceIndex - unit.sentenceIndex) === 1 &&
      candidate.score >= best.score * 0.85,
  )?.unit;
  const chosen = [unit, ...(neighbour ? [neighbour] : [])].sort((a, b) => a.sentenceIndex - b.sentenceIndex);
  const quoted: { text: string; page: number }[] = [];
  // A list item after "The following are not permitted:" needs that sentence to mean what it says.
  if (block.kind === 'item') {
    const lead = leadInOf(unit.section.blocks, unit.blockIndex);
    if (lead) quoted.push(lead);
  }
  quoted.push(...chosen.map((sentence) => ({ text: sentence.text, page: sentence.page })));
  const next = sentences[chosen.at(-1)!.sentenceIndex + 1];
  if (next && qualifies.test(next.text)) quoted.push(next);
  return {
    kind: 'quote',
    citation: {
      documentId: unit.section.documentId,
      documentName: unit.section.documentName,
      category: unit.section.category,
      section: unit.section.number,
      sectionDesignation: unit.section.designation,
      sectionTitle: unit.section.title,
      page: quoted[0]!.page,
      sentences: quoted.map((sentence) => sentence.text),
      matched: best.matched,
      coverage: round(best.coverage),
    },
  };
}

/**
 * Whether the best sentence answers the question (it would rather say nothing than guess):
 *
 * - It covers most of what the question is about, and at least two of its things when it names two
 *   or more ("is the pool heated?" is not answered by a sentence about heating equipment). When it
 *   leaves some of the question out, no sentence of another section may answer nearly as well: a
 *   partial match that another section matches about as well ("when is the next board meeting?" and
 *   a sentence on who may call a special meeting) is a guess.
 * - Or it has three of the question's things or more (one in the heading counts three quarters): a
 *   resident who tells a story ("we're packing the camper for a road trip, can it sit in front of our
 *   garage overnight while we load it") names many things no rule mentions, and a sentence with three
 *   of them is about the question even when they are under half of what was said.
 */
function isAnswer(
  best: { coverage: number; coveredCount: number },
  askedCount: number,
  margin: number,
): boolean {
  const { coverage, coveredCount } = best;
  if (coveredCount >= manyConcepts) return coverage >= minimumCoverageOfMany;
  const isWhole = coverage >= 1;
  return (
    coverage >= minimumCoverage &&
    coveredCount >= Math.min(2, askedCount) - 0.25 &&
    (isWhole || margin >= minimumMargin)
  );
}

/** Three of the question's things, or two and one in the heading. */
const manyConcepts = 2.75;
/** …which must still be this share of the question. */
export const minimumCoverageOfMany = 0.3;
/** A partial match must score this many times the best sentence of any other section. */
const minimumMargin = 1.2;

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

// "How much" alone is not about money ("how much notice do we get?"): the question names the money.
const moneyQuestion =
  /\b(cost|costs|fee|fees|fine|fines|charge|charges|dues|deposit|price|penalty|money|pay|owe|dollars?)\b|\$/i;
const moneyPattern = /\$\s?\d|\b(dollars?|percent)\b|%/i;
const numberPattern =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred)\b/i;
