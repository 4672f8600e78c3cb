import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { formatWorkOrderReference } from '@commonwise/contracts';
import type {
  AssistantLanguage,
  MessageAnalysis,
  RequestDetail,
  RequestState,
  Role,
  WorkOrderStatus,
} from '@commonwise/contracts';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import {
  chatMessages,
  chatThreads,
  profiles,
  properties,
  roomParticipants,
  workOrders,
  workOrderTasks,
} from '../../../db/schema/index.ts';
import type { Actor } from '../../../plugins/access.ts';
import type { Notifier } from '../../notifications/notify.ts';
import type { QuoteDecision } from '../citations/choose-quote.ts';
import { findCitation } from '../citations/find-citation.ts';
import { mayNeedDocuments } from './decide.ts';
import { amountsNamed } from '../amounts.ts';
import { ownerAccountFacts, type AccountAnswerFacts } from '../../finance/account-facts.ts';
import {
  noticedViolationFacts,
  type ViolationAnswerFact,
} from '../../violations/owner-violations.service.ts';
import { asksAboutViolationNotice } from '../violation-questions.ts';
import { currentHomes } from '../../access/homes.ts';
import { managerOfProperty } from '../../work-orders/open-work-order.ts';
import { visibleWorkOrdersCondition } from '../../work-orders/work-order-access.ts';
import { activeRoomsOf } from '../../work-rooms/room-notices.ts';
import type { ArcFacts, ArcIntake } from './arc-intake.ts';

/** What the router remembers between messages, kept in the metadata of its own last reply. */
export type RouterMemory = {
  request?: RequestState;
  awaiting?: RequestDetail;
  /** The assistant asked which request to cancel: a reply naming one cancels it. */
  choosingCancel?: boolean;
  workOrderId?: string;
  roomId?: string;
  language?: AssistantLanguage;
  /**
   * The assistant asked "is this about your open request #…?" (issue 26): the open work order it
   * named. The request being reported waits in `request` for the answer.
   */
  duplicateOf?: string;
  /** The resident said the report is a new problem: it is not compared again, and it is linked to this one. */
  linkTo?: string;
  /** An architectural request being taken down (issue 22 item 1): what it has so far, what it asks next. */
  arc?: ArcIntake;
};

/** One of the resident's work orders, as the decision step sees it. */
export type WorkOrderBrief = {
  id: string;
  /** "WC-1042": the association's reference, as the resident sees it everywhere. */
  reference: string;
  summary: string;
  status: WorkOrderStatus;
  category: string;
  subcategory: string | null;
  createdAt: Date;
  propertyId: string;
  /** Where the problem is (null: not known). */
  locationKind: 'unit' | 'common_area' | null;
};

/**
 * The work order a conversation is about, with what its resident may see of it: its status, who is
 * assigned, when it is due, and the latest word from the staff in its work room (room messages are
 * the resident's to read; internal notes live elsewhere and are never read here).
 */
export type ThreadWorkOrder = {
  id: string;
  reference: string;
  summary: string;
  status: WorkOrderStatus;
  /** The day the work is scheduled by (YYYY-MM-DD), if set. */
  dueDate: string | null;
  /**
   * The vendor's visit: their next open task with a date (the earliest still to do), what the resident
   * was told when it was given or moved (issue 26). Null when no visit is scheduled.
   */
  visit: { day: string; description: string } | null;
  vendorName: string | null;
  managerName: string | null;
  roomId: string | null;
  /** The property's time zone, to tell dates as the resident lives them. */
  timeZone: string;
  latestFromStaff: { authorName: string; role: 'manager' | 'vendor'; content: string; at: Date } | null;
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
  /** The work order this conversation is about (the one it opened or was handed over in), if any. */
  threadWorkOrder?: ThreadWorkOrder;
  /** When the message arrived: "recent" duplicates are counted from it. */
  now: Date;
  /** The governing documents' answer, looked up before deciding when the message may need one. */
  documentAnswer?: QuoteDecision;
  /** A billing question's facts: the resident's own accounts, read before deciding (lookUpAccount). */
  account?: AccountAnswerFacts;
  /**
   * A question about a violation notice ("why did I get this letter?"): the resident's own open
   * violations they were sent a notice about, read before deciding (lookUpViolations).
   */
  violations?: ViolationAnswerFact[];
  /**
   * An architectural request under way, or asked for: the homes the resident owns and their project
   * types, read before deciding (lookUpArc).
   */
  arc?: ArcFacts;
};

/** A message being answered, with what the decision and the carry-out steps need. */
export type TurnContext = Omit<DecisionContext, 'documentAnswer' | 'account' | 'violations' | 'arc'> & {
  message: typeof chatMessages.$inferSelect;
  thread: typeof chatThreads.$inferSelect;
  owner: Actor;
  /** Tells the managers of what the turn opens or hands over (modules/notifications). */
  notifier: Notifier;
};

/** Enough of the resident's history to tell them where things stand and to pick one to cancel. */
const recentWorkOrders = 20;

