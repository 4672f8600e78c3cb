import { describe, expect, it } from 'vitest';
import { emergencyKinds, type EmergencyKind } from '@commonwise/contracts';
import { analyzeMessage } from './analyze.ts';
import { safetyInstructions } from './texts/index.ts';

// Messages written for these tests; none of them is in the evaluation set.
const emergencies: [EmergencyKind, string, string][] = [
  [
    'gas_leak',
    'There is a gas odor all over the second floor landing',
    'Huele mucho a gas en mi departamento',
  ],
  ['fire_smoke', 'the stove is on fire!!', 'Se está quemando la cocina, hay mucho humo'],
  [
    'flooding',
    'the sump pump failed and the basement is filling with water',
    'Se reventó una tubería en el baño y hay agua por todas partes',
  ],
  ['electrical_hazard', 'The outlet behind the tv is sparking', 'Hay chispas saliendo del panel eléctrico'],
  [
    'no_heat_freezing',
    'Heat has been off for two days and it is freezing, we can see our breath',
    'No hay calefacción y está helando, tengo un bebé',
  ],
  ['carbon_monoxide', 'carbon monoxide detector is going off!!', 'Suena la alarma de monóxido'],
  [
    'injury',
    'My husband fell off the ladder and he is bleeding from his head',
    'Mi vecino se desmayó en el elevador',
  ],
];

describe('analyzeMessage: emergencies', () => {
  it.each(emergencies)('%s in English and Spanish', (kind, english, spanish) => {
    const en = analyzeMessage(english);
    expect(en).toMatchObject({ intent: 'maintenance_request', isEmergency: true, emergencyKind: kind });
    expect(en.urgency).toBe('emergency');
    expect(en.language).toBe('en');
    const es = analyzeMessage(spanish);
    expect(es).toMatchObject({ isEmergency: true, emergencyKind: kind, language: 'es' });
    expect(es.summary).toMatch(/^EMERGENCY: /);
  });

  it('files each emergency under the category its source or its kind gives', () => {
    expect(analyzeMessage('I smell gas near the dryer').category).toBe('plumbing');
    expect(analyzeMessage('the switch by the door sparked and shocked me')).toMatchObject({
      category: 'electrical',
      subcategory: 'outlet',
    });
    expect(analyzeMessage('the toilet overflowed and water is everywhere')).toMatchObject({
      emergencyKind: 'flooding',
      subcategory: 'toilet',
    });
    expect(analyzeMessage('my oven caught fire')).toMatchObject({
      category: 'other',
      subcategory: 'fire_smoke',
    });
  });

  it('files an emergency under the fixture it names in languages the rule tables do not read', () => {
    const filed = (text: string) => {
      const { emergencyKind, category, subcategory } = analyzeMessage(text);
      return `${emergencyKind}: ${category}/${subcategory}`;
    };
    expect(filed("l'ascenseur est bloqué entre deux étages avec mon voisin dedans")).toBe(
      'person_trapped: common_areas/elevator',
    );
    expect(filed('电梯卡在两层中间了，我爸在里面')).toBe('person_trapped: common_areas/elevator');
    expect(filed('bồn cầu tràn nước không ngừng, nước chảy ra hành lang')).toBe('flooding: plumbing/toilet');
    expect(filed('o esgoto está voltando pelo ralo do banheiro e subindo')).toBe('flooding: plumbing/clog');
    // …and under the kind's own category when no fixture is named.
    expect(filed("my daughter locked herself in the bathroom and can't get out")).toBe(
      'person_trapped: access/locks',
    );
  });

  it('treats lost heat as an emergency when the router knows it is freezing outside', () => {
    expect(analyzeMessage('our furnace stopped working').isEmergency).toBe(false);
    expect(analyzeMessage('our furnace stopped working', { isFreezing: true }).emergencyKind).toBe(
      'no_heat_freezing',
    );
  });

  it('has conservative safety instructions for every kind, in both languages', () => {
    for (const kind of emergencyKinds) {
      expect(safetyInstructions(kind, 'en')).toMatch(/911/);
      expect(safetyInstructions(kind, 'es')).toMatch(/911/);
    }
    expect(safetyInstructions('gas_leak')).toMatch(/leave now/i);
    expect(safetyInstructions('gas_leak')).toMatch(/do not switch lights/i);
    expect(safetyInstructions('gas_leak', 'es')).toMatch(/salga ahora/i);
    expect(safetyInstructions('carbon_monoxide')).toMatch(/get out now/i);
  });
});

describe('analyzeMessage: cold enough to be an emergency', () => {
  it.each([
    ['the furnace quit and it is 4°F out, baby in the house'],
    ['se apagó el calefactor y afuera estamos a -8, hace un frío tremendo'],
    ['no heat since noon, inside it is 52 and falling with a 3 week old'],
  ])('%s', (text) => {
    expect(analyzeMessage(text)).toMatchObject({ isEmergency: true, emergencyKind: 'no_heat_freezing' });
  });

  it('reads a minus sign, and a mild temperature stays a repair', () => {
    expect(analyzeMessage('no funciona la calefacción y afuera hay -5').emergencyKind).toBe(
      'no_heat_freezing',
    );
    expect(analyzeMessage('no funciona la calefacción y afuera hay 15').isEmergency).toBe(false);
  });
});

