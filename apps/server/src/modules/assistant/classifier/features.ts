import { distinctSubcategories, matchCategories } from '../categories.ts';
import {
  genericProblemPatterns,
  humanPatterns,
  isQuestion,
  permissionQuestion,
  rulesPatterns,
  statusPatterns,
} from '../intents.ts';
import { normalizeText, plainText } from '../normalize.ts';
import { lexiconConcepts } from './lexicon/match.ts';
import { anyMatch } from '../patterns.ts';

/**
 * What the intent and category classifiers see of a message: sparse, binary features that carry over
 * to messages nobody on the team wrote.
 * - words and word pairs of the plain text (lower case, no accents: "nao", "khong", "calefaccion");
 * - pieces of three and four letters of each word, so typos, plurals and texting spellings still
 *   share most features with the spelling the corpus has ("leakin", "cucarachas", "dc");
 * - Chinese characters, and runs of two and three (Chinese has no spaces between words);
 * - how the message starts (questions and requests start in telling ways) and whether it asks;
 * - the concepts of the lexicons (lexicon/): the category a word names and the cues of intents
 *   ("a money word", "another person"), the same feature in every language;
 * - what the hand-written rule tables find (English and Spanish): a status question, a request for a
 *   person, a permission question, a category. The classifier learns how far to trust each.
 */
export function featuresOf(text: string): Record<string, 1> {
  const plain = plainText(text);
  const features: Record<string, 1> = {};
  const add = (feature: string) => {
    features[feature] = 1;
  };
  for (const run of plain.match(/\p{Script=Han}+/gu) ?? []) {
    for (let index = 0; index < run.length; index += 1) {
      add(`h:${run[index]}`);
      if (index + 1 < run.length) add(`h:${run.slice(index, index + 2)}`);
      if (index + 2 < run.length) add(`h:${run.slice(index, index + 3)}`);
    }
  }
  const words = plain
    .replace(/\p{Script=Han}+/gu, ' ')
    .split(' ')
    .filter(Boolean);
  for (const [index, word] of words.entries()) {
    add(`w:${word}`);
    if (index + 1 < words.length) add(`b:${word}_${words[index + 1]}`);
    const padded = `<${word}>`;
    for (let size = 3; size <= 4; size += 1)
      for (let start = 0; start + size <= padded.length; start += 1)
        add(`c:${padded.slice(start, start + size)}`);
  }
  if (words[0]) add(`s:${words[0]}`);
  if (words[1]) add(`s:${words[0]}_${words[1]}`);
  if (text.includes('?') || text.includes('？')) add('f:question_mark');
  const length = words.length + (plain.match(/\p{Script=Han}/gu)?.length ?? 0) / 2;
  add(`f:length_${length <= 2 ? 'tiny' : length <= 5 ? 'short' : length <= 15 ? 'medium' : 'long'}`);
  if (/\p{Extended_Pictographic}/u.test(text)) add('f:emoji');

  for (const concept of lexiconConcepts(plain)) {
    add(concept);
    // The main category too: "some plumbing word" generalises further than the exact subcategory.
    if (concept.startsWith('k:')) add(`m:${concept.slice(2).split('/')[0]}`);
  }

  const normalized = normalizeText(text);
  if (anyMatch(normalized, statusPatterns)) add('r:status');
  if (anyMatch(normalized, humanPatterns)) add('r:human');
  if (permissionQuestion.test(normalized)) add('r:permission');
  if (anyMatch(normalized, rulesPatterns)) add('r:rules');
  if (anyMatch(normalized, genericProblemPatterns)) add('r:problem');
  if (isQuestion(text, normalized)) add('r:question');
  const [strongest] = distinctSubcategories(matchCategories(normalized));
  if (strongest) {
    add(`r:${strongest.category}`);
    add(`r:${strongest.category}/${strongest.subcategory}`);
    if (strongest.isPlace) add('r:place');
  }
  return features;
}
