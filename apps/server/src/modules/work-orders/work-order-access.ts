import { sql, type SQL } from 'drizzle-orm';
import type { WorkOrderStatus } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { breakoutRooms, workOrderCounts, workOrders } from '../../db/schema/index.ts';
import { rowsOf } from '../realtime/publish.ts';
import { belongsToAssociation, managesProperty, sitsOnBoard, type Person } from '../access/memberships.ts';

/**
 * Who may see a work order and its rooms — the one place that decides, for HTTP and realtime alike
 * (issues 15 and 17; docs/access.md). Access rests on standing reasons, checked afresh on every query
 * through the memberships of modules/access (whatever the person's global role, every reason they
 * have counts):
 * - admins: every work order;
 * - a manager: the work orders of the properties they manage now;
 * - a board member: the work orders of the association whose board they sit on now (to read);
 * - a resident: the work orders they made, while they still own or live in a unit of that association;
 * - a vendor: the work orders assigned to them now;
 * - a developer: the work orders of the rooms they are put in, while they are in the room.
 * A room is open to its work order's managers and board members, and to others while they are active
 * participants. Having posted in a room is no reason on its own: a manager removed from the property, a
 * vendor taken off the job or a resident who moved out loses the room with the reason.
 */

export type { Person } from '../access/memberships.ts';

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

/**
 * A resident's complaint about a neighbour (issue 21 item 3): its resident is the reporter, who is never
 * shown to the cited owner — and a board member may be that owner. The board does not oversee it; the
 * managers, the reporter and anyone working on it still see it.
 */
const isComplaint = (workOrder: WorkOrderRef) =>
  sql`exists (select 1 from violation_complaints vc where vc.work_order_id = ${workOrder.id})`;

/**
 * Reasons that open a work order's rooms without taking part in them: running its property, or
 * governing it (every work order but a complaint's).
 */
function oversees(person: Person, workOrder: WorkOrderRef): SQL {
  return sql`(${managesProperty(person.id, workOrder.propertyId)} or (${sitsOnBoard(person.id, workOrder.propertyId)}
    and not ${isComplaint(workOrder)}))`;
}

/**
 * The person's reasons to see a work order other than overseeing it: their own request (while they
 * still belong to the association), their assignment, and for a developer a room they are in.
 */
function ownReasons(person: Person, workOrder: WorkOrderRef): SQL {
  const reasons = [
    sql`(${workOrder.residentId} = ${person.id} and ${belongsToAssociation(person.id, workOrder.propertyId)})`,
    sql`${workOrder.vendorId} = ${person.id}`,
  ];
  // Nothing links a developer to a work order yet but being put in one of its rooms (issue 25 will
  // give them projects): for them alone, taking part is the reason, until they leave the room.
  if (person.role === 'developer')
    reasons.push(sql`exists (select 1 from room_participants rp join breakout_rooms br on br.id = rp.room_id
      where br.work_order_id = ${workOrder.id} and rp.user_id = ${person.id} and rp.is_active)`);
  return sql`(${sql.join(reasons, sql` or `)})`;
}

/** The person's reasons to see the work order, or undefined when they see every one (admins). */
function reasonToSee(person: Person, workOrder: WorkOrderRef): SQL | undefined {
  if (person.role === 'admin') return undefined;
  return sql`(${oversees(person, workOrder)} or ${ownReasons(person, workOrder)})`;
}

/** A where-condition over work_orders: the work orders this person may see (undefined: all). */
export function visibleWorkOrdersCondition(person: Person): SQL | undefined {
  return reasonToSee(person, workOrdersTable);
}

/**
 * The person's reasons to see work orders, with their memberships looked up first: the properties
 * they manage (`overseen`: every work order) and those whose board they sit on alone (`governed`: every
 * work order but complaints) as lists of ids, and their other reasons (their own requests, their
 * assignments, rooms they are in) as conditions. `all` for admins.
 */