describe('analyzeMessage: look-alikes that are not emergencies', () => {
  it.each([
    'the smoke detector in my bedroom is chirping',
    'Carbon monoxide alarm chirps every 30 seconds, battery I think',
    'El detector de humo de la sala hace un pitido, creo que es la pila baja',
    'Burnt some toast and the fire alarm went off, sorry about that, everything is fine',
    'faucet has a tiny drip',
    'There is a little water under the fridge, not spreading',
    'My neighbour smokes cigarettes in the stairwell and it stinks',
    'Can I have a fire pit on my patio?',
    'Is a gas grill ok on the balcony?',
    'My stove will not light and I do not smell gas',
    'The emergency light in the garage is out',
    'I slipped in the lobby because the floor was wet, I am ok but someone could get hurt',
    'the heat is weak in the den but it has been mild out',
    'the courtyard floods whenever it rains',
    'the fire extinguisher cabinet on 3 has a cracked glass',
    'what if the dryer vent catches fire one day, who cleans it?',
    'ok I will keep the dogs in the back bedroom while you fix the sink',
    'the steps to the pool are cracked and crumbling at the edges',
    'si llamas a la oficina te dan la clave del gimnasio',
  ])('%s', (text) => {
    expect(analyzeMessage(text).isEmergency).toBe(false);
  });
});

describe('analyzeMessage: several problems in one message', () => {
  it('takes the first problem named and lists the others', () => {
    const a = analyzeMessage(
      'my faucet is dripping, the garage door is stuck and there are ants in the kitchen',
    );
    expect(a).toMatchObject({ intent: 'maintenance_request', category: 'plumbing', subcategory: 'leak' });
    expect(a.otherIssues).toEqual([
      { category: 'access', subcategory: 'garage' },
      { category: 'pest_control', subcategory: 'insects' },
    ]);
  });

  it('puts an emergency first, wherever it is in the message', () => {
    const a = analyzeMessage('The bathroom fan is loud. Oh and the hallway smells like gas');
    expect(a).toMatchObject({ isEmergency: true, emergencyKind: 'gas_leak', category: 'plumbing' });
    expect(a.otherIssues).toContainEqual({ category: 'hvac', subcategory: 'ventilation' });
  });
});

describe('analyzeMessage: intents', () => {
  it.each([
    ['hey there, my shower head is leaking', 'maintenance_request'],
    ['my toliet is clogd', 'maintenance_request'],
    ['i have a problem', 'maintenance_request'],
    ['any progress on the broken gate?', 'status_question'],
    ['Ya pasó una semana y nadie vino a revisar la fuga', 'status_question'],
    ['When will the pool reopen?', 'amenity_question'],
    ['Can I get a copy of the bylaws?', 'document_question'],
    ['Quiero saber si puedo pintar mi puerta', 'document_question'],
    ['I need a human please', 'human_request'],
    ['Electric bill seems too high, who do I ask?', 'billing_question'],
    ['thx, bye', 'acknowledgement'],
  ] as const)('%s → %s', (text, intent) => {
    expect(analyzeMessage(text).intent).toBe(intent);
  });

  it('takes a question about a visit that did not happen for a status question, not a new request', () => {
    // The classifier reads the problem named; the status words say it was reported before (decision 0022).
    for (const text of [
      'nobody came about the water stain on my bedroom ceiling, it stopped dripping',
      'did anyone check on the broken dryer in the laundry room yet',
      'were the painters able to get to the scuffed hallway walls?',
    ])
      expect(analyzeMessage(text).intent, text).toBe('status_question');
    expect(analyzeMessage('the dryer in the laundry room is broken again').intent).toBe(
      'maintenance_request',
    );
  });

  it('keeps a reported problem when the resident also asks for a person', () => {
    expect(analyzeMessage('the dryer is broken and I want to talk to the manager')).toMatchObject({
      intent: 'maintenance_request',
      category: 'appliances',
      asksForHuman: true,
    });
  });
});

describe('analyzeMessage: details', () => {
  it('reads urgency, location and permission to enter when the resident states them', () => {
    expect(
      analyzeMessage('The kitchen sink drips, no rush. You can let yourselves in with the master key.'),
    ).toMatchObject({
      urgency: 'low',
      location: { kind: 'unit', detail: 'kitchen' },
      permissionToEnter: true,
    });
    expect(
      analyzeMessage('Dishwasher broke, please text me before coming over, need it fixed today'),
    ).toMatchObject({
      urgency: 'high',
      permissionToEnter: false,
    });
    expect(analyzeMessage('the lights in the lobby are out')).toMatchObject({
      location: { kind: 'common_area', detail: 'lobby' },
    });
    expect(analyzeMessage('the tree outside my window is dead').location).toEqual({ kind: 'common_area' });
  });

  it('writes an English summary, also for Spanish messages', () => {
    expect(analyzeMessage('El inodoro del baño no deja de correr').summary).toBe('Toilet problem (bathroom)');
    expect(analyzeMessage('the pool is green').summary).toBe('Pool problem (pool)');
  });
});
