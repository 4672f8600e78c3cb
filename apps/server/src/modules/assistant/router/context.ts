import { and, desc, eq, ne } from 'drizzle-orm';
import type {
  AssistantLanguage,
  MessageAnalysis,
  RequestDetail,
  RequestState,
  Role,
  WorkOrderStatus,
} from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import { chatMessages, chatThreads, profiles, workOrders } from '../../../db/schema/index.ts';
import type { Actor } from '../../../plugins/access.ts';
import type { QuoteDecision } from '../citations/choose-quote.ts';
import { findCitation } from '../citations/find-citation.ts';
import { mayNeedDocuments } from './decide.ts';
import { currentHomes } from '../../access/homes.ts';

/** What the router remembers between messages, kept in the metadata of its own last reply. */
export type RouterMemory = {
  request?: RequestState;
  awaiting?: RequestDetail;
  /** The assistant asked which request to cancel: a reply naming one cancels it. */
  choosingCancel?: boolean;
  workOrderId?: string;
  roomId?: string;
  language?: AssistantLanguage;
};

/** One of the resident's work orders, as the decision step sees it. */
export type WorkOrderBrief = {
  id: string;
  summary: string;
  status: WorkOrderStatus;
  category: string;
  subcategory: string | null;
  createdAt: Date;
};

/** Everything `decide` reads. Plain data: a unit test builds it by hand. */
export type DecisionContext = {
  /** The message as the resident wrote it. */
  text: string;
  residentName: string;
  /** The resident's property (undefined: the account is not linked to a unit). */
  propertyId: string | undefined;
  memory: RouterMemory;
  /** The resident's most recent work orders that are not cancelled, newest first. */
  workOrders: WorkOrderBrief[];
  /** The governing documents' answer, looked up before deciding when the message may need one. */
  documentAnswer?: QuoteDecision;
};

/** A message being answered, with what the decision and the carry-out steps need. */
export type TurnContext = Omit<DecisionContext, 'documentAnswer'> & {
  message: typeof chatMessages.$inferSelect;
  thread: typeof chatThreads.$inferSelect;
  owner: Actor;
};

/** Enough of the resident's history to tell them where things stand and to pick one to cancel. */
const recentWorkOrders = 20;

/** Reads one resident message and its conversation; undefined when the message no longer exists. */
export async function loadContext(db: Db, messageId: string): Promise<TurnContext | undefined> {
  const [row] = await db
    .select({ message: chatMessages, thread: chatThreads, owner: profiles })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .innerJoin(profiles, eq(profiles.id, chatThreads.userId))
    .where(eq(chatMessages.id, messageId));
  if (!row) return undefined;
  const [[residence], [lastReply], orders] = await Promise.all([
    currentHomes(db, row.owner.id),
    db
      .select({ metadata: chatMessages.metadata })
      .from(chatMessages)
      .where(and(eq(chatMessages.threadId, row.thread.id), eq(chatMessages.role, 'assistant')))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(1),
    db
      .select({
        id: workOrders.id,
        summary: workOrders.summary,
        status: workOrders.status,
        category: workOrders.mainCategory,
        subcategory: workOrders.subcategory,
        createdAt: workOrders.createdAt,
      })
      .from(workOrders)
      .where(and(eq(workOrders.residentId, row.owner.id), ne(workOrders.status, 'cancelled')))
      .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
      .limit(recentWorkOrders),
  ]);
  const owner: Actor = {
    id: row.owner.id,
    email: row.owner.email,
    fullName: row.owner.fullName,
    role: row.owner.role as Role,
    twoFactorEnabled: row.owner.twoFactorEnabled,
  };
  return {
    message: row.message,
    thread: row.thread,
    owner,
    text: row.message.content,
    residentName: owner.fullName,
    propertyId: residence?.propertyId,
    memory: (lastReply?.metadata as { router?: RouterMemory } | undefined)?.router ?? {},
    workOrders: orders.map((order) => ({ ...order, status: order.status as WorkOrderStatus })),
  };
}

/** The governing documents' answer, for a message that may need one: decide reads it, never searches. */
export async function lookUpDocuments(
  db: Db,
  context: TurnContext,
  analysis: MessageAnalysis,
): Promise<QuoteDecision | undefined> {
  if (!mayNeedDocuments(analysis)) return undefined;
  if (!context.propertyId) return { kind: 'none', reason: 'no_documents', bestCoverage: 0 };
  return findCitation(db, context.propertyId, context.text);
}
