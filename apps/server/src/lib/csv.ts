/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, return at the start) is prefixed with an
 * apostrophe: an exported file must not execute what someone typed into a unit label or a memo. Only for
 * text: amounts are written as plain numbers.
 */
export const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
