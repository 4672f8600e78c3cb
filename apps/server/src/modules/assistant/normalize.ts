/**
 * Text normalisation for the rule tables: lower case, no accents, no apostrophes ("won't" → "wont"),
 * other punctuation turned into spaces, British spellings made American, and misspelt key words
 * corrected by a small edit-distance match. Every pattern in the tables is written against this form.
 */

/** Key words worth correcting when misspelt (six letters or more: shorter ones collide too easily). */
const keyWords = (
  'toilet faucet shower plumber plumbing clogged leaking dripping flooding flooded heater heating ' +
  'furnace radiator radiators thermostat conditioner conditioning ventilation exhaust refrigerator ' +
  'fridge freezer dishwasher washer disposal garbage microwave outlet outlets socket switch ' +
  'breaker electrical electricity wiring sparks sparking flickering smoking detector carbon ' +
  'monoxide ceiling window windows stairs railing balcony cockroach cockroaches roaches insects ' +
  'rodents droppings termites raccoon pigeons squirrel sprinkler sprinklers irrigation branch ' +
  'garage elevator hallway laundry clubhouse intercom security camera deadbolt parking dumpster ' +
  'recycling mattress neighbor neighbors barking emergency urgent request update status ' +
  'maintenance manager apartment bathroom bedroom kitchen closet basement broken working cigarette ' +
  'bleeding injured collapsed freezing calefaccion inodoro fregadero lavabo refrigerador ' +
  'cucarachas ratones enchufe ventana tuberia lavadora secadora piscina alberca basura ' +
  'estacionamiento elevador ascensor chispas inundado inundando funciona urgente administrador ' +
  'solicitud novedad sangrando ascenseur'
).split(' ');
const keyWordSet = new Set(keyWords);

/** Everyday words one edit away from a key word, which must stay as they are. */
const protectedWords = new Set(
  (
    'monoxido carbono garaje apartamento close closer leaving freeze frozen broke breeding wiping banking packing raining slower dropping manage irritation inspects lavado header leaning heading heated heaters closed closes closets washed washes washers shower showed shows ' +
    'switched outlast bedrooms broker brokers camera cameras status statue update updated updates ' +
    'window windows winded walking working worked worker workers socket sockets rocket locket stares ' +
    'starts stains states branch brunch garden gardens carton cartons manner managed manages ' +
    'requests requested flooring flooded floored freezer freezes smoking smoker stoking hearing ' +
    'heating beating seating sparkle sparkling spanking barking parking marking basement casement ' +
    'urgently urgency carbons breakers breaks outlets radiators detectors kitchens toilets faucets ' +
    'heaters washing'
  ).split(' '),
);

const britishToAmerican: Record<string, string> = {
  neighbour: 'neighbor',
  neighbours: 'neighbors',
  odour: 'odor',
  colour: 'color',
  mould: 'mold',
  storey: 'floor',
  tap: 'faucet',
  taps: 'faucets',
};

/** Optimal-string-alignment distance (a swap of two neighbouring letters counts as one edit). */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** The key word a misspelt token stands for, or the token itself. */
export function correctWord(token: string): string {
  if (token.length < 5 || keyWordSet.has(token) || protectedWords.has(token) || /\d/.test(token))
    return token;
  let best = token;
  let bestDistance = Infinity;
  for (const word of keyWords) {
    // Typos rarely change the first letter; long words get two edits, others one.
    if (word[0] !== token[0]) continue;
    const allowed = word.length >= 9 ? 2 : 1;
    const d = editDistance(token, word, allowed);
    if (d <= allowed && d < bestDistance) {
      best = word;
      bestDistance = d;
    }
  }
  return best;
}

/** The normalised form of a message, as the rule tables expect it. */
export function normalizeText(text: string): string {
  const plain = plainText(text);
  if (plain === '') return '';
  return plain
    .split(' ')
    .map((token) => correctWord(britishToAmerican[token] ?? token))
    .join(' ');
}

/**
 * The same form without English spelling corrections: what rules for other languages match against
 * ("monoxyde de carbone" must not become "monoxide de carbon").
 */
export function plainText(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      // Ligatures are two letters: "œuf" is "oeuf", as French is typed without them.
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      // Scripts that compose their letters (Hangul, kana) are put back together.
      .normalize('NFC')
      .replace(/cc\s*&\s*rs?\b/g, 'ccr')
      .replace(/&/g, ' and ')
      // French elision is two words ("l'alarme", "qu'il"); English contractions are one ("won't" → "wont").
      .replace(/(?<![\p{L}\p{N}])(l|d|j|n|s|c|qu)['’](?=\p{L})/gu, '$1 ')
      .replace(/[’'`´]/g, '')
      // Letters of every script are kept (Chinese, Vietnamese, Korean, Arabic…); the rest is a space.
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

/** Number of words in a normalised text. */
export function wordCount(normalized: string): number {
  return normalized === '' ? 0 : normalized.split(' ').length;
}
