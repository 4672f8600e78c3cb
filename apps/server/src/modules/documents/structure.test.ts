import { describe, expect, it } from 'vitest';
import { sentencesOf, structureDocument, type Section } from './structure.ts';

const summary = (sections: Section[]) =>
  sections.map((section) => ({
    number: section.number,
    title: section.title,
    context: section.context,
    page: section.page,
    blocks: section.blocks.map((block) => `${block.kind === 'item' ? '• ' : ''}${block.text}`),
  }));

describe('structureDocument', () => {
  it('reads ARTICLE / Section layouts, with titles on the heading line or the next', () => {
    const sections = structureDocument([
      {
        page: 1,
        text: [
          'DECLARATION OF COVENANTS',
          'ARTICLE IV',
          'USE RESTRICTIONS',
          'Section 4.1 Residential Use. Each Unit shall be used as a residence.',
          'Section 4.2 Pets. No more than two (2) dogs or two (2) cats may be kept in',
          'any Unit. Dogs must be on a leash of no more than six (6) feet in the',
          'Common Area.',
          '(a) Birds kept indoors are not counted.',
          '(b) No animal may be bred for sale.',
        ].join('\n'),
      },
      {
        page: 2,
        text: [
          'ARTICLE V - ARCHITECTURAL CONTROL',
          'SECTION 5.1',
          'Fences shall not exceed six (6) feet.',
        ].join('\n'),
      },
    ]);
    expect(summary(sections)).toEqual([
      { number: null, title: 'Declaration of Covenants', context: null, page: 1, blocks: [] },
      {
        number: '4.1',
        title: 'Residential Use',
        context: 'ARTICLE IV Use Restrictions',
        page: 1,
        blocks: ['Each Unit shall be used as a residence.'],
      },
      {
        number: '4.2',
        title: 'Pets',
        context: 'ARTICLE IV Use Restrictions',
        page: 1,
        blocks: [
          'No more than two (2) dogs or two (2) cats may be kept in any Unit. Dogs must be on a leash of no more than six (6) feet in the Common Area.',
          '(a) Birds kept indoors are not counted.',
          '(b) No animal may be bred for sale.',
        ],
      },
      {
        number: '5.1',
        title: null,
        context: 'ARTICLE V Architectural Control',
        page: 2,
        blocks: ['Fences shall not exceed six (6) feet.'],
      },
    ]);
  });

  it('reads numbered rules with bulleted lists, and sub-rules under their parent heading', () => {
    const sections = structureDocument([
      {
        page: 3,
        text: [
          '6. POOL AND SPA',
          '6.1 The pool is open from 8:00 a.m. to 10:00 p.m. daily.',
          '6.2 The following are not permitted in the pool area:',
          '• Glass containers of any kind',
          '• Pets, except service animals',
          '- Diving',
        ].join('\n'),
      },
    ]);
    expect(summary(sections)).toEqual([
      { number: '6', title: 'Pool and Spa', context: null, page: 3, blocks: [] },
      {
        number: '6.1',
        title: null,
        context: '6 Pool and Spa',
        page: 3,
        blocks: ['The pool is open from 8:00 a.m. to 10:00 p.m. daily.'],
      },
      {
        number: '6.2',
        title: null,
        context: '6 Pool and Spa',
        page: 3,
        blocks: [
          'The following are not permitted in the pool area:',
          '• • Glass containers of any kind',
          '• • Pets, except service animals',
          '• - Diving',
        ],
      },
    ]);
  });

  it('reads "Sec. 3.01" and "§ 5" layouts, and drops running headers and page numbers', () => {
    const page = (number: number, lines: string[]) => ({
      page: number,
      text: ['Harbor View Condominiums — Bylaws', ...lines, `Page ${number} of 3`].join('\n'),
    });
    const sections = structureDocument([
      page(1, ['Sec. 3.01 Annual Meeting. The annual meeting shall be held in March.']),
      page(2, ['§ 5. BUDGET', 'The Board shall adopt a budget each year.']),
      page(3, ['§5.1 Reserves. Reserves shall be funded.']),
    ]);
    expect(
      summary(sections).map(({ number, title, page: at, blocks }) => ({ number, title, at, blocks })),
    ).toEqual([
      {
        number: '3.01',
        title: 'Annual Meeting',
        at: 1,
        blocks: ['The annual meeting shall be held in March.'],
      },
      { number: '5', title: 'Budget', at: 2, blocks: ['The Board shall adopt a budget each year.'] },
      { number: '5.1', title: 'Reserves', at: 3, blocks: ['Reserves shall be funded.'] },
    ]);
  });

  it('reads "5.1." with a stop after the number, and "Sec 7" or "Sect. 8" without one', () => {
    const sections = structureDocument([
      {
        page: 1,
        text: [
          '5. PETS',
          '5.1. Number. Up to two dogs may be kept.',
          '5.2. Leashes. Dogs are leashed outside.',
          'Sec 7 Parking. Guests park in marked spaces.',
          'Sect. 8 Trash. Carts go out on Tuesday.',
        ].join('\n'),
      },
    ]);
    expect(
      sections.map(({ number, title, blocks }) => ({ number, title, blocks: blocks.map((b) => b.text) })),
    ).toEqual([
      { number: '5', title: 'Pets', blocks: [] },
      { number: '5.1', title: 'Number', blocks: ['Up to two dogs may be kept.'] },
      { number: '5.2', title: 'Leashes', blocks: ['Dogs are leashed outside.'] },
      { number: '7', title: 'Parking', blocks: ['Guests park in marked spaces.'] },
      { number: '8', title: 'Trash', blocks: ['Carts go out on Tuesday.'] },
    ]);
  });

  it('reads handbooks numbered "Rule 14." under "PART 3 – …" headings, and names them rules', () => {
    const sections = structureDocument([
      {
        page: 1,
        text: [
          'PART 3 – PARKING AND VEHICLES',
          'Rule 14. Inoperable Vehicles and Repairs.',
          'No vehicle may be repaired in a driveway.',
          'Rule 52 applies to every towing decision, and this line is text, not a heading.',
          'RULE 15 – TOWING',
          '(a) A vehicle across a driveway may be towed at once.',
          'Part 2 of the fee is refunded after the event.',
          'Chapter 4: Pools',
          'R-16 GUEST PASSES',
          'Guests need a pass.',
          'Regulation 17: Signs. One sign per lot.',
        ].join('\n'),
      },
    ]);
    expect(
      sections.map(({ number, designation, title, context, blocks }) => ({
        number,
        designation,
        title,
        context,
        blocks: blocks.map((block) => block.text),
      })),
    ).toEqual([
      {
        number: '14',
        designation: 'Rule',
        title: 'Inoperable Vehicles and Repairs',
        context: 'PART 3 Parking and Vehicles',
        blocks: [
          'No vehicle may be repaired in a driveway. Rule 52 applies to every towing decision, and this line is text, not a heading.',
        ],
      },
      {
        number: '15',
        designation: 'Rule',
        title: 'Towing',
        context: 'PART 3 Parking and Vehicles',
        blocks: [
          '(a) A vehicle across a driveway may be towed at once. Part 2 of the fee is refunded after the event.',
        ],
      },
      {
        number: '16',
        designation: 'Rule',
        title: 'Guest Passes',
        context: 'CHAPTER 4 Pools',
        blocks: ['Guests need a pass.'],
      },
      {
        number: '17',
        designation: 'Regulation',
        title: 'Signs',
        context: 'CHAPTER 4 Pools',
        blocks: ['One sign per lot.'],
      },
    ]);
  });

  it('takes a wrapped "(45) days" for text, and "(a)" after a full stop for a subsection', () => {
    const [section] = structureDocument([
      {
        page: 8,
        text: [
          'Section 5.3 Review. The Committee shall decide within forty-five',
          '(45) days after receiving an application.',
          '(a) An incomplete application is returned.',
        ].join('\n'),
      },
    ]);
    expect(section!.blocks.map((block) => block.text)).toEqual([
      'The Committee shall decide within forty-five (45) days after receiving an application.',
      '(a) An incomplete application is returned.',
    ]);
  });

  it('starts a subsection after an item that hands on with "; and", and reads dot-leader rows as items', () => {
    const [maintenance, fines] = structureDocument([
      {
        page: 3,
        text: [
          'Section 4.2 Owner Maintenance. Each Owner shall maintain:',
          '(a) the roof and gutters of the Residence;',
          '(b) the sewer line from the Residence to the main in the street; and',
          '(c) all yards and landscaping on the Lot.',
          'Section 11.3 Fine Schedule. Fines are as follows:',
          'First violation ........ $50.00',
          'Second violation within twelve months ....... $100.00',
        ].join('\n'),
      },
    ]);
    expect(maintenance!.blocks.map((block) => block.text)).toEqual([
      'Each Owner shall maintain:',
      '(a) the roof and gutters of the Residence;',
      '(b) the sewer line from the Residence to the main in the street; and',
      '(c) all yards and landscaping on the Lot.',
    ]);
    expect(summary([fines!])[0]!.blocks).toEqual([
      'Fines are as follows:',
      '• First violation ........ $50.00',
      '• Second violation within twelve months ....... $100.00',
    ]);
  });

  it('keeps the page where each part of a block starts', () => {
    const [section] = structureDocument([
      { page: 4, text: 'Section 9.1 Leasing. No Unit may be leased for a term of less than' },
      { page: 5, text: 'twelve (12) months. Owners shall give the Board a copy of the lease.' },
    ]);
    const sentences = sentencesOf(section!.blocks[0]!);
    expect(sentences).toEqual([
      { text: 'No Unit may be leased for a term of less than twelve (12) months.', page: 4 },
      { text: 'Owners shall give the Board a copy of the lease.', page: 5 },
    ]);
  });
});

