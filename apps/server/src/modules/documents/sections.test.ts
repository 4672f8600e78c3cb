import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { documentContents, documentSections, properties, propertyDocuments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addMissingDocumentSections } from './sections.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('document sections', () => {
  it('are found once for documents processed before sections existed, from their stored pages', async () => {
    const db = t.database.db;
    const [willow] = await db.select({ id: properties.id }).from(properties).limit(1);
    const [document] = await db
      .insert(propertyDocuments)
      .values({
        propertyId: willow!.id,
        name: 'Old CC&Rs',
        category: 'ccr',
        filePath: `${willow!.id}/ccr/1_old.txt`,
        status: 'completed',
      })
      .returning();
    await db.insert(documentContents).values([
      { documentId: document!.id, page: 1, content: 'ARTICLE II\nUSE\nSection 2.1 Pets. Two dogs at most.' },
      { documentId: document!.id, page: 2, content: 'Section 2.2 Noise. Quiet hours start at 10 p.m.' },
    ]);
    expect(await addMissingDocumentSections(db)).toBeGreaterThanOrEqual(1);
    const sections = await db
      .select({ number: documentSections.number, title: documentSections.title, page: documentSections.page })
      .from(documentSections)
      .where(eq(documentSections.documentId, document!.id))
      .orderBy(asc(documentSections.ordinal));
    expect(sections).toEqual([
      { number: '2.1', title: 'Pets', page: 1 },
      { number: '2.2', title: 'Noise', page: 2 },
    ]);
    expect(await addMissingDocumentSections(db)).toBe(0);
  });
});
