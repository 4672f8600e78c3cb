import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bidAwardSchema,
  bidDeclineSchema,
  bidInputSchema,
  bidInvitationParamsSchema,
  bidInvitationsInputSchema,
  bidMessageInputSchema,
  bidMessageListQuerySchema,
  bidMessageListSchema,
  bidMessageSchema,
  bidRequestCancelSchema,
  bidRequestInputSchema,
  bidRequestListQuerySchema,
  bidRequestListSchema,
  bidRequestParamsSchema,
  bidRequestPropertyParamsSchema,
  bidRequestSchema,
  vendorBidInvitationSchema,
  vendorBidListQuerySchema,
  vendorBidListSchema,
  vendorBidParamsSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';
import type { BidsContext } from './bid-access.ts';
import { awardBidRequest } from './bid-award.service.ts';
import {
  listOwnMessages,
  listRequestMessages,
  postOwnMessage,
  postRequestMessage,
} from './bid-messages.service.ts';
import {
  cancelBidRequest,
  createBidRequest,
  getBidRequest,
  inviteCompanies,
  listBidRequests,
} from './bid-requests.service.ts';
import {
  declineInvitation,
  getVendorBid,
  listVendorBids,
  submitBid,
  withdrawBid,
} from './vendor-bids.service.ts';

const tags = ['bids'];

/**
 * Bids on work (issue 24 item 2, decision 0068): an association's managers request bids from chosen
 * companies and award them (its board reads them, and decides awards above the association's limit through
 * Decisions); each invited company's people bid and ask questions from the vendor portal. Photos, plans and
 * a bid's files go through POST /api/attachments naming `bidRequestId` or `bidId`.
 */
