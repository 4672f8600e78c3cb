import { describe, expect, it } from 'vitest';
import { safetyReport, type SafetyFigures } from './corpus.ts';

/**
 * Emergencies and languages on the labelled corpus (issue 16). The training messages are what the
 * rules and the classifier were built from; the held-out messages were written by other people and
 * are never tuned on. The held-out floors are what was measured (docs/decisions/0020): a change that
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

  const heldOutFloors: Record<string, { recall: number; precision: number; safetyFirst: number }> = {
    en: { recall: 0.54, precision: 0.94, safetyFirst: 0.9 },
    es: { recall: 0.66, precision: 0.95, safetyFirst: 0.96 },
    fr: { recall: 0.76, precision: 0.83, safetyFirst: 0.96 },
    pt: { recall: 0.8, precision: 0.91, safetyFirst: 0.96 },
    zh: { recall: 0.95, precision: 0.95, safetyFirst: 1 },
    vi: { recall: 0.86, precision: 0.95, safetyFirst: 1 },
  };
  it.each(claimed)('%s, held-out messages: no worse than measured', (language) => {
    const floors = heldOutFloors[language]!;
    expect(heldOut[language]!.emergencyRecall).toBeGreaterThanOrEqual(floors.recall);
    expect(heldOut[language]!.emergencyPrecision).toBeGreaterThanOrEqual(floors.precision);
    expect(heldOut[language]!.safetyFirstRecall).toBeGreaterThanOrEqual(floors.safetyFirst);
    expect(heldOut[language]!.languageAccuracy).toBeGreaterThanOrEqual(0.98);
  });
});
