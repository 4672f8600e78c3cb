import type { ViolationCategory } from '@commonwise/contracts';
import { sentencesOf, type Block } from '../documents/structure.ts';

/**
 * Reading a governing document for enforceable rules (issue 21 item 1): every whole sentence (or list
 * item) that tells owners or residents what they must or must not do, quoted word for word with its
 * section and page. These are suggestions only: a manager confirms each, choosing its cure days and
 * fines, before it is used. Sentences about what the association, its board or a committee shall do
 * are procedure, not covenants an owner can break, and are left out.
 */

export type SectionText = {
  number: string | null;
  /** "Rule" or "Regulation" when the document numbers its rules so ("Rule 14."); null for sections. */
  designation?: string | null;
  title: string | null;
  context: string | null;
  page: number;
  blocks: Block[];
};

export type RuleSuggestion = {
  title: string;
  category: ViolationCategory;
  sectionNumber: string | null;
  sectionTitle: string | null;
  page: number;
  excerpt: string;
  curable: boolean;
  healthSafety: boolean;
  /** Only when the clause itself names a period ("within ten (10) days"); the manager decides otherwise. */
  defaultCureDays: number | null;
};

const normative =
  /\b(?:no\s+more\s+than|not\s+more\s+than|may\s+only|shall\s+not|shall\s+be|shall|must|may\s+not|no\s+one\s+may|(?:is|are)\s+(?:prohibited|not\s+permitted|not\s+allowed|forbidden)|prohibited|not\s+permitted|never)\b/i;

/** Who a sentence binds when it is procedure: the association, its organs and officers. */
const institution =
  /^(?:\([a-z0-9]+\)\s*)?(?:[A-Z][\w\s]{0,40}\.\s+)?(?:the\s+)?(?:association|board(?:\s+of\s+directors)?|declarant|(?:architectural|fining|hearing)?\s*committee|secretary|treasurer|president|officers?|directors?|(?:community\s+)?manager|managing\s+agent|members?\s+(?:present|voting))\b/i;

/** Definitions, procedure and money, which are not conduct an inspector can see. */
const notConduct =
  /\b(?:payments?\s+shall\s+be\s+applied|shall\s+be\s+(?:held|deemed|awarded|construed)|this\s+declaration|provision|liable|application\s+shall|means|is\s+defined|vote|votes|voting|quorum|ballot|election|elected|assessments?\s+(?:shall|are|is)|notice\s+of\s+(?:each|any|the)\s+meeting|minutes|bylaws\s+shall|amend(?:ed|ment)|indemnif|insurance\s+polic|lien|foreclos|budget|reserve\s+(?:fund|study)|proxy|candidate|hearing)\b/i;

const categoryWords: [ViolationCategory, RegExp][] = [
  [
    'safety',
    /\b(?:fire\s+lanes?|fire\s+hazard|hazard|propane|fireworks?|explosive|smoke\s+detector|pool\s+gate|unsafe|dangerous|combustible|open\s+flame|barbecues?|grills?|charcoal)\b/i,
  ],
  ['trash', /\b(?:trash|garbage|refuse|recycl\w*|carts?|bins?|dumpsters?|debris|rubbish|bulky\s+items?)\b/i],
  [
    'parking_vehicles',
    /\b(?:park(?:ed|ing)?|vehicles?|cars?|trucks?|boats?|trailers?|rvs?|recreational\s+vehicles?|motorcycles?|garages?|driveway|tow(?:ed|ing)?|guest\s+spaces?|curbs?)\b/i,
  ],
  ['pets', /\b(?:pets?|dogs?|cats?|animals?|leash\w*|pet\s+waste|wildlife|birds?|livestock|poultry)\b/i],
  [
    'noise_nuisance',
    /\b(?:noise|noisy|loud|quiet\s+hours|nuisance|odou?rs?|smok(?:e|ing)|vibration|annoyance|offensive|music|parties)\b/i,
  ],
  ['signs_decorations', /\b(?:signs?|banners?|flags?|decorations?|holiday\s+lights?|posters?|for\s+sale)\b/i],
  [
    'leasing_use',
    /\b(?:leas(?:e|ed|es|ing)|rent(?:ed|al|ing)?|tenants?|short[-\s]term|business|commercial|occupan\w*|airbnb|transient)\b/i,
  ],
  [
    'amenities',
    /\b(?:pool|spa|clubhouse|fitness\s+room|gym|tennis|amenit\w*|playground|common\s+area\s+facilities)\b/i,
  ],
  [
    'landscaping',
    /\b(?:landscap\w*|lawns?|grass|weeds?|trees?|shrubs?|hedges?|plants?|planters?|irrigation|turf)\b/i,
  ],
  [
    'architectural',
    /\b(?:fences?|walls?|paint\w*|colou?rs?|doors?|roofs?|solar|antennas?|satellite|dish(?:es)?|patio\s+covers?|additions?|structures?|sheds?|install\w*|alter\w*|architectural|windows?|awnings?)\b/i,
  ],
  [
    'exterior_upkeep',
    /\b(?:repair|maintain\w*|maintenance|clean|good\s+(?:order|condition|repair)|upkeep|stor(?:e|ed|age)|laundry|clotheslines?|balcon\w*|patios?|exteriors?)\b/i,
  ],
];

