import { describe, expect, it } from 'vitest';
import type { AssistantLanguage } from '@commonwise/contracts';
import { analyzeMessage } from './analyze.ts';
import { arcProjectWish, kindsNamedIn, startsArcProject } from './arc-projects.ts';
import { detectLanguage } from './language.ts';

/** The message's own language, as analyzeMessage reads it. */
const wish = (text: string) => arcProjectWish(text, detectLanguage(text).language);

describe('a wish to start an architectural project', () => {
  it.each([
    ['I want to put up a fence', 'fence'],
    ['I want to build a fence', 'fence'],
    ["I'd like approval to add a patio", 'addition'],
    ['we are going to install solar panels on the roof next month', 'solar'],
    ['I need permission to build a storage shed', 'addition'],
    ['we would like to paint the house sage green', 'paint'],
    ['I want to stain my fence a darker brown', 'paint'],
    ["we're thinking of taking out the big oak tree in the front yard", 'landscaping'],
    ['We need a new roof and want to go with metal', 'roof'],
    ['planning a pergola over the back patio', 'addition'],
    ['How do I apply for architectural approval? I want to add a sunroom', 'addition'],
    ['I would like to replace my windows', 'other'],
    ['I want to start an ARC request', null],
    ['quiero poner una cerca', 'fence'],
    ['quiero instalar paneles solares', 'solar'],
    ['me gustaría pintar mi casa de verde', 'paint'],
    ['vamos a construir una terraza atrás', 'addition'],
    ['necesito permiso para cortar un árbol', 'landscaping'],
    ['¿cómo pido permiso para construir un patio cubierto?', 'addition'],
    ['quiero hacer una solicitud arquitectónica', null],
    ['quero colocar uma cerca no quintal', 'fence'],
    ['je voudrais installer des panneaux solaires', 'solar'],
  ] as const)('starts one for "%s" (%s)', (text, kind) => {
    expect(wish(text)).toEqual({ kind });
  });

  it.each([
    // Rules questions stay questions: the documents answer them.
    'Can I paint my door red?',
    'Can I paint my house blue?',
    'how tall can my fence be',
    'do I need approval for solar panels?',
    'are sheds allowed in the back yard?',
    'i want to put up a shed, whats allowed',
    'what do the CC&Rs say about fences if i want to build one',
    '¿Puedo pintar mi casa de azul?',
    '¿se permiten paneles solares?',
    'quiero poner una pérgola en el patio de atrás, qué se permite',
    'posso pintar minha porta de vermelho?',
    'est-ce que je peux peindre ma porte en bleu ?',
    // Repairs, complaints, requests already made, and everything else.
    'the fence by the pool is broken',
    'my roof is leaking into the bedroom',
    'I want someone to fix the gate',
    'I need a new key for the gate',
    'my neighbor wants to build a huge shed',
    'my neighbor built a fence without approval',
    'any news on my fence request?',
    'please cancel my fence request',
    'I want to paint my bedroom',
    'I want to pay my dues',
    "I don't want to build anything, I just want to know when the pool opens",
    'thanks, I will upload the fence quote tonight',
    'la cerca de la alberca está rota',
    'mi vecino construyó una barda sin permiso',
    'quiero hablar con el administrador',
  ])('leaves "%s" to the other answers', (text) => {
    expect(wish(text)).toBeUndefined();
  });

  it('starts none for an emergency, a language without texts, or what the classifier is sure is a complaint', () => {
    const fence = 'I want to put up a fence';
    expect(startsArcProject(fence, analyzeMessage(fence))).toEqual({ kind: 'fence' });
    for (const changed of [
      { isEmergency: true },
      { isLanguageSupported: false },
      { intent: 'neighbor_complaint' as const, intentConfidence: 0.8 },
    ])
      expect(startsArcProject(fence, { ...analyzeMessage(fence), ...changed })).toBeUndefined();
  });

  it('does not read Chinese or Vietnamese yet', () => {
    for (const language of ['zh', 'vi'] as AssistantLanguage[])
      expect(arcProjectWish('我想装太阳能板', language)).toBeUndefined();
  });

  it('names the kinds a reply names, the first first', () => {
    expect(kindsNamedIn('the fence one', 'en')).toEqual(['fence']);
    expect(kindsNamedIn('solar panels on the roof', 'en')).toEqual(['solar', 'roof']);
    expect(kindsNamedIn('el techo', 'es')).toEqual(['roof']);
  });
});
