/**
 * The languages a person may read the association's announcements in (issue 23 item 3). English is
 * the default; the others are those most spoken at home in the states we serve (US Census ACS), plus
 * Haitian Creole for Florida. Each is named in itself, as a reader looks for it.
 */
export const readingLanguages = [
  'en',
  'es',
  'zh',
  'vi',
  'tl',
  'ko',
  'ru',
  'ar',
  'fr',
  'pt',
  'ht',
  'hi',
] as const;
export type ReadingLanguage = (typeof readingLanguages)[number];

export const readingLanguageNames: Record<ReadingLanguage, string> = {
  en: 'English',
  es: 'Español',
  zh: '中文',
  vi: 'Tiếng Việt',
  tl: 'Tagalog',
  ko: '한국어',
  ru: 'Русский',
  ar: 'العربية',
  fr: 'Français',
  pt: 'Português',
  ht: 'Kreyòl ayisyen',
  hi: 'हिन्दी',
};

/** The same names in English, for staff who add a translation. */
export const readingLanguageEnglishNames: Record<ReadingLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  zh: 'Chinese',
  vi: 'Vietnamese',
  tl: 'Tagalog',
  ko: 'Korean',
  ru: 'Russian',
  ar: 'Arabic',
  fr: 'French',
  pt: 'Portuguese',
  ht: 'Haitian Creole',
  hi: 'Hindi',
};

/** Languages written right to left: their text is shown with `dir="rtl"`. */
export const rightToLeftLanguages: readonly ReadingLanguage[] = ['ar'];
