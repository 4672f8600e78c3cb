import type { AssistantLanguage } from '@commonwise/contracts';
import { detectLanguage } from '../language.ts';
import { editDistance } from '../normalize.ts';
import { plainWords } from '../router/yes-no.ts';

/**
 * What a manager, board member or admin asks the assistant (issue 26 item 5), read without a database:
 * which of the questions the staff assistant answers, about which of the person's own properties, in
 * which language. Finance, violations and the other domains add their questions when they land.
 */

export const staffQuestionKinds = ['attention', 'overdue', 'week_summary', 'open_count', 'unknown'] as const;
export type StaffQuestionKind = (typeof staffQuestionKinds)[number];

export type StaffQuestion = {
  kind: StaffQuestionKind;
  /** The property it names, of those the person may see; undefined: all of theirs. */
  propertyId?: string;
  language: AssistantLanguage;
};

/**
 * Phrases per question, on `plainWords` text (lower case, accents off; Chinese as written). The first
 * kind that matches wins: "how many are overdue" is about overdue work, "how many open" a count.
 */
const phrases: [StaffQuestionKind, RegExp][] = [
  [
    'overdue',
    / (?:overdue|past due|late|behind schedule|past their due|missed (?:the|their) due|vencid[ao]s?|atrasad[ao]s?|retrasad[ao]s?|en retard|retard|depasse|echu|echus|echues|qua han|tre han) |逾期|过期|超期|延误|拖延/u,
  ],
  [
    'open_count',
    / (?:how many|number of|count|total) .*(?:open|outstanding|pending|unresolved|active|requests?|work orders?|tickets?)| (?:open|outstanding|pending) (?:requests?|work orders?|tickets?) (?:count|total|number)| (?:cuant[ao]s|quant[ao]s|combien|bao nhieu) |多少|几个|几件|几张/u,
  ],
  [
    'week_summary',
    / (?:summar\w*|recap|overview|digest|roundup|round up|weekly|resum\w*|bilan|tom tat|tong ket|tong hop) |总结|汇总|概况|概要|周报/u,
  ],
  [
    'attention',
    / (?:attention|urgent|priorit\w*|needs? (?:me|my)|should i (?:look|work|do|handle|focus)|on my plate|to do today|todo|what s up today|atencion|atencao|pendiente|pendientes|pendente|pendentes|a faire|chu y|xu ly|can toi) |需要我|要处理|待处理|待办|关注|处理什么/u,
  ],
];

/** Words a property's name shares with many others: "Harbor View Condominiums" is found by "harbor view". */
const genericWords = new Set(
  'the at of hoa association community commons condominiums condominium condos condo apartments homes estates village residences owners tower towers'.split(
    ' ',
  ),
);

/** The distinctive words of a name, in `plainWords` form. */
function nameWords(name: string): string[] {
  return plainWords(name)
    .trim()
    .split(' ')
    .filter((word) => word.length > 1 && !genericWords.has(word));
}

/** A word of the message stands for a word of the name: the same, one typo away, or an abbreviation ("crk"). */
function standsFor(written: string, word: string): boolean {
  if (written === word) return true;
  if (word.length >= 5 && written.length >= 4 && editDistance(written, word, 1) <= 1) return true;
  // An abbreviation keeps the first letter and the name's letters in order ("crk" for "creek").
  if (written.length >= 3 && written.length < word.length && written[0] === word[0]) {
    let at = 0;
    for (const letter of word) if (letter === written[at]) at += 1;
    return at === written.length;
  }
  return false;
}

/**
 * The property the message names, among the person's own (fuzzy: "willow crk", "harbour view"):
 * the one with the most of its distinctive words written, when at least half of them are.
 */
export function findProperty<P extends { id: string; name: string }>(text: string, mine: P[]): P | undefined {
  const written = plainWords(text).trim().split(' ');
  let best: { property: P; share: number } | undefined;
  for (const property of mine) {
    const words = nameWords(property.name);
    if (words.length === 0) continue;
    const found = words.filter((word) => written.some((candidate) => standsFor(candidate, word))).length;
    const share = found / words.length;
    if (found > 0 && share >= 0.5 && (!best || share > best.share)) best = { property, share };
  }
  return best?.property;
}

export function readStaffQuestion(text: string, mine: { id: string; name: string }[]): StaffQuestion {
  const detected = detectLanguage(text);
  const plain = plainWords(text);
  const kind = phrases.find(([, pattern]) => pattern.test(plain))?.[0] ?? 'unknown';
  const property = findProperty(text, mine);
  return {
    kind,
    ...(property ? { propertyId: property.id } : {}),
    language: detected.isSupported ? detected.language : 'en',
  };
}
