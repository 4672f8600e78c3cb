import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { arcFileMaxBytes, fileExtensionOf, type arcFileExtensions } from '@commonwise/contracts';
import { AppError } from '../../lib/errors.ts';
import { decodeHeic, HeicError } from '../attachments/heic.ts';
import { processImage } from '../attachments/media.ts';
import { maxImagePixels, tailBytes } from '../documents/container-checks.ts';
import { ExtractionFailedError, type ExtractionPool } from '../documents/extraction/extraction-pool.ts';
import { assertHeadIsSafe, assertTailIsSafe, sniffBytes } from '../documents/file-sniffing.ts';

/**
 * The files an owner sends with an architectural request (issue 22 items 1, 2 and 6): a drawing, a
 * quote, a colour sample. What a file is comes from its bytes and its name together — both must be one
 * of `arcFileExtensions` and agree (415 otherwise: a program renamed .pdf is still a program) — and it
 * goes through the documents' safety checks (web-page code hidden in a PDF or an image, a ZIP joined to
 * one, a Word zip bomb). Its text is read by the documents' own extraction threads (PDF text layer, OCR
 * of photos and scans, Word text), so the guideline check can find a height in a quote.
 */

export type ArcFileKind = 'pdf' | 'jpg' | 'png' | 'heic' | 'docx';

export const arcMimeTypes: Record<ArcFileKind, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const extensionKinds: Record<(typeof arcFileExtensions)[number], ArcFileKind> = {
  pdf: 'pdf',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  heic: 'heic',
  heif: 'heic',
  docx: 'docx',
};

/** What file-type calls each kind. */
const sniffedKinds: Record<string, ArcFileKind> = {
  pdf: 'pdf',
  jpg: 'jpg',
  png: 'png',
  heic: 'heic',
  heif: 'heic',
  docx: 'docx',
};

const kindNames: Record<ArcFileKind, string> = {
  pdf: 'a PDF',
  jpg: 'a JPEG image',
  png: 'a PNG image',
  heic: 'a HEIC photo',
  docx: 'a Word document (.docx)',
};

export const allowedArcFilesSentence =
  'You can send PDF, JPEG, PNG and HEIC (iPhone) photos, and Word (.docx) files, of up to 20 MB.';

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_FILE_TYPE', message);

/** The kind a file name claims; 415 for a name outside the list. */
export function arcKindFromFileName(fileName: string): ArcFileKind {
  const extension = fileExtensionOf(fileName);
  const kind = extensionKinds[extension as keyof typeof extensionKinds];
  if (!kind)
    throw unsupported(
      extension
        ? `“${fileName}” cannot be sent: .${extension} files are not accepted. ${allowedArcFilesSentence}`
        : `“${fileName}” has no file extension, so its type is unknown. ${allowedArcFilesSentence}`,
    );
  return kind;
}

/** The bytes must be what the name says (415 otherwise). */
export async function assertArcContentMatches(fileName: string, claimed: ArcFileKind, head: Uint8Array) {
  if (head.length === 0) throw new AppError(400, 'EMPTY_FILE', `“${fileName}” is empty.`);
  const detected = await fileTypeFromBuffer(head);
  const detectedKind = detected ? sniffedKinds[detected.ext] : undefined;
  if (detectedKind === claimed) return;
  const what = detectedKind
    ? kindNames[detectedKind]
    : detected
      ? `${detected.ext.toUpperCase()} data`
      : 'not recognisable as that type';
  throw unsupported(
    `“${fileName}” is not ${kindNames[claimed]}: its contents are ${what}. ${allowedArcFilesSentence}`,
  );
}

