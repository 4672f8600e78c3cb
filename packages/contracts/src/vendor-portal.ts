import { z } from 'zod';
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

export const vendorPortalSchema = z.object({ workOrders: z.array(vendorWorkOrderSchema) });
export type VendorPortal = z.infer<typeof vendorPortalSchema>;
