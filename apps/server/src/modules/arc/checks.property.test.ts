import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arcCheckOutcomeSchema, arcCheckSchema, arcFieldSchema, type ArcCheck } from '@commonwise/contracts';
import { checkRequest, type CheckInput } from './checks.ts';
import {
  formatQuantity,
  parseQuantities,
  quantityIn,
  ratio,
  ratioFromNumber,
  valueIn,
} from './measurements.ts';

/**
 * The guideline check's promises, whatever the numbers: a form answer past the limit always fails and
 * one within it always meets (compared exactly, against an integer oracle in hundredths of an inch);
 * lengths convert both ways without loss; and the result never depends on the order of the files.
 */

const ruleId = '6f1c2b1e-8a0e-4a53-9d3f-0c8a2f1b7d10';
const rules = new Map([
  [
    ruleId,
    { id: ruleId, title: 'Fences', sectionNumber: '7.3', page: 1, documentTitle: 'CC&Rs', excerpt: '…' },
  ],
]);
const lengthUnit = fc.constantFrom<'in' | 'ft'>('in', 'ft');
/** A length with up to two decimals, as an integer number of hundredths. */
const hundredths = fc.integer({ min: 0, max: 50_000 });
const inchesPer = { in: 1, ft: 12 } as const;

function fieldIn(unit: 'in' | 'ft') {
  return arcFieldSchema.parse({ key: 'fence_height', label: 'Fence height', kind: 'number', unit });
}
function heightCheck(op: 'at_most' | 'at_least', limit: number, unit: 'in' | 'ft'): ArcCheck {
  return arcCheckSchema.parse({
    key: 'height',
    label: 'Fence height',
    ruleId,
    op,
    field: 'fence_height',
    limit,
    unit,
  });
}
function run(input: Omit<CheckInput, 'rules'>) {
  const [outcome] = checkRequest({ ...input, rules });
  return arcCheckOutcomeSchema.parse(outcome);
}

describe('guideline check properties', () => {
  it('fails a form answer past the limit and meets one within it, exactly', () => {
    fc.assert(
      fc.property(
        hundredths,
        lengthUnit,
        hundredths,
        lengthUnit,
        fc.constantFrom<'at_most' | 'at_least'>('at_most', 'at_least'),
        (answer, answerUnit, limit, limitUnit, op) => {
          const outcome = run({
            fields: [fieldIn(answerUnit)],
            checks: [heightCheck(op, limit / 100, limitUnit)],
            answers: { fence_height: answer / 100 },
            files: [],
          });
          // The oracle: integers, in hundredths of an inch.
          const a = answer * inchesPer[answerUnit];
          const l = limit * inchesPer[limitUnit];
          const within = op === 'at_most' ? a <= l : a >= l;
          expect(outcome.result).toBe(within ? 'meets' : 'fails');
          expect(outcome.evidence).toHaveLength(1);
        },
      ),
    );
  });

  it('reads feet and inches written any usual way as the same length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 11 }), (feet, inches) => {
        const total = feet * 12 + inches;
        for (const written of [
          `${feet}'${inches}"`,
          `${feet}' ${inches}"`,
          `${feet}'-${inches}"`,
          `${feet} ft ${inches} in`,
          `${feet} feet ${inches} inches`,
        ]) {
          const [quantity] = parseQuantities(written, 'in');
          expect(quantity && valueIn(quantity, 'in'), written).toEqual(ratio(total));
        }
      }),
    );
  });

  it('converts between inches and feet without loss, both ways', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        lengthUnit,
        lengthUnit,
        (n, d, from, to) => {
          const value = ratio(n, d);
          const there = valueIn(quantityIn(value, from), to)!;
          expect(valueIn(quantityIn(there, to), from)).toEqual(value);
        },
      ),
    );
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        hundredths,
        fc.constantFrom<'in' | 'ft' | 'sq_ft' | 'kw'>('in', 'ft', 'sq_ft', 'kw'),
        (n, unit) => {
          const quantity = quantityIn(ratioFromNumber(n / 100), unit);
          const [back] = parseQuantities(formatQuantity(quantity, unit), unit);
          expect(back).toEqual(quantity);
        },
      ),
    );
  });

  /** Files from a few templates: some state the fence's height, the rest only noise a reader must skip. */
  const file = fc.oneof(
    fc.record({
      kind: fc.constant('height' as const),
      inches: fc.integer({ min: 12, max: 120 }),
      template: fc.nat(3),
    }),
    fc.record({
      kind: fc.constant('noise' as const),
      inches: fc.integer({ min: 12, max: 120 }),
      template: fc.nat(3),
    }),
  );
  const heightTemplates = [
    (i: number) => `Install ${i}" tall cedar privacy fence.`,
    (i: number) => `Fence height: ${Math.floor(i / 12)}' ${i % 12}"`,
    (i: number) => `${i} in. ornamental iron fence, black`,
    (i: number) => `The new fence will be ${i} inches high.`,
  ];
  const noiseTemplates = [
    (i: number) => `Fences shall not exceed ${i} inches in height.`,
    (i: number) => `Posts ${i} in apart, set in concrete. Total $${i * 41}.00 due 03/14/2025.`,
    (i: number) => `Remove the old ${i} in chain link fence.`,
    (i: number) => `Install ${i * 10} linear ft. Call (555) 212-${1000 + i}.`,
  ];

  it('never depends on the order of the files, and fails when any file states a height past the limit', () => {
    fc.assert(
      fc.property(
        fc.array(file, { maxLength: 6 }),
        fc.integer({ min: 12, max: 120 }),
        fc.nat(),
        (files, limit, seed) => {
          const texts = files.map((f, i) => ({
            fileName: `file-${i}.pdf`,
            pages: [(f.kind === 'height' ? heightTemplates : noiseTemplates)[f.template]!(f.inches)],
          }));
          const shuffled = fc.sample(fc.shuffledSubarray(texts, { minLength: texts.length }), {
            numRuns: 1,
            seed,
          })[0]!;
          const input = {
            fields: [fieldIn('in')],
            checks: [heightCheck('at_most', limit, 'in')],
            answers: {},
          };
          const inOrder = run({ ...input, files: texts });
          const reordered = run({ ...input, files: shuffled });
          expect(reordered.result).toBe(inOrder.result);
          const sorted = (o: typeof inOrder) => o.evidence.map((e) => JSON.stringify(e)).sort();
          expect(sorted(reordered)).toEqual(sorted(inOrder));

          const heights = files.filter((f) => f.kind === 'height').map((f) => f.inches);
          const expected =
            heights.length === 0 ? 'needs_judgment' : heights.some((h) => h > limit) ? 'fails' : 'meets';
          expect(inOrder.result).toBe(expected);
        },
      ),
    );
  });
});
