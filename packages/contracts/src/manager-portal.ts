import { z } from 'zod';
import { taskAssigneeTypes, taskStatuses, workOrderPrioritySchema } from './work-orders.ts';
import { openWorkOrderStatusSchema } from './board-portal.ts';
import { documentCategories } from './documents.ts';
import { violationCategories } from './violations.ts';

/**
 * Property health (issue 9), stated in the UI with this formula: the average of the share of the
 * required document categories on file and a work order score, 1 − (open work orders per unit × 10),
 * never below 0 — one open work order per 10 units scores 0. With none of the required documents on
 * file there is nothing to judge the documents part by: no score (null), and the screen says what is
 * missing instead of an alarming figure (issue 26).
 */
export const healthOpenPerUnitLimit = 0.1;

export function computePropertyHealth(input: {
  requiredPresent: number;
  requiredTotal: number;
  openWorkOrders: number;
  units: number;
}): { documentsScore: number; workOrdersScore: number; score: number | null } {
  const documentsScore = input.requiredTotal > 0 ? input.requiredPresent / input.requiredTotal : 1;
  const openPerUnit = input.openWorkOrders / Math.max(input.units, 1);
  const workOrdersScore = Math.max(0, 1 - openPerUnit / healthOpenPerUnitLimit);
  return {
    documentsScore,
    workOrdersScore,
    score:
      input.requiredTotal > 0 && input.requiredPresent === 0
        ? null
        : Math.round(((documentsScore + workOrdersScore) / 2) * 100),
  };
}

const countSchema = z.number().int().nonnegative();
const personSchema = z.object({ id: z.string(), name: z.string() });

export const managerPropertyHealthSchema = z.object({
  propertyId: z.uuid(),
  name: z.string(),
  units: z.number().int().positive(),
  requiredDocuments: z.object({ present: countSchema, total: countSchema }),
  /** The required document categories not on file yet, in the order they are required. */
  missingDocuments: z.array(z.enum(documentCategories)),
  openWorkOrders: countSchema,
  /** 0–100, by computePropertyHealth; null while none of the required documents is on file. */
  score: z.number().int().min(0).max(100).nullable(),
});
export type ManagerPropertyHealth = z.infer<typeof managerPropertyHealthSchema>;

/** An open work order of a managed property, with the people a new task could go to. */
export const managerWorkOrderSchema = z.object({
  id: z.uuid(),
  /** "WC-1042": formatWorkOrderReference. */
  reference: z.string(),
  summary: z.string(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  mainCategory: z.string(),
  status: openWorkOrderStatusSchema,
  priority: workOrderPrioritySchema,
  createdAt: z.iso.datetime(),
  dueDate: z.iso.date().nullable(),
  openTaskCount: countSchema,
  resident: personSchema.nullable(),
  vendor: personSchema.nullable(),
  managers: z.array(personSchema),
});
export type ManagerWorkOrder = z.infer<typeof managerWorkOrderSchema>;

/** Why a work order needs attention today, most urgent first (issue 26). */
export const attentionReasons = ['emergency', 'overdue', 'high', 'new'] as const;
export type AttentionReason = (typeof attentionReasons)[number];
export const attentionReasonLabels: Record<AttentionReason, string> = {
  emergency: 'Emergency',
  overdue: 'Overdue',
  high: 'High priority',
  new: 'New',
};

/** An open work order that needs the manager today, with its reasons. */
export const managerAttentionItemSchema = managerWorkOrderSchema.extend({
  reasons: z.array(z.enum(attentionReasons)).min(1),
});
export type ManagerAttentionItem = z.infer<typeof managerAttentionItemSchema>;

export const managerTaskSchema = z.object({
  id: z.uuid(),
  taskDescription: z.string(),
  taskStatus: z.enum(taskStatuses),
  assignedToType: z.enum(taskAssigneeTypes),
  assignedToName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  workOrderId: z.uuid(),
  /** The work order's "WC-1042" (formatWorkOrderReference). */
  workOrderReference: z.string(),
  workOrderSummary: z.string(),
  propertyName: z.string(),
});
export type ManagerTask = z.infer<typeof managerTaskSchema>;

export const managerCommunicationSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  senderName: z.string().nullable(),
  /** The sender's role in the room (resident, manager, vendor, admin); null if they were not a participant. */
  senderRole: z.string().nullable(),
  roomId: z.uuid(),
  roomName: z.string(),
  workOrderId: z.uuid(),
  propertyName: z.string(),
});
export type ManagerCommunication = z.infer<typeof managerCommunicationSchema>;

/** How many rows the portal's lists carry at most; the totals say how many there are. */
export const managerPortalListLimit = 50;
export const managerPortalCommunicationLimit = 5;

export const managerPortalOverviewSchema = z.object({
  /** True for an admin: every property, not only managed ones. */
  isAllProperties: z.boolean(),
  properties: z.array(managerPropertyHealthSchema),
  openWorkOrders: z.array(managerWorkOrderSchema),
  openWorkOrderCount: countSchema,
  /**
   * "What needs attention today": open work orders that are new, past their due date, or high
   * priority or emergencies, the most urgent first (emergency, overdue, high, new; then the oldest).
   */
  needsAttention: z.array(managerAttentionItemSchema),
  needsAttentionCount: countSchema,
  openTasks: z.array(managerTaskSchema),
  openTaskCount: countSchema,
  communications: z.array(managerCommunicationSchema),
  /** Open violations by their rule's category over the properties in view, largest first (issue 21). */
  openViolationsByCategory: z.array(z.object({ category: z.enum(violationCategories), count: countSchema })),
});
export type ManagerPortalOverview = z.infer<typeof managerPortalOverviewSchema>;
