import { namesItsKind, type AssistantLanguage } from '@commonwise/contracts';
import type { ViolationAnswerFact } from '../../violations/owner-violations.service.ts';
import { formatBookDate } from './account.ts';

/**
 * What the assistant tells an owner who asks about a violation notice ("why did I get this letter?",
 * issue 21 item 5), in each language it replies in: which rule, the clause quoted exactly as the
 * association adopted it (never shortened or paraphrased: it is quoted as it stands, in its own
 * language), the cure date and how to cure — reply or send a photo of the cure under Violations in the
 * resident portal, or ask for a hearing where that may still be asked.
 */

/** A violation's facts, already written out in the resident's language. */
type Words = {
  stageName: string | null;
  title: string | null;
  ruleTitle: string;
  unit: string;
  property: string;
  citation: string | null;
  excerpt: string;
  curable: boolean;
  cureBy: string | null;
  cureReportedOn: string | null;
  hearing: { on: string; place: string } | null;
  hearingUntil: string | null;
  statute: string | null;
  /** Why a hearing may not be asked now: already asked, or the time has passed. */
  hearingState: 'may_ask' | 'asked' | 'too_late' | 'none';
};

type Texts = {
  intro: (count: number) => string;
  about: (w: Words) => string;
  cites: (citation: string | null) => string;
  section: (number: string | null, title: string | null) => string;
  page: (page: number) => string;
  cure: (w: Words) => string;
  hearing: (w: Words) => string | null;
  more: (count: number) => string;
  otherLetter: string;
  none: string;
  link: string;
};

const quoted = (excerpt: string) => `“${excerpt}”`;
const join = (...parts: (string | null | false)[]) => parts.filter(Boolean).join(' ');

const en: Texts = {
  intro: (count) =>
    count === 1
      ? 'Here is the violation you were sent a notice about.'
      : `You were sent notices about ${count} open violations.`,
  about: (w) =>
    join(
      w.stageName && w.title ? `The ${w.stageName} (“${w.title}”) is about` : 'The notice is about',
      `the rule “${w.ruleTitle}” at unit ${w.unit}, ${w.property}.`,
    ),
  cites: (citation) =>
    citation ? `It cites ${citation}, which says:` : 'It cites the rule as the board adopted it:',
  section: (number, title) =>
    [number ? `Section ${number}` : null, title ? `(${title})` : null].filter(Boolean).join(' '),
  page: (page) => `page ${page}`,
  cure: (w) =>
    !w.curable
      ? 'This rule cannot be cured by a change. You can reply to the association under Violations in the resident portal.'
      : w.cureReportedOn
        ? `You reported it cured on ${w.cureReportedOn}: an inspector or manager will check it and close the violation.`
        : join(
            w.cureBy
              ? `To cure it, correct this by ${w.cureBy}.`
              : 'To cure it, correct this as soon as you can.',
            'Then, under Violations in the resident portal, upload a photo of the cure or reply: an inspector or manager checks it and closes the violation.',
          ),
  hearing: (w) =>
    w.hearing
      ? `Your hearing is on ${w.hearing.on} (${w.hearing.place}).`
      : w.hearingState === 'may_ask'
        ? w.hearingUntil
          ? `If you disagree, you can ask for a hearing there until ${w.hearingUntil} (${w.statute}).`
          : 'If you disagree, you can ask for a hearing there; the association decides.'
        : w.hearingState === 'asked'
          ? 'You asked for a hearing: the association will tell you its date and place.'
          : w.hearingState === 'too_late'
            ? `The time to ask for a hearing has passed (${w.statute}); you can still reply.`
            : null,
  more: (count) => `You have ${count} more under Violations in the resident portal.`,
  otherLetter:
    'If your letter is about something else, write “talk to a person” and I will pass it to your manager.',
  none: 'I found no open violation you were sent a notice about. If you received a letter you have questions about, write “talk to a person” and I will pass it to your manager.',
  link: 'Open Violations',
};

