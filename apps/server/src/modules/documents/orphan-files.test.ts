import { mkdirSync, mkdtempSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PropertyDocument } from '@commonwise/contracts';
import { properties, propertyDocuments } from '../../db/schema/index.ts';
import { LocalStorage } from '../../plugins/storage.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import { uploadForm } from '../../test/fixtures/documents.ts';
import { orphanFileGraceMs, OrphanFileSweeper, sweepOrphanFiles } from './orphan-files.ts';

const isPostgres = Boolean(inject('postgresTemplate'));
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A file as an upload cut off by kill -9 leaves it: stored, with no document record. */
function leaveFile(dataDir: string, key: string, writtenAt?: Date) {
  const path = join(dataDir, 'files', ...key.split('/'));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, 'half an upload');
  if (writtenAt) utimesSync(path, writtenAt, writtenAt);
  return path;
}

async function waitUntil(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let t: TestApp;
let dataDir: string;
let orphanFromLastRun: string;
let willowId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-orphans-'));
  // Left by the previous run of the server, a moment before this one started.
  orphanFromLastRun = leaveFile(dataDir, 'some-property/ccr/1700000000000_cut-off.pdf');
  t = await createTestApp({ DATA_DIR: dataDir });
  const all = await t.database.db.select().from(properties);
  willowId = all.find((property) => property.name === 'Willow Creek Commons')!.id;
});
afterAll(async () => t.close());

async function upload(name: string) {
  const response = await injectAs(t.app, await t.cookieFor('manager'), {
    method: 'POST',
    url: `/api/properties/${willowId}/documents`,
    payload: uploadForm({ name, bytes: Buffer.from('Quiet hours start at 10 pm.') }, { category: 'ccr' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PropertyDocument>();
}

describe('files left by interrupted uploads', () => {
  it.runIf(!isPostgres)(
    'on PGlite, the server removes at start the files no document refers to',
    async () => {
      await waitUntil(() => !existsSync(orphanFromLastRun));
    },
  );

  it.runIf(isPostgres)(
    'on PostgreSQL, the server keeps at start a file another server may be uploading',
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(existsSync(orphanFromLastRun)).toBe(true);
    },
  );

  it("removes only unreferenced files written before the cut-off, never a document's file", async () => {
    const document = await upload('kept.txt');
    const [row] = await t.database.db
      .select({ filePath: propertyDocuments.filePath })
      .from(propertyDocuments)
      .where(eq(propertyDocuments.id, document.id));
    const keptPath = join(dataDir, 'files', ...row!.filePath.split('/'));
    utimesSync(keptPath, minutesAgo(30), minutesAgo(30));
    const old = leaveFile(dataDir, `${willowId}/ccr/1700000000001_old.txt`, minutesAgo(30));
    const fresh = leaveFile(dataDir, `${willowId}/ccr/1700000000002_fresh.txt`);
    const storage = new LocalStorage(join(dataDir, 'files'));
    const removed = await sweepOrphanFiles(t.database.db, storage, minutesAgo(5));
    expect(removed).toEqual([`${willowId}/ccr/1700000000001_old.txt`]);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(keptPath)).toBe(true);
  });

  it('on PostgreSQL, where other servers may be mid-upload, leaves files idle for less than the grace period', async () => {
    const young = leaveFile(dataDir, `${willowId}/ccr/1700000000003_young.txt`, minutesAgo(1));
    const idle = leaveFile(
      dataDir,
      `${willowId}/ccr/1700000000004_idle.txt`,
      new Date(Date.now() - orphanFileGraceMs - 60_000),
    );
    const warnings: string[] = [];
    const sweeper = new OrphanFileSweeper({
      db: t.database.db,
      storage: new LocalStorage(join(dataDir, 'files')),
      databaseKind: 'postgres',
      log: { warn: (message) => warnings.push(message), error: () => {} },
    });
    sweeper.start();
    await waitUntil(() => !existsSync(idle));
    await sweeper.stop();
    expect(existsSync(young)).toBe(true);
    expect(warnings).toEqual([
      'documents: removed 1 stored file(s) that no document refers to (left by interrupted uploads)',
    ]);
  });
});
