import type { EmergencyKind } from '@commonwise/contracts';
import {
  around,
  anyMatch,
  firstAffirmedMatch,
  floorHeatingWithoutFreezing,
  near,
  words,
} from './patterns.ts';
import {
  goesOn,
  hypothetical,
  isResolved,
  kindMasks,
  localRules,
  presentTail,
  settled,
  withoutPast,
  writtenView,
} from './emergencies-i18n.ts';
import { lexiconRules, otherLanguageRules, wordClassRules } from './emergencies-lexicon.ts';
import { situationRules } from './emergencies-situations.ts';

/**
 * The emergencies of issues 7 and 16, in English and Spanish here (the other languages, and the
 * kinds issue 16 added, are in emergencies-i18n.ts). A rule fires when one of its triggers matches without a negation
 * just before it ("no gas smell"), every `also` pattern matches, and no `unless` pattern does.
 * When in doubt a rule fires: a missed emergency costs far more than a needless safety message.
 * Before the triggers are tried, the words of `mask` (by default those of the rule's kind, see
 * `kindMasks`) are blanked out: "fire alarm test", "I'll shut the dog in the bedroom" name no danger.
 */
interface EmergencyRule {
  kind: EmergencyKind;
  triggers: RegExp[];
  also?: RegExp[];
  unless?: RegExp[];
  mask?: RegExp[];
}

const PERSON =
  'someone|somebody|person|man|woman|guy|lady|kid|child|boy|girl|baby|son|daughter|neighbor|mom|dad|mother|father|husband|wife|resident|he|she|i|they|senor|senora|nino|nina|hijo|hija|vecin[oa]';
const HEAT_SOURCE =
  '(?:heats?|heating|heaters?|furnaces?|radiators?|boilers?|caldera|calefaccion|calefactor|calefa|radiador(?:es)?)';
const COLD =
  'shiver\\w*|temblando|\\d+ grados|[1-4][0-9] (?:outside|out there|afuera)|[1-5][0-9] (?:inside|in here|in the (?:apartment|house|unit))|[1-5][0-9] (?:degrees )?in (?:my|our|the|his|her) (?:room|bedroom|apartment|house|unit|place|kitchen|living room)|frost on the inside|freez\\w*|below zero|bajo cero|minus \\d+|\\d+ below|snow\\w*|blizzard|nevand\\w*|nieve|helad\\w*|helando|congel\\w*|ice cold|jackets|coats|(?:very|really|so|super|extremely|bitterly|bitter|too) cold|frio (?:terrible|horrible|tremendo)|(?:mucho|muchisimo|demasiado) frio|[1-5][0-9] ?(?:degrees|f)|[1-5][0-9]f|[0-9] ?(?:degrees|f)|[0-9] (?:outside|out there|afuera)|menos \\d+|(?:inside|indoors|in here|adentro|dentro)(?: (?:is|its|it is|at|is at|esta|estamos|ya|vamos|en|a)){0,3} [1-5][0-9]|pipes? (?:will |might |could |are going to |may )?freeze|ice (?:on|inside|in|forming)|frost (?:on|inside)|(?:see|seeing) (?:my|our|your|their) breath|(?:thermostat|termostato|thermostat|the (?:temp|temperature)|temperatura)(?: (?:says|reads|shows|is|at|is at|marca|dice|muestra|esta en|en)){1,2} (?:[1-9]|[1-5][0-9])(?: ?f| degrees| grados)?|in (?:my|our|his|her|their) (?:coats?|jackets?|parkas?)|wearing (?:coats|jackets|parkas)|bundled up|lips (?:look |are |turning )?(?:blue|bluish|purple)|labios morados|(?:pipes?|tubos?|tuberias?) (?:are |have |se )?(?:frozen|congel\\w*)';
const NOT_STOPPING = '(?:wont|will not|cant|can not|cannot|doesnt|does not|not) (?:stop|turn off|shut off)';

