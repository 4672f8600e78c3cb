import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountInputSchema,
  accountParamsSchema,
  accountSchema,
  accountUpdateSchema,
  booksSchema,
  chartQuerySchema,
  chartSchema,
  closePeriodSchema,
  journalEntryInputSchema,
  journalEntryParamsSchema,
  journalEntrySchema,
  journalPageSchema,
  journalQuerySchema,
  propertyIdParamsSchema,
  reverseEntrySchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  closeBooks,
  createAccount,
  createEntry,
  getChart,
  listJournal,
  reverseEntry,
  updateAccount,
} from './books.service.ts';

/** An association's books (issue 20, item 1; decision 0043). */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const books = '/api/properties/:id/finance';

  app.get(
    `${books}/accounts`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'The chart of accounts with each balance on a day (the trial balance), and the books',
        params: propertyIdParamsSchema,
        querystring: chartQuerySchema,
        response: { 200: chartSchema },
      },
    },
    async (request) => getChart(contextOf(request), request.params.id, request.query),
  );

  app.post(
    `${books}/accounts`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Add an account to the chart',
        params: propertyIdParamsSchema,
        body: accountInputSchema,
        response: { 201: accountSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccount(contextOf(request), request.params.id, request.body)),
  );

  app.patch(
    `${books}/accounts/:accountId`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Rename or renumber an account, or make it (in)active; its type and fund never change',
        params: accountParamsSchema,
        body: accountUpdateSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) =>
      updateAccount(contextOf(request), request.params.id, request.params.accountId, request.body),
  );

  app.get(
    `${books}/journal`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'The journal, newest first, with each entry’s lines (paged; by account and dates)',
        params: propertyIdParamsSchema,
        querystring: journalQuerySchema,
        response: { 200: journalPageSchema },
      },
    },
    async (request) => listJournal(contextOf(request), request.params.id, request.query),
  );

  app.post(
    `${books}/journal`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Post a journal entry (balanced in each fund, into an open month)',
        params: propertyIdParamsSchema,
        body: journalEntryInputSchema,
        response: { 201: journalEntrySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEntry(contextOf(request), request.params.id, request.body)),
  );

  app.post(
    `${books}/journal/:entryId/reverse`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Correct an entry by posting its reversal (once; the original stays)',
        params: journalEntryParamsSchema,
        body: reverseEntrySchema,
        response: { 201: journalEntrySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reverseEntry(contextOf(request), request.params.id, request.params.entryId, request.body),
        ),
  );

  // A posted entry is never changed or deleted: the methods exist only to say so, and what to do instead.
  for (const method of ['PATCH', 'PUT', 'DELETE'] as const)
    app.route({
      method,
      url: `${books}/journal/:entryId`,
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Refused (405): posted entries are corrected by a reversing entry',
        params: journalEntryParamsSchema,
      },
      handler: async () => {
        throw new AppError(
          405,
          'ENTRY_IMMUTABLE',
          'Posted entries cannot be changed or deleted: post a reversing entry instead',
        );
      },
    });

  app.post(
    `${books}/close`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Close the books through the end of a month: nothing more is posted on or before it',
        params: propertyIdParamsSchema,
        body: closePeriodSchema,
        response: { 200: booksSchema },
      },
    },
    async (request) => closeBooks(contextOf(request), request.params.id, request.body),
  );
};
