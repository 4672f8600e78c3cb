import {
  maintenanceSubcategoryLabels,
  type AssistantIntent,
  type HandoverReason,
  type MaintenanceSubcategory,
  type MessageAnalysis,
  type RequestDetail,
  type RequestState,
  type RequestUrgency,
} from '@commonwise/contracts';
import type { Citation } from '../citations/choose-quote.ts';
import { shortAnswerWords } from '../analyze.ts';
import { mergeRequest, missingDetails } from '../conversation.ts';
import { normalizeText, wordCount } from '../normalize.ts';
import { shortRef } from '../texts/index.ts';
import type { DecisionContext, WorkOrderBrief } from './context.ts';

/**
 * Below this intent confidence the assistant does not act on its guess: a person answers instead.
 * Chosen by cross-validation on the training messages (classifier/cross-validate.ts), never on the
 * held-out ones: about 5% of messages fall below 0.4, and the classifier is right on fewer than half
 * of those, against 91% above it.
 */
export const lowConfidence = 0.4;

/** The conversation goes to a person: why (for the analytics page) and what the manager reads. */
export type Handover = { reason: HandoverReason; note: string };

/** The topic of a question only staff can answer, as the `handedOver` reply names it. */
export type StaffTopic = 'billing' | 'lease' | 'amenity' | 'other';

/** What the resident is told when the conversation is handed over (a topic: `handedOver`). */
export type HandoverReply =
  'escalated' | 'other_language' | 'unclear_urgent' | 'document_not_found' | StaffTopic;

/** Questions only staff can answer: there are no ledger or lease records for the assistant to read. */
const staffQuestions: Partial<
  Record<AssistantIntent, { topic: StaffTopic; about: string; subject: string }>
> = {
  amenity_question: {
    topic: 'amenity',
    about: 'about an amenity, and the documents do not answer it',
    subject: 'Question about an amenity',
  },
  billing_question: {
    topic: 'billing',
    about: 'about dues or billing',
    subject: 'Question about dues or billing',
  },
  lease_ownership_question: {
    topic: 'lease',
    about: 'about leasing, ownership or moving',
    subject: 'Question about leasing, ownership or moving',
  },
};

/** A neighbour complaint or rule-violation report, filed to the manager as a work order. */
export type Complaint = {
  category: string;
  subcategory: string | null;
  summary: string;
  priority: RequestUrgency;
};

/** What to do with one message. `handover`, when present, says why a person takes over. */
export type Decision =
  | { kind: 'emergency'; request: RequestState; handover?: Handover }
  | { kind: 'ask'; request: RequestState; detail: RequestDetail }
  | { kind: 'create'; request: RequestState; handover?: Handover }
  | { kind: 'complaint'; complaint: Complaint }
  | { kind: 'status'; workOrders: WorkOrderBrief[] }
  | { kind: 'cancel'; workOrder: WorkOrderBrief }
  | { kind: 'cancel_ask_manager'; workOrder: WorkOrderBrief; handover: Handover }
  | { kind: 'cancel_which' }
  | { kind: 'cancel_nothing_open' }
  | { kind: 'quote'; citation: Citation }
  | {
      kind: 'hand_over';
      handover: Handover;
      reply: HandoverReply;
      /** The summary of the work order opened for it when the conversation has none. */
      subject: string;
      isUrgent: boolean;
      /** The documents were searched first and had no answer (a rules or amenity question). */
      documentsSearched: boolean;
    }
  | { kind: 'acknowledge' }
  | { kind: 'greet' }
  | { kind: 'no_property' };

/**
 * Decides what to do with a resident's message, from what it says and what the conversation and the
 * resident's work orders are. Pure: no database, no clock, the same answer for the same input.
 *
 * The first rule that applies wins, in this order:
 *  1. An emergency: safety advice, an emergency work order, a person alerted (reason 'emergency').
 *  2. A language the assistant has no texts for: 911 first, an English reply, a person alerted at once
 *     ('unknown_language').
 *  3. Urgent-sounding but unclear (no emergency rule fired): 911 first, a person ('urgent_sounding').
 *  4. An intent the classifier is unsure of (below `lowConfidence`), unless the message is a short
 *     answer to the assistant's own question: a person ('low_confidence'), rather than a wrong guess.
 *  5. A maintenance request, or an answer while the assistant waits for a detail of one: ask for the
 *     next missing detail, else open the work order (and a person too if they asked for one).
 *  6. Cancelling, or naming a request after "which one should I cancel?": a request not started is
 *     cancelled, one being worked on goes to the manager ('needs_staff'), else ask which.
 *  7. A neighbour complaint: a complaint work order to the manager, never about entering the unit.
 *  8. A status question: the resident's requests, the one it names first.
 *  9. A rules question: the documents' quotation, else "I don't know" and a person ('no_answer_in_documents').
 * 10. An amenity question: the documents if they answer it, else a person ('needs_staff').
 * 11. Billing, lease or ownership questions: a person ('needs_staff'); there is no ledger to read yet.
 * 12. Asking for a person: a person ('asked_for_person').
 * 13. Thanks or ok: a short acknowledgement, not the greeting.
 * 14. Anything else: the greeting.
 */
