import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementAudienceCountInputSchema,
  announcementAuthoringSchema,
  announcementAudienceCountSchema,
  announcementAudienceOptionsSchema,
  announcementFeedQuerySchema,
  announcementFeedSchema,
  announcementInputSchema,
  announcementListQuerySchema,
  announcementListSchema,
  announcementPostSchema,
  announcementRecipientListSchema,
  announcementRecipientQuerySchema,
  announcementReminderSchema,
  announcementSchema,
  attachmentListSchema,
  announcementLanguageParamSchema,
  announcementTranslationInputSchema,
  emergencyDraftInputSchema,
  emergencyInputSchema,
  emergencyPreparedSchema,
  emergencySendSchema,
} from '@commonwise/contracts';
import { contextOf } from '../../lib/context.ts';
import {
  audienceOptions,
  countAudienceOf,
  createAnnouncement,
  deleteDraft,
  deleteTranslation,
  saveTranslation,
  getAnnouncement,
  listAnnouncements,
  listAuthoringProperties,
  listRecipients,
  remindAnnouncement,
  updateAnnouncement,
  withdrawAnnouncement,
} from './announcements.service.ts';
import {
  draftFromWorkOrder,
  getPreparedEmergency,
  prepareEmergency,
  sendEmergency,
} from './emergencies.service.ts';
import { acknowledge, getPost, listFeed, markRead } from './feed.service.ts';
import { listAuthorFiles, listReaderFiles } from './announcement-files.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';
import {
  publishQueue,
  retryScheduledPublication,
  runScheduledPublication,
  type PublishPayload,
} from './publish.ts';

const propertyParamsSchema = z.object({ propertyId: z.uuid('That is not a valid association id') });
const announcementParamsSchema = propertyParamsSchema.extend({
  announcementId: z.uuid('That is not a valid announcement id'),
});
const translationParamsSchema = announcementParamsSchema.extend({
  language: announcementLanguageParamSchema,
});
const postParamsSchema = z.object({ announcementId: z.uuid('That is not a valid announcement id') });

const tags = ['announcements'];

