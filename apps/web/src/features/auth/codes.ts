/** The digits of a typed or pasted 6-digit code ("123 456" → "123456"), at most 6. */
export function keepDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}