describe('sentencesOf', () => {
  const paragraph = (text: string) => ({ text, kind: 'paragraph' as const, page: 1, pageStarts: [] });

  it('does not end a sentence at an abbreviation, a time or inside brackets', () => {
    expect(
      sentencesOf(
        paragraph(
          'Quiet hours are from 10:00 p.m. to 7:00 a.m. on weekdays. See Sec. 4.2 (and No. 3 of the Rules. Appendix A) for details. Fines apply.',
        ),
      ).map((sentence) => sentence.text),
    ).toEqual([
      'Quiet hours are from 10:00 p.m. to 7:00 a.m. on weekdays.',
      'See Sec. 4.2 (and No. 3 of the Rules. Appendix A) for details.',
      'Fines apply.',
    ]);
  });

  it('keeps every word: the sentences put back together are the block', () => {
    const text =
      'Front doors shall not be painted any color other than those in the approved palette; owners may not use trim colors on doors. Approval is required.';
    const sentences = sentencesOf(paragraph(text));
    expect(sentences.map((sentence) => sentence.text).join(' ')).toBe(text);
  });

  it('takes a list item whole, without its bullet', () => {
    expect(sentencesOf({ text: '• No glass. No pets.', kind: 'item', page: 2, pageStarts: [] })).toEqual([
      { text: 'No glass. No pets.', page: 2 },
    ]);
  });
});
