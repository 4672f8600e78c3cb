import { describe, expect, it } from 'vitest';
import { structureDocument } from '../documents/structure.ts';
import { excerptKeyOf, suggestRulesFrom } from './rule-suggestions.ts';

const suggest = (text: string) => suggestRulesFrom(structureDocument([{ page: 1, text }]));

describe('reading rules from a governing document', () => {
  it('takes each sentence that binds owners, whole and word for word, with its section', () => {
    const found = suggest(`ARTICLE IV USE RESTRICTIONS
Section 4.4 Signs. No sign, poster or banner shall be displayed in any window. Owners may display one "For Sale" sign.
Section 4.9 Hot Tubs. A hot tub must be covered when not in use.`);
    expect(found.map((rule) => [rule.sectionNumber, rule.title, rule.category, rule.excerpt])).toEqual([
      ['4.4', 'Signs', 'signs_decorations', 'No sign, poster or banner shall be displayed in any window.'],
      ['4.9', 'Hot Tubs', 'other', 'A hot tub must be covered when not in use.'],
    ]);
  });

  it('names a rule of a rules document as the document numbers it ("Rule 14"), not as a section', () => {
    const found = suggest(`PART 3 – PARKING AND VEHICLES
Rule 14. Inoperable Vehicles. Inoperable vehicles may not be parked in the community for more than 72 hours.`);
    expect(found.map((rule) => [rule.sectionNumber, rule.excerpt])).toEqual([
      ['Rule 14', 'Inoperable vehicles may not be parked in the community for more than 72 hours.'],
    ]);
  });

  it('leaves out what binds the association, its board or committees, and its own workings', () => {
    const found = suggest(`Section 2.4 Board of Directors. The Board shall meet at least quarterly.
Section 3.2 Assessments. Each Owner shall pay the assessments levied against the Unit.
Section 5.3 Approval. The Architectural Committee shall decide within forty-five (45) days.
Section 6.1 Use. The Association shall not prohibit the display of the flag of the United States.
Section 6.2 Parking. Vehicles must not block a sidewalk.`);
    expect(found.map((rule) => rule.excerpt)).toEqual(['Vehicles must not block a sidewalk.']);
  });

  it('takes a list item with its own heading as the title, and a period the clause names as the days to cure', () => {
    const [item] = suggest(`Section 4.2 Pets.
(c) Waste. Pet waste shall be removed from a Rear Yard within seven (7) days.`);
    expect(item).toMatchObject({ title: 'Waste', category: 'pets', defaultCureDays: 7, curable: true });
  });

  it('marks one-off conduct as not curable and hazards as health and safety', () => {
    const found = suggest(
      `Section 9.1 Conduct. No Resident shall play loud music after ten at night. Propane tanks shall not be stored on a balcony.`,
    );
    expect(found.map((rule) => [rule.curable, rule.healthSafety])).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it('knows a clause again whatever its case and spacing', () => {
    expect(excerptKeyOf('No  Boats\nshall be parked.')).toBe(excerptKeyOf('no boats shall be parked.'));
  });
});
