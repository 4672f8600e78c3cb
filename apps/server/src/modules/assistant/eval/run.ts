/**
 * `npm run eval:assistant`: the built-in assistant's figures, printed as JSON:
 * - emergencies and languages per language on the labelled corpus, training and held-out (corpus.ts);
 * - rules questions answered from the demo documents, development and held-out (rule-questions.ts);
 * - the intents and categories of the first evaluation set (issue 7), until the classifier replaces it.
 * Only aggregate figures of the held-out sets are printed: they are not for tuning.
 */
import { safetyReport } from './corpus.ts';
import { evaluateSplit, meetsTargets, targets, type SplitReport } from './evaluate.ts';
import { measureRuleQuestions, type RuleQuestionReport } from './rule-questions.ts';

const withoutMisses = ({ misses: _misses, ...rest }: SplitReport) => rest;
const withoutOutcomes = ({ outcomes: _outcomes, ...rest }: RuleQuestionReport) => rest;

const issue7 = evaluateSplit('test');
const report = {
  safety: { train: safetyReport('train'), heldOut: safetyReport('heldout') },
  ruleQuestions: {
    dev: withoutOutcomes(await measureRuleQuestions('dev')),
    heldOut: withoutOutcomes(await measureRuleQuestions('eval')),
  },
  issue7Set: { targets, test: { ...withoutMisses(issue7), meetsTargets: meetsTargets(issue7) } },
};
console.log(JSON.stringify(report, null, 2));
