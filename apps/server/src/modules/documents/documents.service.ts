import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  documentUploadFieldsSchema,
  fileExtensionOf,
  fileLinkSeconds,
  isRequiredCategory,
  previewableExtensions,
  requiredDocumentCategories,
  type DocumentCategory,
  type DocumentFileLink,
  type PageQuery,
  type PropertyDocumentList,
  type DocumentPassage,
  type PropertyDocument,
  type RequiredDocumentsStatus,
} from '@commonwise/contracts';
import { properties, propertyDocuments } from '../../db/schema/index.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { keepsDocuments } from '../access/scope.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { FileExistsError, FileNotFoundError, type FileStorage } from '../../plugins/storage.ts';
import { getProperty, visiblePropertiesFilter } from '../properties/properties.service.ts';
import { documentStorageKey } from './file-names.ts';
import { isValidFileLinkSignature, localFileLink } from './file-links.ts';
import { tailBytes } from './container-checks.ts';
import {
  TextChecker,
  assertContentMatches,
  assertHeadIsSafe,
  assertTailIsSafe,
  kindFromFileName,
  mimeTypes,
  sniffBytes,
  type DocumentFileKind,
} from './file-sniffing.ts';

export const processDocumentQueue = 'documents.process';

/** The property, if the person keeps its documents (its managers, the developer's team); 403 if they only read it. */
async function getDocumentKeeperProperty(ctx: ServiceContext, propertyId: string) {
  const property = await getProperty(ctx, propertyId);
  if (!(await keepsDocuments(ctx.db, ctx.actor, propertyId))) throw forbidden();
  return property;
}

/** SPEC §4: processing starts about 100 ms after an upload. */
export const processingDelayMs = 100;

/** What the document functions need besides the database and the caller. */
export type DocumentsContext = ServiceContext & {
  storage: FileStorage;
  jobs: JobQueue;
  fileLinkKey: Buffer;
  uploadMaxBytes: number;
};

type DocumentRow = typeof propertyDocuments.$inferSelect;

