import { describe, expect, it } from 'vitest';
import type { ArcField } from '@commonwise/contracts';
import { readArcAnswer } from './arc-answers.ts';

const field = (fields: Partial<ArcField>): ArcField => ({
  key: 'height',
  label: 'Height',
  kind: 'number',
  unit: 'in',
  options: [],
  required: true,
  help: null,
  ...fields,
});
const height = field({});
const panels = field({ key: 'panel_count', label: 'Number of panels', unit: null });
const material = field({
  key: 'material',
  label: 'Material',
  kind: 'choice',
  unit: null,
  options: ['Wood', 'Vinyl', 'Wrought iron', 'Aluminum', 'Masonry', 'Other'],
});

describe('reading a chat answer as the form keeps it', () => {
  it.each([
    ['6 feet', 72, true],
    ['72', 72, false],
    ['72 inches', 72, false],
    ['about 72', 72, false],
    [`5'6"`, 66, true],
    ['6 pies', 72, true],
    ['1,8 metros', 70.87, true],
  ])('reads "%s" for a height in inches as %s', (text, value, converted) => {
    expect(readArcAnswer(height, text)).toEqual({ ok: true, value, converted });
  });

  it('asks again for no number, several, or one the form refuses', () => {
    expect(readArcAnswer(height, 'pretty tall')).toEqual({ ok: false, problem: 'number' });
    expect(readArcAnswer(height, '5-6 ft')).toEqual({ ok: false, problem: 'one_number' });
    expect(readArcAnswer(height, '-5')).toEqual({
      ok: false,
      problem: 'refused',
      message: 'Height cannot be less than 0.',
    });
    expect(readArcAnswer(height, '   ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('reads a number without a unit', () => {
    expect(readArcAnswer(panels, '24 panels')).toMatchObject({ ok: true, value: 24 });
  });

  it('matches a choice in any case, by its common words, or in Spanish', () => {
    for (const [text, option] of [
      ['VINYL', 'Vinyl'],
      ['cedar', 'Wood'],
      ['white vinyl', 'Vinyl'],
      ['madera', 'Wood'],
      ['hierro forjado', 'Wrought iron'],
    ])
      expect(readArcAnswer(material, text!)).toMatchObject({ ok: true, value: option });
    expect(readArcAnswer(material, 'plastic')).toEqual({ ok: false, problem: 'choice' });
  });

  it('keeps text as written, up to what the form takes', () => {
    const location = field({ key: 'location', label: 'Location', kind: 'text', unit: null });
    expect(readArcAnswer(location, ' Rear yard ')).toEqual({
      ok: true,
      value: 'Rear yard',
      converted: false,
    });
    expect(readArcAnswer(location, 'x'.repeat(2001))).toEqual({ ok: false, problem: 'too_long' });
  });
});
