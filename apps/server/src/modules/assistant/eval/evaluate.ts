import type { MessageAnalysis } from '@commonwise/contracts';
import { analyzeMessage } from '../analyze.ts';
import { evalCases, splitOf, type EvalCase, type EvalSplit } from './dataset.ts';

/** Issue 7's targets for the built-in assistant, on the held-out test set. */
export const targets = {
  intentAccuracy: 0.95,
  categoryAccuracy: 0.9,
  emergencyRecall: 1,
  emergencyPrecision: 0.9,
};

export interface Miss {
  id: number;
  text: string;
  wrong: ('intent' | 'category' | 'emergency')[];
  expected: { intent: string; category?: string; emergency?: string };
  got: { intent: string; category?: string; emergency?: string };
}

export interface SplitReport {
  messages: number;
  intentAccuracy: number;
  /** Main category, on messages labelled maintenance_request. */
  categoryAccuracy: number;
  subcategoryAccuracy: number;
  emergencyRecall: number;
  emergencyPrecision: number;
  /** On emergencies found: was it the labelled kind? */
  emergencyKindAccuracy: number;
  languageAccuracy: number;
  /** On the messages that state them. */
  urgencyAccuracy: number;
  locationAccuracy: number;
  entryAccuracy: number;
  counts: { maintenance: number; emergencies: number; spanish: number };
  misses: Miss[];
}

const ratio = (hits: number, total: number) => (total === 0 ? 1 : Math.round((hits / total) * 1000) / 1000);

function pathOf(a: MessageAnalysis): string | undefined {
  return a.category ? `${a.category}/${a.subcategory}` : undefined;
}

/** Runs the analyzer over some labelled messages and scores it. */
export function evaluate(cases: EvalCase[]): SplitReport {
  let intentHits = 0;
  let categoryHits = 0;
  let subcategoryHits = 0;
  let maintenance = 0;
  let truePositives = 0;
  let falsePositives = 0;
  let emergencies = 0;
  let kindHits = 0;
  let languageHits = 0;
  const stated = { urgency: [0, 0], location: [0, 0], entry: [0, 0] };
  const misses: Miss[] = [];

  for (const c of cases) {
    const a = analyzeMessage(c.text);
    const wrong: Miss['wrong'] = [];
    if (a.intent === c.intent) intentHits++;
    else wrong.push('intent');
    if (c.intent === 'maintenance_request') {
      maintenance++;
      const [main] = c.category!.split('/');
      if (a.category === main) categoryHits++;
      else wrong.push('category');
      if (pathOf(a) === c.category) subcategoryHits++;
    }
    if (c.emergency) emergencies++;
    if (c.emergency && a.isEmergency) {
      truePositives++;
      if (a.emergencyKind === c.emergency) kindHits++;
    }
    if (!c.emergency && a.isEmergency) falsePositives++;
    if (Boolean(c.emergency) !== a.isEmergency) wrong.push('emergency');
    if (a.language === (c.lang ?? 'en')) languageHits++;
    if (c.urgency)
      stated.urgency = [stated.urgency[0]! + Number(a.urgency === c.urgency), stated.urgency[1]! + 1];
    if (c.location) {
      stated.location = [
        stated.location[0]! + Number(a.location?.kind === c.location),
        stated.location[1]! + 1,
      ];
    }
    if (c.entry !== undefined) {
      stated.entry = [stated.entry[0]! + Number(a.permissionToEnter === c.entry), stated.entry[1]! + 1];
    }
    if (wrong.length > 0) {
      misses.push({
        id: c.id,
        text: c.text,
        wrong,
        expected: { intent: c.intent, category: c.category, emergency: c.emergency },
        got: { intent: a.intent, category: pathOf(a), emergency: a.emergencyKind },
      });
    }
  }

  return {
    messages: cases.length,
    intentAccuracy: ratio(intentHits, cases.length),
    categoryAccuracy: ratio(categoryHits, maintenance),
    subcategoryAccuracy: ratio(subcategoryHits, maintenance),
    emergencyRecall: ratio(truePositives, emergencies),
    emergencyPrecision: ratio(truePositives, truePositives + falsePositives),
    emergencyKindAccuracy: ratio(kindHits, truePositives),
    languageAccuracy: ratio(languageHits, cases.length),
    urgencyAccuracy: ratio(stated.urgency[0]!, stated.urgency[1]!),
    locationAccuracy: ratio(stated.location[0]!, stated.location[1]!),
    entryAccuracy: ratio(stated.entry[0]!, stated.entry[1]!),
    counts: { maintenance, emergencies, spanish: cases.filter((c) => c.lang === 'es').length },
    misses,
  };
}

/** The evaluation of one split of the set. */
export function evaluateSplit(split: EvalSplit): SplitReport {
  return evaluate(evalCases.filter((c) => splitOf(c.id) === split));
}

/** Whether a report reaches every target. */
export function meetsTargets(report: SplitReport): boolean {
  return (Object.keys(targets) as (keyof typeof targets)[]).every((k) => report[k] >= targets[k]);
}
