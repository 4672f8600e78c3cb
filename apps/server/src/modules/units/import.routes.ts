import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  propertyIdParamsSchema,
  unitsImportPreviewSchema,
  unitsImportRequestSchema,
  unitsImportResultSchema,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/index.ts';
import { contextOf } from '../../lib/context.ts';
import { siteOf } from '../../plugins/config.ts';
import { invitationEvent } from '../users/invitation-mail.ts';
import { issueInvitation } from '../users/users.service.ts';
import { commitImport, previewImport, type InviteImported } from './import.service.ts';

/** The invitation e-mails of an import's new people, sent after it commits, a batch per job. */
export const importInvitationsQueue = 'units-import-invitations';
const invitationsPerJob = 100;

/**
 * Queues the invitation e-mails of an import's new people in the import's transaction, so they go out
 * only once it commits (the handler is registered by unitsImportRoutes).
 */
export const importInvitations =
  (app: FastifyInstance): InviteImported =>
  async (db: Db, userIds: string[]) => {
    for (let start = 0; start < userIds.length; start += invitationsPerJob)
      await app.jobs.enqueue(
        importInvitationsQueue,
        { userIds: userIds.slice(start, start + invitationsPerJob) },
        { executor: db },
      );
  };

/** Room for a 5 MB file in a JSON string (quotes and line breaks are escaped); the file itself is checked. */
export const importBodyLimit = 12 * 1024 * 1024;

/**
 * Importing a property's units and people from a CSV file (docs/units-import.md): preview writes
 * nothing; commit writes the whole file in one transaction or nothing. For the property's managers and
 * admins (units:write; 404 for a property the caller does not administer).
 */
export const unitsImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register<{ userIds: string[] }>(importInvitationsQueue, {
    async run(job) {
      for (const userId of job.payload.userIds) {
        if (job.signal.aborted) throw new Error('stopped');
        const [row] = await app.db.select().from(profiles).where(eq(profiles.id, userId));
        if (!row || row.banned) continue;
        // Someone who set a password since (a retried job) needs no invitation.
        const [account] = await app.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.userId, userId));
        if (account) continue;
        await app.db.transaction(async (tx) => {
          const link = await issueInvitation(tx, userId);
          await app.notifier.notify(tx, [userId], invitationEvent(link, siteOf(app.config)));
        });
      }
    },
  });

  const invite = importInvitations(app);

  app.post(
    '/api/properties/:id/units/import/preview',
    {
      bodyLimit: importBodyLimit,
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary:
          "Read a CSV file of units and people and show each row's result or its errors, by row number; nothing is written",
        params: propertyIdParamsSchema,
        body: unitsImportRequestSchema,
        response: { 200: unitsImportPreviewSchema },
      },
    },
    async (request) => previewImport(contextOf(request), request.params.id, request.body.csv),
  );

  app.post(
    '/api/properties/:id/units/import/commit',
    {
      bodyLimit: importBodyLimit,
      config: { access: 'units:write' },
      schema: {
        tags: ['units'],
        summary:
          'Import a CSV file of units and people in one transaction (nothing when any row has an error, 422); new people are invited by e-mail',
        params: propertyIdParamsSchema,
        body: unitsImportRequestSchema,
        response: { 200: unitsImportResultSchema },
      },
    },
    async (request) => commitImport(contextOf(request), request.params.id, request.body.csv, invite),
  );
};
