/**
 * The dollar amounts a message names ("why was I charged $25?", "¿por qué me cobraron 25,50 dólares?",
 * "25美元"), in cents, so a question about a charge can be answered with that charge. Only amounts
 * marked as money count: "unit 14B" or "the 3rd" name none. A separator followed by exactly three
 * digits groups thousands ("$1,200", "1.200 dólares", "1\u202f200 $"); one or two digits are cents
 * ("25.5", "25,50").
 */

const number = String.raw`\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const before = String.raw`(?:us\s?\$|usd\s?|\$)\s?(${number})`;
const after = String.raw`(${number})\s?(?:\$|usd\b|us\$|dollars?\b|d[oó]lares?\b|đô(?:\s?la)?|美元|美金|块|元)`;
const mention = new RegExp(`${before}|${after}`, 'giu');

/** Amounts above this are not a charge to an owner's unit (a typo, a phone number). */
const largestCents = 100_000_000;

export function amountsNamed(text: string): number[] {
  const found = new Set<number>();
  for (const match of text.toLowerCase().matchAll(mention)) {
    const cents = toCents(match[1] ?? match[2] ?? '');
    if (cents !== undefined && cents > 0 && cents <= largestCents) found.add(cents);
  }
  return [...found];
}

function toCents(written: string): number | undefined {
  const decimal = /[.,](\d{1,2})$/.exec(written);
  const whole = (decimal ? written.slice(0, decimal.index) : written).replace(/[,.\u00a0\u202f]/g, '');
  if (!/^\d+$/.test(whole)) return undefined;
  const cents = decimal ? Number(decimal[1]!.padEnd(2, '0')) : 0;
  return Number(whole) * 100 + cents;
}
