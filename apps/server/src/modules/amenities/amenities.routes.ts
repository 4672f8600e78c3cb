import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  amenityInputSchema,
  amenityListSchema,
  amenitySchema,
  attachmentListSchema,
  availabilityQuerySchema,
  availabilitySchema,
  blackoutInputSchema,
  bookingCancelInputSchema,
  bookingDeclineInputSchema,
  bookingInputSchema,
  bookingListQuerySchema,
  bookingPageSchema,
  bookingPaymentInputSchema,
  bookingSchema,
  depositSettlementInputSchema,
  myAmenityListSchema,
  startedBookingPaymentSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';
import { paymentProviderOf } from '../finance/payment-providers.ts';
import {
  createAmenity,
  getPropertyAmenity,
  listPropertyAmenities,
  removeBlackout,
  updateAmenity,
} from './amenities.service.ts';
import { bookingRemindersSchedule } from './amenities.jobs.ts';
import { listManagedBookingFiles, listMyBookingFiles } from './booking-files.ts';
import {
  bookingPaymentEvents,
  providerRefundQueue,
  refundThroughProvider,
  type ProviderRefundPayload,
} from './booking-payments.ts';
import {
  addBlackout,
  approveBooking,
  availabilityOf,
  book,
  bookingIcs,
  cancelBooking,
  declineBooking,
  expireHold,
  getMyBooking,
  holdExpiryQueue,
  listMyAmenities,
  listMyBookings,
  listPropertyBookings,
  payBooking,
  settleDeposit,
  settleProviderPayment,
  type HoldExpiryPayload,
} from './bookings.service.ts';

const propertyParamsSchema = z.object({ propertyId: z.uuid('That is not a valid association id') });
const amenityParamsSchema = propertyParamsSchema.extend({
  amenityId: z.uuid('That is not a valid amenity id'),
});
const blackoutParamsSchema = amenityParamsSchema.extend({
  blackoutId: z.uuid('That is not a valid closure id'),
});
const managedBookingParamsSchema = propertyParamsSchema.extend({
  bookingId: z.uuid('That is not a valid booking id'),
});
const myAmenityParamsSchema = z.object({ amenityId: z.uuid('That is not a valid amenity id') });
const myBookingParamsSchema = z.object({ bookingId: z.uuid('That is not a valid booking id') });

const tags = ['amenities'];

/**
 * Amenities and bookings (issue 23 item 5): the members' routes under /api/me (a reader's route that
 * takes no association must not sit under /api/properties, where `..` could reach it), then the
 * managers' under their association.
 */
