import { describe, expect, it } from 'vitest';
import { arcCheckOutcomeSchema, arcCheckSchema, arcFieldSchema, type ArcCheck } from '@commonwise/contracts';
import { checkRequest, describeExpected, type CheckInput, type RuleClause } from './checks.ts';

const ruleId = '6f1c2b1e-8a0e-4a53-9d3f-0c8a2f1b7d10';
const otherRuleId = '0b7e5f4a-2c1d-4e8f-9a6b-3d2c1b0a9f8e';
const rule: RuleClause = {
  id: ruleId,
  title: 'Fences',
  sectionNumber: '7.3(b)',
  page: 12,
  documentTitle: 'Design guidelines',
  excerpt: 'Fences in rear yards shall not exceed 60 inches in height.',
};

const fields = [
  arcFieldSchema.parse({ key: 'fence_height', label: 'Fence height', kind: 'number', unit: 'in' }),
  arcFieldSchema.parse({
    key: 'fence_material',
    label: 'Fence material',
    kind: 'choice',
    options: ['Wood', 'Vinyl', 'Wrought iron', 'Chain link'],
  }),
  arcFieldSchema.parse({
    key: 'rear_setback',
    label: 'Setback from rear property line',
    kind: 'number',
    unit: 'ft',
  }),
  arcFieldSchema.parse({ key: 'style', label: 'Style', kind: 'text' }),
];

const check = (input: Partial<ArcCheck> & Pick<ArcCheck, 'op'>): ArcCheck =>
  arcCheckSchema.parse({ key: 'height', label: 'Fence height', ruleId, field: 'fence_height', ...input });
const heightCheck = check({ op: 'at_most', limit: 60, unit: 'in' });

function run(partial: Partial<CheckInput> & { checks: ArcCheck[] }) {
  const outcomes = checkRequest({
    fields,
    answers: {},
    files: [],
    rules: new Map([[ruleId, rule]]),
    ...partial,
  });
  for (const outcome of outcomes) arcCheckOutcomeSchema.parse(outcome);
  return outcomes;
}
const one = (partial: Partial<CheckInput> & { checks?: ArcCheck[] }) =>
  run({ checks: [heightCheck], ...partial })[0]!;
const quote = (text: string, fileName = 'quote.pdf') => ({ fileName, pages: [text] });