const es: Texts = {
  intro: (count) =>
    count === 1
      ? 'Esta es la infracción sobre la que recibió un aviso.'
      : `Recibió avisos sobre ${count} infracciones abiertas.`,
  about: (w) =>
    join(
      w.stageName && w.title ? `El aviso “${w.stageName}” (“${w.title}”) trata de` : 'El aviso trata de',
      `la regla “${w.ruleTitle}” en la unidad ${w.unit}, ${w.property}.`,
    ),
  cites: (citation) =>
    citation ? `Cita ${citation}, que dice:` : 'Cita la regla tal como la adoptó la junta:',
  section: (number, title) =>
    [number ? `sección ${number}` : null, title ? `(${title})` : null].filter(Boolean).join(' '),
  page: (page) => `página ${page}`,
  cure: (w) =>
    !w.curable
      ? 'Esta regla no se puede subsanar con un cambio. Puede responder a la asociación en Infracciones, en el portal de residentes.'
      : w.cureReportedOn
        ? `Usted informó que la corrigió el ${w.cureReportedOn}: un inspector o administrador lo revisará y cerrará la infracción.`
        : join(
            w.cureBy
              ? `Para subsanarla, corríjala antes del ${w.cureBy}.`
              : 'Para subsanarla, corríjala lo antes posible.',
            'Luego, en Infracciones del portal de residentes, suba una foto de la corrección o responda: un inspector o administrador lo revisa y cierra la infracción.',
          ),
  hearing: (w) =>
    w.hearing
      ? `Su audiencia es el ${w.hearing.on} (${w.hearing.place}).`
      : w.hearingState === 'may_ask'
        ? w.hearingUntil
          ? `Si no está de acuerdo, puede pedir una audiencia allí hasta el ${w.hearingUntil} (${w.statute}).`
          : 'Si no está de acuerdo, puede pedir una audiencia allí; la asociación decide.'
        : w.hearingState === 'asked'
          ? 'Usted pidió una audiencia: la asociación le dirá la fecha y el lugar.'
          : w.hearingState === 'too_late'
            ? `El plazo para pedir una audiencia ya pasó (${w.statute}); todavía puede responder.`
            : null,
  more: (count) => `Tiene ${count} más en Infracciones, en el portal de residentes.`,
  otherLetter:
    'Si su carta trata de otra cosa, escriba “hablar con una persona” y se la pasaré a su administrador.',
  none: 'No encontré ninguna infracción abierta sobre la que haya recibido un aviso. Si recibió una carta y tiene preguntas, escriba “hablar con una persona” y se la pasaré a su administrador.',
  link: 'Abrir Infracciones',
};

const fr: Texts = {
  intro: (count) =>
    count === 1
      ? 'Voici l’infraction pour laquelle vous avez reçu un avis.'
      : `Vous avez reçu des avis pour ${count} infractions en cours.`,
  about: (w) =>
    join(
      w.stageName && w.title ? `L’avis « ${w.stageName} » (« ${w.title} ») concerne` : 'L’avis concerne',
      `la règle « ${w.ruleTitle} » au lot ${w.unit}, ${w.property}.`,
    ),
  cites: (citation) =>
    citation ? `Il cite ${citation}, qui dit :` : 'Il cite la règle telle que le conseil l’a adoptée :',
  section: (number, title) =>
    [number ? `section ${number}` : null, title ? `(${title})` : null].filter(Boolean).join(' '),
  page: (page) => `page ${page}`,
  cure: (w) =>
    !w.curable
      ? 'Cette règle ne peut pas être régularisée par un changement. Vous pouvez répondre à l’association dans Infractions, sur le portail résident.'
      : w.cureReportedOn
        ? `Vous avez signalé la régularisation le ${w.cureReportedOn} : un inspecteur ou un gestionnaire va la vérifier et clore l’infraction.`
        : join(
            w.cureBy
              ? `Pour régulariser, corrigez cela avant le ${w.cureBy}.`
              : 'Pour régulariser, corrigez cela dès que possible.',
            'Ensuite, dans Infractions sur le portail résident, envoyez une photo de la correction ou répondez : un inspecteur ou un gestionnaire vérifie et clôt l’infraction.',
          ),
  hearing: (w) =>
    w.hearing
      ? `Votre audience a lieu le ${w.hearing.on} (${w.hearing.place}).`
      : w.hearingState === 'may_ask'
        ? w.hearingUntil
          ? `Si vous n’êtes pas d’accord, vous pouvez y demander une audience jusqu’au ${w.hearingUntil} (${w.statute}).`
          : 'Si vous n’êtes pas d’accord, vous pouvez y demander une audience ; l’association décide.'
        : w.hearingState === 'asked'
          ? 'Vous avez demandé une audience : l’association vous en donnera la date et le lieu.'
          : w.hearingState === 'too_late'
            ? `Le délai pour demander une audience est passé (${w.statute}) ; vous pouvez encore répondre.`
            : null,
  more: (count) => `Vous en avez ${count} autres dans Infractions, sur le portail résident.`,
  otherLetter:
    'Si votre lettre concerne autre chose, écrivez « parler à une personne » et je la transmettrai à votre gestionnaire.',
  none: 'Je ne trouve aucune infraction en cours pour laquelle vous avez reçu un avis. Si vous avez reçu une lettre et avez des questions, écrivez « parler à une personne » et je la transmettrai à votre gestionnaire.',
  link: 'Ouvrir Infractions',
};

