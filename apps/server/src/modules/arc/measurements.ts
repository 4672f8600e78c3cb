import { arcUnitLabels, type ArcUnit } from '@commonwise/contracts';

/**
 * Reading the values of an architectural request from its files' text (issue 22 item 2): the heights,
 * setbacks, areas and system sizes in contractors' quotes, drawing notes and owners' descriptions, and
 * the listed values (materials, colour codes) they name. Deterministic and exact: lengths are compared as
 * fractions of an inch (bigint ratios), so 1,524 mm is exactly 60 in and 5'6" is exactly 66 in.
 *
 * How a value is tied to the field it is read for (the heuristics, in the order they apply):
 *
 * 1. Scanning. A value is a number (digits with thousands separators and decimals, a fraction or mixed
 *    number before an inch mark, or a small number word: "six", "six and a half") followed by a unit:
 *    in / " / inches, ft / ' / feet / foot, feet-and-inches (5'6", 5'-6", 5 ft 6 in, 5ft6in), mm / cm / m,
 *    yd, sq ft / sf / ft², m², W / kW / kWp / MW. A number right after a letter, $ or # (model numbers,
 *    prices, job numbers) or inside a date or phone number is not a value; kWh is energy, not power.
 *    "5-6 ft" is a range (both ends are read), "8' x 10'" / "12 by 16 feet" a product (its sides are read
 *    as dimensions, and as an area when an area is wanted; "10x12 shed" without a unit is read as feet
 *    only beside the field's own object), "106 in (8.8 ft)" an alias (the conversion in brackets is
 *    dropped) and "1/4" = 1'-0"" a drawing scale (ignored).
 * 2. Text is cut into segments (lines, sentences, ';', '|', ' - ', ' / ', wide gaps) and a value is only
 *    tied to words in its own segment.
 * 3. A value is dropped when it is the limit rather than the thing: after "not to exceed", "max",
 *    "up to", "no more than", "minimum", "required", "allows", "shall"… to the end of the segment (or a
 *    contrasting word: but, proposed, our, we…). So "not to exceed 6 ft" in a quote is never read as the
 *    built height, even when the writer meant it as one; the check then says nothing was found. A "max"
 *    or "min." after a value ("6 ft max", "15'-0" MIN. FROM …" on a drawing) is read as the value.
 * 4. A value is dropped when it describes what is there now: within three words after "existing", "old",
 *    "remove", "replace", "instead of", "not", "no" (unless "with", "new", "install"… come between), or in
 *    the rest of a segment that starts "existing <the field's object>".
 * 5. The words right after a value say what it measures: "tall/high/H/to the ridge/above the roof" a
 *    height, "wide/W" a width, "long/total/of" a length, "deep/in ground/embed" a depth, "from/off/inside"
 *    a setback, "o.c./apart" a spacing; "linear ft" and "LF" are always lengths of run. Failing that, the
 *    nearest measuring word before it in the segment ("Height: 6'", "H = 5'-6"", "ridge height 9'2"").
 *    A value tied to another measure than the field's is dropped; one tied to the field's is strong.
 * 6. The noun a value modifies: "6' cedar privacy fence" is the fence's height (fences, walls, hedges and
 *    screens are measured by height); "6' pickets", "4' gate", "400W panels" measure a part and are
 *    dropped, as are values that belong to the lot or the house ("Lot size 9,600 sq ft"). A panel's
 *    rating is not the system's: "18 x 400W", "30 x REC 410W", "@ 405 Wp", "405W modules = 9.72 kW".
 * 7. Otherwise a value is near when the field's words (its label, its key, their synonyms, its object)
 *    are in the segment within 60 characters; a kW figure needs no words (in a solar file it is the
 *    system's size); anything else is not read.
 * 8. Between fields measuring the same thing (rear vs side setback, body vs trim colour), a value goes
 *    to the field whose distinguishing word ("rear", "trim") is nearest to it: in its segment, or on its
 *    line when the segment names neither ("Trim - Extra White SW7006").
 *
 * Listed values (one_of / not_one_of) are matched ignoring case, spaces and punctuation, as whole words;
 * a material also by its common words ("cedar" is wood, "PVC" vinyl). A code ("SW 7005") is read
 * anywhere; a word ("vinyl") only near the field's words, or, for a material field, on its own unless it
 * modifies another thing ("vinyl siding"). Rules 3, 4 and 8 apply, and "… is not permitted" after it.
 *
 * What it cannot read: values in tables whose header is on another line than the value, dimension
 * strings on a drawing without words, a lone value with none of the field's words near ("the 6' one"),
 * sizes written only as a model number, heights stated only as a limit ("will not exceed 6 ft"),
 * "between 5 and 6 feet", number words above ninety-nine, colours by name when the list has codes (or
 * the reverse), and OCR that garbles the digits or the unit (a misspelt word is tolerated: one letter,
 * same first letter).
 */

// ---------------------------------------------------------------------------------------------------
// Exact arithmetic

/** An exact rational number; d > 0 and n/d in lowest terms. */
export type Ratio = { readonly n: bigint; readonly d: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(n: bigint | number, d: bigint | number = 1n): Ratio {
  let num = BigInt(n);
  let den = BigInt(d);
  if (den === 0n) throw new RangeError('A ratio cannot have a zero denominator');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den);
  return g > 1n ? { n: num / g, d: den / g } : { n: num, d: den };
}
export const addRatio = (a: Ratio, b: Ratio): Ratio => ratio(a.n * b.d + b.n * a.d, a.d * b.d);
export const mulRatio = (a: Ratio, b: Ratio): Ratio => ratio(a.n * b.n, a.d * b.d);
export const divRatio = (a: Ratio, b: Ratio): Ratio => ratio(a.n * b.d, a.d * b.n);
export function compareRatio(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
}

/** "1,524.5", "0.25", "1e-3" → an exact ratio; null when it is not a decimal number. */
export function parseDecimal(text: string): Ratio | null {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim().replace(/,(?=\d{3}\b)/g, ''));
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  let n = BigInt(`${whole}${fraction}` || '0');
  let d = 10n ** BigInt(fraction.length);
  const e = Number(exponent);
  if (e >= 0) n *= 10n ** BigInt(e);
  else d *= 10n ** BigInt(-e);
  return ratio(sign === '-' ? -n : n, d);
}

/** A JavaScript number as the decimal a person typed (0.1 is exactly 1/10, not its binary neighbour). */
export function ratioFromNumber(value: number): Ratio {
  if (!Number.isFinite(value)) throw new RangeError('Not a finite number');
  const parsed = parseDecimal(String(value));
  if (!parsed) throw new RangeError(`Cannot read ${value}`);
  return parsed;
}

/** At most `decimals` decimals, half away from zero; `exact` when nothing was rounded. */
export function formatRatio(value: Ratio, decimals = 2): { text: string; exact: boolean } {
  const scale = 10n ** BigInt(decimals);
  const negative = value.n < 0n;
  const n = negative ? -value.n : value.n;
  const rounded = (n * scale * 2n + value.d) / (2n * value.d);
  const exact = (n * scale) % value.d === 0n;
  const whole = rounded / scale;
  const fraction = rounded % scale;
  let text = whole.toString();
  if (fraction > 0n) text += `.${fraction.toString().padStart(decimals, '0').replace(/0+$/, '')}`;
  return { text: negative && rounded !== 0n ? `-${text}` : text, exact };
}

// ---------------------------------------------------------------------------------------------------
// Quantities and units

export type Dimension = 'length' | 'area' | 'power';
/** A physical quantity, exact, in its dimension's base unit: inches, square feet or kilowatts. */
export type Quantity = { dimension: Dimension; base: Ratio };

const unitScale: Record<ArcUnit, { dimension: Dimension; factor: Ratio }> = {
  in: { dimension: 'length', factor: ratio(1) },
  ft: { dimension: 'length', factor: ratio(12) },
  sq_ft: { dimension: 'area', factor: ratio(1) },
  kw: { dimension: 'power', factor: ratio(1) },
};