const rules: EmergencyRule[] = [
  {
    kind: 'gas_leak',
    triggers: [
      words(
        'gas (?:leak|leaking|smell|smells|odor)|smell\\w* (?:of |like )?(?:natural )?gas|rotten eggs?|sulfur smell',
      ),
      words('(?:huele|olor|fuga|escape) (?:a |de )?gas|huele a huevo podrido'),
      near('smell\\w*|odor|olor|huele|oler', 'gas', 4),
      near('hiss\\w*', 'gas', 8),
      near('gas', 'hiss\\w*', 8),
    ],
  },
  {
    kind: 'carbon_monoxide',
    triggers: [
      near(
        'carbon monoxide|co|monoxido(?: de carbono)?|monoxide',
        'alarms?|detectors?|alarma|detector|sensor',
        2,
      ),
      near('alarma|detector', 'monoxido|monoxide', 3),
      // Dictation's "CO": "the sea oh alarm", "c o detector" (a talking detector: emergencies-situations.ts).
      words('(?:sea|see|c) oh (?:alarm|detector)|c o (?:alarm|detector)'),
    ],
    also: [
      words(
        'going off|went off|goes off|sounding|sonando|suena|sono|pitando|sin parar|ha saltado|salto|se (?:activo|disparo)|beep\\w* (?:really |very )?(?:loud|nonstop|non stop|constantly)|nonstop|non stop|wont stop|will not stop|keeps going|alarming|ringing|headache|dizzy|nause\\w*|me duele la cabeza',
      ),
    ],
    unless: [
      words(
        'chirp\\w*|once a minute|every \\d+ (?:seconds|minutes)|low batter\\w*|needs? (?:a )?(?:new )?batter\\w*|pita cada|bateria baja',
      ),
    ],
  },
  {
    kind: 'carbon_monoxide',
    triggers: [
      words(
        'dizzy|lightheaded|nause\\w*|headaches?|mareado\\w*|mareos?|dolor de cabeza|me duele la cabeza|vomit\\w*',
      ),
    ],
    also: [
      words(
        'furnace|heater|boiler|fumes|exhaust|carbon monoxide|co alarm|monoxido|calentador|calefaccion|smells? (?:weird|funny|strange|off)|huele raro',
      ),
    ],
  },
  {
    kind: 'electrical_hazard',
    triggers: [
      words(
        'sparks?|sparked|sparking|chispas?|chispitas?|chispazos?|chispea\\w*|shocked me|got shocked|electric shock|electrocut\\w*|zapped me|scorch\\w*|me dio (?:un )?toque|descarga electrica|me dio (?:una )?descarga',
      ),
      words(
        '(?:exposed|bare|hanging|frayed|live|dangling) (?:electrical )?wires?|wires? (?:hanging|exposed|sticking out|dangling)|cables? (?:pelados|expuestos|colgando)',
      ),
      near(
        'outlets?|switch\\w*|sockets?|plugs?|panel|breaker box|enchufes?|apagador',
        'black marks?|burn marks?|melt\\w*|hot to (?:the )?touch|buzzing and hot|quemad[oa]|derretid[oa]',
        8,
      ),
      near(
        'burn\\w* (?:smell|plastic)|smells? (?:like )?burn\\w*(?: plastic)?',
        'outlets?|switch\\w*|sockets?|plugs?|enchufes?',
        6,
      ),
      // Water in a light fixture, an outlet or the panel: treat it as live until the power is off.
      around(
        'water|leak\\w*|drip\\w*|agua|gotea\\w*|gotera',
        'light fixtures?|ceiling lights?|outlets?|electrical panel|breaker (?:box|panel)|enchufes?|lampara|contadores de luz|medidores de luz|cuarto (?:electrico|de (?:los )?(?:contadores|medidores))|electrical room|meter room|compteurs? electriques?|tableau electrique',
        8,
      ),
    ],
  },
  {
    kind: 'fire_smoke',
    triggers: [
      new RegExp(
        '\\bfire\\b(?! (?:alarms?|detectors?|extinguishers?|pit|pits|place|exit|exits|door|doors|lane|hydrant|drill|works|wood|sprinklers?|escape|code|safety|inspection|marshal|department|dept|insurance|alarm test|ants?|truck|trucks|station|hazards?|risks?|damage))',
      ),
      words(
        'on fire|caught fire|catch fire|flames?|llamaradas?|fuego|incendio|se (?:esta )?quem(?:a|ando)|huele a quemado|olor a quemado',
      ),
      // "llamas" is flames, or "you call" after a pronoun or "si": "como te llamas", "si llamas al 911".
      /(?<!\b(?:te|me|se|le|les|lo|los|nos|os|si|cuando|tu) )\bllamas\b/,
      words(
        'smoke (?:is |keeps )?(?:coming|pouring|billowing|everywhere|filling|comes|come)|smoke (?:in|from|under|out of)|(?:see|seeing|saw|smell|smelling|there is|theres|lots of|full of) smoke',
      ),
      // "humo" but not in "detector de humo" (a chirping detector is not a fire).
      /(?<!(?:detector|detectores|alarma|alarmas|sensor) de )\bhumo\b/,
      words('(?:is|are|was|still|started|keeps|keep) smoking|smoking (?:a bit|badly|heavily)'),
      words(
        'burning smell|smells? (?:like )?(?:something )?(?:electrical )?(?:is )?burn(?:ing|t)|smell of burning',
      ),
    ],
    unless: [
      words(
        '(?:smoke|smell) (?:from|of) (?:the |a |my |their |his |her |our )?(?:neighbors? |neighbor s )?(?:grill|bbq|barbecue|cookout)\\w*|grilling|asador|carne asada|parrilla|churrasc\\w*|every (?:weekend|night|evening|day|morning)|all the time|cigarettes?|cigs?|cigars?|weed|marijuana|vap(?:e|ing)|smokes (?:on|in|at|near|outside|inside)|smoking (?:on|in|at|near|outside|inside|allowed|permitted|policy|area|rules?)|open flames?|smokeless|fire ?pits?|fogatas?|asado|incienso|incense|sahumerio|todo el (?:santo )?dia|all day long|cada (?:finde|fin de semana|noche|dia)|todas las noches|todos los (?:dias|findes|fines de semana)|nothing dangerous|not dangerous|nada peligroso|no es peligroso|fuma\\w*|cigarro\\w*|bbq\\w*|grilling|barbecu\\w*|simulacro|simulado|hormigas de fuego|fire ants?|(?:risk|riesgo|risco) (?:of|de) (?:fire|incendio)|(?:assistant|app|song|outfit|this|that|thats|it s|its|you re|youre|ur) (?:\\w+ )?(?:is |are )?(?:so |straight |pure |lowkey |literally |absolutely |actually )?fire(?: (?:lol|lmao|fr|ngl|bro|tho|honestly))?$|(?:after|since|before) the (?:big |last |kitchen |garage )?fire|(?:despues|desde|antes) del incendio|every (?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:charcoal )?smokers?|fires? up (?:his|her|the|their|a) (?:grill|smoker|pit)|(?:bueno|mejor dicho|o sea|mas bien)(?: es| de)? vapor|(?:well|i mean|actually|its|it s|just) steam',
      ),
    ],
  },
  {
    // A smoke or fire alarm sounding is treated as a fire, unless the message says why it is not. Its
    // own words are not masked as fire equipment; only what might happen one day is.
    kind: 'fire_smoke',
    mask: hypothetical,
    triggers: [
      near('smoke|fire', 'alarms?|detectors?', 1),
      words('alarma de (?:humo|incendio)|detector de humo'),
    ],
    also: [
      words(
        'going off|went off|goes off|sounding|ringing|wont stop|will not stop|keeps going off|set off|sonando|suena',
      ),
    ],
    unless: [
      words(
        'procedures?|procedimiento|(?:what|que) (?:do|should|hacer|hago|hacemos)(?: [^ ]+){0,3} (?:if|when|si|cuando)|en caso de|in case|burnt|burned|burning toast|cooking|cooked|toast|popcorn|steam|shower|vapor|ducha|me bano|false alarm|all (?:fine|good|ok|okay)|fine now|no fire|stopped|no (?:suena|sono|esta sonando)|(?:isnt|is not|wasnt|not|never|doesnt|didnt|dont) (?:going off|go off|sounding|sound|ringing|ring)|battery|batteries|chirp\\w*|test\\w*|bateria|cocinando|by accident|accidentally|cleared|drill|simulacro',
      ),
    ],
  },
  {
    kind: 'flooding',
    triggers: [
      words('flood|flooded|flooding|floods|inund\\w*|agua por todos lados|water everywhere'),
      near(
        'pipes?|tubos?|tuberias?|canerias?|water heater|water line|water main|valve|valvula|(?:washer |washing machine )?hoses?|mangueras?',
        'burst\\w*|broke|broken|exploded|split|rompio|revento|rot[oa]s?',
        4,
      ),
      words('burst|bursted|broken pipe|pipe burst|water main break'),
      near('rompio|revento|estallo', 'tubos?|tuberias?|canerias?|mangueras?', 3),
      // Water gushing out: "a chorros", "a borbotones".
      words(
        '(?:sale|saliendo|sale el agua|brota|brotando|echando agua|tira agua) a (?:chorros|borbotones)|agua a (?:chorros|borbotones)',
      ),
      words(
        'water (?:is |keeps )?(?:pouring|gushing|pours|gushes|spraying everywhere|rising|coming in through|coming through the ceiling|pouring in)|(?:inches|inch|pulgadas) of water',
      ),
      words(
        'fill\\w* (?:up )?with water|full of water|standing water|under ?water(?! (?:lights?|lamps?|cameras?|photos?|pictures?|cases?|housing))|ankle deep|knee deep|se (?:esta )?llen\\w* de agua',
      ),
      near('water|agua|toilet|faucet|valve|shower|sink|inodoro', `${NOT_STOPPING}|no para|no se detiene`, 6),
      near('toilets?|sinks?|tubs?|bathtubs?|inodoro', 'overflow\\w*|desbord\\w*', 4),
    ],
    also: [
      words(
        'flood\\w*|inund\\w*|everywhere|todos lados|todas partes|pouring|gushing|rising|hallway|ceiling|inches|burst\\w*|broke\\w*|revent\\w*|rompio|spraying|fill\\w*|full of|standing|under ?water|deep|llen\\w*|chorros|borbotones',
      ),
    ],
    unless: [
      words(
        '(?:bylaws?|rules?|cc ?rs|policy|declaration)(?: [^ ]+){0,2} says? (?:something )?about|(?:washer|washing machine|machine|dishwasher|lavadora|lavaplatos|lavavajillas|lavarropas|bathtub|tub|tina|bucket|cubeta|lave linge|lave vaisselle)(?: [^ ]+){0,2} (?:is |are |still |esta |sigue |est |encore )*(?:full of water|llen[oa] de agua|plein(?:e)? d eau)|charges?(?: [^ ]+){0,2} on my (?:account|bill|statement)|charged (?:me|us|for)|on my (?:account|bill|statement)|(?:en|a) mi (?:cuenta|estado de cuenta|factura)|me (?:cobraron|cobran|estan cobrando)|sur (?:mon|ma) (?:compte|facture|releve)|inund\\w* (?:el alma|de (?:tristeza|alegria|emocion|amor|felicidad))|(?:every time|everytime|whenever|when) it rains|drain\\w* (?:so+ |really |super |very |too )?slow\\w*|slow(?:ly)? drain\\w*|every (?:shower|bath)|hydrants?|hidrantes?|master policy|ho ?6|insurance|deductible|poliza|deducible|(?:if|in case|what if|si|en caso de que) (?:a |the |my |un |una |mi )?(?:pipe|tubo|caneria)s? (?:ever )?(?:bursts?|breaks?|se rompe|revienta)|(?:do|hacer|hacemos) (?:if|when|si|cuando) (?:the |a |el |la |our |my |mi )?(?:\\w+ )?(?:floods?|se inunda)',
      ),
      around(
        'sprinklers?|irrigation|aspersor\\w*|riego|goteo',
        'lawn|grass|sidewalk|banqueta|jardin|cesped|yard|landscap\\w*|flower beds?',
        12,
      ),
    ],
  },
  {
    kind: 'injury',
    triggers: [
      words(
        'injured|injury|injuries|bleeding|blood|unconscious|collapsed|passed out|not breathing|unresponsive|sangr\\w*|herid[oa]s?|desmay\\w*|inconscientes?|desacordad[oa]s?|perdio el (?:conocimiento|sentido)|lastimad[oa]|no respira|se corto(?! (?:la|el) (?:calefaccion|luz|agua|gas|corriente|servicio|internet|cable|calentador|luz))|se golpeo',
      ),
      words(
        '(?:broke|broken|breaks) (?:his|her|their|my|a|an) (?:arm|leg|hip|wrist|ankle|nose|tooth|finger|foot|back|neck|collarbone|bone)|broken (?:arm|leg|hip|wrist|ankle|bone)',
      ),
      words(
        'hit (?:his|her|their|my) head|cut (?:his|her|their|my) (?:hand|leg|arm|foot|head|finger) (?:badly|bad|open|deep)|cant get up|can not get up|cannot get up|is lying on the (?:floor|ground)',
      ),
      near(PERSON, 'not responding|unresponsive|not breathing', 4),
    ],
    // Colours or a stain "bleeding", not a person; a hip that may break one day ("salt it before someone
    // breaks a hip").
    unless: [
      words(
        '(?:mi|my|el|the|our|nuestro) (?:perr[oa]|perrit[oa]|gat[oa]|gatit[oa]|mascota|dog|puppy|cat|kitten|pet)(?: [^ ]+){0,2} (?:se corto|se lastimo|cut|hurt|sangra|is bleeding)|veterinari[oa]|vet|before (?:someone|somebody|anyone|a kid|a child|people|an? (?:elderly|older) \\w+) (?:\\w+ )?(?:breaks?|gets?|falls?|slips?|trips?)|(?:dog|cat|puppy|kitten|perro|gato)s? (?:is |are |s )?lying|(?:is|are) lying on the (?:floor|ground)(?: [^ ]+){0,3} (?:watching|playing|napping|reading|stretching|doing yoga|relaxing|resting|coloring|drawing)|colou?rs? (?:are |is |keep |keeps )?bleeding|bleeding (?:through|into) (?:the )?(?:paint|wall|ceiling|fabric|clothes)|(?:paint|ink|stain|dye)s? (?:is |are )?bleeding',
      ),
    ],
  },
  {
    // Weaker signs: a fall or "hurt", unless the message says nobody is (or it may happen one day).
    kind: 'injury',
    triggers: [
      near(PERSON, 'fell|fallen|slipped|tripped', 3),
      words('me cai|me resbale y me|se lastimo|se hizo dano'),
      near(
        'senor|senora|nino|nina|hijo|hija|vecin[oa]|mama|papa|abuel[oa]|esposo|esposa|alguien|persona',
        'se cayo|se resbalo',
        3,
      ),
      words('(?:el|ella) se (?:cayo|resbalo)'),
      new RegExp(
        `\\b(?:got|is|are|was|were|badly|been|seriously|get) hurt\\b|\\b(?:${PERSON}) (?:is |was )?hurt\\b`,
      ),
    ],
    unless: [
      words(
        'tripped (?:the |a |our |my )?(?:breaker|circuit|switch|gfci|fuse)|breaker (?:tripped|trips)|mes pasado|semana pasada|ayer|el otro dia|last (?:week|month)|(?:going to|gonna|will|could|might|would|before) (?:get )?(?:hurt|injure)|(?:someone|somebody) (?:will|could|might) get hurt|(?:im|i am|he is|shes|she is|hes|they are|everyone is|we are) (?:fine|ok|okay|not hurt)',
      ),
    ],
  },
  {
    kind: 'no_heat_freezing',
    triggers: [
      words(
        'no (?:heat|heating|calefaccion)|(?:sin|no hay|no tenemos|no tengo) (?:calefaccion|calefa|heat)|se (?:fue|corto|cayo) la calefaccion|furnace (?:died|is out|went out)|(?:knocked|took|wiped) out (?:the |our |all )?(?:heat|heating|furnace|boiler)',
      ),
      // The verb first, as Spanish often puts it: "no sirve la calefacción", "se apagó el calentador".
      words(
        `(?:no (?:sirve|funciona|prende|enciende|jala|calienta)|se (?:descompuso|apago|murio|fue)|(?:dejo de|ya no) (?:funcionar|servir|calentar)) (?:la |el |nuestra |nuestro |mi )?${HEAT_SOURCE}`,
      ),
      new RegExp(
        `(?<!water |hot water )\\b${HEAT_SOURCE}\\b(?: [a-z0-9]+){0,5} (?:out|off|not working|isnt working|doesnt work|dont work|stopped|broke|broken|died|dead|cold|ice cold|wont (?:turn|come|kick) on|will not (?:turn|come|kick) on|not turning on|never (?:came|comes|turned|kicked) on|(?:didnt|did not|hasnt|has not|isnt|is not|havent|have not) (?:come|came|coming|turned|turn|kick|kicked|kicking) on|se murio|murio|se descompuso|no enciende|no calienta|no funciona|no sirve|no prende|se apago|quit|helad[oa]s?|frios?|congelad[oa]s?)\\b`,
      ),
    ],
    also: [words(COLD)],
    unless: [
      words('pool|spa|hot tub|piscina|jacuzzi|not (?:freezing|that cold)|just uncomfortable'),
      floorHeatingWithoutFreezing,
    ],
  },
];

