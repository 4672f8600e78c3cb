import type { LetterStatus } from '@commonwise/contracts';

export const letterStatusColors: Record<LetterStatus, string> = {
  draft: 'gray',
  awaiting_approval: 'yellow',
  approved: 'blue',
  sent: 'green',
  cancelled: 'red',
};

/** Dollars as typed (e.g. 325.5) to whole cents, or undefined when empty. */
export function dollarsToCentsOrUndefined(value: number | string): number | undefined {
  if (value === '' || value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.round(number * 100) : undefined;
}

/** The paragraphs of a letter's body, as the PDF sets them (a blank line between paragraphs). */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
