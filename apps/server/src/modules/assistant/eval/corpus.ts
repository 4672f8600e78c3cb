import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EmergencyKind } from '@commonwise/contracts';
import { analyzeMessage } from '../analyze.ts';

/**
 * The labelled corpus (corpus/README.md): training messages, and held-out messages written by other
 * people before any tuning and never tuned on. This measures what is deterministic today — emergency
 * detection (issue 16, item 1) and language identification — per language.
 */

export type CorpusMessage = {
  id: string;
  text: string;
  lang: string;
  intent: string;
  category: string | null;
  location: string | null;
  emergency: EmergencyKind | null;
  /**
   * 'category': written to cover every category path, with the alarm words of non-emergencies that
   * probe the rules' false alarms — not residents' everyday mix. The intent and category classifiers
   * learn from them; the urgency backstop does not (classifier/model.ts).
   */
  probe?: 'category';
};

/**
 * `incoming` to `incoming11`: emergencies and hard non-emergencies (incoming7: residents' everyday mix)
 * written by helpers who had not seen the rules (decision 0020). They may be tuned on, like `train`;
 * `heldout` may not.
 */
export const freshSplits = [
  'incoming',
  'incoming2',
  'incoming3',
  'incoming4',
  'incoming5',
  'incoming6',
  'incoming7',
  'incoming8',
  'incoming9',
  'incoming10',
  'incoming11',
] as const;
export type CorpusSplit = 'train' | 'heldout' | (typeof freshSplits)[number];

const folder = fileURLToPath(new URL('../corpus/', import.meta.url));

/** The messages of a split, by file: en, es, pt, fr, zh, vi (and, held out, "other" languages). */
export function loadCorpus(split: CorpusSplit): Map<string, CorpusMessage[]> {
  const files = readdirSync(`${folder}${split}`).filter((file) => file.endsWith('.json'));
  return new Map(
    files
      .sort()
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(`${folder}${split}/${file}`, 'utf8')) as CorpusMessage[],
      ]),
  );
}

export type SafetyFigures = {
  messages: number;
  emergencies: number;
  emergencyRecall: number;
  emergencyPrecision: number;
  /** Of the emergencies found, the share given the labelled kind. */
  emergencyKindAccuracy: number;
  /**
   * Emergencies answered with safety advice before anything else: found by the rules, or urgent-
   * sounding (the classifier, words of urgency), which also sends "call 911" first and alerts a person.
   */
  safetyFirstRecall: number;
  /** Messages that are not emergencies but were treated as urgent-sounding (a person alerted for nothing). */
  needlessAlerts: number;
  /** The reply language (a language the product does not reply in counts as "other"). */
  languageAccuracy: number;
};

const ratio = (hits: number, total: number) => (total === 0 ? 1 : Math.round((hits / total) * 1000) / 1000);

export function measureSafety(messages: CorpusMessage[], group: string): SafetyFigures {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let rightKind = 0;
  let rightLanguage = 0;
  let safetyFirst = 0;
  let needlessAlerts = 0;
  for (const message of messages) {
    const analysis = analyzeMessage(message.text);
    if (message.emergency && analysis.isEmergency) {
      truePositives += 1;
      if (analysis.emergencyKind === message.emergency) rightKind += 1;
    } else if (message.emergency) falseNegatives += 1;
    else if (analysis.isEmergency) falsePositives += 1;
    // A person is alerted at once, after "call 911", for an urgent-sounding message and for one in a
    // language the assistant cannot read (decide.ts).
    const alerts = analysis.soundsUrgent || !analysis.isLanguageSupported;
    if (message.emergency && (analysis.isEmergency || alerts)) safetyFirst += 1;
    if (!message.emergency && !analysis.isEmergency && alerts) needlessAlerts += 1;
    const language = analysis.isLanguageSupported ? analysis.language : 'other';
    if (language === (group === 'other' ? 'other' : message.lang)) rightLanguage += 1;
  }
  return {
    messages: messages.length,
    emergencies: truePositives + falseNegatives,
    emergencyRecall: ratio(truePositives, truePositives + falseNegatives),
    emergencyPrecision: ratio(truePositives, truePositives + falsePositives),
    emergencyKindAccuracy: ratio(rightKind, truePositives),
    safetyFirstRecall: ratio(safetyFirst, truePositives + falseNegatives),
    needlessAlerts,
    languageAccuracy: ratio(rightLanguage, messages.length),
  };
}

