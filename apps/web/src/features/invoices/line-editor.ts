import { invoiceLinesMax, type InvoiceLineInput } from '@commonwise/contracts';
import { centsFromText } from './money.ts';

/** One line of the invoice being written, as typed. */
export interface DraftLine {
  key: number;
  description: string;
  amount: string;
}

let nextKey = 1;
export const emptyLine = (): DraftLine => ({ key: nextKey++, description: '', amount: '' });

/** The total of the lines whose amount reads as money (the others count for nothing until fixed). */
export function draftTotalCents(lines: readonly DraftLine[]): number {
  return lines.reduce((sum, line) => sum + (centsFromText(line.amount) ?? 0), 0);
}

export type LineErrors = Record<number, { description?: string; amount?: string }>;

/**
 * The lines as the server takes them (whole cents), or what is wrong with each line; an empty line at
 * the end (description and amount blank) is left out rather than refused.
 */
export function readLines(lines: readonly DraftLine[]): {
  lines: InvoiceLineInput[];
  errors: LineErrors;
  formError: string | null;
} {
  const filled = lines.filter(
    (line, index) => index === 0 || line.description.trim() !== '' || line.amount.trim() !== '',
  );
  const errors: LineErrors = {};
  const read: InvoiceLineInput[] = [];
  for (const line of filled) {
    const description = line.description.trim();
    const amountCents = centsFromText(line.amount);
    const lineErrors: { description?: string; amount?: string } = {};
    if (!description) lineErrors.description = 'Say what the line is for';
    if (amountCents === null)
      lineErrors.amount =
        line.amount.trim() === ''
          ? 'Enter the amount'
          : 'Enter an amount in dollars above $0.00, with at most two decimals';
    if (lineErrors.description || lineErrors.amount) errors[line.key] = lineErrors;
    else read.push({ description, amountCents: amountCents! });
  }
  const formError =
    filled.length > invoiceLinesMax ? `An invoice has at most ${invoiceLinesMax} lines` : null;
  return { lines: read, errors, formError };
}
