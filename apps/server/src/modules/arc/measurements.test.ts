import { describe, expect, it } from 'vitest';
import {
  compareRatio,
  excerptAround,
  formatQuantity,
  formatRatio,
  matchListedValue,
  parseDecimal,
  parseQuantities,
  quantityIn,
  ratio,
  ratioFromNumber,
  readListedValues,
  readMeasurements,
  scanMentions,
  valueIn,
  type FieldTarget,
} from './measurements.ts';

const fenceHeight: FieldTarget = { key: 'fence_height', label: 'Fence height', unit: 'in' };

/** Each value read for a field, in inches (or the field's unit), as text. */
function read(text: string | string[], target: FieldTarget = fenceHeight): string[] {
  return readMeasurements(target, [text].flat()).map((r) => formatQuantity(r.quantity, target.unit!));
}
/** A text answer in the field's unit, as text. */
function parsed(text: string, unit: 'in' | 'ft' | 'sq_ft' | 'kw' = 'in'): string[] {
  return parseQuantities(text, unit).map((q) => formatQuantity(q, unit));
}

describe('exact numbers', () => {
  it('reads decimals exactly, with thousands separators and exponents', () => {
    expect(parseDecimal('1,524.5')).toEqual(ratio(3049, 2));
    expect(parseDecimal('0.1')).toEqual(ratio(1, 10));
    expect(parseDecimal('1e-3')).toEqual(ratio(1, 1000));
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('.')).toBeNull();
  });

  it('takes a JavaScript number as the decimal that was typed, not its binary neighbour', () => {
    expect(ratioFromNumber(0.1)).toEqual(ratio(1, 10));
    expect(ratioFromNumber(5.5)).toEqual(ratio(11, 2));
    expect(ratioFromNumber(1e21)).toEqual(ratio(10n ** 21n));
    expect(() => ratioFromNumber(Number.NaN)).toThrow();
  });

  it('compares without float error: 0.1 + 0.2 ft is exactly 0.3 ft', () => {
    const sum = valueIn(quantityIn(ratio(3, 10), 'ft'), 'in')!;
    expect(compareRatio(sum, ratio(18, 5))).toBe(0);
  });

  it('formats with at most two decimals and says when it rounded', () => {
    expect(formatRatio(ratio(66))).toEqual({ text: '66', exact: true });
    expect(formatRatio(ratio(11, 2))).toEqual({ text: '5.5', exact: true });
    expect(formatRatio(ratio(1, 3))).toEqual({ text: '0.33', exact: false });
    expect(formatRatio(ratio(-5, 2))).toEqual({ text: '-2.5', exact: true });
  });
});

