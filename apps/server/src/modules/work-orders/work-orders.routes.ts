import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignVendorSchema,
  createInternalNoteSchema,
  internalNoteListQuerySchema,
  internalNoteListSchema,
  internalNoteSchema,
  updateWorkOrderSchema,
  changeWorkOrderStatusSchema,
  createTaskSchema,
  flagTaskSchema,
  taskAssigneesSchema,
  updateTaskDetailsSchema,
  vendorOptionsSchema,
  workOrderSchema,
  taskIdParamsSchema,
  updateTaskSchema,
  workOrderDetailSchema,
  workOrderIdParamsSchema,
  workOrderListQuerySchema,
  workOrderListSchema,
  workOrderTaskSchema,
  workOrderActivityPageSchema,
  workOrderActivityQuerySchema,
  workOrderTaskListQuerySchema,
  workOrderTaskListSchema,
  vendorSuggestionsSchema,
  workOrderRatingInputSchema,
  workOrderRatingSchema,
  workOrderRatingStateSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import {
  addInternalNote,
  assignVendor,
  changeWorkOrderStatus,
  listInternalNotes,
  listVendorOptions,
  updateWorkOrder,
} from './work-order-changes.service.ts';
import { overdueRemindersSchedule } from './work-orders.jobs.ts';
import { getWorkOrderRating, rateWorkOrder } from './work-order-ratings.ts';
import { suggestVendors } from '../vendors/vendor-suggestions.ts';
import {
  createTask,
  flagTask,
  getWorkOrderDetail,
  listTaskAssignees,
  updateTaskDetails,
  listWorkOrderActivity,
  listWorkOrders,
  listWorkOrderTasks,
  updateTaskStatus,
} from './work-orders.service.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';