export function decide(analysis: MessageAnalysis, context: DecisionContext): Decision {
  const { memory, propertyId, residentName: name, text } = context;

  if (analysis.isEmergency) {
    const request = mergeRequest(memory.request, analysis, text);
    const note = `EMERGENCY reported by ${name}: please act now. (Recognised as ${request.emergencyKind ?? 'an emergency'} by rule ${request.emergencyRule ?? 'unknown'}.)`;
    // Without a property there is no one to alert, but the safety advice still comes first.
    return { kind: 'emergency', request, ...(propertyId ? { handover: { reason: 'emergency', note } } : {}) };
  }

  // Nobody has read this message yet, and the rules may not know its language's words for danger: a
  // person is alerted as for an urgent message, and the reply opens with 911 (otherLanguageReply).
  if (!analysis.isLanguageSupported) {
    const urgent = analysis.soundsUrgent ? ', and it sounds urgent' : '';
    return handOver('unknown_language', 'other_language', {
      note: `${name} wrote in a language the assistant does not reply in (${analysis.detectedLanguage})${urgent}: "${text}"`,
      subject: `Message in another language (${analysis.detectedLanguage})`,
      isUrgent: true,
    });
  }

  // Only a message the assistant cannot place: a complaint or a question with urgent words is answered.
  const isUnclear = analysis.intent === 'small_talk' || analysis.intent === 'maintenance_request';
  if (analysis.soundsUrgent && isUnclear && memory.awaiting === undefined) {
    return handOver('urgent_sounding', 'unclear_urgent', {
      note: `URGENT? ${name} wrote: "${text}"`,
      isUrgent: true,
    });
  }

  const answersOwnQuestion =
    (memory.awaiting !== undefined || memory.choosingCancel === true) &&
    wordCount(normalizeText(text)) <= shortAnswerWords;
  if (
    analysis.intentConfidence !== undefined &&
    analysis.intentConfidence < lowConfidence &&
    !answersOwnQuestion
  ) {
    return handOver('low_confidence', 'other', {
      note: `${name} wrote something the assistant was not sure how to answer: "${text}"`,
    });
  }

  if (analysis.intent === 'maintenance_request' || continuesRequest(analysis.intent, context)) {
    if (!propertyId) return { kind: 'no_property' };
    const request = mergeRequest(memory.request, analysis, text);
    const [detail] = missingDetails(request);
    if (detail) return { kind: 'ask', request, detail };
    if (!request.asksForHuman) return { kind: 'create', request };
    const note = `${name} asked to speak with a person about this request.`;
    return { kind: 'create', request, handover: { reason: 'asked_for_person', note } };
  }

  const open = context.workOrders.filter(
    (order) => order.status !== 'completed' && order.status !== 'cancelled',
  );
  if (
    analysis.intent === 'cancel_request' ||
    (memory.choosingCancel && (namedOrders(analysis, text, open)?.length ?? 0) > 0)
  ) {
    return decideCancel(analysis, context, open);
  }

  if (analysis.intent === 'neighbor_complaint') {
    return propertyId ? { kind: 'complaint', complaint: complaintOf(analysis) } : { kind: 'no_property' };
  }

  if (analysis.intent === 'status_question') {
    const named = namedOrders(analysis, text, context.workOrders);
    return { kind: 'status', workOrders: (named?.length ? named : context.workOrders).slice(0, 5) };
  }

  // Rules and amenity questions: the documents' own words when they answer.
  const answer = context.documentAnswer;
  if (answer?.kind === 'quote' && mayNeedDocuments(analysis))
    return { kind: 'quote', citation: answer.citation };
  if (analysis.intent === 'document_question') {
    return handOver('no_answer_in_documents', 'document_not_found', {
      note: `${name} asked a question the documents do not answer: "${text}"`,
      documentsSearched: true,
    });
  }
  const staff = staffQuestions[analysis.intent];
  if (staff) {
    return handOver('needs_staff', staff.topic, {
      note: `${name} asked ${staff.about}: "${text}"`,
      subject: staff.subject,
      documentsSearched: analysis.intent === 'amenity_question',
    });
  }

  if (analysis.intent === 'human_request' || analysis.asksForHuman) {
    return handOver('asked_for_person', 'escalated', {
      note: `${name} asked to speak with a person: "${text}"`,
    });
  }
  return analysis.intent === 'acknowledgement' ? { kind: 'acknowledge' } : { kind: 'greet' };
}

