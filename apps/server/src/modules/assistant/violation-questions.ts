import { amountsNamed } from './amounts.ts';
import { plainText } from './normalize.ts';
import { near, words } from './patterns.ts';

/**
 * "Why did I get this letter?", "what is this violation notice about?", "¿por qué recibí esta carta?"
 * (issue 21 item 5): an owner asking about a notice they were sent, answered from their own open
 * violations. Matched by words, not by the classifier (it was never trained on them), in the six
 * languages the assistant speaks. A question about a neighbour (a complaint) or about an amount of
 * money (the ledger answers it) is not one of these.
 */

/** What was sent: a letter, a notice, a violation (and the words for them). */
const sent = [
  'letter|letters|notice|notices|warning|warnings|violation|violations|citation|citations|fined|infraction|infractions',
  'carta|cartas|aviso|avisos|notificacion|notificaciones|advertencia|violacion|violaciones|infraccion|infracciones|multa|multas',
  'lettre|lettres|avis|amende|amendes|infraction|mise en demeure',
  'notificacao|notificacoes|advertencia|violacao|infracao|multa',
  'thu|thong bao|vi pham|canh cao|phat',
].join('|');
/** Words of asking why or what about. */
const why = [
  'why|how come|what for',
  'por que|porque|para que',
  'pourquoi',
  'por que|porque',
  'tai sao|vi sao|sao toi|sao lai',
].join('|');
const whatIs = [
  'what is this|whats this|what does this|what is the|what does the|what is my|explain',
  'que es esta|que es este|que es la|que es el|que significa|de que se trata|que dice|explica',
  'qu est ce que|que signifie|de quoi|explique',
  'o que e|o que significa|do que se trata|explica',
  'la gi|nghia la gi|ve viec gi',
].join('|');
const received = [
  'i got|i received|ive received|i have received|i ve got|i just got|we got|we received|got a|received a',
  'recibi|recibimos|me llego|me enviaron|me mandaron|nos llego',
  'j ai recu|jai recu|recu une|recu un|on m a envoye',
  'recebi|recebemos|me mandaram|me enviaram',
  'nhan duoc|toi nhan',
].join('|');
/** Doing something about it: curing, appealing, a hearing. */
const acting = [
  'how do i cure|how can i cure|how to cure|how do i fix the violation|how do i appeal|request a hearing|ask for a hearing|want a hearing',
  'como corrijo|como soluciono|como subsano|como curo|pedir una audiencia|solicitar una audiencia|quiero una audiencia',
  'comment corriger|demander une audience',
  'como corrijo|como resolvo|pedir uma audiencia|solicitar uma audiencia',
  'yeu cau dieu tran|khac phuc vi pham',
].join('|');

const patterns = [
  near(why, sent, 6),
  near(whatIs, sent, 5),
  near(received, sent, 5),
  near(received, 'fine|fines', 3),
  words(acting),
  words(
    '(?:my|this|mi|esta|este|ma|cette|minha|meu) (?:violation|violations|citation|violacion|infraccion|multa|amende|infraction|violacao|infracao)',
  ),
];
/** Chinese is not split into words. */
const chinese = [
  /(为什么|為什麼|为何|為何|怎么回事|是什么).{0,12}(信|通知|违规|違規|罚款|罰款|违章)/,
  /收到.{0,12}(信|通知|违规|違規|罚款|罰款)/,
];

const aboutANeighbour = words(
  'neighbor|neighbors|neighbour|neighbours|vecino|vecina|vecinos|voisin|voisine|voisins|vizinho|vizinha|vizinhos|hang xom',
);

export function asksAboutViolationNotice(text: string): boolean {
  if (/邻居|鄰居/.test(text)) return false;
  const plain = plainText(text);
  if (plain === '' || aboutANeighbour.test(plain) || amountsNamed(text).length > 0) return false;
  return patterns.some((pattern) => pattern.test(plain)) || chinese.some((pattern) => pattern.test(text));
}
