/**
 * Whether a short reply says yes or no, in the languages the assistant replies in: the answer to
 * "is this about your open request #…?" (issue 26). Undefined when it says neither, and the message
 * is then read as a message of its own.
 */

/** Lower case, accents off (Vietnamese and French too), punctuation as spaces; Chinese is kept as it is. */
export function plainWords(text: string): string {
  return ` ${text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

// Checked first: "no, it's the same one" is rarer than "not that one, a new leak".
const no =
  / (?:no|nope|nah|not|new|different|another|other|separate|otro|otra|nuevo|nueva|distinto|distinta|diferente|nao|outro|outra|novo|nova|non|autre|nouveau|nouvelle|pas|khong|khac|moi) |不是|不对|新的|另一|别的|其他/u;
const yes =
  / (?:yes|yeah|yep|yup|ya|correct|right|exactly|same|that one|thats it|that s it|si|claro|eso|exacto|exacta|mismo|misma|sim|isso|exato|esse|essa|mesmo|mesma|oui|exactement|c est ca|meme|dung|vang|phai|co|da|u|ok|okay) |^ *(?:是|对|没错|就是|一样)/u;

export function yesOrNo(text: string): 'yes' | 'no' | undefined {
  const plain = plainWords(text);
  if (no.test(plain)) return 'no';
  if (yes.test(plain)) return 'yes';
  return undefined;
}
