import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatWorkOrderReference, parseWorkOrderReference } from '@commonwise/contracts';
import type {
  CreateTask,
  TaskAssignees,
  UpdateTaskDetails,
  PageQuery,
  WorkOrder,
  WorkOrderList,
  WorkOrderStatus,
  WorkOrderActivity,
  WorkOrderActivityPage,
  WorkOrderDetail,
  WorkOrderTask,
  WorkOrderTaskList,
} from '@commonwise/contracts';
import { workOrderSearchCountCap } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  breakoutRooms,
  profiles,
  properties,
  propertyManagers,
  workOrderActivity,
  workOrders,
  workOrderTasks,
} from '../../db/schema/index.ts';
import { isoTimestamp } from '../../db/schema/sql.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import {
  countWithinReach,
  newestWithinReach,
  reachCondition,
  visibleWorkOrdersCondition,
  workOrderReach,
  type WorkOrderReach,
} from './work-order-access.ts';
import { noticeTaskFlagged, noticeTaskGiven, noticeVisitScheduled } from './work-order-notices.ts';
import { belongsToAssociation } from '../access/memberships.ts';
import { administers, administersColumn } from '../access/scope.ts';
import { currentHomeLabelsAt } from '../access/homes.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { sendWithTask, withTaskAttachments } from '../attachments/message-attachments.ts';
import { workOrderUpdatedEvents } from '../work-rooms/room-notices.ts';
import { publishAll } from '../realtime/publish.ts';

/** The work orders the caller may read (work-order-access.ts decides). */
export function visibleWorkOrdersFilter(ctx: ServiceContext): SQL | undefined {
  return visibleWorkOrdersCondition(ctx.actor);
}

/** The columns toWorkOrder reads: a work order joined with its property. */
export const workOrderColumns = {
  workOrder: workOrders,
  propertyName: properties.name,
  propertyAddress: properties.address,
  referencePrefix: properties.workOrderPrefix,
};

export function toWorkOrder(row: {
  workOrder: typeof workOrders.$inferSelect;
  propertyName: string;
  propertyAddress: string;
  referencePrefix: string;
}): WorkOrder {
  const { workOrder } = row;
  return {
    id: workOrder.id,
    reference: formatWorkOrderReference({
      referencePrefix: row.referencePrefix,
      referenceNumber: workOrder.referenceNumber,
    }),
    residentId: workOrder.residentId,
    propertyId: workOrder.propertyId,
    vendorId: workOrder.vendorId,
    summary: workOrder.summary,
    mainCategory: workOrder.mainCategory,
    subcategory: workOrder.subcategory,
    status: workOrder.status as WorkOrder['status'],
    priority: workOrder.priority as WorkOrder['priority'],
    createdAt: workOrder.createdAt.toISOString(),
    dueDate: workOrder.dueDate,
    property: { name: row.propertyName, address: row.propertyAddress },
  };
}

/**
 * The id range a typed beginning of an id covers ("3f2a" → 3f2a0000-0000-… to 3f2affff-ffff-…), or
 * undefined when no id can begin so. Ids print as lower-case hex in 8-4-4-4-12 groups, and uuids
 * order as their hex text does, so this range is exactly the ids whose text starts with the prefix —
 * found by the primary key, where `id::text ilike '3f2a%'` read every work order.
 */
export function idPrefixRange(prefix: string): { from: string; to: string } | undefined {
  const shape = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
  const text = prefix.toLowerCase();
  if (text.length > shape.length) return undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (shape[index] === '-' ? char !== '-' : !/[0-9a-f]/.test(char)) return undefined;
  }
  const fill = (digit: string) => text + shape.slice(text.length).replace(/x/g, digit);
  return { from: fill('0'), to: fill('f') };
}

/**
 * Work orders whose reference is `q` ("WC-1042"), whose summary or property's name contains it, or
 * whose id begins with it. Written on
 * work_orders alone (the property's name through the ids of the properties that match, the id as a
 * range) so that each part can use an index: the summary's trigrams, the property's work orders, the
 * primary key (issue 19: searching read every work order of the portfolio, twice).
 */
