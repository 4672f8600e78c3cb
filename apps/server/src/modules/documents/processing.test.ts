import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { DocumentCategory, PropertyDocument } from '@commonwise/contracts';
import { documentContents, properties } from '../../db/schema/index.ts';
import { holdJob, jobRows } from '../../test/job-rows.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import {
  makeDocContainer,
  makeDocx,
  makeScannedPdf,
  makeTextImage,
  makeTextPdf,
  uploadForm,
} from '../../test/fixtures/documents.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { searchDocuments } from './documents.service.ts';

let t: TestApp;
let willowId: string;
let harborId: string;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  const all = await t.database.db.select().from(properties);
  willowId = all.find((property) => property.name === 'Willow Creek Commons')!.id;
  harborId = all.find((property) => property.name === 'Harbor View Condominiums')!.id;
  manager = await t.cookieFor('manager');
});
afterAll(async () => t.close());

async function upload(name: string, bytes: Buffer, category: DocumentCategory = 'rules_and_regulations') {
  const response = await injectAs(t.app, manager, {
    method: 'POST',
    url: `/api/properties/${willowId}/documents`,
    payload: uploadForm({ name, bytes }, { category }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PropertyDocument>();
}

/** Runs the queued jobs the way a worker would, once they are due (uploads queue them 100 ms later). */
async function runJobs() {
  await new Promise((resolve) => setTimeout(resolve, 150));
  await t.app.jobs.runDue();
}

async function documentOf(id: string) {
  return (
    await injectAs(t.app, manager, { method: 'GET', url: `/api/documents/${id}` })
  ).json<PropertyDocument>();
}

async function pagesOf(id: string) {
  return t.database.db
    .select({ page: documentContents.page, content: documentContents.content })
    .from(documentContents)
    .where(eq(documentContents.documentId, id))
    .orderBy(asc(documentContents.page));
}

describe('processing each file type', () => {
  it('reads a PDF text layer page by page', async () => {
    const document = await upload(
      'rules.pdf',
      await makeTextPdf([
        ['Pool hours are 8 am to 10 pm.', 'Glass containers are not allowed.'],
        ['Parking permits are issued by the management office.'],
      ]),
    );
    await runJobs();
    expect(await documentOf(document.id)).toMatchObject({
      status: 'completed',
      pageCount: 2,
      statusReason: null,
    });
    const pages = await pagesOf(document.id);
    expect(pages.map((page) => page.page)).toEqual([1, 2]);
    expect(pages[0]!.content).toContain('Pool hours are 8 am to 10 pm.');
    expect(pages[0]!.content).toContain('Glass containers are not allowed.');
    expect(pages[1]!.content).toContain('Parking permits are issued by the management office.');
  });

  it('reads a scanned PDF (no text layer) with OCR, off the main thread', async () => {
    const document = await upload(
      'scan.pdf',
      await makeScannedPdf([['Pets must be leashed in all common areas.'], ['Quiet hours begin at 10 pm.']]),
    );
    await runJobs();
    expect(await documentOf(document.id)).toMatchObject({ status: 'completed', pageCount: 2 });
    const pages = await pagesOf(document.id);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.content).toContain('Pets must be leashed in all common areas.');
    expect(pages[1]!.content).toContain('Quiet hours begin at 10 pm.');
  });

  it('reads images (PNG, JPEG, GIF) with OCR', async () => {
    const png = await upload('notice.png', await makeTextImage(['Trash pickup is on Tuesday mornings.']));
    const jpeg = await upload('notice.jpg', await makeTextImage(['Recycling goes out on Fridays.'], 'jpeg'));
    const gif = await upload('notice.gif', await makeTextImage(['Snow removal starts at 6 am.'], 'gif'));
    await runJobs();
    for (const [document, text] of [
      [png, 'Trash pickup is on Tuesday mornings.'],
      [jpeg, 'Recycling goes out on Fridays.'],
      [gif, 'Snow removal starts at 6 am.'],
    ] as const) {
      expect(await documentOf(document.id)).toMatchObject({ status: 'completed', pageCount: 1 });
      expect((await pagesOf(document.id))[0]!.content).toContain(text);
    }
  });

  it('reads DOCX and plain text', async () => {
    const docx = await upload(
      'bylaws.docx',
      await makeDocx([
        'Board meetings are held on the first Monday of each month.',
        'A quorum is three directors.',
      ]),
      'bylaws',
    );
    const text = await upload(
      'notes.txt',
      Buffer.from('\uFEFFThe clubhouse may be reserved for private events.\r\n'),
    );
    await runJobs();
    expect(await documentOf(docx.id)).toMatchObject({ status: 'completed' });
    const docxText = (await pagesOf(docx.id))[0]!.content;
    expect(docxText).toContain('Board meetings are held on the first Monday of each month.');
    expect(docxText).toContain('A quorum is three directors.');
    expect(await pagesOf(text.id)).toEqual([
      { page: 1, content: 'The clubhouse may be reserved for private events.' },
    ]);
  });

  it('fails an old .doc file at once, with the reason', async () => {
    const document = await upload('old.doc', makeDocContainer());
    await runJobs();
    const after = await documentOf(document.id);
    expect(after.status).toBe('failed');
    expect(after.statusReason).toBe(
      'Text cannot be read from old Word (.doc) files. Save the document as .docx or PDF and upload that.',
    );
    const [job] = await jobRows(t.database.db, { dedupeKey: document.id });
    expect(job!.attempts).toBe(1);
  });

  it('reprocesses a completed document, replacing its text, and never queues it twice', async () => {
    const document = await upload('again.txt', Buffer.from('First version of the text.'));
    await runJobs();
    expect((await documentOf(document.id)).status).toBe('completed');
    const first = await injectAs(t.app, manager, {
      method: 'POST',
      url: `/api/documents/${document.id}/process`,
    });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ success: true, message: 'Document reprocessing started' });
    expect(first.json().document.status).toBe('processing');
    const second = await injectAs(t.app, manager, {
      method: 'POST',
      url: `/api/documents/${document.id}/process`,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('This document is already being processed.');
    await t.app.jobs.runDue();
    expect((await documentOf(document.id)).status).toBe('completed');
    expect(await pagesOf(document.id)).toHaveLength(1);
  });
});

describe('retry after a worker crash', () => {
  it('runs a job again once the crashed worker’s heartbeat lapses, and completes the document', async () => {
    const document = await upload('crash.txt', Buffer.from('Assessments are due on the first of the month.'));
    // A worker claimed the job and died: the job is 'running' and its heartbeat has lapsed.
    const [queued] = await jobRows(t.database.db, { dedupeKey: document.id });
    await holdJob(t.database.db, queued!.id, { attempt: 1, worker: 'dead' });
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(await documentOf(document.id)).toMatchObject({ status: 'completed' });
    const [job] = await jobRows(t.database.db, { dedupeKey: document.id });
    expect(job).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('leaves a job alone while its worker still sends heartbeats', async () => {
    const document = await upload('held.txt', Buffer.from('Held by a live worker.'));
    const [queued] = await jobRows(t.database.db, { dedupeKey: document.id });
    await holdJob(t.database.db, queued!.id, { attempt: 1, worker: 'alive' });
    await runJobs();
    expect((await documentOf(document.id)).status).toBe('processing');
  });

  it('fails the document with a reason when the last attempt dies too', async () => {
    const document = await upload('doomed.txt', Buffer.from('Never finished.'));
    const [queued] = await jobRows(t.database.db, { dedupeKey: document.id });
    await holdJob(t.database.db, queued!.id, { attempt: 3, worker: 'dead' });
    await t.app.jobs.runDue();
    const after = await documentOf(document.id);
    expect(after.status).toBe('failed');
    expect(after.statusReason).toContain('could not be extracted after several attempts');
  });
});

describe('search', () => {
  it("finds the best passages of a property's documents with name, category and page", async () => {
    await upload(
      'parking.pdf',
      await makeTextPdf([
        ['General provisions of the association.'],
        ['Guest parking is limited to 48 hours.', 'Vehicles parked longer will be towed.'],
      ]),
      'rules_and_regulations',
    );
    await runJobs();
    const response = await injectAs(t.app, await t.cookieFor('resident'), {
      method: 'GET',
      url: `/api/properties/${willowId}/documents/search?q=${encodeURIComponent('guest parking towed')}`,
    });
    expect(response.statusCode).toBe(200);
    const [best] = response.json().passages;
    expect(best).toMatchObject({ documentName: 'parking', category: 'rules_and_regulations', page: 2 });
    expect(best.excerpt).toContain('Guest parking is limited to 48 hours.');
    const marked = best.highlights.map(([start, end]: [number, number]) => best.excerpt.slice(start, end));
    expect(marked).toContain('parking');

    // The assistant's entry point: the same search, scoped by the caller.
    const stranger = { id: 'x', email: 'x@example.com', fullName: 'X', role: 'resident' };
    const ctx = { db: t.database.db, notifier: t.app.notifier, actor: stranger as ServiceContext['actor'] };
    await expect(searchDocuments(ctx, willowId, 'parking')).rejects.toMatchObject({ statusCode: 404 });
  });

  it("is scoped: another property's documents are not searched, and its search answers 404", async () => {
    const response = await injectAs(t.app, manager, {
      method: 'GET',
      url: `/api/properties/${harborId}/documents/search?q=parking`,
    });
    expect(response.statusCode).toBe(404);
    const tooShort = await injectAs(t.app, manager, {
      method: 'GET',
      url: `/api/properties/${willowId}/documents/search?q=a`,
    });
    expect(tooShort.statusCode).toBe(400);
  });
});