describe('units', () => {
  it('converts between inches and feet exactly', () => {
    expect(valueIn(quantityIn(ratio(66), 'in'), 'ft')).toEqual(ratio(11, 2));
    expect(valueIn(quantityIn(ratio(6), 'ft'), 'in')).toEqual(ratio(72));
  });

  it('never turns a length into an area or a power', () => {
    expect(valueIn(quantityIn(ratio(6), 'ft'), 'sq_ft')).toBeNull();
    expect(valueIn(quantityIn(ratio(6), 'kw'), 'in')).toBeNull();
  });

  it('reads the forms people write lengths in', () => {
    expect(parsed('66 in')).toEqual(['66 in']);
    expect(parsed('66"')).toEqual(['66 in']);
    expect(parsed("66''")).toEqual(['66 in']);
    expect(parsed('66 inches')).toEqual(['66 in']);
    expect(parsed(`5'6"`)).toEqual(['66 in']);
    expect(parsed(`5' 6"`)).toEqual(['66 in']);
    expect(parsed(`5'-6"`)).toEqual(['66 in']);
    expect(parsed('5 ft 6 in')).toEqual(['66 in']);
    expect(parsed('5 feet 6 inches')).toEqual(['66 in']);
    expect(parsed('5ft6in')).toEqual(['66 in']);
    expect(parsed('1 ft 2 in')).toEqual(['14 in']);
    expect(parsed('5-ft')).toEqual(['60 in']);
    expect(parsed('5 feet')).toEqual(['60 in']);
    expect(parsed('six feet')).toEqual(['72 in']);
    expect(parsed('six-foot')).toEqual(['72 in']);
    expect(parsed('six and a half feet')).toEqual(['78 in']);
    expect(parsed('twenty-two inches')).toEqual(['22 in']);
    expect(parsed(`10'-4 1/2"`)).toEqual(['124.5 in']);
    expect(parsed('3/4"')).toEqual(['0.75 in']);
    expect(parsed('5’6”')).toEqual(['66 in']);
    expect(parsed('66')).toEqual(['66 in']);
  });

  it('converts metric exactly (1 in = 25.4 mm)', () => {
    expect(parsed('1,524 mm')).toEqual(['60 in']);
    expect(parsed('152.4 cm')).toEqual(['60 in']);
    expect(parsed('1.524 m')).toEqual(['60 in']);
    expect(parsed('1.5 m')).toEqual(['about 59.06 in']);
    expect(parsed('150 cm')).toEqual(['about 59.06 in']);
    expect(parsed('1,8 m')).toEqual(['about 70.87 in']);
  });

  it('reads areas and power', () => {
    expect(parsed('120 sq ft', 'sq_ft')).toEqual(['120 sq ft']);
    expect(parsed('120 sq. ft.', 'sq_ft')).toEqual(['120 sq ft']);
    expect(parsed('1,200 SF', 'sq_ft')).toEqual(['1200 sq ft']);
    expect(parsed('120 ft²', 'sq_ft')).toEqual(['120 sq ft']);
    expect(parsed('120 ft2', 'sq_ft')).toEqual(['120 sq ft']);
    expect(parsed('11 m2', 'sq_ft')).toEqual(['about 118.4 sq ft']);
    expect(parsed('10 x 12 ft', 'sq_ft')).toEqual(['120 sq ft']);
    expect(parsed('7.2 kW', 'kw')).toEqual(['7.2 kW']);
    expect(parsed('7,200 W', 'kw')).toEqual(['7.2 kW']);
    expect(parsed('6.48kWp', 'kw')).toEqual(['6.48 kW']);
    expect(parsed('9,850 kWh', 'kw')).toEqual([]);
  });
});

describe('scanning text for values', () => {
  const written = (text: string) => scanMentions(text).map((m) => m.written);

  it('skips prices, dates, phone numbers, model and job numbers', () => {
    expect(
      written('Total $4,500.00 due 03/14/2025. Call (555) 212-4409. Model SE7600H, job #2025-0612.'),
    ).toEqual([]);
    expect(written('$38/ft installed')).toEqual([]);
  });

  it('does not take "in" for inches before a place or a month', () => {
    expect(written('install 6 in the back, 2 in May')).toEqual([]);
  });

  it('reads both ends of a range and the sides of a product', () => {
    expect(written('5-6 ft')).toEqual(['5 ft', '6 ft']);
    expect(written(`8' x 10'`)).toEqual([`8'`, `10'`, `8' x 10'`]);
  });

  it('drops a converted value in brackets and a drawing scale', () => {
    expect(read('Overall height: 106 in (8.8 ft)')).toEqual(['106 in']);
    expect(read(`SCALE 1/4" = 1'-0"  FENCE HT 6'-0"`)).toEqual(['72 in']);
  });
});

