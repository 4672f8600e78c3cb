import { describe, expect, it } from 'vitest';
import { freshSplits, safetyReport, understandingReport, type SafetyFigures } from './corpus.ts';

/**
 * Emergencies and languages on the labelled corpus (issue 16). The training messages are what the
 * rules and the classifier were built from; the held-out messages were written by other people and
 * are never tuned on. The held-out floors are a little below what was measured (docs/decisions/0020, 0022): a change that
 * finds fewer emergencies, or answers fewer with safety advice first, fails here. They are not the
 * issue's targets (100% recall), which the held-out set shows are not met yet.
 */
describe('the labelled corpus', () => {
  const train = safetyReport('train');
  const heldOut = safetyReport('heldout');
  console.info(JSON.stringify({ safetyTrain: train, safetyHeldOut: heldOut }));
  const claimed = ['en', 'es', 'pt', 'fr', 'zh', 'vi'];

  it('covers six languages, with 1,500 messages or more', () => {
    expect(Object.keys(train)).toEqual(expect.arrayContaining(claimed));
    const count = (report: Record<string, SafetyFigures>) =>
      Object.values(report).reduce((sum, figures) => sum + figures.messages, 0);
    expect(count(train) + count(heldOut)).toBeGreaterThanOrEqual(1500);
  });

  it.each(claimed)('%s, training messages: every emergency found, none invented', (language) => {
    expect(train[language]!.emergencyRecall).toBeGreaterThanOrEqual(0.98);
    expect(train[language]!.emergencyPrecision).toBeGreaterThanOrEqual(0.98);
    expect(train[language]!.safetyFirstRecall).toBe(1);
  });

  // The fresh sets written by helpers who had not seen the rules, tuned on once each (decision 0020):
  // what a pass taught stays learned.
  const tunedSets = freshSplits.map((split) => [split, safetyReport(split)] as const);
  it.each(claimed)('%s, the fresh sets tuned on: every emergency found, safety advice first', (language) => {
    for (const [split, report] of tunedSets) {
      // incoming4, incoming6 and incoming8 are English and Spanish only; incoming2 and incoming3 also hold other languages.
      const figures = report[language];
      if (!figures) continue;
      expect(figures.emergencyRecall, split).toBe(1);
      expect(figures.emergencyPrecision, split).toBeGreaterThanOrEqual(0.95);
      expect(figures.safetyFirstRecall, split).toBe(1);
    }
  });

  const heldOutFloors: Record<string, { recall: number; precision: number; safetyFirst: number }> = {
    // 0.839 since the incoming3 pass, 0.871 since incoming5, 0.903 since incoming6, 0.935 since incoming8,
    // 0.968 since incoming10 (decision 0020).
    en: { recall: 0.96, precision: 0.95, safetyFirst: 0.99 },
    // 0.833 since the incoming6 pass (was 0.80).
    es: { recall: 0.83, precision: 0.95, safetyFirst: 0.96 },
    // 1.0 since the incoming5 pass (was 0.923); precision 0.897 since incoming10 (was 0.867).
    fr: { recall: 0.99, precision: 0.89, safetyFirst: 0.96 },
    // 0.963 since the incoming2 pass (decision 0020): one new false alarm, whose message was not read.
    pt: { recall: 0.99, precision: 0.96, safetyFirst: 0.96 },
    zh: { recall: 0.99, precision: 0.95, safetyFirst: 1 },
    // 1.0 since the incoming5 pass (was 0.957).
    vi: { recall: 0.99, precision: 0.95, safetyFirst: 1 },
  };
  it.each(claimed)('%s, held-out messages: no worse than measured', (language) => {
    const floors = heldOutFloors[language]!;
    expect(heldOut[language]!.emergencyRecall).toBeGreaterThanOrEqual(floors.recall);
    expect(heldOut[language]!.emergencyPrecision).toBeGreaterThanOrEqual(floors.precision);
    expect(heldOut[language]!.safetyFirstRecall).toBeGreaterThanOrEqual(floors.safetyFirst);
    expect(heldOut[language]!.languageAccuracy).toBeGreaterThanOrEqual(0.98);
  });

  // Languages the product does not reply in: handed to a person, with safety advice first for every
  // emergency (1.0 and 0.956 since session 31: an unsure guess leaning to another language is no
  // longer answered as French or Portuguese).
  it('other languages, held-out messages: every emergency answered with safety advice first', () => {
    expect(heldOut.other!.safetyFirstRecall).toBe(1);
    expect(heldOut.other!.languageAccuracy).toBeGreaterThanOrEqual(0.95);
  });

  const understoodTrain = understandingReport('train');
  const understoodHeldOut = understandingReport('heldout');
  console.info(
    JSON.stringify({
      understandingHeldOut: Object.fromEntries(
        Object.entries(understoodHeldOut).map(([language, figures]) => [
          language,
          {
            intent: figures.intentAccuracy,
            category: figures.categoryAccuracy,
            mainCategory: figures.mainCategoryAccuracy,
          },
        ]),
      ),
    }),
  );

  it.each(claimed)('%s, training messages: the classifiers learned them', (language) => {
    expect(understoodTrain[language]!.intentAccuracy).toBeGreaterThanOrEqual(0.97);
    expect(understoodTrain[language]!.categoryAccuracy).toBeGreaterThanOrEqual(0.9);
  });

  /**
   * Held-out intent and category accuracy, no worse than measured when the classifiers landed
   * (docs/decisions/0022), categories raised in session 33 (an emergency filed under the fixture the
   * classifier reads, and the classifier's confidence chosen on the fresh sets). The targets
   * (intent ≥ 95%, category ≥ 90% in every language) are not all met: `npm run eval:assistant` prints
   * which are.
   */
  const understandingFloors: Record<string, { intent: number; category: number }> = {
    // Raised after the boundary training messages of session 36 (decision 0022): en 0.932, fr 0.964 / 0.946,
    // pt category 0.914.
    en: { intent: 0.93, category: 0.9 },
    es: { intent: 0.96, category: 0.9 },
    fr: { intent: 0.96, category: 0.94 },
    pt: { intent: 0.95, category: 0.91 },
    vi: { intent: 0.96, category: 0.97 },
    zh: { intent: 0.97, category: 0.97 },
  };
  it.each(claimed)('%s, held-out messages: intents and categories no worse than measured', (language) => {
    expect(understoodHeldOut[language]!.intentAccuracy).toBeGreaterThanOrEqual(
      understandingFloors[language]!.intent,
    );
    expect(understoodHeldOut[language]!.categoryAccuracy).toBeGreaterThanOrEqual(
      understandingFloors[language]!.category,
    );
  });
});
