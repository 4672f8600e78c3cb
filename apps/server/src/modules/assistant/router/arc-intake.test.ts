import { describe, expect, it } from 'vitest';
import type { ArcProjectKind, ArcProjectType, MessageAnalysis } from '@commonwise/contracts';
import { defaultProjectTypes } from '../../arc/default-project-types.ts';
import { analyzeMessage } from '../analyze.ts';
import { startsArcProject } from '../arc-projects.ts';
import { arcTextsIn } from '../texts/arc-intake.ts';
import type { ArcAsk, ArcFacts, ArcHome, ArcIntake } from './arc-intake.ts';
import { arcQuestion } from './arc-request.ts';
import type { DecisionContext, RouterMemory } from './context.ts';
import { decide, type Decision } from './decide.ts';
import { turnOf } from './record-turn.ts';

/**
 * The architectural intake's decisions (issue 22 item 1), without a database: Ryan owns 14B at Willow
 * Creek Commons, whose project types are the defaults; what each message makes the assistant do next.
 */

const willow = 'property-willow';
const types: ArcProjectType[] = defaultProjectTypes().map((input, index) => ({
  id: `00000000-0000-4000-8000-0000000000${String(index + 10)}`,
  propertyId: willow,
  kind: input.kind,
  name: input.name,
  description: input.description,
  fields: input.fields,
  files: input.files,
  checks: [],
  feeCents: 0,
  reviewDays: null,
  reviewDaysSource: null,
  active: true,
}));
const typeOf = (kind: ArcProjectKind) => types.find((type) => type.kind === kind)!;

const fourteenB: ArcHome = {
  unitId: '00000000-0000-4000-8000-00000000014b',
  unitLabel: '14B',
  propertyId: willow,
  propertyName: 'Willow Creek Commons',
  projectTypes: types,
};
const oakCourt: ArcHome = {
  unitId: '00000000-0000-4000-8000-0000000000o1',
  unitLabel: 'O1',
  propertyId: 'property-oak',
  propertyName: 'Oak Court',
  projectTypes: [typeOf('fence')],
};

/** Decides one message as the router would: analysed, its project wish read, with the owner's homes. */
function turn(text: string, memory: RouterMemory = {}, homes: ArcHome[] = [fourteenB]): Decision {
  const analysis = analyzeMessage(text, { language: memory.language });
  const wish = startsArcProject(text, analysis);
  const arc: ArcFacts | undefined = wish || memory.arc ? { ...(wish ? { wish } : {}), homes } : undefined;
  const context: DecisionContext = {
    text,
    residentName: 'Ryan Chen',
    propertyId: willow,
    memory,
    workOrders: [],
    now: new Date('2026-03-02T10:00:00Z'),
    ...(arc ? { arc } : {}),
  };
  return decide(analysis, context);
}

function asked(decision: Decision): ArcAsk {
  if (decision.kind !== 'arc_ask') throw new Error(`expected a question, got ${decision.kind}`);
  return decision;
}

/** Walks a conversation, each reply answering the question before it; returns every decision. */
function converse(messages: string[], homes: ArcHome[] = [fourteenB]): Decision[] {
  const decisions: Decision[] = [];
  let memory: RouterMemory = {};
  for (const text of messages) {
    const decision = turn(text, memory, homes);
    decisions.push(decision);
    memory = decision.kind === 'arc_ask' ? { arc: decision.intake, language: decision.intake.language } : {};
  }
  return decisions;
}

const fenceAnswers = ['6 feet', '40 ft', 'vinyl', 'White', 'Rear yard, along the back property line'];