/** Whether a question the documents may answer: looked up before deciding (lookUpDocuments). */
export function mayNeedDocuments(analysis: MessageAnalysis): boolean {
  return (
    !analysis.isEmergency &&
    analysis.isLanguageSupported &&
    (analysis.intent === 'document_question' || analysis.intent === 'amenity_question')
  );
}

function handOver(
  reason: HandoverReason,
  reply: HandoverReply,
  options: { note: string; subject?: string; isUrgent?: boolean; documentsSearched?: boolean },
): Decision {
  const isUrgent = options.isUrgent ?? false;
  return {
    kind: 'hand_over',
    handover: { reason, note: options.note },
    reply,
    subject:
      options.subject ?? (isUrgent ? 'Urgent message for the manager' : 'Resident question for the manager'),
    isUrgent,
    documentsSearched: options.documentsSearched ?? false,
  };
}

/**
 * While the assistant waits for a detail of a request, a reply goes on with it unless it plainly
 * turns to something else ("ok" may answer "may we come in?"; "where is my other request?" does not).
 */
function continuesRequest(intent: AssistantIntent, context: DecisionContext): boolean {
  const continuing: AssistantIntent[] = ['maintenance_request', 'small_talk', 'acknowledgement'];
  return context.memory.awaiting !== undefined && continuing.includes(intent);
}

/**
 * The work orders a message names: by reference ("#1a2b3c4d"), else by the problem it names ("the
 * dishwasher one": its subcategory, else its category). Undefined when it names none.
 */
function namedOrders(
  analysis: MessageAnalysis,
  text: string,
  orders: WorkOrderBrief[],
): WorkOrderBrief[] | undefined {
  const lower = text.toLowerCase();
  const byRef = orders.filter((order) => lower.includes(shortRef(order.id)));
  if (byRef.length > 0) return byRef;
  if (analysis.subcategory) return orders.filter((order) => order.subcategory === analysis.subcategory);
  if (analysis.category) return orders.filter((order) => order.category === analysis.category);
  return undefined;
}

/**
 * Which open request to cancel: the one the message names, else the conversation's own, else the only
 * one open. A request not yet started is cancelled at once; once work has started, the manager decides.
 */
function decideCancel(analysis: MessageAnalysis, context: DecisionContext, open: WorkOrderBrief[]): Decision {
  if (open.length === 0) return { kind: 'cancel_nothing_open' };
  const named = namedOrders(analysis, context.text, open);
  const own = open.find((order) => order.id === context.memory.workOrderId);
  // Of several it names, the one this conversation opened.
  const candidates = named ? (own && named.includes(own) ? [own] : named) : own ? [own] : open;
  // Several match, or the one named is not open: ask rather than cancel the wrong request.
  if (candidates.length !== 1) return { kind: 'cancel_which' };
  const workOrder = candidates[0]!;
  if (workOrder.status === 'new') return { kind: 'cancel', workOrder };
  const note = `${context.residentName} asked to cancel #${shortRef(workOrder.id)} ("${workOrder.summary}"), but work has started on it: please cancel or change it with them.`;
  return { kind: 'cancel_ask_manager', workOrder, handover: { reason: 'needs_staff', note } };
}

/** A complaint's work order: the category the analysis gives it, else a complaint about a neighbour. */
function complaintOf(analysis: MessageAnalysis): Complaint {
  const category = analysis.category ?? 'community';
  const subcategory = analysis.subcategory ?? (analysis.category ? null : 'neighbor');
  const label = subcategory ? maintenanceSubcategoryLabels[subcategory as MaintenanceSubcategory] : undefined;
  return {
    category,
    subcategory,
    summary: label ?? 'Neighbour complaint',
    priority: analysis.urgency === 'emergency' ? 'high' : (analysis.urgency ?? 'normal'),
  };
}
