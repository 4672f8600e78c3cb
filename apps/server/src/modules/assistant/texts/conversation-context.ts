import type { AssistantLanguage } from '@commonwise/contracts';
import { textsIn } from './index.ts';

/**
 * What the assistant says about the work order a conversation is about, and about a report that looks
 * like an open request (issue 26), in each language it replies in.
 */

/** The facts of a follow-up answer, already in the resident's words (status name, dates). */
export type FollowUpFacts = {
  ref: string;
  summary: string;
  status: string;
  vendorName: string | null;
  /** The day the work is due by, written out ("Friday, November 27"). */
  dueDate: string | null;
  /** The vendor's scheduled visit: its day written out, and what they come to do. */
  visit: { day: string; description: string } | null;
  latest: { authorName: string; content: string; when: string } | null;
  isOpen: boolean;
};

type ContextTexts = {
  followUp: (facts: FollowUpFacts) => string;
  followUpHandedOver: (managerName: string | undefined) => string;
  duplicateAsk: (ref: string, summary: string) => string;
  addedToRequest: (ref: string, summary: string, managerName: string | undefined) => string;
};

const quote = (latest: NonNullable<FollowUpFacts['latest']>) =>
  `${latest.authorName} (${latest.when}): "${latest.content}"`;

const texts: Record<AssistantLanguage, ContextTexts> = {
  en: {
    followUp: (f) =>
      [
        `Here is where ${f.ref} ("${f.summary}") stands: ${f.status}.`,
        f.vendorName
          ? `${f.vendorName} is assigned to it.`
          : f.isOpen
            ? 'No one is assigned to it yet.'
            : null,
        f.visit && f.isOpen
          ? `A visit is scheduled for ${f.visit.day}: ${f.visit.description}.`
          : f.dueDate && f.isOpen
            ? `It is due by ${f.dueDate}.`
            : null,
        f.latest ? `Latest from the work room — ${quote(f.latest)}` : null,
      ]
        .filter(Boolean)
        .join(' '),
    followUpHandedOver: (manager) =>
      `I have asked ${manager ?? 'your manager'} to answer you in the work room.`,
    duplicateAsk: (ref, summary) =>
      `Is this about your open request ${ref} ("${summary}")? Answer yes and I will add it there, or no if it is a new problem.`,
    addedToRequest: (ref, summary, manager) =>
      `Thank you — I have added this to your open request ${ref} ("${summary}") instead of opening another. ${manager ?? 'Your manager'} will see it in its work room.`,
  },
  es: {
    followUp: (f) =>
      [
        `Así va ${f.ref} ("${f.summary}"): ${f.status}.`,
        f.vendorName ? `${f.vendorName} está asignado.` : f.isOpen ? 'Todavía no hay nadie asignado.' : null,
        f.visit && f.isOpen
          ? `Hay una visita programada para el ${f.visit.day}: ${f.visit.description}.`
          : f.dueDate && f.isOpen
            ? `La fecha límite es el ${f.dueDate}.`
            : null,
        f.latest ? `Lo último en la sala de trabajo — ${quote(f.latest)}` : null,
      ]
        .filter(Boolean)
        .join(' '),
    followUpHandedOver: (manager) =>
      `Le he pedido a ${manager ?? 'su administrador'} que le responda en la sala de trabajo.`,
    duplicateAsk: (ref, summary) =>
      `¿Se trata de su solicitud abierta ${ref} ("${summary}")? Responda sí y lo añadiré allí, o no si es un problema nuevo.`,
    addedToRequest: (ref, summary, manager) =>
      `Gracias — lo he añadido a su solicitud abierta ${ref} ("${summary}") en lugar de abrir otra. ${manager ?? 'Su administrador'} lo verá en su sala de trabajo.`,
  },
  pt: {
    followUp: (f) =>
      [
        `Situação de ${f.ref} ("${f.summary}"): ${f.status}.`,
        f.vendorName ? `${f.vendorName} foi designado.` : f.isOpen ? 'Ainda não há ninguém designado.' : null,
        f.visit && f.isOpen
          ? `Há uma visita marcada para ${f.visit.day}: ${f.visit.description}.`
          : f.dueDate && f.isOpen
            ? `O prazo é ${f.dueDate}.`
            : null,
        f.latest ? `Última mensagem na sala de trabalho — ${quote(f.latest)}` : null,
      ]
        .filter(Boolean)
        .join(' '),
    followUpHandedOver: (manager) =>
      `Pedi a ${manager ?? 'seu administrador'} que responda na sala de trabalho.`,
    duplicateAsk: (ref, summary) =>
      `Isso é sobre o seu pedido aberto ${ref} ("${summary}")? Responda sim e eu acrescento lá, ou não se for um problema novo.`,
    addedToRequest: (ref, summary, manager) =>
      `Obrigado — acrescentei isto ao seu pedido aberto ${ref} ("${summary}") em vez de abrir outro. ${manager ?? 'Seu administrador'} verá na sala de trabalho.`,
  },
  fr: {
    followUp: (f) =>
      [
        `Où en est ${f.ref} (« ${f.summary} ») : ${f.status}.`,
        f.vendorName ? `${f.vendorName} s'en occupe.` : f.isOpen ? "Personne n'y est encore affecté." : null,
        f.visit && f.isOpen
          ? `Une visite est prévue le ${f.visit.day} : ${f.visit.description}.`
          : f.dueDate && f.isOpen
            ? `L'échéance est le ${f.dueDate}.`
            : null,
        f.latest ? `Dernier message dans la salle de travail — ${quote(f.latest)}` : null,
      ]
        .filter(Boolean)
        .join(' '),
    followUpHandedOver: (manager) =>
      `J'ai demandé à ${manager ?? 'votre gestionnaire'} de vous répondre dans la salle de travail.`,
    duplicateAsk: (ref, summary) =>
      `S'agit-il de votre demande ouverte ${ref} (« ${summary} ») ? Répondez oui et je l'y ajoute, ou non s'il s'agit d'un nouveau problème.`,
    addedToRequest: (ref, summary, manager) =>
      `Merci — je l'ai ajouté à votre demande ouverte ${ref} (« ${summary} ») au lieu d'en ouvrir une autre. ${manager ?? 'Votre gestionnaire'} le verra dans sa salle de travail.`,
  },
  zh: {
    followUp: (f) =>
      [
        `${f.ref}（“${f.summary}”）的进展：${f.status}。`,
        f.vendorName ? `负责人：${f.vendorName}。` : f.isOpen ? '目前还没有指派负责人。' : null,
        f.visit && f.isOpen
          ? `已安排上门：${f.visit.day}（${f.visit.description}）。`
          : f.dueDate && f.isOpen
            ? `截止日期：${f.dueDate}。`
            : null,
        f.latest ? `工作室最新消息 — ${quote(f.latest)}` : null,
      ]
        .filter(Boolean)
        .join(''),
    followUpHandedOver: (manager) => `我已请${manager ?? '您的物业经理'}在工作室里回复您。`,
    duplicateAsk: (ref, summary) =>
      `这是关于您尚未完成的请求 ${ref}（“${summary}”）吗？回答“是”，我会把它加到那里；如果是新问题，请回答“不是”。`,
    addedToRequest: (ref, summary, manager) =>
      `谢谢——我已把这条信息加到您尚未完成的请求 ${ref}（“${summary}”），没有另开新单。${manager ?? '您的物业经理'}会在工作室里看到。`,
  },
  vi: {
    followUp: (f) =>
      [
        `Tình trạng của ${f.ref} ("${f.summary}"): ${f.status}.`,
        f.vendorName
          ? `${f.vendorName} đang phụ trách.`
          : f.isOpen
            ? 'Hiện chưa có ai được giao việc này.'
            : null,
        f.visit && f.isOpen
          ? `Đã hẹn lịch đến vào ${f.visit.day}: ${f.visit.description}.`
          : f.dueDate && f.isOpen
            ? `Hạn hoàn thành: ${f.dueDate}.`
            : null,
        f.latest ? `Tin mới nhất trong phòng làm việc — ${quote(f.latest)}` : null,
      ]
        .filter(Boolean)
        .join(' '),
    followUpHandedOver: (manager) =>
      `Tôi đã nhờ ${manager ?? 'quản lý của bạn'} trả lời bạn trong phòng làm việc.`,
    duplicateAsk: (ref, summary) =>
      `Đây có phải là yêu cầu đang mở ${ref} ("${summary}") của bạn không? Trả lời "đúng" để tôi thêm vào đó, hoặc "không" nếu là vấn đề mới.`,
    addedToRequest: (ref, summary, manager) =>
      `Cảm ơn bạn — tôi đã thêm nội dung này vào yêu cầu đang mở ${ref} ("${summary}") thay vì mở yêu cầu mới. ${manager ?? 'Quản lý của bạn'} sẽ thấy trong phòng làm việc.`,
  },
};

