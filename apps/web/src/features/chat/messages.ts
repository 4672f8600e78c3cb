import { sectionLabel, type ChatMessage } from '@commonwise/contracts';

export type Citation = {
  documentName: string;
  page: number | null;
  excerpt: string;
  /** The document to open (answers from before documents were linked have none). */
  documentId: string | null;
  /** "Section 4.2 (Pets)", when the document numbers its sections. */
  section: string | null;
};

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The quoted passage an answer from the documents carries in its metadata, if it is well formed. */
export function getCitation(message: ChatMessage): Citation | null {
  const citation = message.metadata.citation;
  if (typeof citation !== 'object' || citation === null) return null;
  const { documentName, page, excerpt, documentId, section, sectionDesignation, sectionTitle } =
    citation as Record<string, unknown>;
  if (typeof documentName !== 'string' || typeof excerpt !== 'string') return null;
  return {
    documentName,
    page: typeof page === 'number' ? page : null,
    excerpt,
    documentId: textOrNull(documentId),
    // A rules document's "Rule 14" is named as the document names it; older answers carry no designation.
    section: sectionLabel({
      section: textOrNull(section),
      sectionDesignation: textOrNull(sectionDesignation),
      sectionTitle: textOrNull(sectionTitle),
    }),
  };
}

/** A link under an answer to a record it names (the staff assistant's work orders, issue 26). */
export type RecordLink = { label: string; href: string };

/**
 * The links an answer carries in its metadata. Only paths inside the app are kept: a link is a
 * place in the portal, never somewhere else.
 */
export function getRecordLinks(message: ChatMessage): RecordLink[] {
  const links = message.metadata.links;
  if (!Array.isArray(links)) return [];
  return links.flatMap((link: unknown) => {
    if (typeof link !== 'object' || link === null) return [];
    const { label, href } = link as Record<string, unknown>;
    if (typeof label !== 'string' || typeof href !== 'string') return [];
    return href.startsWith('/') && !href.startsWith('//') ? [{ label, href }] : [];
  });
}

/** The work order a message is tied to (through its work room), if any. */
export function getWorkOrderId(message: ChatMessage): string | null {
  const workOrderId = message.metadata.work_order_id;
  const roomId = message.roomId ?? message.metadata.room_id;
  return typeof workOrderId === 'string' && typeof roomId === 'string' ? workOrderId : null;
}

/** The work orders (with their rooms) the thread's messages are tied to, most recent first. */
export function getLinkedWorkOrders(
  messages: readonly ChatMessage[],
): { workOrderId: string; roomId: string }[] {
  const seen = new Map<string, string>();
  for (const message of messages) {
    const workOrderId = message.metadata.work_order_id;
    const roomId = message.roomId ?? message.metadata.room_id;
    if (typeof workOrderId === 'string' && typeof roomId === 'string') {
      // Re-inserting moves a work order mentioned again to the end: the newest is last.
      seen.delete(workOrderId);
      seen.set(workOrderId, roomId);
    }
  }
  return [...seen].reverse().map(([workOrderId, roomId]) => ({ workOrderId, roomId }));
}

/** True while the person's last message waits for the assistant: it is theirs and not processed yet. */
export function isAwaitingReply(messages: readonly ChatMessage[] | undefined): boolean {
  const last = messages?.at(-1);
  return last !== undefined && last.role === 'user' && !last.processed;
}