describe('starting an architectural request', () => {
  it('starts with the fence form for "I want to put up a fence", introducing itself and asking its first question', () => {
    const first = asked(turn('I want to put up a fence'));
    expect(first.opening).toBe(true);
    expect(first.type?.name).toBe('Fence');
    expect(first.intake).toMatchObject({
      kind: 'fence',
      unitId: fourteenB.unitId,
      description: 'I want to put up a fence',
      step: { ask: 'field', key: 'height' },
    });
    const text = arcQuestion(first, arcTextsIn('en'));
    expect(text).toContain('“Fence” for unit 14B, Willow Creek Commons');
    expect(text).toContain('I will ask you 5 questions');
    expect(text).toContain('I cannot approve or deny anything');
    expect(text).toContain(
      'Question 1 of 5: Height (in inches)? Measured from the ground on the higher side.',
    );
    expect(turnOf(first).decision).toBe('asked_detail');
  });

  it('keeps a rules question a rules question', () => {
    for (const text of [
      'Can I paint my door red?',
      'how tall can my fence be?',
      'do I need approval for solar panels?',
    ])
      expect(turn(text).kind).not.toBe('arc_ask');
  });

  it('asks which home first when the owner has several, then takes the one named', () => {
    const which = asked(turn('I want to build a fence', {}, [fourteenB, oakCourt]));
    expect(which.intake.step).toEqual({ ask: 'unit' });
    expect(arcQuestion(which, arcTextsIn('en'))).toBe(
      'Which of your homes is the project for? 14B (Willow Creek Commons), O1 (Oak Court).',
    );
    const [, oak] = converse(['I want to build a fence', 'the one at Oak Court'], [fourteenB, oakCourt]);
    expect(asked(oak!).intake).toMatchObject({
      unitId: oakCourt.unitId,
      step: { ask: 'field', key: 'height' },
    });
    const [, again] = converse(['I want to build a fence', 'the blue one'], [fourteenB, oakCourt]);
    expect(asked(again!).problem).toEqual({ kind: 'unit' });
  });

  it('uses the association’s “Other” form when it has none of the kind, saying so', () => {
    const noSolar = { ...fourteenB, projectTypes: types.filter((type) => type.kind !== 'solar') };
    const first = asked(turn('quiero instalar paneles solares', {}, [noSolar]));
    expect(first.type?.kind).toBe('other');
    expect(first.insteadOf).toBe('solar');
    expect(arcQuestion(first, arcTextsIn('es'))).toContain(
      'Willow Creek Commons no tiene un formulario para paneles solares, así que uso su formulario “Other”.',
    );
  });

  it('hands over, inventing nothing, when the association has no form for it and no “Other” form', () => {
    const fenceOnly = { ...fourteenB, projectTypes: [typeOf('fence')] };
    const decision = turn('we want to get solar panels installed on our roof', {}, [fenceOnly]);
    expect(decision).toMatchObject({
      kind: 'arc_no_form',
      wanted: 'solar',
      handover: { reason: 'needs_staff' },
    });
    expect(turnOf(decision)).toMatchObject({ decision: 'handed_over', handoverReason: 'needs_staff' });
    const none = turn('I want to build a deck', {}, [{ ...fourteenB, projectTypes: [] }]);
    expect(none.kind).toBe('arc_no_form');
  });

  it('tells someone who owns no home that only owners can ask', () => {
    expect(turn('I want to put up a fence', {}, []).kind).toBe('arc_not_owner');
  });

  it('asks which form when no kind of project is named', () => {
    const which = asked(turn('I want to start an ARC request'));
    expect(which.intake.step).toEqual({ ask: 'type' });
    const [, roof] = converse(['I want to start an ARC request', 'the roof']);
    expect(asked(roof!).type?.kind).toBe('roof');
  });
});

