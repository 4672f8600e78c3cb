import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCorpus, type CorpusMessage } from '../eval/corpus.ts';
import { featuresOf } from './features.ts';
import {
  defaultTrainOptions,
  deserialize,
  predictor,
  serialize,
  train,
  type Example,
  type Prediction,
} from './softmax.ts';

/**
 * The intent and category classifiers (issue 16, item 2), trained from the corpus's training messages
 * only (never the held-out ones), from files in the repository: nothing is downloaded.
 *
 * Training takes about ten seconds, so the trained models are kept in a cache file named by a
 * fingerprint of everything they are trained from (the training messages and the code that turns a
 * message into features): `npm run build` trains them (`npm run train:assistant`), and so does the
 * first use after any of those files changed. A stale model is never used.
 */

const here = fileURLToPath(new URL('./', import.meta.url));
const assistantFolder = fileURLToPath(new URL('../', import.meta.url));
const cacheFolder = fileURLToPath(
  new URL('../../../../../../node_modules/.cache/commonwise-assistant/', import.meta.url),
);
export const modelPath = () => `${cacheFolder}model-${fingerprint()}.json`;

/** The files a model depends on. */
function sources(): string[] {
  const trainFolder = `${assistantFolder}corpus/train/`;
  return [
    ...readdirSync(trainFolder)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => `${trainFolder}${file}`),
    ...['features.ts', 'softmax.ts', 'model.ts'].map((file) => `${here}${file}`),
    ...readdirSync(`${here}lexicon`)
      .filter((file) => file.endsWith('.ts'))
      .sort()
      .map((file) => `${here}lexicon/${file}`),
    ...['normalize.ts', 'patterns.ts', 'intents.ts', 'categories.ts'].map(
      (file) => `${assistantFolder}${file}`,
    ),
  ];
}

export function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of sources()) hash.update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** What the category classifier learns: every message that names a problem. */
export function categoryExamples(messages: CorpusMessage[], features: (text: string) => string[]): Example[] {
  return messages.flatMap((message) =>
    message.category ? [{ features: features(message.text), label: message.category }] : [],
  );
}

export function intentExamples(messages: CorpusMessage[], features: (text: string) => string[]): Example[] {
  return messages.map((message) => ({ features: features(message.text), label: message.intent }));
}

/**
 * What the urgency classifier learns: emergency or not. Both classes weigh the same (emergencies are
 * few): it is a backstop for emergencies the rules miss, so it leans towards finding them. It learns
 * from residents' everyday mix only, not from the category probes: those are mostly non-emergencies
 * written with alarm words on purpose, and with them the backstop found fewer of the training
 * emergencies it had not learnt from in cross-validation (62% against 70% at its threshold).
 */
export function urgencyExamples(messages: CorpusMessage[], features: (text: string) => string[]): Example[] {
  return messages
    .filter((message) => message.probe === undefined)
    .map((message) => ({
      features: features(message.text),
      label: message.emergency ? 'emergency' : 'other',
    }));
}
/**
 * Above this probability a message no rule finds an emergency in is treated as urgent-sounding: the
 * resident is told to call 911 if anyone is in danger, and a person is alerted at once. Chosen by
 * cross-validation on the training messages (cross-validate.ts, URGENCY=1): the most emergencies found
 * by the classifier alone among those it did not learn (70%), with needless alerts kept to about 3% of
 * messages. The rules find every training emergency, so what matters is the classifier on its own.
 */
export const likelyEmergencyThreshold = 0.5;
export const urgencyTraining = { ...defaultTrainOptions, classBalance: 1 };

export const featureList = (text: string) => Object.keys(featuresOf(text));

/** Trains both classifiers on the training split; returns the JSON to store. */
export function trainModels() {
  const messages = [...loadCorpus('train').values()].flat();
  const features = new Map(messages.map((message) => [message.text, featureList(message.text)]));
  const cached = (text: string) => features.get(text) ?? featureList(text);
  return {
    fingerprint: fingerprint(),
    messages: messages.length,
    intent: serialize(train(intentExamples(messages, cached))),
    category: serialize(train(categoryExamples(messages, cached))),
    urgency: serialize(train(urgencyExamples(messages, cached), urgencyTraining)),
  };
}

type Stored = ReturnType<typeof trainModels>;
type Predict = (features: string[]) => Prediction;
type Loaded = { intent: Predict; category: Predict; urgency: Predict };

/** The path of the up-to-date models, training and caching them first when there are none. */
export function ensureModels(): { path: string; trained: boolean } {
  const path = modelPath();
  if (existsSync(path)) return { path, trained: false };
  mkdirSync(cacheFolder, { recursive: true });
  // Written under a temporary name and renamed: a reader never sees half a file, and two processes
  // training at once both end with the same complete file.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(trainModels()));
  renameSync(temporary, path);
  return { path, trained: true };
}

let loaded: Loaded | undefined;

/** The classifiers, loaded once per process. */
export function classifiers(): Loaded {
  if (loaded) return loaded;
  const stored = JSON.parse(readFileSync(ensureModels().path, 'utf8')) as Stored;
  loaded = {
    intent: predictor(deserialize(stored.intent)),
    category: predictor(deserialize(stored.category)),
    urgency: predictor(deserialize(stored.urgency)),
  };
  return loaded;
}

/**
 * Loads the classifiers (training them first if their cache is stale), as the server and the worker
 * do before taking jobs: the first resident message does not wait for it. Reports how long it took
 * and the memory it added.
 */
export function loadClassifiers(): { ms: number; heapMb: number; trained: boolean } {
  const started = performance.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const { trained } = ensureModels();
  classifiers();
  return {
    ms: Math.round(performance.now() - started),
    heapMb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e5) / 10,
    trained,
  };
}

export type Classification = {
  intent: Prediction;
  category: Prediction;
  /** The probability that the message describes an emergency. */
  emergency: number;
};

/** What the classifiers make of a message. */
export function classify(text: string): Classification {
  const { intent, category, urgency } = classifiers();
  const features = featureList(text);
  const urgent = urgency(features);
  return {
    intent: intent(features),
    category: category(features),
    emergency: urgent.label === 'emergency' ? urgent.probability : 1 - urgent.probability,
  };
}
