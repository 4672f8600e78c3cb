import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  computePropertyHealth,
  formatWorkOrderReference,
  managerPortalCommunicationLimit,
  managerPortalListLimit,
  openWorkOrderStatuses,
  requiredDocumentCategories,
  type AttentionReason,
  type ManagerAttentionItem,
  type ManagerPortalOverview,
  type ManagerTask,
  type ManagerWorkOrder,
  type WorkOrder,
} from '@commonwise/contracts';
import {
  breakoutRooms,
  chatMessages,
  profiles,
  properties,
  propertyDocuments,
  propertyManagers,
  roomParticipants,
  workOrderCounts,
  workOrders,
  workOrderTasks,
} from '../../db/schema/index.ts';
import { inList } from '../../db/schema/sql.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { propertyAdministration } from '../access/scope.ts';
import { openViolationsByCategory } from '../violations/violations.service.ts';

// Written out, not as parameters: the open-work and open-task indexes are partial on exactly these
// conditions, and a prepared statement's generic plan can use them only when the query states them
// in constants.
const isOpenTask = sql`${workOrderTasks.taskStatus} in ${inList(['pending', 'in_progress'])}`;
const isOpenWorkOrder = sql`${workOrders.status} in ${inList(openWorkOrderStatuses)}`;

/**
 * Managers see the properties they manage; an admin viewing the portal sees every property (issue 9).
 * Each with what its health and its work orders' rows need — the required documents it has, its open
 * work orders from the kept counts (decision 0038), its managers — as subqueries of the one statement
 * rather than three more statements of a few rows each (issue 19).
 */
async function propertiesInView(ctx: ServiceContext) {
  // Each subquery is its own SQL piece: drizzle writes the columns of a one-table select's fields
  // without their table, which would leave "id" ambiguous inside them.
  const requiredPresent = sql`(
    select json_agg(distinct ${propertyDocuments.category}) from ${propertyDocuments}
    where ${propertyDocuments.propertyId} = ${properties.id}
      and ${propertyDocuments.category} in ${inList(requiredDocumentCategories)})`;
  const openWorkOrders = sql`(
    select sum(${workOrderCounts.count})::int from ${workOrderCounts}
    where ${workOrderCounts.propertyId} = ${properties.id}
      and ${workOrderCounts.status} in ${inList(openWorkOrderStatuses)})`;
  const managers = sql`(
    select json_agg(json_build_object('id', ${profiles.id}, 'name', ${profiles.fullName})
      order by ${propertyManagers.isPrimary} desc, ${profiles.fullName})
    from ${propertyManagers} join ${profiles} on ${profiles.id} = ${propertyManagers.userId}
    where ${propertyManagers.propertyId} = ${properties.id})`;
  return ctx.db
    .select({
      id: properties.id,
      name: properties.name,
      units: properties.units,
      referencePrefix: properties.workOrderPrefix,
      requiredPresent: sql<string[]>`coalesce(${requiredPresent}, '[]')`,
      openWorkOrders: sql<number>`coalesce(${openWorkOrders}, 0)`,
      managers: sql<{ id: string; name: string }[]>`coalesce(${managers}, '[]')`,
    })
    .from(properties)
    .where(propertyAdministration(ctx.actor, sql`${properties.id}`))
    .orderBy(asc(properties.name));
}

/**
 * A person's name beside each row as a subquery rather than a join: the lists below read 5 to 50 rows,
 * and each join more multiplied the time PostgreSQL spent choosing a join order (planning was a larger
 * share of these statements than running them, issue 19). The property's name comes from the list of
 * properties already read.
 */
const nameOf = (personId: SQL | AnyColumn) =>
  sql<string | null>`(select ${profiles.fullName} from ${profiles} where ${profiles.id} = ${personId})`;

