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
    'anyone someone something thing things stuff really actually u ur r ya yall guys lol etc one many much often ever out up down off long ' +
    'think thinking thought wondering wondered wanted wanna gonna tryna lmao yo so just basically literally maybe ' +
    'probably currently now today tomorrow tonight soon already still ask asking asked sure able possible true ' +
    'said say says heard hear people folks getting gets give giving come coming go going went make making made ' +
    'doing let lets tho though anyway btw idk nah yeah yes right wrong also even again kind sort bit lot lots ' +
    // Pronouns and connectives: they say who or when in the telling, never what the rule is about.
    'he him his she her hers they them their theirs themselves myself yourself ourselves whats thats ' +
    'theres heres while during because instead both either neither whether around since else everything ' +
    'everyone anybody anything somebody nobody nothing before after inside outside ' +
    // Who and when in the telling ("my wife", "yesterday"), and filler verbs and adjectives of speech.
    'wife husband spouse boyfriend girlfriend partner mom dad mother father parents sister brother ' +
    'yesterday last super pretty totally knowing knows knew forget forgot remember available few fit fits ' +
    // …and of its asides ("the hoa guy", "a bunch of us", "fed up"). Not "next": the documents cannot
    // say when the next meeting is.
    'had has another usually ready bunch guy guys fed trying figure whole'
  ).split(' '),
);

/**
 * Words that are common in any rule (what is allowed, where), kept but weighed lightly: a sentence
 * that matches only these does not answer the question.
 */
const weakWords = new Set(
  (
    'allow allowed allowing permit permitted permission prohibit prohibited ban banned rule rules regulation ' +
    'restrict restricted restriction restrictions ' +
    'policy ok fine legal have having keep put putting install installing use using let lets approval approve ' +
    'required require requirement unit units home house property owner owners resident residents community ' +
    'time times day days area areas common impose imposed levy submit submitted issue issued issues ' +
    'problem problems ' +
    // Verbs of placing and moving that any rule or story has ("leave it", "bring", "stay", "drop off").
    'leave leaving left bring bringing stay staying stays drop dropped dropping place placed extra sit sitting ' +
    'take taking stick work working ' +
    // …and of wanting and giving ("I would love to…", "the fine they gave me").
    'love loved hope hoping wish prefer gave given gives ' +
    // "Back" tells which fence or yard ("my back fence": the rear one), never what the rule is about.
    'back rear'
  ).split(' '),
);