export function unitDimension(unit: ArcUnit): Dimension {
  return unitScale[unit].dimension;
}
export function quantityIn(value: Ratio, unit: ArcUnit): Quantity {
  const { dimension, factor } = unitScale[unit];
  return { dimension, base: mulRatio(value, factor) };
}
/** The quantity's value in `unit`; null when the dimensions differ (a length is never an area). */
export function valueIn(quantity: Quantity, unit: ArcUnit): Ratio | null {
  const { dimension, factor } = unitScale[unit];
  return quantity.dimension === dimension ? divRatio(quantity.base, factor) : null;
}
/** "66 in", "5.5 ft", "about 70.87 in" (when two decimals do not hold it exactly). */
export function formatQuantity(quantity: Quantity, unit: ArcUnit): string {
  const value = valueIn(quantity, unit);
  if (!value) return '?';
  const { text, exact } = formatRatio(value);
  return `${exact ? '' : 'about '}${text} ${arcUnitLabels[unit]}`;
}
export function sameQuantity(a: Quantity, b: Quantity): boolean {
  return a.dimension === b.dimension && compareRatio(a.base, b.base) === 0;
}

/** Units as people write them, in the base units above. 1 in = 25.4 mm exactly. */
const writtenUnits = {
  in: { dimension: 'length', factor: ratio(1) },
  ft: { dimension: 'length', factor: ratio(12) },
  yd: { dimension: 'length', factor: ratio(36) },
  mm: { dimension: 'length', factor: ratio(5, 127) },
  cm: { dimension: 'length', factor: ratio(50, 127) },
  m: { dimension: 'length', factor: ratio(5000, 127) },
  sq_ft: { dimension: 'area', factor: ratio(1) },
  sq_m: { dimension: 'area', factor: ratio(25_000_000, 16_129 * 144) },
  w: { dimension: 'power', factor: ratio(1, 1000) },
  kw: { dimension: 'power', factor: ratio(1) },
  mw: { dimension: 'power', factor: ratio(1000) },
} as const satisfies Record<string, { dimension: Dimension; factor: Ratio }>;
type WrittenUnit = keyof typeof writtenUnits;

// ---------------------------------------------------------------------------------------------------
// Scanning: numbers with units

const numberWords: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70,
  eighty: 80, ninety: 90,
}; // prettier-ignore
const tensWords = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const unitWords = 'one|two|three|four|five|six|seven|eight|nine';
const smallWords = `zero|${unitWords}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen`;
const inchAhead = String.raw`(?=[ \t]*(?:"|''|in\b|inch))`;
const numberPatterns: { re: RegExp; read: (m: RegExpExecArray) => Ratio | null; words?: boolean }[] = [
  {
    // 4 1/2" and 4-1/2"
    re: new RegExp(String.raw`(\d+)(?:[ \t]+|-)(\d+)\/(\d+)${inchAhead}`, 'y'),
    read: (m) =>
      Number(m[3]) === 0 ? null : addRatio(ratio(BigInt(m[1]!)), ratio(BigInt(m[2]!), BigInt(m[3]!))),
  },
  {
    re: new RegExp(String.raw`(\d+)\/(\d+)${inchAhead}`, 'y'),
    read: (m) => (Number(m[2]) === 0 ? null : ratio(BigInt(m[1]!), BigInt(m[2]!))),
  },
  {
    // 1,8 m: a decimal comma, only before a metric unit
    re: /(\d+),(\d{1,2})(?![\d,])(?=[ \t]*(?:mm|cm|m)(?![a-z]))/iy,
    read: (m) => parseDecimal(`${m[1]}.${m[2]}`),
  },
  { re: /(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)/y, read: (m) => parseDecimal(m[0]) },
  {
    re: new RegExp(
      String.raw`(?:(${tensWords})(?:[- ](${unitWords}))?|(${smallWords}))\b(?:[- ]and[- ]a[- ]half\b)?`,
      'iy',
    ),
    read: (m) => {
      const whole =
        (numberWords[(m[1] ?? m[3] ?? '').toLowerCase()] ?? 0) +
        (numberWords[(m[2] ?? '').toLowerCase()] ?? 0);
      return /half$/i.test(m[0]) ? addRatio(ratio(whole), ratio(1, 2)) : ratio(whole);
    },
    words: true,
  },
];

// "in" is an inch only when the next word is not one that "in" commonly introduces.
const notInches =
  'the|a|an|this|that|these|those|my|our|your|their|his|her|its|front|back|rear|side|place|total|stock|' +
  'all|each|addition|case|order|advance|person|writing|ground|concrete|conc|line|may|spring|summer|fall|' +
  'autumn|winter|jan\\w*|feb\\w*|mar\\w*|apr\\w*|june?|july?|aug\\w*|sep\\w*|oct\\w*|nov\\w*|dec\\w*|\\d';
