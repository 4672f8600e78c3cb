import { describe, expect, it } from 'vitest';
import { measureArcIntake } from './arc-intake.ts';

/**
 * Starting an architectural request from the chat (issue 22 item 1), on the development set (the
 * held-out set is reported by `npm run eval:assistant`, never asserted on while tuning).
 */
describe('architectural request intake, on the development set', () => {
  const figures = measureArcIntake('dev');

  it('starts a request for every wish to start a project, with its kind, and for nothing else', () => {
    expect(figures.misses).toEqual([]);
    expect(figures.overall.precision).toBe(1);
    expect(figures.overall.recall).toBe(1);
  });

  it('covers English and Spanish at least', () => {
    expect(figures.perLanguage.en!.intakes).toBeGreaterThanOrEqual(10);
    expect(figures.perLanguage.es!.intakes).toBeGreaterThanOrEqual(5);
  });
});
