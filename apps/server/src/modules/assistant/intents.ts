import { near, words } from './patterns.ts';

/** Phrase tables for the intents other than a maintenance request (see `analyzeMessage` for the order). */

const REQUEST =
  '(?:requests?|work orders?|tickets?|repairs?|reports?|case|orders?|complaints?|solicitud|reporte|orden)';
const WORKER =
  '(?:someone|somebody|anyone|anybody|the plumber|the electrician|the technician|a technician|the tech|maintenance|the vendor|the guy|they|you|plumber|electrician)';

/** Asks about a request already made. */
export const statusPatterns: RegExp[] = [
  words(`(?:any|an|get an?) (?:update|updates|news|progress)|status|where is my ${REQUEST}|is my ${REQUEST}`),
  words(
    `(?:my|the) ${REQUEST} (?:is |has been )?(?:still )?(?:open|pending|closed|done)|pending for|still (?:pending|waiting|open)`,
  ),
  words(
    `progress (?:of|on)|(?:i|we) (?:already )?(?:reported|submitted|put in|filed|opened|sent)|(?:reported|submitted) (?:a |the |this |it |that )?\\w* ?(?:\\d+ |a |two |three |few )?(?:days?|weeks?|months?) ago`,
  ),
  words(
    '(?:nobody|no one|noone) (?:came|showed|has come|has shown|has been|called|ever came|come)|no show|never (?:came|showed)',
  ),
  words(
    '(?:havent|have not|hasnt|has not|didnt|did not) (?:heard|gotten|received) (?:anything|back|a reply|an answer)',
  ),
  near(
    'when',
    `(?:is|are|will|does|do|can)(?: ${WORKER})? (?:come|coming|be here|fix|be fixed|show up|get here|arrive)`,
    5,
  ),
  words(
    `(?:has|have) (?:${WORKER}) (?:been )?(?:assigned|scheduled|looked)|did (?:${WORKER}) (?:already )?(?:come|show|fix)`,
  ),
  words('how long (?:does|will|until)|any news|still broken|still not fixed|still waiting'),
  // Asked of whoever was to come: "did anyone look at the pool heater yet", "were the roofers able to get to it".
  words(
    'did (?:anyone|anybody|someone|somebody|you|u|ya|the \\w+) (?:\\w+ )?(?:look at|looked at|check on|get to|get a chance|get my)|(?:were|was) (?:the |your )?\\w+ able to (?:get to|fix|look at|come)|where (?:things|it|this|that) stands?|since i (?:reported|submitted|put in|sent)',
  ),
  words(
    'novedad(?:es)?|cuando (?:vienen|van a venir|viene|llega|arreglan|van a arreglar)|lo reporte|ya (?:lo )?reporte|reporte hace|estado de mi|mi solicitud|mi reporte|nadie (?:vino|ha venido)',
  ),
];

/** Asks for a person. */
export const humanPatterns: RegExp[] = [
  near(
    'talk|speak|chat|discuss\\w*|contact|reach',
    'humans?|person|people|someone|somebody|manager|managers|agent|representative|staff|office|management|board',
    8,
  ),
  words('real (?:person|human|people)|live (?:person|agent)|actual (?:person|human)|human being'),
  words(
    '(?:need|want|get|give|request|prefer) (?:me )?(?:a |an |to |the )?(?:human|person|real person|manager|agent|representative|operator)',
  ),
  words(
    'call me (?:back|at|on|asap|today|when)|(?:please|pls) call me|(?:have|can|could) (?:[a-z]+ ){1,3}call me|give me a call|phone me|who (?:do|can|should) i (?:ask|contact|talk to|speak to|call|email)',
  ),
  /^(?:agent|human|operator|representative|person|manager)\b(?: please)?$/,
  words(
    'hablar con|una persona|un humano|el administrador|la administracion|alguien de la oficina|llamen(?:me)?|me llame',
  ),
];

/** Asks about rules, permissions, fees, schedules or the association's documents. */
export const rulesPatterns: RegExp[] = [
  words(
    'allowed|permitted|permit|permission|rules?|regulations?|policy|policies|bylaws?|ccr|covenants?|restrictions?|guidelines?',
  ),
  words(
    'hoa (?:dues|fees)|dues|fees?|assessments?|late fee|quiet hours|(?:pool|gym|office|clubhouse) hours|hours of|approval|approve|architectural',
  ),
  words('board meetings?|annual meeting|meeting minutes|minutes of|airbnb|rent out|sublet|lease|insurance'),
  words(
    'guests?|limit|which day|what day|what time|reopen\\w*|open (?:on|until|at|today|tomorrow|again)|(?:is|are) (?:the )?\\w+ (?:closed|open)',
  ),
  words(
    'se permiten?|permitid[oa]s?|reglas?|reglamento|horario|a que hora|cuotas?|mantenimiento mensual|asamblea',
  ),
];

/** Whether a message is phrased as a question (a question mark, or the way questions start). */
export function isQuestion(original: string, normalized: string): boolean {
  return (
    original.includes('?') ||
    /^(?:can|could|may|am|are|is|do|does|what|whats|when|where|which|how|who|will|se|cual|cuando|donde|que|puedo|podemos)\b/.test(
      normalized,
    )
  );
}

/** "Can I put…", "Am I allowed…": asking permission, which the documents answer. */
export const permissionQuestion =
  /^(?:can|may|could) (?:i|we) (?:put|have|install|paint|keep|park|bring|rent|use|build|hang|add|get|replace|plant|store|leave|own)\b|^(?:am i|are we|is it) (?:allowed|ok|okay|permitted|possible)\b|^is there a rule\b|^puedo\b|^podemos\b|\b(?:if|whether) (?:i|we) (?:can|may) (?:put|have|install|paint|keep|park|bring|rent|build|hang|replace|plant)\b|\b(?:si|se) (?:puedo|podemos|puede) (?:pintar|tener|poner|instalar|cambiar|rentar|estacionar|traer|construir)\b/;

/** Says something is wrong without saying what ("something is broken", "I have a problem"). */
export const genericProblemPatterns: RegExp[] = [
  words(
    'broken|broke|not working|doesnt work|dont work|stopped working|wont work|damaged|needs? (?:a )?(?:repair|fixing|fixed)|fix|repair|problem|issue|maintenance|dirty|green|cloudy|torn|ripped|out of order|(?:wont|will not|doesnt|does not|not) turn(?:ing)? on|(?:weird|strange|bad|funny|musty|sewer|awful) (?:smell|odor)|smells? (?:bad|weird|funny|awful)',
  ),
  words(
    'no funciona|no sirve|roto|rota|descompuest[oa]|arreglar|reparar|problema|falla|suci[oa]|verde|no prende|no enciende|mal olor|olor raro|huele (?:mal|raro)',
  ),
];