export const contextTextsIn = (language: AssistantLanguage): ContextTexts => texts[language];

export const locales: Record<AssistantLanguage, string> = {
  en: 'en-US',
  es: 'es',
  pt: 'pt-BR',
  fr: 'fr',
  zh: 'zh-CN',
  vi: 'vi',
};

/** A due date (YYYY-MM-DD) written out in the resident's language: "Friday, November 27". */
export function formatDay(day: string, language: AssistantLanguage): string {
  return new Intl.DateTimeFormat(locales[language], {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** When a room message was written, in the property's time zone: "Nov 24, 3:05 PM". */
export function formatMoment(at: Date, language: AssistantLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(locales[language], {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
}

/** The facts of a follow-up answer, from the work order. A long room message is cut at a word. */
export function followUpFacts(
  workOrder: {
    reference: string;
    summary: string;
    status: 'new' | 'pending' | 'in_progress' | 'completed' | 'cancelled';
    vendorName: string | null;
    dueDate: string | null;
    visit: { day: string; description: string } | null;
    timeZone: string;
    latestFromStaff: { authorName: string; content: string; at: Date } | null;
  },
  language: AssistantLanguage,
): FollowUpFacts {
  const latest = workOrder.latestFromStaff;
  return {
    ref: workOrder.reference,
    summary: workOrder.summary,
    status: textsIn(language).statusNames[workOrder.status],
    vendorName: workOrder.vendorName,
    dueDate: workOrder.dueDate ? formatDay(workOrder.dueDate, language) : null,
    visit: workOrder.visit
      ? {
          day: formatDay(workOrder.visit.day, language),
          description: shorten(workOrder.visit.description, 140).replace(/[.。!?]+$/, ''),
        }
      : null,
    latest: latest
      ? {
          authorName: latest.authorName,
          content: shorten(latest.content, 280),
          when: formatMoment(latest.at, language, workOrder.timeZone),
        }
      : null,
    isOpen: workOrder.status !== 'completed' && workOrder.status !== 'cancelled',
  };
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}
