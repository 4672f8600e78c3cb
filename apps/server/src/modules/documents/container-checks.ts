import { inflateRawSync } from 'node:zlib';

/**
 * Checks on what a file contains, beyond its type (issue 11, hostile uploads): images too large to
 * read, web-page code hidden in a document, a ZIP archive glued to a PDF or an image (a polyglot),
 * and Word documents that unpack to far more than they weigh (zip bombs). Pure functions on bytes,
 * used by the upload (on the head and tail of the stream) and by the extraction worker (on the whole
 * file, before mammoth unpacks it). Each returns a sentence for the person uploading, or null.
 */

/** Images read by OCR: 50 megapixels is well above a 300 dpi A3 scan (~17 MP) or a phone photo. */
export const maxImagePixels = 50_000_000;
/** A Word document is a ZIP: at most this many entries… */
export const maxZipEntries = 2000;
/** …unpacking to at most this much in all… */
export const maxZipUnpackedBytes = 100 * 1024 * 1024;
/** …and no large entry packed more than this many times smaller (text packs about 10:1, zeros 1000:1). */
export const maxZipRatio = 100;
const ratioCheckedFromBytes = 1024 * 1024;
/** The end of a file kept for the checks that need it: the ZIP directory (1 MB) and its end record. */
export const tailBytes = 1024 * 1024 + 22 + 0xffff;

export type ImageKind = 'png' | 'jpg' | 'gif';