export function toDocument(row: DocumentRow): PropertyDocument {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    description: row.description,
    category: row.category as DocumentCategory,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    status: row.status as PropertyDocument['status'],
    statusReason: row.statusReason,
    pageCount: row.pageCount,
    isRequired: row.isRequired,
    uploadedBy: row.uploadedBy,
    uploadedAt: row.uploadedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

/** A document the caller may see (through its property), or 404: another's and a missing one look alike. */
export async function getDocumentRow(ctx: ServiceContext, documentId: string): Promise<DocumentRow> {
  const [row] = await ctx.db
    .select({ document: propertyDocuments })
    .from(propertyDocuments)
    .innerJoin(properties, eq(properties.id, propertyDocuments.propertyId))
    .where(and(eq(propertyDocuments.id, documentId), visiblePropertiesFilter(ctx)));
  if (!row) throw notFound('Document');
  return row.document;
}

export async function getDocument(ctx: ServiceContext, documentId: string): Promise<PropertyDocument> {
  return toDocument(await getDocumentRow(ctx, documentId));
}

/**
 * A property's documents, by category (SPEC §7), newest first within one, a page at a time; `q`
 * matches the name or the file's name.
 */
export async function listDocuments(
  ctx: ServiceContext,
  propertyId: string,
  query: PageQuery & { q?: string | undefined; category?: DocumentCategory | undefined },
): Promise<PropertyDocumentList> {
  await getProperty(ctx, propertyId);
  const where = and(
    eq(propertyDocuments.propertyId, propertyId),
    query.category ? eq(propertyDocuments.category, query.category) : undefined,
    query.q
      ? or(
          ilike(propertyDocuments.name, containing(query.q)),
          ilike(propertyDocuments.fileName, containing(query.q)),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(propertyDocuments)
      .where(where)
      .orderBy(
        asc(propertyDocuments.category),
        desc(propertyDocuments.uploadedAt),
        desc(propertyDocuments.id),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(propertyDocuments).where(where),
  ]);
  return {
    documents: rows.map(toDocument),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** Which of the four required categories have at least one document (SPEC §3 completeCategories). */
export async function getRequiredDocumentsStatus(
  ctx: ServiceContext,
  propertyId: string,
): Promise<RequiredDocumentsStatus> {
  await getProperty(ctx, propertyId);
  const rows = await ctx.db
    .selectDistinct({ category: propertyDocuments.category })
    .from(propertyDocuments)
    .where(
      and(
        eq(propertyDocuments.propertyId, propertyId),
        inArray(propertyDocuments.category, [...requiredDocumentCategories]),
      ),
    );
  const present = new Set(rows.map((row) => row.category));
  const completeCategories = requiredDocumentCategories.filter((category) => present.has(category));
  const totalRequired = requiredDocumentCategories.length;
  return {
    requiredCategories: [...requiredDocumentCategories],
    completeCategories,
    completeCount: completeCategories.length,
    totalRequired,
    percentage: Math.round((completeCategories.length / totalRequired) * 100),
  };
}

const uploadFailed = (message: string, status = 500, code = 'UPLOAD_FAILED') =>
  new AppError(status, code, message);

/**
 * Takes a multipart upload: the fields (category, name, description) first, then the file, which
 * is checked by its bytes and streamed to storage without being held in memory. The record is saved
 * and processing queued in one transaction; if that fails the stored file is removed again.
 */
export async function uploadDocument(
  ctx: DocumentsContext,
  propertyId: string,
  parts: AsyncIterableIterator<Multipart>,
): Promise<PropertyDocument> {
  await getDocumentKeeperProperty(ctx, propertyId);
  // No prototype: a form field named "__proto__" or "constructor" is just an unknown field.
  const fields: Record<string, string> = Object.create(null);
  let stored: { key: string; kind: DocumentFileKind; fileName: string; sizeBytes: number } | undefined;
  let input: ReturnType<typeof documentUploadFieldsSchema.parse> | undefined;

  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (stored) continue;
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // PostgreSQL cannot store NUL characters: refuse them here rather than fail on insert (a 500).
        if (value.includes('\u0000')) throw nulInText(part.fieldname);
        fields[part.fieldname] = value;
        continue;
      }
      if (stored || part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError(400, 'ONE_FILE', 'Send exactly one file, in the field "file".');
      }
      input = parseFields(fields);
      stored = await storeFile(ctx, propertyId, input.category, part);
    }
  } catch (error) {
    if (stored) await ctx.storage.remove(stored.key).catch(() => {});
    throw asUploadError(error);
  }
  if (!stored || !input) {
    throw new AppError(400, 'NO_FILE', 'No file selected', { fields: { file: 'Choose a file to upload' } });
  }

  const file = stored;
  const fieldsInput = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(propertyDocuments)
        .values({
          propertyId,
          category: fieldsInput.category,
          name: fieldsInput.name,
          description: fieldsInput.description,
          filePath: file.key,
          fileName: file.fileName,
          mimeType: mimeTypes[file.kind],
          sizeBytes: file.sizeBytes,
          isRequired: isRequiredCategory(fieldsInput.category),
          uploadedBy: ctx.actor.id,
          status: 'processing',
        })
        .returning();
      await ctx.jobs.enqueue(
        processDocumentQueue,
        { documentId: row!.id },
        { dedupeKey: row!.id, delayMs: processingDelayMs, executor: tx },
      );
      return toDocument(row!);
    });
  } catch (error) {
    await ctx.storage.remove(file.key).catch(() => {});
    if (error instanceof AppError) throw error;
    throw uploadFailed('Failed to save document information');
  }
}

function nulInText(field: string) {
  const message = `Text cannot contain NUL characters (${field}).`;
  return new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: message } });
}

