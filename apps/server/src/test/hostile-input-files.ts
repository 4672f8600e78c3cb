// Malicious upload fixtures, made in code (never committed as binaries): polyglots, renamed programs,
// zip bombs, SVG with script, images that declare enormous sizes. See documents/malicious-uploads.test.ts.
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { makeDocx, makeExecutable, makeTextPdf } from './fixtures/documents.ts';

export type ZipEntryInput = {
  name: string;
  data: Buffer;
  /** 0: stored, 8: deflated (default). */
  method?: 0 | 8;
  /** Sizes the directory claims, when they should lie. */
  claimedUnpackedBytes?: number;
};

/** A ZIP archive, written the plain way (local headers, data, central directory, end record). */
export function makeZip(entries: ZipEntryInput[], options: { zip64Marker?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const packed = method === 8 ? deflateRawSync(entry.data, { level: 9 }) : entry.data;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const unpacked = entry.claimedUnpackedBytes ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(unpacked, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(unpacked, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = options.zip64Marker ? 0xffff : entries.length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(options.zip64Marker ? 0xffffffff : offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const contentTypes = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);
const rels = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
);
const documentXml = (body: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${body}</w:t></w:r></w:p></w:body></w:document>`,
  );

/** A Word document's parts (so file-type calls it a .docx), followed by whatever else. */
export function makeDocxZip(extra: ZipEntryInput[], options: { zip64Marker?: boolean } = {}): Buffer {
  return makeZip(
    [{ name: '[Content_Types].xml', data: contentTypes }, { name: '_rels/.rels', data: rels }, ...extra],
    options,
  );
}

/** The start of a Windows program (MZ header pointing at a PE header), padded. */
export function makeWindowsExecutable(size = 4096): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x14c, 0x84); // i386
  return bytes;
}

/** A PNG whose header declares `width` × `height` pixels (a decompression bomb for OCR). */
export function makeHugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // One row of zeros, deflated: the rest never arrives, the header alone is the threat.
  const idat = deflateRawSync(Buffer.alloc(1 + width));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose start-of-frame is then rewritten to claim `width` × `height`. */
export async function makeHugeJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  for (let at = 2; at < jpeg.length - 9;) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xc0 || marker === 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no start-of-frame in the JPEG');
}

/** A GIF whose logical screen is 65,535 × 65,535 pixels. */
export function makeHugeGif(): Buffer {
  const gif = Buffer.from('474946383961' + 'ffffffff' + '000000' + '3b', 'hex');
  return gif;
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

export type MaliciousFile = { label: string; name: string; bytes: Buffer };

/** Files that must be refused, each with the reason it is dangerous in its label. */
export async function maliciousFiles(uploadMaxBytes: number): Promise<MaliciousFile[]> {
  const pdf = await makeTextPdf([['Rules and regulations']]);
  const smallZip = makeZip([{ name: 'payload.html', data: Buffer.from('<script>alert(1)</script>') }]);
  const pdfText = pdf.toString('latin1');
  const htmlInPdf = Buffer.from(
    pdfText.replace(
      /^%PDF-1\.\d\n/,
      (header) => `${header}<html><body><script>alert(1)</script></body></html>\n`,
    ),
    'latin1',
  );
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#369' } })
    .jpeg()
    .toBuffer();
  const zeros = Buffer.alloc(20 * 1024 * 1024);
  return [
    { label: 'PDF/ZIP polyglot', name: 'minutes.pdf', bytes: Buffer.concat([pdf, smallZip]) },
    { label: 'PDF/HTML polyglot', name: 'bylaws.pdf', bytes: htmlInPdf },
    { label: 'JPEG/ZIP polyglot', name: 'photo.jpg', bytes: Buffer.concat([photo, smallZip]) },
    {
      label: 'HTML page renamed .pdf',
      name: 'notice.pdf',
      bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
    },
    { label: 'ELF program renamed .pdf', name: 'budget.pdf', bytes: makeExecutable() },
    { label: 'ELF program renamed .png', name: 'map.png', bytes: makeExecutable() },
    { label: 'ELF program renamed .docx', name: 'rules.docx', bytes: makeExecutable() },
    { label: 'Windows program renamed .pdf', name: 'invoice.pdf', bytes: makeWindowsExecutable() },
    { label: 'Windows program renamed .jpg', name: 'pool.jpg', bytes: makeWindowsExecutable() },
    { label: 'Windows program renamed .txt', name: 'readme.txt', bytes: makeWindowsExecutable() },
    { label: 'Windows program as .exe', name: 'setup.exe', bytes: makeWindowsExecutable() },
    { label: 'plain ZIP renamed .docx', name: 'archive.docx', bytes: smallZip },
    {
      label: 'DOCX zip bomb (20 MB of zeros in one entry)',
      name: 'bomb.docx',
      bytes: makeDocxZip([{ name: 'word/document.xml', data: Buffer.concat([documentXml('x'), zeros]) }]),
    },
    {
      label: 'DOCX zip bomb (3,000 entries)',
      name: 'many.docx',
      bytes: makeDocxZip([
        { name: 'word/document.xml', data: documentXml('Many parts') },
        ...Array.from({ length: 3000 }, (_, index) => ({
          name: `word/media/p${index}.xml`,
          data: Buffer.from('<a/>'),
        })),
      ]),
    },
    {
      label: 'DOCX zip bomb (declares 4 GB, ZIP64)',
      name: 'huge.docx',
      bytes: makeDocxZip([{ name: 'word/document.xml', data: documentXml('Huge') }], { zip64Marker: true }),
    },
    {
      label: 'DOCX holding a nested archive',
      name: 'nested.docx',
      bytes: makeDocxZip([
        { name: 'word/document.xml', data: documentXml('Nested') },
        { name: 'word/embeddings/inner.zip', data: makeZip([{ name: 'zeros.bin', data: zeros }]), method: 0 },
      ]),
    },
    { label: 'SVG with script', name: 'logo.svg', bytes: svgWithScript },
    { label: 'SVG with script renamed .png', name: 'logo.png', bytes: svgWithScript },
    { label: 'SVG with script renamed .jpg', name: 'logo.jpg', bytes: svgWithScript },
    {
      label: 'PNG declaring 100,000 × 100,000 pixels',
      name: 'scan.png',
      bytes: makeHugePng(100_000, 100_000),
    },
    {
      label: 'JPEG declaring 60,000 × 60,000 pixels',
      name: 'scan.jpg',
      bytes: await makeHugeJpeg(60_000, 60_000),
    },
    { label: 'GIF declaring 65,535 × 65,535 pixels', name: 'scan.gif', bytes: makeHugeGif() },
    {
      label: 'file over the upload limit',
      name: 'big.pdf',
      bytes: Buffer.concat([pdf, Buffer.alloc(uploadMaxBytes)]),
    },
    { label: 'empty file', name: 'empty.pdf', bytes: Buffer.alloc(0) },
    { label: 'HTML page as .html', name: 'page.html', bytes: Buffer.from('<script>alert(1)</script>') },
    { label: 'DOCX that is really a PDF', name: 'report.docx', bytes: pdf },
    {
      label: 'text that is not UTF-8',
      name: 'notes.txt',
      bytes: Buffer.from([0x66, 0x6f, 0xff, 0xfe, 0x00, 0x41]),
    },
  ];
}

/** Files an association really uploads: every one must be accepted. */
export async function validFiles(): Promise<MaliciousFile[]> {
  const { makeDocContainer, makeScannedPdf, makeTextImage, makeLongTextPdf } =
    await import('./fixtures/documents.ts');
  const photo = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: '#7a9' },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return [
    {
      label: 'text PDF',
      name: 'CC&Rs 2024.pdf',
      bytes: await makeTextPdf([['Declaration of Covenants'], ['Page two']]),
    },
    { label: 'long text PDF', name: 'bylaws.pdf', bytes: await makeLongTextPdf(20) },
    { label: 'scanned PDF', name: 'scan.pdf', bytes: await makeScannedPdf([['Pool rules: no glass']]) },
    {
      label: 'Word document',
      name: 'Meeting minutes (March).docx',
      bytes: await makeDocx(['Minutes', 'Attendees: 12']),
    },
    {
      label: 'long Word document',
      name: 'handbook.docx',
      bytes: await makeDocx(
        Array.from({ length: 3000 }, (_, index) => `Rule ${index}: keep the common areas tidy.`),
      ),
    },
    { label: 'old Word document', name: 'old.doc', bytes: makeDocContainer() },
    { label: 'PNG of text', name: 'notice.png', bytes: await makeTextImage(['Garage closed Friday'], 'png') },
    {
      label: 'JPEG of text',
      name: 'notice.jpeg',
      bytes: await makeTextImage(['Garage closed Friday'], 'jpeg'),
    },
    { label: 'GIF of text', name: 'notice.gif', bytes: await makeTextImage(['Garage closed Friday'], 'gif') },
    { label: '6-megapixel photo', name: 'IMG_2041.JPG', bytes: photo },
    { label: 'plain text', name: 'notes.txt', bytes: Buffer.from('Board notes: budget approved.\n') },
    {
      label: 'text with Unicode, markup-looking text and SQL in it',
      name: 'ünïcödé – notes 😀.txt',
      bytes: Buffer.from("Café 😀 <b>not html</b> ' OR '1'='1 — ok\n"),
    },
    {
      label: 'text named with a path traversal',
      name: '../../etc/passwd.txt',
      bytes: Buffer.from('root:x:0:0\n'),
    },
    {
      label: 'text named with Windows traversal',
      name: '..\\..\\boot.ini.txt',
      bytes: Buffer.from('[boot]\n'),
    },
    { label: 'SVG markup in a .txt file (shown as text)', name: 'logo.txt', bytes: svgWithScript },
  ];
}
