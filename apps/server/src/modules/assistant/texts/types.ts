import type { EmergencyKind, RequestDetail, WorkOrder } from '@commonwise/contracts';

/**
 * Everything the built-in assistant says, in one language (one file per language beside this one).
 * Safety texts are deliberately conservative: leave, then call for help from a safe place; never
 * investigate a hazard. A text that names a person takes their name, or a fallback when the property
 * has no manager ("your manager").
 */
export type AssistantTexts = {
  /** Safety instructions for each emergency, sent before anything else. */
  safety: Record<EmergencyKind, string>;
  /** The question that asks for each missing detail of a request. */
  questions: Record<RequestDetail, string>;
  /** A work order's status, in a status line. */
  statusNames: Record<WorkOrder['status'], string>;
  replies: {
    created: (ref: string, summary: string, managerName: string | undefined) => string;
    emergencyCreated: (ref: string, managerName: string | undefined) => string;
    escalated: (managerName: string | undefined) => string;
    noProperty: string;
    noWorkOrders: string;
    /** Photos sent without words: added to the conversation's request (its ref), or what and where is asked. */
    photosAdded: (ref: string) => string;
    photosWhat: string;
    statusIntro: string;
    /** A quotation from the association's documents: the document, "Section 4.2 (Pets)" or null, the page. */
    citedAnswer: (documentName: string, section: string | null, page: number, quote: string) => string;
    documentNotFound: (managerName: string | undefined) => string;
    greeting: (name: string) => string;
    modelUnavailable: string;
    /** "Thanks", "ok see you at 8" after a request: a short acknowledgement, not the greeting. */
    acknowledgement: string;
    /** A neighbour complaint or rule-violation report, passed to the manager (not a repair of the unit). */
    complaintFiled: (ref: string, managerName: string | undefined) => string;
    /** A request cancelled at the resident's word. */
    cancelled: (ref: string, summary: string) => string;
    /** The resident asked to cancel, but which request is not clear. */
    cancelWhich: string;
    cancelNothingOpen: string;
    /** A request that work has started on cannot be cancelled here: the manager is asked instead. */
    cancelAskedManager: (ref: string, managerName: string | undefined) => string;
    /** A question the assistant cannot answer itself (billing, leasing, amenities…), passed to a person. */
    handedOver: (topic: 'billing' | 'lease' | 'amenity' | 'other', managerName: string | undefined) => string;
    /** A message that sounds urgent but is unclear: safety first, and a person alerted at once. */
    unclearUrgent: (managerName: string | undefined) => string;
    /** An empty (or emoji-only) message. */
    emptyMessage: string;
  };
};
