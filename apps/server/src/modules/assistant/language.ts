import { eld } from 'eld/small';
import { assistantLanguages, type AssistantLanguage } from '@commonwise/contracts';

/**
 * Which language a resident writes in (issue 16). The product replies in English, Spanish, Portuguese,
 * French, Chinese and Vietnamese; a message in any other language is answered in English and handed
 * to a person. `eld` (a statistical language identifier whose data ships in the package: nothing is
 * downloaded) decides for Latin-script text; the script decides for Chinese, Korean, Japanese, Arabic
 * and others; Vietnamese written without its tone marks, which `eld` often takes for Tagalog or
 * Italian, is recognised by its everyday words.
 */

export type DetectedLanguage = {
  /** The language to reply in: one the product has texts for. */
  language: AssistantLanguage;
  /** ISO 639-1 code of what was detected ('und' when nothing could be told). */
  detected: string;
  /** False when the resident writes in a language the product does not reply in. */
  isSupported: boolean;
};

const supported = new Set<string>(assistantLanguages);

/** Everyday Vietnamese words, as written without tone marks. */
const vietnameseWords = new Set(
  (
    'khong ko bi nha duoc dc roi cua toi giup nhe vay troi gi nuoc phong lien minh tui oi dum gium voi cai ' +
    'nay thi hoai luon nua nhieu nhung xin chao cam on biet lam sua gap ngay hom dien'
  ).split(' '),
);
/** Letters only Vietnamese uses (â, ê, ô, à, é… are shared with French and Portuguese). */
const vietnameseLetters = /[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệĩỉịọỏốồổỗộớờởỡợũụủứừửữựỳỵỷỹ]/i;

/** Small function-word lists, for text too short for the identifier. */
const cueWords: Record<'en' | 'es' | 'pt' | 'fr', Set<string>> = {
  en: new Set(
    'the and is my in it to of a i you can not no please thanks hi there this that with'.split(' '),
  ),
  es: new Set('el la los las es mi en de que y por favor gracias hola no hay esta con para se'.split(' ')),
  pt: new Set('o a os as e meu minha de que nao voce vc ta esta com pra obrigado obrigada oi tem'.split(' ')),
  fr: new Set('le la les est mon ma de que et je pas il y a svp merci bonjour dans avec une un'.split(' ')),
};

export function detectLanguage(text: string): DetectedLanguage {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0) return { language: 'en', detected: 'und', isSupported: true };
  if (/\p{Script=Hangul}/u.test(text)) return unsupported('ko');
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return unsupported('ja');
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  // Chinese messages mix in English words ("gas detector一直在叫"): the Han characters decide.
  if (han > 0 && han * 2 >= (text.match(/\p{Script=Latin}/gu) ?? []).length / 3)
    return { language: 'zh', detected: 'zh', isSupported: true };
  if (/[\p{Script=Arabic}]/u.test(text)) return unsupported('ar');
  if (/[\p{Script=Cyrillic}]/u.test(text)) return unsupported('ru');
  if (/[\p{Script=Devanagari}]/u.test(text)) return unsupported('hi');
  if (/[\p{Script=Hebrew}]/u.test(text)) return unsupported('he');
  if (/[\p{Script=Thai}]/u.test(text)) return unsupported('th');

  const words = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const vietnamese = words.filter((word) => vietnameseWords.has(word)).length;
  if (vietnameseLetters.test(text) || (vietnamese >= 2 && vietnamese >= words.length / 4))
    return { language: 'vi', detected: 'vi', isSupported: true };

  if (/[¿¡ñ]/i.test(text)) return { language: 'es', detected: 'es', isSupported: true };
  const result = eld.detect(text);
  const detected = result.language || 'und';
  if (supported.has(detected))
    return { language: detected as AssistantLanguage, detected, isSupported: true };
  // Catalan and Galician read as Spanish or Portuguese here; anything else the identifier is sure of is
  // a language we do not reply in. When it is not sure (short texts), the function words decide.
  if (detected === 'ca' || detected === 'gl') return byCueWords(words, detected);
  if (detected !== 'und' && result.isReliable() && words.length >= 4) return unsupported(detected);
  // Unsure, and leaning to a language we do not reply in (Somali reads as Albanian or Tagalog, Haitian
  // Creole as Tagalog): the function words of ours must be a fair share of the message to decide it.
  // Otherwise it is handed to a person, who can read it, rather than answered in a guessed language.
  if (detected !== 'und' && words.length >= 6 && cueShare(words) < 0.2) return unsupported(detected);
  return byCueWords(words, detected);
}

/** The largest share of the words that are function words of one of our Latin-script languages. */
function cueShare(words: string[]): number {
  return words.length === 0 ? 0 : cueCounts(words)[0]!.count / words.length;
}

/** The language whose function words the message holds most of (English when none). */
function byCueWords(words: string[], detected: string): DetectedLanguage {
  const [best] = cueCounts(words);
  return best!.count > 0
    ? { language: best!.language, detected: best!.language, isSupported: true }
    : { language: 'en', detected, isSupported: true };
}

/** How many words are function words of each of our Latin-script languages, most first (ties: en, es, pt, fr). */
function cueCounts(words: string[]) {
  return (['en', 'es', 'pt', 'fr'] as const)
    .map((language) => ({ language, count: words.filter((word) => cueWords[language].has(word)).length }))
    .sort((a, b) => b.count - a.count);
}

function unsupported(detected: string): DetectedLanguage {
  return { language: 'en', detected, isSupported: false };
}
