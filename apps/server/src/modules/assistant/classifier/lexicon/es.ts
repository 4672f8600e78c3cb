import type { Lexicon } from './types.ts';

export const lexicon: Lexicon = {
  categories: {},
  cues: {
    other_person: [],
    cancel: [],
    status: [],
    money: [],
    lease: [],
    amenity: [],
    rules: [],
    thanks: [],
    greeting: [],
    person: [],
    broken: [],
    question: [],
  },
};
