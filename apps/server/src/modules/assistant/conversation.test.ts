import { describe, expect, it } from 'vitest';
import type { RequestDetail, RequestState } from '@commonwise/contracts';
import { analyzeMessage } from './analyze.ts';
import { mergeRequest, missingDetails } from './conversation.ts';
import { followUpQuestion } from './texts/index.ts';

/** Plays a conversation the way the router does: each reply is read as the answer to the last question. */
function converse(...messages: string[]): { state: RequestState; asked: RequestDetail[] } {
  let state: RequestState | undefined;
  const asked: RequestDetail[] = [];
  for (const text of messages) {
    const analysis = analyzeMessage(text, { awaiting: asked.at(-1), language: state?.language });
    state = mergeRequest(state, analysis, text);
    const next = missingDetails(state)[0];
    if (next) asked.push(next);
  }
  return { state: state!, asked };
}

describe('missingDetails', () => {
  it('asks only for what the first message left out', () => {
    const state = mergeRequest(
      undefined,
      analyzeMessage('My kitchen faucet is leaking'),
      'My kitchen faucet is leaking',
    );
    expect(state).toMatchObject({ category: 'plumbing', location: { kind: 'unit', detail: 'kitchen' } });
    expect(missingDetails(state)).toEqual(['urgency', 'entry']);
  });

  it('asks for nothing more when everything is stated, and never about entry in a common area', () => {
    const full = 'The bathroom fan is broken, not urgent, you can come in anytime';
    expect(missingDetails(mergeRequest(undefined, analyzeMessage(full), full))).toEqual([]);
    const shared = 'the gym treadmill is broken, whenever you can';
    expect(missingDetails(mergeRequest(undefined, analyzeMessage(shared), shared))).toEqual([]);
  });

  it('asks what is wrong when the resident does not say', () => {
    const state = mergeRequest(undefined, analyzeMessage('I have a problem'), 'I have a problem');
    expect(missingDetails(state)).toEqual(['what', 'where', 'urgency']);
  });

  it('asks nothing of an emergency: safety first, the work order at once', () => {
    const state = mergeRequest(undefined, analyzeMessage('water is pouring from the ceiling'), 'x');
    expect(state).toMatchObject({ isEmergency: true, urgency: 'emergency' });
    expect(missingDetails(state)).toEqual([]);
  });
});

describe('a conversation over several turns', () => {
  it('asks each missing detail once (a dishwasher is in the unit, so not where)', () => {
    const { state, asked } = converse('Hi, something is broken', 'the dishwasher', 'it can wait', 'yes');
    expect(asked).toEqual(['what', 'urgency', 'entry']);
    expect(state).toMatchObject({
      category: 'appliances',
      subcategory: 'dishwasher',
      location: { kind: 'unit' },
      urgency: 'low',
      permissionToEnter: true,
      summary: 'Dishwasher problem',
    });
    expect(missingDetails(state)).toEqual([]);
    expect(state.description).toHaveLength(4);
  });

  it('reads short answers in the language of the conversation', () => {
    const { state, asked } = converse('El lavabo del baño gotea', 'no es urgente', 'sí');
    expect(asked).toEqual(['urgency', 'entry']);
    expect(state).toMatchObject({ language: 'es', urgency: 'low', permissionToEnter: true });
    expect(followUpQuestion('entry', state.language)).toMatch(/^Si no está en casa/);
  });

  it('keeps the first problem, but an emergency later in the conversation takes over', () => {
    const { state } = converse('the bedroom window is stuck', 'actually now I smell gas in the hallway');
    expect(state).toMatchObject({ isEmergency: true, emergencyKind: 'gas_leak', category: 'plumbing' });
    expect(missingDetails(state)).toEqual([]);
  });

  it('takes a refusal to enter, and a room the rules do not know, as answers', () => {
    const { state } = converse('the light is out', 'the den', 'normal', 'no, call me first');
    expect(state).toMatchObject({
      location: { kind: 'unit', detail: 'the den' },
      urgency: 'normal',
      permissionToEnter: false,
    });
  });
});
