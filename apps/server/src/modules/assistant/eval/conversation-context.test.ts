import { describe, expect, it } from 'vitest';
import { measureConversationContext } from './conversation-context.ts';

/**
 * The development set of issue 26's follow-ups, duplicate reports and staff questions (the held-out
 * set is reported by `npm run eval:assistant`, never asserted on while tuning).
 */
describe('conversation context and staff questions, on the development set', () => {
  const figures = measureConversationContext('dev');

  it('answers every follow-up from the conversation’s work order, in every language', () => {
    expect(figures.followUps.answeredFromWorkOrder).toBe(1);
  });

  it('never asks "is this about your open request?" of a new problem, and asks of most repeats', () => {
    expect(figures.duplicates.perClass.new!.accuracy).toBe(1);
    expect(figures.duplicates.perClass.duplicate!.accuracy).toBeGreaterThanOrEqual(0.85);
  });

  it('reads every staff question, its property and its language', () => {
    expect(figures.staffQuestions.accuracy).toBe(1);
  });
});