describe('number checks', () => {
  it('fails a form answer above the limit, with the clause quoted', () => {
    const outcome = one({ answers: { fence_height: 66 } });
    expect(outcome).toMatchObject({
      key: 'height',
      result: 'fails',
      expected: 'at most 60 in',
      explanation: 'The form says 66 in; the limit is 60 in.',
      evidence: [{ value: '66 in', source: 'form', fileName: null, page: null, excerpt: null }],
      rule,
    });
  });

  it('meets at the limit exactly', () => {
    expect(one({ answers: { fence_height: 60 } })).toMatchObject({
      result: 'meets',
      explanation: 'The form says 60 in, within the limit of 60 in.',
    });
  });

  it('fails on the height read from the quote, naming the file and page', () => {
    const outcome = one({
      files: [quote('Install 66" tall white vinyl privacy fence, 120 linear ft. Total $4,500.')],
    });
    expect(outcome.result).toBe('fails');
    expect(outcome.explanation).toBe('The file quote.pdf (page 1) says 66 in; the limit is 60 in.');
    expect(outcome.evidence).toEqual([
      {
        value: '66 in',
        source: 'file',
        fileName: 'quote.pdf',
        page: 1,
        excerpt: 'Install 66" tall white vinyl privacy fence, 120 linear ft. Total $4,500.',
      },
    ]);
  });

  it('lets evidence of non-compliance win, and says the form and the files disagree', () => {
    const outcome = one({ answers: { fence_height: 60 }, files: [quote('Fence height: 5\'6"')] });
    expect(outcome.result).toBe('fails');
    expect(outcome.explanation).toBe(
      `The file quote.pdf (page 1) says 5'6" (66 in); the limit is 60 in. The form says 60 in, so the form and the files disagree.`,
    );
    expect(outcome.evidence.map((e) => e.source)).toEqual(['form', 'file']);
  });

  it('meets when the form and every file comply, converting feet to inches exactly', () => {
    const outcome = one({
      answers: { fence_height: '4 ft' },
      files: [quote('4-ft aluminum fence around the pool')],
    });
    expect(outcome.result).toBe('meets');
    expect(outcome.explanation).toBe(
      'The form says 4 ft (48 in) and the file quote.pdf (page 1) says 4-ft (48 in), all within the limit of 60 in.',
    );
  });

  it('needs judgment when no value is found, and names the files it could not read', () => {
    const outcome = one({
      files: [quote('Thank you for your business!'), { fileName: 'drawing.jpg', pages: null }],
    });
    expect(outcome.result).toBe('needs_judgment');
    expect(outcome.explanation).toBe(
      'No fence height was found in the form or the files (drawing.jpg could not be read), so a person needs to check it against 60 in.',
    );
    expect(outcome.evidence).toEqual([]);
  });

  it('does not read the limit quoted in a file as the built height', () => {
    const outcome = one({ files: [quote('Per the guidelines, fences shall not exceed 60 inches.')] });
    expect(outcome.result).toBe('needs_judgment');
  });

  it('compares an at-least check in the check’s unit', () => {
    const setback = check({ key: 'setback', op: 'at_least', field: 'rear_setback', limit: 10, unit: 'ft' });
    expect(run({ checks: [setback], answers: { rear_setback: 9.5 } })[0]).toMatchObject({
      result: 'fails',
      expected: 'at least 10 ft',
      explanation: 'The form says 9.5 ft; the minimum is 10 ft.',
    });
    const files = [quote('Shed will sit 120 in from the rear property line.')];
    expect(run({ checks: [setback], files })[0]).toMatchObject({
      result: 'meets',
      explanation: 'The file quote.pdf (page 1) says 120 in (10 ft), at or above the minimum of 10 ft.',
    });
  });

  it('uses the field’s unit when the check has none, and refuses to compare a length with an area', () => {
    const noUnit = check({ op: 'at_most', limit: 5, unit: null, field: 'rear_setback' });
    expect(run({ checks: [noUnit], answers: { rear_setback: 6 } })[0]).toMatchObject({
      result: 'fails',
      expected: 'at most 5 ft',
    });
    const area = check({ op: 'at_most', limit: 120, unit: 'sq_ft' });
    expect(run({ checks: [area], answers: { fence_height: 66 } })[0]).toMatchObject({
      result: 'needs_judgment',
      explanation: 'The check compares in sq ft but fence height is in in, so a person judges it.',
    });
  });

  it('says when the form’s answer cannot be read', () => {
    const outcome = one({ answers: { fence_height: 'tall-ish' } });
    expect(outcome.result).toBe('needs_judgment');
    expect(outcome.explanation).toContain(
      'The form’s answer “tall-ish” is not a value fence height can be read from.',
    );
  });

  it('reads metric values exactly: 1,524 mm is 60 in and meets', () => {
    expect(one({ files: [quote('Fence ht 1,524 mm')] })).toMatchObject({
      result: 'meets',
      explanation: 'The file quote.pdf (page 1) says 1,524 mm (60 in), within the limit of 60 in.',
    });
  });
});

