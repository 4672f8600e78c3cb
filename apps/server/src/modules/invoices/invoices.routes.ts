import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceParamsSchema,
  invoicePaymentInputSchema,
  invoiceVoidPaymentSchema,
  invoicePropertyParamsSchema,
  invoiceRejectSchema,
  invoiceSchema,
  vendorInvoiceInputSchema,
  vendorInvoiceListQuerySchema,
  vendorInvoiceListSchema,
  vendorInvoiceParamsSchema,
  vendorInvoiceSchema,
  vendorPolicyInputSchema,
  vendorPolicySchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';
import { recordInvoicePayment, voidInvoicePayment } from './invoice-payments.ts';
import { approveInvoice, rejectInvoice, startReview } from './invoice-review.ts';
import { submitInvoice } from './invoice-submission.ts';
import {
  getInvoice,
  getOwnInvoice,
  listInvoices,
  listOwnInvoices,
  type InvoicesContext,
} from './invoice-views.ts';
import { getVendorPolicy, setVendorPolicy } from './vendor-policy.ts';

const tags = ['invoices'];

/**
 * Vendor invoices and the association's approval limits (issue 24 item 3, decision 0068). The association's
 * managers, board and admins read its invoices; its managers (and admins) start the review, reject and
 * record payments; its managers, board members and admins approve within the limits its board sets. A
 * company's people send and follow their own invoices in the vendor portal; files go through
 * POST /api/attachments naming `vendorInvoiceId`.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new AttachmentLinks(app.config.authSecret);
  const invoicesContext = (request: FastifyRequest): InvoicesContext => ({ ...contextOf(request), links });

  app.get(
    '/api/properties/:propertyId/vendor-invoices',
    {
      config: { access: 'invoices:read' },
      schema: {
        tags,
        summary:
          "A page of the association's vendor invoices, newest first, with the approvals each still needs",
        params: invoicePropertyParamsSchema,
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema },
      },
    },
    async (request) => listInvoices(invoicesContext(request), request.params.propertyId, request.query),
  );

  app.get(
    '/api/properties/:propertyId/vendor-invoices/:id',
    {
      config: { access: 'invoices:read' },
      schema: {
        tags,
        summary:
          'A vendor invoice with its lines, files, approvals, what is still needed, its payment and what it is for',
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => getInvoice(invoicesContext(request), request.params.propertyId, request.params.id),
  );

  app.post(
    '/api/properties/:propertyId/vendor-invoices/:id/review',
    {
      config: { access: 'invoices:manage' },
      schema: {
        tags,
        summary: 'Start the review of a received invoice; the vendor is told, and the board if it needs them',
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => startReview(invoicesContext(request), request.params.propertyId, request.params.id),
  );

  app.post(
    '/api/properties/:propertyId/vendor-invoices/:id/approvals',
    {
      config: { access: 'invoices:approve' },
      schema: {
        tags,
        summary:
          "Approve an invoice in review; the approval that completes what the association's limits ask approves it",
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => approveInvoice(invoicesContext(request), request.params.propertyId, request.params.id),
  );

  app.post(
    '/api/properties/:propertyId/vendor-invoices/:id/reject',
    {
      config: { access: 'invoices:manage' },
      schema: {
        tags,
        summary: 'Reject a received or in-review invoice, saying why; the vendor is told',
        params: invoiceParamsSchema,
        body: invoiceRejectSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) =>
      rejectInvoice(
        invoicesContext(request),
        request.params.propertyId,
        request.params.id,
        request.body.reason,
      ),
  );

  app.post(
    '/api/properties/:propertyId/vendor-invoices/:id/payments',
    {
      config: { access: 'invoices:manage' },
      schema: {
        tags,
        summary:
          "Record the payment of an approved invoice: posts the expense and the cash of its fund to the association's books",
        params: invoiceParamsSchema,
        body: invoicePaymentInputSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) =>
      recordInvoicePayment(
        invoicesContext(request),
        request.params.propertyId,
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/api/properties/:propertyId/vendor-invoices/:id/payments/void',
    {
      config: { access: 'invoices:manage' },
      schema: {
        tags,
        summary:
          "Void a recorded payment: reverses its entry in the association's books and approves the invoice again, to be paid anew",
        params: invoiceParamsSchema,
        body: invoiceVoidPaymentSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) =>
      voidInvoicePayment(
        invoicesContext(request),
        request.params.propertyId,
        request.params.id,
        request.body,
      ),
  );

  app.get(
    '/api/properties/:propertyId/vendor-policy',
    {
      config: { access: 'invoices:read' },
      schema: {
        tags,
        summary: "The association's approval limits for awards and invoices, with who set them and when",
        params: invoicePropertyParamsSchema,
        response: { 200: vendorPolicySchema },
      },
    },
    async (request) => getVendorPolicy(contextOf(request), request.params.propertyId),
  );

  app.put(
    '/api/properties/:propertyId/vendor-policy',
    {
      config: { access: 'vendors:set-limits' },
      schema: {
        tags,
        summary:
          "Set the association's approval limits (its board members and admins); invoices in review whose approvals now suffice are approved",
        params: invoicePropertyParamsSchema,
        body: vendorPolicyInputSchema,
        response: { 200: vendorPolicySchema },
      },
    },
    async (request) => setVendorPolicy(contextOf(request), request.params.propertyId, request.body),
  );

  app.get(
    '/api/vendor-portal/invoices',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: ['portals', ...tags],
        summary: "A page of the caller's company's invoices, newest first (an admin names the company)",
        querystring: vendorInvoiceListQuerySchema,
        response: { 200: vendorInvoiceListSchema },
      },
    },
    async (request) => listOwnInvoices(invoicesContext(request), request.query),
  );

  app.get(
    '/api/vendor-portal/invoices/:id',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: ['portals', ...tags],
        summary: "One of the caller's company's invoices: its lines, files, status and payment",
        params: vendorInvoiceParamsSchema,
        response: { 200: vendorInvoiceSchema },
      },
    },
    async (request) => getOwnInvoice(invoicesContext(request), request.params.id),
  );

  app.post(
    '/api/vendor-portal/invoices',
    {
      config: { access: 'portal:vendor' },
      schema: {
        tags: ['portals', ...tags],
        summary:
          "Send an invoice to an association, for a work order assigned to the caller's company or a contract awarded to it",
        body: vendorInvoiceInputSchema,
        response: { 201: vendorInvoiceSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitInvoice(invoicesContext(request), request.body)),
  );
};
