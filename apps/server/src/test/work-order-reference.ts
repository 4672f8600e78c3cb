import { eq } from 'drizzle-orm';
import { formatWorkOrderReference } from '@commonwise/contracts';
import type { Db } from '../db/client.ts';
import { properties, workOrders } from '../db/schema/index.ts';

/** A work order's reference as people see it ("WC-1042"), read from the database for a test's expectations. */
export async function referenceOf(db: Db, workOrderId: string): Promise<string> {
  const [row] = await db
    .select({ referencePrefix: properties.workOrderPrefix, referenceNumber: workOrders.referenceNumber })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(eq(workOrders.id, workOrderId));
  if (!row) throw new Error(`no work order ${workOrderId}`);
  return formatWorkOrderReference(row);
}
