import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { plainText } from './normalize.ts';

/**
 * A second, statistical look for emergencies (issue 16): a naive Bayes classifier
 * (`wink-naive-bayes-text-classifier`) trained on the corpus's training messages — every language
 * together — on word, word-pair and character features. It never decides an emergency's kind and
 * never replaces the deterministic rules, which run first and decide alone when they fire; when they
 * do not, a message it finds very likely to be an emergency is treated as urgent-sounding: the
 * resident is told to call 911 if anyone is in danger, and a person is alerted at once.
 *
 * Trained when first used, from files in the repository: nothing is downloaded; about 1,700
 * messages train in well under a second. The threshold (0.9) was chosen by 5-fold cross-validation on
 * the training messages (docs/decisions/0020-emergencies-in-every-language.md).
 */

type Classifier = {
  definePrepTasks(tasks: ((text: string) => string[])[]): void;
  defineConfig(config: { considerOnlyPresence: boolean; smoothingFactor: number }): void;
  learn(text: string, label: string): void;
  consolidate(): void;
  computeOdds(text: string): [string, number][];
};

const require = createRequire(import.meta.url);
const createClassifier = require('wink-naive-bayes-text-classifier') as () => Classifier;

export const likelyEmergencyThreshold = 0.9;

/** Words, word pairs, four-letter pieces of words, and Chinese characters and character pairs. */
export function featuresOf(text: string): string[] {
  const plain = plainText(text);
  const features = new Set<string>();
  for (const run of plain.match(/\p{Script=Han}+/gu) ?? []) {
    for (let index = 0; index < run.length; index += 1) {
      features.add(`h${run[index]}`);
      if (index + 1 < run.length) features.add(`h${run.slice(index, index + 2)}`);
    }
  }
  const words = plain
    .replace(/\p{Script=Han}+/gu, ' ')
    .split(' ')
    .filter(Boolean);
  for (const word of words) {
    features.add(`w${word}`);
    const padded = `<${word}>`;
    for (let index = 0; index + 4 <= padded.length; index += 1)
      features.add(`c${padded.slice(index, index + 4)}`);
  }
  for (let index = 0; index + 1 < words.length; index += 1)
    features.add(`b${words[index]}_${words[index + 1]}`);
  return [...features];
}

const trainingFolder = fileURLToPath(new URL('./corpus/train/', import.meta.url));

function train(): Classifier {
  const classifier = createClassifier();
  classifier.definePrepTasks([featuresOf]);
  classifier.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  for (const file of readdirSync(trainingFolder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const messages = JSON.parse(readFileSync(`${trainingFolder}${file}`, 'utf8')) as {
      text: string;
      emergency: string | null;
    }[];
    for (const message of messages) classifier.learn(message.text, message.emergency ? 'emergency' : 'other');
  }
  classifier.consolidate();
  return classifier;
}

let trained: Classifier | undefined;

/** The probability that a message describes an emergency, by the classifier alone. */
export function emergencyProbability(text: string): number {
  if (plainText(text) === '') return 0;
  trained ??= train();
  const odds = Object.fromEntries(trained.computeOdds(text)).emergency ?? -Infinity;
  return 1 / (1 + Math.exp(-odds));
}