describe('the questions, one at a time', () => {
  it('reads each answer as the form keeps it, then asks for the title and shows the summary', () => {
    const decisions = converse(['I want to put up a fence', ...fenceAnswers, 'yes']);
    const [, height, length, material, colour, location, title] = decisions.map((d) => asked(d));
    expect(height!.intake.answers).toEqual({ height: 72 });
    expect(height!.readBack).toEqual({ field: 'height', value: 72 });
    expect(arcQuestion(height!, arcTextsIn('en'))).toMatch(
      /^Noted: Height, 72 in\.\n\nQuestion 2 of 5: Length \(in feet\)\?/,
    );
    expect(length!.intake.answers.length).toBe(40);
    expect(material!.intake.answers.material).toBe('Vinyl');
    expect(colour!.intake.answers.colour).toBe('White');
    expect(location!.intake.step).toEqual({ ask: 'title' });
    expect(arcQuestion(location!, arcTextsIn('en'))).toContain('I suggest “Fence at unit 14B”');
    expect(title!.intake).toMatchObject({ title: 'Fence at unit 14B', step: { ask: 'confirm' } });
    const summary = arcQuestion(title!, arcTextsIn('en'));
    expect(summary).toContain('• Height: 72 in');
    expect(summary).toContain('• Material: Vinyl');
    expect(summary).toContain('Shall I submit it?');
  });

  it('asks again, saying why, for a number it cannot read, a range, or a choice not offered', () => {
    const [, noNumber] = converse(['I want to put up a fence', 'pretty tall']);
    expect(asked(noNumber!).problem).toEqual({ kind: 'number', field: 'height' });
    expect(arcQuestion(asked(noNumber!), arcTextsIn('en'))).toBe(
      'I could not read a number for “Height”. Please give just the number in inches, or with its unit (for example “6 feet”).',
    );
    const [, range] = converse(['I want to put up a fence', '5-6 ft']);
    expect(asked(range!).problem).toEqual({ kind: 'one_number', field: 'height' });
    const [, , , plastic] = converse(['I want to put up a fence', '72', '40', 'plastic']);
    expect(asked(plastic!).problem).toEqual({ kind: 'choice', field: 'material' });
    expect(arcQuestion(asked(plastic!), arcTextsIn('en'))).toContain(
      'choose one of: Wood, Vinyl, Wrought iron, Aluminum, Masonry, Other',
    );
  });

  it('takes answers in Spanish, with Spanish units and words for the options', () => {
    const [first, height, , material] = converse(['quiero poner una cerca', '6 pies', '12 metros', 'madera']);
    expect(asked(first!).intake.language).toBe('es');
    expect(asked(height!).intake.answers.height).toBe(72);
    expect(asked(material!).intake.answers).toMatchObject({ length: 39.37, material: 'Wood' });
    expect(arcQuestion(asked(material!), arcTextsIn('es'))).toContain('Pregunta 4 de 5: “Colour or stain”');
  });

  it('submits on "yes" after the summary, and changes an answer named after "no"', () => {
    const messages = ['I want to put up a fence', ...fenceAnswers, 'yes'];
    const submitted = converse([...messages, 'yes']).at(-1)!;
    expect(submitted.kind).toBe('arc_submit');
    if (submitted.kind !== 'arc_submit') return;
    expect(submitted.intake.answers).toEqual({
      height: 72,
      length: 40,
      material: 'Vinyl',
      colour: 'White',
      location: 'Rear yard, along the back property line',
    });
    const [changeWhich, newHeight, back] = converse([...messages, 'no', 'the height', '5 feet']).slice(-3);
    expect(asked(changeWhich!).intake.step).toEqual({ ask: 'change' });
    expect(asked(newHeight!).intake.step).toEqual({ ask: 'field', key: 'height' });
    expect(asked(back!).intake).toMatchObject({ answers: { height: 60 }, step: { ask: 'confirm' } });
  });

  it('keeps the suggested title only for a plain yes, and changes an answer named with "yes, but…"', () => {
    const upToTitle = ['I want to put up a fence', ...fenceAnswers];
    const own = asked(converse([...upToTitle, 'OK Corral fence, rear']).at(-1)!);
    expect(own.intake.title).toBe('OK Corral fence, rear');
    expect(asked(converse([...upToTitle, 'yes please']).at(-1)!).intake.title).toBe('Fence at unit 14B');
    const change = asked(converse([...upToTitle, 'yes', 'yes but change the height']).at(-1)!);
    expect(change.intake.step).toEqual({ ask: 'field', key: 'height' });
    expect(converse([...upToTitle, 'yes', 'the height looks good, submit it']).at(-1)!.kind).toBe(
      'arc_submit',
    );
  });

  it('stops when the owner says cancel, at any step, submitting nothing', () => {
    for (const stop of ['cancel', 'stop', 'never mind', 'cancelar', 'ok forget it']) {
      expect(converse(['I want to put up a fence', '72', stop]).at(-1)!.kind).toBe('arc_stop');
    }
    // "stop" inside an answer is an answer.
    const location = converse([
      'I want to put up a fence',
      '72',
      '40',
      'wood',
      'natural',
      'it will stop at the driveway',
    ]);
    expect(asked(location.at(-1)!).intake.answers.location).toBe('it will stop at the driveway');
  });

  it('answers a question asked in the middle, then asks its own question again', () => {
    const [, , aside] = converse(['I want to put up a fence', '72', 'where is my work order for the leak?']);
    expect(aside!.kind).toBe('arc_aside');
    if (aside!.kind !== 'arc_aside') return;
    expect(aside.decision.kind).toBe('status');
    expect(aside.resume.intake.step).toEqual({ ask: 'field', key: 'length' });
    expect(turnOf(aside!).decision).toBe('status_given');
  });

  it('lets an emergency go first, whatever the intake waits for', () => {
    const [, emergency] = converse(['I want to put up a fence', 'I smell gas in the kitchen']);
    expect(emergency!.kind).toBe('emergency');
  });
});

describe('decide with no intake', () => {
  it('never starts one without a wish read from the message', () => {
    const analysis: MessageAnalysis = analyzeMessage('my kitchen sink is leaking');
    const memory: RouterMemory = {};
    const decision = decide(analysis, {
      text: 'my kitchen sink is leaking',
      residentName: 'Ryan Chen',
      propertyId: willow,
      memory,
      workOrders: [],
      now: new Date(),
      arc: { homes: [fourteenB] },
    });
    expect(decision.kind).not.toMatch(/^arc_/);
  });

  it('keeps the intake it was given across turns unchanged when only asked for', () => {
    const intake: ArcIntake = {
      language: 'en',
      kind: 'fence',
      description: 'I want to put up a fence',
      unitId: fourteenB.unitId,
      projectTypeId: typeOf('fence').id,
      answers: {},
      step: { ask: 'field', key: 'height' },
    };
    expect(asked(turn('6 ft', { arc: intake, language: 'en' })).intake.answers).toEqual({ height: 72 });
  });
});