/** Announcements (issue 23 item 1): readers' routes, then the authors' under their association. */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register<PublishPayload>(publishQueue, {
    run: (job) => runScheduledPublication(app.db, app.notifier, job),
    onGiveUp: (job) => retryScheduledPublication(app.db, app.jobs, job.payload),
  });
  const links = new AttachmentLinks(app.config.authSecret);
  const authorContext = (request: Parameters<typeof contextOf>[0]) => ({
    ...contextOf(request),
    jobs: app.jobs,
  });

  app.get(
    '/api/me/announcements',
    {
      config: { access: 'announcements:read' },
      schema: {
        tags,
        summary:
          "The live announcements addressed to the caller, newest first, with how many they haven't read",
        querystring: announcementFeedQuerySchema,
        response: { 200: announcementFeedSchema },
      },
    },
    async (request) => listFeed(contextOf(request), request.query),
  );

  app.get(
    '/api/announcements/authoring',
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'The associations whose announcements the caller writes',
        response: { 200: announcementAuthoringSchema },
      },
    },
    async (request) => listAuthoringProperties(contextOf(request)),
  );

  app.get(
    '/api/me/announcements/:announcementId',
    {
      config: { access: 'announcements:read' },
      schema: {
        tags,
        summary: 'One announcement addressed to the caller (an expired one too, by its link)',
        params: postParamsSchema,
        response: { 200: announcementPostSchema },
      },
    },
    async (request) => getPost(contextOf(request), request.params.announcementId),
  );

  app.post(
    '/api/me/announcements/:announcementId/read',
    {
      config: { access: 'announcements:read' },
      schema: {
        tags,
        summary: 'Marks an announcement read (the first time is kept)',
        params: postParamsSchema,
        response: { 200: announcementPostSchema },
      },
    },
    async (request) => markRead(contextOf(request), request.params.announcementId),
  );

  app.post(
    '/api/me/announcements/:announcementId/acknowledge',
    {
      config: { access: 'announcements:read' },
      schema: {
        tags,
        summary: 'Confirms the caller read an announcement that asks for it',
        params: postParamsSchema,
        response: { 200: announcementPostSchema },
      },
    },
    async (request) => acknowledge(contextOf(request), request.params.announcementId),
  );

  const base = '/api/properties/:propertyId/announcements';

  app.get(
    base,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: "The association's announcements, every status, with read and acknowledged counts",
        params: propertyParamsSchema,
        querystring: announcementListQuerySchema,
        response: { 200: announcementListSchema },
      },
    },
    async (request) => listAnnouncements(contextOf(request), request.params.propertyId, request.query),
  );

  app.post(
    base,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'Writes an announcement: a draft, scheduled for its time, or published at once',
        params: propertyParamsSchema,
        body: announcementInputSchema,
        response: { 201: announcementSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAnnouncement(authorContext(request), request.params.propertyId, request.body)),
  );

  app.get(
    `${base}/audience-options`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: "The association's buildings and units, to choose an audience from",
        params: propertyParamsSchema,
        response: { 200: announcementAudienceOptionsSchema },
      },
    },
    async (request) => audienceOptions(contextOf(request), request.params.propertyId),
  );

  app.post(
    `${base}/audience-count`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'How many people an audience reaches today',
        params: propertyParamsSchema,
        body: announcementAudienceCountInputSchema,
        response: { 200: announcementAudienceCountSchema },
      },
    },
    async (request) => countAudienceOf(contextOf(request), request.params.propertyId, request.body.audience),
  );

  app.get(
    `${base}/:announcementId`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'One announcement with its read and acknowledged counts',
        params: announcementParamsSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) =>
      getAnnouncement(contextOf(request), request.params.propertyId, request.params.announcementId),
  );

  app.put(
    `${base}/:announcementId`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'Changes a draft or a scheduled announcement (and publishes it, if asked)',
        params: announcementParamsSchema,
        body: announcementInputSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) =>
      updateAnnouncement(
        authorContext(request),
        request.params.propertyId,
        request.params.announcementId,
        request.body,
      ),
  );

  app.delete(
    `${base}/:announcementId`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'Deletes a draft',
        params: announcementParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDraft(contextOf(request), request.params.propertyId, request.params.announcementId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/:announcementId/withdraw`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'Withdraws a scheduled or published announcement: nobody sees it any more',
        params: announcementParamsSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) =>
      withdrawAnnouncement(contextOf(request), request.params.propertyId, request.params.announcementId),
  );

  app.post(
    `${base}/:announcementId/remind`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary:
          'Reminds those of its audience who have not acknowledged it (or read it), by their preferences; at most hourly',
        params: announcementParamsSchema,
        response: { 200: announcementReminderSchema },
      },
    },
    async (request) =>
      remindAnnouncement(contextOf(request), request.params.propertyId, request.params.announcementId),
  );

  app.get(
    `${base}/:announcementId/recipients`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'Who it reached, by unit, and who has not yet read or acknowledged it',
        params: announcementParamsSchema,
        querystring: announcementRecipientQuerySchema,
        response: { 200: announcementRecipientListSchema },
      },
    },
    async (request) =>
      listRecipients(
        contextOf(request),
        request.params.propertyId,
        request.params.announcementId,
        request.query,
      ),
  );

  app.put(
    `${base}/:announcementId/translations/:language`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary:
          'Adds or corrects its text in another language; readers who chose that language see it, with the original a click away',
        params: translationParamsSchema,
        body: announcementTranslationInputSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) =>
      saveTranslation(
        contextOf(request),
        request.params.propertyId,
        request.params.announcementId,
        request.params.language,
        request.body,
      ),
  );

  app.delete(
    `${base}/:announcementId/translations/:language`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'Removes a translation',
        params: translationParamsSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) =>
      deleteTranslation(
        contextOf(request),
        request.params.propertyId,
        request.params.announcementId,
        request.params.language,
      ),
  );

  const emergencies = '/api/properties/:propertyId/emergencies';

  app.post(
    emergencies,
    {
      config: { access: 'announcements:emergency' },
      schema: {
        tags,
        summary:
          'Step one of an emergency broadcast: saves it unsent and says how many people it reaches now',
        params: propertyParamsSchema,
        body: emergencyInputSchema,
        response: { 201: emergencyPreparedSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await prepareEmergency(authorContext(request), request.params.propertyId, request.body)),
  );

  app.post(
    `${emergencies}/drafts`,
    {
      config: { access: 'announcements:emergency' },
      schema: {
        tags,
        summary:
          "The assistant's draft from an emergency work order: the notice, or its all-clear. Nothing is sent",
        params: propertyParamsSchema,
        body: emergencyDraftInputSchema,
        response: { 201: emergencyPreparedSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await draftFromWorkOrder(authorContext(request), request.params.propertyId, request.body)),
  );

  app.get(
    `${emergencies}/:announcementId`,
    {
      config: { access: 'announcements:emergency' },
      schema: {
        tags,
        summary: 'An emergency notice with the number of people it reaches now',
        params: announcementParamsSchema,
        response: { 200: emergencyPreparedSchema },
      },
    },
    async (request) =>
      getPreparedEmergency(contextOf(request), request.params.propertyId, request.params.announcementId),
  );

  app.put(
    `${emergencies}/:announcementId`,
    {
      config: { access: 'announcements:emergency' },
      schema: {
        tags,
        summary: 'Changes an unsent emergency notice',
        params: announcementParamsSchema,
        body: emergencyInputSchema,
        response: { 200: emergencyPreparedSchema },
      },
    },
    async (request) =>
      prepareEmergency(
        authorContext(request),
        request.params.propertyId,
        request.body,
        request.params.announcementId,
      ),
  );

  app.post(
    `${emergencies}/:announcementId/send`,
    {
      config: { access: 'announcements:emergency' },
      schema: {
        tags,
        summary:
          'Step two: sends it on every channel, past quiet hours, if the number of people confirmed is still right',
        params: announcementParamsSchema,
        body: emergencySendSchema,
        response: { 200: emergencyPreparedSchema },
      },
    },
    async (request) =>
      sendEmergency(
        authorContext(request),
        request.params.propertyId,
        request.params.announcementId,
        request.body.recipients,
      ),
  );

  app.get(
    `${base}/:announcementId/attachments`,
    {
      config: { access: 'announcements:manage' },
      schema: {
        tags,
        summary: 'Its files (added through POST /api/attachments with announcementId while it is a draft)',
        params: announcementParamsSchema,
        response: { 200: attachmentListSchema },
      },
    },
    async (request) =>
      listAuthorFiles(
        { ...contextOf(request), links },
        request.params.propertyId,
        request.params.announcementId,
      ),
  );

  app.get(
    '/api/me/announcements/:announcementId/attachments',
    {
      config: { access: 'announcements:read' },
      schema: {
        tags,
        summary: 'The files of an announcement addressed to the caller',
        params: postParamsSchema,
        response: { 200: attachmentListSchema },
      },
    },
    async (request) => listReaderFiles({ ...contextOf(request), links }, request.params.announcementId),
  );
};
