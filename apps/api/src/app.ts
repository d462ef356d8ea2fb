/**
 * Builds the Fastify application: library wrappers first (database, mailer, job queue,
 * payment provider, security headers, compression, rate limits, OpenAPI), then every domain
 * module under /api, then the web client. `server.ts` only listens; tests build the app and
 * call `app.inject()`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { HealthSchema, ORGANIZER_ROLES } from '@festival/shared';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { keepReadMostly } from './db/read-mostly.js';
import { loggerWithoutAddresses } from './lib/log-redaction.js';
import type { Mailer } from './modules/mail/mailer.js';
import cacheInvalidation from './cache/invalidation.js';
import database from './plugins/database.js';
import errorHandler, { frameworkErrors } from './plugins/error-handler.js';
import files from './plugins/files.js';
import jobs, { type JobsPluginOptions } from './plugins/jobs.js';
import mailer from './plugins/mailer.js';
import metrics from './plugins/metrics.js';
import paymentProvider from './plugins/payment-provider.js';
import publicCache from './plugins/public-cache.js';
import organizerAuth from './plugins/organizer-auth.js';
import rateLimit from './plugins/rate-limit.js';
import securityHeaders from './plugins/security-headers.js';
import web from './plugins/web.js';
import referenceDataRoutes from './modules/reference-data/routes.js';
import { questionAdminRoutes, questionRoutes } from './modules/questions/routes.js';
import registrationRoutes from './modules/registrations/routes.js';
import registrationJobs from './modules/registrations/jobs.js';
import registrationAdminRoutes from './modules/registrations/admin-routes.js';
import ticketRoutes from './modules/tickets/routes.js';
import orderRoutes from './modules/orders/routes.js';
import orderJobs from './modules/orders/jobs.js';
import orderAdminRoutes from './modules/orders/admin-routes.js';
import consoleOrderRoutes from './modules/console-orders/routes.js';
import { createOrderHooks } from './modules/orders/hooks.js';
import paymentRoutes from './modules/payments/routes.js';
import paymentJobs from './modules/payments/jobs.js';
import paymentAdminRoutes from './modules/payments/admin-routes.js';
import contactRoutes from './modules/contact/routes.js';
import registrationAlertRoutes from './modules/registration-alerts/routes.js';
import registrationAlertJobs from './modules/registration-alerts/jobs.js';
import registrationAlertAdminRoutes from './modules/registration-alerts/admin-routes.js';
import contactJobs from './modules/contact/jobs.js';
import contactAdminRoutes from './modules/contact/admin-routes.js';
import exportRoutes from './modules/exports/routes.js';
import faqRoutes from './modules/faq/routes.js';
import faqAdminRoutes from './modules/faq/admin-routes.js';
import cmsAdminRoutes from './modules/cms/admin-routes.js';
import contentRoutes from './modules/content/routes.js';
import contentAdminRoutes from './modules/content/admin-routes.js';
import editionRoutes from './modules/editions/routes.js';
import publicEditionRoutes from './modules/editions/public-routes.js';
import cmsRoutes from './modules/cms/routes.js';
import votingRoutes from './modules/voting/routes.js';
import votingAdminRoutes from './modules/voting/admin-routes.js';
import awardRoutes from './modules/awards/routes.js';
import awardAdminRoutes from './modules/awards/admin-routes.js';
import dashboardRoutes from './modules/dashboard/routes.js';
import reportRoutes from './modules/reports/routes.js';
import auditRoutes from './modules/audit/routes.js';
import ticketTypeAdminRoutes from './modules/tickets/admin-routes.js';
import voucherAdminRoutes from './modules/vouchers/admin-routes.js';
import selfServiceAdminRoutes from './modules/self-service/admin-routes.js';
import organizerRoutes from './modules/organizers/routes.js';
import organizerJobs from './modules/organizers/jobs.js';
import selfServiceRoutes from './modules/self-service/routes.js';
import selfServiceJobs from './modules/self-service/jobs.js';
import { requestLink } from './modules/self-service/sign-in.js';
import { publicSettingsRoutes, settingsAdminRoutes } from './modules/settings/routes.js';
import { setupAdminRoutes } from './modules/setup/routes.js';
import { invoiceAdminRoutes, publicInvoiceRoutes } from './modules/invoices/routes.js';
import { subscribeToOrders as subscribeInvoicesToOrders } from './modules/invoices/service.js';
import passAdminRoutes from './modules/passes/admin-routes.js';
import { subscribeToOrders as subscribePassesToOrders } from './modules/passes/confirmation.js';
import passJobs from './modules/passes/jobs.js';
import orderPageRoutes from './modules/passes/routes.js';
import checkinRoutes from './modules/checkin/routes.js';
import { publicWaitingListRoutes, waitingListAdminRoutes } from './modules/waiting-list/routes.js';
import waitingListJobs from './modules/waiting-list/jobs.js';
import checkinAdminRoutes from './modules/checkin/admin-routes.js';
import orderChangeAdminRoutes, { orderChangeSelfServiceRoutes } from './modules/order-changes/routes.js';
import orderChangeJobs from './modules/order-changes/jobs.js';
import badgeAdminRoutes from './modules/badges/admin-routes.js';
import { backupAdminRoutes, backupInternalRoutes } from './modules/backups/routes.js';
import backupJobs from './modules/backups/jobs.js';
import jobFailureRoutes from './modules/job-failures/routes.js';
import { messageAdminRoutes, publicMessageRoutes } from './modules/messages/routes.js';
import messageJobs from './modules/messages/jobs.js';
import reminderJobs from './modules/reminders/jobs.js';
import metricsRoutes from './modules/metrics/routes.js';
import statusRoutes from './modules/status/routes.js';
import { protectStoredSigningKeys, useConfiguredSigningKey } from './modules/passes/signing.js';
import { OneLinePerRequest } from './lib/request-log.js';
import { spellsApiPath } from './lib/request-path.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The clock; tests replace it to move time (reservation expiry, sales end). */
    now(): Date;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the configured mailer (tests point it at a local SMTP server). */
  mailer?: Mailer;
  now?: () => Date;
  /** How this process runs queued jobs (tests: faster polling, or none at all). */
  jobs?: JobsPluginOptions;
}

