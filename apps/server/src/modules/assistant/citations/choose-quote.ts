import type { Block } from '../../documents/structure.ts';
import { sentencesOf } from '../../documents/structure.ts';
import { editDistance } from '../normalize.ts';
import { cosine, decodeVector, type StoredVector } from './sentence-vectors.ts';
import { asksForQuantity, conceptsOf, needsNumber, wordsOf } from './terms.ts';
import { stemmer } from 'stemmer';

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
 * Every sentence of the property's governing documents is a candidate. Each is ranked on two kinds of
 * evidence (decision 0019):
 * - its words: BM25 over the documents' sentences, on English stems, each question concept (a word
 *   and its everyday synonyms, terms.ts) counted by how rare it is; the section's heading counts half;
 * - its meaning: the cosine between the question's sentence vector and the sentence's (embedded with
 *   its heading), which meets a question in words no document uses.
 *
 * It would rather say nothing than guess: the best sentence is quoted only when the evidence, words and
 * meaning together, and how far the sentence stands out from the rest of the documents, is strong
 * enough; otherwise no quotation is given and a person answers.
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
  /** One vector per sentence of the blocks, in order (sentence-vectors.ts); null if not computed. */
  vectors: StoredVector[] | null;
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
  /** Why this one: the question's concepts it (or its heading) has, and their share of the weight. */
  matched: string[];
  coverage: number;
};

export type QuoteDecision =
  | { kind: 'quote'; citation: Citation }
  | { kind: 'none'; reason: 'no_documents' | 'no_match' | 'weak_match'; bestCoverage: number };

/**
 * The evidence a quotation needs, from the best sentence: half the share of the question's concept
 * weight that it (or its heading) has, half its cosine with the question, a tenth of how many standard
 * deviations that cosine stands above the documents' other sentences, and a quarter of the share of the
 * five best sentences that are in its section (a question the documents answer finds a section about
 * it; one they do not answer finds scattered sentences). The weights and the threshold were chosen so
 * that no unanswerable question of the development and check sets (and of a scratch set written for
 * the purpose) is answered, while answering the most of the others (decision 0019).
 */
export const minimumEvidence = 1.08;
const evidenceOf = (share: number, similarity: number, distinctness: number, concentration: number) =>
  0.5 * share + 0.5 * similarity + 0.1 * distinctness + 0.25 * concentration;
/** How many of the best sentences show whether the answer's section is about the question. */
const leadingCount = 5;

/**
 * What a question's cosine with a document sentence usually is (mean and deviation over the demo
 * documents), weighed as this many sentences: a short document alone does not say what stands out.
 */
const typicalSimilarity = { mean: 0.2, deviation: 0.09, weight: 20 };

/** BM25's constants (the usual ones), and how much a heading word counts against a sentence word. */
const k1 = 1.2;
const lengthWeight = 0.75;
const headingWeight = 0.5;
/** Words common in any rule ("allowed", "unit") count this much of a concept. */
const weakWeight = 0.3;

export type Unit = {
  section: CandidateSection;
  blockIndex: number;
  sentenceIndex: number;
  text: string;
  page: number;
  words: string[];
  /** The stems of the headings it is under: its section's, and its paragraph's own title. */
  heading: string[];
  /** The paragraph's title itself ("(a) Garages."), which answers nothing. */
  isTitle: boolean;
  vector: Float32Array | undefined;
};

const qualifies =
  /^(however|except|unless|provided|notwithstanding|this (?:rule |section |restriction )?(?:does|shall) not|such|in no event|nothing in this)/i;
/** "…as permitted by Section 4.9 of the Declaration": the rule itself is in the section it names. */
const crossReference = /\b(?:Section|Article)\s+[\dIVX]/;

/** "(a) Garages.", "Recreational Vehicles.": a few capitalised words and a full stop. */
const isSubtitle = (text: string) =>
  /^(?:\(?[a-z0-9]{1,4}\)\s+)?[A-Z][\w'-]*(?:\s+[\w'-]+){0,3}\.$/.test(text);

