import { CsvError as ParseError, parse } from 'csv-parse/sync';

/**
 * Reads a units import file with `csv-parse` (RFC 4180 as spreadsheets write it): fields separated by
 * commas, or semicolons when the header has semicolons and no comma (as some spreadsheets export);
 * double quotes, "" for a quote inside; CRLF, LF or CR line breaks; quoted fields may span lines; a
 * byte-order mark is ignored; rows may have fewer or more cells than the header (the import reports it).
 */

export type CsvRecord = {
  /** The row number as the spreadsheet shows it: the header is row 1. */
  row: number;
  cells: string[];
};

/** A file that is not CSV at all, told in words a manager can act on. */
export class CsvError extends Error {}

export function parseCsv(input: string): { header: string[]; records: CsvRecord[] } {
  const firstLine = input.slice(0, input.search(/\r|\n|$/));
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let rows: string[][];
  try {
    rows = parse(input, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    if (error instanceof ParseError) {
      // `records` is how many rows were read whole before the problem: the header is row 1.
      const row = ((error as ParseError & { records?: number }).records ?? 0) + 1;
      throw new CsvError(
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? `Row ${row} opens a quoted field (") that never closes: check the quotes on that row.`
          : `Row ${row} could not be read as CSV: ${error.message}`,
      );
    }
    throw error;
  }
  const [header, ...body] = rows;
  return {
    header: (header ?? []).map((name) => name.trim()),
    records: body
      .map((cells, position) => ({ row: position + 2, cells }))
      .filter((record) => record.cells.some((value) => value.trim() !== '')),
  };
}
