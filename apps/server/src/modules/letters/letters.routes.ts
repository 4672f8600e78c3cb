import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  letterInputSchema,
  letterListQuerySchema,
  letterListSchema,
  letterParamsSchema,
  letterPrintQuerySchema,
  letterSchema,
  letterSendSchema,
  letterTemplateInputSchema,
  letterTemplateListQuerySchema,
  letterTemplateListSchema,
  letterTemplateParamsSchema,
  letterTemplateSchema,
  myLetterListQuerySchema,
  myLetterListSchema,
  myLetterParamsSchema,
} from '@commonwise/contracts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { contextOf } from '../../lib/context.ts';
import {
  approveLetter,
  cancelLetter,
  createLetter,
  getLetter,
  listLetters,
  listMyLetters,
  openLetterPdf,
  openMyLetterPdf,
  printLetters,
  sendLetter,
  submitLetter,
  type LettersContext,
} from './letters.service.ts';
import { getTemplate, listTemplates, publishTemplate } from './templates.service.ts';

const propertyParams = z.object({ id: z.uuid() });

/** Letters and notices (issue 18 item 3, decision 0035). */
export const lettersRoutes: FastifyPluginAsyncZod = async (app) => {
  const lettersContext = (request: FastifyRequest): LettersContext => ({
    ...contextOf(request),
    storage: app.storage,
  });

  app.get(
    '/api/properties/:id/letter-templates',
    {
      config: { access: 'letters:read' },
      schema: {
        tags: ['letters'],
        summary: "The version in use of each of the association's letter templates",
        params: propertyParams,
        querystring: letterTemplateListQuerySchema,
        response: { 200: letterTemplateListSchema },
      },
    },
    async (request) => listTemplates(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/properties/:id/letter-templates',
    {
      config: { access: 'letters:write' },
      schema: {
        tags: ['letters'],
        summary: 'Publish a template, or the next version of one (published versions never change)',
        params: propertyParams,
        body: letterTemplateInputSchema,
        response: { 201: letterTemplateSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await publishTemplate(contextOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/properties/:id/letter-templates/:templateId',
    {
      config: { access: 'letters:read' },
      schema: {
        tags: ['letters'],
        summary: 'One version of a template',
        params: letterTemplateParamsSchema,
        response: { 200: letterTemplateSchema },
      },
    },
    async (request) => getTemplate(contextOf(request), request.params.id, request.params.templateId),
  );

  app.get(
    '/api/properties/:id/letters',
    {
      config: { access: 'letters:read' },
      schema: {
        tags: ['letters'],
        summary: "The association's letters, newest first",
        params: propertyParams,
        querystring: letterListQuerySchema,
        response: { 200: letterListSchema },
      },
    },
    async (request) => listLetters(contextOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/properties/:id/letters',
    {
      config: { access: 'letters:write' },
      schema: {
        tags: ['letters'],
        summary: "Make a draft letter from a template for a unit's owners (renders and stores its PDF)",
        params: propertyParams,
        body: letterInputSchema,
        response: { 201: letterSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createLetter(lettersContext(request), request.params.id, request.body)),
  );

  app.get(
    '/api/properties/:id/letters/print',
    {
      config: { access: 'letters:write' },
      schema: {
        tags: ['letters'],
        summary: 'One PDF of the chosen letters after an address sheet, to print and mail',
        params: propertyParams,
        querystring: letterPrintQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const batch = await printLetters(lettersContext(request), request.params.id, request.query.ids);
      return sendPdf(reply, { bytes: batch.bytes, fileName: batch.fileName });
    },
  );

  app.get(
    '/api/properties/:id/letters/:letterId',
    {
      config: { access: 'letters:read' },
      schema: {
        tags: ['letters'],
        summary: 'A letter, with its deliveries and what its jurisdiction requires to send it',
        params: letterParamsSchema,
        response: { 200: letterSchema },
      },
    },
    async (request) => getLetter(contextOf(request), request.params.id, request.params.letterId),
  );

  app.get(
    '/api/properties/:id/letters/:letterId/pdf',
    {
      config: { access: 'letters:read' },
      schema: {
        tags: ['letters'],
        summary: 'The letter as stored (its SHA-256 is on the letter)',
        params: letterParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await openLetterPdf(lettersContext(request), request.params.id, request.params.letterId),
        { inline: true },
      ),
  );

  app.post(
    '/api/properties/:id/letters/:letterId/submit',
    {
      config: { access: 'letters:write' },
      schema: {
        tags: ['letters'],
        summary: 'Ask for approval of a draft that needs it',
        params: letterParamsSchema,
        response: { 200: letterSchema },
      },
    },
    async (request) => submitLetter(contextOf(request), request.params.id, request.params.letterId),
  );

  app.post(
    '/api/properties/:id/letters/:letterId/approve',
    {
      config: { access: 'letters:approve' },
      schema: {
        tags: ['letters'],
        summary: "Approve a letter awaiting approval (not one's own)",
        params: letterParamsSchema,
        response: { 200: letterSchema },
      },
    },
    async (request) => approveLetter(contextOf(request), request.params.id, request.params.letterId),
  );

  app.post(
    '/api/properties/:id/letters/:letterId/cancel',
    {
      config: { access: 'letters:write' },
      schema: {
        tags: ['letters'],
        summary: 'Cancel a letter not yet sent (it is kept)',
        params: letterParamsSchema,
        response: { 200: letterSchema },
      },
    },
    async (request) => cancelLetter(contextOf(request), request.params.id, request.params.letterId),
  );

  app.post(
    '/api/properties/:id/letters/:letterId/send',
    {
      config: { access: 'letters:write' },
      schema: {
        tags: ['letters'],
        summary:
          'Mark a letter sent, recording how it reached each recipient (the evidence its law requires)',
        params: letterParamsSchema,
        body: letterSendSchema,
        response: { 200: letterSchema },
      },
    },
    async (request) =>
      sendLetter(contextOf(request), request.params.id, request.params.letterId, request.body),
  );

  app.get(
    '/api/resident-portal/letters',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['letters'],
        summary: 'The letters sent to the signed-in owner, newest first',
        querystring: myLetterListQuerySchema,
        response: { 200: myLetterListSchema },
      },
    },
    async (request) => listMyLetters(contextOf(request), request.query),
  );

  app.get(
    '/api/resident-portal/letters/:letterId/pdf',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['letters'],
        summary: 'A letter sent to the signed-in owner, as stored',
        params: myLetterParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendPdf(reply, await openMyLetterPdf(lettersContext(request), request.params.letterId), {
        inline: true,
      }),
  );
};
