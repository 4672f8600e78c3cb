import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { propertyDocuments } from '../../db/schema/index.ts';
import { jobRows } from '../../test/job-rows.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createDatabase,
  dropDatabase,
  freePort,
  openSql,
  ServerProcess,
  sleep,
  storedFiles,
  type FaultDatabase,
} from '../../test/faults-harness.ts';
import { demoDocuments, seedDemoDocuments } from './demo-documents.ts';
import { processDocumentQueue } from './documents.service.ts';

const demoNames = demoDocuments.map((document) => document.name).sort();

describe('adding the demo documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('adds the ones missing after a pass that stopped half-way, none twice, each queued for processing once', async () => {
    // The second document's file cannot be stored: the pass ends there, as in a process killed then.
    let puts = 0;
    const failingStorage: FileStorage = Object.assign(Object.create(t.app.storage) as FileStorage, {
      put: (...args: Parameters<FileStorage['put']>) =>
        (puts += 1) === 2 ? Promise.reject(new Error('disk full')) : t.app.storage.put(...args),
    });
    await expect(
      seedDemoDocuments({ db: t.app.db, jobs: t.app.jobs, storage: failingStorage }),
    ).rejects.toThrow('disk full');
    const added = await t.database.db.select({ name: propertyDocuments.name }).from(propertyDocuments);
    expect(added).toEqual([{ name: demoDocuments[0]!.name }]);

    expect(await seedDemoDocuments(t.app)).toBe(2);
    expect(await seedDemoDocuments(t.app)).toBe(0);

    const documents = await t.database.db.select().from(propertyDocuments);
    expect(documents.map((document) => document.name).sort()).toEqual(demoNames);
    for (const document of documents)
      expect((await t.app.storage.read(document.filePath)).length).toBe(document.sizeBytes);
    // One processing job each (the process test below runs them).
    const processing = await jobRows(t.database.db, { queue: processDocumentQueue });
    expect(processing.map((job) => job.dedupeKey).sort()).toEqual(
      documents.map((document) => document.id).sort(),
    );
  });
});

/**
 * The real server on a new database (issue 16, item 9): it answers only once the demo accounts can
 * sign in, and adds the demo documents after it listens. Killed then (kill -9) and started again,
 * and stopped gracefully, it ends with each demo document there once and processed once.
 */
const postgres = inject('postgresTemplate');
const kind = postgres ? 'postgres' : 'pglite';

describe(`the demo documents across a first start and restarts (${kind})`, () => {
  it('are added once and processed once, and the demo accounts sign in as soon as the server answers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cw-demo-documents-'));
    const databaseName = `cw_demo_documents_${process.pid}`;
    const database: FaultDatabase = postgres
      ? { kind: 'postgres', url: await createDatabase(postgres.url, databaseName) }
      : { kind: 'pglite' };
    const server = new ServerProcess({ port: await freePort(), dataDir, database });
    const signIn = () =>
      fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ email: 'admin@commonwise.test', password: 'commonwise-demo' }),
      });
    try {
      await server.start();
      const signedIn = await signIn();
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
      // Killed as soon as it answers: at whatever point adding the documents has reached.
      await server.kill9();
      await server.start();
      expect((await signIn()).status).toBe(200);

      const completed = async () => {
        const get = async <T>(path: string) =>
          (await (await fetch(`${server.baseUrl}${path}`, { headers: { cookie } })).json()) as T;
        const { properties } = await get<{ properties: { id: string }[] }>('/api/properties');
        const lists = await Promise.all(
          properties.map((property) =>
            get<{ documents: { status: string }[] }>(`/api/properties/${property.id}/documents`),
          ),
        );
        return lists.flatMap((list) => list.documents).filter((document) => document.status === 'completed')
          .length;
      };
      const deadline = Date.now() + 60_000;
      while ((await completed()) < demoNames.length && Date.now() < deadline) await sleep(200);
      await server.stop();
      await server.start();
      await server.stop();

      const sql = await openSql(database, dataDir);
      try {
        const documents = await sql.query<{ id: string; name: string; status: string; file_path: string }>(
          'select id, name, status, file_path from property_documents',
        );
        expect(documents.map((document) => document.name).sort()).toEqual(demoNames);
        expect(documents.map((document) => document.status)).toEqual(['completed', 'completed', 'completed']);
        const processing = await sql.query<{ dedupe_key: string; status: string }>(
          'select singleton_key as dedupe_key, state as status from pgboss.job where name = $1',
          [processDocumentQueue],
        );
        expect(processing.map((job) => job.dedupe_key).sort()).toEqual(
          documents.map((document) => document.id).sort(),
        );
        expect(processing.map((job) => job.status)).toEqual(['completed', 'completed', 'completed']);
        // The letters the demo's collections drafted have files of their own.
        const letterFiles = new Set(
          (await sql.query<{ pdf_key: string }>('select pdf_key from letters')).map((row) => row.pdf_key),
        );
        // So do the photos of the demo's violations (added once, after the documents).
        const photos = await sql.query<{ file_path: string; thumbnail_path: string | null }>(
          'select file_path, thumbnail_path from attachments',
        );
        const photoFiles = new Set(photos.flatMap((photo) => [photo.file_path, photo.thumbnail_path ?? '']));
        const stored = storedFiles(dataDir);
        for (const photo of photos) expect(stored).toContain(photo.file_path);
        const [rules] = await sql.query<{ n: number }>('select count(*)::int as n from violation_rules');
        expect(rules!.n).toBe(7);
        // And the files sent with the demo's architectural requests.
        const arcFiles = await sql.query<{ file_path: string }>('select file_path from arc_files');
        expect(arcFiles.length).toBeGreaterThan(0);
        for (const file of arcFiles) expect(stored).toContain(file.file_path);
        const otherFiles = new Set([
          ...letterFiles,
          ...photoFiles,
          ...arcFiles.map((file) => file.file_path),
        ]);
        const files = stored.filter((key) => !otherFiles.has(key));
        for (const document of documents) expect(files).toContain(document.file_path);
        // A file stored by a pass that was killed before it committed: PGlite's server sweeps it at
        // its next start (PostgreSQL's only after a grace period, as other servers may be mid-upload).
        if (database.kind === 'pglite') expect(files).toHaveLength(demoNames.length);
      } finally {
        await sql.close();
      }
    } finally {
      await server.kill9();
      rmSync(dataDir, { recursive: true, force: true });
      if (postgres) await dropDatabase(postgres.url, databaseName).catch(() => {});
    }
  }, 240_000);
});
