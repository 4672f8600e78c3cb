import type { MaintenanceCategoryPath } from '@commonwise/contracts';

/**
 * Cues: kinds of words that tell intents apart in every language. The classifier sees "this message
 * has a money word", whatever the language, so what it learns from Spanish billing questions carries
 * over to Vietnamese ones.
 */
export const cues = [
  /** Another person as the one doing something: a neighbour, "someone", kids, people, a unit number. */
  'other_person',
  /** Cancel, withdraw, never mind, no longer needed, reschedule or change a visit. */
  'cancel',
  /** About a request already made: any update, still waiting, already reported, nobody came, when will. */
  'status',
  /** Money: dues, fees, fines, balance, payment, charge, bill, statement, autopay, refund, assessment. */
  'money',
  /** Renting out, tenants, leases, selling or buying, realtors, title, moving in or out, co-owners. */
  'lease',
  /** Amenities and their use: pool, gym, clubhouse, courts, party room, reserve, book, opening hours. */
  'amenity',
  /** Rules and permission: allowed, permitted, rule, bylaws, CC&Rs, policy, approval, limit, "can I". */
  'rules',
  /** Thanks and agreement: thanks, ok, got it, perfect, sounds good, see you. */
  'thanks',
  /** Greetings and pleasantries: hi, hello, good morning, how are you. */
  'greeting',
  /** Asking for a person: a human, the manager, staff, talk to, call me, the office. */
  'person',
  /** Something broken: not working, leaking, damaged, stuck, clogged, needs fixing. */
  'broken',
  /** Question words: how, what, when, where, which, can, is it. */
  'question',
] as const;
export type Cue = (typeof cues)[number];

/**
 * One language's words. Every phrase is written as `plainText` leaves it: lower case, no accents or
 * tone marks ("calefaccion", "khong co nuoc nong", "chauffage"), apostrophes removed ("wont"),
 * punctuation as spaces. Chinese is written in characters and matched anywhere in the text; other
 * phrases match whole words. Phrases may be several words. A phrase may appear under several
 * categories when it is ambiguous.
 */
export type Lexicon = {
  /** Things and symptoms that name a maintenance category ("water heater", "calentador", "热水器"). */
  categories: Partial<Record<MaintenanceCategoryPath, string[]>>;
  cues: Record<Cue, string[]>;
};