/** A clock that starts at `start` (ISO 8601) and runs on in real time; undefined without one. */
function testClock(start: string | undefined): (() => Date) | undefined {
  if (!start) return undefined;
  const offset = Date.parse(start) - Date.now();
  return () => new Date(Date.now() + offset);
}

/**
 * Request ids for the logs: a random per-process prefix and a counter (`k3f9a2-1a`), unique
 * across workers and restarts without a random UUID per request.
 */
function requestIds(): () => string {
  const prefix = randomBytes(3).toString('hex');
  let sequence = 0;
  return () => `${prefix}-${(++sequence).toString(36)}`;
}

/** Default location of the built web client, relative to this module in src/ or dist/. */
function defaultWebRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/build/client');
}

export async function buildApp({
  config,
  database: handle,
  logger,
  mailer: ownMailer,
  now,
  jobs: jobOptions,
}: AppOptions) {
  const app = Fastify({
    logger: loggerWithoutAddresses(logger ?? { level: config.LOG_LEVEL }),
    genReqId: requestIds(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('now', now ?? testClock(config.TEST_CLOCK_START) ?? (() => new Date()));
  if (config.TEST_CLOCK_START) {
    // The browser turns the server's instants into deadlines by the Date header: keep it on this clock.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('date', app.now().toUTCString());
    });
  }

  await app.register(database, { database: handle });
  await app.register(metrics);
  await app.register(mailer, { mailer: ownMailer });
  await app.register(files);
  await app.register(jobs, jobOptions ?? {});
  await app.register(paymentProvider);
  await app.register(errorHandler);
  // What drops the caches below, and when (decision 026).
  await app.register(cacheInvalidation);
  keepReadMostly(app.db, app.cacheInvalidation);
  // Before the security headers (a cached answer replays the headers set on the first one) and before
  // @fastify/compress (cached routes carry their own compressed forms and opt out of it).
  await app.register(publicCache);
  await app.register(securityHeaders);
  // Brotli at quality 4: most of the size win of 11 at a fraction of the CPU per response.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(formbody);
  await app.register(rateLimit);
  // Before any route: it refuses /api/admin routes without config.roles as they register.
  await app.register(organizerAuth);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Startup Fest Gujarat API',
        description: 'Registration, ticketing and payments of the festival website.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          // A registrant's self-service session (modules/self-service/sign-in.ts).
          manageSession: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Production keeps the API's map to signed-in organizers unless API_DOCS says otherwise.
  const docsRoles = app.config.apiDocsPublic ? undefined : ORGANIZER_ROLES;
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    ...(docsRoles ? { uiHooks: { onRequest: app.organizersOnly(docsRoles) } } : {}),
  });

  // What follows a paid or refunded order (orders/hooks.ts) subscribes here, where the modules are
  // wired, so orders imports none of them. In this order: passes and their confirmation emails,
  // then the invoice, whose number's row stays locked until commit.
  app.decorate('orderHooks', createOrderHooks());
  subscribePassesToOrders(app.orderHooks, app.jobs);
  subscribeInvoicesToOrders(app.orderHooks);

  await app.register(
    async (api) => {
      api.get(
        '/openapi.json',
        { schema: { hide: true }, config: docsRoles ? { roles: docsRoles } : {} },
        async () => app.swagger(),
      );
      api.get('/health', { schema: { tags: ['health'], response: { 200: HealthSchema } } }, async () => {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      });
      await api.register(referenceDataRoutes);
      await api.register(publicEditionRoutes);
      await api.register(registrationRoutes, {
        requestManageLink: (request, email, locale) =>
          requestLink(
            { db: app.db, jobs: app.jobs, now: () => app.now(), log: request.log, secret: config.OTP_SECRET },
            email,
            request.ip,
            locale,
          ),
      });
      await api.register(registrationJobs);
      await api.register(questionRoutes);
      await api.register(ticketRoutes);
      await api.register(orderRoutes);
      await api.register(orderJobs);
      await api.register(orderPageRoutes);
      await api.register(passJobs);
      await api.register(paymentRoutes);
      await api.register(paymentJobs);
      await api.register(contactRoutes);
      await api.register(contactJobs);
      await api.register(registrationAlertRoutes);
      await api.register(registrationAlertJobs);
      await api.register(faqRoutes);
      await api.register(cmsRoutes);
      await api.register(contentRoutes);
      await api.register(votingRoutes);
      await api.register(awardRoutes);
      await api.register(selfServiceRoutes);
      await api.register(selfServiceJobs);
      await api.register(publicSettingsRoutes);
      await api.register(publicInvoiceRoutes);
      await api.register(checkinRoutes);
      await api.register(publicWaitingListRoutes);
      await api.register(waitingListJobs);
      await api.register(organizerJobs);
      await api.register(backupJobs);
      await api.register(publicMessageRoutes);
      await api.register(messageJobs);
      await api.register(reminderJobs);
      await api.register(orderChangeJobs);
      await api.register(orderChangeSelfServiceRoutes);
    },
    { prefix: '/api' },
  );

  // The organizer console's API: every route declares its roles (config.roles), which the
  // organizer-auth plugin enforces; one without roles stops the start (fail closed).
  await app.register(
    async (admin) => {
      await admin.register(organizerRoutes);
      await admin.register(registrationAdminRoutes);
      await admin.register(orderAdminRoutes);
      await admin.register(consoleOrderRoutes);
      await admin.register(passAdminRoutes);
      await admin.register(paymentAdminRoutes);
      await admin.register(votingAdminRoutes);
      await admin.register(awardAdminRoutes);
      await admin.register(dashboardRoutes);
      await admin.register(reportRoutes);
      await admin.register(ticketTypeAdminRoutes);
      await admin.register(questionAdminRoutes);
      await admin.register(auditRoutes);
      await admin.register(contactAdminRoutes);
      await admin.register(registrationAlertAdminRoutes);
      await admin.register(exportRoutes);
      await admin.register(faqAdminRoutes);
      await admin.register(cmsAdminRoutes);
      await admin.register(contentAdminRoutes);
      await admin.register(editionRoutes);
      await admin.register(settingsAdminRoutes);
      await admin.register(setupAdminRoutes);
      await admin.register(invoiceAdminRoutes);
      await admin.register(checkinAdminRoutes);
      await admin.register(badgeAdminRoutes);
      await admin.register(voucherAdminRoutes);
      await admin.register(selfServiceAdminRoutes);
      await admin.register(waitingListAdminRoutes);
      await admin.register(backupAdminRoutes);
      await admin.register(jobFailureRoutes);
      await admin.register(messageAdminRoutes);
      await admin.register(statusRoutes);
      await admin.register(orderChangeAdminRoutes);
    },
    { prefix: '/api/admin' },
  );
  // Commands run beside the server on its machine (modules/backups/routes.ts).
  await app.register(backupInternalRoutes, { prefix: '/api/internal' });
  // Prometheus's scrape path, behind METRICS_TOKEN (modules/metrics/routes.ts).
  await app.register(metricsRoutes);

  protectStoredSigningKeys(config.BETTER_AUTH_SECRET);
  const signingSeed = config.CHECKIN_SIGNING_KEY;
  if (signingSeed) {
    // After migrations (the database plugin) and before the first pass is signed.
    app.addHook('onReady', async () => {
      await useConfiguredSigningKey(app.db, signingSeed, app.now());
    });
  }

  const webRoot = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : defaultWebRoot();
  const serveWeb = existsSync(webRoot);
  if (serveWeb) await app.register(web, { root: webRoot, publicUrl: app.config.publicUrl });
  else app.log.warn({ webRoot }, 'web client not built; serving the API only');

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (serveWeb && isPage && !spellsApiPath(request.url)) return app.serveWebPage(request, reply);
    return reply.code(404).send({ isOk: false, message: `Not found: ${request.method} ${request.url}` });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