const pt: Texts = {
  intro: (count) =>
    count === 1
      ? 'Esta é a infração sobre a qual você recebeu um aviso.'
      : `Você recebeu avisos sobre ${count} infrações em aberto.`,
  about: (w) =>
    join(
      w.stageName && w.title ? `O aviso “${w.stageName}” (“${w.title}”) trata da` : 'O aviso trata da',
      `regra “${w.ruleTitle}” na unidade ${w.unit}, ${w.property}.`,
    ),
  cites: (citation) =>
    citation ? `Ele cita ${citation}, que diz:` : 'Ele cita a regra como o conselho a adotou:',
  section: (number, title) =>
    [number ? `seção ${number}` : null, title ? `(${title})` : null].filter(Boolean).join(' '),
  page: (page) => `página ${page}`,
  cure: (w) =>
    !w.curable
      ? 'Esta regra não pode ser corrigida com uma mudança. Você pode responder à associação em Infrações, no portal do morador.'
      : w.cureReportedOn
        ? `Você informou a correção em ${w.cureReportedOn}: um inspetor ou administrador vai verificar e encerrar a infração.`
        : join(
            w.cureBy
              ? `Para corrigir, resolva isso até ${w.cureBy}.`
              : 'Para corrigir, resolva isso o quanto antes.',
            'Depois, em Infrações no portal do morador, envie uma foto da correção ou responda: um inspetor ou administrador verifica e encerra a infração.',
          ),
  hearing: (w) =>
    w.hearing
      ? `Sua audiência é em ${w.hearing.on} (${w.hearing.place}).`
      : w.hearingState === 'may_ask'
        ? w.hearingUntil
          ? `Se você discordar, pode pedir uma audiência lá até ${w.hearingUntil} (${w.statute}).`
          : 'Se você discordar, pode pedir uma audiência lá; a associação decide.'
        : w.hearingState === 'asked'
          ? 'Você pediu uma audiência: a associação vai informar a data e o local.'
          : w.hearingState === 'too_late'
            ? `O prazo para pedir uma audiência já passou (${w.statute}); você ainda pode responder.`
            : null,
  more: (count) => `Você tem mais ${count} em Infrações, no portal do morador.`,
  otherLetter:
    'Se a sua carta for sobre outro assunto, escreva “falar com uma pessoa” e eu a passarei ao seu administrador.',
  none: 'Não encontrei nenhuma infração em aberto sobre a qual você tenha recebido um aviso. Se recebeu uma carta e tem dúvidas, escreva “falar com uma pessoa” e eu a passarei ao seu administrador.',
  link: 'Abrir Infrações',
};