/** The order in which kinds are reported when a message holds several. */
const priority: EmergencyKind[] = [
  'gas_leak',
  'carbon_monoxide',
  'fire_smoke',
  'electrical_hazard',
  'person_trapped',
  'break_in',
  'structural_danger',
  'flooding',
  'injury',
  'no_heat_freezing',
];

/**
 * Every rule, with an id that names it: the English and Spanish tables above, then the phrase rules of
 * the other languages, then the word-family rules and those for languages without texts.
 */
const allRules: (EmergencyRule & { id: string })[] = [
  ...rules.map((rule, index) => ({ ...rule, id: `${rule.kind}/en-es-${index + 1}` })),
  ...localRules,
  ...lexiconRules,
  ...wordClassRules,
  ...situationRules,
  ...otherLanguageRules,
];

export interface EmergencyContext {
  /**
   * The message as the resident wrote it. Rules read it where the plain form has lost a difference
   * (tone marks, a minus sign); when it is not given, the message `plainText` last read is used.
   */
  original?: string;
  /**
   * The message in plainText's form (no English spelling corrections): rules also match against it,
   * so that words of other languages are seen as written.
   */
  plain?: string;
  /** The router may know it is freezing outside: then any loss of heat is an emergency. */
  isFreezing?: boolean;
}

