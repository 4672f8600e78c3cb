import { describe, expect, it } from 'vitest';
import { measureRuleQuestions, type RuleQuestionReport } from './rule-questions.ts';

/**
 * The rules-question evaluation (issue 16) on the demo documents, through the real pipeline (PDF →
 * text → sections → search → quote). What is guaranteed is checked strictly: no quotation that is
 * not word for word in the document, on either set. The accuracy figures are floors under what was
 * measured, so that a change that makes answers worse fails here; the held-out figures are printed
 * for the report (docs/decisions/0019-cited-answers.md) and are not tuned on.
 */
const figures = ({ outcomes: _outcomes, ...rest }: RuleQuestionReport) => rest;

describe('rules questions answered from the documents', () => {
  it('on the development set: exact quotes with their section, no guesses, nothing unfaithful', async () => {
    const report = await measureRuleQuestions('dev');
    console.info(JSON.stringify({ ruleQuestionsDev: figures(report) }));
    expect(report.unfaithful).toBe(0);
    expect(report.guesses).toBe(0);
    expect(report.exactQuoteWithSection).toBeGreaterThanOrEqual(0.85);
  }, 60_000);

  // Written by someone who saw neither the code nor the other sets; tuned on since session 12
  // (decision 0019), so it is a second development set now and its figures are floors too.
  it('on the check set: no guesses, nothing unfaithful, and the exact quotes measured', async () => {
    const report = await measureRuleQuestions('check');
    console.info(JSON.stringify({ ruleQuestionsCheck: figures(report) }));
    expect(report.unfaithful).toBe(0);
    expect(report.guesses).toBe(0);
    expect(report.exactQuoteWithSection).toBeGreaterThanOrEqual(0.6);
    expect(report.questions).toBe(90);
  }, 60_000);

  // A third association's declaration and questions written with it by someone who saw neither the code
  // nor the other sets (session 33): measured once (33.3% exact, 5 guesses of 15), then tuned on, so
  // its figures are floors. Its unanswerable questions are on subjects next to what the declaration
  // covers ("can we have beer at a clubhouse party?"): the guesses there are not yet 0.
  it("on a third association's declaration, tuned on: floors, and nothing unfaithful", async () => {
    const report = await measureRuleQuestions('check3');
    console.info(JSON.stringify({ ruleQuestionsCheck3: figures(report) }));
    expect(report.unfaithful).toBe(0);
    expect(report.guesses).toBeLessThanOrEqual(4);
    expect(report.exactQuoteWithSection).toBeGreaterThanOrEqual(0.55);
    expect(report.questions).toBe(60);
  }, 60_000);

  // Another association's handbook in another layout ("PART 3 – …", "Rule 14."), and questions written
  // with it by someone who saw neither the code nor the other sets. Not tuned on: only its layout was
  // taught to the document reader (decision 0019, session 31), so its figures are reported, not floors.
  it('on a document it was not built with: never an unfaithful quotation', async () => {
    const report = await measureRuleQuestions('check2');
    console.info(JSON.stringify({ ruleQuestionsCheck2: figures(report) }));
    expect(report.unfaithful).toBe(0);
    expect(report.questions).toBe(56);
  }, 60_000);

  it('on the held-out set: never an unfaithful quotation', async () => {
    const report = await measureRuleQuestions('eval');
    console.info(JSON.stringify({ ruleQuestionsHeldOut: figures(report) }));
    expect(report.unfaithful).toBe(0);
    expect(report.questions).toBeGreaterThanOrEqual(60);
  }, 60_000);
});
