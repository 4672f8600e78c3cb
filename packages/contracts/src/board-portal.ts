import { z } from 'zod';
import { workOrderPrioritySchema, workOrderStatusSchema } from './work-orders.ts';

/** Work order statuses that still need work: the board's "open" figures count these. */
export const openWorkOrderStatuses = ['new', 'pending', 'in_progress'] as const;
export const openWorkOrderStatusSchema = z.enum(openWorkOrderStatuses);

/** How far back "average time to completion" looks. */
export const completionWindowDays = 90;

const countSchema = z.number().int().nonnegative();

/**
 * The board's live work order overview (issue 9): open work orders by status, category and property,
 * and the average time from creation to completion of those completed in the last 90 days.
 */
export const boardWorkOrderOverviewSchema = z.object({
  generatedAt: z.iso.datetime(),
  propertyCount: countSchema,
  openCount: countSchema,
  openByStatus: z.array(z.object({ status: openWorkOrderStatusSchema, count: countSchema })),
  /** Most open first; categories with none are left out. */
  openByCategory: z.array(z.object({ category: z.string(), count: countSchema })),
  /** Every property, most open first. */
  openByProperty: z.array(z.object({ propertyId: z.uuid(), name: z.string(), count: countSchema })),
  completion: z.object({
    windowDays: z.number().int().positive(),
    completedCount: countSchema,
    /** Mean hours from creation to completion; null when none were completed in the window. */
    averageHours: z.number().nonnegative().nullable(),
  }),
});
export type BoardWorkOrderOverview = z.infer<typeof boardWorkOrderOverviewSchema>;

/** One open work order as the printable report lists it. */
export const boardReportWorkOrderSchema = z.object({
  id: z.uuid(),
  /** "WC-1042": the association's reference (formatWorkOrderReference). */
  reference: z.string(),
  summary: z.string(),
  propertyName: z.string(),
  mainCategory: z.string(),
  status: workOrderStatusSchema,
  priority: workOrderPrioritySchema,
  createdAt: z.iso.datetime(),
});
export type BoardReportWorkOrder = z.infer<typeof boardReportWorkOrderSchema>;

/** The associations whose board the caller sits on today (admins: every one), by name; at most 50. */
export const boardAssociationListSchema = z.object({
  associations: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type BoardAssociationList = z.infer<typeof boardAssociationListSchema>;
