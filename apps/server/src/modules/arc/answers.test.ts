import { describe, expect, it } from 'vitest';
import { arcFieldSchema, arcFileRequirementSchema } from '@commonwise/contracts';
import { checkAnswers, missingOf } from './answers.ts';

/** An owner's answers against the project type's form, and what keeps a request incomplete (issue 22 item 1). */

const fields = [
  { key: 'height', label: 'Height', kind: 'number', unit: 'in' },
  { key: 'material', label: 'Material', kind: 'choice', options: ['Wood', 'Vinyl'] },
  { key: 'colour', label: 'Colour', kind: 'text' },
  { key: 'notes', label: 'Notes', kind: 'text', required: false },
].map((field) => arcFieldSchema.parse(field));
const files = [{ key: 'quote', label: 'Quote' }].map((file) => arcFileRequirementSchema.parse(file));

describe('answers', () => {
  it('keeps numbers as numbers, a choice as its option is spelt, and a number given as text as its text', () => {
    expect(checkAnswers(fields, { height: 66, material: 'vinyl', colour: 7, notes: '' })).toEqual({
      answers: { height: 66, material: 'Vinyl', colour: '7' },
      errors: {},
    });
  });

  it('names each answer that does not fit the form', () => {
    expect(checkAnswers(fields, { height: '66 in', material: 'Brick', shed: 'yes' }).errors).toEqual({
      'answers.height': 'Height: give a number (in in).',
      'answers.material': 'Material: choose one of Wood, Vinyl.',
      'answers.shed': 'This project type has no question “shed”.',
    });
    expect(checkAnswers(fields, { height: -1 }).errors).toEqual({
      'answers.height': 'Height cannot be less than 0.',
    });
  });

  it('lists the required questions unanswered, then the files not yet sent', () => {
    expect(missingOf({ fields, files }, { height: 66 }, [])).toEqual([
      { kind: 'field', key: 'material', label: 'Material' },
      { kind: 'field', key: 'colour', label: 'Colour' },
      { kind: 'file', key: 'quote', label: 'Quote' },
    ]);
    expect(
      missingOf({ fields, files }, { height: 66, material: 'Wood', colour: 'White' }, [null, 'quote']),
    ).toEqual([]);
  });
});