type Texts = { normalized: string; plain?: string };

function fires(rule: EmergencyRule, texts: Texts, context: EmergencyContext): boolean {
  const { normalized, plain } = texts;
  if (plain !== undefined && plain !== normalized && firesOn(rule, plain, context)) return true;
  return firesOn(rule, normalized, context);
}

function blank(text: string, masks: readonly RegExp[]): string {
  return masks.reduce(
    (masked, mask) => masked.replace(new RegExp(mask.source, `${mask.flags.replace('g', '')}g`), '_'),
    text,
  );
}

function firesOn(rule: EmergencyRule, text: string, context: EmergencyContext): boolean {
  const masks = rule.mask ?? kindMasks[rule.kind] ?? [];
  if (firstAffirmedMatch(masks.length ? blank(text, masks) : text, rule.triggers) === -1) return false;
  if (rule.unless && anyMatch(text, rule.unless)) return false;
  const also = rule.kind === 'no_heat_freezing' && context.isFreezing ? [] : (rule.also ?? []);
  if (!also.every((p) => p.test(text))) return false;
  // A fire already out, a pipe already shut off, an alarm last month: over, unless it goes on now
  // (said after "now", "today" or "still": "it was out, now there is smoke again").
  if (!settled.kinds.has(rule.kind) || goesOn(text)) return true;
  const now = presentTail(text);
  if (now !== undefined && firstAffirmedMatch(masks.length ? blank(now, masks) : now, rule.triggers) !== -1)
    return true;
  const resolvedFor = settled.resolvedFor[rule.kind];
  if (resolvedFor ? anyMatch(text, resolvedFor) : isResolved(text)) return false;
  if (anyMatch(text, settled.alsoResolved[rule.kind] ?? [])) return false;
  const present = withoutPast(text);
  return (
    present === text ||
    firstAffirmedMatch(masks.length ? blank(present, masks) : present, rule.triggers) !== -1
  );
}

