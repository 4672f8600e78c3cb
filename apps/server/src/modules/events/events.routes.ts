import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedSchema,
  eventDetailSchema,
  eventInputSchema,
  eventListQuerySchema,
  eventListSchema,
  eventOccurrenceListSchema,
  eventOccurrenceQuerySchema,
  eventOccurrenceSchema,
  eventSchema,
  rsvpInputSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import { cancelEvent, createEvent, getEvent, listEvents, updateEvent } from './events.service.ts';
import {
  createCalendarFeed,
  eventIcs,
  feedIcs,
  getCalendarFeed,
  getEventDetail,
  listOccurrences,
  revokeCalendarFeed,
  rsvp,
  type Ics,
} from './feed.service.ts';

const propertyParamsSchema = z.object({ propertyId: z.uuid('That is not a valid association id') });
const eventParamsSchema = propertyParamsSchema.extend({ eventId: z.uuid('That is not a valid event id') });
const myEventParamsSchema = z.object({ eventId: z.uuid('That is not a valid event id') });
/** Any text: a malformed address is "not found", exactly as an unknown or revoked one. */
const feedParamsSchema = z.object({ token: z.string().max(200) });

const tags = ['events'];

/**
 * Events (issue 23 item 4): readers' routes under /api/me (those an event is for, and its association's
 * managers and board), the public feed a calendar app polls with its secret address, then the authors'
 * routes under their association.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const host = new URL(app.config.publicUrl).hostname;
  const sendIcs = (reply: FastifyReply, ics: Ics, download: boolean) =>
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${ics.fileName}"`)
      .header('cache-control', 'no-store')
      .send(ics.text);

  app.get(
    '/api/me/events',
    {
      config: { access: 'events:read' },
      schema: {
        tags,
        summary: "The occurrences of the caller's events in a window (from now to 90 days on, by default)",
        querystring: eventOccurrenceQuerySchema,
        response: { 200: eventOccurrenceListSchema },
      },
    },
    async (request) => listOccurrences(contextOf(request), request.query),
  );

  app.get(
    '/api/me/events/:eventId',
    {
      config: { access: 'events:read' },
      schema: {
        tags,
        summary: 'One event with its next occurrences and the caller’s answers',
        params: myEventParamsSchema,
        response: { 200: eventDetailSchema },
      },
    },
    async (request) => getEventDetail(contextOf(request), request.params.eventId),
  );

  app.get(
    '/api/me/events/:eventId/calendar.ics',
    {
      config: { access: 'events:read' },
      schema: {
        tags,
        summary: 'One event as an .ics file, to add to a calendar',
        params: myEventParamsSchema,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) =>
      sendIcs(reply, await eventIcs(contextOf(request), host, request.params.eventId), true),
  );

  app.put(
    '/api/me/events/:eventId/rsvp',
    {
      config: { access: 'events:read' },
      schema: {
        tags,
        summary: 'Says whether the caller comes to one occurrence, and with how many guests',
        params: myEventParamsSchema,
        body: rsvpInputSchema,
        response: { 200: eventOccurrenceSchema },
      },
    },
    async (request) => rsvp(contextOf(request), request.params.eventId, request.body),
  );

  app.get(
    '/api/me/calendar-feed',
    {
      config: { access: 'events:read' },
      schema: {
        tags,
        summary: 'Whether the caller has a calendar feed (its address is shown only when made)',
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => getCalendarFeed(contextOf(request)),
  );

  app.post(
    '/api/me/calendar-feed',
    {
      config: { access: 'events:read' },
      schema: {
        tags,
        summary: 'Makes a new secret calendar-feed address; the previous one stops working',
        response: { 201: calendarFeedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCalendarFeed(contextOf(request), app.config.publicUrl)),
  );

  app.delete(
    '/api/me/calendar-feed',
    {
      config: { access: 'events:read' },
      schema: {
        tags,
        summary: 'Turns the calendar feed off: its address answers “not found” from now on',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeCalendarFeed(contextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/calendar/:token.ics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A person’s calendar feed, by its secret address (no sign-in: calendar apps poll it)',
        params: feedParamsSchema,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) =>
      sendIcs(
        reply,
        await feedIcs(app.db, { host, companyName: app.config.site.companyName }, request.params.token),
        false,
      ),
  );

  const base = '/api/properties/:propertyId/events';

  app.get(
    base,
    {
      config: { access: 'events:manage' },
      schema: {
        tags,
        summary: "The association's events, latest first, with their answers",
        params: propertyParamsSchema,
        querystring: eventListQuerySchema,
        response: { 200: eventListSchema },
      },
    },
    async (request) => listEvents(contextOf(request), request.params.propertyId, request.query),
  );

  app.post(
    base,
    {
      config: { access: 'events:manage' },
      schema: {
        tags,
        summary: 'Schedules an event, once or repeating, on the association’s clock',
        params: propertyParamsSchema,
        body: eventInputSchema,
        response: { 201: eventSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEvent(contextOf(request), request.params.propertyId, request.body)),
  );

  app.get(
    `${base}/:eventId`,
    {
      config: { access: 'events:manage' },
      schema: {
        tags,
        summary: 'One event with its answers',
        params: eventParamsSchema,
        response: { 200: eventSchema },
      },
    },
    async (request) => getEvent(contextOf(request), request.params.propertyId, request.params.eventId),
  );

  app.put(
    `${base}/:eventId`,
    {
      config: { access: 'events:manage' },
      schema: {
        tags,
        summary: 'Changes an event (calendar apps get the new version)',
        params: eventParamsSchema,
        body: eventInputSchema,
        response: { 200: eventSchema },
      },
    },
    async (request) =>
      updateEvent(contextOf(request), request.params.propertyId, request.params.eventId, request.body),
  );

  app.post(
    `${base}/:eventId/cancel`,
    {
      config: { access: 'events:manage' },
      schema: {
        tags,
        summary: 'Cancels every date of an event; it stays listed as cancelled and takes no more answers',
        params: eventParamsSchema,
        response: { 200: eventSchema },
      },
    },
    async (request) => cancelEvent(contextOf(request), request.params.propertyId, request.params.eventId),
  );
};
