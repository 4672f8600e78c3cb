import {
  formatMoney,
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
import type { AccountAnswerFacts } from '../../finance/account-facts.ts';
import type { ViolationAnswerFact } from '../../violations/owner-violations.service.ts';
import { shortAnswerWords } from '../analyze.ts';
import { mergeRequest, missingDetails } from '../conversation.ts';
import { normalizeText, wordCount } from '../normalize.ts';
import { decideArc, type ArcAsk, type ArcDecision } from './arc-intake.ts';
import type { DecisionContext, ThreadWorkOrder, WorkOrderBrief } from './context.ts';
import { yesOrNo } from './yes-no.ts';

/** A report matching an open request made this many days ago or less is asked about (issue 26). */
export const duplicateWindowDays = 14;

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

/**
 * Questions only staff can answer: there are no lease records for the assistant to read, and a billing
 * question reaches a person only when the resident owns no unit (a tenant) or asks about a charge that
 * is not on their account.
 */
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
  | { kind: 'ask'; request: RequestState; detail: RequestDetail; linkTo?: string }
  | { kind: 'create'; request: RequestState; handover?: Handover; linkTo?: string }
  /** The report looks like an open request of the resident's: ask before opening another. */
  | { kind: 'ask_duplicate'; request: RequestState; workOrder: WorkOrderBrief }
  /** It was about the open request: the resident's words go to that request's room. */
  | { kind: 'add_to_request'; request: RequestState; workOrder: WorkOrderBrief }
  /** A follow-up in a work order's conversation, answered from it (and a person asked when it cannot). */
  | { kind: 'follow_up'; workOrder: ThreadWorkOrder; handover?: Handover }
  | { kind: 'complaint'; complaint: Complaint }
  | { kind: 'status'; workOrders: WorkOrderBrief[] }
  | { kind: 'cancel'; workOrder: WorkOrderBrief }
  | { kind: 'cancel_ask_manager'; workOrder: WorkOrderBrief; handover: Handover }
  | { kind: 'cancel_which' }
  | { kind: 'cancel_nothing_open' }
  | { kind: 'quote'; citation: Citation }
  /** A billing question answered from the resident's own accounts; a person too when a charge asked about is not there. */
  | { kind: 'account'; facts: AccountAnswerFacts; handover?: Handover }
  /**
   * A question about a violation notice, answered from the resident's own noticed violations (the
   * clause quoted, the cure date, how to cure); with none, they are told so and offered a person.
   */
  | { kind: 'violation'; violations: ViolationAnswerFact[] }
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
  | { kind: 'no_property' }
  /** An architectural request taken down in the chat (issue 22 item 1): see arc-intake.ts. */
  | ArcDecision
  /** A question answered in the middle of an architectural request, whose question is then asked again. */
  | { kind: 'arc_aside'; decision: Decision; resume: ArcAsk };

/**
 * Decides what to do with a resident's message, from what it says and what the conversation and the
 * resident's work orders are. Pure: no database, no clock, the same answer for the same input.
 *
 * The first rule that applies wins, in this order:
 *  1. An emergency: safety advice, an emergency work order, a person alerted (reason 'emergency').
 *  1b. An architectural request under way, or a message asking to start one ("I want to put up a
 *     fence"; arc-intake.ts): the next question of the association's form, the summary, or the request
 *     submitted once the owner confirms. In the middle of one, a question about something else is
 *     answered first and the form's question asked again; a long message in a language without texts,
 *     or one that sounds urgent, goes on to the rules below.
 *  2. A language the assistant has no texts for: 911 first, an English reply, a person alerted at once
 *     ('unknown_language').
 *  3. Urgent-sounding but unclear (no emergency rule fired): 911 first, a person ('urgent_sounding').
 *  4. The answer to "is this about your open request #…?": yes adds the report to that request; no
 *     goes on with the new one, which is linked to it when it opens.
 *  4b. A question about a violation notice ("why did I get this letter?", looked up by its words before
 *     deciding): the resident's own noticed open violations — the clause quoted as adopted, the cure date
 *     and how to cure (reply or send a photo in the resident portal, or ask for a hearing); with none,
 *     the ledger's or the documents' answer when there is one, else they are told so and offered a person.
 *  5. A follow-up in a conversation about a work order (a status question, or anything the assistant
 *     would otherwise greet or not be sure of): answered from that work order, and handed to the
 *     manager in its room when there is nothing to tell yet (issue 26).
 *  6. An intent the classifier is unsure of (below `lowConfidence`), unless the message is a short
 *     answer to the assistant's own question: a person ('low_confidence'), rather than a wrong guess.
 *  7. A maintenance request, or an answer while the assistant waits for a detail of one: if it matches
 *     an open request of the resident's (same category and place, recent), ask whether it is that one;
 *     otherwise ask for the next missing detail, else open the work order (and a person too if they
 *     asked for one).
 *  8. Cancelling, or naming a request after "which one should I cancel?": a request not started is
 *     cancelled, one being worked on goes to the manager ('needs_staff'), else ask which.
 *  9. A neighbour complaint: a complaint work order to the manager, never about entering the unit.
 * 10. A status question: the resident's requests, the one it names first.
 * 11. A rules question: the documents' quotation, else "I don't know" and a person ('no_answer_in_documents').
 * 12. An amenity question: the documents if they answer it, else a person ('needs_staff').
 * 13. A billing question from an owner: their own accounts (balance, next charge, last payment, the
 *     charges of any amount they name with the rule that made each); a person too ('needs_staff') when
 *     an amount they name is on none of their units.
 * 14. Billing questions from someone who owns no unit, lease or ownership questions: a person ('needs_staff').
 * 15. Asking for a person: a person ('asked_for_person').
 * 16. Thanks or ok: a short acknowledgement, not the greeting.
 * 17. Anything else: the greeting.
 */
export function decide(analysis: MessageAnalysis, context: DecisionContext): Decision {
  const { memory, propertyId, residentName: name, text } = context;

  if (analysis.isEmergency) {
    const request = mergeRequest(memory.request, analysis, text);
    const note = `EMERGENCY reported by ${name}: please act now. (Recognised as ${request.emergencyKind ?? 'an emergency'} by rule ${request.emergencyRule ?? 'unknown'}.)`;
    // Without a property there is no one to alert, but the safety advice still comes first.
    return { kind: 'emergency', request, ...(propertyId ? { handover: { reason: 'emergency', note } } : {}) };
  }

  const arc = decideArc(analysis, context, (otherwise) => decide(analysis, otherwise));
  if (arc) return arc;

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
  if (analysis.soundsUrgent && isUnclear && memory.awaiting === undefined && !memory.duplicateOf) {
    return handOver('urgent_sounding', 'unclear_urgent', {
      note: `URGENT? ${name} wrote: "${text}"`,
      isUrgent: true,
    });
  }

  const waitingFor = memory.duplicateOf
    ? context.workOrders.find((order) => order.id === memory.duplicateOf)
    : undefined;
  if (waitingFor && memory.request && propertyId) {
    const answer = yesOrNo(text);
    if (answer === 'yes') return { kind: 'add_to_request', request: memory.request, workOrder: waitingFor };
    if (answer === 'no') return goOnWithRequest(memory.request, name, waitingFor.id);
    // Neither: more about the problem ("it's under the bathroom sink") goes on with the report, linked
    // to the look-alike so the manager sees both; anything else is a message of its own.
    const continuing: AssistantIntent[] = ['maintenance_request', 'small_talk', 'acknowledgement'];
    if (continuing.includes(analysis.intent)) {
      return goOnWithRequest(mergeRequest(memory.request, analysis, text), name, waitingFor.id);
    }
  }

  // With none noticed, a question the ledger or the documents answer gets that answer instead.
  const violations = context.violations;
  if (violations && (violations.length > 0 || !hasOtherAnswer(analysis, context)))
    return { kind: 'violation', violations };

  const own = context.threadWorkOrder;
  if (own && memory.awaiting === undefined && isFollowUp(analysis, context, own)) {
    return followUp(own, context);
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
    const duplicate = memory.linkTo ? undefined : likelyDuplicate(request, context);
    if (duplicate) return { kind: 'ask_duplicate', request, workOrder: duplicate };
    return goOnWithRequest(request, name, memory.linkTo);
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
  if (analysis.intent === 'billing_question' && context.account?.accounts.length) {
    const missing = context.account.amountsNotFound;
    if (missing.length === 0) return { kind: 'account', facts: context.account };
    const note = `${name} asked about a charge of ${missing.map((cents) => formatMoney(cents)).join(', ')} that is on none of their units' accounts: "${text}"`;
    return { kind: 'account', facts: context.account, handover: { reason: 'needs_staff', note } };
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

/** Asks for the request's next missing detail, else opens it (linked to `linkTo`, a look-alike). */
function goOnWithRequest(request: RequestState, name: string, linkTo: string | undefined): Decision {
  const link = linkTo ? { linkTo } : {};
  const [detail] = missingDetails(request);
  if (detail) return { kind: 'ask', request, detail, ...link };
  if (!request.asksForHuman) return { kind: 'create', request, ...link };
  const note = `${name} asked to speak with a person about this request.`;
  return { kind: 'create', request, handover: { reason: 'asked_for_person', note }, ...link };
}

/**
 * The resident's open request this report probably repeats: made at the same property in the last
 * `duplicateWindowDays`, in the same category (and subcategory, when both have one), at the same kind
 * of place (when both are known). Never for an emergency: safety does not wait for a question.
 */
function likelyDuplicate(request: RequestState, context: DecisionContext): WorkOrderBrief | undefined {
  if (request.isEmergency || !request.category) return undefined;
  const since = context.now.getTime() - duplicateWindowDays * 24 * 60 * 60 * 1000;
  const where = request.location?.kind;
  return context.workOrders.find(
    (order) =>
      (order.status === 'new' || order.status === 'pending' || order.status === 'in_progress') &&
      order.propertyId === context.propertyId &&
      order.createdAt.getTime() >= since &&
      order.category === request.category &&
      (!order.subcategory || !request.subcategory || order.subcategory === request.subcategory) &&
      (!order.locationKind || !where || order.locationKind === where),
  );
}

/**
 * Whether a message in a work order's conversation is a follow-up about it: a status question that
 * names no other request, or what would otherwise get the greeting or a hand-over for low confidence
 * ("any update?", "who is fixing it?"). A new problem, a cancellation, a question about the rules and
 * the rest keep their own answers.
 */
function isFollowUp(analysis: MessageAnalysis, context: DecisionContext, own: ThreadWorkOrder): boolean {
  if (analysis.intent === 'status_question') {
    const named = namedOrders(analysis, context.text, context.workOrders);
    return !named?.length || named.some((order) => order.id === own.id);
  }
  const unsure = analysis.intentConfidence !== undefined && analysis.intentConfidence < lowConfidence;
  return analysis.intent === 'small_talk' || (unsure && analysis.intent !== 'maintenance_request');
}

/**
 * What the work order says: its status, who is assigned, when it is due, the staff's latest word.
 * When none of that tells anything yet (received, no one assigned, no word from the staff), the
 * manager is asked to answer in the room.
 */
function followUp(workOrder: ThreadWorkOrder, context: DecisionContext): Decision {
  const isOpen = workOrder.status !== 'completed' && workOrder.status !== 'cancelled';
  const nothingToTell = isOpen && !workOrder.vendorName && !workOrder.latestFromStaff;
  if (!nothingToTell) return { kind: 'follow_up', workOrder };
  const note = `${context.residentName} asks about ${workOrder.reference} ("${workOrder.summary}"), which has no one assigned and no word from the staff yet: "${context.text}"`;
  return { kind: 'follow_up', workOrder, handover: { reason: 'needs_staff', note } };
}

/** A billing question with the resident's accounts to tell, or a documents question they answer. */
function hasOtherAnswer(analysis: MessageAnalysis, context: DecisionContext): boolean {
  if (analysis.intent === 'billing_question' && (context.account?.accounts.length ?? 0) > 0) return true;
  return context.documentAnswer?.kind === 'quote' && mayNeedDocuments(analysis);
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
 * The work orders a message names: by reference ("WC-1042", "wc 1042", "#1042") or by the id's last
 * eight characters ("#1a2b3c4d"), else by the problem it names ("the dishwasher one": its subcategory,
 * else its category). Undefined when it names none.
 */
function namedOrders(
  analysis: MessageAnalysis,
  text: string,
  orders: WorkOrderBrief[],
): WorkOrderBrief[] | undefined {
  const lower = text.toLowerCase();
  const byRef = orders.filter(
    (order) => lower.includes(order.id.slice(-8)) || namesReference(lower, order.reference),
  );
  if (byRef.length > 0) return byRef;
  if (analysis.subcategory) return orders.filter((order) => order.subcategory === analysis.subcategory);
  if (analysis.category) return orders.filter((order) => order.category === analysis.category);
  return undefined;
}

function namesReference(lower: string, reference: string): boolean {
  const [prefix, number] = reference.toLowerCase().split('-');
  if (!prefix || !number) return false;
  return new RegExp(`(?:\\b${prefix}[-\\s]?|#)${number}\\b`).test(lower);
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
  const note = `${context.residentName} asked to cancel ${workOrder.reference} ("${workOrder.summary}"), but work has started on it: please cancel or change it with them.`;
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
