import { Worker } from 'node:worker_threads';
import type { DocumentFileKind } from '../file-sniffing.ts';
import type { ExtractionResult } from './extract.ts';
import type { ExtractRequest, ExtractResponse } from './extract.worker.ts';

export class ExtractionFailedError extends Error {
  constructor(
    message: string,
    /** True when the message is meant for a person (a damaged file), false for an internal failure. */
    readonly isForPerson: boolean,
  ) {
    super(message);
    this.name = 'ExtractionFailedError';
  }
}

type Slot = {
  worker: Worker;
  pending: Map<number, { resolve: (result: ExtractionResult) => void; reject: (error: Error) => void }>;
};

/**
 * Runs extraction in worker threads, off the main thread, one file at a time per thread. The server
 * runs TypeScript through tsx, so the thread loads tsx too. A thread that crashes or runs too long
 * is ended and replaced; the job that was using it fails and the job queue retries it.
 */
export class ExtractionPool {
  private readonly idle: Slot[] = [];
  private readonly all = new Set<Slot>();
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private nextId = 1;
  private isClosed = false;

  constructor(
    private readonly size: number,
    private readonly timeoutMs = 10 * 60_000,
  ) {}

  async extract(bytes: Uint8Array, kind: DocumentFileKind, signal?: AbortSignal): Promise<ExtractionResult> {
    if (this.isClosed) throw new ExtractionFailedError('The text extractor is shutting down.', false);
    const slot = await this.acquire();
    const id = this.nextId++;
    try {
      return await new Promise<ExtractionResult>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.discard(
            slot,
            new ExtractionFailedError('Reading the file took too long and was stopped.', true),
          );
        }, this.timeoutMs);
        const onAbort = () =>
          this.discard(slot, new ExtractionFailedError('Processing was cancelled.', false));
        signal?.addEventListener('abort', onAbort, { once: true });
        slot.pending.set(id, {
          resolve: (result) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve(result);
          },
          reject: (error) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        });
        const copy = new Uint8Array(bytes);
        slot.worker.postMessage({ id, kind, bytes: copy } satisfies ExtractRequest, [copy.buffer]);
      });
    } finally {
      this.releaseSlot(slot);
    }
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await Promise.all(
      [...this.all].map(async (slot) => {
        this.all.delete(slot);
        await slot.worker.terminate();
      }),
    );
  }

  private async acquire(): Promise<Slot> {
    const slot = this.idle.pop();
    if (slot) return slot;
    if (this.all.size < this.size) return this.spawn();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private releaseSlot(slot: Slot): void {
    if (!this.all.has(slot)) {
      // The thread was discarded: a waiter gets a fresh one.
      const waiter = this.waiting.shift();
      if (waiter && !this.isClosed) waiter(this.spawn());
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter(slot);
    else this.idle.push(slot);
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./extract.worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
    });
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (response: ExtractResponse) => {
      const entry = slot.pending.get(response.id);
      if (!entry) return;
      slot.pending.delete(response.id);
      if (response.ok) entry.resolve(response.result);
      else entry.reject(new ExtractionFailedError(response.error, response.isForPerson));
    });
    worker.on('error', (error) => this.discard(slot, new ExtractionFailedError(error.message, false)));
    worker.on('exit', (code) =>
      this.discard(
        slot,
        new ExtractionFailedError(`The text extractor stopped unexpectedly (exit ${code}).`, false),
      ),
    );
    this.all.add(slot);
    return slot;
  }

  private discard(slot: Slot, error: ExtractionFailedError): void {
    if (this.all.delete(slot)) {
      const index = this.idle.indexOf(slot);
      if (index >= 0) this.idle.splice(index, 1);
      void slot.worker.terminate();
    }
    for (const entry of slot.pending.values()) entry.reject(error);
    slot.pending.clear();
  }
}
