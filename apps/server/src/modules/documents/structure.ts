/**
 * The structure of a governing document (issue 16): its sections (with numbers and headings, as
 * "Section 4.2 Pets", "ARTICLE VI", "6.4", "Sec. 3.01", "§ 5", "Rule 14. Inoperable Vehicles" under
 * "PART 3 – PARKING") and, inside each, its blocks — paragraphs
 * and list items — each knowing the page it starts on. The assistant quotes whole sentences or whole
 * list items from these blocks, never a part of one, so a quotation can always be found again, word for
 * word, in the document.
 *
 * Everything here works on extracted text alone (lines as the PDF, DOCX or text file gave them), so a
 * document can be structured again at any time from its stored pages.
 */

export type Block = {
  /** The text with its line breaks made spaces: the words exactly as the document has them. */
  text: string;
  kind: 'paragraph' | 'item';
  /** The page the block starts on, and where each later page starts inside `text` (for long blocks). */
  page: number;
  pageStarts: { offset: number; page: number }[];
};

export type Section = {
  /** Order in the document, from 0. */
  ordinal: number;
  /** As the document writes it: "4.2", "6", "3.01", "IV"; null for text before any heading. */
  number: string | null;
  /**
   * What the document calls its numbered parts when it is not "Section": "Rule" for "Rule 14." or
   * "R-14", "Regulation" for "Regulation 3", so a citation reads as the document does. Null otherwise.
   */
  designation: 'Rule' | 'Regulation' | null;
  /** The section's own heading ("Pets"), when it has one. */
  title: string | null;
  /** The headings it sits under, outermost first ("ARTICLE IV Use Restrictions"). */
  context: string | null;
  page: number;
  blocks: Block[];
};

type Line = { text: string; page: number };

const roman = /^[IVXLC]+$/;
/** "ARTICLE IV", "Article 4 - Assessments", "ARTICLE VI: USE RESTRICTIONS". */
const articlePattern = /^(?:ARTICLE|Article)\s+([IVXLC]+|\d+)\b\.?\s*[:.\-–—]?\s*(.*)$/;
/**
 * The same level under another name: "PART 3 – PARKING AND VEHICLES", "Chapter 2: Pets". Only with a
 * heading-like rest (or none), since a sentence may start "Part 2 of the fee is refunded …".
 */
const partPattern =
  /^(PART|Part|CHAPTER|Chapter|DIVISION|Division)\s+([IVXLC]+|\d+)\b\.?\s*([:.\-–—]?)\s*(.*)$/;
/** "Section 4.2 Pets. …", "SECTION 4.2", "Sec. 3.01 Quorum", "§ 5.", "§5.1 Budget". */
const sectionPattern =
  /^(?:SECTION|Section|SECT\.|Sect\.|SEC\.?|Sec\.?|§{1,2})\s*(\d+(?:\.\d+)*[A-Za-z]?)\.?(?=\s|$)\s*[:.\-–—]?\s*(.*)$/;
/**
 * Numbered rules: "Rule 14. Inoperable Vehicles.", "RULE 7 – POOL", "R-14", "Regulation 3: Signs". Only
 * when a stop, a dash or a colon follows the number, or nothing, or a heading in capitals: a sentence
 * may start "Rule 52 applies …".
 */
const rulePattern =
  /^(RULE|Rule|R-|REGULATION|Regulation|Reg\.)\s*(\d+(?:\.\d+)*[A-Za-z]?)(?=[\s.:\-–—]|$)\s*([.:\-–—]?)\s*(.*)$/;
/**
 * "6. POOL AND SPA", "6.1 The pool is open …", "6.1. Pets" (a stop after the last number too),
 * "12.3.1 …": a number with a dot at the start of a line.
 */
const numberedPattern = /^(\d{1,3}(?:\.\d{1,3})+\.?|\d{1,3}\.)(?=\s|$)\s*(.*)$/;
/** List items: bullets and dashes. */
const bulletPattern = /^(?:[•●▪◦‣∙·*]|[-–—](?=\s))\s*/;
/**
 * Labelled subsections: "(a)", "a)", "(iv)", "(1)", "1)". Each starts a paragraph of its own, but only
 * after a line that ended a sentence or a lead-in: in "within five\n(5) days" the line is wrapped text.
 */
const labelPattern = /^(?:\(?[a-z]\)|\([ivx]+\)|\(?\d{1,2}\))\s+/;
/** A row of a table with dot leaders ("Clubhouse rental, up to 5 hours ........ $150.00"): an item. */
const leaderPattern = /\S\s*\.{4,}\s*\S/;
/** Page furniture: "Page 3", "3", "- 3 -", "Page 3 of 12". */
const pageNumberLine = /^(?:page\s+)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s+of\s+\d{1,4})?$/i;

function isHeadingLine(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  return (
    text.length <= 90 && letters.length >= 3 && letters === letters.toUpperCase() && !/[.;:,]$/.test(text)
  );
}

