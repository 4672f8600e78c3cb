import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Letters as PDF (decision 0035): pdfmake 0.3 with the Roboto fonts its npm package ships, so nothing is
 * downloaded and every Latin, Greek or Cyrillic name prints. pdfmake may read those font files and
 * nothing else, and no URL at all: a template's text can never make the server fetch anything.
 */
const fontsDir = join(dirname(createRequire(import.meta.url).resolve('pdfmake/fonts/Roboto.js')), 'Roboto');
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontsDir + sep));
pdfmake.setFonts({
  Roboto: {
    normal: join(fontsDir, 'Roboto-Regular.ttf'),
    bold: join(fontsDir, 'Roboto-Medium.ttf'),
    italics: join(fontsDir, 'Roboto-Italic.ttf'),
    bolditalics: join(fontsDir, 'Roboto-MediumItalic.ttf'),
  },
});

export type RenderedPdf = { bytes: Buffer; pageCount: number };

export type LetterDocument = {
  association: { name: string; address: string };
  /** The letter's date as printed ("November 24, 2026"). */
  date: string;
  recipients: { name: string; address: string }[];
  title: string;
  body: string;
  /** A short reference printed in the footer, so a paper copy can be matched to its record. */
  reference: string;
  /** The moment the letter was made: the PDF's creation date, so the same letter renders the same. */
  createdAt: Date;
  /** A photo printed after the body (a violation notice's latest evidence), with its caption. */
  image?: { bytes: Uint8Array; mimeType: 'image/jpeg' | 'image/png'; caption: string };
};

const grey = '#555555';

/** Paragraphs are separated by a blank line; a single line break is kept inside a paragraph. */
const paragraphsOf = (text: string): Content[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({ text: paragraph, margin: [0, 0, 0, 10] }));

/** Renders a pdfmake document with the fonts and access policies above (letters, the board's report). */
export async function render(definition: TDocumentDefinitions): Promise<RenderedPdf> {
  let pageCount = 0;
  const footer = definition.footer;
  const withCount: TDocumentDefinitions = {
    ...definition,
    footer: (currentPage, pages, pageSize) => {
      pageCount = pages;
      return typeof footer === 'function' ? footer(currentPage, pages, pageSize) : (footer ?? null);
    },
  };
  const bytes = await pdfmake.createPdf(withCount).getBuffer();
  return { bytes, pageCount };
}

const baseDocument = (title: string, author: string, createdAt: Date) => ({
  pageSize: 'LETTER' as const,
  pageMargins: [72, 64, 72, 64] as [number, number, number, number],
  info: { title, author, creator: 'Commonwise', producer: 'Commonwise', creationDate: createdAt },
  defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.25 },
});

/** One letter: the association's letterhead, the date, whom it is to, its title and its body. */
export function renderLetter(letter: LetterDocument): Promise<RenderedPdf> {
  return render({
    ...baseDocument(letter.title, letter.association.name, letter.createdAt),
    content: [
      { text: letter.association.name, fontSize: 15, bold: true },
      { text: letter.association.address, fontSize: 9, color: grey, margin: [0, 2, 0, 24] },
      { text: letter.date, margin: [0, 0, 0, 16] },
      ...letter.recipients.map((recipient, index): Content => ({
        stack: [{ text: recipient.name, bold: true }, { text: recipient.address }],
        margin: [0, 0, 0, index === letter.recipients.length - 1 ? 20 : 8],
      })),
      { text: letter.title, fontSize: 12.5, bold: true, margin: [0, 0, 0, 12] },
      ...paragraphsOf(letter.body),
      ...(letter.image
        ? [
            {
              // A data URL: pdfmake reads no file and fetches nothing (the access policies above).
              image: `data:${letter.image.mimeType};base64,${Buffer.from(letter.image.bytes).toString('base64')}`,
              fit: [320, 240] as [number, number],
              margin: [0, 8, 0, 4] as [number, number, number, number],
            },
            { text: letter.image.caption, fontSize: 8.5, color: grey },
          ]
        : []),
    ],
    footer: (currentPage, pageCount) => ({
      text: `${letter.association.name} · Letter ${letter.reference} · Page ${currentPage} of ${pageCount}`,
      fontSize: 8,
      color: grey,
      margin: [72, 24, 72, 0],
    }),
  });
}

export type AddressSheetRow = {
  recipient: string;
  address: string;
  unit: string;
  letter: string;
  reference: string;
};

/**
 * The batch's first pages: every envelope to address, in the order the letters follow, with room to
 * write each certified-mail tracking number.
 */
export function renderAddressSheet(sheet: {
  association: string;
  printedOn: string;
  rows: AddressSheetRow[];
  createdAt: Date;
}): Promise<RenderedPdf> {
  const header = ['#', 'Recipient', 'Mailing address', 'Unit', 'Letter', 'Tracking number'].map(
    (text): Content => ({ text, bold: true, fontSize: 9 }),
  );
  return render({
    ...baseDocument(`Address sheet: ${sheet.association}`, sheet.association, sheet.createdAt),
    pageOrientation: 'landscape',
    pageMargins: [48, 48, 48, 56],
    content: [
      { text: `Address sheet: ${sheet.association}`, fontSize: 14, bold: true },
      {
        text: `Printed on ${sheet.printedOn} · ${sheet.rows.length} ${sheet.rows.length === 1 ? 'envelope' : 'envelopes'}, in the order of the letters that follow`,
        fontSize: 9,
        color: grey,
        margin: [0, 2, 0, 14],
      },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [18, 120, '*', 40, 150, 110],
          body: [
            header,
            ...sheet.rows.map((row, index): Content[] => [
              { text: String(index + 1), fontSize: 9 },
              { text: row.recipient, fontSize: 9 },
              { text: row.address, fontSize: 9 },
              { text: row.unit, fontSize: 9 },
              { text: `${row.letter} (${row.reference})`, fontSize: 9 },
              { text: ' ', fontSize: 9 },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
    ],
    footer: (currentPage, pageCount) => ({
      text: `Address sheet · Page ${currentPage} of ${pageCount}`,
      fontSize: 8,
      color: grey,
      margin: [48, 24, 48, 0],
    }),
  });
}

/** One PDF of the given PDFs, page by page, in order: the stored letters exactly as they were made. */
export async function concatenatePdfs(parts: Uint8Array[]): Promise<RenderedPdf> {
  const whole = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    const pages = await whole.copyPages(source, source.getPageIndices());
    for (const page of pages) whole.addPage(page);
  }
  return { bytes: Buffer.from(await whole.save()), pageCount: whole.getPageCount() };
}