function matchingWorkOrders(q: string): SQL {
  const range = idPrefixRange(q);
  const reference = parseWorkOrderReference(q);
  return or(
    // "WC-1042": one association's number, by the (property, number) index.
    reference
      ? and(
          sql`${workOrders.propertyId} = any(array(select p.id from properties p where p.work_order_prefix = ${reference.prefix}))`,
          eq(workOrders.referenceNumber, reference.number),
        )
      : undefined,
    ilike(workOrders.summary, containing(q)),
    sql`${workOrders.propertyId} = any(array(select p.id from properties p where p.name ilike ${containing(q)}))`,
    range ? sql`${workOrders.id} between ${range.from}::uuid and ${range.to}::uuid` : undefined,
  )!;
}

/**
 * The work orders the caller may see, newest first, a page at a time: `q` matches the summary, the
 * property's name, the reference ("WC-1042") or the beginning of the id (as people read ids out,
 * "#3f2a…").
 */
export async function listWorkOrders(
  ctx: ServiceContext,
  query: PageQuery & { q?: string | undefined; status?: WorkOrderStatus | undefined },
  // The caller's reach when already looked up for this request (the work-room list reads its rooms with it).
  known?: WorkOrderReach,
): Promise<WorkOrderList> {
  const q = query.q?.replace(/^#/, '');
  const reach = known ?? (await workOrderReach(ctx.db, ctx.actor));
  const status = query.status ? eq(workOrders.status, query.status) : undefined;
  const where = and(reachCondition(reach), status, q ? matchingWorkOrders(q) : undefined);
  const page = (condition: SQL | undefined) =>
    ctx.db
      .select(workOrderColumns)
      .from(workOrders)
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .where(condition)
      .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
      .limit(query.limit)
      .offset(offsetOf(query));
  let rows: Awaited<ReturnType<typeof page>>;
  let total: number;
  if (q) {
    // A search's matches are counted up to a cap (a common word matched 23,000 work orders of the
    // portfolio, 110 ms to count; past the cap nobody pages, they narrow the search). Every work order
    // has its property (a non-null foreign key), so the count needs no join.
    const matches = ctx.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(where)
      .limit(workOrderSearchCountCap + 1);
    const [counted] = await ctx.db.select({ total: count() }).from(matches.as('matches'));
    total = counted?.total ?? 0;
    // Few matches (one association's "leak": 402 of its 4,400): the page is sorted from the matches
    // themselves. Walking every work order newest first until enough match read ~30,000 rows (125 ms);
    // that walk stays for a common word, whose matches come thick enough to fill a page at once.
    rows = await page(total > workOrderSearchCountCap ? where : inArray(workOrders.id, matches));
  } else {
    // Without a search the page is taken from the newest of each reason to see (newestWithinReach),
    // and the total is a sum of kept counts.
    const newest = newestWithinReach(reach, status, offsetOf(query) + query.limit);
    [rows, total] = await Promise.all([
      page(newest ? sql`${workOrders.id} in (${newest})` : where),
      countWithinReach(ctx.db, reach, query.status),
    ]);
  }
  return {
    workOrders: rows.map(toWorkOrder),
    total: q ? Math.min(total, workOrderSearchCountCap) : total,
    totalIsCapped: Boolean(q) && total > workOrderSearchCountCap,
    page: query.page,
    limit: query.limit,
  };
}

/** A work order by id, whoever asks: for callers that have already checked access another way. */
export async function findWorkOrder(db: Db, id: string): Promise<WorkOrder | undefined> {
  const [row] = await db
    .select(workOrderColumns)
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(eq(workOrders.id, id));
  return row && toWorkOrder(row);
}

/** Whether the caller runs the property (its manager, or an admin): modules/access decides. */
export async function canManageProperty(db: Db, actor: ServiceContext['actor'], propertyId: string) {
  return administers(db, actor, propertyId);
}

export async function getWorkOrder(ctx: ServiceContext, id: string): Promise<WorkOrder> {
  const [row] = await ctx.db
    .select(workOrderColumns)
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(and(eq(workOrders.id, id), visibleWorkOrdersFilter(ctx)));
  if (!row) throw notFound('Work order');
  return toWorkOrder(row);
}

function toTask(row: typeof workOrderTasks.$inferSelect & { assignedToName: string | null }): WorkOrderTask {
  return {
    id: row.id,
    workOrderId: row.workOrderId,
    assignedToType: row.assignedToType as WorkOrderTask['assignedToType'],
    assignedToId: row.assignedToId,
    assignedToName: row.assignedToName,
    taskDescription: row.taskDescription,
    taskStatus: row.taskStatus as WorkOrderTask['taskStatus'],
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    dueDate: row.dueDate,
    completionNote: row.completionNote,
    flagReason: row.flagReason,
    flaggedAt: row.flaggedAt?.toISOString() ?? null,
  };
}

/** The task with its assignee's name (after a change, for the answer). */
async function taskWithName(db: Db, taskId: string): Promise<WorkOrderTask> {
  const [row] = await db
    .select({ task: workOrderTasks, assignedToName: profiles.fullName })
    .from(workOrderTasks)
    .leftJoin(profiles, eq(profiles.id, workOrderTasks.assignedToId))
    .where(eq(workOrderTasks.id, taskId));
  if (!row) throw notFound('Task');
  return toTask({ ...row.task, assignedToName: row.assignedToName });
}

const detailResidents = alias(profiles, 'resident');
const detailVendors = alias(profiles, 'vendor');

/**
 * A work order with what its page shows beside it, in one statement (issue 19: each statement costs a
 * round trip and the server's time, and this page is opened all day): the resident's and vendor's
 * names, the resident's units at the association, its active rooms and whether the caller runs the
 * property. The linked work orders are read alongside it.
 */
export async function getWorkOrderDetail(ctx: ServiceContext, id: string): Promise<WorkOrderDetail> {
  // The caller's memberships first, written into both statements as lists: planned in a fraction of
  // the time the membership subqueries took (issue 19).
  const visible = reachCondition(await workOrderReach(ctx.db, ctx.actor));
  const [[row], related] = await Promise.all([
    ctx.db
      .select({
        ...workOrderColumns,
        residentName: detailResidents.fullName,
        vendorName: detailVendors.fullName,
        residentUnits: currentHomeLabelsAt(sql`${workOrders.residentId}`, sql`${workOrders.propertyId}`),
        canManage: administersColumn(ctx.actor, sql`${workOrders.propertyId}`),
        rooms: sql<{ id: string; roomName: string; roomType: string; createdAt: string }[]>`(
          select coalesce(json_agg(json_build_object('id', r.id, 'roomName', r.room_name,
            'roomType', r.room_type,
            'createdAt', ${isoTimestamp(sql`r.created_at`)})
            order by r.created_at, r.id), '[]')
          from ${breakoutRooms} r where r.work_order_id = ${workOrders.id} and r.is_active)`,
      })
      .from(workOrders)
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .leftJoin(detailResidents, eq(detailResidents.id, workOrders.residentId))
      .leftJoin(detailVendors, eq(detailVendors.id, workOrders.vendorId))
      .where(and(eq(workOrders.id, id), visible)),
    relatedWorkOrders(ctx, id, visible),
  ]);
  if (!row) throw notFound('Work order');
  const workOrder = toWorkOrder(row);
  const { residentId, vendorId } = row.workOrder;
  return {
    workOrder,
    ...(related.length > 0 ? { related } : {}),
    resident:
      residentId && row.residentName !== null
        ? { id: residentId, fullName: row.residentName, units: row.residentUnits }
        : null,
    vendor: vendorId && row.vendorName !== null ? { id: vendorId, fullName: row.vendorName } : null,
    permissions: {
      canManage: row.canManage,
      canWorkOnTasks: row.canManage || workOrder.vendorId === ctx.actor.id,
    },
    // Only the active rooms are read.
    rooms: row.rooms.map((room) => ({ ...room, isActive: true })),
  };
}

/** The work orders linked to this one, either way round, that the caller may see; oldest first. */
async function relatedWorkOrders(ctx: ServiceContext, id: string, visible: SQL | undefined) {
  const rows = await ctx.db
    .select({
      id: workOrders.id,
      summary: workOrders.summary,
      status: workOrders.status,
      referencePrefix: properties.workOrderPrefix,
      referenceNumber: workOrders.referenceNumber,
    })
    .from(workOrders)
    .innerJoin(properties, eq(properties.id, workOrders.propertyId))
    .where(
      and(
        sql`${workOrders.id} in (select linked_work_order_id from work_order_links where work_order_id = ${id}
          union select work_order_id from work_order_links where linked_work_order_id = ${id})`,
        visible,
      ),
    )
    .orderBy(asc(workOrders.createdAt), asc(workOrders.id))
    .limit(20);
  return rows.map((row) => ({
    id: row.id,
    reference: formatWorkOrderReference(row),
    summary: row.summary,
    status: row.status,
  }));
}

/**
 * A work order's tasks, oldest first, a page at a time with the total. Tasks are only ever added (at
 * the end of this order), so a page once read does not shift.
 */
export async function listWorkOrderTasks(
  ctx: ServiceContext,
  workOrderId: string,
  query: PageQuery,
  links: AttachmentLinks,
): Promise<WorkOrderTaskList> {
  await getWorkOrder(ctx, workOrderId);
  const where = eq(workOrderTasks.workOrderId, workOrderId);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ task: workOrderTasks, assignedToName: profiles.fullName })
      .from(workOrderTasks)
      .leftJoin(profiles, eq(profiles.id, workOrderTasks.assignedToId))
      .where(where)
      .orderBy(asc(workOrderTasks.createdAt), asc(workOrderTasks.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(workOrderTasks).where(where),
  ]);
  return {
    tasks: await withTaskAttachments(
      ctx.db,
      links,
      rows.map((row) => toTask({ ...row.task, assignedToName: row.assignedToName })),
    ),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

export const unknownActivityMessage = 'That activity entry is not in this work order.';

/**
 * A work order's activity, newest first: the newest `limit` entries, or those older than the entry
 * `before`. A cursor, not an offset: the feed grows at the top while it is read downwards.
 */
export async function listWorkOrderActivity(
  ctx: ServiceContext,
  workOrderId: string,
  query: { before?: string | undefined; limit: number },
): Promise<WorkOrderActivityPage> {
  await getWorkOrder(ctx, workOrderId);
  const inWorkOrder = eq(workOrderActivity.workOrderId, workOrderId);
  let olderThan: SQL | undefined;
  if (query.before) {
    const [anchor] = await ctx.db
      .select({ id: workOrderActivity.id })
      .from(workOrderActivity)
      .where(and(eq(workOrderActivity.id, query.before), inWorkOrder));
    if (!anchor)
      throw new AppError(400, 'UNKNOWN_ACTIVITY', unknownActivityMessage, {
        fields: { before: unknownActivityMessage },
      });
    // Compared in SQL: timestamps carry microseconds, which a JavaScript Date would round away.
    olderThan = sql`(${workOrderActivity.createdAt}, ${workOrderActivity.id}) <
      (select a.created_at, a.id from work_order_activity a where a.id = ${anchor.id})`;
  }
  const rows = await ctx.db
    .select({ activity: workOrderActivity, actorName: profiles.fullName })
    .from(workOrderActivity)
    .leftJoin(profiles, eq(profiles.id, workOrderActivity.actorId))
    .where(and(inWorkOrder, olderThan))
    .orderBy(desc(workOrderActivity.createdAt), desc(workOrderActivity.id))
    .limit(query.limit + 1);
  return {
    activity: rows.slice(0, query.limit).map(({ activity: row, actorName }): WorkOrderActivity => ({
      id: row.id,
      workOrderId: row.workOrderId,
      activityType: row.activityType as WorkOrderActivity['activityType'],
      entityType: row.entityType,
      entityId: row.entityId,
      description: row.description,
      metadata: row.metadata,
      actorName,
      createdAt: row.createdAt.toISOString(),
    })),
    hasMore: rows.length > query.limit,
  };
}

/**
 * Admins act on every work order; managers on those of the properties they manage. One they cannot
 * see is not found; one they see but do not manage (a room they take part in) is forbidden.
 */
export async function requireManagedWorkOrder(ctx: ServiceContext, workOrderId: string): Promise<WorkOrder> {
  const workOrder = await getWorkOrder(ctx, workOrderId);
  if (!(await canManageProperty(ctx.db, ctx.actor, workOrder.propertyId))) throw forbidden();
  return workOrder;
}

const notOfWorkOrderMessages: Record<CreateTask['assignedToType'], string> = {
  manager: "The manager to assign must manage this work order's property.",
  resident: "The resident to assign must live at this work order's property.",
  vendor: 'The vendor to assign must be the vendor of this work order.',
};

/** Whether the person is one of the work order's own: its property's manager or active resident, its vendor. */
async function isOfWorkOrder(
  db: Pick<Db, 'select'>,
  workOrder: WorkOrder,
  type: CreateTask['assignedToType'],
  userId: string,
): Promise<boolean> {
  if (type === 'vendor') return workOrder.vendorId === userId;
  const [row] =
    type === 'manager'
      ? await db
          .select({ id: propertyManagers.id })
          .from(propertyManagers)
          .where(
            and(eq(propertyManagers.propertyId, workOrder.propertyId), eq(propertyManagers.userId, userId)),
          )
      : await db
          .select({ id: properties.id })
          .from(properties)
          .where(
            and(eq(properties.id, workOrder.propertyId), belongsToAssociation(userId, sql`${properties.id}`)),
          );
  return row !== undefined;
}

export async function createTask(
  ctx: ServiceContext,
  workOrderId: string,
  input: CreateTask,
): Promise<WorkOrderTask> {
  const workOrder = await requireManagedWorkOrder(ctx, workOrderId);
  return ctx.db.transaction(async (tx) => {
    const assigneeName = input.assignedToId
      ? await requireAssignee(tx, workOrder, input.assignedToType, input.assignedToId)
      : null;
    const [task] = await tx
      .insert(workOrderTasks)
      .values({
        workOrderId,
        propertyId: workOrder.propertyId,
        assignedToType: input.assignedToType,
        assignedToId: input.assignedToId ?? null,
        taskDescription: input.taskDescription.trim(),
        dueDate: input.dueDate ?? null,
      })
      .returning();
    await tx.insert(workOrderActivity).values({
      workOrderId,
      activityType: 'assigned',
      entityType: 'task',
      entityId: task!.id,
      description: `Task assigned to ${assigneeName ?? `the ${input.assignedToType}`}: ${task!.taskDescription}`,
      actorId: ctx.actor.id,
    });
    if (task!.assignedToId)
      await noticeTaskGiven(
        tx,
        ctx.notifier,
        workOrder,
        {
          id: task!.id,
          description: task!.taskDescription,
          dueDate: task!.dueDate,
          assigneeId: task!.assignedToId,
        },
        ctx.actor,
      );
    if (task!.assignedToType === 'vendor' && task!.dueDate)
      await noticeVisitScheduled(
        tx,
        ctx.notifier,
        workOrder,
        { description: task!.taskDescription, dueDate: task!.dueDate, vendorName: assigneeName },
        ctx.actor,
      );
    // Whoever has the work order open sees the task change (issue 26).
    await publishAll(tx, await workOrderUpdatedEvents(tx, workOrder));
    return toTask({ ...task!, assignedToName: assigneeName });
  });
}

/**
 * The person a task is given to, checked: of the type chosen, and one of the work order's own (they
 * are shown on it: someone of another property must not appear there). Answers their name.
 */
async function requireAssignee(
  tx: Pick<Db, 'select'>,
  workOrder: WorkOrder,
  type: CreateTask['assignedToType'],
  assigneeId: string,
): Promise<string> {
  const [assignee] = await tx.select().from(profiles).where(eq(profiles.id, assigneeId));
  if (!assignee || assignee.role !== type) {
    const message = `The person to assign must be a ${type}.`;
    throw new AppError(400, 'WRONG_ASSIGNEE', message, { fields: { assignedToId: message } });
  }
  if (!(await isOfWorkOrder(tx, workOrder, type, assignee.id))) {
    const message = notOfWorkOrderMessages[type];
    throw new AppError(400, 'ASSIGNEE_NOT_ON_WORK_ORDER', message, { fields: { assignedToId: message } });
  }
  return assignee.fullName;
}

/**
 * A task and its work order, for someone who works on it (issue 26): the property's managers and
 * admins, and the work order's vendor — by membership, whatever the global role. A task of a work
 * order the caller cannot see is not found; one they see but may not work on (their own request, a
 * board's) is forbidden.
 */
export async function requireTaskWork(ctx: ServiceContext, taskId: string, { manage = false } = {}) {
  const [task] = await ctx.db.select().from(workOrderTasks).where(eq(workOrderTasks.id, taskId));
  if (!task) throw notFound('Task');
  const workOrder = await getWorkOrder(ctx, task.workOrderId).catch(() => {
    throw notFound('Task');
  });
  const isVendor = !manage && workOrder.vendorId === ctx.actor.id;
  if (!isVendor && !(await canManageProperty(ctx.db, ctx.actor, workOrder.propertyId))) throw forbidden();
  return { task, workOrder };
}

const noteOnlyOnCompletion = 'A note goes with completing the task.';

/**
 * SPEC §4: completing a task sets completed_at (with the note of what was done) and logs
 * task_completed; any other change logs status_changed and takes the completion back.
 */
export async function updateTaskStatus(
  ctx: ServiceContext,
  taskId: string,
  input: {
    taskStatus: WorkOrderTask['taskStatus'];
    note?: string | undefined;
    attachmentIds?: string[] | undefined;
  },
  links: AttachmentLinks,
): Promise<WorkOrderTask> {
  const { taskStatus } = input;
  const note = input.note?.trim() || null;
  if (note && taskStatus !== 'completed')
    throw new AppError(400, 'NOTE_WITHOUT_COMPLETION', noteOnlyOnCompletion, {
      fields: { note: noteOnlyOnCompletion },
    });
  const { task: current, workOrder } = await requireTaskWork(ctx, taskId);
  const photos = input.attachmentIds ?? [];
  const withPhotos = async (task: WorkOrderTask) => (await withTaskAttachments(ctx.db, links, [task]))[0]!;
  if (current.taskStatus === taskStatus) {
    if (photos.length > 0) await ctx.db.transaction((tx) => sendWithTask(tx, ctx.actor.id, photos, taskId));
    return withPhotos(await taskWithName(ctx.db, taskId));
  }
  const changed = await ctx.db.transaction(async (tx) => {
    await sendWithTask(tx, ctx.actor.id, photos, taskId);
    const isCompleted = taskStatus === 'completed';
    await tx
      .update(workOrderTasks)
      .set({
        taskStatus,
        completedAt: isCompleted ? new Date() : null,
        completionNote: isCompleted ? note : null,
      })
      .where(eq(workOrderTasks.id, taskId));
    await tx.insert(workOrderActivity).values({
      workOrderId: workOrder.id,
      activityType: isCompleted ? 'task_completed' : 'status_changed',
      entityType: 'task',
      entityId: taskId,
      description: isCompleted
        ? `Task completed: ${current.taskDescription}${note ? ` — ${note}` : ''}${withFiles(photos.length)}`
        : `Task "${current.taskDescription}" changed from ${current.taskStatus} to ${taskStatus}${withFiles(photos.length)}`,
      metadata: { from: current.taskStatus, to: taskStatus, attachments: photos.length },
      actorId: ctx.actor.id,
    });
    // Whoever has the work order open sees the task change (issue 26).
    await publishAll(tx, await workOrderUpdatedEvents(tx, workOrder));
    return taskWithName(tx, taskId);
  });
  return withPhotos(changed);
}

const withFiles = (count: number) =>
  count === 0 ? '' : ` (with ${count} ${count === 1 ? 'attachment' : 'attachments'})`;

/**
 * Raises a problem on a task for the property's managers (they are told), or clears it (null). The
 * people who work on the task may do either.
 */
export async function flagTask(
  ctx: ServiceContext,
  taskId: string,
  reason: string | null,
): Promise<WorkOrderTask> {
  const { task: current, workOrder } = await requireTaskWork(ctx, taskId);
  if (reason === null && current.flaggedAt === null) return taskWithName(ctx.db, taskId);
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(workOrderTasks)
      .set({ flagReason: reason, flaggedAt: reason === null ? null : new Date() })
      .where(eq(workOrderTasks.id, taskId));
    await tx.insert(workOrderActivity).values({
      workOrderId: workOrder.id,
      activityType: reason === null ? 'status_changed' : 'escalated',
      entityType: 'task',
      entityId: taskId,
      description:
        reason === null
          ? `Problem cleared on task "${current.taskDescription}"`
          : `Problem flagged on task "${current.taskDescription}": ${reason}`,
      metadata: { flagged: reason !== null },
      actorId: ctx.actor.id,
    });
    if (reason !== null)
      await noticeTaskFlagged(
        tx,
        ctx.notifier,
        workOrder,
        { description: current.taskDescription, reason },
        ctx.actor,
      );
    // Whoever has the work order open sees the task change (issue 26).
    await publishAll(tx, await workOrderUpdatedEvents(tx, workOrder));
    return taskWithName(tx, taskId);
  });
}