/** "USE RESTRICTIONS" → "Use Restrictions": headings read better in title case when quoted. */
function titleCase(text: string): string {
  if (text !== text.toUpperCase()) return text;
  return text
    .toLowerCase()
    .replace(/(^|[\s/(-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\b(And|Or|Of|The|In|On|For|To|A|An)\b/g, (word, _w, offset: number) =>
      offset === 0 ? word : word.toLowerCase(),
    );
}

/** Splits "Pets. No more than two dogs …" into a short title and the text after it. */
function splitTitle(rest: string): { title: string | null; body: string } {
  if (!rest) return { title: null, body: '' };
  if (isHeadingLine(rest)) return { title: titleCase(rest.trim()), body: '' };
  const match = /^([^.:]{1,60}?)[.:](?:\s+|$)(.*)$/.exec(rest);
  if (match) {
    const candidate = match[1]!.trim();
    const words = candidate.split(/\s+/);
    const looksLikeTitle =
      words.length <= 7 && /^[A-Z]/.test(candidate) && !/\b(shall|must|may|will|is|are)\b/i.test(candidate);
    if (looksLikeTitle) return { title: titleCase(candidate), body: match[2]!.trim() };
  }
  return { title: null, body: rest.trim() };
}

/** Lines repeated on most pages (running headers and footers) and bare page numbers are not text. */
function contentLines(pages: { page: number; text: string }[]): Line[] {
  const perPage = pages.map((page) => ({
    page: page.page,
    lines: page.text
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
  }));
  const seen = new Map<string, number>();
  for (const { lines } of perPage)
    for (const key of new Set(lines.map((line) => line.replace(/\d+/g, '#'))))
      seen.set(key, (seen.get(key) ?? 0) + 1);
  const isRunning = (line: string) =>
    pages.length >= 3 && (seen.get(line.replace(/\d+/g, '#')) ?? 0) >= Math.ceil(pages.length * 0.6);
  return perPage.flatMap(({ page, lines }) =>
    lines.filter((line) => !pageNumberLine.test(line) && !isRunning(line)).map((text) => ({ text, page })),
  );
}

export function structureDocument(pages: { page: number; text: string }[]): Section[] {
  const sections: Section[] = [];
  let article: string | null = null;
  /** The heading of the last numbered top-level section ("6 Pool and Spa"), for its sub-sections. */
  // Cast, not annotated: it is set only inside the helpers below, and an annotation would let TypeScript
  // narrow it to null for good.
  let parent = null as { number: string; title: string | null } | null;
  // Held in an object: the helpers below change them, which TypeScript's narrowing does not follow.
  const state: { current: Section | null; block: Block | null } = { current: null, block: null };
  let awaitingTitle: 'article' | 'section' | null = null;

  const contextOf = (number: string | null) => {
    const parts: string[] = [];
    if (article) parts.push(article);
    if (parent && number && number !== parent.number && number.startsWith(`${parent.number}.`))
      parts.push(`${parent.number} ${parent.title ?? ''}`.trim());
    return parts.length ? parts.join(' › ') : null;
  };
  const closeBlock = () => {
    if (state.block && state.current && state.block.text) state.current.blocks.push(state.block);
    state.block = null;
  };
  const open = (
    number: string | null,
    title: string | null,
    page: number,
    designation: Section['designation'] = null,
  ) => {
    closeBlock();
    state.current = {
      ordinal: sections.length,
      number,
      designation,
      title,
      context: contextOf(number),
      page,
      blocks: [],
    };
    sections.push(state.current);
  };
  /** A numbered section's heading line: its number, then its title and any text after it. */
  const openNumbered = (
    number: string,
    rest: string,
    page: number,
    designation: Section['designation'] = null,
  ) => {
    const { title, body } = splitTitle(rest.trim());
    if (!number.includes('.')) parent = { number, title };
    open(number, title, page, designation);
    if (body) addText(body, page, 'paragraph');
    else if (!title) awaitingTitle = 'section';
  };
  /** An article-level heading ("ARTICLE IV …", "PART 3 …"): the context of the sections under it. */
  const openArticle = (name: string, rest: string) => {
    closeBlock();
    article = `${name}${rest ? ` ${titleCase(rest)}` : ''}`;
    parent = null;
    if (!rest) awaitingTitle = 'article';
    state.current = null;
  };
  const addText = (text: string, page: number, kind: Block['kind'] | 'continue') => {
    if (!text) return;
    if (!state.current) open(null, null, page);
    if (kind !== 'continue' || !state.block) {
      closeBlock();
      state.block = { text, kind: kind === 'continue' ? 'paragraph' : kind, page, pageStarts: [] };
      return;
    }
    const joined =
      state.block.text.endsWith('-') && /^[a-z]/.test(text) ? state.block.text : `${state.block.text} `;
    if (page !== state.block.page && !state.block.pageStarts.some((start) => start.page === page))
      state.block.pageStarts.push({ offset: joined.length, page });
    state.block.text = joined + text;
  };

  for (const { text, page } of contentLines(pages)) {
    if (awaitingTitle && isHeadingLine(text)) {
      const title = titleCase(text);
      if (awaitingTitle === 'article') article = `${article} ${title}`;
      else if (state.current) {
        state.current.title = title;
        if (parent && parent.number === state.current.number) parent.title = title;
      }
      awaitingTitle = null;
      continue;
    }
    awaitingTitle = null;

    const articleMatch = articlePattern.exec(text);
    if (articleMatch && (roman.test(articleMatch[1]!) || /^\d+$/.test(articleMatch[1]!))) {
      openArticle(`ARTICLE ${articleMatch[1]}`, articleMatch[2]!.trim());
      continue;
    }
    const partMatch = partPattern.exec(text);
    if (partMatch && (partMatch[3] || !partMatch[4] || isHeadingLine(partMatch[4]))) {
      openArticle(`${partMatch[1]!.toUpperCase()} ${partMatch[2]}`, partMatch[4]!.trim());
      continue;
    }
    const ruleMatch = rulePattern.exec(text);
    if (ruleMatch && (ruleMatch[3] || !ruleMatch[4] || isHeadingLine(ruleMatch[4]))) {
      const designation = /^reg/i.test(ruleMatch[1]!) ? 'Regulation' : 'Rule';
      openNumbered(ruleMatch[2]!.replace(/\.$/, ''), ruleMatch[4]!, page, designation);
      continue;
    }
    const sectionMatch = sectionPattern.exec(text) ?? numberedPattern.exec(text);
    if (sectionMatch) {
      openNumbered(sectionMatch[1]!.replace(/\.$/, ''), sectionMatch[2]!, page);
      continue;
    }
    if (isHeadingLine(text) && text.split(/\s+/).length <= 10) {
      // A heading without a number: a section of its own (a rules list titled "POOL RULES").
      open(null, titleCase(text), page);
      continue;
    }
    const previousText = state.block?.text ?? '';
    if (bulletPattern.test(text) || leaderPattern.test(text)) addText(text, page, 'item');
    // After a sentence, a lead-in, or an item that hands on to the next ("…to the main; and").
    else if (labelPattern.test(text) && (!state.block || /[.:;]["”’)]?$|; (?:and|or)$/.test(previousText)))
      addText(text, page, 'paragraph');
    else {
      // A line that starts a new sentence after one that ended one, in a section with items, is a
      // new paragraph; otherwise wrapped lines join into one block.
      const previous = state.block;
      const endsSentence = previous !== null && /[.!?:;]["”’)]?$/.test(previous.text);
      const startsParagraph = endsSentence && /^[A-Z"“(]/.test(text) && previous.kind === 'item';
      addText(text, page, startsParagraph ? 'paragraph' : 'continue');
    }
  }
  closeBlock();
  return sections.filter((section) => section.blocks.length > 0 || section.title !== null);
}

export type Sentence = { text: string; page: number };

/** Abbreviations after which a period does not end a sentence. */
const abbreviations =
  /(?:\b(?:No|Nos|Sec|Secs|Art|Inc|Corp|Ltd|Co|St|Ave|Mr|Mrs|Ms|Dr|Jr|Sr|vs|etc|approx|U\.S|e\.g|i\.e|a\.m|p\.m|ft|in|lbs|Ch|Fla|Stat|Cal|Civ|Tex|Prop|Code)\.|\b[A-Z]\.)$/;

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * A block's sentences, each exactly as it stands in the block (trimmed), with its page. A list item is
 * one unit whatever its punctuation. Breaks that ICU finds after an abbreviation ("Sec. 4", "10 p.m.
 * Owners") are undone, and a sentence is never cut inside brackets.
 */
export function sentencesOf(block: Block): Sentence[] {
  const pageAt = (offset: number) =>
    block.pageStarts.reduce((page, start) => (start.offset <= offset ? start.page : page), block.page);
  // A bullet is layout, not words; a label such as "(a)" is kept.
  if (block.kind === 'item')
    return [{ text: block.text.replace(/^[•●▪◦‣∙·*\-–—]\s*/, '').trim(), page: block.page }];
  const pieces: { text: string; start: number }[] = [];
  for (const { segment, index } of segmenter.segment(block.text)) {
    const previous = pieces.at(-1);
    const trimmed = previous?.text.trimEnd() ?? '';
    const opens = (trimmed.match(/\(/g) ?? []).length - (trimmed.match(/\)/g) ?? []).length;
    if (previous && (abbreviations.test(trimmed) || opens > 0 || /^[a-z0-9(]/.test(segment.trimStart())))
      previous.text += segment;
    else pieces.push({ text: segment, start: index });
  }
  return pieces
    .map((piece) => {
      const leading = piece.text.length - piece.text.trimStart().length;
      return { text: piece.text.trim(), page: pageAt(piece.start + leading) };
    })
    .filter((sentence) => sentence.text.length > 0);
}
