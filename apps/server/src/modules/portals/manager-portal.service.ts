import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

/** Managers see the properties they manage; an admin viewing the portal sees every property (issue 9). */
async function propertiesInView(ctx: ServiceContext) {
  return ctx.db
    .select({ id: properties.id, name: properties.name, units: properties.units })
    .from(properties)
    .where(propertyAdministration(ctx.actor, sql`${properties.id}`))
    .orderBy(asc(properties.name));
}

const residents = alias(profiles, 'resident');
const vendors = alias(profiles, 'vendor');
const senders = alias(profiles, 'sender');

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
  const openTaskFilter = and(isOpenTask, isOpenWorkOrder, inProperties);
  const openTaskCountOfWorkOrder = sql<number>`(
    select count(*)::int from ${workOrderTasks}
    where ${workOrderTasks.workOrderId} = ${workOrders.id} and ${isOpenTask}
  )`;

  const workOrderColumns = {
    workOrder: workOrders,
    propertyName: properties.name,
    referencePrefix: properties.workOrderPrefix,
    residentName: residents.fullName,
    vendorName: vendors.fullName,
    openTaskCount: openTaskCountOfWorkOrder,
  };
  // Issue 26, "What needs attention today": among the open work orders, emergencies, those past their
  // due date, high priority and new ones, the most urgent first; the oldest first within each.
  // Past due in the association's own calendar: at 6 pm in Los Angeles it is already tomorrow in UTC.
  // Each association's today is worked out once (`offset 0` keeps the planner from folding the
  // subquery into the join and converting the time zone again for each of thousands of rows).
  const todays = db
    .select({
      id: properties.id,
      today: sql<string>`(now() at time zone ${properties.timeZone})::date`.as('today'),
    })
    .from(properties)
    .where(inArray(properties.id, propertyIds))
    .offset(0)
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

  const [
    documents,
    openCounts,
    workOrderRows,
    managers,
    taskRows,
    messageRows,
    attentionRows,
    violationCounts,
  ] = await Promise.all([
    db
      .selectDistinct({ propertyId: propertyDocuments.propertyId, category: propertyDocuments.category })
      .from(propertyDocuments)
      .where(
        and(
          inArray(propertyDocuments.propertyId, propertyIds),
          inArray(propertyDocuments.category, [...requiredDocumentCategories]),
        ),
      ),
    // The kept counts (decision 0038), not a count of the open work orders themselves.
    db
      .select({
        propertyId: workOrderCounts.propertyId,
        count: sql<number>`sum(${workOrderCounts.count})::int`,
      })
      .from(workOrderCounts)
      .where(
        and(
          inArray(workOrderCounts.propertyId, propertyIds),
          inArray(workOrderCounts.status, [...openWorkOrderStatuses]),
        ),
      )
      .groupBy(workOrderCounts.propertyId),
    db
      .select(workOrderColumns)
      .from(openPage)
      .innerJoin(workOrders, eq(workOrders.id, openPage.id))
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .leftJoin(residents, eq(residents.id, workOrders.residentId))
      .leftJoin(vendors, eq(vendors.id, workOrders.vendorId))
      .orderBy(desc(openPage.createdAt), desc(workOrders.id)),
    db
      .select({ propertyId: propertyManagers.propertyId, id: profiles.id, name: profiles.fullName })
      .from(propertyManagers)
      .innerJoin(profiles, eq(profiles.id, propertyManagers.userId))
      .where(inArray(propertyManagers.propertyId, propertyIds))
      .orderBy(desc(propertyManagers.isPrimary), asc(profiles.fullName)),
    db
      .select({
        task: workOrderTasks,
        assignedToName: profiles.fullName,
        workOrderSummary: workOrders.summary,
        referencePrefix: properties.workOrderPrefix,
        referenceNumber: workOrders.referenceNumber,
        propertyName: properties.name,
        total: taskPage.total,
      })
      .from(taskPage)
      .innerJoin(workOrderTasks, eq(workOrderTasks.id, taskPage.id))
      .innerJoin(workOrders, eq(workOrders.id, workOrderTasks.workOrderId))
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .leftJoin(profiles, eq(profiles.id, workOrderTasks.assignedToId))
      .orderBy(desc(taskPage.createdAt), desc(workOrderTasks.id)),
    db
      .select({
        message: chatMessages,
        senderName: senders.fullName,
        senderRole: roomParticipants.role,
        roomName: breakoutRooms.roomName,
        workOrderId: workOrders.id,
        propertyName: properties.name,
      })
      .from(chatMessages)
      .innerJoin(breakoutRooms, eq(breakoutRooms.id, chatMessages.roomId))
      .innerJoin(workOrders, eq(workOrders.id, breakoutRooms.workOrderId))
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .leftJoin(senders, eq(senders.id, chatMessages.senderId))
      .leftJoin(
        roomParticipants,
        and(
          eq(roomParticipants.roomId, chatMessages.roomId),
          eq(roomParticipants.userId, chatMessages.senderId),
        ),
      )
      .where(inProperties)
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(managerPortalCommunicationLimit),
    db
      .select({ ...workOrderColumns, isOverdue: attentionPage.isOverdue, total: attentionPage.total })
      .from(attentionPage)
      .innerJoin(workOrders, eq(workOrders.id, attentionPage.id))
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .leftJoin(residents, eq(residents.id, workOrders.residentId))
      .leftJoin(vendors, eq(vendors.id, workOrders.vendorId))
      .orderBy(
        asc(attentionPage.urgency),
        asc(attentionPage.dueDate),
        asc(attentionPage.createdAt),
        asc(attentionPage.id),
      ),
    openViolationsByCategory(db, (propertyId) => inArray(propertyId, propertyIds)),
  ]);

  const presentByProperty = new Map<string, Set<string>>();
  for (const row of documents)
    presentByProperty.set(
      row.propertyId,
      (presentByProperty.get(row.propertyId) ?? new Set()).add(row.category),
    );
  const openByProperty = new Map(openCounts.map((row) => [row.propertyId, row.count]));
  const managersByProperty = new Map<string, { id: string; name: string }[]>();
  for (const manager of managers) {
    const list = managersByProperty.get(manager.propertyId) ?? [];
    list.push({ id: manager.id, name: manager.name });
    managersByProperty.set(manager.propertyId, list);
  }

  function toManagerWorkOrder({
    workOrder,
    propertyName,
    referencePrefix,
    residentName,
    vendorName,
    openTaskCount,
  }: (typeof workOrderRows)[number]): ManagerWorkOrder {
    return {
      id: workOrder.id,
      reference: formatWorkOrderReference({ referencePrefix, referenceNumber: workOrder.referenceNumber }),
      summary: workOrder.summary,
      propertyId: workOrder.propertyId,
      propertyName,
      mainCategory: workOrder.mainCategory,
      status: workOrder.status as ManagerWorkOrder['status'],
      priority: workOrder.priority as WorkOrder['priority'],
      createdAt: workOrder.createdAt.toISOString(),
      dueDate: workOrder.dueDate,
      openTaskCount,
      resident:
        workOrder.residentId && residentName ? { id: workOrder.residentId, name: residentName } : null,
      vendor: workOrder.vendorId && vendorName ? { id: workOrder.vendorId, name: vendorName } : null,
      managers: managersByProperty.get(workOrder.propertyId) ?? [],
    };
  }

  return {
    isAllProperties,
    properties: inView.map((property) => {
      const present = presentByProperty.get(property.id) ?? new Set<string>();
      const requiredPresent = present.size;
      const openWorkOrders = openByProperty.get(property.id) ?? 0;
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
    openWorkOrderCount: openCounts.reduce((sum, row) => sum + row.count, 0),
    needsAttention: attentionRows.map((row): ManagerAttentionItem => {
      const reasons: AttentionReason[] = [];
      if (row.workOrder.priority === 'emergency') reasons.push('emergency');
      if (row.isOverdue) reasons.push('overdue');
      if (row.workOrder.priority === 'high') reasons.push('high');
      if (row.workOrder.status === 'new') reasons.push('new');
      return { ...toManagerWorkOrder(row), reasons };
    }),
    needsAttentionCount: attentionRows[0]?.total ?? 0,
    openTasks: taskRows.map((row): ManagerTask => ({
      id: row.task.id,
      taskDescription: row.task.taskDescription,
      taskStatus: row.task.taskStatus as ManagerTask['taskStatus'],
      assignedToType: row.task.assignedToType as ManagerTask['assignedToType'],
      assignedToName: row.assignedToName,
      createdAt: row.task.createdAt.toISOString(),
      workOrderId: row.task.workOrderId,
      workOrderReference: formatWorkOrderReference(row),
      workOrderSummary: row.workOrderSummary,
      propertyName: row.propertyName,
    })),
    openTaskCount: taskRows[0]?.total ?? 0,
    openViolationsByCategory: violationCounts,
    communications: messageRows.map(
      ({ message, senderName, senderRole, roomName, workOrderId, propertyName }) => ({
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
        propertyName,
      }),
    ),
  };
}
