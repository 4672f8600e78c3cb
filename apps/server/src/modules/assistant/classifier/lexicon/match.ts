import { lexicons, type Cue } from './index.ts';

/** A phrase of the lexicons, ready to match: its words, or (Chinese) its characters. */
type Entry = { words: string[]; concept: string };

const han = /\p{Script=Han}/u;

/** Every language's lexicon at once: the language a message is written in is not always clear. */
function compile() {
  const byFirstWord = new Map<string, Entry[]>();
  const chinese: Entry[] = [];
  for (const lexicon of Object.values(lexicons)) {
    const add = (phrase: string, concept: string) => {
      if (han.test(phrase)) {
        chinese.push({ words: [phrase], concept });
        return;
      }
      const words = phrase.split(' ').filter(Boolean);
      if (words.length === 0) return;
      const list = byFirstWord.get(words[0]!) ?? [];
      list.push({ words, concept });
      byFirstWord.set(words[0]!, list);
    };
    for (const [path, phrases] of Object.entries(lexicon.categories))
      for (const phrase of phrases ?? []) add(phrase, `k:${path}`);
    for (const [cue, phrases] of Object.entries(lexicon.cues) as [Cue, string[]][])
      for (const phrase of phrases) add(phrase, `q:${cue}`);
  }
  return { byFirstWord, chinese };
}

let compiled: ReturnType<typeof compile> | undefined;

/**
 * The lexicon concepts a message names: `k:<category path>` for things and symptoms, `q:<cue>` for
 * intent cues. `plain` is the message as `plainText` leaves it.
 */
export function lexiconConcepts(plain: string): Set<string> {
  compiled ??= compile();
  const found = new Set<string>();
  const words = plain.split(' ');
  for (let index = 0; index < words.length; index += 1) {
    for (const entry of compiled.byFirstWord.get(words[index]!) ?? []) {
      if (entry.words.every((word, offset) => words[index + offset] === word)) found.add(entry.concept);
    }
  }
  if (han.test(plain)) {
    for (const entry of compiled.chinese) if (plain.includes(entry.words[0]!)) found.add(entry.concept);
  }
  return found;
}