export const workOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new AttachmentLinks(app.config.authSecret);
  app.schedules.add(overdueRemindersSchedule(app.notifier));
  app.get(
    '/api/work-orders',
    {
      config: { access: 'work-orders:read' },
      schema: {
        tags: ['work-orders'],
        summary: 'The work orders the caller may see, newest first, searched and a page at a time',
        querystring: workOrderListQuerySchema,
        response: { 200: workOrderListSchema },
      },
    },
    async (request) => listWorkOrders(contextOf(request), request.query),
  );

  app.get(
    '/api/work-orders/:id',
    {
      config: { access: 'work-orders:read' },
      schema: {
        tags: ['work-orders'],
        summary: 'A work order with its rooms (its tasks and activity are paged on their own)',
        params: workOrderIdParamsSchema,
        response: { 200: workOrderDetailSchema },
      },
    },
    async (request) => getWorkOrderDetail(contextOf(request), request.params.id),
  );

  app.get(
    '/api/work-orders/:id/tasks',
    {
      config: { access: 'work-orders:read' },
      schema: {
        tags: ['work-orders'],
        summary: "A work order's tasks, oldest first, a page at a time with the total",
        params: workOrderIdParamsSchema,
        querystring: workOrderTaskListQuerySchema,
        response: { 200: workOrderTaskListSchema },
      },
    },
    async (request) => listWorkOrderTasks(contextOf(request), request.params.id, request.query, links),
  );

  app.get(
    '/api/work-orders/:id/activity',
    {
      config: { access: 'work-orders:read' },
      schema: {
        tags: ['work-orders'],
        summary: "A work order's activity, newest first, read backwards from a cursor (`before`)",
        params: workOrderIdParamsSchema,
        querystring: workOrderActivityQuerySchema,
        response: { 200: workOrderActivityPageSchema },
      },
    },
    async (request) => listWorkOrderActivity(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/work-orders/:id/tasks',
    {
      config: { access: 'tasks:write' },
      schema: {
        tags: ['work-orders'],
        summary: 'Add a task to a work order',
        params: workOrderIdParamsSchema,
        body: createTaskSchema,
        response: { 201: workOrderTaskSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTask(contextOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/tasks/:id',
    {
      config: { access: 'tasks:update-status' },
      schema: {
        tags: ['work-orders'],
        summary:
          "Change a task's status (with a note on completing it): the property's managers and the work order's vendor",
        params: taskIdParamsSchema,
        body: updateTaskSchema,
        response: { 200: workOrderTaskSchema },
      },
    },
    async (request) => updateTaskStatus(contextOf(request), request.params.id, request.body, links),
  );

  app.put(
    '/api/tasks/:id/flag',
    {
      config: { access: 'tasks:update-status' },
      schema: {
        tags: ['work-orders'],
        summary: "Raise a problem on a task for the property's managers, or clear it (null)",
        params: taskIdParamsSchema,
        body: flagTaskSchema,
        response: { 200: workOrderTaskSchema },
      },
    },
    async (request) => flagTask(contextOf(request), request.params.id, request.body.reason),
  );

  app.patch(
    '/api/tasks/:id/details',
    {
      config: { access: 'tasks:write' },
      schema: {
        tags: ['work-orders'],
        summary: "Change a task's description, who it is for or its due date (the property's managers)",
        params: taskIdParamsSchema,
        body: updateTaskDetailsSchema,
        response: { 200: workOrderTaskSchema },
      },
    },
    async (request) => updateTaskDetails(contextOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/work-orders/:id/task-assignees',
    {
      config: { access: 'tasks:write' },
      schema: {
        tags: ['work-orders'],
        summary: "Who a task of this work order can be given to: its property's managers and its vendor",
        params: workOrderIdParamsSchema,
        response: { 200: taskAssigneesSchema },
      },
    },
    async (request) => listTaskAssignees(contextOf(request), request.params.id),
  );

  app.post(
    '/api/work-orders/:id/status',
    {
      config: { access: 'work-orders:write' },
      schema: {
        tags: ['work-orders'],
        summary: "Change a work order's status (allowed transitions only)",
        params: workOrderIdParamsSchema,
        body: changeWorkOrderStatusSchema,
        response: { 200: workOrderSchema },
      },
    },
    async (request) => changeWorkOrderStatus(contextOf(request), request.params.id, request.body.status),
  );

  app.put(
    '/api/work-orders/:id/vendor',
    {
      config: { access: 'work-orders:write' },
      schema: {
        tags: ['work-orders'],
        summary:
          'Assign a vendor to a work order (null takes it away); an expired certificate of insurance needs an override reason',
        params: workOrderIdParamsSchema,
        body: assignVendorSchema,
        response: { 200: workOrderSchema },
      },
    },
    async (request) => assignVendor(contextOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/work-orders/:id/vendor-options',
    {
      config: { access: 'work-orders:write' },
      schema: {
        tags: ['work-orders'],
        summary: 'The vendors this work order can be assigned to',
        params: workOrderIdParamsSchema,
        response: { 200: vendorOptionsSchema },
      },
    },
    async (request) => listVendorOptions(contextOf(request), request.params.id),
  );

  app.get(
    '/api/work-orders/:id/rating',
    {
      config: { access: 'work-orders:read' },
      schema: {
        tags: ['work-orders'],
        summary:
          "The resident's rating of the completed work, and whether the caller may give it now (not shown to the vendor)",
        params: workOrderIdParamsSchema,
        response: { 200: workOrderRatingStateSchema },
      },
    },
    async (request) => getWorkOrderRating(contextOf(request), request.params.id),
  );

  app.post(
    '/api/work-orders/:id/rating',
    {
      config: { access: 'work-orders:rate' },
      schema: {
        tags: ['work-orders'],
        summary: 'The resident who asked rates the completed work: 1 to 5 and a comment, once',
        params: workOrderIdParamsSchema,
        body: workOrderRatingInputSchema,
        response: { 201: workOrderRatingSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await rateWorkOrder(contextOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/work-orders/:id/vendor-suggestions',
    {
      config: { access: 'work-orders:write' },
      schema: {
        tags: ['work-orders'],
        summary:
          'Vendors suggested for the work order by trade, insurance, rating and open work, with the reasons (a person assigns)',
        params: workOrderIdParamsSchema,
        response: { 200: vendorSuggestionsSchema },
      },
    },
    async (request) => suggestVendors(contextOf(request), request.params.id),
  );

  app.patch(
    '/api/work-orders/:id',
    {
      config: { access: 'work-orders:write' },
      schema: {
        tags: ['work-orders'],
        summary: "Change a work order's priority or due date (the property's managers)",
        params: workOrderIdParamsSchema,
        body: updateWorkOrderSchema,
        response: { 200: workOrderSchema },
      },
    },
    async (request) => updateWorkOrder(contextOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/work-orders/:id/internal-notes',
    {
      config: { access: 'work-orders:write' },
      schema: {
        tags: ['work-orders'],
        summary:
          "The staff's internal notes on a work order, newest first (never shown to residents or vendors)",
        params: workOrderIdParamsSchema,
        querystring: internalNoteListQuerySchema,
        response: { 200: internalNoteListSchema },
      },
    },
    async (request) => listInternalNotes(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/work-orders/:id/internal-notes',
    {
      config: { access: 'work-orders:write' },
      schema: {
        tags: ['work-orders'],
        summary: "Write an internal note on a work order (for its property's managers and admins only)",
        params: workOrderIdParamsSchema,
        body: createInternalNoteSchema,
        response: { 201: internalNoteSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addInternalNote(contextOf(request), request.params.id, request.body.body)),
  );
};
