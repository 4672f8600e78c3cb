import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assistantReplyQueue,
  messagePageSchema,
  chatMessageSchema,
  chatThreadListQuerySchema,
  chatThreadListSchema,
  messagesQuerySchema,
  chatThreadSchema,
  postMessageSchema,
  threadIdParamsSchema,
  threadWorkflowSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { createAssistantReplyHandler } from '../assistant/router/assistant-reply.ts';
import {
  createThread,
  deleteThread,
  getThreadWorkflow,
  listThreadMessages,
  listThreads,
  postThreadMessage,
} from './chat.service.ts';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every posted message queues one reply; the assistant answers from the job queue (crash-safe).
  app.jobs.register(
    assistantReplyQueue,
    createAssistantReplyHandler({
      db: app.db,
      model: app.assistantModel
        ? { model: app.assistantModel, timeoutMs: app.config.ai.timeoutMs }
        : undefined,
      log: app.log,
    }),
  );
  app.get(
    '/api/chat/threads',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['chat'],
        summary: 'Your conversations, most recent first, a page at a time',
        querystring: chatThreadListQuerySchema,
        response: { 200: chatThreadListSchema },
      },
    },
    async (request) => listThreads(contextOf(request), request.query),
  );

  app.post(
    '/api/chat/threads',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['chat'],
        summary: "Start a conversation ('New Conversation')",
        response: { 201: chatThreadSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createThread(contextOf(request))),
  );

  app.delete(
    '/api/chat/threads/:id',
    {
      config: { access: 'chat:use' },
      schema: { tags: ['chat'], summary: 'Delete one of your conversations', params: threadIdParamsSchema },
    },
    async (request, reply) => {
      await deleteThread(contextOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/chat/threads/:id/messages',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['chat'],
        summary:
          'A page of one of your conversations: its newest messages, or those before one; oldest first',
        params: threadIdParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) => listThreadMessages(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/chat/threads/:id/messages',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['chat'],
        summary: 'Send a message; the assistant answers in the conversation',
        params: threadIdParamsSchema,
        body: postMessageSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await postThreadMessage(contextOf(request), app.jobs, request.params.id, request.body.content)),
  );

  app.get(
    '/api/chat/threads/:id/workflow',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['chat'],
        summary: "The conversation's latest workflow summary, if any",
        params: threadIdParamsSchema,
        response: { 200: threadWorkflowSchema },
      },
    },
    async (request) => ({ workflow: await getThreadWorkflow(contextOf(request), request.params.id) }),
  );
};
