// Text extraction, all offline. Runs inside the extraction worker thread (extract.worker.ts), never
// on the server's main thread: pdf.js and OCR are CPU-bound for seconds at a time.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import mammoth from 'mammoth';
import { createWorker, OEM, type Worker as OcrWorker } from 'tesseract.js';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { zipBombByUnpacking } from '../container-checks.ts';
import type { DocumentFileKind } from '../file-sniffing.ts';

const require = createRequire(import.meta.url);

export type ExtractedPage = { page: number; text: string };
export type ExtractionResult = {
  pages: ExtractedPage[];
  /** Pages (or 1 for files without pages). */
  pageCount: number;
  /** Pages whose text came from OCR. */
  ocrPages: number;
};

/** A failure whose message is meant for the person who uploaded the file. */
export class ExtractionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionError';
  }
}

/** A page with fewer visible characters than this is treated as a scan and read by OCR. */
const minTextLayerChars = 3;
/** Images smaller than this (pixels) on a scanned page are logos or rules, not text worth reading. */
const minOcrImagePixels = 200 * 50;

/**
 * Tesseract with the English data from @tesseract.js-data/eng: nothing is fetched. The LSTM-only
 * "best_int" model is the fast one; in Node tesseract.js loads its core (WebAssembly) from the
 * tesseract.js-core package with require(), so no corePath or network is involved.
 */
export class OcrEngine {
  private worker: Promise<OcrWorker> | undefined;

  static langPath(): string {
    return join(dirname(require.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');
  }

  private get(): Promise<OcrWorker> {
    this.worker ??= createWorker('eng', OEM.LSTM_ONLY, {
      langPath: OcrEngine.langPath(),
      corePath: dirname(require.resolve('tesseract.js-core/package.json')),
      cacheMethod: 'none',
      gzip: true,
    });
    return this.worker;
  }

  async recognize(image: Buffer): Promise<string> {
    const worker = await this.get();
    const result = await worker.recognize(image);
    return result.data.text;
  }

  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }
}

export async function extractDocument(
  bytes: Uint8Array,
  kind: DocumentFileKind,
  ocr: OcrEngine,
): Promise<ExtractionResult> {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes, ocr);
    case 'docx':
      return single(await extractDocx(bytes));
    case 'txt':
      return single(decodeText(bytes));
    case 'jpg':
    case 'png':
    case 'gif':
      return { ...single(await ocr.recognize(Buffer.from(bytes))), ocrPages: 1 };
    case 'doc':
      throw new ExtractionError(
        'Text cannot be read from old Word (.doc) files. Save the document as .docx or PDF and upload that.',
      );
  }
}

function single(text: string): ExtractionResult {
  const cleaned = normaliseText(text);
  return { pages: cleaned ? [{ page: 1, text: cleaned }] : [], pageCount: 1, ocrPages: 0 };
}

export async function extractPdf(bytes: Uint8Array, ocr: OcrEngine): Promise<ExtractionResult> {
  let pdf;
  try {
    // pdf.js may take ownership of the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException')
      throw new ExtractionError('The PDF is protected by a password. Upload a copy without the password.');
    throw new ExtractionError('The PDF could not be read: the file may be damaged.');
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    const pages: ExtractedPage[] = [];
    let ocrPages = 0;
    for (let index = 0; index < totalPages; index++) {
      let pageText = normaliseText(text[index] ?? '');
      if (pageText.replace(/\s/g, '').length < minTextLayerChars) {
        const scanned = await ocrPageImages(pdf, index + 1, ocr);
        if (scanned !== null) {
          ocrPages++;
          pageText = normaliseText(scanned);
        }
      }
      if (pageText) pages.push({ page: index + 1, text: pageText });
    }
    return { pages, pageCount: totalPages, ocrPages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** A page without a text layer: read its embedded images (a scan is one big image) with OCR. */
async function ocrPageImages(
  pdf: Awaited<ReturnType<typeof getDocumentProxy>>,
  pageNumber: number,
  ocr: OcrEngine,
): Promise<string | null> {
  const images = await extractImages(pdf, pageNumber);
  const large = images.filter((image) => image.width * image.height >= minOcrImagePixels);
  if (large.length === 0) return null;
  const texts: string[] = [];
  for (const image of large) texts.push(await ocr.recognize(toPnm(image)));
  return texts.join('\n');
}

/** Raw pixels as a PNM image (P5 grey / P6 colour), which Tesseract reads without any image library. */
export function toPnm(image: {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}) {
  const { data, width, height, channels } = image;
  const isGrey = channels === 1;
  const header = Buffer.from(`P${isGrey ? 5 : 6}\n${width} ${height}\n255\n`, 'latin1');
  if (channels !== 4)
    return Buffer.concat([header, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
  const rgb = Buffer.alloc(width * height * 3);
  for (let source = 0, target = 0; source < data.length; source += 4, target += 3) {
    // Composite over white: transparent areas of a scan are paper.
    const alpha = data[source + 3]! / 255;
    rgb[target] = Math.round(data[source]! * alpha + 255 * (1 - alpha));
    rgb[target + 1] = Math.round(data[source + 1]! * alpha + 255 * (1 - alpha));
    rgb[target + 2] = Math.round(data[source + 2]! * alpha + 255 * (1 - alpha));
  }
  return Buffer.concat([header, rgb]);
}

async function extractDocx(bytes: Uint8Array): Promise<string> {
  // mammoth unpacks without limits: prove first that the file unpacks to a sane size (zip bombs).
  const bomb = zipBombByUnpacking(bytes);
  if (bomb) throw new ExtractionError(`The Word document cannot be read: ${bomb}`);
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return result.value;
  } catch {
    throw new ExtractionError('The Word document could not be read: the file may be damaged.');
  }
}

function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** One kind of line break, no trailing spaces, at most one blank line in a row, no NUL characters. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replaceAll('\u0000', '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