function categoryOf(text: string): ViolationCategory | null {
  for (const [category, words] of categoryWords) if (words.test(text)) return category;
  return null;
}

/** Sections about the association's own workings: nothing in them is conduct an inspector can see. */
const procedureSection =
  /\b(?:definitions?|membership|meetings?|board|directors|officers|assessments?|late\s+charges|interest|liens?|collection|reserves?|budgets?|insurance|fines?|penalt\w*|enforcement|dispute|term|severability|conflicts|notices|amendments?|liability|review\s+procedure|procedure|committee|voting|elections?|general\s+provisions)\b/i;

const healthSafetyWords =
  /\b(?:fire|hazard\w*|propane|fireworks?|explosive|smoke\s+detector|pool\s+gate|unsafe|danger\w*|combustible|open\s+flame|toxic|health|safety|sanitary|vermin|rodents?|mosquito\w*)\b/i;

/** Conduct that is over once it happened (a party, a fire pit lit): nothing is left to cure. */
const oneOff = /\b(?:quiet\s+hours|noise|loud|music|parties|fireworks|climb|feeding|stopping\s+in)\b/i;

const numberWords: Record<string, number> = {
  five: 5,
  seven: 7,
  ten: 10,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  'forty-five': 45,
  sixty: 60,
  ninety: 90,
};

/** "within ten (10) days", "within 30 days": the clause's own period to act, if any. */
function cureDaysIn(text: string): number | null {
  const match = /\bwithin\s+(?:([a-z-]+)\s+)?\(?(\d{1,3})?\)?\s*(?:calendar\s+)?days?\b/i.exec(text);
  if (!match) return null;
  const days = match[2] ? Number(match[2]) : match[1] ? numberWords[match[1].toLowerCase()] : undefined;
  return days && days >= 1 && days <= 365 ? days : null;
}

/**
 * "(e) Private Streets. No vehicle…" → "Private Streets": a list item's own heading, at the start of its
 * first sentence or as a sentence of its own.
 */
function itemHeading(text: string): string | null {
  const match = /^\([a-z0-9]{1,3}\)\s+([A-Z][A-Za-z&'’,\- ]{2,60}?)\.(?:\s|$)/.exec(text);
  return match ? match[1]!.trim() : null;
}

function titleOf(
  section: SectionText,
  sentence: string,
  heading: string | null,
  seen: Map<string, number>,
): string {
  const base =
    itemHeading(sentence) ??
    heading ??
    section.title?.replace(/[.:]\s*$/, '').trim() ??
    sentence
      .replace(/^\([a-z0-9]+\)\s*/i, '')
      .split(/\s+/)
      .slice(0, 6)
      .join(' ')
      .replace(/[,.;:]$/, '');
  const short = base.length > 100 ? `${base.slice(0, 99).trimEnd()}…` : base;
  const times = (seen.get(short) ?? 0) + 1;
  seen.set(short, times);
  return times === 1 ? short : `${short} (${times})`;
}

/** The words of a clause, for telling whether it was already suggested: case and spacing do not count. */
export function excerptKeyOf(excerpt: string): string {
  return excerpt.replace(/\s+/g, ' ').trim().toLowerCase();
}

export function suggestRulesFrom(sections: SectionText[]): RuleSuggestion[] {
  const suggestions: RuleSuggestion[] = [];
  const seenTitles = new Map<string, number>();
  const seenClauses = new Set<string>();
  for (const section of sections) {
    if (section.title && procedureSection.test(section.title)) continue;
    if (section.context && procedureSection.test(section.context) && !section.title) continue;
    for (const block of section.blocks) {
      let heading: string | null = null;
      for (const sentence of sentencesOf(block)) {
        const text = sentence.text;
        // A heading alone ("(c) Waste.") names the sentences after it in its block.
        if (/^\([a-z0-9]{1,3}\)\s+[A-Z][A-Za-z&'’,\- ]{2,60}\.$/.test(text)) {
          heading = itemHeading(text);
          continue;
        }
        if (text.length < 25 || text.length > 1200 || text.endsWith(':')) continue;
        if (!normative.test(text) || institution.test(text) || notConduct.test(text)) continue;
        // "The Association shall not prohibit …" protects owners; it binds the association.
        if (/\bassociation\s+(?:shall|may)\s+not\s+(?:prohibit|restrict|deny)\b/i.test(text)) continue;
        const key = excerptKeyOf(text);
        if (seenClauses.has(key)) continue;
        seenClauses.add(key);
        const category = (section.title ? categoryOf(section.title) : null) ?? categoryOf(text) ?? 'other';
        const healthSafety = category === 'safety' || healthSafetyWords.test(text);
        const curable = !oneOff.test(text);
        suggestions.push({
          title: titleOf(section, text, heading, seenTitles),
          category,
          sectionNumber:
            section.number && section.designation
              ? `${section.designation} ${section.number}`
              : section.number,
          sectionTitle: section.title,
          page: sentence.page,
          excerpt: text,
          curable,
          healthSafety,
          defaultCureDays: curable ? cureDaysIn(text) : null,
        });
      }
    }
  }
  return suggestions;
}
