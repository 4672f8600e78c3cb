import { eq, sql } from 'drizzle-orm';
import { formatWorkOrderReference, type AssistantLanguage, type RequestState } from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import {
  chatMessages,
  properties,
  violationComplaints,
  workOrderLinks,
  workOrders,
} from '../../../db/schema/index.ts';
import { escalateInRoom, managerOfProperty, openWorkOrder } from '../../work-orders/open-work-order.ts';
import { activeRoomsOf } from '../../work-rooms/room-notices.ts';
import { safetyInstructions, textsIn } from '../texts/index.ts';
import { currentHomes } from '../../access/homes.ts';
import { summarize } from '../analyze.ts';
import type { TurnContext } from './context.ts';
import type { WorkOrderBrief } from './context.ts';
import type { Complaint, Handover } from './decide.ts';
import type { Outcome, Reply } from './record-turn.ts';

/** Opens the work order of a maintenance request or an emergency, and alerts a person if it must. */
export async function openRequest(
  tx: Db,
  context: TurnContext,
  language: AssistantLanguage,
  request: RequestState,
  handover: Handover | undefined,
  /** An open request the resident said this one is not: the two are linked. */
  linkTo?: string,
): Promise<Omit<Outcome, 'turn'>> {
  const say = textsIn(language).replies;
  const home = (await currentHomes(tx, context.owner.id)).find(
    (candidate) => candidate.propertyId === context.propertyId,
  );
  const title = workOrderTitle(request, home?.unitLabel);
  const opened = await openWorkOrder(
    tx,
    {
      residentId: context.owner.id,
      propertyId: context.propertyId!,
      summary: title,
      mainCategory: request.category ?? 'other',
      subcategory: request.subcategory ?? null,
      priority: request.isEmergency ? 'emergency' : (request.urgency ?? 'normal'),
      details: describeRequest(context.owner.fullName, request),
      ...(request.location ? { locationKind: request.location.kind } : {}),
    },
    context.notifier,
  );
  const link = { work_order_id: opened.workOrder.id, room_id: opened.room.id };
  const ref = opened.reference;
  if (linkTo) await linkWorkOrders(tx, { ...opened.workOrder, reference: ref }, opened.room.id, linkTo);
  if (handover) {
    await escalateInRoom(
      tx,
      {
        workOrderId: opened.workOrder.id,
        roomId: opened.room.id,
        reason: handover.note,
      },
      context.notifier,
    );
  }
  const manager = opened.manager?.fullName;
  const replies: Reply[] = request.isEmergency
    ? [
        { content: safetyInstructions(request.emergencyKind ?? 'injury', language) },
        { content: say.emergencyCreated(ref, manager), metadata: link },
      ]
    : [
        { content: say.created(ref, title, manager), metadata: link },
        ...(handover ? [{ content: say.escalated(manager), metadata: link }] : []),
      ];
  return {
    replies,
    workflow: {
      workflowType: 'maintenance_request',
      workflowStatus: handover ? 'pending_human' : 'active',
      currentStep: request.isEmergency ? 'emergency_escalated' : 'work_order_created',
      summary: `${request.summary} — work order ${ref}`,
    },
    memory: { workOrderId: opened.workOrder.id, roomId: opened.room.id, language },
  };
}

/**
 * A work order's title names the problem and the place (issue 26): "Leak — kitchen, unit 14B",
 * "Pool problem — pool", "EMERGENCY: Gas smell — unit 3-402". English, like the summary it replaces:
 * managers and vendors read it.
 */
export function workOrderTitle(request: RequestState, unitLabel: string | undefined): string {
  const problem = summarize({ subcategory: request.subcategory, isEmergency: request.isEmergency });
  const detail = request.location?.detail;
  const place =
    request.location?.kind === 'common_area'
      ? (detail ?? 'common area')
      : [detail, unitLabel ? `unit ${unitLabel}` : undefined].filter(Boolean).join(', ');
  return place ? `${problem} — ${place}` : problem;
}

/**
 * A complaint about someone else goes to the manager as a work order of its own; no one enters the unit.
 * It also waits as a complaint for a manager to verify or dismiss (issue 21 item 3).
 */
export async function fileComplaint(
  tx: Db,
  context: TurnContext,
  language: AssistantLanguage,
  complaint: Complaint,
): Promise<Omit<Outcome, 'turn'>> {
  const opened = await openWorkOrder(
    tx,
    {
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
    },
    context.notifier,
  );
  // The complaint a manager verifies (into a violation) or dismisses (issue 21 item 3).
  await tx.insert(violationComplaints).values({
    propertyId: context.propertyId!,
    reporterId: context.owner.id,
    workOrderId: opened.workOrder.id,
    text: context.text.trim(),
  });
  const ref = opened.reference;
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
      summary: `${complaint.summary} — work order ${ref}`,
    },
    memory: { workOrderId: opened.workOrder.id, roomId: opened.room.id, language },
  };
}

/**
 * Links a new work order to the open one it looked like, and says so in both rooms, so whoever works
 * on one knows of the other.
 */
async function linkWorkOrders(
  tx: Db,
  opened: { id: string; reference: string },
  roomId: string,
  linkedId: string,
) {
  await tx
    .insert(workOrderLinks)
    .values({ workOrderId: opened.id, linkedWorkOrderId: linkedId })
    .onConflictDoNothing();
  const [[linked], [linkedRoom]] = await Promise.all([
    tx
      .select({ referencePrefix: properties.workOrderPrefix, referenceNumber: workOrders.referenceNumber })
      .from(workOrders)
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .where(eq(workOrders.id, linkedId)),
    activeRoomsOf(tx, linkedId),
  ]);
  const notices = [
    {
      roomId,
      content: `Linked to ${formatWorkOrderReference(linked!)}: the resident reported this while that request was open, and said it is a new problem.`,
    },
    ...(linkedRoom
      ? [
          {
            roomId: linkedRoom.id,
            content: `Linked to ${opened.reference}: the resident reported a similar problem and said it is a new one.`,
          },
        ]
      : []),
  ];
  await tx.insert(chatMessages).values(
    notices.map((notice) => ({
      ...notice,
      role: 'system' as const,
      processed: true,
      metadata: { linked_work_order_id: notice.roomId === roomId ? linkedId : opened.id },
      createdAt: sql`clock_timestamp()`,
    })),
  );
}

/**
 * The resident said their report is about an open request: their words go to its room for the
 * manager (and vendor) to read, rather than into a second work order.
 */
export async function addToRequest(
  tx: Db,
  context: TurnContext,
  workOrder: WorkOrderBrief,
  request: RequestState,
): Promise<{ link?: { work_order_id: string; room_id: string }; managerName?: string }> {
  const [room] = await activeRoomsOf(tx, workOrder.id);
  const manager = await managerOfProperty(tx, workOrder.propertyId);
  if (!room) return { managerName: manager?.fullName };
  await tx.insert(chatMessages).values({
    roomId: room.id,
    role: 'system',
    content: `${context.owner.fullName} reported this again through the assistant: ${request.description.map((line) => `"${line}"`).join(' ')}`,
    processed: true,
    createdAt: sql`clock_timestamp()`,
  });
  return { link: { work_order_id: workOrder.id, room_id: room.id }, managerName: manager?.fullName };
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
