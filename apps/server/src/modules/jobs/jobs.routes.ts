import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  jobRunListQuerySchema,
  jobRunListSchema,
  runScheduleResultSchema,
  runScheduleSchema,
  scheduleListSchema,
  scheduleParamsSchema,
  schedulePreviewSchema,
  scheduleTargetQuerySchema,
} from '@commonwise/contracts';
import type { FastifyRequest } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { purgeExpiredSchedule } from './housekeeping.jobs.ts';
import {
  listJobRuns,
  listSchedules,
  previewSchedule,
  runSchedule,
  type JobsContext,
} from './jobs.service.ts';

/** Scheduled jobs for admins (issue 18 item 1): schedules, their history, previews and "Run now". */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.schedules.add(purgeExpiredSchedule);
  const jobsContext = (request: FastifyRequest): JobsContext => ({
    ...contextOf(request),
    schedules: app.schedules,
  });

  app.get(
    '/api/schedules',
    {
      config: { access: 'jobs:manage' },
      schema: {
        tags: ['jobs'],
        summary: 'The scheduled jobs: when each runs next in each time zone, and how its last run went',
        response: { 200: scheduleListSchema },
      },
    },
    async (request) => listSchedules(jobsContext(request)),
  );

  app.get(
    '/api/schedules/:name/preview',
    {
      config: { access: 'jobs:manage' },
      schema: {
        tags: ['jobs'],
        summary: 'What the run of a period (by default the next) would do; writes nothing',
        params: scheduleParamsSchema,
        querystring: scheduleTargetQuerySchema,
        response: { 200: schedulePreviewSchema },
      },
    },
    async (request) => previewSchedule(jobsContext(request), request.params.name, request.query),
  );

  app.post(
    '/api/schedules/:name/runs',
    {
      config: { access: 'jobs:manage' },
      schema: {
        tags: ['jobs'],
        summary: 'Run a period (by default the latest due) now; a period already run answers with that run',
        params: scheduleParamsSchema,
        body: runScheduleSchema,
        response: { 200: runScheduleResultSchema, 201: runScheduleResultSchema },
      },
    },
    async (request, reply) => {
      const result = await runSchedule(jobsContext(request), request.params.name, request.body ?? {});
      return reply.status(result.isNew ? 201 : 200).send(result);
    },
  );

  app.get(
    '/api/schedule-runs',
    {
      config: { access: 'jobs:manage' },
      schema: {
        tags: ['jobs'],
        summary: 'The history of scheduled runs, newest first, by schedule, association and status',
        querystring: jobRunListQuerySchema,
        response: { 200: jobRunListSchema },
      },
    },
    async (request) => listJobRuns(jobsContext(request), request.query),
  );
};
