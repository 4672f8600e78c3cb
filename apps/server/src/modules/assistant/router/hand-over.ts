import { eq } from 'drizzle-orm';
import type { AssistantLanguage } from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import { workOrders } from '../../../db/schema/index.ts';
import { escalateInRoom, managerOfProperty, openWorkOrder } from '../../work-orders/open-work-order.ts';
import { activeRoomsOf } from '../../work-rooms/room-notices.ts';
import { otherLanguageReply, textsIn } from '../texts/index.ts';
import type { TurnContext } from './context.ts';
import type { HandoverReply } from './decide.ts';

export type HandedTo = {
  /** The work order and room where the manager will answer (none without a property). */
  link?: { work_order_id: string; room_id: string };
  managerName?: string;
  /** The work order was opened for this hand-over. */
  opened: boolean;
};

/**
 * Hands the conversation to a person: in the room of the work order it is about (the conversation's
 * own unless told otherwise) when there is one, otherwise in a new work order opened for the question,
 * so the manager has a place to answer.
 */
export async function handOver(
  tx: Db,
  context: TurnContext,
  note: string,
  options: {
    /** The summary of a work order opened for the hand-over. */
    subject: string;
    /** An urgent-sounding message: a work order opened for it is high priority. */
    isUrgent?: boolean;
    workOrderId?: string;
  },
): Promise<HandedTo> {
  const { memory } = context;
  const about = options.workOrderId ?? memory.workOrderId;
  if (about) {
    const [order] = await tx
      .select({ propertyId: workOrders.propertyId })
      .from(workOrders)
      .where(eq(workOrders.id, about));
    const roomId =
      about === memory.workOrderId && memory.roomId ? memory.roomId : (await activeRoomsOf(tx, about))[0]?.id;
    if (order && roomId) {
      await escalateInRoom(tx, { workOrderId: about, roomId, reason: note }, context.notifier);
      const manager = await managerOfProperty(tx, order.propertyId);
      return {
        link: { work_order_id: about, room_id: roomId },
        managerName: manager?.fullName,
        opened: false,
      };
    }
  }
  if (!context.propertyId) return { opened: false };
  const opened = await openWorkOrder(
    tx,
    {
      residentId: context.owner.id,
      propertyId: context.propertyId,
      summary: options.subject,
      mainCategory: 'other',
      subcategory: 'general',
      priority: options.isUrgent ? 'high' : 'normal',
      details: note,
    },
    context.notifier,
  );
  await escalateInRoom(
    tx,
    { workOrderId: opened.workOrder.id, roomId: opened.room.id, reason: note },
    context.notifier,
  );
  return {
    link: { work_order_id: opened.workOrder.id, room_id: opened.room.id },
    managerName: opened.manager?.fullName,
    opened: true,
  };
}

/** What the resident is told when a person takes over, given the manager's name. */
export function handoverText(
  reply: HandoverReply,
  language: AssistantLanguage,
  /** The language the message was detected in (an ISO code), for a language without texts. */
  detected: string,
): (managerName: string | undefined) => string {
  const say = textsIn(language).replies;
  switch (reply) {
    case 'escalated':
      return say.escalated;
    case 'other_language':
      return otherLanguageReply(detected);
    case 'unclear_urgent':
      return say.unclearUrgent;
    case 'document_not_found':
      return say.documentNotFound;
    default:
      return (managerName) => say.handedOver(reply, managerName);
  }
}
