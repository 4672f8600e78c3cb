import type { MaintenanceCategory, RequestLocation, RequestUrgency } from '@commonwise/contracts';
import { anyMatch, words } from './patterns.ts';

/** The details of a request a resident may state: how urgent, where, whether someone may enter. */

const lowUrgency = words(
  'not urgent|non urgent|not an emergency|no emergency|no rush|no hurry|whenever|no big deal|not a big deal|when(?:ever)? you (?:can|get a chance|have time|get time)|at your convenience|low priority|it can wait|can wait|not in a hurry|no es urgente|cuando puedan|sin prisa|no hay prisa|puede esperar',
);
const normalUrgency = words(
  'this week|next week|in a few days|in the next few days|few days is fine|within a week|esta semana|la proxima semana|en unos dias',
);
const highUrgency = words(
  'urgent|urgently|asap|a s a p|right away|immediately|as soon as possible|today|tonight|quickly|high priority|getting worse|cant use|can not use|cannot use|trapped|stuck inside|locked in|urgente|lo antes posible|hoy|rapido|cuanto antes|empeorando|atrapad[oa]s?',
);

/** The urgency a message states, if any. */
export function statedUrgency(normalized: string): RequestUrgency | undefined {
  if (lowUrgency.test(normalized)) return 'low';
  if (normalUrgency.test(normalized)) return 'normal';
  if (highUrgency.test(normalized)) return 'high';
  return undefined;
}

/** Places, in English, with the words that name them. The first one mentioned wins. */
const commonAreaPlaces: [detail: string, pattern: RegExp][] = [
  ['hallway', words('hallways?|hall|corridor|pasillos?')],
  ['lobby', words('lobby|vestibulo|entrance|entrada|front entrance')],
  ['stairwell', words('stairwell|stairs|staircase|escaleras?')],
  ['elevator', words('elevators?|elevador|ascensor')],
  ['pool', words('pool|hot tub|piscina|alberca')],
  ['gym', words('gym|gimnasio|fitness')],
  ['clubhouse', words('clubhouse|club house|community room|casa club')],
  ['laundry room', words('laundry room|lavanderia')],
  [
    'parking',
    words(
      'parking lot|parking garage|the garage|garage|parking|visitor lot|guest lot|lot|estacionamiento|garaje|cochera',
    ),
  ],
  [
    'grounds',
    words(
      'playground|courtyard|mailbox(?:es)?|walkway|sidewalk|path|lawn|yard|dumpsters?|deck|patio area|grounds|jardin|buzones',
    ),
  ],
  ['basement', words('basement|storage area|storage room|bike room|cuarto de bicicletas|sotano')],
  ['building', words('building [a-z0-9]|the building|whole building|el edificio|edificio')],
  ['gate', words('front gate|main gate|entry gate|porton')],
  ['common area', words('common areas?|area comun|areas comunes|shared')],
];

/** Words that put a problem in the resident's own unit whatever else the message names. */
const ownUnit = words(
  '(?:my|our) (?:apartment|unit|place|condo|home|house|flat|townhouse)|in here|inside (?:my|our|the) (?:apartment|unit|place|home)|mi (?:casa|departamento|apartamento|depa|vivienda|unidad)|(?:el|mi|del) (?:departamento|apartamento)|en casa',
);

/** Rooms and fixtures of a unit: a hint, weaker than a common area or the category. */
const unitPlaces: [detail: string, pattern: RegExp][] = [
  ['kitchen', words('kitchen|cocina|pantry')],
  ['bathroom', words('bathroom|bath|restroom|shower|tub|toilet|bano|inodoro|lavabo')],
  ['bedroom', words('bedroom|bed|recamara|habitacion|dormitorio|cuarto')],
  ['living room', words('living room|sala|lounge')],
  ['closet', words('closet|armario')],
  ['balcony', words('balcony|balcon|terraza')],
  [
    'unit',
    words(
      'sink|faucet|stove|oven|fridge|refrigerator|dishwasher|washer|dryer|thermostat|outlet|window|front door|my door|fregadero|estufa|horno|refrigerador|lavadora|ventana|enchufe|apartment|unit [0-9][0-9a-z-]*',
    ),
  ],
];

