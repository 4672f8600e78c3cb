/**
 * A CSV reader for the units import (RFC 4180 as spreadsheets write it): fields separated by commas (or
 * semicolons, when the header has semicolons and no comma, as some spreadsheets export), quoted with
 * double quotes ("" for a quote inside), line breaks CRLF, LF or CR, quoted fields may span lines, a
 * leading byte-order mark is ignored. No CSV parser is installed in the repository; this is small
 * enough to own (docs/decisions/0025-units-import.md).
 */

export type CsvRecord = {
  /** The row number as the spreadsheet shows it: the header is row 1. */
  row: number;
  cells: string[];
};

export class CsvError extends Error {}

export function parseCsv(input: string): { header: string[]; records: CsvRecord[] } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteStartRow = 0;
  let index = 0;
  const endRow = () => {
    cells.push(cell);
    rows.push(cells);
    cells = [];
    cell = '';
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 2;
          continue;
        }
        quoted = false;
        index += 1;
        continue;
      }
      cell += char;
      index += 1;
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      quoted = true;
      quoteStartRow = rows.length + 1;
      cell = '';
      index += 1;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
      index += 1;
    } else if (char === '\r' || char === '\n') {
      endRow();
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
    } else {
      cell += char;
      index += 1;
    }
  }
  if (quoted)
    throw new CsvError(
      `Row ${quoteStartRow} opens a quoted field (") that never closes: check the quotes on that row.`,
    );
  if (cell !== '' || cells.length > 0) endRow();
  const [header, ...body] = rows;
  return {
    header: (header ?? []).map((name) => name.trim()),
    records: body
      .map((row, position) => ({ row: position + 2, cells: row }))
      .filter((record) => record.cells.some((value) => value.trim() !== '')),
  };
}