const vi: Texts = {
  intro: (count) =>
    count === 1
      ? 'Đây là vi phạm mà bạn đã nhận được thông báo.'
      : `Bạn đã nhận được thông báo về ${count} vi phạm chưa đóng.`,
  about: (w) =>
    join(
      w.stageName && w.title ? `Thông báo “${w.stageName}” (“${w.title}”) nói về` : 'Thông báo nói về',
      `quy định “${w.ruleTitle}” tại căn ${w.unit}, ${w.property}.`,
    ),
  cites: (citation) =>
    citation ? `Thông báo trích dẫn ${citation}:` : 'Thông báo trích dẫn quy định do hội đồng thông qua:',
  section: (number, title) =>
    [number ? `mục ${number}` : null, title ? `(${title})` : null].filter(Boolean).join(' '),
  page: (page) => `trang ${page}`,
  cure: (w) =>
    !w.curable
      ? 'Quy định này không thể khắc phục bằng một thay đổi. Bạn có thể trả lời hiệp hội trong mục Vi phạm trên cổng cư dân.'
      : w.cureReportedOn
        ? `Bạn đã báo đã khắc phục vào ngày ${w.cureReportedOn}: thanh tra viên hoặc quản lý sẽ kiểm tra và đóng vi phạm.`
        : join(
            w.cureBy
              ? `Để khắc phục, hãy sửa trước ngày ${w.cureBy}.`
              : 'Để khắc phục, hãy sửa càng sớm càng tốt.',
            'Sau đó, trong mục Vi phạm trên cổng cư dân, tải lên ảnh đã khắc phục hoặc trả lời: thanh tra viên hoặc quản lý sẽ kiểm tra và đóng vi phạm.',
          ),
  hearing: (w) =>
    w.hearing
      ? `Buổi điều trần của bạn vào ngày ${w.hearing.on} (${w.hearing.place}).`
      : w.hearingState === 'may_ask'
        ? w.hearingUntil
          ? `Nếu không đồng ý, bạn có thể yêu cầu điều trần tại đó đến ngày ${w.hearingUntil} (${w.statute}).`
          : 'Nếu không đồng ý, bạn có thể yêu cầu điều trần tại đó; hiệp hội sẽ quyết định.'
        : w.hearingState === 'asked'
          ? 'Bạn đã yêu cầu điều trần: hiệp hội sẽ báo cho bạn ngày và địa điểm.'
          : w.hearingState === 'too_late'
            ? `Thời hạn yêu cầu điều trần đã qua (${w.statute}); bạn vẫn có thể trả lời.`
            : null,
  more: (count) => `Bạn còn ${count} vi phạm khác trong mục Vi phạm trên cổng cư dân.`,
  otherLetter:
    'Nếu thư của bạn nói về việc khác, hãy viết “nói chuyện với nhân viên” và tôi sẽ chuyển cho quản lý của bạn.',
  none: 'Tôi không tìm thấy vi phạm chưa đóng nào mà bạn đã nhận được thông báo. Nếu bạn nhận được thư và có thắc mắc, hãy viết “nói chuyện với nhân viên” và tôi sẽ chuyển cho quản lý của bạn.',
  link: 'Mở mục Vi phạm',
};

const zh: Texts = {
  intro: (count) => (count === 1 ? '这是您收到通知的违规事项。' : `您收到了 ${count} 项未结违规的通知。`),
  about: (w) =>
    `${w.stageName && w.title ? `“${w.stageName}”（“${w.title}”）` : '该通知'}涉及 ${w.property} ${w.unit} 单元违反规定“${w.ruleTitle}”。`,
  cites: (citation) => (citation ? `通知引用了 ${citation}，原文如下：` : '通知引用了董事会通过的规定：'),
  section: (number, title) =>
    [number ? `第 ${number} 节` : null, title ? `（${title}）` : null].filter(Boolean).join(''),
  page: (page) => `第 ${page} 页`,
  cure: (w) =>
    !w.curable
      ? '此规定无法通过整改来纠正。您可以在住户门户的“违规”中回复协会。'
      : w.cureReportedOn
        ? `您已于 ${w.cureReportedOn} 报告整改完成：检查员或物业经理会核查并关闭此违规。`
        : [
            w.cureBy ? `请在 ${w.cureBy} 之前整改。` : '请尽快整改。',
            '然后在住户门户的“违规”中上传整改照片或回复：检查员或物业经理核查后会关闭此违规。',
          ].join(''),
  hearing: (w) =>
    w.hearing
      ? `您的听证会定于 ${w.hearing.on}（${w.hearing.place}）。`
      : w.hearingState === 'may_ask'
        ? w.hearingUntil
          ? `如有异议，您可以在 ${w.hearingUntil} 之前在那里申请听证（${w.statute}）。`
          : '如有异议，您可以在那里申请听证，由协会决定。'
        : w.hearingState === 'asked'
          ? '您已申请听证：协会会告知您日期和地点。'
          : w.hearingState === 'too_late'
            ? `申请听证的期限已过（${w.statute}）；您仍可回复。`
            : null,
  more: (count) => `住户门户的“违规”中还有 ${count} 项。`,
  otherLetter: '如果您的信件是关于其他事情，请写“转人工”，我会转给您的物业经理。',
  none: '我没有找到您收到通知的未结违规。如果您收到了信件并有疑问，请写“转人工”，我会转给您的物业经理。',
  link: '打开违规',
};