describe('listed values', () => {
  const material = check({
    key: 'material',
    label: 'Allowed materials',
    op: 'one_of',
    field: 'fence_material',
    values: ['wood', 'vinyl', 'wrought iron'],
  });
  const noChainLink = check({
    key: 'no_chain_link',
    label: 'No chain link',
    op: 'not_one_of',
    field: 'fence_material',
    values: ['chain link'],
  });

  it('says what is expected in words', () => {
    expect(describeExpected(material)).toBe('one of: wood, vinyl, wrought iron');
    expect(describeExpected(noChainLink)).toBe('none of: chain link');
    expect(describeExpected(check({ op: 'judgment', field: null }))).toBe('a person’s judgment');
    expect(describeExpected(heightCheck)).toBe('at most 60 in');
  });

  it('matches the form’s answer ignoring case and punctuation', () => {
    expect(run({ checks: [material], answers: { fence_material: 'Wrought-Iron' } })[0]).toMatchObject({
      result: 'meets',
      explanation: 'The form says Wrought-Iron, one of the allowed values.',
    });
    expect(run({ checks: [material], answers: { fence_material: 'Chain link' } })[0]).toMatchObject({
      result: 'fails',
      explanation: 'The form says Chain link, which is not one of: wood, vinyl, wrought iron.',
    });
  });

  it('reads a listed value from the files when the form has no answer', () => {
    const outcome = run({ checks: [material], files: [quote("Install 6' cedar privacy fence")] })[0]!;
    expect(outcome.result).toBe('meets');
    expect(outcome.evidence[0]).toMatchObject({ value: 'cedar (wood)', fileName: 'quote.pdf', page: 1 });
  });

  it('fails a forbidden value in a file even when the form says otherwise', () => {
    const outcome = run({
      checks: [noChainLink],
      answers: { fence_material: 'Vinyl' },
      files: [quote('Black chain-link fence, 4 ft, vinyl coated')],
    })[0]!;
    expect(outcome.result).toBe('fails');
    expect(outcome.explanation).toBe(
      'The file quote.pdf (page 1) names chain-link (chain link), which is not allowed (none of: chain link). The form says Vinyl, so the form and the files disagree.',
    );
  });

  it('meets a not-one-of check on an answer that is none of them, and ignores what is being removed', () => {
    const outcome = run({
      checks: [noChainLink],
      answers: { fence_material: 'Vinyl' },
      files: [quote('Remove the existing chain link and install a new vinyl fence.')],
    })[0]!;
    expect(outcome.result).toBe('meets');
  });

  it('needs judgment with no answer and nothing found', () => {
    expect(run({ checks: [material, noChainLink] }).map((o) => o.result)).toEqual([
      'needs_judgment',
      'needs_judgment',
    ]);
  });
});

describe('judgment and rules', () => {
  it('never decides a judgment check, but shows the form’s answer', () => {
    const looks = check({ key: 'looks', label: 'Harmony with the street', op: 'judgment', field: 'style' });
    expect(run({ checks: [looks], answers: { style: 'Modern horizontal slats' } })[0]).toMatchObject({
      result: 'needs_judgment',
      expected: 'a person’s judgment',
      explanation:
        'This is a matter of judgment: a person on the committee decides it, never the product. The form says Modern horizontal slats.',
      evidence: [{ value: 'Modern horizontal slats', source: 'form' }],
    });
    expect(run({ checks: [check({ op: 'judgment', field: null })] })[0]!.evidence).toEqual([]);
  });

  it('needs judgment when the rule is not in use, with a placeholder clause from the check', () => {
    const orphan = check({ op: 'at_most', limit: 60, unit: 'in', ruleId: otherRuleId });
    const outcome = run({ checks: [orphan], answers: { fence_height: 66 } })[0]!;
    expect(outcome.result).toBe('needs_judgment');
    expect(outcome.explanation).toMatch(/^The rule this check rests on is not in use/);
    expect(outcome.explanation).toContain('The form says 66 in; the limit is 60 in.');
    expect(outcome.rule).toEqual({
      id: otherRuleId,
      title: 'Fence height',
      sectionNumber: null,
      page: null,
      documentTitle: null,
      excerpt: '',
    });
  });

  it('gives one outcome per check, in order', () => {
    const checks = [
      check({ key: 'a', op: 'judgment', field: null }),
      heightCheck,
      check({ key: 'c', op: 'one_of', field: 'fence_material', values: ['wood'] }),
    ];
    expect(run({ checks, answers: { fence_height: 50 } }).map((o) => [o.key, o.result])).toEqual([
      ['a', 'needs_judgment'],
      ['height', 'meets'],
      ['c', 'needs_judgment'],
    ]);
  });
});
