import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  complaintDismissInputSchema,
  complaintListQuerySchema,
  complaintListSchema,
  complaintParamsSchema,
  complaintVerifyInputSchema,
  violationComplaintSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { dismissComplaint, getComplaint, listComplaints, verifyComplaint } from './complaints.service.ts';

/**
 * Residents' complaints (issue 21 item 3), for the association's managers (and admins) to verify into
 * violations or dismiss. They name the reporter, so the board (who may own the cited unit) does not
 * read them: 'violations:write', scoped to the associations whose enforcement the caller keeps.
 */
export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['violations'];

  app.get(
    '/api/violation-complaints',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Complaints of the associations the caller manages: those to verify first, then newest',
        querystring: complaintListQuerySchema,
        response: { 200: complaintListSchema },
      },
    },
    async (request) => listComplaints(contextOf(request), request.query),
  );

  app.get(
    '/api/violation-complaints/:complaintId',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'A complaint, with the resident’s words, the reporter and its work order',
        params: complaintParamsSchema,
        response: { 200: violationComplaintSchema },
      },
    },
    async (request) => getComplaint(contextOf(request), request.params.complaintId),
  );

  app.post(
    '/api/violation-complaints/:complaintId/verify',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Verify a complaint: record a violation of a rule in use at a unit, with what was verified',
        params: complaintParamsSchema,
        body: complaintVerifyInputSchema,
        response: { 200: violationComplaintSchema },
      },
    },
    async (request) => verifyComplaint(contextOf(request), request.params.complaintId, request.body),
  );

  app.post(
    '/api/violation-complaints/:complaintId/dismiss',
    {
      config: { access: 'violations:write' },
      schema: {
        tags,
        summary: 'Dismiss a complaint, saying why',
        params: complaintParamsSchema,
        body: complaintDismissInputSchema,
        response: { 200: violationComplaintSchema },
      },
    },
    async (request) => dismissComplaint(contextOf(request), request.params.complaintId, request.body),
  );
};