/**
 * A manager's changes to a task: its description, who it is for (re-assigning tells the new person)
 * and its due date. Only the property's managers and admins.
 */
export async function updateTaskDetails(
  ctx: ServiceContext,
  taskId: string,
  input: UpdateTaskDetails,
): Promise<WorkOrderTask> {
  const { task: current, workOrder } = await requireTaskWork(ctx, taskId, { manage: true });
  return ctx.db.transaction(async (tx) => {
    const changes: Partial<typeof workOrderTasks.$inferInsert> = {};
    const said: string[] = [];
    let givenTo: string | null = null;
    if (input.taskDescription !== undefined && input.taskDescription.trim() !== current.taskDescription) {
      changes.taskDescription = input.taskDescription.trim();
      said.push(`described as "${changes.taskDescription}"`);
    }
    if (input.assignedToType !== undefined) {
      const assigneeId = input.assignedToId ?? null;
      if (assigneeId !== current.assignedToId || input.assignedToType !== current.assignedToType) {
        const name = assigneeId
          ? await requireAssignee(tx, workOrder, input.assignedToType, assigneeId)
          : null;
        changes.assignedToType = input.assignedToType;
        changes.assignedToId = assigneeId;
        said.push(`re-assigned to ${name ?? `the ${input.assignedToType}`}`);
        if (assigneeId && assigneeId !== current.assignedToId) givenTo = assigneeId;
      }
    }
    if (input.dueDate !== undefined && input.dueDate !== current.dueDate) {
      changes.dueDate = input.dueDate;
      said.push(input.dueDate ? `due ${input.dueDate}` : 'no due date');
    }
    if (said.length === 0) return taskWithName(tx, taskId);
    await tx.update(workOrderTasks).set(changes).where(eq(workOrderTasks.id, taskId));
    const task = await taskWithName(tx, taskId);
    await tx.insert(workOrderActivity).values({
      workOrderId: workOrder.id,
      activityType: givenTo ? 'reassigned' : 'status_changed',
      entityType: 'task',
      entityId: taskId,
      description: `Task "${task.taskDescription}" ${said.join(', ')}`,
      metadata: { from: current.assignedToId, to: task.assignedToId },
      actorId: ctx.actor.id,
    });
    if (givenTo)
      await noticeTaskGiven(
        tx,
        ctx.notifier,
        workOrder,
        { id: taskId, description: task.taskDescription, dueDate: task.dueDate, assigneeId: givenTo },
        ctx.actor,
      );
    const isVisitMoved =
      task.assignedToType === 'vendor' &&
      task.dueDate !== null &&
      (task.dueDate !== current.dueDate || current.assignedToType !== 'vendor');
    if (isVisitMoved)
      await noticeVisitScheduled(
        tx,
        ctx.notifier,
        workOrder,
        { description: task.taskDescription, dueDate: task.dueDate!, vendorName: task.assignedToName },
        ctx.actor,
      );
    // Whoever has the work order open sees the task change (issue 26).
    await publishAll(tx, await workOrderUpdatedEvents(tx, workOrder));
    return task;
  });
}

/** Who a task of the work order can be given to: its property's managers, then its vendor. */
export async function listTaskAssignees(ctx: ServiceContext, workOrderId: string): Promise<TaskAssignees> {
  const workOrder = await requireManagedWorkOrder(ctx, workOrderId);
  const managers = await ctx.db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(propertyManagers)
    .innerJoin(profiles, eq(profiles.id, propertyManagers.userId))
    .where(and(eq(propertyManagers.propertyId, workOrder.propertyId), eq(profiles.banned, false)))
    .orderBy(asc(sql`lower(${profiles.fullName})`));
  const vendor = workOrder.vendorId
    ? (
        await ctx.db
          .select({ id: profiles.id, fullName: profiles.fullName })
          .from(profiles)
          .where(eq(profiles.id, workOrder.vendorId))
      )[0]
    : undefined;
  return {
    people: [
      ...managers.map((person) => ({ ...person, assignedToType: 'manager' as const })),
      ...(vendor ? [{ ...vendor, assignedToType: 'vendor' as const }] : []),
    ],
  };
}