export const amenitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = paymentProviderOf(app.config, app.stripe);
  const host = new URL(app.config.publicUrl).hostname;
  const links = new AttachmentLinks(app.config.authSecret);
  app.jobs.register<HoldExpiryPayload>(holdExpiryQueue, {
    run: async (job) => {
      await expireHold(app.db, job.payload.bookingId, provider);
    },
  });
  app.jobs.register<ProviderRefundPayload>(providerRefundQueue, {
    run: async (job) => {
      await refundThroughProvider(app.db, provider, job.payload.bookingMoneyId);
    },
  });
  app.paymentEventHandlers.push(
    bookingPaymentEvents({
      settle: (tx, bookingId, paid) =>
        settleProviderPayment({ notifier: app.notifier, jobs: app.jobs }, tx, bookingId, paid),
    }),
  );
  app.schedules.add(bookingRemindersSchedule(app.notifier));
  const bookingContext = (request: Parameters<typeof contextOf>[0]) => ({
    ...contextOf(request),
    jobs: app.jobs,
    provider,
  });

  app.get(
    '/api/me/amenities',
    {
      config: { access: 'amenities:read' },
      schema: {
        tags,
        summary: "The amenities of the caller's associations, with the homes they may book each as",
        response: { 200: myAmenityListSchema },
      },
    },
    async (request) => listMyAmenities(contextOf(request)),
  );

  app.get(
    '/api/me/amenities/:amenityId/availability',
    {
      config: { access: 'amenities:read' },
      schema: {
        tags,
        summary: "A day's slots of an amenity on its own clock: free, taken, tentative, full or closed",
        params: myAmenityParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request) => availabilityOf(contextOf(request), request.params.amenityId, request.query.date),
  );

  app.get(
    '/api/me/amenity-bookings',
    {
      config: { access: 'amenities:read' },
      schema: {
        tags,
        summary: "The caller's bookings, latest start first",
        querystring: bookingListQuerySchema,
        response: { 200: bookingPageSchema },
      },
    },
    async (request) => listMyBookings(contextOf(request), request.query),
  );

  app.post(
    '/api/me/amenity-bookings',
    {
      config: { access: 'amenities:book' },
      schema: {
        tags,
        summary:
          'Books an amenity as one of the caller’s homes: held until paid when it costs something, then pending or confirmed',
        body: bookingInputSchema,
        response: { 200: bookingSchema, 201: bookingSchema },
      },
    },
    async (request, reply) => {
      const { booking, isNew } = await book(bookingContext(request), request.body);
      return reply.status(isNew ? 201 : 200).send(booking);
    },
  );

  app.get(
    '/api/me/amenity-bookings/:bookingId',
    {
      config: { access: 'amenities:read' },
      schema: {
        tags,
        summary: 'One of the caller’s bookings',
        params: myBookingParamsSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) => getMyBooking(contextOf(request), request.params.bookingId),
  );

  app.get(
    '/api/me/amenity-bookings/:bookingId/calendar.ics',
    {
      config: { access: 'amenities:read' },
      schema: {
        tags,
        summary: 'One of the caller’s bookings as an .ics file, to add to a calendar',
        params: myBookingParamsSchema,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const ics = await bookingIcs(contextOf(request), host, request.params.bookingId);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ics.fileName}"`)
        .header('cache-control', 'no-store')
        .send(ics.text);
    },
  );

  app.post(
    '/api/me/amenity-bookings/:bookingId/pay',
    {
      config: { access: 'amenities:book' },
      schema: {
        tags,
        summary:
          'Pays a held booking’s fee and deposit: at once (demo), or with what the browser needs to confirm a card with Stripe',
        params: myBookingParamsSchema,
        body: bookingPaymentInputSchema,
        response: { 200: startedBookingPaymentSchema },
      },
    },
    async (request) => payBooking(bookingContext(request), request.params.bookingId, request.body),
  );

  app.get(
    '/api/me/amenity-bookings/:bookingId/attachments',
    {
      config: { access: 'amenities:read' },
      schema: {
        tags,
        summary: "The photos and files of the caller's booking's deposit settlement, once it is settled",
        params: myBookingParamsSchema,
        response: { 200: attachmentListSchema },
      },
    },
    async (request) => listMyBookingFiles({ ...contextOf(request), links }, request.params.bookingId),
  );

  app.post(
    '/api/me/amenity-bookings/:bookingId/cancel',
    {
      config: { access: 'amenities:book' },
      schema: {
        tags,
        summary:
          'Cancels one of the caller’s bookings: free inside the window, otherwise the late-cancellation fee posts',
        params: myBookingParamsSchema,
        body: bookingCancelInputSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) => cancelBooking(bookingContext(request), request.params.bookingId, request.body),
  );

  // --- Managers -------------------------------------------------------------------------------------

  app.get(
    '/api/properties/:propertyId/amenities',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'The association’s amenities with their rules',
        params: propertyParamsSchema,
        response: { 200: amenityListSchema },
      },
    },
    async (request) => listPropertyAmenities(contextOf(request), request.params.propertyId),
  );

  app.post(
    '/api/properties/:propertyId/amenities',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'Adds an amenity with its rules, hours and limits',
        params: propertyParamsSchema,
        body: amenityInputSchema,
        response: { 201: amenitySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAmenity(contextOf(request), request.params.propertyId, request.body, provider)),
  );

  app.get(
    '/api/properties/:propertyId/amenities/:amenityId',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'One amenity with its rules',
        params: amenityParamsSchema,
        response: { 200: amenitySchema },
      },
    },
    async (request) =>
      getPropertyAmenity(contextOf(request), request.params.propertyId, request.params.amenityId),
  );

  app.put(
    '/api/properties/:propertyId/amenities/:amenityId',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'Changes an amenity’s rules (bookings already made keep theirs)',
        params: amenityParamsSchema,
        body: amenityInputSchema,
        response: { 200: amenitySchema },
      },
    },
    async (request) =>
      updateAmenity(
        contextOf(request),
        request.params.propertyId,
        request.params.amenityId,
        request.body,
        provider,
      ),
  );

  app.post(
    '/api/properties/:propertyId/amenities/:amenityId/blackouts',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'Closes an amenity for a time, with the reason bookers see',
        params: amenityParamsSchema,
        body: blackoutInputSchema,
        response: { 201: amenitySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addBlackout(
            bookingContext(request),
            request.params.propertyId,
            request.params.amenityId,
            request.body,
          ),
        ),
  );

  app.delete(
    '/api/properties/:propertyId/amenities/:amenityId/blackouts/:blackoutId',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'Removes a closure',
        params: blackoutParamsSchema,
        response: { 200: amenitySchema },
      },
    },
    async (request) =>
      removeBlackout(
        contextOf(request),
        request.params.propertyId,
        request.params.amenityId,
        request.params.blackoutId,
      ),
  );

  app.get(
    '/api/properties/:propertyId/amenity-bookings',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'The association’s bookings, earliest first (filter by status: pending ones to approve)',
        params: propertyParamsSchema,
        querystring: bookingListQuerySchema,
        response: { 200: bookingPageSchema },
      },
    },
    async (request) => listPropertyBookings(contextOf(request), request.params.propertyId, request.query),
  );

  app.post(
    '/api/properties/:propertyId/amenity-bookings/:bookingId/approve',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'Approves a pending booking',
        params: managedBookingParamsSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) =>
      approveBooking(bookingContext(request), request.params.propertyId, request.params.bookingId),
  );

  app.post(
    '/api/properties/:propertyId/amenity-bookings/:bookingId/decline',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'Declines a booking with the reason the booker is told; its fee and deposit are refunded',
        params: managedBookingParamsSchema,
        body: bookingDeclineInputSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) =>
      declineBooking(
        bookingContext(request),
        request.params.propertyId,
        request.params.bookingId,
        request.body.reason,
      ),
  );

  app.post(
    '/api/properties/:propertyId/amenity-bookings/:bookingId/deposit',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary: 'Settles a booking’s deposit after it: released, or less a deduction with its reason',
        params: managedBookingParamsSchema,
        body: depositSettlementInputSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) =>
      settleDeposit(
        bookingContext(request),
        request.params.propertyId,
        request.params.bookingId,
        request.body,
      ),
  );

  app.get(
    '/api/properties/:propertyId/amenity-bookings/:bookingId/attachments',
    {
      config: { access: 'amenities:manage' },
      schema: {
        tags,
        summary:
          'The photos and files of a deposit settlement (added through POST /api/attachments with bookingId while the deposit is held)',
        params: managedBookingParamsSchema,
        response: { 200: attachmentListSchema },
      },
    },
    async (request) =>
      listManagedBookingFiles(
        { ...contextOf(request), links },
        request.params.propertyId,
        request.params.bookingId,
      ),
  );
};
