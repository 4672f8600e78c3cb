import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './plugins/config.ts';
import type { Database, DatabaseKind, Db } from './db/client.ts';
import { createAuth, type Auth } from './plugins/auth.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { enforceAccess, requireAccessDeclarations } from './plugins/access.ts';
import { strictBodyValidatorCompiler } from './plugins/validation.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { frameworkErrors, registerInputGuards } from './plugins/input-guards.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { AppError } from './lib/errors.ts';
import { SessionCache } from './plugins/session-cache.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerCsrfProtection } from './plugins/csrf.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { propertiesRoutes } from './modules/properties/properties.routes.ts';
import { onboardingRoutes } from './modules/properties/onboarding.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.ts';
import { JobQueue } from './plugins/jobs.ts';
import { Schedules } from './plugins/schedules.ts';
import { createStorage, type FileStorage } from './plugins/storage.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { workOrdersRoutes } from './modules/work-orders/work-orders.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { workRoomsRoutes } from './modules/work-rooms/work-rooms.routes.ts';
import { createLanguageModel } from './modules/assistant/model/model-turn.ts';
import type { AssistantModel } from './modules/assistant/model/model-turn.ts';
import { stripeClientOf } from './modules/finance/payment-providers.ts';
import type { PaymentEventHandler } from './modules/finance/stripe-webhooks.ts';
import { SecuritySettingsCache } from './modules/settings/settings.service.ts';
import { mustEnrolTwoFactor } from './modules/account/two-factor-requirement.ts';
import { RealtimeHub } from './plugins/realtime.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { developerPortalRoutes } from './modules/portals/developer-portal.routes.ts';
import { vendorPortalRoutes } from './modules/portals/vendor-portal.routes.ts';
import { residentPortalRoutes } from './modules/portals/resident-portal.routes.ts';
import { boardPortalRoutes } from './modules/portals/board-portal.routes.ts';
import { managerPortalRoutes } from './modules/portals/manager-portal.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { unitsRoutes } from './modules/units/units.routes.ts';
import { unitsImportRoutes } from './modules/units/import.routes.ts';
import { committeesRoutes } from './modules/committees/committees.routes.ts';
import { violationFairnessRoutes } from './modules/violations/fairness.routes.ts';
import { violationsRoutes } from './modules/violations/violations.routes.ts';
import { enforcementRoutes } from './modules/violations/enforcement.routes.ts';
import { ownerViolationsRoutes } from './modules/violations/owner-violations.routes.ts';
import { complaintsRoutes } from './modules/violations/complaints.routes.ts';
import { decisionsRoutes } from './modules/decisions/decisions.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { Notifier } from './modules/notifications/notify.ts';
import { registerNotificationJobs } from './modules/notifications/delivery.ts';
import { lettersRoutes } from './modules/letters/letters.routes.ts';
import { financeRoutes } from './modules/finance/finance.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { arcRoutes } from './modules/arc/arc.routes.ts';
import { ownerArcRoutes } from './modules/arc/owner-arc.routes.ts';
import { announcementsRoutes } from './modules/announcements/announcements.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { amenitiesRoutes } from './modules/amenities/amenities.routes.ts';
import { vendorsRoutes } from './modules/vendors/vendors.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { bidsRoutes } from './modules/bids/bids.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    databaseKind: DatabaseKind;
    auth: Auth;
    sessionCache: SessionCache;
    storage: FileStorage;
    /** Background jobs; workers start with `jobs.start()` (server.ts, worker.ts), not here. */
    jobs: JobQueue;
    /** Scheduled jobs: each domain adds its schedules (plugins/schedules.ts); they run on `jobs`. */
    schedules: Schedules;
    mailer: Mailer;
    /** notify(tx, recipients, event): every message to a person (modules/notifications). */
    notifier: Notifier;
    securitySettings: SecuritySettingsCache;
    /** WebSocket subscriptions and delivery of published events in this process (plugins/realtime.ts). */
    realtime: RealtimeHub;
    /** The model assistant's model, if one is configured (AI_BASE_URL and AI_MODEL). */
    assistantModel: AssistantModel | undefined;
    /** Stripe's SDK, when its keys are set (decision 0052). */
    stripe: Stripe | null;
    /** What Stripe's webhook asks about payments other than owners' (a booking's: modules/amenities). */
    paymentEventHandlers: PaymentEventHandler[];
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** The model assistant's model; by default made from the AI_* settings (none: built-in assistant only). */
  assistantModel?: AssistantModel;
  /** How the Stripe SDK reaches Stripe; tests answer its requests themselves, offline. */
  stripeHttpClient?: Stripe.HttpClient;
};

/** Long enough for UUIDs and common tracing ids; no spaces, quotes, markup or line breaks. */
const safeRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/** A URL as logged: a calendar feed's secret token replaced. */
export const redactSecrets = (url: string) => url.replace(/^(\/api\/calendar\/)[^/?]+/, '$1[token]');