export type WorkOrderReach =
  { all: true } | { all: false; overseen: string[]; governed: string[]; others: SQL[] };

const idList = (list: string[]) =>
  sql.join(
    list.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export async function workOrderReach(db: Db, person: Person): Promise<WorkOrderReach> {
  if (person.role === 'admin') return { all: true };
  const [row] = rowsOf<{ overseen: string[] | null; governed: string[] | null; member: string[] | null }>(
    await db.execute(sql`select
      array(select p.id from properties p where ${managesProperty(person.id, sql`p.id`)}) as overseen,
      array(select p.id from properties p where ${sitsOnBoard(person.id, sql`p.id`)}
        and not ${managesProperty(person.id, sql`p.id`)}) as governed,
      array(select p.id from properties p where ${belongsToAssociation(person.id, sql`p.id`)}) as member`),
  );
  const others: SQL[] = [sql`${workOrders.vendorId} = ${person.id}`];
  if (row?.member?.length)
    others.push(
      sql`(${workOrders.residentId} = ${person.id} and ${workOrders.propertyId} in (${idList(row.member)}))`,
    );
  if (person.role === 'developer')
    others.push(sql`exists (select 1 from room_participants rp join breakout_rooms br on br.id = rp.room_id
      where br.work_order_id = ${workOrders.id} and rp.user_id = ${person.id} and rp.is_active)`);
  return { all: false, overseen: row?.overseen ?? [], governed: row?.governed ?? [], others };
}

/** The property-wide reasons of a reach, each a condition over work_orders. */
function propertyWideReasons(reach: { overseen: string[]; governed: string[] }): SQL[] {
  const reasons: SQL[] = [];
  if (reach.overseen.length) reasons.push(sql`${workOrders.propertyId} in (${idList(reach.overseen)})`);
  if (reach.governed.length)
    reasons.push(
      sql`(${workOrders.propertyId} in (${idList(reach.governed)}) and not ${isComplaint(workOrdersTable)})`,
    );
  return reasons;
}

/** The property-wide reasons of a reach, as one condition over work_orders (null when there are none). */
function propertyWide(reach: { overseen: string[]; governed: string[] }): SQL | null {
  const reasons = propertyWideReasons(reach);
  return reasons.length ? sql`(${sql.join(reasons, sql` or `)})` : null;
}

/**
 * The work orders within reach as a where-condition over work_orders (undefined: all): the same
 * condition as visibleWorkOrdersCondition, with the memberships written in as lists of property ids
 * (issue 19). For a paged list the planner then knows how many rows each reason matches: with the
 * lists hidden in subqueries it guessed thousands for an owner who has a handful, and read the whole
 * table newest first to find them.
 */
export function reachCondition(reach: WorkOrderReach): SQL | undefined {
  if (reach.all) return undefined;
  return sql`(${sql.join(reasonsOf(reach), sql` or `)})`;
}

/** Each reason of a reach to see work orders, as its own condition over work_orders. */
const reasonsOf = (reach: { overseen: string[]; governed: string[]; others: SQL[] }) => [
  ...propertyWideReasons(reach),
  ...reach.others,
];

/**
 * The ids of the newest `first` work orders within reach that also match `where` (newest first by
 * created_at, then id), as a subquery for `work_orders.id in (…)`; undefined for admins, whose page
 * is the table's own order. Each reason is its own branch, read in order from its own index (the
 * properties', the vendor's, the resident's) and cut at `first`; the branches' union holds the page.
 * With the reasons joined by `or`, no single index gives that order: a board member's page walked the
 * portfolio's newest work orders keeping one in sixty (issue 19: 30 ms against 3).
 */
export function newestWithinReach(
  reach: WorkOrderReach,
  where: SQL | undefined,
  first: number,
): SQL | undefined {
  if (reach.all) return undefined;
  const branches = reasonsOf(reach).map(
    (reason) =>
      sql`(select ${workOrders.id} from ${workOrders} where ${reason}${where ? sql` and ${where}` : sql``}
        order by ${workOrders.createdAt} desc, ${workOrders.id} desc limit ${first})`,
  );
  return sql.join(branches, sql` union `);
}

/**
 * How many work orders (in a status, or in all) are within the person's reach. The properties they oversee are
 * summed from work_order_counts, which triggers keep (migration 0023); only work orders seen for
 * another reason (their own requests elsewhere, their assignments) are counted row by row — a
 * manager of 12 associations otherwise counted some 22,000 rows for every page of a list (issue 19).
 */
export async function countWithinReach(
  db: Db,
  reach: WorkOrderReach,
  status: WorkOrderStatus | undefined,
): Promise<number> {
  const inStatus = (column: SQL) => (status ? sql` and ${column} = ${status}` : sql``);
  const summed = (properties: SQL) =>
    sql`(select coalesce(sum(c.count), 0)::int from ${workOrderCounts} c where ${properties}${inStatus(sql`c.status`)})`;
  if (reach.all) return (await totalOf(db, summed(sql`true`))) ?? 0;
  const properties = [...reach.overseen, ...reach.governed];
  const wide = propertyWide(reach);
  const counted = sql`(select count(*)::int from ${workOrders} where (${sql.join(reach.others, sql` or `)})${
    wide ? sql` and not ${wide}` : sql``
  }${inStatus(sql`${workOrders.status}`)})`;
  if (!properties.length) return (await totalOf(db, counted)) ?? 0;
  // The governed properties' complaints are in their counts but not within the board's reach.
  const complaints = reach.governed.length
    ? sql`(select count(*)::int from ${workOrders} where ${workOrders.propertyId} in (${idList(reach.governed)})
        and ${isComplaint(workOrdersTable)}${inStatus(sql`${workOrders.status}`)})`
    : sql`0`;
  return (
    (await totalOf(
      db,
      sql`${summed(sql`c.property_id in (${idList(properties)})`)} - ${complaints} + ${counted}`,
    )) ?? 0
  );
}

async function totalOf(db: Db, expression: SQL): Promise<number | undefined> {
  return rowsOf<{ total: number }>(await db.execute(sql`select ${expression} as total`))[0]?.total;
}

/**
 * A where-condition over breakout_rooms: the rooms this person may read — those of the work orders they
 * oversee, and those they take part in while they have another reason to see the work order. (Written
 * without repeating the overseeing: "oversees, or sees it and takes part" is "oversees, or has another
 * reason and takes part", and the condition is planned for every statement that reads a room.)
 */
export function roomAccessCondition(person: Person): SQL {
  if (person.role === 'admin') return sql`true`;
  return sql`exists (select 1 from work_orders wo where wo.id = ${breakoutRooms.workOrderId} and (
    ${oversees(person, roomWorkOrder)}
    or (${ownReasons(person, roomWorkOrder)} and exists (select 1 from room_participants rp
      where rp.room_id = ${breakoutRooms.id} and rp.user_id = ${person.id} and rp.is_active))))`;
}

/**
 * roomAccessCondition with the memberships written in as lists (a WorkOrderReach), over breakout_rooms
 * joined with their work_orders (undefined: every room). The same rooms; planned in a fraction of the
 * time, since the planner no longer weighs a subquery per membership (issue 19: the room pages planned
 * for ~4 ms per statement for an owner).
 */
export function roomReachCondition(reach: WorkOrderReach, personId: string): SQL | undefined {
  if (reach.all) return undefined;
  const takesPart = sql`exists (select 1 from room_participants rp
    where rp.room_id = ${breakoutRooms.id} and rp.user_id = ${personId} and rp.is_active)`;
  const ownAndTakingPart = sql`((${sql.join(reach.others, sql` or `)}) and ${takesPart})`;
  const wide = propertyWide(reach);
  return wide ? sql`(${wide} or ${ownAndTakingPart})` : ownAndTakingPart;
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
