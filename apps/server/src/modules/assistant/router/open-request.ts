import type { AssistantLanguage, RequestState } from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import { escalateInRoom, openWorkOrder } from '../../work-orders/open-work-order.ts';
import { safetyInstructions, shortRef, textsIn } from '../texts/index.ts';
import type { TurnContext } from './context.ts';
import type { Complaint, Handover } from './decide.ts';
import type { Outcome, Reply } from './record-turn.ts';

/** Opens the work order of a maintenance request or an emergency, and alerts a person if it must. */
export async function openRequest(
  tx: Db,
  context: TurnContext,
  language: AssistantLanguage,
  request: RequestState,
  handover: Handover | undefined,
): Promise<Omit<Outcome, 'turn'>> {
  const say = textsIn(language).replies;
  const opened = await openWorkOrder(tx, {
    residentId: context.owner.id,
    propertyId: context.propertyId!,
    summary: request.summary,
    mainCategory: request.category ?? 'other',
    subcategory: request.subcategory ?? null,
    priority: request.isEmergency ? 'emergency' : (request.urgency ?? 'normal'),
    details: describeRequest(context.owner.fullName, request),
  });
  const link = { work_order_id: opened.workOrder.id, room_id: opened.room.id };
  const ref = shortRef(opened.workOrder.id);
  if (handover) {
    await escalateInRoom(tx, {
      workOrderId: opened.workOrder.id,
      roomId: opened.room.id,
      reason: handover.note,
    });
  }
  const manager = opened.manager?.fullName;
  const replies: Reply[] = request.isEmergency
    ? [
        { content: safetyInstructions(request.emergencyKind ?? 'injury', language) },
        { content: say.emergencyCreated(ref, manager), metadata: link },
      ]
    : [
        { content: say.created(ref, request.summary, manager), metadata: link },
        ...(handover ? [{ content: say.escalated(manager), metadata: link }] : []),
      ];
  return {
    replies,
    workflow: {
      workflowType: 'maintenance_request',
      workflowStatus: handover ? 'pending_human' : 'active',
      currentStep: request.isEmergency ? 'emergency_escalated' : 'work_order_created',
      summary: `${request.summary} — work order #${ref}`,
    },
    memory: { workOrderId: opened.workOrder.id, roomId: opened.room.id, language },
  };
}

/** A complaint about someone else goes to the manager as a work order of its own; no one enters the unit. */
export async function fileComplaint(
  tx: Db,
  context: TurnContext,
  language: AssistantLanguage,
  complaint: Complaint,
): Promise<Omit<Outcome, 'turn'>> {
  const opened = await openWorkOrder(tx, {
    residentId: context.owner.id,
    propertyId: context.propertyId!,
    summary: complaint.summary,
    mainCategory: complaint.category,
    subcategory: complaint.subcategory,
    priority: complaint.priority,
    details: [
      `Complaint reported by ${context.owner.fullName} about someone else or a rule broken, in a common area or a neighbour's home; not a repair in their unit.`,
      `In their words: "${context.text.trim()}"`,
    ].join('\n'),
  });
  const ref = shortRef(opened.workOrder.id);
  return {
    replies: [
      {
        content: textsIn(language).replies.complaintFiled(ref, opened.manager?.fullName),
        metadata: { work_order_id: opened.workOrder.id, room_id: opened.room.id },
      },
    ],
    workflow: {
      workflowType: 'work_order',
      workflowStatus: 'active',
      currentStep: 'complaint_filed',
      summary: `${complaint.summary} — work order #${ref}`,
    },
    memory: { workOrderId: opened.workOrder.id, roomId: opened.room.id, language },
  };
}

function describeRequest(residentName: string, request: RequestState): string {
  const where =
    request.location?.kind === 'common_area'
      ? `Common area${request.location.detail ? `: ${request.location.detail}` : ''}`
      : `In the unit${request.location?.detail ? ` (${request.location.detail})` : ''}`;
  const entry =
    request.permissionToEnter === undefined
      ? null
      : request.permissionToEnter
        ? 'The resident agrees to entry when they are out.'
        : 'Do not enter without the resident present.';
  return [
    `Reported by ${residentName}. ${where}.`,
    `Urgency: ${request.isEmergency ? 'emergency' : (request.urgency ?? 'normal')}.`,
    entry,
    `In their words: ${request.description.map((line) => `"${line}"`).join(' ')}`,
  ]
    .filter(Boolean)
    .join('\n');
}