/** Which rule found an emergency: recorded with the work order, so anyone can see why. */
export type EmergencyFinding = { kind: EmergencyKind; rule: string };

/**
 * The emergencies a normalised message describes, most pressing first, each with the first rule that
 * found it. Deterministic, and independent of any model.
 */
export function findEmergencies(normalized: string, context: EmergencyContext = {}): EmergencyFinding[] {
  const found = new Map<EmergencyKind, string>();
  const plain = context.plain;
  const { original } = context;
  // Some kinds read the words as written (a Vietnamese tone mark, a minus sign): see `writtenView`.
  const views = new Map<EmergencyKind, Texts>();
  const textsFor = (kind: EmergencyKind): Texts => {
    if (!views.has(kind))
      views.set(kind, writtenView(kind, { normalized, plain }, original) ?? { normalized, plain });
    return views.get(kind)!;
  };
  for (const rule of allRules)
    if (!found.has(rule.kind) && fires(rule, textsFor(rule.kind), context)) found.set(rule.kind, rule.id);
  return reorder(
    priority.filter((kind) => found.has(kind)),
    plain ?? normalized,
  ).map((kind) => ({ kind, rule: found.get(kind)! }));
}

/**
 * Flames, a fire named as such, or smoke seen (not sparks: Vietnamese "tóe lửa", Québécois "flammèches").
 * Without them, a fire is only a burning smell.
 */