const sep = String.raw`(?:[ \t]{0,2}-[ \t]{0,2}|[ \t]{0,2})`;
const unitPatterns: { re: RegExp; unit: WrittenUnit; linear?: boolean; foot?: boolean }[] = [
  {
    re: new RegExp(
      String.raw`${sep}(?:sq(?:uare)?\.?[ \t]*(?:ft|feet|foot)\.?|sq\.?[ \t]*f\.?(?![a-z])|sqft|s\.?f\.?(?![a-z])|ft(?:[ \t]*²|\^?2(?!\d))|square[ \t]+f(?:ee|oo)t)`,
      'iy',
    ),
    unit: 'sq_ft',
  },
  {
    re: new RegExp(
      String.raw`${sep}(?:sq(?:uare)?\.?[ \t]*(?:m|met(?:er|re)s?)(?![a-z])|m(?:[ \t]*²|\^?2(?!\d))|square[ \t]+met(?:er|re)s?)`,
      'iy',
    ),
    unit: 'sq_m',
  },
  { re: new RegExp(String.raw`${sep}(?:kilowatts?|kw(?:p|[ \t]*(?:dc|ac)\b)?(?![a-z]))`, 'iy'), unit: 'kw' },
  { re: new RegExp(String.raw`${sep}(?:megawatts?|mwp?(?![a-z]))`, 'iy'), unit: 'mw' },
  { re: new RegExp(String.raw`${sep}(?:watts?|wp?(?![a-z/]))`, 'iy'), unit: 'w' },
  {
    re: new RegExp(
      String.raw`${sep}(?:lf|l\.f\.|lin\.?[ \t]*(?:ft|feet)\.?|linear[ \t]+(?:ft|feet|foot)\.?)(?![a-z])`,
      'iy',
    ),
    unit: 'ft',
    linear: true,
  },
  { re: new RegExp(String.raw`${sep}(?:feet|foot|ft\.?)(?![a-z])`, 'iy'), unit: 'ft', foot: true },
  {
    re: new RegExp(
      String.raw`${sep}(?:inches|inch|in\.(?![a-z])|in(?![a-z])(?![ \t]+(?:${notInches})\b))`,
      'iy',
    ),
    unit: 'in',
  },
  { re: new RegExp(String.raw`${sep}(?:mm|millimet(?:er|re)s?)(?![a-z])`, 'iy'), unit: 'mm' },
  { re: new RegExp(String.raw`${sep}(?:cm|centimet(?:er|re)s?)(?![a-z])`, 'iy'), unit: 'cm' },
  { re: new RegExp(String.raw`${sep}(?:m|met(?:er|re)s?)(?![a-z²])`, 'iy'), unit: 'm' },
  { re: new RegExp(String.raw`${sep}(?:yds?|yards?)(?![a-z])`, 'iy'), unit: 'yd' },
  { re: /'(?!['a-z])/iy, unit: 'ft', foot: true },
  { re: /(?:''|")/y, unit: 'in' },
];
const inchUnitPatterns = unitPatterns.filter((p) => p.unit === 'in');

type Term = {
  start: number;
  end: number;
  numberEnd: number;
  value: Ratio;
  unit: WrittenUnit | null;
  unitText: string;
  linear: boolean;
  words: boolean;
  /** A product's side qualified in place: "8 feet wide by 10 feet deep". */
  qualifier: Concept | null;
};

function stickyAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

function readNumberAt(text: string, at: number): { value: Ratio; end: number; words: boolean } | null {
  for (const pattern of numberPatterns) {
    const match = stickyAt(pattern.re, text, at);
    if (!match) continue;
    const value = pattern.read(match);
    if (value) return { value, end: at + match[0].length, words: pattern.words ?? false };
  }
  return null;
}

function readUnitAt(text: string, at: number, patterns = unitPatterns) {
  // Every unit starts, after at most a few spaces and a hyphen, with a letter or a mark.
  if (!/^[ \t-]{0,5}[A-Za-z'"²]/.test(text.slice(at, at + 6))) return null;
  for (const pattern of patterns) {
    const match = stickyAt(pattern.re, text, at);
    if (match) return { ...pattern, end: at + match[0].length, text: match[0].trim().replace(/^-\s*/, '') };
  }
  return null;
}

const memberQualifierRe = /[ \t]*(wide|width|long|length|deep|depth|high|tall|height|w|l|h|d)\b\.?/iy;
const memberConcept: Record<string, Concept> = {
  wide: 'width', width: 'width', w: 'width',
  long: 'length', length: 'length', l: 'length',
  deep: 'depth', depth: 'depth', d: 'depth',
  high: 'height', tall: 'height', height: 'height', h: 'height',
}; // prettier-ignore

function readTermAt(text: string, at: number): Term | null {
  const number = readNumberAt(text, at);
  if (!number) return null;
  const after = text.slice(number.end, number.end + 12);
  // Dates, times, phone numbers, percentages and rates are not measurements.
  if (!number.words && /^(?:[/:]\d|-\d{3,}|\s?%)/.test(after)) return null;
  const unit = readUnitAt(text, number.end);
  // A number word is a measurement only with its unit ("two gates" is a count).
  if (number.words && !unit) return null;
  const term: Term = {
    start: at,
    end: unit?.end ?? number.end,
    numberEnd: number.end,
    value: number.value,
    unit: unit?.unit ?? null,
    unitText: unit?.text ?? '',
    linear: unit?.linear ?? false,
    words: number.words,
    qualifier: null,
  };
  if (unit?.foot) {
    // Feet and inches: 5'6", 5'-6", 5 ft 6 in, 5ft6in, 10'-4 1/2".
    const gap = stickyAt(/[ \t]*(?:-|–)?[ \t]*/y, text, term.end);
    const inchesAt = term.end + (gap?.[0].length ?? 0);
    const inches = /\d/.test(text[inchesAt] ?? '') ? readNumberAt(text, inchesAt) : null;
    const inchUnit = inches ? readUnitAt(text, inches.end, inchUnitPatterns) : null;
    if (inches && inchUnit && !inches.words) {
      term.value = addRatio(mulRatio(term.value, ratio(12)), inches.value);
      term.unit = 'in';
      term.end = inchUnit.end;
    }
  }
  return term;
}

/** Whether a number may start here: not inside a word, a model or job number, a price or a date. */
function canStartNumber(text: string, at: number): boolean {
  const before = text[at - 1] ?? ' ';
  if (/[A-Za-z0-9_$#]/.test(before)) return false;
  if (/[-/.]/.test(before) && /[A-Za-z0-9]/.test(text[at - 2] ?? ' ')) return false;
  if (/\$\s$/.test(text.slice(Math.max(0, at - 2), at))) return false;
  return true;
}

export type MentionRole = 'single' | 'range' | 'side' | 'area_product';
/** A value found in text, before it is tied to any field. */
export type Mention = {
  start: number;
  end: number;
  /** The whole expression it belongs to (a range, a product, with its alias in brackets). */
  exprStart: number;
  exprEnd: number;
  quantity: Quantity;
  written: string;
  role: MentionRole;
  /** "6 ft H" in a product: what this side measures. */
  qualifier: Concept | null;
  linear: boolean;
  scale: boolean;
  /** A product without any unit ("10x12 shed"), read as feet. */
  unitless: boolean;
  /** "x 400W", "@ 405 Wp", "400W panels": the rating of one of many. */
  perUnit: boolean;
};

function quantityOfTerm(term: Term): Quantity | null {
  if (!term.unit) return null;
  const { dimension, factor } = writtenUnits[term.unit];
  return { dimension, base: mulRatio(term.value, factor) };
}

const rangeRe = /[ \t]*(?:-|–|—|to\b)[ \t]*/iy;
const productRe = /[ \t]*(?:x|×|\*|by\b)[ \t]*/iy;
const aliasOpenRe = /[ \t]*[([][ \t]*(?:=|approx\.?|about|~|or)?[ \t]*/iy;
const aliasCloseRe = /[ \t]*[)\]]/y;
const equalsRe = /[ \t]*=[ \t]*/y;
const numberStart = String.raw`\d|\.\d|\b(?:${tensWords}|${smallWords})\b`;

/** Every value in the text, in order. */
export function scanMentions(text: string): Mention[] {
  const mentions: Mention[] = [];
  const numberStartRe = new RegExp(numberStart, 'gi');
  let match: RegExpExecArray | null;
  while ((match = numberStartRe.exec(text))) {
    const at = match.index;
    if (!canStartNumber(text, at)) continue;
    const first = readTermAt(text, at);
    if (!first) continue;
    const consumed = readExpression(text, first);
    mentions.push(...consumed.mentions);
    numberStartRe.lastIndex = Math.max(consumed.end, at + 1);
  }
  return mentions;
}

function readExpression(text: string, first: Term): { mentions: Mention[]; end: number } {
  const terms = [first];
  let kind: 'single' | 'range' | 'product' = 'single';
  let end = first.end;
  const qualify = (term: Term) => {
    const q = stickyAt(memberQualifierRe, text, term.end);
    if (!q || !/^[ \t]*[a-z]/i.test(q[0])) return term.end;
    const after = text.slice(term.end + q[0].length, term.end + q[0].length + 8);
    // A bare "W", "H", "L", "D" qualifies a side only inside a product: "6 ft H x 8 ft W".
    if (q[1]!.length === 1 && !/^[ \t]*(?:x|×|\*|by\b)/i.test(after) && kind !== 'product') return term.end;
    term.qualifier = memberConcept[q[1]!.toLowerCase()] ?? null;
    return term.end + q[0].length;
  };
  // A range: "5-6 ft", "5 ft to 6 ft".
  const range = stickyAt(rangeRe, text, end);
  if (range && !(first.unit && range[0].trim() === '-' && !/\s/.test(range[0]))) {
    const second = readTermAt(text, end + range[0].length);
    if (
      second?.unit &&
      (!first.unit || writtenUnits[first.unit].dimension === writtenUnits[second.unit].dimension)
    ) {
      terms.push(second);
      kind = 'range';
      end = second.end;
    }
  }
  if (kind === 'single') {
    // A product: "8' x 10'", "12 by 16 feet", "8 feet wide by 10 feet deep by 7 feet high", "10x12".
    let cursor = first;
    for (let sides = 1; sides < 3; sides++) {
      // The connector, after the side's own qualifier if it has one ("8 feet wide by …").
      const qualified = stickyAt(memberQualifierRe, text, cursor.end);
      const connectorAt = [qualified ? cursor.end + qualified[0].length : -1, cursor.end]
        .filter((at) => at >= 0)
        .map((at) => ({ at, connector: stickyAt(productRe, text, at) }))
        .find((c) => c.connector !== null);
      if (!connectorAt) break;
      const next = readTermAt(text, connectorAt.at + connectorAt.connector![0].length);
      if (!next || next.words !== cursor.words) break;
      if (kind !== 'product') kind = 'product';
      qualify(cursor);
      terms.push(next);
      cursor = next;
    }
    if (kind === 'product') end = qualify(cursor);
  }
  // Units given once for several numbers: "5-6 ft", "12 by 16 feet".
  for (let i = terms.length - 2; i >= 0; i--) {
    const term = terms[i]!;
    const next = terms[i + 1]!;
    if (!term.unit && next.unit)
      Object.assign(term, { unit: next.unit, unitText: next.unitText, linear: next.linear });
  }
  const exprStart = first.start;
  let exprEnd = end;
  let scale = false;
  // An alias in brackets ("106 in (8.8 ft)") is the same value converted: it is skipped.
  const open = stickyAt(aliasOpenRe, text, end);
  if (open && first.unit) {
    const alias = readTermAt(text, end + open[0].length);
    const close = alias?.unit ? stickyAt(aliasCloseRe, text, alias.end) : null;
    if (alias && close && writtenUnits[alias.unit!].dimension === writtenUnits[first.unit].dimension) {
      exprEnd = alias.end + close[0].length;
    }
  }
  // A drawing's scale: 1/4" = 1'-0".
  const equals = stickyAt(equalsRe, text, exprEnd);
  if (equals && first.unit && writtenUnits[first.unit].dimension === 'length') {
    const other = readTermAt(text, exprEnd + equals[0].length);
    if (other?.unit && writtenUnits[other.unit].dimension === 'length') {
      scale = true;
      exprEnd = other.end;
    }
  }
  const mentions: Mention[] = [];
  const written = (term: Term) =>
    term.end > term.numberEnd
      ? text.slice(term.start, term.end).replace(/\s+/g, ' ').trim()
      : `${text.slice(term.start, term.numberEnd)} ${term.unitText}`;
  const base = { exprStart, exprEnd, scale, unitless: false, perUnit: false };
  if (terms.every((t) => !t.unit)) {
    if (kind === 'product' && terms.length === 2) {
      const [a, b] = terms as [Term, Term];
      mentions.push({
        ...base,
        start: a.start,
        end: b.end,
        quantity: { dimension: 'area', base: mulRatio(a.value, b.value) },
        written: text.slice(a.start, b.end),
        role: 'area_product',
        qualifier: null,
        linear: false,
        unitless: true,
      });
    }
    return { mentions, end: Math.max(end, first.end) };
  }
  for (const term of terms) {
    const quantity = quantityOfTerm(term);
    if (!quantity) continue;
    mentions.push({
      ...base,
      start: term.start,
      end: term.end,
      quantity,
      written: written(term),
      role: kind === 'product' ? 'side' : kind === 'range' ? 'range' : 'single',
      qualifier: term.qualifier,
      linear: term.linear,
    });
  }
  if (kind === 'product') {
    // The area of a product of lengths: the two sides that are not a height ("8 wide by 10 deep by 7
    // high"), or the first two of three unnamed sides (length × width × height).
    const sides = mentions.filter((m) => m.quantity.dimension === 'length' && m.qualifier !== 'height');
    const named = sides.filter((m) => m.qualifier !== null);
    const pick = sides.length <= 2 ? sides : named.length === 2 ? named : sides.slice(0, 2);
    if (pick.length === 2) {
      const [a, b] = pick as [Mention, Mention];
      mentions.push({
        ...base,
        start: a.start,
        end: b.end,
        quantity: {
          dimension: 'area',
          base: divRatio(mulRatio(a.quantity.base, b.quantity.base), ratio(144)),
        },
        written: text.slice(a.start, b.end).replace(/\s+/g, ' '),
        role: 'area_product',
        qualifier: a.qualifier && b.qualifier ? 'area' : null,
        linear: false,
      });
    }
  }
  return { mentions, end: exprEnd };
}

// ---------------------------------------------------------------------------------------------------
// Words: what a value measures, and what it belongs to

export type Concept =
  | 'height'
  | 'width'
  | 'length'
  | 'depth'
  | 'setback'
  | 'spacing'
  | 'thickness'
  | 'area'
  | 'capacity'
  | 'colour'
  | 'material';

/** Words (stems) that name each measure, for fields' labels and the words before a value. */
const conceptWords: Record<Concept, string[]> = {
  height: ['height', 'tall', 'high', 'ht', 'hgt', 'elevation', 'peak', 'ridge', 'eave'],
  width: ['width', 'wide'],
  length: ['length', 'long', 'linear', 'run'],
  depth: ['depth', 'deep', 'embed', 'embedment'],
  setback: [
    'setback',
    'set back',
    'distance',
    'clearance',
    'property line',
    'lot line',
    'prop line',
    'boundary',
  ],
  spacing: ['spacing', 'every', 'apart', 'on center'],
  thickness: ['thickness', 'thick'],
  area: ['area', 'footprint', 'size', 'square footage', 'dimension'],
  capacity: ['system', 'size', 'capacity', 'array', 'output', 'rating', 'dc', 'pv', 'solar'],
  colour: ['colour', 'color', 'paint', 'painted', 'painting', 'stain', 'shade', 'hue'],
  material: ['material', 'made of', 'constructed of', 'built of', 'construction'],
};
/** Measures whose words may label a value before it ("Height: 6'"); area and capacity by dimension. */
const lengthConcepts: Concept[] = ['height', 'width', 'length', 'depth', 'setback', 'spacing', 'thickness'];

/** Parts of a painted house, so "the house … (SW 6244)" is the body and "white trim" the trim. */
const partSynonyms: Record<string, string[]> = {
  body: ['house', 'siding', 'wall', 'exterior', 'main', 'stucco'],
  trim: ['fascia', 'soffit', 'molding', 'moulding', 'window frame'],
  door: ['front door', 'entry door'],
  rear: ['back'],
  back: ['rear'],
  front: ['street side'],
};

/** Things measured by their height when a value modifies them: "6' cedar privacy fence". */
const heightObjects = new Set([
  'fence',
  'fencing',
  'wall',
  'hedge',
  'screen',
  'screening',
  'railing',
  'barrier',
]);
/** Structures a project may be about. */
const structures = new Set([
  ...heightObjects,
  'shed', 'pergola', 'gazebo', 'arbor', 'arbour', 'deck', 'patio', 'porch', 'addition', 'garage', 'pool',
  'spa', 'playset', 'playhouse', 'greenhouse', 'carport', 'driveway', 'walkway', 'sidewalk', 'trellis',
  'canopy', 'awning', 'sign', 'mailbox', 'flagpole', 'system', 'array', 'roof', 'building', 'structure',
]); // prettier-ignore
/** Parts: a value that modifies one measures the part, not the project. */
const components = new Set([
  'post', 'picket', 'rail', 'board', 'gate', 'panel', 'module', 'footing', 'beam', 'rafter', 'joist', 'slat',
  'lattice', 'hole', 'window', 'door', 'header', 'pad', 'slab', 'step', 'stair', 'louver', 'louvre',
  'inverter', 'breaker', 'battery', 'tile', 'shingle', 'pipe', 'wire', 'column', 'pier', 'stake', 'paver',
  'block', 'brick', 'stone', 'plant', 'tree', 'shrub',
]); // prettier-ignore
/** What surrounds the project: a value that belongs to one of these is not the project's. */
const contextObjects = new Set([
  'lot', 'house', 'home', 'dwelling', 'residence', 'property', 'parcel', 'yard', 'neighbor', 'neighbour',
  'street', 'road', 'easement', 'usage', 'bill',
]); // prettier-ignore

const stopWords = new Set(
  'a an the of from to in on at above below for and or with by per each is are be will our your my this that its it as'.split(
    ' ',
  ),
);
/** Words that end a noun phrase after a value ("6' privacy in back"). */
const phraseBreakers = new Set([
  ...stopWords,
  'along',
  'around',
  'across',
  'behind',
  'between',
  'w',
  'including',
  'incl',
  'installed',
  'install',
  'set',
  'to',
  'at',
]);

/** Lower case, and the plural 's' dropped: "Fences" → "fence". */
export function stem(word: string): string {
  const lower = word.toLowerCase().replace(/['’]/g, '');
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower;
}

type Token = { stem: string; start: number; end: number };
function tokenize(text: string): Token[] {
  return [...text.matchAll(/[A-Za-z][A-Za-z'’]*/g)].map((m) => ({
    stem: stem(m[0]),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** One letter apart (substitution, insertion, deletion or swap) with the same first letter: OCR slips. */
function isNearMiss(a: string, b: string): boolean {
  if (a.length < 5 || b.length < 5 || a[0] !== b[0] || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    a.slice(i) === b.slice(i + 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}
function wordMatches(token: string, word: string): boolean {
  return token === word || isNearMiss(token, word);
}

/** A phrase of one or more words, matched token by token. */
type Phrase = string[];
const phrase = (text: string): Phrase => text.split(/\s+/).map(stem);
type Hit = { start: number; end: number };
function findPhrases(tokens: Token[], phrases: Phrase[]): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const words of phrases) {
      if (words.every((word, k) => tokens[i + k] !== undefined && wordMatches(tokens[i + k]!.stem, word))) {
        hits.push({ start: tokens[i]!.start, end: tokens[i + words.length - 1]!.end });
        break;
      }
    }
  }
  return hits;
}

// ---------------------------------------------------------------------------------------------------
// Segments

const abbreviations = new Set(
  'approx apprx incl min max typ no nos vs etc sq st dr mr mrs ms ea prop est ht hgt dia lin conc qty oc o c w e g i'.split(
    ' ',
  ),
);
const segmentBreakRe = /\n|[;|]|\s\/\s|\s(?:-{1,2}|–|—|->|→)\s|[ \t]{3,}|[.!?](?=\s+["'(A-Z])/g;

type Segments = { starts: number[]; ends: number[] };
function cutSegments(text: string): Segments {
  const starts = [0];
  const ends: number[] = [];
  for (const match of text.matchAll(segmentBreakRe)) {
    if (/^[.!?]$/.test(match[0])) {
      const word = /([A-Za-z]+)$/.exec(text.slice(Math.max(0, match.index - 12), match.index))?.[1];
      if (word && abbreviations.has(word.toLowerCase())) continue;
    }
    ends.push(match.index);
    starts.push(match.index + match[0].length);
  }
  ends.push(text.length);
  return { starts, ends };
}
function segmentAt(segments: Segments, at: number): { start: number; end: number } {
  let lo = 0;
  let hi = segments.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments.starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return { start: segments.starts[lo]!, end: segments.ends[lo]! };
}

// ---------------------------------------------------------------------------------------------------
// The field a value is read for

export type FieldTarget = {
  key: string;
  label: string;
  /** The field's unit (number fields); null for a field read against listed values. */
  unit: ArcUnit | null;
  /** The labels of the form's other fields, to tell "rear setback" from "side setback". */
  siblings?: string[];
};

type FieldProfile = {
  concept: Concept | null;
  /** The field's words and their synonyms: a value near one of them is near the field. */
  anchors: Phrase[];
  /** The thing the field is about ("fence" in "Fence height"). */
  objects: Set<string>;
  /** Words telling it apart from a sibling of the same measure, and the sibling's own such words. */
  own: Phrase[];
  others: Phrase[];
};

const labelConceptRules: [Concept, RegExp][] = [
  ['setback', /set\s*back|distance|clearance|from .*line/],
  ['height', /height|tall|\bht\b|elevation/],
  ['width', /width|wide/],
  ['depth', /depth|deep/],
  ['length', /length|long/],
  ['colour', /colou?r|paint|stain/],
  ['material', /material/],
  ['area', /area|footprint|square/],
];

function labelWords(target: { key: string; label: string }): string {
  return `${target.label} ${target.key.replace(/_/g, ' ')}`.toLowerCase();
}
function conceptOf(words: string, unit: ArcUnit | null): Concept | null {
  if (unit === 'sq_ft') return 'area';
  if (unit === 'kw') return 'capacity';
  return labelConceptRules.find(([, re]) => re.test(words))?.[0] ?? null;
}

function contentStems(words: string): string[] {
  return (words.match(/[a-z]+/g) ?? []).map(stem).filter((w) => !stopWords.has(w) && w.length > 1);
}

function profileOf(target: FieldTarget): FieldProfile {
  const words = labelWords(target);
  const concept = conceptOf(words, target.unit);
  const stems = contentStems(words.replace(/\b(?:property|prop|lot)\s+line\b/g, 'line'));
  const objects = new Set(
    stems.filter((w) => structures.has(w) || components.has(w) || contextObjects.has(w)),
  );
  const anchors: Phrase[] = [...new Set(stems)].filter((w) => w !== 'line').map((w) => [w]);
  if (concept) anchors.push(...conceptWords[concept].map(phrase));
  for (const w of stems) for (const synonym of partSynonyms[w] ?? []) anchors.push(phrase(synonym));
  // Siblings measuring the same thing: the words that tell them apart.
  const own: Phrase[] = [];
  const others: Phrase[] = [];
  const shared = new Set([...stems, ...(concept ? conceptWords[concept].map(stem) : [])]);
  const conceptStems = new Set(concept ? conceptWords[concept].map(stem) : []);
  for (const sibling of target.siblings ?? []) {
    const siblingWords = sibling.toLowerCase();
    // A sibling's measure from its own words ("Shed height" is not an area, whatever this field's unit).
    if (conceptOf(siblingWords, null) !== (conceptOf(words, null) ?? concept)) continue;
    const siblingStems = contentStems(siblingWords);
    const theirs = siblingStems.filter((w) => !shared.has(w) && !conceptStems.has(w));
    const mine = stems.filter((w) => !siblingStems.includes(w) && !conceptStems.has(w) && w !== 'line');
    for (const w of theirs) others.push([w], ...(partSynonyms[w] ?? []).map(phrase));
    for (const w of mine) own.push([w], ...(partSynonyms[w] ?? []).map(phrase));
  }
  return { concept, anchors, objects, own, others };
}

// ---------------------------------------------------------------------------------------------------
// Context rules

const limitRe =
  /\b(?:not\s+to\s+exceed|(?:shall|must|may|can|will|should|does|do)\s*(?:not|n't)\s+(?:exceed|be\s+(?:more|higher|taller|greater|larger))|cannot\s+exceed|no\s+(?:more|higher|taller|greater|larger|bigger|less|lower|shorter|smaller|closer|further|farther)\s+than|maximum|max\b\.?|minimum|min\b\.?|up\s+to|at\s+(?:most|least)|limit(?:ed|s)?\b|allow(?:s|ed|able)?\b|permit(?:s|ted)?\b|required|req'?d|requires?\b|shall\b)/gi;
const contrastRe =
  /\b(?:but|however|whereas|while|although|though|proposed|our|we|we'll|we're|my|i|actual|actually|new)\b/i;
const removalRe =
  /\b(?:existing|old|current|previous|original|former|remov(?:e|ed|ing|al)|tear(?:ing)?[ -](?:out|down)|demo(?:lish(?:ed|ing)?)?|replac(?:e|es|ed|ing)|instead\s+of|rather\s+than|not|no|without)\b/gi;
const freshRe = /\b(?:with|by|new|proposed|install(?:ed|ing)?|build|built|will\s+be|to\s+be|becomes?)\b/i;

/** After a value: what it measures. Tried in order on the lower-cased text after it. */
const afterConcepts: [Concept, RegExp][] = [
  [
    'height',
    /^(?:in\s+)?(?:tall|high|height|hgt|ht)\b|^h\b(?!\s*=)|^(?:to|at)\s+(?:the\s+)?(?:top|ridge|peak|eaves?|highest)\b|^above\s+(?:the\s+)?(?:finished\s+)?(?:grade|ground|roof|roofline|shingles|deck)\b|^clear\b/,
  ],
  ['width', /^(?:in\s+)?(?:wide|width)\b|^w\b/],
  [
    'depth',
    /^(?:in\s+)?(?:deep|depth)\b|^d\b|^(?:in(?:to)?\s+(?:the\s+)?(?:ground|concrete|conc|soil))\b|^below\s+grade|^embed/,
  ],
  ['spacing', /^(?:o\.?\s?c\.?(?![a-z])|on\s+cent(?:er|re)s?|apart\b|spacing\b|cent(?:er|re)s\b)/],
  ['setback', /^(?:set\s*back|setback)\b|^(?:back\s+|away\s+)?(?:from|off|inside|within|clear\s+of)\b/],
  ['thickness', /^(?:thick|thickness)\b/],
  ['length', /^(?:in\s+)?(?:long|length)\b|^l\b|^(?:total|run|of)\b/],
];
const afterFillerRe =
  /^(?:\s|[.:~]|\b(?:min|max|minimum|maximum|approx|approximately|apprx|typ|typical|nominal|overall)\b\.?)*/i;

type Tie = { strength: 'strong' | 'near' } | { strength: 'none' } | { strength: 'reject'; why: string };

type PageContext = {
  text: string;
  lower: string;
  tokens: Token[];
  segments: Segments;
  limits: { start: number; end: number }[];
  removals: { start: number; end: number; state: boolean }[];
};

/** Pages already read, by their text: a request's checks read the same files again and again. */
const pageCache = new Map<string, { ctx: PageContext; mentions: Mention[] }>();
const pageCacheSize = 64;
function readPage(text: string): { ctx: PageContext; mentions: Mention[] } {
  const cached = pageCache.get(text);
  if (cached) return cached;
  const ctx = contextOf(text);
  const mentions = scanMentions(ctx.text);
  markPerUnit(ctx, mentions);
  const page = { ctx, mentions };
  if (pageCache.size >= pageCacheSize) pageCache.delete(pageCache.keys().next().value!);
  pageCache.set(text, page);
  return page;
}

function contextOf(text: string): PageContext {
  const normal = normalise(text);
  const segments = cutSegments(normal);
  const limits = [...normal.matchAll(limitRe)].map((m) => {
    const end = segmentAt(segments, m.index).end;
    const rest = normal.slice(m.index + m[0].length, end);
    const contrast = contrastRe.exec(rest);
    return { start: m.index, end: contrast ? m.index + m[0].length + contrast.index : end };
  });
  const removals = [...normal.matchAll(removalRe)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    state: /^(?:existing|old|current|previous|original|former)$/i.test(m[0]),
  }));
  return { text: normal, lower: normal.toLowerCase(), tokens: tokenize(normal), segments, limits, removals };
}

/** Curly quotes and primes become the plain marks people mean; one character for one, so offsets hold. */
export function normalise(text: string): string {
  return text
    .replace(/[’‘′`´]/g, "'")
    .replace(/[”“″]/g, '"')
    .replace(/[\u00a0\u2007\u202f]/g, ' ');
}

/** The tokens wholly inside [start, end): tokens are in order, so two binary searches. */
function tokensBetween(ctx: PageContext, start: number, end: number): Token[] {
  const first = lowerBound(ctx.tokens, (t) => t.start >= start);
  const last = lowerBound(ctx.tokens, (t) => t.start >= end);
  const slice = ctx.tokens.slice(first, last);
  return slice.at(-1) && slice.at(-1)!.end > end ? slice.slice(0, -1) : slice;
}
function lowerBound<T>(items: T[], isAtOrAfter: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (isAtOrAfter(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Is the value inside a limit statement, or about what is there now? */
function excludedByContext(
  ctx: PageContext,
  start: number,
  end: number,
  profile: FieldProfile,
): string | null {
  if (ctx.limits.some((l) => l.start < start && start <= l.end)) return 'limit';
  const segment = segmentAt(ctx.segments, start);
  for (const removal of ctx.removals) {
    if (removal.end > start || removal.start < segment.start) continue;
    const between = ctx.text.slice(removal.end, start);
    if (freshRe.test(between)) continue;
    const words = tokensBetween(ctx, removal.end, start).length;
    if (words <= 3) return 'removed';
    // "Existing fence (to remain): 4 ft": the rest of the segment is about what is there now.
    if (removal.state) {
      const next = ctx.tokens.find((t) => t.start >= removal.end);
      if (next && profile.objects.has(next.stem)) return 'existing';
    }
  }
  return null;
}

/** What the words right after a value say it measures. */
function conceptAfter(ctx: PageContext, at: number, segmentEnd: number): Concept | null {
  const rest = ctx.lower.slice(at, Math.min(segmentEnd, at + 60));
  const filler = afterFillerRe.exec(rest)?.[0].length ?? 0;
  const after = rest.slice(filler).replace(/^\(\s*/, '');
  for (const [concept, re] of afterConcepts) if (re.test(after)) return concept;
  // "6' clear height": one adjective, then the measure.
  const second = /^[a-z]+\s+([a-z]+)/.exec(after)?.[1];
  if (second && /^(?:height|tall|high|width|wide|length|long|depth|deep)$/.test(second)) {
    return afterConcepts.find(([, re]) => re.test(second))?.[0] ?? null;
  }
  return null;
}

const beforeConceptPhrases: [Concept, Phrase[]][] = lengthConcepts.map((c) => [
  c,
  conceptWords[c].filter((w) => !['high', 'tall', 'long', 'wide', 'deep', 'apart'].includes(w)).map(phrase),
]);

/** The nearest measuring word before a value, in its segment, not past another value. */
function conceptBefore(ctx: PageContext, from: number, at: number): Concept | 'scale' | null {
  const window = ctx.text.slice(Math.max(from, at - 40), at);
  if (/\bscale\b/i.test(window)) return 'scale';
  if (/\bh\s*[=:]\s*$/i.test(window)) return 'height';
  if (/\bw\s*[=:]\s*$/i.test(window)) return 'width';
  if (/\bl\s*[=:]\s*$/i.test(window)) return 'length';
  const tokens = tokensBetween(ctx, Math.max(from, at - 40), at).slice(-6);
  let best: { concept: Concept; end: number } | null = null;
  for (const [concept, phrases] of beforeConceptPhrases) {
    for (const hit of findPhrases(tokens, phrases)) {
      if (!best || hit.end > best.end) best = { concept, end: hit.end };
    }
  }
  return best?.concept ?? null;
}

/** The head of the noun phrase right after a value: "6' cedar privacy fence" → fence. */
function headAfter(ctx: PageContext, at: number, segmentEnd: number): string | null {
  const rest = ctx.text.slice(at, Math.min(segmentEnd, at + 50));
  const run = /^[ \t]*((?:[A-Za-z][A-Za-z'-]*[ \t]*){1,4})/.exec(rest)?.[1] ?? '';
  const words: string[] = [];
  for (const word of run.trim().split(/[ \t]+/)) {
    const s = stem(word.replace(/-/g, ''));
    if (!s || phraseBreakers.has(s)) break;
    words.push(s);
  }
  const cut = /[,.;:()/]/.exec(rest);
  if (cut && cut.index < (/^[ \t]*/.exec(rest)?.[0].length ?? 0)) return null;
  return words.at(-1) ?? null;
}

/** The nearest thing named just before a value ("Lot size 9,600 sq ft" → lot). */
function thingBefore(ctx: PageContext, from: number, at: number): string | null {
  // Only the words that label the value: not past a comma or a bracket ("in front yard, 6'").
  let clause = at;
  while (clause > from && !',;()'.includes(ctx.text[clause - 1]!)) clause--;
  const tokens = tokensBetween(ctx, clause, at).slice(-3);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const s = tokens[i]!.stem;
    if (structures.has(s) || components.has(s) || contextObjects.has(s)) {
      // "property line", "lot line": a setback's words, not a thing.
      if (tokens[i + 1]?.stem === 'line') continue;
      // "in the yard", "behind the house": where it is, not what the value measures.
      const previous = tokens
        .slice(0, i)
        .filter((t) => !['the', 'a', 'an', 'front', 'back', 'rear', 'side'].includes(t.stem))
        .at(-1);
      if (previous && locationWords.has(previous.stem)) return null;
      return s;
    }
  }
  return null;
}
const locationWords = new Set([
  'in',
  'on',
  'at',
  'along',
  'behind',
  'beside',
  'near',
  'around',
  'across',
  'inside',
  'within',
]);

function nearestGap(hits: Hit[], start: number, end: number): number {
  let best = Infinity;
  for (const hit of hits) {
    const gap = hit.end <= start ? start - hit.end : hit.start >= end ? hit.start - end : 0;
    best = Math.min(best, gap);
  }
  return best;
}

const nearWindow = 60;

function tieMention(
  ctx: PageContext,
  mention: Mention,
  previousEnd: number,
  profile: FieldProfile,
  dimension: Dimension,
): Tie {
  const segment = segmentAt(ctx.segments, mention.exprStart);
  const segmentEnd = Math.max(segment.end, mention.exprEnd);
  const excluded = excludedByContext(ctx, mention.exprStart, mention.exprEnd, profile);
  if (excluded) return { strength: 'reject', why: excluded };
  if (mention.scale) return { strength: 'reject', why: 'scale' };
  if (mention.perUnit) return { strength: 'reject', why: 'per unit' };
  const concept = profile.concept;
  const oneDimensional = concept !== null && lengthConcepts.includes(concept);
  if (dimension === 'length') {
    if (mention.linear && concept !== 'length') return { strength: 'reject', why: 'linear' };
    if (mention.role === 'side') {
      if (!mention.qualifier) return { strength: 'reject', why: 'a side of a product' };
      if (concept && mention.qualifier !== concept) return { strength: 'reject', why: mention.qualifier };
    }
  }
  if (mention.unitless) {
    // "10x12 shed": only right beside the field's own object.
    const head = headAfter(ctx, mention.exprEnd, segmentEnd);
    const before = thingBefore(ctx, Math.max(segment.start, previousEnd), mention.exprStart);
    const own = (head && profile.objects.has(head)) || (before && profile.objects.has(before));
    return own ? { strength: 'strong' } : { strength: 'reject', why: 'no unit' };
  }
  let strong = mention.role === 'side' && mention.qualifier === concept;
  // "12' W x 16' L": sides named as width and length are a footprint.
  if (mention.role === 'area_product' && mention.qualifier === 'area') strong = true;
  if (dimension === 'length') {
    const after = conceptAfter(ctx, mention.exprEnd, segmentEnd);
    const before = after ? null : conceptBefore(ctx, Math.max(segment.start, previousEnd), mention.exprStart);
    if (before === 'scale') return { strength: 'reject', why: 'scale' };
    const measured = mention.role === 'side' ? mention.qualifier : (after ?? before);
    if (measured && oneDimensional) {
      if (measured !== concept) return { strength: 'reject', why: measured };
      strong = true;
    } else if (measured && !concept) {
      strong = false;
    } else if (measured && (concept === 'area' || concept === 'capacity')) {
      return { strength: 'reject', why: measured };
    }
  }
  const head = headAfter(ctx, mention.exprEnd, segmentEnd);
  if (head && (structures.has(head) || components.has(head) || contextObjects.has(head))) {
    if (profile.objects.has(head)) {
      if (concept === 'height' && heightObjects.has(head)) strong = true;
      if (dimension !== 'length') strong = true;
    } else if (!strong) {
      return { strength: 'reject', why: `a ${head}` };
    }
  }
  const before = thingBefore(ctx, Math.max(segment.start, previousEnd), mention.exprStart);
  if (before && contextObjects.has(before) && !profile.objects.has(before)) {
    return { strength: 'reject', why: `the ${before}` };
  }
  if (before && profile.objects.has(before) && dimension !== 'length') strong = true;
  if (dimension !== 'length') {
    const tokens = tokensBetween(
      ctx,
      Math.max(segment.start, previousEnd, mention.exprStart - 40),
      mention.exprStart,
    );
    if (concept && findPhrases(tokens, conceptWords[concept].map(phrase)).length > 0) strong = true;
  }
  if (strong) return { strength: 'strong' };
  const segmentTokens = tokensBetween(ctx, segment.start, segmentEnd);
  const gap = nearestGap(findPhrases(segmentTokens, profile.anchors), mention.exprStart, mention.exprEnd);
  if (gap <= nearWindow) return { strength: 'near' };
  // A kW figure in a solar file is the system's size unless something above said otherwise.
  if (dimension === 'power') return { strength: 'near' };
  return { strength: 'none' };
}

/** Between fields of the same measure: does a sibling's distinguishing word sit nearer the value? */
function belongsToSibling(
  ctx: PageContext,
  profile: FieldProfile,
  start: number,
  end: number,
  from: number,
  to: number,
) {
  if (profile.others.length === 0) return false;
  const segment = segmentAt(ctx.segments, start);
  const line = {
    start: ctx.text.lastIndexOf('\n', start - 1) + 1,
    end: ctx.text.indexOf('\n', end) === -1 ? ctx.text.length : ctx.text.indexOf('\n', end),
  };
  // The segment first; when it names neither field, the line ("Trim - Extra White SW7006").
  for (const around of [segment, line]) {
    const tokens = tokensBetween(ctx, Math.max(around.start, from), Math.min(Math.max(around.end, end), to));
    const theirs = nearestGap(findPhrases(tokens, profile.others), start, end);
    const mine = nearestGap(findPhrases(tokens, profile.own), start, end);
    if (theirs !== mine) return theirs < mine;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Reading a field's values from a file

export type Reading = {
  quantity: Quantity;
  /** As written: `5'-6"`, "1.8 m", "10x12". */
  written: string;
  /** 1-based page. */
  page: number;
  excerpt: string;
  /** Strong: tied by its own words ("6 ft tall", "Height: 6'"); near: the field's words are close by. */
  tie: 'strong' | 'near';
};

/** The words around a span, on its line, at most ~120 characters. */
export function excerptAround(text: string, start: number, end: number, max = 120): string {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  let from = lineStart;
  let to = lineEnd;
  const room = Math.max(0, max - (end - start));
  if (to - from > max) {
    from = Math.max(lineStart, start - Math.ceil(room / 2));
    to = Math.min(lineEnd, end + (room - (start - from)));
    from = Math.max(lineStart, to - max);
    if (from > lineStart) from = text.indexOf(' ', from) + 1 || from;
    if (to < lineEnd) to = Math.max(end, text.lastIndexOf(' ', to));
  }
  const body = text.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > lineStart ? '…' : ''}${body}${to < lineEnd ? '…' : ''}`;
}

/**
 * The values of a number field found in a file's pages, tied to the field by the rules at the top of
 * this module. Each distinct value is read once per file (its first place).
 */
export function readMeasurements(target: FieldTarget, pages: string[]): Reading[] {
  if (!target.unit) return [];
  const dimension = unitDimension(target.unit);
  const profile = profileOf(target);
  const readings: Reading[] = [];
  pages.forEach((page, index) => {
    const { ctx, mentions } = readPage(page);
    const ofDimension = mentions.filter(
      (m) => m.quantity.dimension === dimension && (dimension === 'area' || m.role !== 'area_product'),
    );
    let previousEnd = 0;
    const tied: { mention: Mention; tie: 'strong' | 'near' }[] = [];
    for (const mention of ofDimension) {
      const tie = tieMention(ctx, mention, previousEnd, profile, dimension);
      if (tie.strength === 'strong' || tie.strength === 'near') tied.push({ mention, tie: tie.strength });
      if (mention.role !== 'area_product') previousEnd = Math.max(previousEnd, mention.exprEnd);
    }
    tied.forEach(({ mention, tie }, i) => {
      const from = tied[i - 1]?.mention.end ?? 0;
      const to = tied[i + 1]?.mention.start ?? ctx.text.length;
      if (belongsToSibling(ctx, profile, mention.start, mention.end, from, to)) return;
      if (readings.some((r) => sameQuantity(r.quantity, mention.quantity))) return;
      readings.push({
        quantity: mention.quantity,
        written: mention.written,
        page: index + 1,
        excerpt: excerptAround(ctx.text, mention.exprStart, mention.exprEnd),
        tie,
      });
    });
  });
  return readings;
}

/** "18 x 400W", "@ 405 Wp", "400W panels": one panel's rating, not the system's. */
function markPerUnit(ctx: PageContext, mentions: Mention[]) {
  for (const mention of mentions) {
    if (mention.quantity.dimension !== 'power') continue;
    const before = ctx.text.slice(Math.max(0, mention.exprStart - 40), mention.exprStart);
    const after = ctx.lower.slice(mention.exprEnd, mention.exprEnd + 20);
    // "18 x 400W", "30 x REC 410W", "@ 405 Wp", "400W panels", "405W = 9.72 kW" (the total follows).
    const count = /(?:\b\d+\s*[x×*]\s*(?:[A-Za-z][\w.-]*\s+){0,3}|[x×*@]\s*|\beach\s*)$/i;
    if (count.test(before) || /^\s*(?:panels?|modules?|each|ea\b|per\b|=)/.test(after)) {
      mention.perUnit = true;
    }
  }
}

/** A number field's answer written as text: "5'6\"", "66 in", "66" (in the field's unit), "1.5 m". */
export function parseQuantities(text: string, unit: ArcUnit | null): Quantity[] {
  const plain = text.trim();
  const bare = parseDecimal(plain);
  if (bare) return unit ? [quantityIn(bare, unit)] : [];
  const mentions = scanMentions(normalise(plain)).filter((m) => !m.scale && m.role !== 'area_product');
  const wanted = unit ? unitDimension(unit) : null;
  const found = mentions.filter((m) => !wanted || m.quantity.dimension === wanted).map((m) => m.quantity);
  if (found.length > 0 || !unit) return found;
  // "10 x 12" for an area: the product.
  const areas = scanMentions(normalise(plain)).filter((m) => m.role === 'area_product' && wanted === 'area');
  return areas.map((m) => m.quantity);
}

// ---------------------------------------------------------------------------------------------------
// Listed values (materials, colour codes)

/** Common words for the materials associations list, so "cedar" is wood and "PVC" is vinyl. */
const materialSynonyms: Record<string, string[]> = {
  wood: ['wood', 'wooden', 'cedar', 'redwood', 'pine', 'pressure treated', 'spruce', 'cypress', 'fir', 'timber', 'hardwood'],
  vinyl: ['vinyl', 'pvc', 'polyvinyl'],
  'wrought iron': ['wrought iron', 'ornamental iron'],
  aluminum: ['aluminum', 'aluminium'],
  'chain link': ['chain link', 'chainlink', 'cyclone'],
  composite: ['composite', 'trex'],
  steel: ['steel', 'ornamental steel'],
  stucco: ['stucco'],
  brick: ['brick', 'masonry'],
}; // prettier-ignore

/** Case-, space- and punctuation-insensitive: "SW-7005" = "sw 7005" = "SW7005". */
export function normaliseValue(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** A whole-word pattern for a value, with any spacing or punctuation between its letters and digits. */
function valuePattern(value: string): RegExp | null {
  const chunks = value.toLowerCase().match(/[a-z]+|\d+/g);
  if (!chunks) return null;
  const body = chunks.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(String.raw`[\s\-_.,/#]*`);
  return new RegExp(String.raw`(?<![a-z0-9])${body}(?![a-z0-9])`, 'gi');
}

/** The spellings a listed value may appear as in text: itself, and its material's common words. */
export function spellingsOf(value: string): string[] {
  const key = normaliseValue(value);
  const entry = Object.entries(materialSynonyms).find(([name]) => normaliseValue(name) === key);
  return [...new Set([value, ...(entry?.[1] ?? [])])];
}

/** The listed value an answer names, exactly or as whole words inside it ("White vinyl" → vinyl). */
export function matchListedValue(answer: string, values: string[]): string | null {
  const key = normaliseValue(answer);
  if (key === '') return null;
  for (const value of values) {
    if (spellingsOf(value).some((s) => normaliseValue(s) === key)) return value;
  }
  for (const value of values) {
    for (const spelling of spellingsOf(value)) {
      const re = valuePattern(spelling);
      if (re && re.test(answer)) return value;
    }
  }
  return null;
}

/**
 * A material named for itself, with no field words near ("We'd like aluminum", "Chain link, black"): read
 * for a material field unless it modifies some other thing ("vinyl siding", "wood deck").
 */
function isBareMaterial(ctx: PageContext, profile: FieldProfile, end: number, segmentEnd: number): boolean {
  if (profile.concept !== 'material') return false;
  const head = headAfter(ctx, end, segmentEnd);
  if (!head || profile.objects.has(head)) return true;
  return !(structures.has(head) || components.has(head) || contextObjects.has(head) || finishes.has(head));
}
/** Parts of a house that a material word may describe instead of the project. */
const finishes = new Set([
  'siding',
  'gutter',
  'trim',
  'shutter',
  'soffit',
  'fascia',
  'cladding',
  'frame',
  'furniture',
]);

export type ValueReading = {
  /** The listed value found. */
  value: string;
  /** As written in the file: "SW7036", "cedar". */
  written: string;
  page: number;
  excerpt: string;
};

const forbiddenAfterRe =
  /^\W{0,3}(?:is\s+|are\s+)?(?:not\s+(?:permitted|allowed|approved)|prohibited|forbidden|banned)\b/i;

/**
 * Where a file names one of the listed values for this field. A code (anything with a digit, like
 * "SW 7005") is read anywhere it is not a sibling's or excluded; a word ("vinyl") only within 60
 * characters of the field's words, in the same segment.
 */
export function readListedValues(target: FieldTarget, values: string[], pages: string[]): ValueReading[] {
  const profile = profileOf(target);
  const readings: ValueReading[] = [];
  pages.forEach((page, index) => {
    const { ctx } = readPage(page);
    type Found = { value: string; start: number; end: number; code: boolean };
    const found: Found[] = [];
    for (const value of values) {
      for (const spelling of spellingsOf(value)) {
        const re = valuePattern(spelling);
        if (!re) continue;
        for (const m of ctx.text.matchAll(re)) {
          found.push({ value, start: m.index, end: m.index + m[0].length, code: /\d/.test(spelling) });
        }
      }
    }
    found.sort((a, b) => a.start - b.start || b.end - a.end);
    const kept = found.filter((f, i) => !found.slice(0, i).some((g) => g.start <= f.start && f.end <= g.end));
    kept.forEach((f, i) => {
      if (excludedByContext(ctx, f.start, f.end, profile)) return;
      if (forbiddenAfterRe.test(ctx.text.slice(f.end, f.end + 40))) return;
      const segment = segmentAt(ctx.segments, f.start);
      if (!f.code) {
        const tokens = tokensBetween(ctx, segment.start, segment.end);
        const anchors = findPhrases(tokens, profile.anchors).filter(
          (h) => h.end <= f.start || h.start >= f.end,
        );
        if (
          nearestGap(anchors, f.start, f.end) > nearWindow &&
          !isBareMaterial(ctx, profile, f.end, segment.end)
        ) {
          return;
        }
      }
      const from = kept[i - 1]?.end ?? 0;
      const to = kept[i + 1]?.start ?? ctx.text.length;
      if (belongsToSibling(ctx, profile, f.start, f.end, from, to)) return;
      if (readings.some((r) => r.value === f.value)) return;
      readings.push({
        value: f.value,
        written: ctx.text.slice(f.start, f.end),
        page: index + 1,
        excerpt: excerptAround(ctx.text, f.start, f.end),
      });
    });
  });
  return readings;
}
