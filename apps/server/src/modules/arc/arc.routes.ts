import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  arcProjectTypeInputSchema,
  arcProjectTypeListSchema,
  arcProjectTypeSchema,
  arcRequestListQuerySchema,
  arcRequestListSchema,
  arcMessageListSchema,
  arcRequestSchema,
  arcThreadQuerySchema,
  decideArcRequestSchema,
  postArcMessageSchema,
  inspectArcRequestSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { contentDisposition } from '../../plugins/storage.ts';
import { arcClockSchedule } from './arc.jobs.ts';
import { isShownInline } from './arc-files.ts';
import { decideRequest } from './decide.ts';
import { inspectRequest } from './inspection.ts';
import { listReviewerThread, postReviewerMessage } from './threads.ts';
import {
  createProjectType,
  installDefaultProjectTypes,
  listProjectTypes,
  updateProjectType,
} from './project-types.service.ts';
import { getRequest, listRequests, openRequestFile, type OpenedFile } from './requests.service.ts';

export const arcPropertyParamsSchema = z.object({ propertyId: z.uuid('That is not a valid association id') });
export const arcTypeParamsSchema = arcPropertyParamsSchema.extend({
  typeId: z.uuid('That is not a valid project type id'),
});
export const arcRequestParamsSchema = arcPropertyParamsSchema.extend({
  requestId: z.uuid('That is not a valid request id'),
});
export const arcFileParamsSchema = arcRequestParamsSchema.extend({
  fileId: z.uuid('That is not a valid file id'),
});

/**
 * Sends a request's file: its own type, shown in the browser when it is a PDF or a photo and downloaded
 * otherwise, for this person only; nothing in it may run on our pages.
 */
export function sendArcFile(reply: FastifyReply, file: OpenedFile) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', contentDisposition(file.fileName, isShownInline(file.mimeType)))
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
    .send(file.stream);
}

/**
 * Architectural review as the association's reviewers see it (issue 22 items 1 and 2): its project
 * types (kept by its managers) and its requests with their guideline checks. Scoped by arc-access.ts:
 * another association's anything is not found.
 */
export const arcRoutes: FastifyPluginAsyncZod = async (app) => {
  app.schedules.add(arcClockSchedule(app.notifier));
  const tags = ['architectural review'];

  app.get(
    '/api/properties/:propertyId/arc/project-types',
    {
      config: { access: 'arc:read' },
      schema: {
        tags,
        summary:
          "The association's project types (at most 50), each with its form, files, checks, fee and window",
        params: arcPropertyParamsSchema,
        response: { 200: arcProjectTypeListSchema },
      },
    },
    async (request) => listProjectTypes(contextOf(request), request.params.propertyId),
  );

  app.post(
    '/api/properties/:propertyId/arc/project-types',
    {
      config: { access: 'arc:write' },
      schema: {
        tags,
        summary:
          'Add a project type; each check rests on a rule of the association in use and reads one of its questions',
        params: arcPropertyParamsSchema,
        body: arcProjectTypeInputSchema,
        response: { 201: arcProjectTypeSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createProjectType(contextOf(request), request.params.propertyId, request.body)),
  );

  app.put(
    '/api/properties/:propertyId/arc/project-types/:typeId',
    {
      config: { access: 'arc:write' },
      schema: {
        tags,
        summary: 'Change a project type (requests already made keep it as it was)',
        params: arcTypeParamsSchema,
        body: arcProjectTypeInputSchema,
        response: { 200: arcProjectTypeSchema },
      },
    },
    async (request) =>
      updateProjectType(contextOf(request), request.params.propertyId, request.params.typeId, request.body),
  );

  app.post(
    '/api/properties/:propertyId/arc/project-types/defaults',
    {
      config: { access: 'arc:write' },
      schema: {
        tags,
        summary:
          'Install the default project types (no checks, no review window) in an association that has none',
        params: arcPropertyParamsSchema,
        response: { 201: arcProjectTypeListSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await installDefaultProjectTypes(contextOf(request), request.params.propertyId)),
  );

  app.get(
    '/api/arc/requests',
    {
      config: { access: 'arc:read' },
      schema: {
        tags,
        summary:
          'The architectural requests the caller reviews: undecided ones first by due date; filter by association, status or deadline passed',
        querystring: arcRequestListQuerySchema,
        response: { 200: arcRequestListSchema },
      },
    },
    async (request) => listRequests(contextOf(request), request.query),
  );

  app.get(
    '/api/properties/:propertyId/arc/requests/:requestId',
    {
      config: { access: 'arc:read' },
      schema: {
        tags,
        summary: 'One request with its files, revisions, guideline checks and decision item',
        params: arcRequestParamsSchema,
        response: { 200: arcRequestSchema },
      },
    },
    async (request) => getRequest(contextOf(request), request.params.propertyId, request.params.requestId),
  );

  app.post(
    '/api/properties/:propertyId/arc/requests/:requestId/decision',
    {
      config: { access: 'arc:read' },
      schema: {
        tags,
        summary:
          "Record the committee's decision (carried by its votes or a meeting's): approve, approve with conditions, deny with its reasons, rule and how to ask again, or ask for more information; drafts the decision letter",
        params: arcRequestParamsSchema,
        body: decideArcRequestSchema,
        response: { 200: arcRequestSchema },
      },
    },
    async (request) =>
      decideRequest(
        { ...contextOf(request), storage: app.storage },
        request.params.propertyId,
        request.params.requestId,
        request.body,
      ),
  );

  app.post(
    '/api/properties/:propertyId/arc/requests/:requestId/inspection',
    {
      config: { access: 'arc:read' },
      schema: {
        tags,
        summary:
          'Record the inspection of finished work: a pass closes the request; a fail opens a violation of the rule it breaks',
        params: arcRequestParamsSchema,
        body: inspectArcRequestSchema,
        response: { 200: arcRequestSchema },
      },
    },
    async (request) =>
      inspectRequest(contextOf(request), request.params.propertyId, request.params.requestId, request.body),
  );

  app.get(
    '/api/properties/:propertyId/arc/requests/:requestId/messages',
    {
      config: { access: 'arc:read' },
      schema: {
        tags,
        summary:
          "A page of one of the request's threads, newest first: the applicant's, or the committee's own (never shown to the owner)",
        params: arcRequestParamsSchema,
        querystring: arcThreadQuerySchema,
        response: { 200: arcMessageListSchema },
      },
    },
    async (request) =>
      listReviewerThread(
        contextOf(request),
        request.params.propertyId,
        request.params.requestId,
        request.query,
      ),
  );

  app.post(
    '/api/properties/:propertyId/arc/requests/:requestId/messages',
    {
      config: { access: 'arc:read' },
      schema: {
        tags,
        summary:
          "Write to the applicant or in the committee's own thread; the other side is told. Answers the thread's first page",
        params: arcRequestParamsSchema,
        body: postArcMessageSchema,
        response: { 200: arcMessageListSchema },
      },
    },
    async (request) =>
      postReviewerMessage(
        contextOf(request),
        request.params.propertyId,
        request.params.requestId,
        request.body,
      ),
  );

  app.get(
    '/api/properties/:propertyId/arc/requests/:requestId/files/:fileId',
    {
      config: { access: 'arc:read' },
      schema: {
        tags,
        summary: "A request's file (a drawing, a quote, a photo)",
        params: arcFileParamsSchema,
      },
    },
    async (request, reply) =>
      sendArcFile(
        reply,
        await openRequestFile(
          { ...contextOf(request), storage: app.storage },
          request.params.propertyId,
          request.params.requestId,
          request.params.fileId,
        ),
      ),
  );
};