const seenFire =
  /(?<![\p{L}\p{N}])(?:smoke|smoking|smoky|humo|humito|humea\w*|humeando|fumaca|fumacinha|fumo|fumee|fume|boucane|khoi|usok|umuusok|dym|flames?|fire|on fire|burning up|glow\w*|embers|haze|hazy|lumbre|ardiendo|brasas|incendi\w*|fuego|llamas?|llamaradas?|fogo|chamas?|labaredas?|feu|flammes?|brasier|boc chay|chay lon|dam chay|ngon lua|sunog|apoy|pozar|p[lł]omie\w*|dife)(?![\p{L}\p{N}])|着火|起火|火苗|火焰|明火|烧起来|火灾|失火|炎|烟|煙|火事|불이|불길|화재|연기|пожар|огонь|пламя|дым|حريق|نار|دخان|आग|धुआ/u;

/**
 * Two kinds that often come together, reported in the order the resident needs:
 * - an electrical hazard (sparks, a shock, a melted outlet) whose fire is only a burning smell, with no
 *   smoke or flames seen, is reported as electrical, whose advice (cut the power) comes first;
 * - someone shut in a room because of an intruder is a break-in (call the police), not a person trapped.
 */
function reorder(kinds: EmergencyKind[], text: string): EmergencyKind[] {
  const first = (kind: EmergencyKind, before: EmergencyKind) =>
    kinds.includes(kind) && kinds.includes(before)
      ? [kind, ...kinds.filter((other) => other !== kind)]
      : kinds;
  if (!seenFire.test(text)) kinds = first('electrical_hazard', 'fire_smoke');
  if (kinds[0] === 'person_trapped') kinds = first('break_in', 'person_trapped');
  return kinds;
}

/** The emergencies a normalised message describes, most pressing first. */
export function detectEmergencies(normalized: string, context: EmergencyContext = {}): EmergencyKind[] {
  return findEmergencies(normalized, context).map((finding) => finding.kind);
}
