import { fileTypeFromBuffer } from 'file-type';
import { fileExtensionOf, type documentFileExtensions } from '@commonwise/contracts';
import { AppError } from '../../lib/errors.ts';
import { activeContentIn, imageTooLarge, zipAppended, zipBombByDirectory } from './container-checks.ts';

export type DocumentFileKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png' | 'gif' | 'txt';

export const mimeTypes: Record<DocumentFileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  txt: 'text/plain; charset=utf-8',
};

const kindNames: Record<DocumentFileKind, string> = {
  pdf: 'a PDF',
  doc: 'a Word document (.doc)',
  docx: 'a Word document (.docx)',
  jpg: 'a JPEG image',
  png: 'a PNG image',
  gif: 'a GIF image',
  txt: 'a plain text file',
};

/** What file-type calls each allowed kind ('cfb' is the container of .doc files). */
const sniffedKinds: Record<string, DocumentFileKind> = {
  pdf: 'pdf',
  cfb: 'doc',
  docx: 'docx',
  jpg: 'jpg',
  png: 'png',
  gif: 'gif',
};

const extensionKinds: Record<(typeof documentFileExtensions)[number], DocumentFileKind> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  txt: 'txt',
};

export const allowedFilesSentence =
  'You can upload PDF, Word (.doc, .docx), image (.jpg, .jpeg, .png, .gif) and text (.txt) files.';

/** How many bytes are read before deciding what a file is. */
export const sniffBytes = 64 * 1024;

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_FILE_TYPE', message);

/** The kind a file name claims; refuses names outside the allowlist. */
export function kindFromFileName(fileName: string): DocumentFileKind {
  const extension = fileExtensionOf(fileName);
  const kind = extensionKinds[extension as keyof typeof extensionKinds];
  if (!kind)
    throw unsupported(
      extension
        ? `"${fileName}" cannot be uploaded: .${extension} files are not accepted. ${allowedFilesSentence}`
        : `"${fileName}" has no file extension, so its type is unknown. ${allowedFilesSentence}`,
    );
  return kind;
}

/**
 * Checks the first bytes of a file against the kind its name claims (the name alone proves
 * nothing: an executable renamed to .pdf is still an executable). Text is checked here for its
 * start; the rest is checked as it streams (see TextChecker).
 */
export async function assertContentMatches(fileName: string, claimed: DocumentFileKind, head: Uint8Array) {
  if (head.length === 0) throw new AppError(400, 'EMPTY_FILE', `"${fileName}" is empty.`);
  const detected = await fileTypeFromBuffer(head);
  const detectedKind = detected ? sniffedKinds[detected.ext] : undefined;
  if (claimed === 'txt') {
    if (detected && !detectedKind && !['xml', 'csv'].includes(detected.ext))
      throw mismatch(fileName, claimed, `${detected.ext.toUpperCase()} data`);
    if (detectedKind) throw mismatch(fileName, claimed, kindNames[detectedKind]);
    new TextChecker(fileName).check(head, false);
    return;
  }
  if (detectedKind === claimed) return;
  const what = detectedKind
    ? kindNames[detectedKind]
    : detected
      ? describeOther(detected.ext)
      : 'not recognisable as that type';
  throw mismatch(fileName, claimed, what);
}

function describeOther(ext: string): string {
  if (['exe', 'elf', 'mach', 'dll', 'msi', 'class', 'wasm', 'dex'].includes(ext)) return 'a program';
  if (['zip', 'rar', '7z', 'gz', 'tar', 'bz2', 'xz'].includes(ext))
    return `an archive (${ext.toUpperCase()})`;
  return `${ext.toUpperCase()} data`;
}

function mismatch(fileName: string, claimed: DocumentFileKind, what: string) {
  return unsupported(
    `"${fileName}" is not ${kindNames[claimed]}: its contents are ${what}. ${allowedFilesSentence}`,
  );
}

/** Checks, chunk by chunk, that a .txt upload is UTF-8 text without NUL bytes. */
export class TextChecker {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(private readonly fileName: string) {}

  check(chunk: Uint8Array, isLast: boolean): void {
    if (chunk.includes(0)) throw this.notText();
    try {
      this.decoder.decode(chunk, { stream: !isLast });
    } catch {
      throw this.notText();
    }
  }

  private notText() {
    return unsupported(
      `"${this.fileName}" is not a plain text file: text files must be UTF-8 text. ${allowedFilesSentence}`,
    );
  }
}

/**
 * What the start of a file of an accepted type may still hide: web-page code in a PDF or an image
 * (a polyglot a browser could be tricked into running), or an image too large to read.
 */
export function assertHeadIsSafe(fileName: string, kind: DocumentFileKind, head: Uint8Array) {
  const problem =
    kind === 'pdf' || kind === 'png' || kind === 'jpg' || kind === 'gif'
      ? (activeContentIn(head) ?? (kind === 'pdf' ? null : imageTooLarge(kind, head)))
      : null;
  if (problem) throw refused(fileName, kind, problem);
}

/**
 * What the end of a file may hide: a ZIP archive joined to a PDF or an image, or a Word document
 * (itself a ZIP) that is a zip bomb. `tail` is the last bytes of a file of `sizeBytes`.
 */
export function assertTailIsSafe(fileName: string, kind: DocumentFileKind, tail: Buffer, sizeBytes: number) {
  const problem =
    kind === 'docx'
      ? zipBombByDirectory(tail, sizeBytes)
      : kind === 'pdf' || kind === 'png' || kind === 'jpg' || kind === 'gif'
        ? zipAppended(tail)
        : null;
  if (problem) throw refused(fileName, kind, problem);
}

function refused(fileName: string, kind: DocumentFileKind, problem: string) {
  return new AppError(
    422,
    'UNSAFE_FILE',
    `"${fileName}" cannot be accepted as ${kindNames[kind]}: ${problem}`,
  );
}
