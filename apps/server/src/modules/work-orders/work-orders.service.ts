import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  CreateTask,
  PageQuery,
  WorkOrder,
  WorkOrderList,
  WorkOrderStatus,
  WorkOrderActivity,
  WorkOrderDetail,
  WorkOrderTask,
} from '@commonwise/contracts';
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
import type { ServiceContext } from '../../lib/context.ts';
import { containing, offsetOf, startingWith } from '../../lib/paging.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { visibleWorkOrdersCondition } from './work-order-access.ts';
import { belongsToAssociation } from '../access/memberships.ts';
import { administers } from '../access/scope.ts';

/** The work orders the caller may read (work-order-access.ts decides). */
export function visibleWorkOrdersFilter(ctx: ServiceContext): SQL | undefined {
  return visibleWorkOrdersCondition(ctx.actor);
}

const workOrderColumns = {
  workOrder: workOrders,
  propertyName: properties.name,
  propertyAddress: properties.address,
};

export function toWorkOrder(row: {
  workOrder: typeof workOrders.$inferSelect;
  propertyName: string;
  propertyAddress: string;
}): WorkOrder {
  const { workOrder } = row;
  return {
    id: workOrder.id,
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
 * The work orders the caller may see, newest first, a page at a time: `q` matches the summary, the
 * property's name or the beginning of the id (as people read ids out, "#3f2a…").
 */
export async function listWorkOrders(
  ctx: ServiceContext,
  query: PageQuery & { q?: string | undefined; status?: WorkOrderStatus | undefined },
): Promise<WorkOrderList> {
  const q = query.q?.replace(/^#/, '');
  const where = and(
    visibleWorkOrdersFilter(ctx),
    query.status ? eq(workOrders.status, query.status) : undefined,
    q
      ? or(
          ilike(workOrders.summary, containing(q)),
          ilike(properties.name, containing(q)),
          ilike(sql`${workOrders.id}::text`, startingWith(q.toLowerCase())),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select(workOrderColumns)
      .from(workOrders)
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .where(where)
      .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ total: count() })
      .from(workOrders)
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .where(where),
  ]);
  return {
    workOrders: rows.map(toWorkOrder),
    total: counted?.total ?? 0,
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

/** Whether the person manages the property (admins act on every property). */
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
  };
}

async function tasksOf(db: Db, workOrderId: string): Promise<WorkOrderTask[]> {
  const rows = await db
    .select({ task: workOrderTasks, assignedToName: profiles.fullName })
    .from(workOrderTasks)
    .leftJoin(profiles, eq(profiles.id, workOrderTasks.assignedToId))
    .where(eq(workOrderTasks.workOrderId, workOrderId))
    .orderBy(asc(workOrderTasks.createdAt));
  return rows.map((row) => toTask({ ...row.task, assignedToName: row.assignedToName }));
}

export async function getWorkOrderDetail(ctx: ServiceContext, id: string): Promise<WorkOrderDetail> {
  const workOrder = await getWorkOrder(ctx, id);
  const [tasks, activity, rooms] = await Promise.all([
    tasksOf(ctx.db, id),
    ctx.db
      .select({ activity: workOrderActivity, actorName: profiles.fullName })
      .from(workOrderActivity)
      .leftJoin(profiles, eq(profiles.id, workOrderActivity.actorId))
      .where(eq(workOrderActivity.workOrderId, id))
      .orderBy(desc(workOrderActivity.createdAt)),
    ctx.db
      .select()
      .from(breakoutRooms)
      .where(and(eq(breakoutRooms.workOrderId, id), eq(breakoutRooms.isActive, true)))
      .orderBy(asc(breakoutRooms.createdAt)),
  ]);
  return {
    workOrder,
    tasks,
    activity: activity.map(({ activity: row, actorName }): WorkOrderActivity => ({
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
    rooms: rooms.map((room) => ({
      id: room.id,
      roomName: room.roomName,
      roomType: room.roomType,
      isActive: room.isActive,
      createdAt: room.createdAt.toISOString(),
    })),
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
    let assigneeName: string | null = null;
    if (input.assignedToId) {
      const [assignee] = await tx.select().from(profiles).where(eq(profiles.id, input.assignedToId));
      if (!assignee || assignee.role !== input.assignedToType) {
        const message = `The person to assign must be a ${input.assignedToType}.`;
        throw new AppError(400, 'WRONG_ASSIGNEE', message, { fields: { assignedToId: message } });
      }
      // The assignee is shown on the work order: someone of another property must not appear there.
      if (!(await isOfWorkOrder(tx, workOrder, input.assignedToType, assignee.id))) {
        const message = notOfWorkOrderMessages[input.assignedToType];
        throw new AppError(400, 'ASSIGNEE_NOT_ON_WORK_ORDER', message, { fields: { assignedToId: message } });
      }
      assigneeName = assignee.fullName;
    }
    const [task] = await tx
      .insert(workOrderTasks)
      .values({
        workOrderId,
        assignedToType: input.assignedToType,
        assignedToId: input.assignedToId ?? null,
        taskDescription: input.taskDescription.trim(),
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
    return toTask({ ...task!, assignedToName: assigneeName });
  });
}

/**
 * SPEC §4: completing a task sets completed_at and logs task_completed; any other change logs
 * status_changed. Vendors may change the tasks of work orders assigned to them.
 */
export async function updateTaskStatus(
  ctx: ServiceContext,
  taskId: string,
  taskStatus: WorkOrderTask['taskStatus'],
): Promise<WorkOrderTask> {
  const [current] = await ctx.db.select().from(workOrderTasks).where(eq(workOrderTasks.id, taskId));
  if (!current) throw notFound('Task');
  const workOrder = await getWorkOrder(ctx, current.workOrderId).catch(() => {
    throw notFound('Task');
  });
  if (ctx.actor.role === 'vendor' && workOrder.vendorId !== ctx.actor.id) throw notFound('Task');
  if (ctx.actor.role === 'manager') await requireManagedWorkOrder(ctx, workOrder.id);
  if (current.taskStatus === taskStatus) {
    const [withName] = await tasksOf(ctx.db, workOrder.id).then((tasks) =>
      tasks.filter((t) => t.id === taskId),
    );
    return withName!;
  }
  return ctx.db.transaction(async (tx) => {
    const isCompleted = taskStatus === 'completed';
    await tx
      .update(workOrderTasks)
      .set({ taskStatus, completedAt: isCompleted ? new Date() : null })
      .where(eq(workOrderTasks.id, taskId));
    await tx.insert(workOrderActivity).values({
      workOrderId: workOrder.id,
      activityType: isCompleted ? 'task_completed' : 'status_changed',
      entityType: 'task',
      entityId: taskId,
      description: isCompleted
        ? `Task completed: ${current.taskDescription}`
        : `Task "${current.taskDescription}" changed from ${current.taskStatus} to ${taskStatus}`,
      metadata: { from: current.taskStatus, to: taskStatus },
      actorId: ctx.actor.id,
    });
    const [withName] = (await tasksOf(tx, workOrder.id)).filter((t) => t.id === taskId);
    return withName!;
  });
}
