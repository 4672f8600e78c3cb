import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addRoomParticipantSchema,
  chatMessageSchema,
  postMessageSchema,
  roomIdParamsSchema,
  messagePageSchema,
  messagesQuerySchema,
  roomParticipantSchema,
  workRoomDetailSchema,
  workRoomListQuerySchema,
  workRoomListSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import {
  addRoomParticipant,
  getWorkRoom,
  listRoomMessages,
  listWorkRooms,
  markRoomSeen,
  postRoomMessage,
} from './work-rooms.service.ts';
import { unseenMessagesSchedule } from './work-rooms.jobs.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';

export const workRoomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new AttachmentLinks(app.config.authSecret);
  app.schedules.add(unseenMessagesSchedule(app.notifier));
  app.get(
    '/api/work-rooms',
    {
      config: { access: 'rooms:read' },
      schema: {
        tags: ['work-rooms'],
        summary:
          'The work orders the caller may see, newest first, a page at a time, each with the active rooms they may see',
        querystring: workRoomListQuerySchema,
        response: { 200: workRoomListSchema },
      },
    },
    async (request) => listWorkRooms(contextOf(request), request.query),
  );

  app.get(
    '/api/work-rooms/:id',
    {
      config: { access: 'rooms:read' },
      schema: {
        tags: ['work-rooms'],
        summary: 'A room with its work order, participants and what the caller may do there',
        params: roomIdParamsSchema,
        response: { 200: workRoomDetailSchema },
      },
    },
    async (request) => getWorkRoom(contextOf(request), request.params.id),
  );

  app.get(
    '/api/work-rooms/:id/messages',
    {
      config: { access: 'rooms:read' },
      schema: {
        tags: ['work-rooms'],
        summary: "A page of a room's messages, oldest first (the newest page, or the one before a message)",
        params: roomIdParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) => listRoomMessages(contextOf(request), request.params.id, request.query, links),
  );

  app.post(
    '/api/work-rooms/:id/messages',
    {
      config: { access: 'rooms:post' },
      schema: {
        tags: ['work-rooms'],
        summary: 'Post a message in a room (an admin or the property manager joins it with the first one)',
        params: roomIdParamsSchema,
        body: postMessageSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await postRoomMessage(contextOf(request), request.params.id, request.body, links)),
  );

  app.post(
    '/api/work-rooms/:id/seen',
    {
      config: { access: 'rooms:read' },
      schema: {
        tags: ['work-rooms'],
        summary: 'Mark the room read up to now (for unread counts)',
        params: roomIdParamsSchema,
      },
    },
    async (request, reply) => {
      await markRoomSeen(contextOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/work-rooms/:id/participants',
    {
      config: { access: 'work-orders:write' },
      schema: {
        tags: ['work-rooms'],
        summary: "Add the work order's assigned vendor to its room",
        params: roomIdParamsSchema,
        body: addRoomParticipantSchema,
        response: { 201: roomParticipantSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addRoomParticipant(contextOf(request), request.params.id, request.body.userId)),
  );
};
