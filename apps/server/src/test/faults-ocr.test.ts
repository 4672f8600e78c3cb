import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as WorkerThreads from 'node:worker_threads';
import { asc, eq } from 'drizzle-orm';
import type { PropertyDocument } from '@commonwise/contracts';
import { documentContents, properties } from '../db/schema/index.ts';
import { jobRows } from './job-rows.ts';
import { makeTextImage, uploadForm } from './fixtures/documents.ts';
import { createTestApp, injectAs, type TestApp } from './test-app.ts';

// The extraction threads the server starts, so the test can end one while it reads an image.
const threads = vi.hoisted(() => [] as WorkerThreads.Worker[]);
vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof WorkerThreads>();
  class RecordedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      threads.push(this);
    }
  }
  return { ...actual, Worker: RecordedWorker };
});

let t: TestApp;
let willowId: string;
beforeAll(async () => {
  t = await createTestApp();
  const all = await t.database.db.select().from(properties);
  willowId = all.find((property) => property.name === 'Willow Creek Commons')!.id;
});
afterAll(async () => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an OCR worker killed mid-job', () => {
  it('is replaced, and the job is retried and completes once', async () => {
    const image = await makeTextImage([
      'Notice to all residents',
      'The water will be shut off on Friday',
      'from nine in the morning until noon.',
    ]);
    const response = await injectAs(t.app, await t.cookieFor('manager'), {
      method: 'POST',
      url: `/api/properties/${willowId}/documents`,
      payload: uploadForm({ name: 'water-notice.png', bytes: image }, { category: 'meeting_minutes' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json<PropertyDocument>();
    const jobOf = async () => (await jobRows(t.database.db, { dedupeKey: document.id }))[0]!;

    await sleep(150); // uploads queue their job 100 ms later
    const firstRun = t.app.jobs.runDue();
    // Wait until a thread is reading the image, then end it (what a crash or an OOM kill does).
    const deadline = Date.now() + 20_000;
    while (threads.length === 0 && Date.now() < deadline) await sleep(10);
    expect(threads).toHaveLength(1);
    await sleep(300);
    expect((await jobOf()).status).toBe('running');
    await threads[0]!.terminate();
    await firstRun;

    const afterCrash = await jobOf();
    expect(afterCrash).toMatchObject({ status: 'queued', attempts: 1 });
    expect(afterCrash.lastError).toContain('The text extractor stopped unexpectedly');

    // Retried after its backoff, on a new thread, and completed.
    const retryDeadline = Date.now() + 30_000;
    while ((await jobOf()).status !== 'completed' && Date.now() < retryDeadline) {
      await t.app.jobs.runDue();
      await sleep(200);
    }
    expect(threads).toHaveLength(2);
    expect(await jobOf()).toMatchObject({ status: 'completed', attempts: 2 });
    const after = await injectAs(t.app, await t.cookieFor('manager'), {
      method: 'GET',
      url: `/api/documents/${document.id}`,
    });
    expect(after.json()).toMatchObject({ status: 'completed', pageCount: 1 });
    const pages = await t.database.db
      .select()
      .from(documentContents)
      .where(eq(documentContents.documentId, document.id))
      .orderBy(asc(documentContents.page));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.content).toMatch(/water will be shut off/i);
  }, 60_000);
});