/** Categories whose problems are in a common area, or in the unit, unless the message says otherwise. */
const commonAreaCategories: MaintenanceCategory[] = ['common_areas', 'landscaping', 'parking', 'trash'];
const unitCategories: MaintenanceCategory[] = ['appliances', 'hvac', 'plumbing'];

function firstPlace(
  normalized: string,
  places: [string, RegExp][],
  skipOwned = false,
): { detail: string; index: number } | undefined {
  let best: { detail: string; index: number } | undefined;
  for (const [detail, pattern] of places) {
    for (const m of normalized.matchAll(new RegExp(pattern.source, 'g'))) {
      // "my hallway closet": a place the resident calls theirs is part of the unit.
      if (skipOwned && /\b(?:my|our|mi)$/.test(normalized.slice(0, m.index).trim())) continue;
      if (!best || m.index < best.index) best = { detail, index: m.index };
      break;
    }
  }
  return best;
}

/**
 * Where the problem is: the first place the message names — a common area, the resident's own unit,
 * or a room or fixture of a unit (which yields to a category that is always shared: "the tree
 * outside my window" is on the grounds); failing that, what the category implies.
 */
export function statedLocation(
  normalized: string,
  category?: MaintenanceCategory,
): RequestLocation | undefined {
  const common = firstPlace(normalized, commonAreaPlaces, true);
  const ownMatch = ownUnit.exec(normalized);
  const own = ownMatch ? { detail: 'unit', index: ownMatch.index } : undefined;
  const room = firstPlace(normalized, unitPlaces);
  const namedRoom = firstPlace(
    normalized,
    unitPlaces.filter(([detail]) => detail !== 'unit'),
  );
  const roomDetail = namedRoom ? { detail: namedRoom.detail } : {};
  const isShared = category !== undefined && commonAreaCategories.includes(category);
  const first = [common, own, room].filter((p) => p !== undefined).sort((a, b) => a.index - b.index)[0];
  if (first && first === common) {
    return { kind: 'common_area', ...(common.detail === 'common area' ? {} : { detail: common.detail }) };
  }
  if (first && (first === own || !isShared)) return { kind: 'unit', ...roomDetail };
  if (isShared) return { kind: 'common_area', ...(common ? { detail: common.detail } : {}) };
  if (category && unitCategories.includes(category)) return { kind: 'unit' };
  return undefined;
}

const grantsEntry = [
  words(
    '(?:you|they|someone|maintenance|the plumber|the technician|the tech|the vendor|your team)(?: guys)? (?:can|may|are welcome to|have permission to|feel free to) (?:go|come|let (?:yourself|yourselves|themselves)|enter|get) ?in(?:side)?',
  ),
  words(
    'let (?:yourself|yourselves|themselves) in|(?:use|with) the (?:master |spare )?key|permission to enter|ok(?:ay)? to (?:enter|go in|come in)|come in anytime|(?:can|may) enter',
  ),
  words('(?:pueden|puede) (?:entrar|pasar)|tienen permiso|con la llave maestra'),
];
const refusesEntry = [
  words(
    '(?:call|text|phone|contact|message) (?:me )?(?:before|first|ahead)|(?:do not|dont|please dont|no) (?:enter|go in|come in)|(?:only|just) (?:when|if) (?:i am|im|someone is) (?:home|there)|i (?:need|want|have|would like) to be (?:home|there|present)|not without me|i have a dog',
  ),
  words('(?:llam\\w*|avis\\w*) (?:me )?antes|no entren|solo cuando (?:yo )?este'),
];

/** Whether the resident lets someone enter their unit, if they say. */
export function statedEntry(normalized: string): boolean | undefined {
  if (anyMatch(normalized, refusesEntry)) return false;
  if (anyMatch(normalized, grantsEntry)) return true;
  return undefined;
}
