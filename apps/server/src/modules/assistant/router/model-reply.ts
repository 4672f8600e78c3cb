import type { Db } from '../../../db/client.ts';
import { escalateInRoom, openWorkOrder } from '../../work-orders/open-work-order.ts';
import type { ModelTurn } from '../model/model-turn.ts';
import { citationMetadata } from './carry-out.ts';
import type { TurnContext } from './context.ts';
import type { Outcome } from './record-turn.ts';

/** Carries out what the model decided: the work orders it opened and the hand-overs it asked for. */
export async function carryOutModelTurn(tx: Db, context: TurnContext, turn: ModelTurn): Promise<Outcome> {
  let { workOrderId, roomId } = context.memory;
  let openedId: string | null = null;
  let escalated = false;
  for (const action of turn.actions) {
    if (action.kind === 'create') {
      const opened = await openWorkOrder(
        tx,
        {
          id: action.id,
          residentId: context.owner.id,
          propertyId: context.propertyId!,
          summary: action.summary,
          mainCategory: action.category,
          subcategory: action.subcategory,
          priority: action.priority,
          details: `Reported by ${context.owner.fullName}.\n${action.details}`,
        },
        context.notifier,
      );
      workOrderId = opened.workOrder.id;
      roomId = opened.room.id;
      openedId ??= opened.workOrder.id;
    } else {
      escalated = true;
      if (!workOrderId || !roomId) {
        const opened = await openWorkOrder(
          tx,
          {
            residentId: context.owner.id,
            propertyId: context.propertyId!,
            summary: 'Resident question for the manager',
            mainCategory: 'other',
            subcategory: 'general',
            priority: 'normal',
            details: action.reason,
          },
          context.notifier,
        );
        workOrderId = opened.workOrder.id;
        roomId = opened.room.id;
        openedId ??= opened.workOrder.id;
      }
      await escalateInRoom(tx, { workOrderId, roomId, reason: action.reason }, context.notifier);
    }
  }
  const link = workOrderId && roomId ? { work_order_id: workOrderId, room_id: roomId } : undefined;
  // The quotation comes from the stored document, shown beside the model's words.
  const citation = turn.citation ? { citation: citationMetadata(turn.citation) } : {};
  return {
    replies: [{ content: turn.text, metadata: { ...link, ...citation } }],
    workflow: turn.workflow ?? {
      workflowType: turn.actions.some((action) => action.kind === 'create') ? 'maintenance_request' : 'other',
      workflowStatus: escalated ? 'pending_human' : 'active',
      currentStep: 'model_reply',
      summary: null,
    },
    memory: { workOrderId, roomId, language: context.memory.language },
    turn: {
      answeredBy: 'model',
      decision: escalated ? 'handed_over' : 'model_reply',
      handoverReason: escalated ? 'model' : null,
      // Only a quotation the model looked up says the documents answered; its own words never do.
      citedAnswer: turn.citation ? true : null,
      workOrderId: openedId,
    },
  };
}
