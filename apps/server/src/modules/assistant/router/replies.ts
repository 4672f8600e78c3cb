import type { AssistantLanguage, WorkOrder } from '@commonwise/contracts';

/** The router's own replies, in the resident's language. The work order reference is its id's last 8 characters. */
export const shortRef = (id: string) => id.slice(-8);

type Texts = {
  created: (ref: string, summary: string, managerName: string | undefined) => string;
  emergencyCreated: (ref: string, managerName: string | undefined) => string;
  escalated: (managerName: string | undefined) => string;
  noProperty: string;
  noWorkOrders: string;
  statusIntro: string;
  citedAnswer: (documentName: string, section: string | null, page: number, quote: string) => string;
  documentNotFound: (managerName: string | undefined) => string;
  greeting: (name: string) => string;
  modelUnavailable: string;
};

const person = (managerName: string | undefined, fallback: string) => managerName ?? fallback;

const texts: Record<AssistantLanguage, Texts> = {
  en: {
    created: (ref, summary, manager) =>
      `Thank you — I have opened work order #${ref} ("${summary}"). ${person(manager, 'Your manager')} has been added to its work room, where you can follow progress and chat with the people working on it.`,
    emergencyCreated: (ref, manager) =>
      `I have opened emergency work order #${ref} and alerted ${person(manager, 'your manager')} right away. Follow the safety steps above first; you can follow the work order in its work room.`,
    escalated: (manager) =>
      `I have asked ${person(manager, 'your manager')} to step in. They will answer you in the work room as soon as they can.`,
    noProperty:
      'I can open maintenance requests for residents of a property. Your account is not linked to a unit, so I have not created anything — please contact your manager.',
    noWorkOrders: 'You have no work orders yet. Tell me what needs fixing and I will open one.',
    statusIntro: 'Here is where your requests stand:',
    citedAnswer: (name, section, page, quote) =>
      `Here is what your association's documents say — "${name}", ${section ? `${section}, ` : ''}page ${page}:\n"${quote}"\nThis is a word-for-word quotation; your manager can confirm how it applies to you.`,
    documentNotFound: (manager) =>
      `I could not find an answer in your association's documents, so I have asked ${person(manager, 'your manager')} to answer you.`,
    modelUnavailable: 'Our AI model is not answering right now, so the built-in assistant is helping you.',
    greeting: (name) =>
      `Hello ${name}! I can open maintenance requests, tell you where your requests stand, answer questions from your association's documents, or bring in a person. What can I do for you?`,
  },
  es: {
    created: (ref, summary, manager) =>
      `Gracias — abrí la orden de trabajo #${ref} ("${summary}"). ${person(manager, 'Su administrador')} fue añadido a su sala de trabajo, donde puede seguir el avance y hablar con quienes la atienden.`,
    emergencyCreated: (ref, manager) =>
      `Abrí la orden de trabajo de emergencia #${ref} y avisé de inmediato a ${person(manager, 'su administrador')}. Siga primero los pasos de seguridad de arriba; puede seguir la orden en su sala de trabajo.`,
    escalated: (manager) =>
      `Pedí a ${person(manager, 'su administrador')} que intervenga. Le responderá en la sala de trabajo lo antes posible.`,
    noProperty:
      'Puedo abrir solicitudes de mantenimiento para residentes de una propiedad. Su cuenta no está vinculada a una unidad, así que no creé nada; por favor contacte a su administrador.',
    noWorkOrders: 'Todavía no tiene órdenes de trabajo. Dígame qué hay que reparar y abriré una.',
    statusIntro: 'Así van sus solicitudes:',
    citedAnswer: (name, section, page, quote) =>
      `Esto dicen los documentos de su asociación — "${name}", ${section ? `${section.replace(/^Section/, 'Sección')}, ` : ''}página ${page}:\n"${quote}"\nEs una cita textual (en el idioma del documento); su administrador puede confirmar cómo se aplica a su caso.`,
    documentNotFound: (manager) =>
      `No encontré la respuesta en los documentos de su asociación, así que pedí a ${person(manager, 'su administrador')} que le responda.`,
    modelUnavailable:
      'Nuestro modelo de IA no responde en este momento, así que le ayuda el asistente integrado.',
    greeting: (name) =>
      `¡Hola ${name}! Puedo abrir solicitudes de mantenimiento, decirle cómo van sus solicitudes, responder preguntas con los documentos de su asociación o pedir ayuda a una persona. ¿En qué le ayudo?`,
  },
};

export const repliesIn = (language: AssistantLanguage) => texts[language];

const statusNames: Record<WorkOrder['status'], Record<AssistantLanguage, string>> = {
  new: { en: 'received', es: 'recibida' },
  pending: { en: 'waiting on something', es: 'en espera' },
  in_progress: { en: 'in progress', es: 'en curso' },
  completed: { en: 'completed', es: 'terminada' },
  cancelled: { en: 'cancelled', es: 'cancelada' },
};

export function statusLine(
  workOrder: Pick<WorkOrder, 'id' | 'summary' | 'status'>,
  language: AssistantLanguage,
) {
  return `• #${shortRef(workOrder.id)} ${workOrder.summary} — ${statusNames[workOrder.status][language]}`;
}