const stemsIn = (text: string) => wordsOf(text).map((word) => stemmer(word));

/** A candidate sentence with the evidence for it. */
export type RankedSentence = {
  unit: Unit;
  /** Its words' BM25 score over the question's concepts, as a share of the most they could score. */
  wordScore: number;
  /** The share of the question's concept weight that the sentence or its heading has. */
  share: number;
  matched: string[];
  /** Cosine with the question's vector (0 without vectors). */
  similarity: number;
  hasNumber: boolean;
  refersElsewhere: boolean;
  score: number;
};

/**
 * Every sentence of the sections, best first; how far the best one's meaning stands out from the
 * documents' other sentences (in standard deviations); and the share of the leading sentences that are
 * in the best one's section. Undefined when the question has no words to look for.
 */
export function rankSentences(
  question: string,
  sections: CandidateSection[],
  questionVector?: Float32Array,
): { ranked: RankedSentence[]; distinctness: number; concentration: number } | undefined {
  const concepts = conceptsOf(question);
  if (concepts.length === 0) return undefined;
  const units: Unit[] = sections.flatMap((section) => {
    const sectionHeading = stemsIn(`${section.title ?? ''} ${section.context ?? ''}`);
    let ordinal = 0;
    return section.blocks.flatMap((block, blockIndex) => {
      const sentences = sentencesOf(block);
      // "(a) Garages. Each Owner shall…": a paragraph's own title heads its sentences.
      const subtitle = sentences.length > 1 && isSubtitle(sentences[0]!.text) ? sentences[0]!.text : '';
      const heading = [...sectionHeading, ...stemsIn(subtitle)];
      return sentences.map((sentence, sentenceIndex) => {
        const stored = section.vectors?.[ordinal++];
        return {
          section,
          blockIndex,
          sentenceIndex,
          text: sentence.text,
          page: sentence.page,
          words: stemsIn(sentence.text),
          heading,
          isTitle: sentenceIndex === 0 && subtitle !== '',
          vector: stored ? decodeVector(stored) : undefined,
        };
      });
    });
  });
  // A misspelt word ("satelite", "stapel") stands for the document's word one or two letters away.
  const vocabulary = new Set(units.flatMap((unit) => unit.words));
  for (const concept of concepts) {
    if (concept.stems.some((stem) => vocabulary.has(stem))) continue;
    const [stem] = concept.stems;
    if (!stem || stem.length < 5 || /\d/.test(stem)) continue;
    const allowed = stem.length >= 8 ? 2 : 1;
    const near = [...vocabulary].find(
      (word) => word[0] === stem[0] && editDistance(word, stem, allowed) <= allowed,
    );
    if (near) concept.stems.push(near);
  }

  // BM25 over the sentences: a stem that few sentences have tells them apart.
  const frequency = new Map<string, number>();
  for (const unit of units)
    for (const word of new Set([...unit.words, ...unit.heading]))
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const idf = (stem: string) => {
    const count = frequency.get(stem) ?? 0;
    return Math.log(1 + (units.length - count + 0.5) / (count + 0.5));
  };
  const averageLength = units.reduce((sum, unit) => sum + unit.words.length, 0) / Math.max(units.length, 1);
  const saturation = (k1 + 1) / (1 + k1);
  const lexical = (unit: Unit) => {
    const { heading } = unit;
    const lengthFactor = k1 * (1 - lengthWeight + (lengthWeight * unit.words.length) / averageLength);
    let score = 0;
    let most = 0;
    let found = 0;
    let total = 0;
    const matched: string[] = [];
    for (const concept of concepts) {
      const weight = concept.isWeak ? weakWeight : 1;
      let best = 0;
      let rarest = 0;
      for (const stem of concept.stems) {
        const rarity = idf(stem);
        rarest = Math.max(rarest, rarity);
        const count =
          unit.words.filter((word) => word === stem).length +
          headingWeight * heading.filter((word) => word === stem).length;
        if (count > 0) best = Math.max(best, (rarity * count * (k1 + 1)) / (count + lengthFactor));
      }
      score += weight * best;
      most += weight * rarest * saturation;
      total += weight * rarest;
      if (best > 0) {
        found += weight * rarest;
        matched.push(concept.key);
      }
    }
    return { wordScore: most ? score / most : 0, share: total ? found / total : 0, matched };
  };

  const wantsNumber = asksForQuantity(question);
  const scored = units
    // A sentence that only introduces a list ("…are prohibited:") says nothing on its own; it comes
    // along as the lead-in of the item that is quoted. A paragraph's title says nothing either.
    .filter((unit) => !/:$/.test(unit.text) && !unit.isTitle)
    .map((unit) => {
      const words = lexical(unit);
      const similarity = questionVector && unit.vector ? cosine(questionVector, unit.vector) : 0;
      const hasNumber = numberPattern.test(unit.text);
      const refersElsewhere = crossReference.test(unit.text);
      const score =
        words.wordScore + similarity + (wantsNumber && hasNumber ? 0.2 : 0) - (refersElsewhere ? 0.1 : 0);
      return { unit, score, similarity, hasNumber, refersElsewhere, ...words };
    })
    .sort((a, b) => b.score - a.score);
  // How far the best sentence's meaning stands out: its cosine against the others', with a prior.
  const { mean: priorMean, deviation: priorDeviation, weight: priorWeight } = typicalSimilarity;
  const similarities = scored.map((candidate) => candidate.similarity);
  const mean =
    (similarities.reduce((sum, value) => sum + value, 0) + priorWeight * priorMean) /
    (similarities.length + priorWeight);
  const deviation = Math.sqrt(
    (similarities.reduce((sum, value) => sum + (value - mean) ** 2, 0) + priorWeight * priorDeviation ** 2) /
      (similarities.length + priorWeight),
  );
  // Among a short document's few sentences, the best five are most of it and tell nothing.
  const leading = scored.slice(0, Math.min(leadingCount, Math.max(2, Math.floor(scored.length / 10))));
  return {
    ranked: scored,
    distinctness: ((scored[0]?.similarity ?? 0) - mean) / deviation,
    concentration:
      leading.filter((candidate) => candidate.unit.section === scored[0]?.unit.section).length /
      leading.length,
  };
}

