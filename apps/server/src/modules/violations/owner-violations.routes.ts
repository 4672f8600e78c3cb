import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cureReportInputSchema,
  hearingRequestInputSchema,
  ownerReplyInputSchema,
  ownerViolationListSchema,
  ownerViolationSchema,
  violationParamsSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';
import {
  listMyViolations,
  replyToViolation,
  reportCure,
  requestHearing,
} from './owner-violations.service.ts';
import type { ViolationsContext } from './violations.service.ts';

/**
 * The owner's side of covenant enforcement (issue 21 item 5), in the resident portal: the violations of
 * the units the caller owns today that they were sent a notice about, and their reply, cure report and
 * hearing request. Like the owner's letters and account, these are `portal:resident` routes scoped to
 * the caller's own ownerships (violation-access.ts ownerSeesViolation); anything else answers 404.
 */
export const ownerViolationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new AttachmentLinks(app.config.authSecret);
  const ownerContext = (request: FastifyRequest): ViolationsContext => ({ ...contextOf(request), links });
  const tags = ['violations'];

  app.get(
    '/api/resident-portal/violations',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary:
          'The violations of the units the caller owns that they were sent a notice about: open ones and those closed in the last year, newest first',
        response: { 200: ownerViolationListSchema },
      },
    },
    async (request) => listMyViolations(ownerContext(request)),
  );

  app.post(
    '/api/resident-portal/violations/:violationId/replies',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary: 'Reply to a violation notice: added to its history, and its managers are told',
        params: violationParamsSchema,
        body: ownerReplyInputSchema,
        response: { 201: ownerViolationSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await replyToViolation(ownerContext(request), request.params.violationId, request.body)),
  );

  app.post(
    '/api/resident-portal/violations/:violationId/cure-reports',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary:
          'Report an open violation cured, with 1–10 photos uploaded to it: a manager or inspector re-inspects it',
        params: violationParamsSchema,
        body: cureReportInputSchema,
        response: { 201: ownerViolationSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reportCure(ownerContext(request), request.params.violationId, request.body)),
  );

  app.post(
    '/api/resident-portal/violations/:violationId/hearing-requests',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags,
        summary:
          'Ask for a hearing on a violation, within the period the jurisdiction gives where it is known',
        params: violationParamsSchema,
        body: hearingRequestInputSchema,
        response: { 201: ownerViolationSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await requestHearing(ownerContext(request), request.params.violationId, request.body)),
  );
};