/** Builds the whole server: used by server.ts and by every test. The caller owns the database. */
export async function buildApp({
  config,
  database,
  logger,
  assistantModel,
  stripeHttpClient,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // A calendar feed's address is its secret (calendar apps poll it): it is never written to a log.
      serializers: {
        req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
          method: request.method,
          url: redactSecrets(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    // A caller's own id is echoed and logged only if it is plainly an id: no header or log injection.
    requestIdHeader: false,
    genReqId: (request) => {
      const id = request.headers['x-request-id'];
      return typeof id === 'string' && safeRequestId.test(id) ? id : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate(
    'mailer',
    createMailer(config, (message) => app.log.info(message)),
  );
  app.decorate('assistantModel', assistantModel ?? createLanguageModel(config.ai));
  app.decorate('stripe', config.stripe ? stripeClientOf(config.stripe.secretKey, stripeHttpClient) : null);
  app.decorate('paymentEventHandlers', [] as PaymentEventHandler[]);
  app.decorate('sessionCache', new SessionCache());
  app.decorate('storage', createStorage(config));
  app.decorate(
    'jobs',
    new JobQueue(database, {
      concurrency: config.workerConcurrency,
      log: {
        info: (message) => app.log.info(message),
        error: (object, message) => app.log.error(object, message),
      },
    }),
  );
  app.decorate('notifier', new Notifier(app.jobs));
  registerNotificationJobs({
    db: database.db,
    mailer: app.mailer,
    config,
    notifier: app.notifier,
    jobs: app.jobs,
  });
  app.decorate('auth', createAuth(database.db, config, app.notifier, app.log));
  app.decorate(
    'schedules',
    new Schedules({
      db: database.db,
      jobs: app.jobs,
      log: { error: (object, message) => app.log.error(object, message) },
    }),
  );
  // Once every domain has registered its queues, and the database is migrated (server.ts, worker.ts and
  // the tests migrate before the app is ready): pg-boss's schema and our queues.
  app.addHook('onReady', async () => app.jobs.prepare());
  // preClose runs before any onClose hook, so jobs finish (or are released) while the database is open.
  app.addHook('preClose', async () => app.jobs.stop());
  app.decorate(
    'realtime',
    new RealtimeHub({
      database,
      log: {
        info: (message) => app.log.info(message),
        error: (object, message) => app.log.error(object, message),
      },
    }),
  );
  await app.realtime.start();
  app.addHook('preClose', async () => app.realtime.stop());
  // Signing out, revoking a session, deactivating: the person's sockets close at once in this process
  // (other processes notice within the hub's session check).
  app.sessionCache.onEvict((eviction) =>
    'token' in eviction ? app.realtime.endSession(eviction.token) : app.realtime.recheckUser(eviction.userId),
  );

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // First of the onRequest hooks: a refusal thrown by a later one (401, 403, 429) still carries them.
  registerSecurityHeaders(app, config);

  // Before the access hook: an upgrade it refuses (401) must still have its socket closed afterwards,
  // which this plugin's own hooks do. Client messages are small JSON objects (realtime protocol).
  await app.register(websocket, { options: { maxPayload: 4096 } });
  requireAccessDeclarations(app);
  registerErrorHandling(app);
  registerInputGuards(app);
  app.decorate('securitySettings', new SecuritySettingsCache(database.db));
  registerCsrfProtection(app, config);
  enforceAccess(app, app.auth, app.sessionCache, (actor) => mustEnrolTwoFactor(app.securitySettings, actor));

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        {
          retryAfter: Math.ceil(context.ttl / 1000),
        },
      ),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Commonwise API', version: config.version },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(usersRoutes);
  await app.register(propertiesRoutes);
  await app.register(onboardingRoutes);
  await app.register(siteRoutes);
  await app.register(documentsRoutes);
  await app.register(attachmentsRoutes);
  await app.register(settingsRoutes);
  await app.register(realtimeRoutes);
  await app.register(workOrdersRoutes);
  await app.register(chatRoutes);
  await app.register(workRoomsRoutes);
  await app.register(developerPortalRoutes);
  await app.register(vendorPortalRoutes);
  await app.register(residentPortalRoutes);
  await app.register(boardPortalRoutes);
  await app.register(managerPortalRoutes);
  await app.register(analyticsRoutes);
  await app.register(unitsRoutes);
  await app.register(unitsImportRoutes);
  await app.register(committeesRoutes);
  await app.register(violationsRoutes);
  await app.register(enforcementRoutes);
  await app.register(ownerViolationsRoutes);
  await app.register(complaintsRoutes);
  await app.register(decisionsRoutes);
  await app.register(violationFairnessRoutes);
  await app.register(peopleRoutes);
  await app.register(auditRoutes);
  await app.register(notificationsRoutes);
  await app.register(lettersRoutes);
  await app.register(financeRoutes);
  await app.register(jobsRoutes);
  await app.register(arcRoutes);
  await app.register(ownerArcRoutes);
  await app.register(announcementsRoutes);
  await app.register(eventsRoutes);
  await app.register(amenitiesRoutes);
  await app.register(vendorsRoutes);
  await app.register(invoicesRoutes);
  await app.register(bidsRoutes);
  await app.register(projectsRoutes);

  await registerWebApp(app, config.webDist);
  return app;
}
