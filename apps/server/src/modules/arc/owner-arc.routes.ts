import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reportArcCompletionSchema,
  arcFileMaxBytes,
  arcProjectTypeListSchema,
  arcRequestListSchema,
  arcMessageListSchema,
  arcRequestSchema,
  createArcRequestSchema,
  ownerArcThreadQuerySchema,
  postOwnerArcMessageSchema,
  requestArcReconsiderationSchema,
  pageQueryFields,
  reviseArcRequestSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { ExtractionPool } from '../documents/extraction/extraction-pool.ts';
import { sendArcFile } from './arc.routes.ts';
import { reportCompletion } from './inspection.ts';
import { requestReconsideration } from './reconsideration.ts';
import { listOwnerThread, postOwnerMessage } from './threads.ts';
import {
  createRequest,
  getMyRequest,
  listMyRequests,
  myProjectTypes,
  openMyRequestFile,
  reviseRequest,
  uploadRequestFile,
  withdrawRequest,
  type OwnerArcContext,
} from './owner-requests.service.ts';

const requestParamsSchema = z.object({ requestId: z.uuid('That is not a valid request id') });
const fileParamsSchema = requestParamsSchema.extend({ fileId: z.uuid('That is not a valid file id') });
const projectTypesQuerySchema = z.object({ unitId: z.uuid('Choose your unit') });
const myRequestsQuerySchema = z.object({ ...pageQueryFields(25) });

/**
 * The owner's architectural requests in the resident portal (issue 22 items 1 and 6): `portal:resident`
 * routes scoped to the units the caller owns today; another owner's request, or one of a unit they no
 * longer own, is not found.
 */
export const ownerArcRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reading a file's text runs on threads started on first use, and ended with the server.
  const extractor = new ExtractionPool(Math.max(1, app.config.workerConcurrency));
  app.addHook('onClose', async () => extractor.close());
  await app.register(multipart, {
    limits: {
      // One byte over the limit tells "too large" from "exactly the limit".
      fileSize: arcFileMaxBytes + 1,
      files: 1,
      fields: 3,
      fieldSize: 200,
      parts: 4,
    },
  });
  const context = (request: FastifyRequest): OwnerArcContext => ({
    ...contextOf(request),
    storage: app.storage,
    extractor,
  });
  const tags = ['architectural review'];

  app.get(
    '/api/resident-portal/arc/project-types',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary: "The project types an owner may ask for at their unit's association (at most 50)",
        querystring: projectTypesQuerySchema,
        response: { 200: arcProjectTypeListSchema },
      },
    },
    async (request) => myProjectTypes(contextOf(request), request.query.unitId),
  );

  app.get(
    '/api/resident-portal/arc/requests',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary: "The architectural requests of the caller's units, undecided ones first",
        querystring: myRequestsQuerySchema,
        response: { 200: arcRequestListSchema },
      },
    },
    async (request) => listMyRequests(contextOf(request), request.query),
  );

  app.post(
    '/api/resident-portal/arc/requests',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary:
          'Ask for approval of a project at a unit the caller owns: its fee is posted, and what is missing is told at once',
        body: createArcRequestSchema,
        response: { 201: arcRequestSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createRequest(contextOf(request), request.body)),
  );

  app.get(
    '/api/resident-portal/arc/requests/:requestId',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary: 'One of the caller’s units’ requests, with its files and revisions',
        params: requestParamsSchema,
        response: { 200: arcRequestSchema },
      },
    },
    async (request) => getMyRequest(contextOf(request), request.params.requestId),
  );

  app.patch(
    '/api/resident-portal/arc/requests/:requestId',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary:
          'Change a request: in place before it is complete, as a new revision after (the clock restarts only after the committee asked for more information)',
        params: requestParamsSchema,
        body: reviseArcRequestSchema,
        response: { 200: arcRequestSchema },
      },
    },
    async (request) => reviseRequest(contextOf(request), request.params.requestId, request.body),
  );

  app.post(
    '/api/resident-portal/arc/requests/:requestId/files',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary:
          'Send a file (multipart: requirement, then file; PDF, JPEG, PNG, HEIC or .docx up to 20 MB); the request is complete once nothing is missing',
        consumes: ['multipart/form-data'],
        params: requestParamsSchema,
        response: { 200: arcRequestSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError(415, 'NOT_MULTIPART', 'Send the file as multipart/form-data.');
      return uploadRequestFile(context(request), request.params.requestId, request.parts());
    },
  );

  app.get(
    '/api/resident-portal/arc/requests/:requestId/files/:fileId',
    {
      config: { access: 'portal:resident' },
      schema: { tags, summary: 'A file of one of the caller’s units’ requests', params: fileParamsSchema },
    },
    async (request, reply) =>
      sendArcFile(
        reply,
        await openMyRequestFile(context(request), request.params.requestId, request.params.fileId),
      ),
  );

  app.post(
    '/api/resident-portal/arc/requests/:requestId/completion',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary:
          'Report approved work finished (after sending photos of it as completion_photos files): an inspection falls due',
        params: requestParamsSchema,
        body: reportArcCompletionSchema,
        response: { 200: arcRequestSchema },
      },
    },
    async (request) => reportCompletion(contextOf(request), request.params.requestId, request.body),
  );

  app.get(
    '/api/resident-portal/arc/requests/:requestId/messages',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary: "A page of the request's thread with the reviewers, newest first",
        params: requestParamsSchema,
        querystring: ownerArcThreadQuerySchema,
        response: { 200: arcMessageListSchema },
      },
    },
    async (request) => listOwnerThread(contextOf(request), request.params.requestId, request.query),
  );

  app.post(
    '/api/resident-portal/arc/requests/:requestId/messages',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary: 'Write to the reviewers about the request; they are told. Answers the thread’s first page',
        params: requestParamsSchema,
        body: postOwnerArcMessageSchema,
        response: { 200: arcMessageListSchema },
      },
    },
    async (request) => postOwnerMessage(contextOf(request), request.params.requestId, request.body),
  );

  app.post(
    '/api/resident-portal/arc/requests/:requestId/reconsideration',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary:
          'Ask the board to reconsider a denial or an approval’s conditions, with the reason (once per decision): the board decides it as an item of its own',
        params: requestParamsSchema,
        body: requestArcReconsiderationSchema,
        response: { 200: arcRequestSchema },
      },
    },
    async (request) => requestReconsideration(contextOf(request), request.params.requestId, request.body),
  );

  app.post(
    '/api/resident-portal/arc/requests/:requestId/withdraw',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary: 'Withdraw a request not yet decided (its decision item is withdrawn with it)',
        params: requestParamsSchema,
        response: { 200: arcRequestSchema },
      },
    },
    async (request) => withdrawRequest(contextOf(request), request.params.requestId),
  );
};
