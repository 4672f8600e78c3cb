import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentFileLinkSchema,
  documentIdParamsSchema,
  documentSearchQuerySchema,
  documentSearchResultSchema,
  processDocumentResultSchema,
  propertyDocumentListQuerySchema,
  propertyDocumentListSchema,
  propertyDocumentSchema,
  propertyIdParamsSchema,
  requiredDocumentsStatusSchema,
  signedFileQuerySchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { contentDisposition } from '../../plugins/storage.ts';
import {
  deleteDocument,
  getDocument,
  getFileLink,
  getRequiredDocumentsStatus,
  listDocuments,
  openSignedFile,
  processDocumentQueue,
  searchDocuments,
  startProcessing,
  uploadDocument,
  type DocumentsContext,
} from './documents.service.ts';
import { ExtractionPool } from './extraction/extraction-pool.ts';
import { fileLinkKey } from './file-links.ts';
import { OrphanFileSweeper } from './orphan-files.ts';
import { createProcessDocumentHandler } from './processing.ts';

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkKey = fileLinkKey(app.config.authSecret);
  // Threads are started on first use, so a process that runs no jobs never starts one.
  const pool = new ExtractionPool(Math.max(1, app.config.workerConcurrency));
  app.jobs.register(
    processDocumentQueue,
    createProcessDocumentHandler({ db: app.db, storage: app.storage, pool }),
  );
  app.addHook('onClose', async () => pool.close());
  // Files left by uploads a crash cut off between storing the file and saving its record.
  if (app.config.workerConcurrency > 0) {
    const sweeper = new OrphanFileSweeper({
      db: app.db,
      storage: app.storage,
      databaseKind: app.databaseKind,
      log: app.log,
    });
    app.addHook('onReady', async () => sweeper.start());
    app.addHook('onClose', async () => sweeper.stop());
  }

  await app.register(multipart, {
    limits: {
      // One byte over the limit lets the upload tell "too large" from "exactly the limit".
      fileSize: app.config.uploadMaxBytes + 1,
      files: 1,
      fields: 10,
      fieldSize: 10_000,
      parts: 12,
    },
  });

  const documentsContext = (request: FastifyRequest): DocumentsContext => ({
    ...contextOf(request),
    storage: app.storage,
    jobs: app.jobs,
    fileLinkKey: linkKey,
    uploadMaxBytes: app.config.uploadMaxBytes,
  });

  app.get(
    '/api/properties/:id/documents',
    {
      config: { access: 'documents:read' },
      schema: {
        tags: ['documents'],
        summary: "A property's documents, by category",
        params: propertyIdParamsSchema,
        querystring: propertyDocumentListQuerySchema,
        response: { 200: propertyDocumentListSchema },
      },
    },
    async (request) => listDocuments(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/properties/:id/documents',
    {
      config: { access: 'documents:write' },
      schema: {
        tags: ['documents'],
        summary:
          'Upload a document (multipart: category, name, description, then file); its text is extracted in the background',
        consumes: ['multipart/form-data'],
        params: propertyIdParamsSchema,
        response: { 201: propertyDocumentSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(415, 'NOT_MULTIPART', 'Send the file as multipart/form-data.');
      const document = await uploadDocument(documentsContext(request), request.params.id, request.parts());
      return reply.status(201).send(document);
    },
  );

  app.get(
    '/api/properties/:id/documents/required-status',
    {
      config: { access: 'documents:read' },
      schema: {
        tags: ['documents'],
        summary: 'Which required document categories have a document (completeCategories)',
        params: propertyIdParamsSchema,
        response: { 200: requiredDocumentsStatusSchema },
      },
    },
    async (request) => getRequiredDocumentsStatus(contextOf(request), request.params.id),
  );

  app.get(
    '/api/properties/:id/documents/search',
    {
      config: { access: 'documents:read' },
      schema: {
        tags: ['documents'],
        summary: "The passages of a property's documents that best match a query, with document and page",
        params: propertyIdParamsSchema,
        querystring: documentSearchQuerySchema,
        response: { 200: documentSearchResultSchema },
      },
    },
    async (request) => ({
      query: request.query.q,
      passages: await searchDocuments(
        contextOf(request),
        request.params.id,
        request.query.q,
        request.query.limit,
      ),
    }),
  );

  app.get(
    '/api/documents/:documentId',
    {
      config: { access: 'documents:read' },
      schema: {
        tags: ['documents'],
        summary: 'One document with its processing status',
        params: documentIdParamsSchema,
        response: { 200: propertyDocumentSchema },
      },
    },
    async (request) => getDocument(contextOf(request), request.params.documentId),
  );

  app.delete(
    '/api/documents/:documentId',
    {
      config: { access: 'documents:write' },
      schema: {
        tags: ['documents'],
        summary: 'Delete a document: its record, extracted text and file',
        params: documentIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDocument(documentsContext(request), request.params.documentId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/documents/:documentId/process',
    {
      config: { access: 'documents:process' },
      schema: {
        tags: ['documents'],
        summary: 'Extract (or extract again) the text of a document, in the background',
        params: documentIdParamsSchema,
        response: { 202: processDocumentResultSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await startProcessing(documentsContext(request), request.params.documentId)),
  );

  app.get(
    '/api/documents/:documentId/file-link',
    {
      config: { access: 'documents:read' },
      schema: {
        tags: ['documents'],
        summary: 'A link to the file, valid for one hour',
        params: documentIdParamsSchema,
        response: { 200: documentFileLinkSchema },
      },
    },
    async (request) => getFileLink(documentsContext(request), request.params.documentId),
  );

  app.get(
    '/api/documents/:documentId/file',
    {
      config: { access: 'documents:read' },
      schema: {
        tags: ['documents'],
        summary: 'The file itself, through a signed link from file-link (local storage)',
        params: documentIdParamsSchema,
        querystring: signedFileQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await openSignedFile(documentsContext(request), request.params.documentId, request.query);
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.sizeBytes))
          .header('content-disposition', contentDisposition(file.fileName, file.inline))
          .header('cache-control', 'private, max-age=3600')
          // The preview dialog shows files in a frame of our own pages, and nowhere else.
          .header('x-frame-options', 'SAMEORIGIN')
          .header('content-security-policy', "frame-ancestors 'self'")
          .send(file.stream)
      );
    },
  );
};
