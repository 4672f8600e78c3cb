import { describe, expect, it } from 'vitest';
import { clauseNumberLabel } from './violations.ts';

describe('clauseNumberLabel', () => {
  it('marks a section number with the section sign, once', () => {
    expect(clauseNumberLabel('4.2')).toBe('§ 4.2');
    expect(clauseNumberLabel('§ 7.3(b)')).toBe('§ 7.3(b)');
    expect(clauseNumberLabel('IV', '§')).toBe('§IV');
  });

  it('keeps a number that names its kind as the document wrote it', () => {
    expect(clauseNumberLabel('Rule 14')).toBe('Rule 14');
    expect(clauseNumberLabel('Regulation 17', '§')).toBe('Regulation 17');
    expect(clauseNumberLabel(' Art. IV ')).toBe('Art. IV');
  });
});
