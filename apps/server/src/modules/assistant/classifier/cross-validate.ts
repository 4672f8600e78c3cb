/**
 * Five-fold cross-validation of the classifiers on the TRAINING messages only: what features and
 * settings are tuned on (`npx tsx src/modules/assistant/classifier/cross-validate.ts`). The held-out
 * messages are never used here.
 */
import { loadCorpus, type CorpusMessage } from '../eval/corpus.ts';
import { analyzeMessage } from '../analyze.ts';
import { categoryExamples, featureList, intentExamples, urgencyExamples, urgencyTraining } from './model.ts';
import { predictor, train, type Example } from './softmax.ts';

const messages = [...loadCorpus('train').values()].flat();
const features = new Map(messages.map((message) => [message.text, featureList(message.text)]));
const cached = (text: string) => features.get(text)!;
const folds = 5;
const inFold = (message: CorpusMessage, fold: number) =>
  Number.parseInt(message.id.replace(/\D/g, ''), 10) % folds === fold;

function crossValidate(examplesOf: (subset: CorpusMessage[]) => Example[]) {
  const perLanguage: Record<string, [number, number]> = {};
  const confidences: { probability: number; right: boolean }[] = [];
  const confusion: Record<string, number> = {};
  for (let fold = 0; fold < folds; fold += 1) {
    const predict = predictor(train(examplesOf(messages.filter((message) => !inFold(message, fold)))));
    const test = messages.filter((message) => inFold(message, fold));
    const examples = examplesOf(test);
    const withLabels = test.filter((message) => examples.length === test.length || message.category);
    examples.forEach((example, index) => {
      const cell = (perLanguage[withLabels[index]!.lang] ??= [0, 0]);
      cell[1] += 1;
      const prediction = predict(example.features);
      const predicted = prediction.label;
      confidences.push({ probability: prediction.probability, right: predicted === example.label });
      if (predicted === example.label) cell[0] += 1;
      else
        confusion[`${example.label} → ${predicted}`] =
          (confusion[`${example.label} → ${predicted}`] ?? 0) + 1;
    });
  }
  const [right, total] = Object.values(perLanguage).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
  return {
    all: Math.round((1000 * right) / total) / 1000,
    ...Object.fromEntries(
      Object.entries(perLanguage).map(([language, [r, t]]) => [language, Math.round((1000 * r) / t) / 1000]),
    ),
    /** For each threshold: the share of messages below it, and the accuracy above and below. */
    confidence: [0.3, 0.4, 0.5, 0.6].map((threshold) => {
      const below = confidences.filter((c) => c.probability < threshold);
      const above = confidences.filter((c) => c.probability >= threshold);
      const accuracy = (list: typeof confidences) =>
        Math.round((1000 * list.filter((c) => c.right).length) / Math.max(1, list.length)) / 1000;
      return {
        threshold,
        shareBelow: Math.round((1000 * below.length) / confidences.length) / 1000,
        accuracyAbove: accuracy(above),
        accuracyBelow: accuracy(below),
      };
    }),
    topConfusions: Object.entries(confusion)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12),
  };
}

/** The safety-first recall and needless alerts of each threshold of the urgency backstop. */
function urgencyThresholds() {
  const probability = new Map<CorpusMessage, number>();
  for (let fold = 0; fold < folds; fold += 1) {
    const training = messages.filter((message) => !inFold(message, fold));
    const predict = predictor(train(urgencyExamples(training, cached), urgencyTraining));
    for (const message of messages.filter((m) => inFold(m, fold) && m.probe === undefined)) {
      const prediction = predict(cached(message.text));
      probability.set(
        message,
        prediction.label === 'emergency' ? prediction.probability : 1 - prediction.probability,
      );
    }
  }
  const ruleFires = new Map(messages.map((message) => [message, analyzeMessage(message.text).isEmergency]));
  // Measured on what it learns from: residents' everyday mix (urgencyExamples leaves the probes out).
  const everyday = messages.filter((message) => message.probe === undefined);
  return [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((threshold) => {
    let alone = 0;
    let caught = 0;
    let emergencies = 0;
    let needless = 0;
    for (const message of everyday) {
      const flagged = !ruleFires.get(message) && probability.get(message)! > threshold;
      if (message.emergency) {
        emergencies += 1;
        if (probability.get(message)! > threshold) alone += 1;
        if (ruleFires.get(message) || flagged) caught += 1;
      } else if (flagged) needless += 1;
    }
    return {
      threshold,
      /** The classifier alone, on emergencies it did not learn: how it does on those the rules miss. */
      recallAlone: Math.round((1000 * alone) / emergencies) / 1000,
      safetyFirstRecall: Math.round((1000 * caught) / emergencies) / 1000,
      needless,
    };
  });
}

console.log(
  JSON.stringify(
    {
      urgency: process.env.URGENCY ? urgencyThresholds() : undefined,
      intent: crossValidate((subset) => intentExamples(subset, cached)),
      category: process.env.CATEGORY && crossValidate((subset) => categoryExamples(subset, cached)),
    },
    null,
    1,
  ),
);