const texts: Record<AssistantLanguage, Texts> = { en, es, fr, pt, vi, zh };

export const violationTextsIn = (language: AssistantLanguage): Texts => texts[language];

/** Violations told in full in one answer; the rest are counted, on the resident portal's card. */
export const violationsTold = 3;

/** Where the clause is: "the Declaration of CC&Rs, Section 4.6 (Trash Containers), page 3". */
function citationOf(clause: ViolationAnswerFact['clause'], say: Texts): string | null {
  if (!clause.documentName) return null;
  // "Rule 14" already says what it is, in the document's own words: no "Section" before it.
  const section =
    clause.sectionNumber && namesItsKind(clause.sectionNumber)
      ? [clause.sectionNumber.trim(), clause.sectionTitle ? `(${clause.sectionTitle})` : null]
          .filter(Boolean)
          .join(' ')
      : say.section(clause.sectionNumber, clause.sectionTitle);
  return [clause.documentName, section || null, clause.page !== null ? say.page(clause.page) : null]
    .filter(Boolean)
    .join(', ');
}

function hearingStateOf(fact: ViolationAnswerFact): Words['hearingState'] {
  if (fact.hearingRequest.allowed) return 'may_ask';
  if (fact.hearingRequest.refusedAs === 'HEARING_ALREADY_REQUESTED') return 'asked';
  if (fact.hearingRequest.refusedAs === 'HEARING_REQUEST_WINDOW_CLOSED') return 'too_late';
  return 'none';
}

/**
 * The answer to "why did I get this letter?": each open violation (at most three, the rest counted)
 * with its clause quoted in full; "none found" with the offer of a person when there is none.
 */
export function violationAnswer(facts: ViolationAnswerFact[], language: AssistantLanguage): string {
  const say = texts[language];
  if (facts.length === 0) return say.none;
  const day = (date: string) => formatBookDate(date, language);
  const told = facts.slice(0, violationsTold);
  const blocks = told.map((fact) => {
    const words: Words = {
      stageName: fact.notice?.stageName ?? null,
      title: fact.notice?.title ?? null,
      ruleTitle: fact.ruleTitle,
      unit: fact.unitLabel,
      property: fact.propertyName,
      citation: citationOf(fact.clause, say),
      excerpt: fact.clause.excerpt,
      curable: fact.curable,
      cureBy: fact.cureDueOn ? day(fact.cureDueOn) : null,
      cureReportedOn: fact.cureReportedOn ? day(fact.cureReportedOn) : null,
      hearing: fact.hearing ? { on: day(fact.hearing.on), place: fact.hearing.place } : null,
      hearingUntil: fact.hearingRequest.until ? day(fact.hearingRequest.until) : null,
      statute: fact.hearingRequest.statute,
      hearingState: hearingStateOf(fact),
    };
    return [
      say.about(words),
      say.cites(words.citation),
      quoted(words.excerpt),
      join(say.cure(words), say.hearing(words)),
    ].join('\n');
  });
  const more = facts.length - told.length;
  return [say.intro(facts.length), ...blocks, ...(more > 0 ? [say.more(more)] : []), say.otherLetter].join(
    '\n\n',
  );
}