export async function getManagerPortalOverview(ctx: ServiceContext): Promise<ManagerPortalOverview> {
  const inView = await propertiesInView(ctx);
  const isAllProperties = ctx.actor.role === 'admin';
  if (inView.length === 0) {
    return {
      isAllProperties,
      properties: [],
      openWorkOrders: [],
      openWorkOrderCount: 0,
      openTasks: [],
      openTaskCount: 0,
      needsAttention: [],
      needsAttentionCount: 0,
      communications: [],
      openViolationsByCategory: [],
    };
  }
  const { db } = ctx;
  const propertyIds = inView.map((property) => property.id);
  const inProperties = inArray(workOrders.propertyId, propertyIds);
  // A task's own property (kept equal to its work order's) picks the manager's open tasks from their
  // index; the work order's, in the join, lets PostgreSQL check that the work order is open from the
  // open-work index rather than reading each one.
  const openTaskFilter = and(
    isOpenTask,
    inArray(workOrderTasks.propertyId, propertyIds),
    isOpenWorkOrder,
    inProperties,
  );
  const openTaskCountOfWorkOrder = sql<number>`(
    select count(*)::int from ${workOrderTasks}
    where ${workOrderTasks.workOrderId} = ${workOrders.id} and ${isOpenTask}
  )`;

  const workOrderColumns = {
    workOrder: workOrders,
    residentName: nameOf(workOrders.residentId),
    vendorName: nameOf(workOrders.vendorId),
    openTaskCount: openTaskCountOfWorkOrder,
  };
  // Issue 26, "What needs attention today": among the open work orders, emergencies, those past their
  // due date, high priority and new ones, the most urgent first; the oldest first within each.
  // Past due in the association's own calendar: at 6 pm in Los Angeles it is already tomorrow in UTC.
  // Each association's today is worked out once: a subquery with a limit is not folded into the join,
  // where the time zone would be converted again for each of thousands of rows (drizzle leaves out an
  // `offset 0`, the usual way of saying so). One row per property, so the limit drops nothing.
  const todays = db
    .select({
      id: properties.id,
      today: sql<string>`(now() at time zone ${properties.timeZone})::date`.as('today'),
    })
    .from(properties)
    .where(inArray(properties.id, propertyIds))
    .limit(propertyIds.length)
    .as('todays');
  const isOverdue = sql<boolean>`(${workOrders.dueDate} is not null and ${workOrders.dueDate} < ${todays.today})`;
  const needsAttention = and(
    inProperties,
    isOpenWorkOrder,
    sql`(${workOrders.status} = 'new' or ${workOrders.priority} in ('high', 'emergency') or ${isOverdue})`,
  );
  const urgency = sql<number>`case
    when ${workOrders.priority} = 'emergency' then 0
    when ${isOverdue} then 1
    when ${workOrders.priority} = 'high' then 2
    else 3 end`;

  // Each list first picks its page of ids from the open-work and open-task indexes alone (they hold
  // every column the filters and orders need, so PostgreSQL reads no table row for the thousands of
  // open items of a large portfolio), counts them in the same pass, and only then reads the page's
  // rows (issue 19).
  const total = () => sql<number>`(count(*) over ())::int`.as('total');
  const openPage = db
    .select({ id: workOrders.id, createdAt: workOrders.createdAt })
    .from(workOrders)
    .where(and(inProperties, isOpenWorkOrder))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
    .limit(managerPortalListLimit)
    .as('open_page');
  const attentionPage = db
    .select({
      id: workOrders.id,
      urgency: urgency.as('urgency'),
      isOverdue: isOverdue.as('is_overdue'),
      dueDate: workOrders.dueDate,
      createdAt: workOrders.createdAt,
      total: total(),
    })
    .from(workOrders)
    .innerJoin(todays, eq(todays.id, workOrders.propertyId))
    .where(needsAttention)
    .orderBy(urgency, asc(workOrders.dueDate), asc(workOrders.createdAt), asc(workOrders.id))
    .limit(managerPortalListLimit)
    .as('attention_page');
  const taskPage = db
    .select({ id: workOrderTasks.id, createdAt: workOrderTasks.createdAt, total: total() })
    .from(workOrderTasks)
    .innerJoin(workOrders, eq(workOrders.id, workOrderTasks.workOrderId))
    .where(openTaskFilter)
    .orderBy(desc(workOrderTasks.createdAt), desc(workOrderTasks.id))
    .limit(managerPortalListLimit)
    .as('task_page');

  const [workOrderRows, taskRows, messageRows, attentionRows, violationCounts] = await Promise.all([
    db
      .select(workOrderColumns)
      .from(openPage)
      .innerJoin(workOrders, eq(workOrders.id, openPage.id))
      .orderBy(desc(openPage.createdAt), desc(workOrders.id)),
    db
      .select({
        task: workOrderTasks,
        assignedToName: nameOf(workOrderTasks.assignedToId),
        workOrderSummary: workOrders.summary,
        referenceNumber: workOrders.referenceNumber,
        total: taskPage.total,
      })
      .from(taskPage)
      .innerJoin(workOrderTasks, eq(workOrderTasks.id, taskPage.id))
      .innerJoin(workOrders, eq(workOrders.id, workOrderTasks.workOrderId))
      .orderBy(desc(taskPage.createdAt), desc(workOrderTasks.id)),
    // The sender's name and role as subqueries, like the names above: with them as two more joins,
    // choosing a join order took three times as long as running this five-row statement.
    db
      .select({
        message: chatMessages,
        senderName: nameOf(chatMessages.senderId),
        senderRole: sql<string | null>`(select ${roomParticipants.role} from ${roomParticipants}
          where ${roomParticipants.roomId} = ${chatMessages.roomId}
            and ${roomParticipants.userId} = ${chatMessages.senderId})`,
        roomName: breakoutRooms.roomName,
        workOrderId: workOrders.id,
        propertyId: workOrders.propertyId,
      })
      .from(chatMessages)
      .innerJoin(breakoutRooms, eq(breakoutRooms.id, chatMessages.roomId))
      .innerJoin(workOrders, eq(workOrders.id, breakoutRooms.workOrderId))
      .where(inProperties)
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(managerPortalCommunicationLimit),
    db
      .select({ ...workOrderColumns, isOverdue: attentionPage.isOverdue, total: attentionPage.total })
      .from(attentionPage)
      .innerJoin(workOrders, eq(workOrders.id, attentionPage.id))
      .orderBy(
        asc(attentionPage.urgency),
        asc(attentionPage.dueDate),
        asc(attentionPage.createdAt),
        asc(attentionPage.id),
      ),
    openViolationsByCategory(db, (propertyId) => inArray(propertyId, propertyIds)),
  ]);

  const propertyById = new Map(inView.map((property) => [property.id, property]));

  function toManagerWorkOrder({
    workOrder,
    residentName,
    vendorName,
    openTaskCount,
  }: (typeof workOrderRows)[number]): ManagerWorkOrder {
    const property = propertyById.get(workOrder.propertyId)!;
    return {
      id: workOrder.id,
      reference: formatWorkOrderReference({
        referencePrefix: property.referencePrefix,
        referenceNumber: workOrder.referenceNumber,
      }),
      summary: workOrder.summary,
      propertyId: workOrder.propertyId,
      propertyName: property.name,
      mainCategory: workOrder.mainCategory,
      status: workOrder.status as ManagerWorkOrder['status'],
      priority: workOrder.priority as WorkOrder['priority'],
      createdAt: workOrder.createdAt.toISOString(),
      dueDate: workOrder.dueDate,
      openTaskCount,
      resident:
        workOrder.residentId && residentName ? { id: workOrder.residentId, name: residentName } : null,
      vendor: workOrder.vendorId && vendorName ? { id: workOrder.vendorId, name: vendorName } : null,
      managers: property.managers,
    };
  }

  return {
    isAllProperties,
    properties: inView.map(({ openWorkOrders, ...property }) => {
      const present = new Set(property.requiredPresent);
      const requiredPresent = present.size;
      const { score } = computePropertyHealth({
        requiredPresent,
        requiredTotal: requiredDocumentCategories.length,
        openWorkOrders,
        units: property.units,
      });
      return {
        propertyId: property.id,
        name: property.name,
        units: property.units,
        requiredDocuments: { present: requiredPresent, total: requiredDocumentCategories.length },
        missingDocuments: requiredDocumentCategories.filter((category) => !present.has(category)),
        openWorkOrders,
        score,
      };
    }),
    openWorkOrders: workOrderRows.map(toManagerWorkOrder),
    openWorkOrderCount: inView.reduce((sum, property) => sum + property.openWorkOrders, 0),
    needsAttention: attentionRows.map((row): ManagerAttentionItem => {
      const reasons: AttentionReason[] = [];
      if (row.workOrder.priority === 'emergency') reasons.push('emergency');
      if (row.isOverdue) reasons.push('overdue');
      if (row.workOrder.priority === 'high') reasons.push('high');
      if (row.workOrder.status === 'new') reasons.push('new');
      return { ...toManagerWorkOrder(row), reasons };
    }),
    needsAttentionCount: attentionRows[0]?.total ?? 0,
    openTasks: taskRows.map((row): ManagerTask => {
      const property = propertyById.get(row.task.propertyId)!;
      return {
        id: row.task.id,
        taskDescription: row.task.taskDescription,
        taskStatus: row.task.taskStatus as ManagerTask['taskStatus'],
        assignedToType: row.task.assignedToType as ManagerTask['assignedToType'],
        assignedToName: row.assignedToName,
        createdAt: row.task.createdAt.toISOString(),
        workOrderId: row.task.workOrderId,
        workOrderReference: formatWorkOrderReference({
          referencePrefix: property.referencePrefix,
          referenceNumber: row.referenceNumber,
        }),
        workOrderSummary: row.workOrderSummary,
        propertyName: property.name,
      };
    }),
    openTaskCount: taskRows[0]?.total ?? 0,
    openViolationsByCategory: violationCounts,
    communications: messageRows.map(
      ({ message, senderName, senderRole, roomName, workOrderId, propertyId }) => ({
        id: message.id,
        content: message.content,
        createdAt: message.createdAt.toISOString(),
        // Messages without a sender are the assistant's or the system's.
        senderName:
          senderName ?? (message.senderId === null && message.role !== 'user' ? 'AI Assistant' : null),
        senderRole,
        roomId: message.roomId!,
        roomName,
        workOrderId,
        propertyName: propertyById.get(propertyId)!.name,
      }),
    ),
  };
}