describe('reading a field from a file', () => {
  it('reads a height tied by its words', () => {
    expect(read('6 ft tall cedar fence')).toEqual(['72 in']);
    expect(read('Height: 5\' 10"')).toEqual(['70 in']);
    expect(read('H = 5\'-6"')).toEqual(['66 in']);
    expect(read("Install 6' cedar privacy fence")).toEqual(['72 in']);
  });

  it('ignores quantities that are not heights, unless tied to the height words', () => {
    expect(read('Install 120 linear feet of fence')).toEqual([]);
    expect(read('150 ft of fence, posts 8 ft apart, 2 ft deep')).toEqual([]);
    expect(read('Fence 120 feet long, 6 feet high')).toEqual(['72 in']);
    expect(read("6' cedar pickets, 4' gate")).toEqual([]);
  });

  it('does not read a limit as the built value', () => {
    expect(read('Fences shall not exceed 60 inches in height and 42 inches in front yards.')).toEqual([]);
    expect(read('Fence height not to exceed 6 ft.')).toEqual([]);
    expect(read('The HOA maximum is 5 ft. Our fence is 4 ft tall.')).toEqual(['48 in']);
  });

  it('does not read what is there now', () => {
    expect(read('Replace the old 4 ft chain link fence with a 5 ft vinyl fence.')).toEqual(['60 in']);
    expect(read('Existing fence (to remain): 4 ft. New fence: 6 ft.')).toEqual(['72 in']);
  });

  it('needs the field’s words near a value without its own words', () => {
    expect(read('Fence: 66 in, white vinyl')).toEqual(['66 in']);
    expect(read('Thank you! Quote valid 30 days. 66 in')).toEqual([]);
  });

  it('tolerates one OCR slip in a word', () => {
    expect(read('Fence heiqht : 72 in')).toEqual(['72 in']);
  });

  it('gives each value to the field whose words are nearest', () => {
    const text = "Shed will sit 5' from the rear property line and 7' from the side lot line.";
    const rear = {
      key: 'rear_setback',
      label: 'Rear setback',
      unit: 'ft' as const,
      siblings: ['Side setback'],
    };
    const side = {
      key: 'side_setback',
      label: 'Side setback',
      unit: 'ft' as const,
      siblings: ['Rear setback'],
    };
    expect(read(text, rear)).toEqual(['5 ft']);
    expect(read(text, side)).toEqual(['7 ft']);
  });

  it('reads areas, products and system sizes', () => {
    const area = { key: 'shed_area', label: 'Shed floor area', unit: 'sq_ft' as const };
    expect(read('10x12 storage shed', area)).toEqual(['120 sq ft']);
    expect(read('Lot size 9,600 sq ft; proposed shed 96 sq ft', area)).toEqual(['96 sq ft']);
    const size = { key: 'system_size', label: 'System size', unit: 'kw' as const };
    expect(read('System: 7.2 kW DC (18 x 400W panels), 9,850 kWh a year', size)).toEqual(['7.2 kW']);
  });

  it('records the page and an excerpt of at most about 120 characters', () => {
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(6)}The fence will be 66 in tall. ${'More words here. '.repeat(8)}`;
    const [reading] = readMeasurements(fenceHeight, ['nothing here', long]);
    expect(reading?.page).toBe(2);
    expect(reading?.excerpt).toContain('66 in tall');
    expect(reading!.excerpt.length).toBeLessThanOrEqual(124);
  });

  it('reads each value once per file', () => {
    expect(read(['Fence height 6 ft', 'Fence height 6 ft', "6' privacy fence"])).toEqual(['72 in']);
  });
});

describe('listed values', () => {
  it('matches answers ignoring case, spaces and punctuation', () => {
    expect(matchListedValue('sw7005', ['SW 7005', 'SW 7036'])).toBe('SW 7005');
    expect(matchListedValue('Wrought-Iron', ['wood', 'wrought iron'])).toBe('wrought iron');
    expect(matchListedValue('White vinyl', ['wood', 'vinyl'])).toBe('vinyl');
    expect(matchListedValue('Cedar', ['wood', 'vinyl'])).toBe('wood');
    expect(matchListedValue('aluminum', ['wood', 'vinyl'])).toBeNull();
    expect(matchListedValue('', ['wood'])).toBeNull();
  });

  it('finds codes anywhere and words near the field', () => {
    const body = { key: 'body_color', label: 'Body colour', unit: null, siblings: ['Trim colour'] };
    const text = 'Body: Sherwin-Williams SW7036 Accessible Beige; Trim: SW 7005 Pure White';
    expect(readListedValues(body, ['SW 7005', 'SW 7036'], [text]).map((r) => r.value)).toEqual(['SW 7036']);
    const material = { key: 'fence_material', label: 'Fence material', unit: null };
    expect(
      readListedValues(material, ['chain link'], ['Remove the existing chain link; new vinyl fence']),
    ).toEqual([]);
    expect(readListedValues(material, ['vinyl'], ['vinyl siding to match the house'])).toEqual([]);
    expect(readListedValues(material, ['chain link'], ['Black chain-link fence, 4 ft'])[0]).toMatchObject({
      value: 'chain link',
      written: 'chain-link',
      page: 1,
    });
  });
});

describe('excerpts', () => {
  it('keeps short lines whole and cuts long ones at words', () => {
    expect(excerptAround('one line\nFence 66 in\nanother', 9, 20)).toBe('Fence 66 in');
    const text = `${'word '.repeat(60)}66 in${' word'.repeat(60)}`;
    const excerpt = excerptAround(text, 300, 305);
    expect(excerpt).toMatch(/^….*66 in.*…$/);
    expect(excerpt.length).toBeLessThanOrEqual(124);
  });
});
