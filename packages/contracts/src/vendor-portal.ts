import { z } from 'zod';
import { pageFields, pageQueryFields } from './paging.ts';
import { workOrderPrioritySchema, workOrderStatusSchema } from './work-orders.ts';

/**
 * Vendor Portal (SPEC §2, issue 9): the work orders assigned to the vendor are live, each with the
 * work room to open; bid opportunities and invoices are sample content (SPEC §3 static sample records).
 */
export const vendorWorkOrderSchema = z.object({
  id: z.uuid(),
  property: z.object({ name: z.string(), address: z.string() }),
  /** The work order's summary. */
  description: z.string(),
  status: workOrderStatusSchema,
  priority: workOrderPrioritySchema,
  dueDate: z.iso.date().nullable(),
  createdAt: z.iso.datetime(),
  /** The work room to open (one the vendor takes part in, if any); null when the order has no room yet. */
  roomId: z.uuid().nullable(),
  /** Who it is assigned to: shown to admins, who see every vendor's work orders here. */
  vendor: z.object({ id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
});
export type VendorWorkOrder = z.infer<typeof vendorWorkOrderSchema>;

/** A page of the vendor's work orders (20 by default): open ones first, soonest due first. */
export const vendorPortalQuerySchema = z.object({ ...pageQueryFields(20) });
export type VendorPortalQuery = z.infer<typeof vendorPortalQuerySchema>;

/** The vendor's work at a glance, counted over all their work orders, not the page. */
export const vendorWorkCountsSchema = z.object({
  open: z.number().int(),
  /** Open, and due within seven days of the association's own date (overdue ones included). */
  dueSoon: z.number().int(),
  completed: z.number().int(),
});
export type VendorWorkCounts = z.infer<typeof vendorWorkCountsSchema>;

export const vendorPortalSchema = z.object({
  summary: vendorWorkCountsSchema,
  workOrders: z.array(vendorWorkOrderSchema),
  ...pageFields,
});
export type VendorPortal = z.infer<typeof vendorPortalSchema>;