/** What the rules got wrong on one message (never printed for the held-out split: eval/safety.ts). */
export type SafetyMiss = { id: string; text: string; labelled: EmergencyKind | null; found: string | null };

/** The messages whose emergency, or emergency kind, the rules got wrong. */
export function safetyMisses(messages: CorpusMessage[]): SafetyMiss[] {
  return messages.flatMap((message) => {
    const analysis = analyzeMessage(message.text);
    const found = analysis.isEmergency ? (analysis.emergencyKind ?? null) : null;
    if (found === message.emergency) return [];
    return [
      {
        id: message.id,
        text: message.text,
        labelled: message.emergency,
        found: found && `${found} (${analysis.emergencyRule})`,
      },
    ];
  });
}

/** Figures per language for a split. */
export function safetyReport(split: CorpusSplit): Record<string, SafetyFigures> {
  return Object.fromEntries(
    [...loadCorpus(split)].map(([group, messages]) => [group, measureSafety(messages, group)]),
  );
}

export type UnderstandingFigures = {
  messages: number;
  /** Share of messages given the labelled intent. */
  intentAccuracy: number;
  /** Of the messages labelled with a category (every request and complaint): the exact `main/sub`. */
  categoryAccuracy: number;
  /** The same, counting only the main category ("plumbing"). */
  mainCategoryAccuracy: number;
  /** Per labelled intent: how many, and the share recognised. */
  perIntent: Record<string, { messages: number; recall: number; precision: number }>;
  /** Per main category (labelled): how many, and the share given the exact category. */
  perCategory: Record<string, { messages: number; accuracy: number }>;
  /** `confusion[labelled][predicted]`: counts. */
  confusion: Record<string, Record<string, number>>;
};

/** Intent and category, as the analyzer decides them (emergency rules, then the classifiers). */
export function measureUnderstanding(messages: CorpusMessage[]): UnderstandingFigures {
  const confusion: Record<string, Record<string, number>> = {};
  let rightIntent = 0;
  let labelled = 0;
  let rightCategory = 0;
  let rightMain = 0;
  const perCategory: Record<string, [number, number]> = {};
  for (const message of messages) {
    const analysis = analyzeMessage(message.text);
    const row = (confusion[message.intent] ??= {});
    row[analysis.intent] = (row[analysis.intent] ?? 0) + 1;
    if (analysis.intent === message.intent) rightIntent += 1;
    if (message.category) {
      labelled += 1;
      const [main] = message.category.split('/');
      const cell = (perCategory[main!] ??= [0, 0]);
      cell[1] += 1;
      if (`${analysis.category}/${analysis.subcategory}` === message.category) {
        rightCategory += 1;
        cell[0] += 1;
      }
      if (analysis.category === main) rightMain += 1;
    }
  }
  const intents = new Set([...Object.keys(confusion), ...Object.values(confusion).flatMap(Object.keys)]);
  const perIntent = Object.fromEntries(
    [...intents].sort().map((intent) => {
      const labelledAs = Object.values(confusion[intent] ?? {}).reduce((sum, count) => sum + count, 0);
      const predictedAs = Object.values(confusion).reduce((sum, row) => sum + (row[intent] ?? 0), 0);
      const right = confusion[intent]?.[intent] ?? 0;
      return [
        intent,
        { messages: labelledAs, recall: ratio(right, labelledAs), precision: ratio(right, predictedAs) },
      ];
    }),
  );
  return {
    messages: messages.length,
    intentAccuracy: ratio(rightIntent, messages.length),
    categoryAccuracy: ratio(rightCategory, labelled),
    mainCategoryAccuracy: ratio(rightMain, labelled),
    perIntent,
    perCategory: Object.fromEntries(
      Object.entries(perCategory)
        .sort()
        .map(([main, [right, total]]) => [main, { messages: total, accuracy: ratio(right, total) }]),
    ),
    confusion,
  };
}

/** Intent and category figures per language for a split (held out: the claimed languages only). */
export function understandingReport(split: CorpusSplit): Record<string, UnderstandingFigures> {
  return Object.fromEntries(
    [...loadCorpus(split)]
      .filter(([group]) => group !== 'other')
      .map(([group, messages]) => [group, measureUnderstanding(messages)]),
  );
}
