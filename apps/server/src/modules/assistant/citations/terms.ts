import { stemmer } from 'stemmer';

/**
 * A rules question in everyday words → the concepts to look for in the association's documents. A
 * concept is a set of stems that mean the same thing here ("pooch", "pup" and "dog"), so a question and
 * a rule that use different words still meet. English only: the documents are in English.
 */

export type Concept = { key: string; stems: string[]; isWeak: boolean };

/** Words that carry no meaning for a rules search. */
const stopWords = new Set(
  (
    'a an the and or but if of to in on at for with by from about as is are was were be been being am do does ' +
    'did doing can could may might must should would will shall i me my mine we our ours us you your yours it ' +
    'its this that these those there here what which who whom whose when where why how any some all each every ' +
    'no not nor so than too very just also only own same other such into onto over under again further then once ' +
    'hoa association please pls plz tell know wondering wonder question quick hi hello hey thanks thank ' +
    'ok okay im ive id dont doesnt cant wont isnt arent get got gonna wanna want wants like need needs ' +
    'anyone someone something thing things stuff really actually u ur r ya yall guys lol etc one many much often ever'
  ).split(' '),
);

/**
 * Words that are common in any rule (what is allowed, where), kept but weighed lightly: a sentence
 * that matches only these does not answer the question.
 */
const weakWords = new Set(
  (
    'allow allowed allowing permit permitted permission prohibit prohibited ban banned rule rules regulation ' +
    'policy ok fine legal have having keep put putting install installing use using let lets approval approve ' +
    'required require requirement unit units home house property owner owners resident residents community ' +
    'time times day days area areas common'
  ).split(' '),
);

/** Everyday words → the words governing documents use for the same thing. */
const synonyms: [string[], string[]][] = [
  [['pooch', 'pooches', 'pup', 'puppy', 'puppies', 'doggo', 'doggy', 'dogs', 'dog', 'canine'], ['dog']],
  [['kitty', 'kitten', 'cats', 'cat'], ['cat']],
  [
    ['pet', 'pets', 'animal', 'animals'],
    ['pet', 'animal'],
  ],
  [['fence', 'fences', 'fencing'], ['fence']],
  [
    ['tall', 'high', 'height', 'ft', 'feet', 'foot'],
    ['height', 'feet', 'high', 'tall'],
  ],
  [['paint', 'painted', 'painting', 'repaint'], ['paint']],
  [
    [
      'color',
      'colors',
      'colour',
      'colours',
      'blue',
      'red',
      'green',
      'yellow',
      'purple',
      'pink',
      'orange',
      'black',
      'white',
      'gray',
      'grey',
      'teal',
    ],
    ['color', 'palette'],
  ],
  [
    ['car', 'cars', 'truck', 'trucks', 'vehicle', 'vehicles', 'suv', 'van', 'pickup'],
    ['vehicle', 'car', 'truck'],
  ],
  [
    ['rv', 'rvs', 'camper', 'campers', 'motorhome', 'trailer', 'trailers'],
    ['recreational', 'trailer', 'camper'],
  ],
  [
    ['boat', 'boats', 'jetski'],
    ['boat', 'watercraft'],
  ],
  [['park', 'parking', 'parked'], ['park']],
  [
    ['guest', 'guests', 'visitor', 'visitors', 'friends', 'family'],
    ['guest', 'visitor'],
  ],
  [
    ['bbq', 'barbecue', 'barbeque', 'grill', 'grills', 'grilling'],
    ['barbecue', 'grill'],
  ],
  [['charcoal'], ['charcoal']],
  [
    ['quiet', 'noise', 'noisy', 'loud', 'music'],
    ['quiet', 'noise'],
  ],
  [
    ['party', 'parties'],
    ['party', 'gathering', 'event'],
  ],
  [
    ['rent', 'renting', 'rental', 'lease', 'leasing', 'tenant', 'tenants', 'renter', 'renters', 'sublet'],
    ['lease', 'rent', 'tenant'],
  ],
  [
    ['airbnb', 'vrbo', 'shortterm', 'short'],
    ['short', 'transient'],
  ],
  [
    ['trash', 'garbage', 'rubbish', 'bin', 'bins', 'cans', 'refuse'],
    ['trash', 'refuse', 'garbage', 'container'],
  ],
  [['recycling', 'recycle'], ['recycl']],
  [
    ['pool', 'swim', 'swimming', 'spa', 'hottub', 'jacuzzi'],
    ['pool', 'spa', 'swim'],
  ],
  [
    ['gym', 'fitness', 'workout', 'exercise', 'weights'],
    ['fitness', 'gym', 'exercise'],
  ],
  [['clubhouse', 'club', 'hall'], ['clubhouse']],
  [
    ['sign', 'signs', 'banner', 'banners', 'poster'],
    ['sign', 'banner'],
  ],
  [['flag', 'flags'], ['flag']],
  [['solar', 'panels', 'panel'], ['solar']],
  [
    ['shed', 'sheds', 'storage', 'outbuilding'],
    ['shed', 'structure', 'storage'],
  ],
  [
    ['satellite', 'dish', 'antenna', 'antennas'],
    ['satellite', 'antenna', 'dish'],
  ],
  [['business', 'office', 'daycare'], ['business']],
  [
    ['holiday', 'christmas', 'halloween', 'decorations', 'decoration', 'decor', 'lights'],
    ['holiday', 'decoration', 'light'],
  ],
  [
    ['smoke', 'smoking', 'vape', 'vaping', 'cigarette', 'cigarettes', 'cigar', 'weed', 'marijuana'],
    ['smok', 'tobacco', 'vap'],
  ],
  [
    ['ebike', 'ebikes', 'bike', 'bikes', 'bicycle', 'bicycles', 'scooter', 'scooters'],
    ['bicycl', 'bike', 'scooter'],
  ],
  [
    ['move', 'moving', 'movers', 'movein', 'moveout'],
    ['move', 'moving'],
  ],
  [
    ['late', 'overdue', 'behind'],
    ['late', 'delinquent'],
  ],
  [
    ['fee', 'fees', 'charge', 'charges', 'cost', 'costs', 'price', 'deposit'],
    ['fee', 'charge', 'deposit'],
  ],
  [
    ['fine', 'fines', 'penalty', 'penalties', 'ticket'],
    ['fine', 'penalty'],
  ],
  [
    ['dues', 'assessment', 'assessments'],
    ['assessment', 'dues'],
  ],
  [
    ['window', 'windows', 'blinds', 'curtains', 'shutters'],
    ['window', 'covering', 'shutter'],
  ],
  [
    ['tree', 'trees', 'plant', 'plants', 'garden', 'gardening', 'landscaping', 'lawn', 'grass', 'yard'],
    ['landscap', 'plant', 'tree', 'lawn', 'yard'],
  ],
  [
    ['balcony', 'balconies', 'patio', 'patios', 'deck', 'porch'],
    ['balcony', 'patio', 'deck'],
  ],
  [
    ['laundry', 'clothes', 'clothesline', 'towels'],
    ['laundry', 'clothes'],
  ],
  [
    ['kid', 'kids', 'child', 'children', 'minor', 'minors', 'teen', 'teens', 'teenager', 'age', 'old'],
    ['child', 'minor', 'age', 'year'],
  ],
  [['glass', 'bottle', 'bottles'], ['glass']],
  [
    ['hour', 'hours', 'open', 'opens', 'close', 'closes', 'closing'],
    ['hour', 'open', 'close', 'a.m', 'p.m'],
  ],
  [
    ['weekend', 'weekends', 'saturday', 'sunday', 'saturdays', 'sundays'],
    ['weekend', 'saturday', 'sunday'],
  ],
  [
    ['weekday', 'weekdays', 'monday', 'friday'],
    ['weekday', 'monday', 'friday'],
  ],
  [['tow', 'towed', 'towing'], ['tow']],
  [['roof', 'roofing'], ['roof']],
  [['door', 'doors', 'frontdoor'], ['door']],
  [['garage', 'garages'], ['garage']],
  [
    ['insurance', 'insured'],
    ['insurance', 'insur'],
  ],
  [
    ['vote', 'voting', 'votes', 'election', 'elections'],
    ['vote', 'election'],
  ],
  [['meeting', 'meetings'], ['meeting']],
  [
    ['reserve', 'reserving', 'reservation', 'reservations', 'book', 'booking'],
    ['reserv', 'book'],
  ],
];

