import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  vendorCompanyInputSchema,
  vendorCompanySchema,
  vendorCompanyUpdateSchema,
  vendorDocumentInputSchema,
  vendorDocumentParamsSchema,
  vendorDocumentRejectSchema,
  vendorDocumentSchema,
  vendorDocumentWithdrawSchema,
  vendorIdParamsSchema,
  vendorListQuerySchema,
  vendorListSchema,
  vendorOwnCompanyQuerySchema,
  vendorOwnCompanySchema,
  vendorPersonInputSchema,
  vendorPersonParamsSchema,
  vendorPerformanceSchema,
  vendorPersonSchema,
  vendorPersonUpdateSchema,
  vendorServiceAreaParamsSchema,
  vendorSubmissionInputSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { siteOf } from '../../plugins/config.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';
import { invitationEvent } from '../users/invitation-mail.ts';
import {
  addVendorDocument,
  getOwnCompany,
  rejectVendorDocument,
  submitOwnDocument,
  verifyVendorDocument,
  withdrawVendorDocument,
} from './vendor-documents.ts';
import {
  addVendorPerson,
  removeVendorPerson,
  resendVendorInvitation,
  updateVendorPerson,
  type VendorInvitationMail,
} from './vendor-people.ts';
import { vendorPerformance } from './vendor-performance.ts';
import type { VendorsContext } from './vendor-views.ts';
import { vendorComplianceSchedule } from './vendors.jobs.ts';
import {
  addServiceArea,
  createVendor,
  getVendor,
  listVendors,
  removeServiceArea,
  updateVendor,
} from './vendors.service.ts';

const tags = ['vendors'];
const ok = z.object({ ok: z.literal(true) });

/**
 * The vendor directory (issue 24 item 1, decision 0067): managers and admins keep it, board members read
 * the companies serving their associations, and a company's people see and renew their own documents in
 * the vendor portal. Certificate files go through POST /api/attachments naming `vendorDocumentId`.
 */
