/**
 * `npm run eval:assistant`: the built-in assistant's figures, printed as JSON:
 * - intents and categories per language on the labelled corpus, training and held-out, with the
 *   per-intent and per-category figures and the intent confusion matrix (corpus.ts);
 * - emergencies and languages per language, training and held-out (corpus.ts);
 * - rules questions answered from the demo documents, development and held-out (rule-questions.ts);
 * - the targets and whether each held-out language meets them;
 * - follow-ups, duplicate reports and staff questions (issue 26), development and held-out, per
 *   language and per class (conversation-context.ts);
 * - architectural requests started from the chat (issue 22 item 1): precision, recall and the kind of
 *   project, development and held-out, per language (arc-intake.ts).
 * Only aggregate figures of the held-out sets are printed: they are not for tuning.
 */
import { safetyReport, understandingReport } from './corpus.ts';
import { measureArcIntake } from './arc-intake.ts';
import { measureConversationContext } from './conversation-context.ts';
import { measureRuleQuestions, type RuleQuestionReport } from './rule-questions.ts';

const withoutOutcomes = ({ outcomes: _outcomes, ...rest }: RuleQuestionReport) => rest;

/** Issue 16's targets, in every language the product claims. */
const targets = { intent: 0.95, category: 0.9, emergencyRecall: 1, emergencyPrecision: 0.9 };

const understanding = { train: understandingReport('train'), heldOut: understandingReport('heldout') };
const safety = { train: safetyReport('train'), heldOut: safetyReport('heldout') };
const meetsTargets = Object.fromEntries(
  Object.entries(understanding.heldOut).map(([language, figures]) => {
    const emergencies = safety.heldOut[language]!;
    return [
      language,
      {
        intent: figures.intentAccuracy >= targets.intent,
        category: figures.categoryAccuracy >= targets.category,
        emergencyRecall: emergencies.emergencyRecall >= targets.emergencyRecall,
        emergencyPrecision: emergencies.emergencyPrecision >= targets.emergencyPrecision,
      },
    ];
  }),
);
const report = {
  targets,
  meetsTargets,
  understanding,
  safety,
  ruleQuestions: {
    dev: withoutOutcomes(await measureRuleQuestions('dev')),
    check: withoutOutcomes(await measureRuleQuestions('check')),
    otherDocument: withoutOutcomes(await measureRuleQuestions('check2')),
    thirdDocument: withoutOutcomes(await measureRuleQuestions('check3')),
    heldOut: withoutOutcomes(await measureRuleQuestions('eval')),
  },
  conversationContext: {
    dev: measureConversationContext('dev'),
    heldOut: measureConversationContext('heldout'),
  },
  arcIntake: {
    dev: measureArcIntake('dev'),
    // Aggregate figures only: which held-out messages it missed is not for tuning.
    heldOut: (({ misses: _misses, ...figures }) => figures)(measureArcIntake('heldout')),
  },
};
console.log(JSON.stringify(report, null, 2));