export type ReceivedFile = { fileName: string; kind: ArcFileKind; bytes: Buffer };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Reads the multipart form: an optional `requirement` field (which of the project type's files this is),
 * then `file`. Refuses before storing anything: a name or contents outside the list (415), more than
 * `arcFileMaxBytes` (413), an unsafe file (422).
 */
export async function receiveArcFile(
  parts: AsyncIterableIterator<Multipart>,
): Promise<{ file: ReceivedFile; requirement: string | null }> {
  let requirement: string | null = null;
  let received: ReceivedFile | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (received) continue;
        if (part.fieldname === 'requirement') {
          const value = String(part.value).trim();
          requirement = value === '' ? null : value;
        }
        continue;
      }
      if (received || part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError(400, 'ONE_FILE', 'Send exactly one file, in the field "file".');
      }
      const fileName = (part.filename ?? '').trim() || 'file';
      let kind: ArcFileKind;
      try {
        if (fileName.includes('\u0000'))
          throw new AppError(400, 'VALIDATION_FAILED', 'A file name cannot contain NUL characters.');
        kind = arcKindFromFileName(fileName);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > arcFileMaxBytes) {
          part.file.resume();
          throw new AppError(
            413,
            'FILE_TOO_LARGE',
            `“${fileName}” is larger than the ${megabytes(arcFileMaxBytes)} limit. Send a smaller file (for a scan, a lower resolution).`,
          );
        }
        chunks.push(chunk);
      }
      const bytes = Buffer.concat(chunks);
      if (part.file.truncated)
        throw new AppError(
          413,
          'FILE_TOO_LARGE',
          `“${fileName}” is larger than the ${megabytes(arcFileMaxBytes)} limit.`,
        );
      await assertArcContentMatches(fileName, kind, bytes.subarray(0, sniffBytes));
      if (kind !== 'heic') {
        assertHeadIsSafe(fileName, kind, bytes.subarray(0, sniffBytes));
        assertTailIsSafe(fileName, kind, bytes.subarray(Math.max(0, bytes.length - tailBytes)), bytes.length);
      }
      received = { fileName: fileName.slice(0, 255), kind, bytes };
    }
  } catch (error) {
    throw asUploadError(error);
  }
  if (!received)
    throw new AppError(400, 'NO_FILE', 'Choose a file to send', {
      fields: { file: 'Choose a file to send' },
    });
  return { file: received, requirement };
}

/** Our refusals and the multipart plugin's limits pass; anything else is a form cut short or malformed. */
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

/** How long a file's text may take to read while its owner waits; past it the file is kept without text. */
export const arcReadingMs = 60_000;

/**
 * The text of each page (index 0 is page 1), read by the documents' extraction threads; a HEIC photo is
 * decoded to a JPEG first. A damaged or password-protected file is refused (422) — the committee could
 * not open it either; a file whose reading fails for any other reason (too long, a thread lost) is kept
 * without text (null), and the check then says what it could not read.
 */
export async function readArcFileText(pool: ExtractionPool, file: ReceivedFile): Promise<string[] | null> {
  let bytes: Uint8Array = file.bytes;
  let kind: 'pdf' | 'jpg' | 'png' | 'docx';
  if (file.kind === 'heic') {
    try {
      const decoded = await decodeHeic(file.bytes, maxImagePixels);
      bytes = (await processImage(decoded.data, false, decoded)).full;
      kind = 'jpg';
    } catch (error) {
      if (error instanceof HeicError && error.reason === 'timeout') return null;
      throw unreadable(file.fileName, 'it could not be read as a photo: it may be damaged.');
    }
  } else kind = file.kind;
  try {
    const result = await pool.extract(bytes, kind, AbortSignal.timeout(arcReadingMs));
    const pages: string[] = Array.from({ length: Math.max(result.pageCount, 1) }, () => '');
    for (const page of result.pages) pages[page.page - 1] = page.text;
    return pages;
  } catch (error) {
    if (error instanceof ExtractionFailedError && error.isForPerson && !/took too long/.test(error.message))
      throw unreadable(file.fileName, error.message);
    return null;
  }
}

const unreadable = (fileName: string, reason: string) =>
  new AppError(422, 'UNREADABLE_FILE', `“${fileName}” cannot be used: ${reason}`);

/** Where a request's file is stored: under its association and request, never overwritten. */
export function arcFileKey(propertyId: string, requestId: string, fileName: string): string {
  const safe =
    fileName
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-80) || 'file';
  return `arc/${propertyId}/${requestId}/${randomUUID()}-${safe}`;
}

/** Shown in the browser (PDFs and photos) or downloaded (Word and HEIC, which browsers do not show). */
export const isShownInline = (mimeType: string) =>
  mimeType === 'application/pdf' || mimeType === 'image/jpeg' || mimeType === 'image/png';
