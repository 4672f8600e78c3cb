import { lexicon as en } from './en.ts';
import { lexicon as es } from './es.ts';
import { lexicon as fr } from './fr.ts';
import { lexicon as pt } from './pt.ts';
import { lexicon as vi } from './vi.ts';
import { lexicon as zh } from './zh.ts';
import type { Lexicon } from './types.ts';

export const lexicons: Record<string, Lexicon> = { en, es, pt, fr, zh, vi };
export { cues, type Cue, type Lexicon } from './types.ts';
