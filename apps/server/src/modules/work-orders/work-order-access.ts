import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { breakoutRooms, workOrders } from '../../db/schema/index.ts';
import { rowsOf } from '../realtime/publish.ts';

/**
 * Who may see a work order and its rooms — the one place that decides, for HTTP and realtime alike
 * (issue 15; docs/access.md). Access rests on a standing reason, checked afresh on every query:
 * - admins and the board: every work order (the board reads);
 * - a manager: the work orders of the properties they manage now;
 * - a resident: the work orders they made at a property they still live at;
 * - a vendor: the work orders assigned to them now;
 * - a developer: the work orders of the rooms they are active participants of.
 * A room is open to those who may see its work order — managers always, residents and vendors while
 * they are active participants. Having posted in a room is no reason on its own: a manager removed
 * from the property, a vendor taken off the job or a resident who moved out loses the room with the
 * reason, even if a participant row is left behind.
 */

export type Person = { id: string; role: Role };

/** A work order as SQL column references (of `work_orders` or of an alias in a subquery). */
type WorkOrderRef = { id: SQL; propertyId: SQL; residentId: SQL; vendorId: SQL };

const workOrdersTable: WorkOrderRef = {
  id: sql`${workOrders.id}`,
  propertyId: sql`${workOrders.propertyId}`,
  residentId: sql`${workOrders.residentId}`,
  vendorId: sql`${workOrders.vendorId}`,
};
const roomWorkOrder: WorkOrderRef = {
  id: sql`wo.id`,
  propertyId: sql`wo.property_id`,
  residentId: sql`wo.resident_id`,
  vendorId: sql`wo.vendor_id`,
};

/** The person's reason to see the work order, or undefined when their role sees every one. */
function reasonToSee(person: Person, workOrder: WorkOrderRef): SQL | undefined {
  switch (person.role) {
    case 'admin':
    case 'board':
      return undefined;
    case 'manager':
      return sql`exists (select 1 from property_managers pm
        where pm.property_id = ${workOrder.propertyId} and pm.user_id = ${person.id})`;
    case 'resident':
      return sql`(${workOrder.residentId} = ${person.id} and exists (select 1 from property_residents pr
        where pr.property_id = ${workOrder.propertyId} and pr.user_id = ${person.id} and pr.status = 'active'))`;
    case 'vendor':
      return sql`${workOrder.vendorId} = ${person.id}`;
    case 'developer':
      // Nothing links a developer to a work order yet but being put in one of its rooms: that is
      // their reason, until they leave it (issue 17's memberships will give them a real one).
      return sql`exists (select 1 from room_participants rp join breakout_rooms br on br.id = rp.room_id
        where br.work_order_id = ${workOrder.id} and rp.user_id = ${person.id} and rp.is_active)`;
  }
}

/** A where-condition over work_orders: the work orders this person may see (undefined: all). */
export function visibleWorkOrdersCondition(person: Person): SQL | undefined {
  return reasonToSee(person, workOrdersTable);
}

/** A where-condition over breakout_rooms: the rooms this person may read. */
export function roomAccessCondition(person: Person): SQL {
  const reason = reasonToSee(person, roomWorkOrder);
  if (reason === undefined) return sql`true`;
  const ofItsWorkOrder = sql`exists (select 1 from work_orders wo
    where wo.id = ${breakoutRooms.workOrderId} and ${reason})`;
  if (person.role === 'manager') return ofItsWorkOrder;
  return sql`(${ofItsWorkOrder} and exists (select 1 from room_participants rp
    where rp.room_id = ${breakoutRooms.id} and rp.user_id = ${person.id} and rp.is_active))`;
}

/** Of these people, those who may see the work order now (for whom its live updates are meant). */
export async function peopleWhoSee(db: Db, workOrderId: string, people: Person[]): Promise<string[]> {
  const seeing: string[] = [];
  for (const person of people) {
    const result = await db.execute(
      sql`select 1 from work_orders where ${workOrders.id} = ${workOrderId} and ${
        visibleWorkOrdersCondition(person) ?? sql`true`
      }`,
    );
    if (rowsOf(result).length > 0) seeing.push(person.id);
  }
  return seeing;
}