const synonymIndex = new Map<string, { key: string; stems: string[] }>();
for (const [words, docWords] of synonyms) {
  const stems = [
    ...new Set([...docWords.map((word) => stemmer(word)), ...words.map((word) => stemmer(word))]),
  ];
  for (const word of words) synonymIndex.set(word, { key: docWords[0]!, stems });
}

/** Lower case, no accents or apostrophes, words of letters and digits ("e-bike" → "ebike"). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/\b([a-z])-([a-z]{3,})\b/g, '$1$2')
    .split(/[^a-z0-9.]+/)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean);
}

export function stemsOf(text: string): Set<string> {
  return new Set(wordsOf(text).map((word) => stemmer(word)));
}

/** The question's concepts, each once; numbers count ("6 ft", "2 dogs"). */
export function conceptsOf(question: string): Concept[] {
  const concepts = new Map<string, Concept>();
  for (const word of wordsOf(question)) {
    if (stopWords.has(word) || (word.length < 3 && !/^\d+$/.test(word) && word !== 'rv' && word !== 'ev'))
      continue;
    const synonym = synonymIndex.get(word);
    const key = synonym?.key ?? stemmer(word);
    if (concepts.has(key)) continue;
    concepts.set(key, {
      key,
      stems: synonym?.stems ?? [stemmer(word)],
      isWeak: weakWords.has(word) || /^\d+$/.test(word),
    });
  }
  return [...concepts.values()];
}

/** Words that ask for an amount, a size, a time or a count: the answer is likely to hold a number. */
export function asksForQuantity(question: string): boolean {
  return /\b(how (many|much|tall|high|long|late|early|big|old|far|often|soon)|what time|when|max(imum)?|min(imum)?|limit|until|till|hours?)\b/i.test(
    question,
  );
}