export const vendorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new AttachmentLinks(app.config.authSecret);
  const vendorsContext = (request: FastifyRequest): VendorsContext => ({ ...contextOf(request), links });
  const sendInvitation: VendorInvitationMail = async (tx, invitee, link, about) => {
    await app.notifier.notify(tx, [invitee.id], invitationEvent(link, siteOf(app.config), about));
  };
  app.schedules.add(vendorComplianceSchedule(app.notifier));

  app.get(
    '/api/vendors',
    {
      config: { access: 'vendors:read' },
      schema: {
        tags,
        summary:
          'A page of the vendor directory by name, with each company’s certificate of insurance, licence and W-9 today',
        querystring: vendorListQuerySchema,
        response: { 200: vendorListSchema },
      },
    },
    async (request) => listVendors(vendorsContext(request), request.query),
  );

  app.post(
    '/api/vendors',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: 'Add a vendor company, serving associations the caller runs',
        body: vendorCompanyInputSchema,
        response: { 201: vendorCompanySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createVendor(vendorsContext(request), request.body)),
  );

  app.get(
    '/api/vendors/:id',
    {
      config: { access: 'vendors:read' },
      schema: {
        tags,
        summary: 'A vendor company with its people, service areas, documents and (for staff) overrides',
        params: vendorIdParamsSchema,
        response: { 200: vendorCompanySchema },
      },
    },
    async (request) => getVendor(vendorsContext(request), request.params.id),
  );

  app.get(
    '/api/vendors/:id/performance',
    {
      config: { access: 'vendors:read' },
      schema: {
        tags,
        summary:
          'How the company has worked at the associations the caller may see: reply and completion times, ratings, bids, invoices against awards',
        params: vendorIdParamsSchema,
        response: { 200: vendorPerformanceSchema },
      },
    },
    async (request) => vendorPerformance(vendorsContext(request), request.params.id),
  );

  app.patch(
    '/api/vendors/:id',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: "Change a vendor company's details, contacts, notes or whether it is active",
        params: vendorIdParamsSchema,
        body: vendorCompanyUpdateSchema,
        response: { 200: vendorCompanySchema },
      },
    },
    async (request) => updateVendor(vendorsContext(request), request.params.id, request.body),
  );

  app.put(
    '/api/vendors/:id/service-areas/:propertyId',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: 'The vendor serves an association the caller runs (idempotent)',
        params: vendorServiceAreaParamsSchema,
        response: { 200: vendorCompanySchema },
      },
    },
    async (request) => addServiceArea(vendorsContext(request), request.params.id, request.params.propertyId),
  );

  app.delete(
    '/api/vendors/:id/service-areas/:propertyId',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: 'The vendor stops serving an association the caller runs',
        params: vendorServiceAreaParamsSchema,
      },
    },
    async (request, reply) => {
      await removeServiceArea(vendorsContext(request), request.params.id, request.params.propertyId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/vendors/:id/people',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary:
          'Add a person to the vendor company: a new vendor account is sent an invitation by e-mail (an existing account is refused, except for admins, who may add an existing vendor account of no company)',
        params: vendorIdParamsSchema,
        body: vendorPersonInputSchema,
        response: { 201: vendorPersonSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addVendorPerson(vendorsContext(request), request.params.id, request.body, sendInvitation),
        ),
  );

  app.post(
    '/api/vendors/:id/people/:userId/invitation',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: 'Send a vendor person a new invitation link (the old one stops working)',
        params: vendorPersonParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await resendVendorInvitation(
        vendorsContext(request),
        request.params.id,
        request.params.userId,
        sendInvitation,
      );
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/vendors/:id/people/:userId',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: "Change a vendor person's title or phone, or make them the company's main contact",
        params: vendorPersonParamsSchema,
        body: vendorPersonUpdateSchema,
        response: { 200: vendorPersonSchema },
      },
    },
    async (request) =>
      updateVendorPerson(vendorsContext(request), request.params.id, request.params.userId, request.body),
  );

  app.delete(
    '/api/vendors/:id/people/:userId',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: 'Take a person off the vendor company (their account stays)',
        params: vendorPersonParamsSchema,
      },
    },
    async (request, reply) => {
      await removeVendorPerson(vendorsContext(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/vendors/:id/documents',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: 'Add a certificate of insurance, licence or W-9 to the vendor company (verified at once)',
        params: vendorIdParamsSchema,
        body: vendorDocumentInputSchema,
        response: { 201: vendorDocumentSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addVendorDocument(vendorsContext(request), request.params.id, request.body)),
  );

  app.post(
    '/api/vendors/:id/documents/:documentId/verify',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: 'Verify a document the vendor submitted; its people are told',
        params: vendorDocumentParamsSchema,
        response: { 200: vendorDocumentSchema },
      },
    },
    async (request) =>
      verifyVendorDocument(vendorsContext(request), request.params.id, request.params.documentId),
  );

  app.post(
    '/api/vendors/:id/documents/:documentId/reject',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary: 'Reject a document the vendor submitted, saying why; its people are told',
        params: vendorDocumentParamsSchema,
        body: vendorDocumentRejectSchema,
        response: { 200: vendorDocumentSchema },
      },
    },
    async (request) =>
      rejectVendorDocument(
        vendorsContext(request),
        request.params.id,
        request.params.documentId,
        request.body.reason,
      ),
  );

  app.post(
    '/api/vendors/:id/documents/:documentId/withdraw',
    {
      config: { access: 'vendors:manage' },
      schema: {
        tags,
        summary:
          'Withdraw a document entered or verified by mistake, saying why: it stays in the history and counts for nothing',
        params: vendorDocumentParamsSchema,
        body: vendorDocumentWithdrawSchema,
        response: { 200: vendorDocumentSchema },
      },
    },
    async (request) =>
      withdrawVendorDocument(
        vendorsContext(request),
        request.params.id,
        request.params.documentId,
        request.body.reason,
      ),
  );

  app.get(
    '/api/vendor-portal/company',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: ['portals', ...tags],
        summary:
          "The caller's vendor company (an admin names one): its associations, people, documents and the warning to show",
        querystring: vendorOwnCompanyQuerySchema,
        response: { 200: vendorOwnCompanySchema },
      },
    },
    async (request) => getOwnCompany(vendorsContext(request), request.query.companyId),
  );

  app.post(
    '/api/vendor-portal/company/documents',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: ['portals', ...tags],
        summary:
          "Submit a renewed certificate of insurance, licence or W-9 for the caller's company; it waits for a manager's review",
        body: vendorSubmissionInputSchema,
        response: { 201: vendorDocumentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitOwnDocument(vendorsContext(request), request.body)),
  );
};
