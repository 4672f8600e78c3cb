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
/** A violation itself (a letter or a notice alone may be anything: a fire drill, a welcome). */
const violation = [
  'violation|violations|citation|citations|infraction|infractions|courtesy notice|compliance notice|fined',
  'violacion|violaciones|infraccion|infracciones|multa|multas',
  'amende|amendes|infraction|infractions',
  'violacao|infracao|multa',
  'vi pham|tien phat',
].join('|');
/** Words of asking why. */
const why = [
  'why|how come|what for',
  'por que|porque|para que',
  'pourquoi',
  'por que|porque',
  'tai sao|vi sao|sao toi|sao lai',
].join('|');
/** Asking what this one is about (not "what is the fine for…", a question for the documents). */
const whatIs = [
  'what is this|whats this|what does this|what is my|explain this|explain my',
  'que es esta|que es este|que significa esta|que significa este|de que se trata|explica esta|explica este',
  'qu est ce que cette|que signifie cette|de quoi parle cette',
  'o que e esta|o que e este|o que significa esta|o que significa este|do que se trata',
].join('|');
const received = [
  'i got|i received|ive received|i have received|i ve got|i just got|we got|we received|got a|got an|received a|received an',
  'recibi|recibimos|me llego|me enviaron|me mandaron|nos llego',
  'j ai recu|jai recu|recu une|recu un|on m a envoye',
  'recebi|recebemos|me mandaram|me enviaram',
  'nhan duoc|toi nhan',
].join('|');
/** Doing something about it: curing it, or asking for a hearing. */
const acting = [
  'how do i cure|how can i cure|how to cure|request a hearing|ask for a hearing|want a hearing',
  'como subsano|pedir una audiencia|solicitar una audiencia|quiero una audiencia',
  'demander une audience',
  'pedir uma audiencia|solicitar uma audiencia',
  'yeu cau dieu tran',
].join('|');

const patterns = [
  near(why, sent, 6),
  near(whatIs, sent, 3),
  near(received, violation, 5),
  words(acting),
  // Vietnamese puts the question last: "thư này là gì?" ("what is this letter?").
  words('(?:thu|thong bao|vi pham) (?:vi pham )?nay (?:la gi|nghia la gi|ve viec gi)'),
  words(
    '(?:my|this|mi|esta|este|ma|cette|minha|meu) (?:violation|violations|citation|violacion|infraccion|multa|amende|infraction|violacao|infracao)',
  ),
];
/** Chinese is not split into words. */
const chinese = [
  /(为什么|為什麼|为何|為何|怎么回事|是什么).{0,12}(信|通知|违规|違規|罚款|罰款|违章)/,
  /收到.{0,12}(违规|違規|罚款|罰款|违章)/,
];

/** Someone else's doing (a complaint), or money: the ledger and the documents answer those. */
const elsewhere = words(
  [
    'neighbor|neighbors|neighbour|neighbours|vecino|vecina|vecinos|voisin|voisine|voisins|vizinho|vizinha|vizinhos|hang xom',
    'how much|cuanto|cuanta|combien|quanto|quanta|bao nhieu',
    'past due|late notice|late fee|late letter|overdue|balance|payment|payments|dues|assessment|assessments|collections?|autopay|owe|owed',
    'pago|pagos|vencid[oa]|deuda|debo|abogado|avocat|recouvrement|advogado|cobranca|atrasad[oa]',
  ].join('|'),
);

export function asksAboutViolationNotice(text: string): boolean {
  if (/邻居|鄰居|多少/.test(text)) return false;
  const plain = plainText(text);
  if (plain === '' || elsewhere.test(plain) || amountsNamed(text).length > 0) return false;
  return patterns.some((pattern) => pattern.test(plain)) || chinese.some((pattern) => pattern.test(text));
}
