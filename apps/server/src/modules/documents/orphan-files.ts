import { inArray, or } from 'drizzle-orm';
import type { DatabaseKind, Db } from '../../db/client.ts';
import { arcFiles, attachments, letters, propertyDocuments } from '../../db/schema/index.ts';
import type { FileStorage } from '../../plugins/storage.ts';

/**
 * An upload stores its file, then inserts the document record: a process killed between the two
 * (kill -9, a crash, a power cut mid-stream) leaves a file that no document refers to. Such a file
 * is removed once it has not been written to for this long — an upload in flight is either still
 * writing its file or commits its record within moments of the last write.
 */
export const orphanFileGraceMs = 10 * 60_000;
const sweepEveryMs = 60 * 60_000;

/**
 * Removes the stored files written before `writtenBefore` that no document, letter, attachment or
 * architectural request refers to; returns their keys. (A letter's PDF is stored before its record, like
 * an upload.)
 */
export async function sweepOrphanFiles(db: Db, storage: FileStorage, writtenBefore: Date): Promise<string[]> {
  const candidates: string[] = [];
  for await (const file of storage.list()) if (file.modifiedAt < writtenBefore) candidates.push(file.key);
  const removed: string[] = [];
  for (let start = 0; start < candidates.length; start += 500) {
    const batch = candidates.slice(start, start + 500);
    const [documents, letterFiles, attachmentFiles, requestFiles] = await Promise.all([
      db
        .select({ key: propertyDocuments.filePath })
        .from(propertyDocuments)
        .where(inArray(propertyDocuments.filePath, batch)),
      db.select({ key: letters.pdfKey }).from(letters).where(inArray(letters.pdfKey, batch)),
      db
        .select({ file: attachments.filePath, thumbnail: attachments.thumbnailPath })
        .from(attachments)
        .where(or(inArray(attachments.filePath, batch), inArray(attachments.thumbnailPath, batch))),
      db.select({ key: arcFiles.filePath }).from(arcFiles).where(inArray(arcFiles.filePath, batch)),
    ]);
    const kept = new Set([
      ...[...documents, ...letterFiles, ...requestFiles].map((row) => row.key),
      ...attachmentFiles.flatMap((row) => [row.file, row.thumbnail ?? '']),
    ]);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.remove(key);
      removed.push(key);
    }
  }
  return removed;
}

/**
 * Sweeps at start and then hourly. PGlite: this process alone writes files, so at start every file
 * written before it started is settled; PostgreSQL: other processes may be mid-upload, so only
 * files idle for the grace period are swept.
 */
export class OrphanFileSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private isStopped = false;

  constructor(
    private readonly deps: {
      db: Db;
      storage: FileStorage;
      databaseKind: DatabaseKind;
      log: { warn: (message: string) => void; error: (object: object, message: string) => void };
    },
  ) {}

  start(): void {
    const startedAt = new Date();
    const cutoff = () => {
      const idle = new Date(Date.now() - orphanFileGraceMs);
      return this.deps.databaseKind === 'pglite' && startedAt > idle ? startedAt : idle;
    };
    const sweep = () => {
      if (this.isStopped) return;
      this.running ??= sweepOrphanFiles(this.deps.db, this.deps.storage, cutoff())
        .then((removed) => {
          if (removed.length > 0)
            this.deps.log.warn(
              `documents: removed ${removed.length} stored file(s) that no document refers to (left by interrupted uploads)`,
            );
        })
        .catch((error: unknown) =>
          this.deps.log.error({ err: error }, 'documents: sweeping orphan files failed'),
        )
        .finally(() => (this.running = undefined));
    };
    setImmediate(sweep);
    this.timer = setInterval(sweep, sweepEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
