import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignVendorSchema,
  changeWorkOrderStatusSchema,
  createTaskSchema,
  vendorOptionsSchema,
  workOrderSchema,
  taskIdParamsSchema,
  updateTaskSchema,
  workOrderDetailSchema,
  workOrderIdParamsSchema,
  workOrderListQuerySchema,
  workOrderListSchema,
  workOrderTaskSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { assignVendor, changeWorkOrderStatus, listVendorOptions } from './work-order-changes.service.ts';
import { createTask, getWorkOrderDetail, listWorkOrders, updateTaskStatus } from './work-orders.service.ts';

export const workOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'A work order with its tasks, activity and rooms',
        params: workOrderIdParamsSchema,
        response: { 200: workOrderDetailSchema },
      },
    },
    async (request) => getWorkOrderDetail(contextOf(request), request.params.id),
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
        summary: "Change a task's status",
        params: taskIdParamsSchema,
        body: updateTaskSchema,
        response: { 200: workOrderTaskSchema },
      },
    },
    async (request) => updateTaskStatus(contextOf(request), request.params.id, request.body.taskStatus),
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
        summary: 'Assign a vendor to a work order (null takes it away)',
        params: workOrderIdParamsSchema,
        body: assignVendorSchema,
        response: { 200: workOrderSchema },
      },
    },
    async (request) => assignVendor(contextOf(request), request.params.id, request.body.vendorId),
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
};