/**
 * What went wrong while reading the form. Our own refusals and the multipart plugin's limits (which
 * carry a 4xx) pass through; anything else thrown while parsing is a form that is malformed or cut
 * short (no boundary, a part that never ends), which is the sender's fault, not a 500.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return error;
  return new AppError(
    400,
    'MALFORMED_UPLOAD',
    'The upload could not be read: the form data is malformed or incomplete. Please try again.',
  );
}

function parseFields(fields: Record<string, string>) {
  const parsed = documentUploadFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? 'body')] ??= issue.message;
  const [first] = Object.values(problems);
  throw new AppError(
    400,
    'VALIDATION_FAILED',
    Object.keys(problems).length === 1 ? first! : 'Please correct the highlighted fields.',
    {
      fields: problems,
    },
  );
}

async function storeFile(
  ctx: DocumentsContext,
  propertyId: string,
  category: DocumentCategory,
  part: Extract<Multipart, { type: 'file' }>,
) {
  const fileName = part.filename?.trim() || 'document';
  let kind: DocumentFileKind;
  try {
    if (fileName.includes('\u0000')) throw nulInText('file');
    kind = kindFromFileName(fileName);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const source = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let isDone = false;
  while (headLength < sniffBytes) {
    const next = await source.next();
    if (next.done) {
      isDone = true;
      break;
    }
    headChunks.push(next.value);
    headLength += next.value.length;
  }
  const head = Buffer.concat(headChunks);
  try {
    await assertContentMatches(fileName, kind, head);
    assertHeadIsSafe(fileName, kind, head);
  } catch (error) {
    part.file.resume();
    throw error;
  }

  const maxBytes = ctx.uploadMaxBytes;
  const tooLarge = () =>
    new AppError(
      413,
      'FILE_TOO_LARGE',
      `"${fileName}" is larger than the ${formatMegabytes(maxBytes)} limit. Upload a smaller file (for a scan, a lower resolution).`,
    );
  const textChecker = kind === 'txt' ? new TextChecker(fileName) : null;
  let sizeBytes = 0;
  // The last bytes, for the checks at the end of the file (ZIP directory): never more than tailBytes.
  let tail: Buffer[] = [];
  let tailLength = 0;
  const accept = (chunk: Buffer) => {
    sizeBytes += chunk.length;
    if (sizeBytes > maxBytes) throw tooLarge();
    textChecker?.check(chunk, false);
    tail.push(chunk);
    tailLength += chunk.length;
    while (tail.length > 1 && tailLength - tail[0]!.length >= tailBytes) tailLength -= tail.shift()!.length;
  };
  async function* checked(): AsyncGenerator<Buffer> {
    accept(head);
    yield head;
    while (!isDone) {
      const next = await source.next();
      if (next.done) break;
      accept(next.value);
      yield next.value;
    }
    textChecker?.check(new Uint8Array(), true);
    if (part.file.truncated) throw tooLarge();
    const end = Buffer.concat(tail);
    tail = [];
    // Thrown before the last chunk is written: the storage removes what it wrote.
    assertTailIsSafe(fileName, kind, end.subarray(Math.max(0, end.length - tailBytes)), sizeBytes);
  }

  const key = documentStorageKey(propertyId, category, fileName);
  try {
    await ctx.storage.put(key, Readable.from(checked()), mimeTypes[kind]);
  } catch (error) {
    part.file.resume();
    if (error instanceof AppError) throw error;
    if (error instanceof FileExistsError)
      throw uploadFailed(
        'A file with this name was stored at the same moment. Please try again.',
        409,
        'FILE_EXISTS',
      );
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw uploadFailed('Failed to upload document file');
  }
  return { key, kind, fileName, sizeBytes };
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

/**
 * Deletes the record, its extracted text (cascade) and the stored file, together: the record is
 * only gone if the file could be removed too.
 */
export async function deleteDocument(ctx: DocumentsContext, documentId: string): Promise<void> {
  const document = await getDocumentRow(ctx, documentId);
  await getDocumentKeeperProperty(ctx, document.propertyId);
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(propertyDocuments)
      .where(eq(propertyDocuments.id, document.id))
      .returning({ id: propertyDocuments.id });
    if (deleted.length === 0) throw new AppError(404, 'NOT_FOUND', 'Failed to find document to delete');
    await ctx.jobs.cancelQueued(processDocumentQueue, document.id, tx);
    try {
      await ctx.storage.remove(document.filePath);
    } catch {
      throw new AppError(500, 'DELETE_FAILED', 'Failed to delete document file');
    }
  });
}

/** Queues (re)processing. A document already queued or being processed is not queued twice. */
export async function startProcessing(
  ctx: DocumentsContext,
  documentId: string,
): Promise<{ success: boolean; message: string; document: PropertyDocument }> {
  const document = await getDocumentRow(ctx, documentId);
  await getDocumentKeeperProperty(ctx, document.propertyId);
  if (await ctx.jobs.isPending(processDocumentQueue, document.id)) {
    throw new AppError(409, 'ALREADY_PROCESSING', 'This document is already being processed.');
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(propertyDocuments)
      .set({ status: 'processing', statusReason: null })
      .where(eq(propertyDocuments.id, document.id))
      .returning();
    await ctx.jobs.enqueue(
      processDocumentQueue,
      { documentId: document.id },
      { dedupeKey: document.id, executor: tx },
    );
    return updated!;
  });
  return {
    success: true,
    message:
      document.status === 'completed' ? 'Document reprocessing started' : 'Document processing started',
    document: toDocument(row),
  };
}

/** A link to the file that works for 3600 s (SPEC §9): presigned for S3, our signed route for local disk. */
export async function getFileLink(ctx: DocumentsContext, documentId: string): Promise<DocumentFileLink> {
  return fileLinkOf(ctx, await getDocumentRow(ctx, documentId));
}

