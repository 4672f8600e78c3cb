import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { isRequiredCategory, type DocumentCategory } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { properties, propertyDocuments } from '../../db/schema/index.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { processDocumentQueue, processingDelayMs } from './documents.service.ts';
import { documentStorageKey } from './file-names.ts';
import { mimeTypes } from './file-sniffing.ts';

/**
 * The demo's governing documents (issue 16): written for the demo associations, rendered to PDF and
 * uploaded as a person would upload them — stored, recorded and queued for processing — so a new user
 * can ask the assistant a rules question and get a cited answer out of the box. The sources are plain
 * text in db/seed-documents/, with `<<<PAGE>>>` between pages.
 */
export const demoDocuments: {
  property: string;
  source: string;
  name: string;
  description: string;
  category: DocumentCategory;
}[] = [
  {
    property: 'Willow Creek Commons',
    source: 'willow-creek-ccrs',
    name: 'Declaration of CC&Rs',
    description: 'Covenants, Conditions and Restrictions of Willow Creek Commons',
    category: 'ccr',
  },
  {
    property: 'Willow Creek Commons',
    source: 'willow-creek-rules',
    name: 'Rules and Regulations',
    description: 'Community rules adopted by the Board',
    category: 'rules_and_regulations',
  },
  {
    property: 'Harbor View Condominiums',
    source: 'harbor-view-bylaws',
    name: 'Bylaws',
    description: 'Bylaws of Harbor View Condominiums Association',
    category: 'bylaws',
  },
];

const sourceFolder = fileURLToPath(new URL('../../db/seed-documents/', import.meta.url));
// Any fixed number: the lock under which two servers starting at once add the documents once.
const seedLockId = 727_003;

/** The demo documents' text, page by page. */
export async function readDemoDocument(source: string): Promise<string[]> {
  const text = await readFile(`${sourceFolder}${source}.txt`, 'utf8');
  return text.split(/^<<<PAGE>>>$/m).map((page) => page.replace(/^\n+|\n+$/g, ''));
}

/**
 * Adds each demo document its property does not have yet; returns how many were added. Safe to run
 * while the server answers requests, and again after a process stopped half-way: a document and its
 * processing job are recorded in one transaction, and a file stored by a transaction that never
 * committed is swept as an orphan (orphan-files.ts).
 */
export async function seedDemoDocuments(deps: {
  db: Db;
  storage: FileStorage;
  jobs: JobQueue;
}): Promise<number> {
  let added = 0;
  for (const document of demoDocuments) {
    const [property] = await deps.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.name, document.property));
    if (!property || (await hasDocument(deps.db, property.id, document.name))) continue;
    // Rendered before the transaction: on PGlite a transaction holds the only connection, and every
    // request waits until it ends.
    const pdf = await renderPdf(await readDemoDocument(document.source));
    const fileName = `${document.source}.pdf`;
    const isAdded = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${seedLockId})`);
      if (await hasDocument(tx, property.id, document.name)) return false;
      const key = documentStorageKey(property.id, document.category, fileName);
      await deps.storage.put(key, Readable.from([pdf]), mimeTypes.pdf);
      const [row] = await tx
        .insert(propertyDocuments)
        .values({
          propertyId: property.id,
          name: document.name,
          description: document.description,
          category: document.category,
          filePath: key,
          fileName,
          mimeType: mimeTypes.pdf,
          sizeBytes: pdf.length,
          isRequired: isRequiredCategory(document.category),
          status: 'processing',
        })
        .returning();
      await deps.jobs.enqueue(
        processDocumentQueue,
        { documentId: row!.id },
        { dedupeKey: row!.id, delayMs: processingDelayMs, executor: tx },
      );
      return true;
    });
    if (isAdded) added += 1;
  }
  return added;
}

async function hasDocument(db: Db, propertyId: string, name: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: propertyDocuments.id })
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.propertyId, propertyId), eq(propertyDocuments.name, name)));
  return existing !== undefined;
}

const pageSize: [number, number] = [612, 792];
const margin = 54;
const fontSize = 10;
const lineHeight = 13;

/** Letter pages, Helvetica, each source line wrapped to the page width: text a PDF reader can select. */
export async function renderPdf(pages: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Commonwise demo document');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = pageSize[0] - 2 * margin;
  for (const text of pages) {
    let page = pdf.addPage(pageSize);
    let y = pageSize[1] - margin;
    for (const source of text.split('\n')) {
      const isHeading = /^(ARTICLE\b|[A-Z0-9 ,.;:'’&()\-–—§/]{4,}$)/.test(source.trim());
      const face = isHeading ? bold : font;
      const lines = source.trim() === '' ? [''] : wrap(source, face, width);
      for (const line of lines) {
        if (y < margin) {
          // A source page that does not fit runs on to another page, as a word processor would.
          page = pdf.addPage(pageSize);
          y = pageSize[1] - margin;
        }
        if (line) page.drawText(line, { x: margin, y, size: fontSize, font: face });
        y -= lineHeight;
      }
    }
  }
  return Buffer.from(await pdf.save());
}

function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, fontSize) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
