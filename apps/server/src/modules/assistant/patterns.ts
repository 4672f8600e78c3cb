/**
 * Small helpers for writing the rule tables. Every table matches the output of `normalizeText`:
 * lower-case ASCII words separated by single spaces.
 */

/** Negations and "does not work" phrases, for use inside patterns. */
export const NOT =
  '(?:not|doesnt|does not|dont|do not|didnt|did not|wont|will not|isnt|is not|arent|are not|cant|can not|cannot|never|no longer|no)';
export const BROKEN =
  '(?:broken|broke|busted|dead|out|off|not working|stopped|stopped working|quit|died|doesnt work|dont work|wont work|isnt working|not work|no funciona|no sirve|no prende|descompuest[oa]|rot[oa]|se apago)';

/** A whole-word pattern. */
export function words(source: string): RegExp {
  return new RegExp(`\\b(?:${source})\\b`);
}

/** `a`, then within `gap` words `b` (in that order). */
export function near(a: string, b: string, gap = 4): RegExp {
  return new RegExp(`\\b(?:${a})\\b(?: [a-z0-9]+){0,${gap}} (?:${b})\\b`);
}

/** `a` and `b` within `gap` words of each other, in either order. */
export function around(a: string, b: string, gap = 4): RegExp {
  return new RegExp(`${near(a, b, gap).source}|${near(b, a, gap).source}`);
}

/** Where the first of `patterns` matches in `text`, or -1. */
export function firstMatch(text: string, patterns: readonly RegExp[]): number {
  let first = -1;
  for (const pattern of patterns) {
    const m = pattern.exec(text);
    if (m && (first === -1 || m.index < first)) first = m.index;
  }
  return first;
}

/** Whether any of `patterns` matches `text`. */
export function anyMatch(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((p) => p.test(text));
}

const negators = new Set([
  // English and Spanish
  'no',
  'not',
  'without',
  'never',
  'nobody',
  'none',
  'sin',
  'nadie',
  'nunca',
  'ni',
  'nada',
  'ningun',
  'ninguna',
  // Portuguese, French, Vietnamese (normalised: no accents or tones)
  'nao',
  'sem',
  'nenhum',
  'nenhuma',
  'pas',
  'sans',
  'jamais',
  'aucun',
  'aucune',
  'khong',
  'ko',
  'chua',
  'chang',
]);
const negatorPhrases = /\b(?:doesnt|dont|isnt|arent|wasnt)(?: [a-z]+)?$/;
/** A negator that does not negate what follows: "ça sent pas bon, odeur de gaz" still smells of gas. */
const notNegating =
  /^(?:pas bon|pas normal|nao e normal|not normal|not good|no es normal|khong on|khong binh thuong|sin parar|sin detenerse|sans arret\w*|sem parar|no (?:para|paraba|deja|dejaba) de|nao (?:para|deixa) de|(?:n )?arrete pas|no se (?:va|quita|detiene))/;
/** Words before French "pas" that make it footsteps ("des pas", "bruits de pas"), see isNegatedAt. */
const footstepArticles = new Set([
  'des',
  'les',
  'mes',
  'ses',
  'ces',
  'leurs',
  'nos',
  'vos',
  'quelques',
  'de',
]);
/** Chinese negation comes just before what it negates, with no space: 没有闻到煤气味. */
const chineseNegator = /[没不无未别非]/;

/** Whether the three words before `index` negate what follows ("no gas smell", "doesnt smell like gas"). */
export function isNegatedAt(text: string, index: number): boolean {
  if (/\p{Script=Han}/u.test(text[index] ?? ''))
    return chineseNegator.test(text.slice(Math.max(0, index - 4), index));
  const before = text.slice(0, index).trim();
  const words = before.split(' ');
  const lastWords = words.slice(-3);
  return (
    lastWords.some((word, position) => {
      if (!negators.has(word)) return false;
      // "no" three words back is as often Portuguese "in the" ("caiu no banheiro e nao respira").
      if (word === 'no' && position === 0 && lastWords.length === 3) return false;
      const from = words.length - lastWords.length + position;
      // French "pas" after an article is footsteps, not a negation: "j'entends des pas, je me suis enfermée".
      if (word === 'pas' && footstepArticles.has(words[from - 1] ?? '')) return false;
      return !notNegating.test(`${words.slice(from).join(' ')} ${text.slice(index)}`);
    }) || negatorPhrases.test(before)
  );
}

/** The first match of any pattern that is not negated, or -1. */
export function firstAffirmedMatch(text: string, patterns: readonly RegExp[]): number {
  let first = -1;
  for (const pattern of patterns) {
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    );
    for (const m of text.matchAll(global)) {
      if (isNegatedAt(text, m.index)) continue;
      if (first === -1 || m.index < first) first = m.index;
      break;
    }
  }
  return first;
}

/** Heating in the floor: its loss leaves a cold floor, not a home in freezing weather. */
const floorHeating =
  'suoi san|suoi nen|floor heat\\w*|heated floors?|radiant (?:floor|heat)\\w*|(?:underfloor|in floor) heat\\w*|calefaccion (?:de|del|por|bajo) (?:piso|suelo)|(?:piso|suelo) radiante|piso calefaccionado|aquecimento (?:de|do|no|sob o) piso|piso aquecido|planchers? chauffants?|chauffage (?:au|par le|de|du) (?:sol|plancher)|地暖|地热|地板采暖';
/** Signs of freezing cold other than the floor being cold: a low temperature, snow, ice, shivering, frozen pipes. */
const freezingSign =
  '(?<!(?:floors?|tiles?|piso|suelo|chao|plancher|san|sol)(?: (?:is|are|s|esta|ta|est|bi|so|muy|muito|tres))? )(?:freezing|frozen)|freeze|below zero|minus \\d+|\\d+ below|\\d+ ?(?:degrees|grados|graus|degres|do|f|c)\\b|snow\\w*|blizzard|\\bice\\b(?! cold)|\\bicy outside|frost|shiver\\w*|bajo cero|congel\\w*|nieve|nevand\\w*|temblando|tiritando|abaixo de zero|\\bneve\\b|nevando|tremendo|sous zero|moins \\d+|neige\\w*|grelott\\w*|duoi 0|am \\d+|dong bang|tuyet|bang gia|run cam cap|\\bret\\b|lanh cong|零下|结冰|下雪|冻|发抖|[0-9] ?(?:度|°)';
/**
 * A message about floor heating that stopped, with no sign of freezing cold but the floor: for the
 * `unless` of the no-heat rules ("suoi san ko chay nua, san lanh ngat", "地暖不工作了 地板冰凉").
 */
export const floorHeatingWithoutFreezing = new RegExp(
  `^(?=.*(?:${floorHeating}))(?!.*(?:${freezingSign}))`,
  'u',
);