/** A signed link to a document the caller has already been found allowed to read. */
export async function fileLinkOf(ctx: DocumentsContext, document: DocumentRow): Promise<DocumentFileLink> {
  const expires = Math.floor(Date.now() / 1000) + fileLinkSeconds;
  const fileInfo = fileInfoOf(document);
  let url: string | null;
  try {
    url = await ctx.storage.presignedUrl(document.filePath, fileLinkSeconds, fileInfo);
  } catch {
    throw new AppError(500, 'FILE_ACCESS_FAILED', 'Failed to access document file');
  }
  return {
    url: url ?? localFileLink(ctx.fileLinkKey, document.id, document.filePath, expires),
    expiresAt: new Date(expires * 1000).toISOString(),
    fileName: document.fileName,
    mimeType: document.mimeType,
  };
}

function fileInfoOf(document: DocumentRow) {
  const extension = fileExtensionOf(document.fileName);
  return {
    contentType: document.mimeType,
    fileName: document.fileName,
    inline: (previewableExtensions as readonly string[]).includes(extension) || extension === 'txt',
  };
}

const invalidLink = () =>
  new AppError(
    403,
    'INVALID_LINK',
    'This file link is not valid. Open the document again from its property.',
  );

/** Serves a file for a signed local link: the signature, its expiry and the caller's access must all hold. */
export async function openSignedFile(
  ctx: DocumentsContext,
  documentId: string,
  query: { expires: number; signature: string },
) {
  const document = await getDocumentRow(ctx, documentId);
  if (
    !isValidFileLinkSignature(ctx.fileLinkKey, document.id, document.filePath, query.expires, query.signature)
  )
    throw invalidLink();
  if (query.expires * 1000 < Date.now())
    throw new AppError(
      403,
      'LINK_EXPIRED',
      'This file link has expired (links last one hour). Open the document again from its property.',
    );
  try {
    const stream = await ctx.storage.open(document.filePath);
    return { stream, ...fileInfoOf(document), sizeBytes: document.sizeBytes };
  } catch (error) {
    if (error instanceof FileNotFoundError)
      throw new AppError(404, 'FILE_MISSING', 'Failed to access document file');
    throw new AppError(500, 'FILE_ACCESS_FAILED', 'Failed to access document file');
  }
}

// The passage markers ts_headline puts around matches; removed again before answering.
const startMark = '\u27E6';
const stopMark = '\u27E7';

/**
 * Full-text search over a property's extracted text: the best passages with their document,
 * category and page, best first. Scoped like every read: 404 for a property the caller may not see.
 * The AI assistant calls this directly to cite the association's own documents.
 */
export async function searchDocuments(
  ctx: ServiceContext,
  propertyId: string,
  query: string,
  limit = 10,
): Promise<DocumentPassage[]> {
  await getProperty(ctx, propertyId);
  const result = await ctx.db.execute(sql`
    with q as (select websearch_to_tsquery('english', ${query}) as query)
    select d.id as document_id, d.name as document_name, d.category, c.page,
      ts_rank_cd(c.search, q.query) as rank,
      ts_headline('english', c.content, q.query,
        ${`StartSel=${startMark}, StopSel=${stopMark}, MaxWords=45, MinWords=20, MaxFragments=2, FragmentDelimiter=" … "`}
      ) as headline
    from document_contents c
    join property_documents d on d.id = c.document_id
    cross join q
    where d.property_id = ${propertyId} and c.search @@ q.query
    order by rank desc, d.name, c.page
    limit ${limit}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => {
    const { text, highlights } = parseHeadline(String(row.headline));
    return {
      documentId: String(row.document_id),
      documentName: String(row.document_name),
      category: row.category as DocumentCategory,
      page: Number(row.page),
      excerpt: text,
      highlights,
      rank: Math.round(Number(row.rank) * 10_000) / 10_000,
    };
  });
}

/** Plain text plus [start, end) offsets of the marked words. */
export function parseHeadline(headline: string): { text: string; highlights: [number, number][] } {
  let text = '';
  const highlights: [number, number][] = [];
  let start = -1;
  for (const char of headline.replace(/\s+/g, ' ').trim()) {
    if (char === startMark) start = text.length;
    else if (char === stopMark) {
      if (start >= 0) highlights.push([start, text.length]);
      start = -1;
    } else text += char;
  }
  return { text, highlights };
}
