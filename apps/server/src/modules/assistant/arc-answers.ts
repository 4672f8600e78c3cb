import type { ArcField } from '@commonwise/contracts';
import { checkAnswers } from '../arc/answers.ts';
import {
  formatRatio,
  matchListedValue,
  parseDecimal,
  parseQuantities,
  quantityIn,
  sameQuantity,
  valueIn,
  type Quantity,
} from '../arc/measurements.ts';
import { plainText } from './normalize.ts';

/**
 * An owner's chat answer to one question of an architectural request's form (issue 22 item 1), read
 * as the portal's form would keep it: a number field's answer is a number in the field's unit ("6 feet"
 * for a height in inches is 72, "1,8 m" is 70.87), a choice one of its options (any case, or a common
 * word for it: "cedar" is Wood, "madera" is Wood), text as written. The form's own check
 * (arc/answers.ts `checkAnswers`) has the last word, so the chat keeps nothing the form would refuse.
 */

export type ReadAnswer =
  | {
      ok: true;
      value: string | number;
      /** A number converted or rounded from what was written ("6 feet" → 72 in): told back to the owner. */
      converted: boolean;
    }
  | {
      ok: false;
      /** `number`: no number (in the unit) found; `one_number`: several; `choice`: not an option; `empty`; `refused`: the form's check. */
      problem: 'number' | 'one_number' | 'choice' | 'empty' | 'too_long' | 'refused';
      /** The form's own message (English), for `refused`. */
      message?: string;
    };

/** The longest answer the form takes (packages/contracts arcAnswerSchema). */
export const maxAnswerLength = 2000;

/** Units as Spanish, Portuguese and French speakers write them, in the words the measurement reader knows. */
const unitWords: [RegExp, string][] = [
  [/\b(?:pies|pie|pes|pe|pieds|pied) (?:cuadrados?|quadrados?|carres?)\b/g, 'sq ft'],
  [/\b(?:metros?|metres?) (?:cuadrados?|quadrados?|carres?)\b/g, 'sq m'],
  [/\b(?:pies|pie|pes|pieds|pied)\b/g, 'ft'],
  [/\b(?:pulgadas?|polegadas?|pouces?)\b/g, 'in'],
  [/\b(?:centimetros?|centimetres?)\b/g, 'cm'],
  [/\b(?:milimetros?|millimetres?)\b/g, 'mm'],
  [/\b(?:metros?|metres?)\b/g, 'm'],
  [/\b(?:kilovatios?|quilowatts?|kilowatts?)\b/g, 'kw'],
  [/\b(?:paneles|painel|paineis|panneaux|placas)\b/g, 'panels'],
];

/** The text with accents off and other languages' unit words in English, keeping digits and marks (5'6"). */
function withEnglishUnits(text: string): string {
  let result = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  for (const [pattern, english] of unitWords) result = result.replace(pattern, english);
  return result;
}

/** The distinct quantities, compared exactly ("6 ft (72 in)" is one value). */
function distinct(quantities: Quantity[]): Quantity[] {
  return quantities.filter((q, index) => quantities.findIndex((other) => sameQuantity(q, other)) === index);
}

/** The plain numbers in a text ("about 24", "24 panels", "7,5"), as written. */
function plainNumbers(text: string): string[] {
  return [...text.matchAll(/(?<![\w.])\d+(?:[.,]\d+)?(?![\w.]*\d)/g)].map((m) =>
    /^\d+,\d{1,2}$/.test(m[0]) ? m[0].replace(',', '.') : m[0].replace(/,(?=\d{3}\b)/g, ''),
  );
}

function readNumber(field: ArcField, text: string): ReadAnswer {
  const written = withEnglishUnits(text);
  if (field.unit) {
    const found = distinct(parseQuantities(written, field.unit));
    if (found.length > 1) return { ok: false, problem: 'one_number' };
    if (found.length === 1) {
      const value = valueIn(found[0]!, field.unit)!;
      const { text: shown } = formatRatio(value, 2);
      // "72 inches" for inches is as written; "6 feet" or "1,8 m" is not.
      return { ok: true, value: Number(shown), converted: !plainNumbers(written).includes(shown) };
    }
  }
  // No unit written ("about 72", "24 panels"): the number in the field's own unit.
  const numbers = [...new Set(plainNumbers(written))];
  if (numbers.length > 1) return { ok: false, problem: 'one_number' };
  if (numbers.length === 0) return { ok: false, problem: 'number' };
  const ratio = parseDecimal(numbers[0]!)!;
  const value = field.unit ? valueIn(quantityIn(ratio, field.unit), field.unit)! : ratio;
  return { ok: true, value: Number(formatRatio(value, 2).text), converted: false };
}

/** Spanish, Portuguese and French words for the options associations commonly list. */
const optionWords: Record<string, string[]> = {
  wood: ['madera', 'madeira', 'bois'],
  vinyl: ['vinilo', 'vinil', 'pvc', 'vinyle'],
  'wrought iron': ['hierro forjado', 'herreria', 'ferro forjado', 'fer forge'],
  aluminum: ['aluminio', 'aluminium'],
  masonry: ['mamposteria', 'block', 'bloque', 'ladrillo', 'alvenaria', 'tijolo', 'maconnerie', 'brique'],
  metal: ['metal', 'metalico', 'lamina', 'metallique'],
  'asphalt shingle': ['teja asfaltica', 'tejas asfalticas', 'telha asfaltica', 'bardeaux'],
  'concrete tile': ['teja de concreto', 'telha de concreto', 'tuile beton'],
  'clay tile': ['teja de barro', 'teja de arcilla', 'telha de barro', 'tuile'],
  roof: ['techo', 'tejado', 'telhado', 'toit'],
  ground: ['suelo', 'piso', 'tierra', 'chao', 'solo', 'sol'],
  other: ['otro', 'otra', 'outro', 'outra', 'autre'],
  yes: ['si', 'sim', 'oui'],
  no: ['non', 'nao'],
};

function readChoice(field: ArcField, text: string): ReadAnswer {
  const trimmed = text.trim();
  const exact = field.options.find((option) => option.toLowerCase() === trimmed.toLowerCase());
  const listed = exact ?? matchListedValue(trimmed, field.options);
  if (listed) return { ok: true, value: listed, converted: false };
  const plain = ` ${plainText(text)} `;
  const translated = field.options.find((option) =>
    (optionWords[plainText(option)] ?? []).some((word) => plain.includes(` ${word} `)),
  );
  return translated ? { ok: true, value: translated, converted: false } : { ok: false, problem: 'choice' };
}

/** Reads one answer for `field`, and checks it as the form does. */
export function readArcAnswer(field: ArcField, text: string): ReadAnswer {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (trimmed.length > maxAnswerLength) return { ok: false, problem: 'too_long' };
  const read: ReadAnswer =
    field.kind === 'number'
      ? readNumber(field, trimmed)
      : field.kind === 'choice'
        ? readChoice(field, trimmed)
        : { ok: true, value: trimmed, converted: false };
  if (!read.ok) return read;
  const { answers, errors } = checkAnswers([field], { [field.key]: read.value });
  const message = Object.values(errors)[0];
  if (message !== undefined) return { ok: false, problem: 'refused', message };
  return { ...read, value: answers[field.key]! };
}
