import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attachmentFileQuerySchema,
  attachmentIdParamsSchema,
  attachmentLimits,
  attachmentSchema,
  workOrderAttachmentListQuerySchema,
  workOrderAttachmentListSchema,
  workOrderIdParamsSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { contentDisposition } from '../../plugins/storage.ts';
import { AttachmentLinks } from './attachment-links.ts';
import {
  deleteUnsentAttachment,
  getAttachment,
  listWorkOrderAttachments,
  openAttachmentFile,
  uploadAttachment,
  type AttachmentsContext,
} from './attachments.service.ts';

/** Photos, videos and files where work is discussed (issue 26 item 2). */
export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new AttachmentLinks(app.config.authSecret);
  const attachmentsContext = (request: FastifyRequest): AttachmentsContext => ({
    ...contextOf(request),
    storage: app.storage,
    links,
  });

  await app.register(multipart, {
    limits: {
      // The largest kind (video); each kind's own limit is checked as the file streams in.
      fileSize: attachmentLimits.videoMaxBytes + 1,
      files: 1,
      fields: 5,
      fieldSize: 200,
      parts: 6,
    },
  });

  app.post(
    '/api/attachments',
    {
      // Everyone signed in may attach; where to (their conversation, a room they post in, a task they
      // work on) is checked against their memberships before the file is read.
      config: { access: 'chat:use' },
      schema: {
        tags: ['attachments'],
        summary:
          'Upload a photo, video or file (multipart: threadId, roomId or taskId, then file); it is sent with the next message or task change that names it',
        consumes: ['multipart/form-data'],
        response: { 201: attachmentSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(415, 'NOT_MULTIPART', 'Send the file as multipart/form-data.');
      return reply.status(201).send(await uploadAttachment(attachmentsContext(request), request.parts()));
    },
  );

  app.get(
    '/api/attachments/:id',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['attachments'],
        summary: 'One attachment with fresh links (links last an hour)',
        params: attachmentIdParamsSchema,
        response: { 200: attachmentSchema },
      },
    },
    async (request) => getAttachment(attachmentsContext(request), request.params.id),
  );

  app.delete(
    '/api/attachments/:id',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['attachments'],
        summary: 'Remove an upload that was not sent',
        params: attachmentIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteUnsentAttachment(attachmentsContext(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/attachments/:id/file',
    {
      config: { access: 'chat:use' },
      schema: {
        tags: ['attachments'],
        summary:
          'The file or its thumbnail, through a signed link; the caller must still be allowed to see it',
        params: attachmentIdParamsSchema,
        querystring: attachmentFileQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await openAttachmentFile(attachmentsContext(request), request.params.id, request.query);
      // The browser may keep it until the link expires, but only for this person.
      const maxAge = Math.max(0, file.expires - Math.floor(Date.now() / 1000));
      reply
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'");
      if ('redirect' in file) return reply.redirect(file.redirect, 302);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName, file.inline))
        .send(file.stream);
    },
  );

  app.get(
    '/api/work-orders/:id/attachments',
    {
      config: { access: 'work-orders:read' },
      schema: {
        tags: ['attachments'],
        summary: "A work order's photos and files (its report's, its rooms' and its tasks'), newest first",
        params: workOrderIdParamsSchema,
        querystring: workOrderAttachmentListQuerySchema,
        response: { 200: workOrderAttachmentListSchema },
      },
    },
    async (request) =>
      listWorkOrderAttachments(attachmentsContext(request), request.params.id, request.query),
  );
};
