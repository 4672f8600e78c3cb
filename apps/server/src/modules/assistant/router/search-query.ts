/** Words that carry no meaning for a search of the association's documents. */
const stopWords = new Set(
  (
    'a an the and or but if of to in on at for with by from about as is are was were be been am do does did ' +
    'can could may might must should would will i me my we our you your it its this that these those there ' +
    'what which who whom when where why how any some allowed permitted rule rules policy hoa please tell know ' +
    'el la los las un una de del y o que en por para con es son se puedo puede mi mis su sus'
  ).split(' '),
);

/**
 * A question in everyday words → a full-text query: meaningful words joined with "or", so a passage
 * that matches most of them ranks first without having to match them all.
 */
export function toSearchQuery(question: string): string {
  const words = question
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2 && !stopWords.has(word));
  return [...new Set(words)].slice(0, 12).join(' or ');
}
