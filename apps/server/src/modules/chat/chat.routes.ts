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
  startThreadQuerySchema,
  unreadConversationsSchema,
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
import { markThreadSeen, unreadConversations } from './unread.service.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new AttachmentLinks(app.config.authSecret);
  // Every posted message queues one reply; the assistant answers from the job queue (crash-safe).
  app.jobs.register(
    assistantReplyQueue,
    createAssistantReplyHandler({
      db: app.db,
      notifier: app.notifier,
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
        summary:
          "Start a conversation ('New Conversation'); with reuse=empty, 200 with your newest one when it is still empty",
        querystring: startThreadQuerySchema,
        response: { 200: chatThreadSchema, 201: chatThreadSchema },
      },
    },
    async (request, reply) => {
      const { thread, reused } = await createThread(contextOf(request), {
        reuseEmpty: request.query.reuse === 'empty',
      });
      return reply.status(reused ? 200 : 201).send(thread);
    },
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
    async (request) => listThreadMessages(contextOf(request), request.params.id, request.query, links),
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
        .send(await postThreadMessage(contextOf(request), app.jobs, request.params.id, request.body, links)),
  );

  app.post(
    '/api/chat/threads/:id/seen',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['chat'],
        summary: 'Record that you have read one of your conversations up to now',
        params: threadIdParamsSchema,
      },
    },
    async (request, reply) => {
      await markThreadSeen(contextOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/chat/unread',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['chat'],
        summary: 'What you have not read: replies in your conversations, messages in your work rooms',
        response: { 200: unreadConversationsSchema },
      },
    },
    async (request) => unreadConversations(contextOf(request)),
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
