// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- heic-decode ships no types; a reference carries them to every project that reaches this file (bench too)
/// <reference path="./heic-decode.d.ts" />
// The HEIC decoder's thread: libheif (WebAssembly) takes seconds of CPU on a phone photo, which must not
// stop the server answering. Receives the file's bytes, answers with its pixels (RGBA) or a refusal.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

export type HeicRequest = { bytes: Uint8Array; maxPixels: number };
export type HeicResponse =
  | { ok: true; width: number; height: number; data: Uint8Array }
  | { ok: false; reason: 'too-many-pixels' | 'unreadable' };

const { bytes, maxPixels } = workerData as HeicRequest;
const port = parentPort!;

async function run(): Promise<HeicResponse> {
  try {
    // The size is read from the file before any pixel is decoded.
    const [first] = await decode.all({ buffer: bytes });
    if (!first) return { ok: false, reason: 'unreadable' };
    if (first.width * first.height > maxPixels) return { ok: false, reason: 'too-many-pixels' };
    const image = await first.decode();
    return { ok: true, width: image.width, height: image.height, data: new Uint8Array(image.data.buffer) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

void run().then((response) =>
  port.postMessage(response, response.ok ? [response.data.buffer as ArrayBuffer] : []),
);
