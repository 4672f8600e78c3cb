// The extraction worker thread: receives a file's bytes, answers with its text per page.
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { DocumentFileKind } from '../file-sniffing.ts';
import { ExtractionError, OcrEngine, extractDocument } from './extract.ts';

export type ExtractRequest = { id: number; kind: DocumentFileKind; bytes: Uint8Array };
export type ExtractResponse =
  | { id: number; ok: true; result: Awaited<ReturnType<typeof extractDocument>> }
  | { id: number; ok: false; error: string; isForPerson: boolean };

const port = parentPort;
if (!port) throw new Error('extract.worker.ts runs as a worker thread');

// OCR keeps a core busy for seconds: run it at the lowest CPU priority so requests come first. On
// Linux a thread's nice value is its own (and threads it starts, such as Tesseract's, inherit it);
// where that is not allowed, extraction simply runs at normal priority.
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // not permitted here
}

const ocr = new OcrEngine();
// Tesseract's model takes memory: let it go when the thread has been idle a while.
let idleTimer: NodeJS.Timeout | undefined;

port.on('message', (request: ExtractRequest | 'close') => {
  if (request === 'close') {
    void ocr.terminate().finally(() => port.close());
    return;
  }
  clearTimeout(idleTimer);
  extractDocument(request.bytes, request.kind, ocr)
    .then(
      (result) => port.postMessage({ id: request.id, ok: true, result } satisfies ExtractResponse),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
          isForPerson: error instanceof ExtractionError,
        } satisfies ExtractResponse),
    )
    .finally(() => {
      idleTimer = setTimeout(() => void ocr.terminate(), 60_000);
      idleTimer.unref();
    });
});
