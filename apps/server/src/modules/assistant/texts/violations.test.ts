import { describe, expect, it } from 'vitest';
import type { ViolationAnswerFact } from '../../violations/owner-violations.service.ts';
import { violationAnswer } from './violations.ts';

/** A clause long enough that a summary would be tempted to shorten it. */
const excerpt =
  'Except on collection days, containers shall be stored inside the garage or behind a screen approved by the Architectural Review Committee, where they cannot be seen from a street, a common area or a neighbouring Lot; containers placed at the curb for collection shall be returned to storage by 8:00 p.m. on the day of collection.';

const trash: ViolationAnswerFact = {
  propertyName: 'Willow Creek Commons',
  unitLabel: '14B',
  ruleTitle: 'Trash containers out of sight',
  clause: {
    documentId: '11111111-1111-4111-8111-111111111111',
    documentName: 'Declaration of CC&Rs',
    sectionNumber: '4.6',
    sectionTitle: 'Trash Containers',
    page: 3,
    excerpt,
  },
  notice: { stageName: 'Courtesy notice', title: 'Courtesy notice for 14B' },
  cureDueOn: '2026-12-08',
  curable: true,
  cureReportedOn: null,
  hearing: null,
  hearingRequest: {
    allowed: true,
    until: '2026-12-24',
    statute: 'Tex. Prop. Code §209.007',
    refusedAs: null,
  },
};

describe('the answer to "why did I get this letter?"', () => {
  it('quotes the whole clause, where it is, the cure date, how to cure and the hearing', () => {
    const answer = violationAnswer([trash], 'en');
    expect(answer).toContain(`“${excerpt}”`);
    expect(answer).not.toContain('…');
    expect(answer).toContain(
      'The Courtesy notice (“Courtesy notice for 14B”) is about the rule “Trash containers out of sight” at unit 14B, Willow Creek Commons.',
    );
    expect(answer).toContain(
      'It cites Declaration of CC&Rs, Section 4.6 (Trash Containers), page 3, which says:',
    );
    expect(answer).toContain('To cure it, correct this by December 8, 2026.');
    expect(answer).toContain('upload a photo of the cure or reply');
    expect(answer).toContain(
      'If you disagree, you can ask for a hearing there until December 24, 2026 (Tex. Prop. Code §209.007).',
    );
  });

  it('answers in Spanish, the clause still as the association adopted it', () => {
    const answer = violationAnswer([trash], 'es');
    expect(answer).toContain(`“${excerpt}”`);
    expect(answer).toContain('Para subsanarla, corríjala antes del 8 de diciembre de 2026.');
    expect(answer).toContain('suba una foto de la corrección o responda');
    expect(answer).toContain(
      'Cita Declaration of CC&Rs, sección 4.6 (Trash Containers), página 3, que dice:',
    );
  });

  it('names a rules document’s rule as the document numbers it, in any language', () => {
    const parking = {
      ...trash,
      clause: {
        ...trash.clause,
        documentName: 'Rules and Regulations',
        sectionNumber: 'Rule 14',
        sectionTitle: null,
      },
    };
    expect(violationAnswer([parking], 'en')).toContain(
      'It cites Rules and Regulations, Rule 14, page 3, which says:',
    );
    expect(violationAnswer([parking], 'es')).toContain(
      'Cita Rules and Regulations, Rule 14, página 3, que dice:',
    );
  });

  it('says when the law’s period is unknown, a cure was reported, or the time for a hearing passed', () => {
    const unknown = violationAnswer(
      [{ ...trash, hearingRequest: { allowed: true, until: null, statute: null, refusedAs: null } }],
      'en',
    );
    expect(unknown).toContain('If you disagree, you can ask for a hearing there; the association decides.');
    expect(unknown).not.toMatch(/within \d+ days/);
    const reported = violationAnswer([{ ...trash, cureReportedOn: '2026-12-01' }], 'en');
    expect(reported).toContain(
      'You reported it cured on December 1, 2026: an inspector or manager will check it and close the violation.',
    );
    const late = violationAnswer(
      [
        {
          ...trash,
          hearingRequest: {
            allowed: false,
            until: null,
            statute: 'Tex. Prop. Code §209.007',
            refusedAs: 'HEARING_REQUEST_WINDOW_CLOSED',
          },
        },
      ],
      'en',
    );
    expect(late).toContain('The time to ask for a hearing has passed (Tex. Prop. Code §209.007)');
  });

  it('tells three in full and counts the rest', () => {
    const answer = violationAnswer([trash, trash, trash, trash, trash], 'en');
    expect(answer).toContain('You were sent notices about 5 open violations.');
    expect(answer.split(`“${excerpt}”`)).toHaveLength(4);
    expect(answer).toContain('You have 2 more under Violations in the resident portal.');
  });

  it('with none, says so and offers a person', () => {
    expect(violationAnswer([], 'en')).toBe(
      'I found no open violation you were sent a notice about. If you received a letter you have questions about, write “talk to a person” and I will pass it to your manager.',
    );
    expect(violationAnswer([], 'es')).toContain('hablar con una persona');
  });
});
