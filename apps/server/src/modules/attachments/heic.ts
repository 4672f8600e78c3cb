import { Worker } from 'node:worker_threads';
import type { HeicRequest, HeicResponse } from './heic.worker.ts';

export class HeicError extends Error {
  constructor(readonly reason: 'too-many-pixels' | 'unreadable' | 'timeout') {
    super(`HEIC photo refused: ${reason}`);
  }
}

/**
 * The EXIF block inside a HEIC file: its TIFF header, which the Exif item's data starts with after a
 * 4-byte offset — right after it (offset 0, as libheif writes it) or after "Exif\0\0" (offset 6, as
 * iPhones write it). exif-reader reads it from there.
 */
export function heicExif(bytes: Buffer): Buffer | undefined {
  const headers = /II\*\0|MM\0\*/g;
  const text = bytes.toString('latin1');
  for (let match = headers.exec(text); match; match = headers.exec(text)) {
    const at = match.index;
    if (at >= 4 && bytes.readUInt32BE(at - 4) === 0) return bytes.subarray(at);
    if (at >= 10 && text.slice(at - 6, at) === 'Exif\0\0' && bytes.readUInt32BE(at - 10) === 6)
      return bytes.subarray(at);
  }
  return undefined;
}

/**
 * An iPhone's HEIC photo as RGBA pixels, decoded on a thread of its own (heic.worker.ts), at most
 * `maxPixels` (checked before decoding) and `timeoutMs`.
 */
export function decodeHeic(
  bytes: Buffer,
  maxPixels: number,
  timeoutMs = 30_000,
): Promise<{ width: number; height: number; data: Buffer }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic.worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      workerData: { bytes: new Uint8Array(bytes), maxPixels } satisfies HeicRequest,
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new HeicError('timeout'));
    }, timeoutMs);
    worker.once('message', (response: HeicResponse) => {
      clearTimeout(timer);
      void worker.terminate();
      if (response.ok)
        resolve({ width: response.width, height: response.height, data: Buffer.from(response.data.buffer) });
      else reject(new HeicError(response.reason));
    });
    worker.once('error', () => {
      clearTimeout(timer);
      reject(new HeicError('unreadable'));
    });
  });
}