/** Everyday words → the words governing documents use for the same thing. */
const synonyms: [string[], string[]][] = [
  [
    ['pooch', 'pooches', 'pup', 'puppy', 'puppies', 'doggo', 'doggy', 'dogs', 'dog', 'canine'],
    ['dog', 'pet'],
  ],
  [
    ['kitty', 'kitten', 'cats', 'cat'],
    ['cat', 'pet'],
  ],
  [
    ['pet', 'pets', 'animal', 'animals'],
    ['pet', 'animal'],
  ],
  [['fence', 'fences', 'fencing'], ['fence']],
  [
    ['tall', 'taller', 'high', 'higher', 'height', 'ft', 'feet', 'foot'],
    ['height', 'feet', 'high', 'tall'],
  ],
  [
    ['big', 'bigger', 'large', 'larger', 'size', 'sized', 'huge', 'dimensions', 'wide', 'wider', 'width'],
    ['height', 'feet', 'square', 'size', 'area', 'inch', 'diameter', 'width'],
  ],
  [
    ['largest', 'biggest', 'highest', 'maximum', 'max', 'most', 'limit', 'cap'],
    ['exceed', 'maximum', 'limit', 'more'],
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
    [
      'guest',
      'guests',
      'visitor',
      'visitors',
      'visiting',
      'visit',
      'friend',
      'friends',
      'family',
      'cousin',
      'cousins',
      'relatives',
    ],
    ['guest', 'visitor'],
  ],
  [
    ['bbq', 'barbecue', 'barbeque', 'grill', 'grills', 'grilling', 'smoker', 'smokers', 'pellet'],
    ['barbecue', 'grill'],
  ],
  [['charcoal'], ['charcoal']],
  [
    ['quiet', 'noise', 'noisy', 'loud', 'music'],
    ['quiet', 'noise'],
  ],
  [
    ['party', 'parties', 'birthday', 'bday', 'celebration', 'reception', 'wedding', 'event', 'events'],
    ['party', 'gathering', 'event'],
  ],
  [
    ['rent', 'renting', 'rental', 'lease', 'leasing', 'tenant', 'tenants', 'renter', 'renters', 'sublet'],
    ['lease', 'rent', 'tenant'],
  ],
  [
    ['airbnb', 'vrbo', 'shortterm', 'short'],
    ['short', 'transient', 'vacation', 'nights'],
  ],
  [
    ['room', 'rooms', 'bedroom', 'bedrooms', 'roommate', 'roommates'],
    ['room', 'bedroom', 'roommate'],
  ],
  [
    ['trash', 'garbage', 'rubbish', 'bin', 'bins', 'cans'],
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
    ['fee', 'fees', 'charge', 'charges', 'price', 'deposit', 'money', 'cash'],
    ['fee', 'charge', 'deposit'],
  ],
  [
    ['pay', 'pays', 'paying', 'paid', 'cost', 'costs', 'expense'],
    ['cost', 'pay', 'expens', 'share', 'responsib'],
  ],
  [
    ['fine', 'fines', 'penalty', 'penalties', 'ticket'],
    ['fine', 'penalty'],
  ],
  [
    ['dues', 'assessment', 'assessments', 'bill', 'bills'],
    ['assessment', 'dues'],
  ],
  [
    ['window', 'windows', 'blinds', 'curtains', 'shutters'],
    ['window', 'covering', 'shutter'],
  ],
  [
    [
      'tree',
      'trees',
      'plant',
      'plants',
      'garden',
      'gardening',
      'landscaping',
      'lawn',
      'grass',
      'oak',
      'maple',
      'pine',
      'palm',
      'shrub',
      'shrubs',
      'bush',
      'bushes',
    ],
    ['landscap', 'plant', 'tree', 'lawn'],
  ],
  [['yard', 'yards', 'backyard', 'backyards'], ['yard']],
  // "Front yard" is what documents call the front lawn or the front of the lot; "back" is the rear.
  [
    ['frontyard', 'frontyards'],
    ['front', 'yard', 'lawn'],
  ],
  [
    ['back', 'rear'],
    ['rear', 'back'],
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
    ['kid', 'kids', 'child', 'children', 'minor', 'minors', 'teen', 'teens', 'teenager', 'age', 'yr', 'yrs'],
    ['child', 'minor', 'age', 'year'],
  ],
  [['glass', 'bottle', 'bottles'], ['glass']],
  [
    ['hour', 'hours', 'open', 'opens', 'close', 'closes', 'closing'],
    ['hour', 'open', 'close', 'a.m', 'p.m'],
  ],
  [
    ['start', 'starts', 'begin', 'begins', 'beginning', 'commence', 'kick'],
    ['begin', 'start'],
  ],
  [
    ['end', 'ends', 'finish', 'stop', 'stops', 'until', 'till'],
    ['end', 'until'],
  ],
  [
    ['day', 'days', 'daily', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    ['day', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  ],
  [
    ['weekend', 'weekends', 'saturdays', 'sundays'],
    ['weekend', 'saturday', 'sunday'],
  ],
  [
    ['weekday', 'weekdays'],
    ['weekday', 'monday', 'friday'],
  ],
  [
    ['weeknight', 'weeknights'],
    ['sunday', 'thursday', 'weekday', 'night'],
  ],
  [
    ['neighbor', 'neighbors', 'neighbour', 'neighbours', 'nextdoor'],
    ['neighbor', 'adjoin', 'adjacent'],
  ],
  [
    ['repair', 'repairs', 'fix', 'fixing', 'fixed', 'replace', 'replacing', 'maintain', 'maintenance'],
    ['repair', 'maintain', 'replac'],
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
    ['spot', 'spots', 'space', 'spaces', 'stall', 'stalls'],
    ['space', 'spot', 'stall'],
  ],
  [
    ['morning', 'mornings', 'am'],
    ['morning', 'a.m'],
  ],
  [
    ['evening', 'evenings', 'night', 'nights', 'pm', 'tonight'],
    ['evening', 'night', 'p.m'],
  ],
  [
    ['pick', 'picked', 'pickup', 'collect', 'collected', 'collection'],
    ['collect', 'pick'],
  ],
  [
    ['decide', 'decides', 'decision', 'decisions', 'approve', 'approval', 'approved', 'respond', 'answer'],
    ['decid', 'decision', 'approv', 'disapprov'],
  ],
  [
    ['reserve', 'reserving', 'reservation', 'reservations', 'book', 'booking'],
    ['reserv', 'book'],
  ],
  // Everyday words for what governing documents say in legal terms; each group is a general idea an
  // owner asks about in any association (being told, a raise in dues, losing the home, …).
  [
    [
      'notice',
      'notices',
      'notify',
      'notified',
      'notification',
      'headsup',
      'warn',
      'warned',
      'warning',
      'inform',
      'informed',
      'letter',
      'letters',
    ],
    ['notice', 'notif', 'warn'],
  ],
  [
    [
      'raise',
      'raised',
      'raising',
      'hike',
      'hikes',
      'bump',
      'increase',
      'increases',
      'increased',
      'increasing',
    ],
    ['increas', 'rais'],
  ],
  [
    [
      'foreclose',
      'foreclosure',
      'foreclosed',
      'repossess',
      'repossession',
      'seize',
      'seizure',
      'evict',
      'eviction',
    ],
    ['foreclos'],
  ],
  [
    ['savings', 'reserves', 'sinking'],
    ['reserv', 'fund'],
  ],
  [
    ['esa', 'emotional', 'therapy', 'assistance'],
    ['assistance', 'accommodation', 'disabilit'],
  ],
  [
    ['speaker', 'speakers', 'subwoofer', 'subwoofers', 'stereo', 'amplifier', 'soundsystem'],
    ['speaker', 'subwoofer', 'sound'],
  ],
  [
    [
      'couch',
      'couches',
      'sofa',
      'sofas',
      'mattress',
      'mattresses',
      'furniture',
      'dresser',
      'recliner',
      'armchair',
    ],
    ['furniture'],
  ],
  [
    ['dump', 'dumping', 'toss', 'discard', 'discarded', 'rid', 'junk', 'dispose', 'disposal'],
    ['discard', 'dispos', 'remove'],
  ],
  [
    ['exception', 'exceptions', 'exempt', 'exemption', 'waiver', 'waive', 'hardship'],
    ['exempt', 'waiv', 'except'],
  ],
  [
    ['client', 'clients', 'customer', 'customers', 'patient', 'patients', 'student', 'students'],
    ['client', 'customer', 'student'],
  ],
  [
    [
      'mount',
      'mounted',
      'mounting',
      'bolt',
      'bolted',
      'attach',
      'attached',
      'screw',
      'nail',
      'nailed',
      'hang',
      'hung',
      'hanging',
    ],
    ['mount', 'attach', 'hung', 'hang'],
  ],
  [
    ['firepit', 'firepits', 'bonfire', 'campfire', 'fireplace', 'chiminea', 'chimineas', 'fire'],
    ['fire', 'chiminea'],
  ],
  [['ac', 'aircon', 'airconditioner', 'airconditioning', 'air'], ['air']],
  [
    [
      'damage',
      'damaged',
      'ruin',
      'ruined',
      'destroyed',
      'flood',
      'flooded',
      'flooding',
      'leak',
      'leaked',
      'leaking',
    ],
    ['damag', 'leak'],
  ],
  [
    ['crack', 'cracked', 'broke', 'broken', 'shattered', 'smashed'],
    ['broken', 'damag'],
  ],
  [
    ['utility', 'utilities', 'water', 'electricity', 'gas'],
    ['utilit', 'water'],
  ],
  [
    ['shut', 'cut', 'disconnect', 'disconnected', 'suspend', 'suspended'],
    ['cut', 'suspend', 'terminat'],
  ],
  [
    ['amend', 'amended', 'amendment', 'change', 'changes', 'changed', 'changing', 'modify', 'modified'],
    ['amend', 'chang'],
  ],
  [
    ['ccr', 'ccrs', 'declaration', 'covenants', 'bylaws'],
    ['declaration', 'bylaw'],
  ],
  [
    ['email', 'emails', 'emailed', 'electronic', 'electronically', 'online'],
    ['electronic', 'email'],
  ],
  [
    ['anonymous', 'anonymously', 'confidential', 'unsigned'],
    ['anonym', 'confidential', 'sign'],
  ],
  [
    [
      'drill',
      'drilling',
      'saw',
      'sawing',
      'hammer',
      'hammering',
      'construction',
      'renovation',
      'renovate',
      'renovating',
      'remodel',
      'remodeling',
      'tools',
      'diy',
    ],
    ['construct', 'tool'],
  ],
  [
    ['leash', 'leashes', 'retractable', 'extendable'],
    ['leash', 'retract'],
  ],
  [
    ['unattended', 'alone', 'unsupervised', 'gone', 'away'],
    ['unattend', 'alone'],
  ],
  [
    ['feed', 'feeding', 'food', 'bread', 'birdseed'],
    ['feed', 'food'],
  ],
  [
    [
      'wildlife',
      'duck',
      'ducks',
      'geese',
      'goose',
      'bird',
      'birds',
      'squirrel',
      'squirrels',
      'feral',
      'stray',
      'strays',
    ],
    ['wildlife', 'feral', 'duck', 'geese', 'bird'],
  ],
  [['alcohol', 'alcoholic', 'beer', 'beers', 'wine', 'booze', 'liquor', 'cocktails'], ['alcohol']],
  [
    ['planter', 'planters', 'flowerbox', 'flowerboxes', 'flowerpot', 'flowerpots', 'flower', 'flowers'],
    ['planter', 'potted', 'flower'],
  ],
  [
    ['dumpster', 'dumpsters', 'pod', 'pods', 'container', 'portable'],
    ['container', 'portable'],
  ],
  [['inflatable', 'inflatables', 'blowup'], ['inflatable']],
  [
    ['reelect', 'reelected', 'reelection', 'term', 'terms', 'consecutive'],
    ['term', 'consecut'],
  ],
  [
    ['expire', 'expires', 'expired', 'expiration', 'lapse', 'lapses', 'lapsed', 'runout'],
    ['expir', 'laps'],
  ],
  [
    ['leave', 'leaves', 'leaving', 'left'],
    ['leav', 'left'],
  ],
  [
    ['homeowner', 'homeowners', 'member', 'members', 'membership'],
    ['member', 'owner'],
  ],
  [
    ['report', 'reported', 'reporting', 'complain', 'complaint', 'complaints'],
    ['complaint', 'complain', 'report'],
  ],
  [
    ['owe', 'owed', 'owing', 'unpaid', 'outstanding'],
    ['unpaid', 'outstand', 'owe', 'ow'],
  ],
  [
    ['afternoon', 'afternoons'],
    ['afternoon', 'p.m'],
  ],
  [
    ['store', 'stored', 'storing', 'stash'],
    ['store', 'storag'],
  ],
  [
    ['bark', 'barks', 'barking', 'howl', 'howls', 'howling', 'whine', 'whining', 'yapping'],
    ['bark', 'howl'],
  ],
  // Residents' words for what governing documents name otherwise.
  [
    ['deed', 'deeds', 'title', 'coowner', 'coowners', 'cosigner'],
    ['own', 'owner', 'owned', 'title'],
  ],
  [
    ['director', 'directors', 'trustee', 'trustees', 'officer', 'officers'],
    ['director', 'officer'],
  ],
  [
    ['fight', 'contest', 'dispute', 'disputing', 'challenge', 'appeal', 'appealing', 'unfair'],
    ['hearing', 'appeal', 'dispute', 'contest'],
  ],
  [
    [
      'chicken',
      'chickens',
      'hen',
      'hens',
      'rooster',
      'roosters',
      'goat',
      'goats',
      'pig',
      'pigs',
      'bees',
      'beehive',
      'duck',
      'ducks',
      'horse',
      'horses',
      'cow',
      'cows',
    ],
    ['livestock', 'poultry', 'chicken', 'goat', 'pig', 'bee', 'horse'],
  ],
  [
    ['deadline', 'deadlines'],
    ['within', 'deadline'],
  ],
];

/**
 * Concepts about when or how much (a day, a time, a limit): they help choose between sentences, but a
 * sentence need not have them.
 */
const timeKeys = new Set(['day', 'weekend', 'weekday', 'sunday', 'morning', 'evening', 'exceed']);

const synonymIndex = new Map<string, { key: string; stems: string[] }>();
for (const [words, docWords] of synonyms) {
  const stems = [
    ...new Set([...docWords.map((word) => stemmer(word)), ...words.map((word) => stemmer(word))]),
  ];
  // By the word and by its stem, so "rented" finds the group of "rent".
  for (const word of words) {
    synonymIndex.set(word, { key: docWords[0]!, stems });
    if (!synonymIndex.has(stemmer(word))) synonymIndex.set(stemmer(word), { key: docWords[0]!, stems });
  }
}

/** Texting abbreviations residents use, written out. */
const abbreviations: Record<string, string> = {
  hrs: 'hours',
  hr: 'hour',
  mins: 'minutes',
  frnt: 'front',
  bkyd: 'backyard',
  '2nd': 'second',
  '3rd': 'third',
  '1st': 'first',
  pw: 'password',
  arch: 'architectural',
  hoas: 'hoa',
  tmrw: 'tomorrow',
  bbq: 'barbecue',
  ft: 'feet',
  sq: 'square',
  w: 'with',
  b4: 'before',
  ppl: 'people',
  pls: 'please',
  thx: 'thanks',
  u: 'you',
  ur: 'your',
  r: 'are',
};

/** Lower case, no accents or apostrophes, words of letters and digits ("e-bike" → "ebike"). */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['’]/g, '')
      .replace(/\b([a-z])-([a-z]{3,})\b/g, '$1$2')
      .replace(/\b(back|front|court|door) (yard|step)s?\b/g, '$1$2')
      // "Can they take my house?" is about foreclosure; "does it run out?" about expiry.
      .replace(
        /\b(?:take|taking|took|lose|losing) (?:my|our|the) (?:house|home|unit|condo|townhouse)\b/g,
        'foreclosure',
      )
      .replace(/\b(?:run|runs|ran) out\b/g, 'runout')
      // "CC&Rs" is the declaration; a board member is a director; "close by" is near, not closing time.
      .replace(/\bcc ?(?:&|and|n) ?rs?\b/g, 'ccrs')
      .replace(/\bboard members?\b/g, 'board director')
      .replace(/\bclose (?:by|to)\b/g, 'near')
      // Two-word names that mean one thing ("hot tub", "next door", "heads up", "blow-up santa").
      .replace(
        /\b(hot) (tub)s?\b|\b(next) (door)\b|\b(heads) (up)\b|\b(blow)[ -](up)\b|\b(fire) (pit)s?\b/g,
        (...groups: string[]) => groups.slice(1, 11).filter(Boolean).join(''),
      )
      .split(/[^a-z0-9.]+/)
      .map((word) => word.replace(/^\.+|\.+$/g, ''))
      .filter(Boolean)
      .map((word) => abbreviations[word] ?? word)
  );
}

export function stemsOf(text: string): Set<string> {
  return new Set(wordsOf(text).map((word) => stemmer(word)));
}

/**
 * "The fine", "a fine", "my fine" name a penalty; "is that fine?" does not: a weak word after an article
 * or a possessive is the thing asked about.
 */
const isNamed = (word: string, previous: string | undefined) =>
  word === 'fine' && previous !== undefined && /^(the|a|my|our|this|that|any|each)$/.test(previous);

/** The question's concepts, each once; numbers count ("6 ft", "2 dogs"). */
export function conceptsOf(question: string): Concept[] {
  const concepts = new Map<string, Concept>();
  const words = wordsOf(question);
  for (const [index, word] of words.entries()) {
    if (
      stopWords.has(word) ||
      // "How late can we…" asks for a time of day, not about paying late.
      (word === 'late' && words[index - 1] === 'how') ||
      (word.length < 3 && !/^\d+$/.test(word) && !['rv', 'ev', 'ac', 'yr'].includes(word))
    )
      continue;
    const synonym = synonymIndex.get(word) ?? synonymIndex.get(stemmer(word));
    const key = synonym?.key ?? stemmer(word);
    if (concepts.has(key)) continue;
    concepts.set(key, {
      key,
      stems: synonym?.stems ?? [stemmer(word)],
      isWeak:
        (weakWords.has(word) && !isNamed(word, words[index - 1])) || /^\d+$/.test(word) || timeKeys.has(key),
    });
  }
  return [...concepts.values()];
}

/** Words that ask for an amount, a size, a time or a count: the answer is likely to hold a number. */
export function asksForQuantity(question: string): boolean {
  return /\b(how (many|much|tall|high|long|late|early|big|old|far|often|soon|large|wide)|what time|when|max(imum)?|min(imum)?|limit|until|till|hours?|largest|biggest|smallest|what is the (fee|charge|fine|cost|deposit|rate|penalty))\b/i.test(
    question,
  );
}

/**
 * Questions whose answer IS a number (an amount, a size, a count, a time): a sentence without one
 * does not answer them, however well its words match.
 */
export function needsNumber(question: string): boolean {
  return /\b(how (many|much|tall|high|big|large|wide|long|late|early|old)|what time|largest|biggest|smallest|maximum|minimum)\b/i.test(
    question,
  );
}
