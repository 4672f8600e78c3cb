import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PropertyDocument } from '@commonwise/contracts';
import { documentContents, properties, propertyDocuments } from '../../db/schema/index.ts';
import { jobRows } from '../../test/job-rows.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';
import {
  makeDocContainer,
  makeExecutable,
  makeLargeText,
  makeTextPdf,
  uploadForm,
} from '../../test/fixtures/documents.ts';
import { fileLinkKey, signFileLink } from './file-links.ts';

let t: TestApp;
let willowId: string;
let harborId: string;
let admin: string;
let manager: string;
let resident: string;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1' });
  const all = await t.database.db.select().from(properties);
  willowId = all.find((property) => property.name === 'Willow Creek Commons')!.id;
  harborId = all.find((property) => property.name === 'Harbor View Condominiums')!.id;
  admin = await t.cookieFor('admin');
  manager = await t.cookieFor('manager');
  resident = await t.cookieFor('resident');
});
afterAll(async () => t.close());

const filesRoot = () => join(t.config.dataDir, 'files');
function storedFiles(): string[] {
  if (!existsSync(filesRoot())) return [];
  return readdirSync(filesRoot(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function upload(cookie: string, propertyId: string, form: FormData) {
  return injectAs(t.app, cookie, {
    method: 'POST',
    url: `/api/properties/${propertyId}/documents`,
    payload: form,
  });
}

const samplePdf = () => makeTextPdf([['Declaration of Covenants, Conditions and Restrictions']]);

describe('upload', () => {
  it('stores the file under property/category/timestamp_name and saves the record, queued for processing', async () => {
    const before = Date.now();
    const response = await upload(
      manager,
      willowId,
      uploadForm(
        { name: 'Willow CC&Rs (2024) final.pdf', bytes: await samplePdf() },
        { category: 'ccr', name: 'Willow CC&Rs', description: '' },
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json<PropertyDocument>();
    expect(document).toMatchObject({
      propertyId: willowId,
      name: 'Willow CC&Rs',
      description: null,
      category: 'ccr',
      isRequired: true,
      fileName: 'Willow CC&Rs (2024) final.pdf',
      mimeType: 'application/pdf',
      status: 'processing',
    });
    const [row] = await t.database.db
      .select()
      .from(propertyDocuments)
      .where(eq(propertyDocuments.id, document.id));
    const match = /^([^/]+)\/ccr\/(\d+)_Willow_CCRs_2024_final\.pdf$/.exec(row!.filePath);
    expect(match, row!.filePath).not.toBeNull();
    expect(match![1]).toBe(willowId);
    expect(Number(match![2])).toBeGreaterThanOrEqual(before);
    expect(existsSync(join(filesRoot(), ...row!.filePath.split('/')))).toBe(true);
    const queued = await jobRows(t.database.db, { dedupeKey: document.id });
    expect(queued).toHaveLength(1);
    expect(queued[0]!.status).toBe('queued');
    // About 100 ms after the upload (SPEC §4).
    expect(queued[0]!.runAt.getTime() - row!.uploadedAt.getTime()).toBeGreaterThanOrEqual(50);
  });

  it('marks only the four required categories as required, and keeps a description', async () => {
    const response = await upload(
      admin,
      harborId,
      uploadForm(
        { name: 'minutes.txt', bytes: Buffer.from('Minutes of the March meeting.') },
        { category: 'meeting_minutes', description: '  March meeting  ' },
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      isRequired: false,
      description: 'March meeting',
      name: 'minutes',
      mimeType: 'text/plain; charset=utf-8',
    });
  });

  it('refuses an executable renamed to .pdf, by its bytes, and keeps nothing', async () => {
    const before = storedFiles().length;
    const response = await upload(
      manager,
      willowId,
      uploadForm({ name: 'bylaws.pdf', bytes: makeExecutable(), type: 'application/pdf' }),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(response.json().error.message).toContain('"bylaws.pdf" is not a PDF: its contents are a program');
    expect(storedFiles()).toHaveLength(before);
    const rows = await t.database.db
      .select()
      .from(propertyDocuments)
      .where(eq(propertyDocuments.name, 'bylaws'));
    expect(rows).toEqual([]);
  });

  it('refuses file types outside the allowlist and text that is not UTF-8', async () => {
    const exe = await upload(manager, willowId, uploadForm({ name: 'setup.exe', bytes: makeExecutable() }));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toContain('.exe files are not accepted');

    const binaryText = await upload(
      manager,
      willowId,
      uploadForm({ name: 'notes.txt', bytes: Buffer.from([0x68, 0x69, 0x00, 0x01, 0xff]) }),
    );
    expect(binaryText.statusCode).toBe(415);
    expect(binaryText.json().error.message).toContain('is not a plain text file');

    const pngAsDoc = await upload(
      manager,
      willowId,
      uploadForm({ name: 'rules.doc', bytes: await samplePdf() }),
    );
    expect(pngAsDoc.statusCode).toBe(415);
    expect(pngAsDoc.json().error.message).toContain('is not a Word document (.doc): its contents are a PDF');

    const doc = await upload(manager, willowId, uploadForm({ name: 'rules.doc', bytes: makeDocContainer() }));
    expect(doc.statusCode, doc.body).toBe(201);
  });

  it('refuses a file over the size limit (UPLOAD_MAX_MB) with the limit in the reason, and keeps nothing', async () => {
    const before = storedFiles().length;
    const response = await upload(
      manager,
      willowId,
      uploadForm({ name: 'big.txt', bytes: makeLargeText(1024 * 1024 + 10) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message:
        '"big.txt" is larger than the 1 MB limit. Upload a smaller file (for a scan, a lower resolution).',
    });
    expect(storedFiles()).toHaveLength(before);

    const exactly = await upload(
      manager,
      willowId,
      uploadForm({ name: 'limit.txt', bytes: makeLargeText(1024 * 1024) }),
    );
    expect(exactly.statusCode, exactly.body).toBe(201);
  });

  it('needs a category and a name before the file', async () => {
    const form = new FormData();
    form.append('name', 'Rules');
    form.append('file', new Blob([Buffer.from('hello')]), 'rules.txt');
    const response = await upload(manager, willowId, form);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('category');

    const noFile = new FormData();
    noFile.append('category', 'ccr');
    noFile.append('name', 'Rules');
    const missing = await upload(manager, willowId, noFile);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('No file selected');
  });

  it('leaves no file behind when saving the record fails, and no record when storing the file fails', async () => {
    const before = storedFiles().length;
    const enqueue = vi.spyOn(t.app.jobs, 'enqueue').mockRejectedValueOnce(new Error('database went away'));
    const recordFails = await upload(
      manager,
      willowId,
      uploadForm({ name: 'orphan.pdf', bytes: await samplePdf() }),
    );
    enqueue.mockRestore();
    expect(recordFails.statusCode).toBe(500);
    expect(recordFails.json().error.message).toBe('Failed to save document information');
    expect(storedFiles()).toHaveLength(before);
    expect(
      await t.database.db.select().from(propertyDocuments).where(eq(propertyDocuments.name, 'orphan')),
    ).toEqual([]);

    const put = vi.spyOn(t.app.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    const fileFails = await upload(
      manager,
      willowId,
      uploadForm({ name: 'lost.pdf', bytes: await samplePdf() }),
    );
    put.mockRestore();
    expect(fileFails.statusCode).toBe(500);
    expect(fileFails.json().error.message).toBe('Failed to upload document file');
    expect(
      await t.database.db.select().from(propertyDocuments).where(eq(propertyDocuments.name, 'lost')),
    ).toEqual([]);
  });

  it("refuses residents (403) and a manager uploading to another's property (404)", async () => {
    const form = () => uploadForm({ name: 'x.txt', bytes: Buffer.from('x') });
    expect((await upload(resident, willowId, form())).statusCode).toBe(403);
    expect((await upload(manager, harborId, form())).statusCode).toBe(404);
  });
});

describe('file links', () => {
  let document: PropertyDocument;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = await samplePdf();
    document = (await upload(manager, willowId, uploadForm({ name: 'link.pdf', bytes }))).json();
  });

  it('gives a link valid for 3600 s that serves the file to people who may read it', async () => {
    const link = await injectAs(t.app, resident, {
      method: 'GET',
      url: `/api/documents/${document.id}/file-link`,
    });
    expect(link.statusCode).toBe(200);
    const { url, expiresAt } = link.json();
    const seconds = (new Date(expiresAt).getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(3590);
    expect(seconds).toBeLessThanOrEqual(3600);
    const file = await injectAs(t.app, resident, { method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('inline; filename="link.pdf"');
    expect(file.rawPayload.equals(bytes)).toBe(true);

    // The same link is no use to someone without access to the property, or to nobody at all.
    const outsider = await t.signIn('resident2@commonwise.test');
    expect((await injectAs(t.app, outsider, { method: 'GET', url })).statusCode).toBe(404);
    expect((await injectAs(t.app, undefined, { method: 'GET', url })).statusCode).toBe(401);
    expect((await injectAs(t.app, await t.cookieFor('vendor'), { method: 'GET', url })).statusCode).toBe(403);
  });

  it('refuses a tampered signature and an expired link', async () => {
    const { url } = (
      await injectAs(t.app, manager, { method: 'GET', url: `/api/documents/${document.id}/file-link` })
    ).json();
    const parsed = new URL(url, 'http://x');
    const signature = parsed.searchParams.get('signature')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const tampered = await injectAs(t.app, manager, {
      method: 'GET',
      url: `${parsed.pathname}?expires=${parsed.searchParams.get('expires')}&signature=${flipped}`,
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().error.code).toBe('INVALID_LINK');

    const longer = Number(parsed.searchParams.get('expires')) + 3600;
    const extended = await injectAs(t.app, manager, {
      method: 'GET',
      url: `${parsed.pathname}?expires=${longer}&signature=${signature}`,
    });
    expect(extended.statusCode).toBe(403);

    const [row] = await t.database.db
      .select()
      .from(propertyDocuments)
      .where(eq(propertyDocuments.id, document.id));
    const past = Math.floor(Date.now() / 1000) - 1;
    const key = fileLinkKey(t.config.authSecret);
    const expired = await injectAs(t.app, manager, {
      method: 'GET',
      url: `/api/documents/${document.id}/file?expires=${past}&signature=${signFileLink(key, document.id, row!.filePath, past)}`,
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error).toMatchObject({ code: 'LINK_EXPIRED' });
  });
});

describe('delete', () => {
  it('removes the record, its extracted text and its file; residents may not', async () => {
    const document = (
      await upload(manager, willowId, uploadForm({ name: 'to-delete.pdf', bytes: await samplePdf() }))
    ).json<PropertyDocument>();
    await t.database.db
      .insert(documentContents)
      .values({ documentId: document.id, page: 1, content: 'text' });
    const [row] = await t.database.db
      .select()
      .from(propertyDocuments)
      .where(eq(propertyDocuments.id, document.id));
    const path = join(filesRoot(), ...row!.filePath.split('/'));
    expect(existsSync(path)).toBe(true);

    const refused = await injectAs(t.app, resident, {
      method: 'DELETE',
      url: `/api/documents/${document.id}`,
    });
    expect(refused.statusCode).toBe(403);

    const response = await injectAs(t.app, manager, {
      method: 'DELETE',
      url: `/api/documents/${document.id}`,
    });
    expect(response.statusCode).toBe(204);
    expect(existsSync(path)).toBe(false);
    expect(
      await t.database.db.select().from(documentContents).where(eq(documentContents.documentId, document.id)),
    ).toEqual([]);
    expect(await jobRows(t.database.db, { dedupeKey: document.id })).toEqual([]);
    const again = await injectAs(t.app, manager, { method: 'DELETE', url: `/api/documents/${document.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('keeps the record when the file cannot be removed', async () => {
    const document = (
      await upload(admin, harborId, uploadForm({ name: 'stuck.pdf', bytes: await samplePdf() }))
    ).json<PropertyDocument>();
    const remove = vi.spyOn(t.app.storage, 'remove').mockRejectedValueOnce(new Error('permission denied'));
    const response = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/documents/${document.id}` });
    remove.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(response.json().error.message).toBe('Failed to delete document file');
    const rows = await t.database.db
      .select()
      .from(propertyDocuments)
      .where(eq(propertyDocuments.id, document.id));
    expect(rows).toHaveLength(1);
  });
});

describe('required documents', () => {
  it('lists the required categories that have a document as completeCategories', async () => {
    const status = async () =>
      (
        await injectAs(t.app, resident, {
          method: 'GET',
          url: `/api/properties/${willowId}/documents/required-status`,
        })
      ).json();
    const start = await status();
    expect(start.requiredCategories).toEqual([
      'ccr',
      'bylaws',
      'articles_of_incorporation',
      'rules_and_regulations',
    ]);
    expect(start.totalRequired).toBe(4);
    const hadBylaws = start.completeCategories.includes('bylaws');

    await upload(
      manager,
      willowId,
      uploadForm({ name: 'bylaws.txt', bytes: Buffer.from('Bylaws') }, { category: 'bylaws' }),
    );
    await upload(
      manager,
      willowId,
      uploadForm({ name: 'budget.txt', bytes: Buffer.from('Budget') }, { category: 'financial_statements' }),
    );
    const after = await status();
    expect(after.completeCategories).toContain('ccr');
    expect(after.completeCategories).toContain('bylaws');
    expect(after.completeCategories).not.toContain('financial_statements');
    expect(after.completeCount).toBe(after.completeCategories.length);
    expect(after.percentage).toBe(Math.round((after.completeCount / 4) * 100));
    expect(hadBylaws).toBe(false);

    const other = await injectAs(t.app, resident, {
      method: 'GET',
      url: `/api/properties/${harborId}/documents/required-status`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('lists documents by category for people who may read them', async () => {
    const list = await injectAs(t.app, resident, {
      method: 'GET',
      url: `/api/properties/${willowId}/documents`,
    });
    expect(list.statusCode).toBe(200);
    const categories = list.json().documents.map((document: PropertyDocument) => document.category);
    expect(categories).toEqual([...categories].sort());
    expect(categories.length).toBeGreaterThan(2);
  });
});