/** Width and height from an image's header (PNG IHDR, GIF screen, JPEG start-of-frame), if found. */
export function imageDimensions(kind: ImageKind, head: Uint8Array): { width: number; height: number } | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (kind === 'png') {
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (kind === 'gif') {
    if (bytes.length < 10) return null;
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  // JPEG: walk the markers to the first start-of-frame (SOF0–SOF15, but not DHT, JPG or DAC).
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

export function imageTooLarge(kind: ImageKind, head: Uint8Array): string | null {
  const size = imageDimensions(kind, head);
  if (!size || size.width * size.height <= maxImagePixels) return null;
  return `it is ${size.width} × ${size.height} pixels, more than the ${maxImagePixels / 1_000_000} megapixels that can be read. Upload a smaller image (a scan at 300 dpi is plenty).`;
}

/** Markup a browser would run if it ever took the file for a web page. */
const activeContent = /<\s*(script|html|iframe|object|embed|svg|body)[\s>/]|<!doctype\s+html|javascript:/i;

/** Web-page code in the start of a PDF or an image (a PDF/HTML polyglot, an SVG renamed .png …). */
export function activeContentIn(head: Uint8Array): string | null {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1');
  return activeContent.test(text)
    ? 'it contains web-page code (HTML or script), which documents may not. Save it again as a plain file and upload that.'
    : null;
}

type ZipDirectory = {
  entries: number;
  /** Where the central directory starts, counted from the start of the file. */
  offset: number;
  size: number;
  isZip64: boolean;
};

/** The end-of-central-directory record, searched for in the last 64 KiB + 22 bytes. */
function findZipEnd(tail: Buffer): ZipDirectory | null {
  const lowest = Math.max(0, tail.length - 22 - 0xffff);
  for (let at = tail.length - 22; at >= lowest; at--) {
    if (tail.readUInt32LE(at) !== 0x06054b50) continue;
    const entries = tail.readUInt16LE(at + 10);
    const size = tail.readUInt32LE(at + 12);
    const offset = tail.readUInt32LE(at + 16);
    return {
      entries,
      size,
      offset,
      isZip64: entries === 0xffff || size === 0xffffffff || offset === 0xffffffff,
    };
  }
  return null;
}

/** A ZIP archive at the end of a file that claims to be something else (PDF or image). */
export function zipAppended(tail: Buffer): string | null {
  return findZipEnd(tail)
    ? 'its contents are also an archive (ZIP) joined to the file, which documents may not be. Save the document again and upload that.'
    : null;
}

type ZipEntry = {
  name: string;
  method: number;
  packedBytes: number;
  unpackedBytes: number;
  localHeaderOffset: number;
};

/** The central directory's entries; `tail` is the end of a file of `fileSize` bytes (or all of it). */
function readZipDirectory(tail: Buffer, fileSize: number): ZipEntry[] | string {
  const end = findZipEnd(tail);
  if (!end) return 'it is not a complete Word document (no ZIP directory was found).';
  if (end.isZip64) return 'it is a ZIP64 archive, which Word documents never need.';
  if (end.entries > maxZipEntries)
    return `it holds ${end.entries} files, more than the ${maxZipEntries} a Word document may have.`;
  const start = end.offset - (fileSize - tail.length);
  if (start < 0 || start + end.size > tail.length)
    return 'its ZIP directory is too large or damaged to be a Word document.';
  const entries: ZipEntry[] = [];
  let at = start;
  for (let index = 0; index < end.entries; index++) {
    if (at + 46 > tail.length || tail.readUInt32LE(at) !== 0x02014b50) return 'its ZIP directory is damaged.';
    const nameLength = tail.readUInt16LE(at + 28);
    entries.push({
      method: tail.readUInt16LE(at + 10),
      packedBytes: tail.readUInt32LE(at + 20),
      unpackedBytes: tail.readUInt32LE(at + 24),
      localHeaderOffset: tail.readUInt32LE(at + 42),
      name: tail.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
  }
  return entries;
}

const nestedArchive = /\.(zip|gz|tgz|rar|7z|tar|bz2|xz|jar|cab)$/i;

/**
 * What a Word document's ZIP directory declares: too many entries, too much unpacked, or a large
 * entry packed too tightly is a zip bomb. Cheap (no unpacking), so it runs on every upload.
 */
export function zipBombByDirectory(tail: Buffer, fileSize: number): string | null {
  const entries = readZipDirectory(tail, fileSize);
  if (typeof entries === 'string') return entries;
  let unpacked = 0;
  for (const entry of entries) {
    // Word embeds other Office files (.xlsx, .docx, .bin), never plain archives: one inside is a way
    // to smuggle a payload (or a nested bomb) past these checks.
    if (nestedArchive.test(entry.name))
      return `it holds an archive ("${entry.name}"), which Word documents never do.`;
    unpacked += entry.unpackedBytes;
    if (
      entry.unpackedBytes > ratioCheckedFromBytes &&
      entry.unpackedBytes > maxZipRatio * Math.max(1, entry.packedBytes)
    )
      return `it unpacks to far more than it weighs ("${entry.name}": ${formatBytes(entry.packedBytes)} unpacks to ${formatBytes(entry.unpackedBytes)}), like a zip bomb.`;
  }
  if (unpacked > maxZipUnpackedBytes)
    return `it unpacks to ${formatBytes(unpacked)}, more than the ${formatBytes(maxZipUnpackedBytes)} a Word document may.`;
  return null;
}

/**
 * The same limits, proven by unpacking (a directory can lie about sizes): every entry is inflated
 * with a cap on its output, before any library unpacks the file without one. For the extraction
 * worker, which has the whole file.
 */
export function zipBombByUnpacking(bytes: Uint8Array): string | null {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readZipDirectory(file, file.length);
  if (typeof entries === 'string') return entries;
  let budget = maxZipUnpackedBytes;
  for (const entry of entries) {
    const header = entry.localHeaderOffset;
    if (header + 30 > file.length || file.readUInt32LE(header) !== 0x04034b50)
      return 'its ZIP entries are damaged.';
    const dataStart = header + 30 + file.readUInt16LE(header + 26) + file.readUInt16LE(header + 28);
    const packed = file.subarray(dataStart, dataStart + entry.packedBytes);
    let size: number;
    if (entry.method === 0) size = packed.length;
    else if (entry.method === 8) {
      try {
        size = inflateRawSync(packed, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          return `it unpacks to more than the ${formatBytes(maxZipUnpackedBytes)} a Word document may, like a zip bomb.`;
        return 'its ZIP entries are damaged.';
      }
    } else return 'it uses a ZIP compression Word documents do not use.';
    budget -= size;
    if (budget < 0)
      return `it unpacks to more than the ${formatBytes(maxZipUnpackedBytes)} a Word document may, like a zip bomb.`;
  }
  return null;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 / 1024)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