export const bidsRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new AttachmentLinks(app.config.authSecret);
  const bidsContext = (request: FastifyRequest): BidsContext => ({ ...contextOf(request), links });

  app.get(
    '/api/properties/:propertyId/bid-requests',
    {
      config: { access: 'bids:read' },
      schema: {
        tags,
        summary:
          "A page of the association's requests for bids: open ones first by due time, then the others",
        params: bidRequestPropertyParamsSchema,
        querystring: bidRequestListQuerySchema,
        response: { 200: bidRequestListSchema },
      },
    },
    async (request) => listBidRequests(bidsContext(request), request.params.propertyId, request.query),
  );

  app.post(
    '/api/properties/:propertyId/bid-requests',
    {
      config: { access: 'bids:manage' },
      schema: {
        tags,
        summary:
          'Request bids from chosen companies (active, serving the association, of the trade) for a work order or a project; each is told',
        params: bidRequestPropertyParamsSchema,
        body: bidRequestInputSchema,
        response: { 201: bidRequestSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createBidRequest(bidsContext(request), request.params.propertyId, request.body)),
  );

  app.get(
    '/api/properties/:propertyId/bid-requests/:id',
    {
      config: { access: 'bids:read' },
      schema: {
        tags,
        summary:
          'A request for bids with every invited company: who bid (sealed until the due time), then the bids side by side with each company’s insurance today',
        params: bidRequestParamsSchema,
        response: { 200: bidRequestSchema },
      },
    },
    async (request) => getBidRequest(bidsContext(request), request.params.propertyId, request.params.id),
  );

  app.post(
    '/api/properties/:propertyId/bid-requests/:id/invitations',
    {
      config: { access: 'bids:manage' },
      schema: {
        tags,
        summary: 'Invite more companies while bids are taken; each is told',
        params: bidRequestParamsSchema,
        body: bidInvitationsInputSchema,
        response: { 200: bidRequestSchema },
      },
    },
    async (request) =>
      inviteCompanies(bidsContext(request), request.params.propertyId, request.params.id, request.body),
  );

  app.post(
    '/api/properties/:propertyId/bid-requests/:id/cancel',
    {
      config: { access: 'bids:manage' },
      schema: {
        tags,
        summary: 'Cancel a request that is not awarded, saying why; the invited companies are told',
        params: bidRequestParamsSchema,
        body: bidRequestCancelSchema,
        response: { 200: bidRequestSchema },
      },
    },
    async (request) =>
      cancelBidRequest(
        bidsContext(request),
        request.params.propertyId,
        request.params.id,
        request.body.reason,
      ),
  );

  app.post(
    '/api/properties/:propertyId/bid-requests/:id/award',
    {
      config: { access: 'bids:manage' },
      schema: {
        tags,
        summary:
          'Award a bid: at once at or below the association’s limit, otherwise put to its board as a contract-award decision',
        params: bidRequestParamsSchema,
        body: bidAwardSchema,
        response: { 200: bidRequestSchema },
      },
    },
    async (request) =>
      awardBidRequest(bidsContext(request), request.params.propertyId, request.params.id, request.body),
  );

  app.get(
    '/api/properties/:propertyId/bid-requests/:id/invitations/:invitationId/messages',
    {
      config: { access: 'bids:read' },
      schema: {
        tags,
        summary: 'The thread with one invited company, newest first',
        params: bidInvitationParamsSchema,
        querystring: bidMessageListQuerySchema,
        response: { 200: bidMessageListSchema },
      },
    },
    async (request) =>
      listRequestMessages(
        bidsContext(request),
        {
          propertyId: request.params.propertyId,
          requestId: request.params.id,
          invitationId: request.params.invitationId,
        },
        request.query,
      ),
  );

  app.post(
    '/api/properties/:propertyId/bid-requests/:id/invitations/:invitationId/messages',
    {
      config: { access: 'bids:manage' },
      schema: {
        tags,
        summary: 'Write to one invited company (an answer to its question); its people are told',
        params: bidInvitationParamsSchema,
        body: bidMessageInputSchema,
        response: { 201: bidMessageSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await postRequestMessage(
          bidsContext(request),
          {
            propertyId: request.params.propertyId,
            requestId: request.params.id,
            invitationId: request.params.invitationId,
          },
          request.body.body,
        ),
      ),
  );

  const portalTags = ['portals', ...tags];

  app.get(
    '/api/vendor-portal/bids',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: portalTags,
        summary:
          "A page of the caller's company's invitations to bid (an admin names a company): open ones first, then submitted bids, then the past",
        querystring: vendorBidListQuerySchema,
        response: { 200: vendorBidListSchema },
      },
    },
    async (request) => listVendorBids(bidsContext(request), request.query),
  );

  app.get(
    '/api/vendor-portal/bids/:invitationId',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: portalTags,
        summary:
          "One of the company's invitations: the request, its photos and plans, the company's own bid and its thread",
        params: vendorBidParamsSchema,
        response: { 200: vendorBidInvitationSchema },
      },
    },
    async (request) => getVendorBid(bidsContext(request), request.params.invitationId),
  );

  app.put(
    '/api/vendor-portal/bids/:invitationId/bid',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: portalTags,
        summary:
          'Submit or revise the company’s bid while bids are taken (above the not-to-exceed, with an explanation)',
        params: vendorBidParamsSchema,
        body: bidInputSchema,
        response: { 200: vendorBidInvitationSchema },
      },
    },
    async (request) => submitBid(bidsContext(request), request.params.invitationId, request.body),
  );

  app.post(
    '/api/vendor-portal/bids/:invitationId/withdraw',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: portalTags,
        summary: 'Withdraw the company’s bid while bids are taken',
        params: vendorBidParamsSchema,
        response: { 200: vendorBidInvitationSchema },
      },
    },
    async (request) => withdrawBid(bidsContext(request), request.params.invitationId),
  );

  app.post(
    '/api/vendor-portal/bids/:invitationId/decline',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: portalTags,
        summary: 'Decline the invitation, saying why if you like (a bid in is withdrawn with it)',
        params: vendorBidParamsSchema,
        body: bidDeclineSchema,
        response: { 200: vendorBidInvitationSchema },
      },
    },
    async (request) =>
      declineInvitation(bidsContext(request), request.params.invitationId, request.body.reason),
  );

  app.get(
    '/api/vendor-portal/bids/:invitationId/messages',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: portalTags,
        summary: "The company's thread with the association's managers on this invitation, newest first",
        params: vendorBidParamsSchema,
        querystring: bidMessageListQuerySchema,
        response: { 200: bidMessageListSchema },
      },
    },
    async (request) => listOwnMessages(bidsContext(request), request.params.invitationId, request.query),
  );

  app.post(
    '/api/vendor-portal/bids/:invitationId/messages',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: portalTags,
        summary: "Ask the association's managers a question about the request; they are told",
        params: vendorBidParamsSchema,
        body: bidMessageInputSchema,
        response: { 201: bidMessageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await postOwnMessage(bidsContext(request), request.params.invitationId, request.body.body)),
  );
};