/** Reads one resident message and its conversation; undefined when the message no longer exists. */
export async function loadContext(
  db: Db,
  notifier: Notifier,
  messageId: string,
): Promise<TurnContext | undefined> {
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
        referencePrefix: properties.workOrderPrefix,
        referenceNumber: workOrders.referenceNumber,
        summary: workOrders.summary,
        status: workOrders.status,
        category: workOrders.mainCategory,
        subcategory: workOrders.subcategory,
        createdAt: workOrders.createdAt,
        propertyId: workOrders.propertyId,
        locationKind: workOrders.locationKind,
      })
      .from(workOrders)
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
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
  const memory = (lastReply?.metadata as { router?: RouterMemory } | undefined)?.router ?? {};
  const threadWorkOrder = memory.workOrderId
    ? await loadThreadWorkOrder(db, owner, memory.workOrderId, memory.roomId)
    : undefined;
  return {
    message: row.message,
    thread: row.thread,
    owner,
    notifier,
    text: row.message.content,
    residentName: owner.fullName,
    propertyId: residence?.propertyId,
    memory,
    workOrders: orders.map(({ referencePrefix, referenceNumber, ...order }) => ({
      ...order,
      reference: formatWorkOrderReference({ referencePrefix, referenceNumber }),
      status: order.status as WorkOrderStatus,
    })),
    ...(threadWorkOrder ? { threadWorkOrder } : {}),
    now: row.message.createdAt,
  };
}

/**
 * The conversation's work order as its owner may see it now (undefined when they no longer may: a
 * resident who moved out), with its room's latest message from the property's manager or the vendor.
 */
async function loadThreadWorkOrder(
  db: Db,
  owner: Actor,
  workOrderId: string,
  knownRoomId: string | undefined,
): Promise<ThreadWorkOrder | undefined> {
  const vendor = alias(profiles, 'vendor');
  const [order] = await db
    .select({
      id: workOrders.id,
      referencePrefix: properties.workOrderPrefix,
      referenceNumber: workOrders.referenceNumber,
      summary: workOrders.summary,
      status: workOrders.status,
      dueDate: workOrders.dueDate,
      propertyId: workOrders.propertyId,
      vendorId: workOrders.vendorId,
      vendorName: vendor.fullName,
      timeZone: properties.timeZone,
    })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .leftJoin(vendor, eq(vendor.id, workOrders.vendorId))
    .where(and(eq(workOrders.id, workOrderId), visibleWorkOrdersCondition(owner)));
  if (!order) return undefined;
  const roomId = knownRoomId ?? (await activeRoomsOf(db, workOrderId))[0]?.id ?? null;
  const [manager, [visit], [latest]] = await Promise.all([
    managerOfProperty(db, order.propertyId),
    order.vendorId
      ? db
          .select({ day: workOrderTasks.dueDate, description: workOrderTasks.taskDescription })
          .from(workOrderTasks)
          .where(
            and(
              eq(workOrderTasks.workOrderId, order.id),
              eq(workOrderTasks.assignedToType, 'vendor'),
              eq(workOrderTasks.assignedToId, order.vendorId),
              inArray(workOrderTasks.taskStatus, ['pending', 'in_progress']),
              isNotNull(workOrderTasks.dueDate),
            ),
          )
          .orderBy(asc(workOrderTasks.dueDate), asc(workOrderTasks.createdAt))
          .limit(1)
      : Promise.resolve([]),
    roomId
      ? db
          .select({
            authorName: profiles.fullName,
            role: roomParticipants.role,
            content: chatMessages.content,
            at: chatMessages.createdAt,
          })
          .from(chatMessages)
          .innerJoin(
            roomParticipants,
            and(
              eq(roomParticipants.roomId, chatMessages.roomId),
              eq(roomParticipants.userId, chatMessages.senderId),
            ),
          )
          .innerJoin(profiles, eq(profiles.id, chatMessages.senderId))
          .where(
            and(
              eq(chatMessages.roomId, roomId),
              eq(chatMessages.role, 'user'),
              inArray(roomParticipants.role, ['manager', 'vendor']),
            ),
          )
          .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    id: order.id,
    reference: formatWorkOrderReference(order),
    summary: order.summary,
    status: order.status as WorkOrderStatus,
    dueDate: order.dueDate,
    visit: visit?.day ? { day: visit.day, description: visit.description } : null,
    vendorName: order.vendorName,
    managerName: manager?.fullName ?? null,
    roomId,
    timeZone: order.timeZone,
    latestFromStaff: latest ? { ...latest, role: latest.role as 'manager' | 'vendor' } : null,
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

/**
 * A billing question's facts (issue 20, item 9): the accounts of the units the resident owns today and
 * the charges of any amount they name — read through the finance module's owner scope, the one their
 * Billing page uses, so only their own figures can reach the answer. Undefined for any other message.
 */
export async function lookUpAccount(
  db: Db,
  context: TurnContext,
  analysis: MessageAnalysis,
): Promise<AccountAnswerFacts | undefined> {
  if (analysis.intent !== 'billing_question' || analysis.isEmergency || !analysis.isLanguageSupported) {
    return undefined;
  }
  return ownerAccountFacts({ db, actor: context.owner }, amountsNamed(context.text));
}

/**
 * A question about a violation notice (issue 21 item 5): the open violations of the units the resident
 * owns today that they were sent a notice about — read through the violations module's owner scope,
 * the one their Violations card uses, so only their own can reach the answer. Undefined for any other
 * message (an emergency, another language, a complaint about a neighbour, a question about an amount).
 */
export async function lookUpViolations(
  db: Db,
  context: Pick<TurnContext, 'owner' | 'text'>,
  analysis: MessageAnalysis,
): Promise<ViolationAnswerFact[] | undefined> {
  if (analysis.isEmergency || !analysis.isLanguageSupported || !asksAboutViolationNotice(context.text)) {
    return undefined;
  }
  return noticedViolationFacts(db, context.owner);
}