export function chooseQuote(
  question: string,
  sections: CandidateSection[],
  questionVector?: Float32Array,
): QuoteDecision {
  if (sections.length === 0) return { kind: 'none', reason: 'no_documents', bestCoverage: 0 };
  const ranking = rankSentences(question, sections, questionVector);
  const best = ranking?.ranked[0];
  if (!ranking || !best || (best.matched.length === 0 && best.similarity === 0))
    return { kind: 'none', reason: 'no_match', bestCoverage: 0 };
  const scored = ranking.ranked;
  // Without the question's meaning (no language model), words alone are not evidence enough.
  const isEnough =
    questionVector !== undefined &&
    evidenceOf(best.share, best.similarity, ranking.distinctness, ranking.concentration) >= minimumEvidence;
  // A question whose answer is a number is not answered by a sentence without one.
  if (!isEnough || (needsNumber(question) && !best.hasNumber))
    return { kind: 'none', reason: 'weak_match', bestCoverage: round(best.share) };

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
      candidate.score >= best.score * 0.75,
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
      sectionTitle: unit.section.title,
      page: quoted[0]!.page,
      sentences: quoted.map((sentence) => sentence.text),
      matched: best.matched,
      coverage: round(best.share),
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

/** A number in figures or in words ("two dogs", "ten dollars"). */
const numberPattern =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred)\b/i;
