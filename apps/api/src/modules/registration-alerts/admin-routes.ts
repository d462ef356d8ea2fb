/**
 * The "Tell me when registration opens" list in the organizer console, under /api/admin: the
 * addresses newest first, the announcement that emails every waiting address once sales are
 * open, and marking those written to otherwise as notified. The CSV export is the exports
 * module's (`/exports/registration-alerts`). REGISTRATION_ALERT_ROLES only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnnounceRegistrationOpenResultSchema,
  envelope,
  ErrorResponseSchema,
  MarkAlertsNotifiedResultSchema,
  MarkAlertsNotifiedSchema,
  REGISTRATION_ALERT_ROLES,
  RegistrationAlertListQuerySchema,
  RegistrationAlertListSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { announceRegistrationOpen, listAlertsForConsole, markNotified, type AlertDeps } from './service.js';

const TAGS = ['admin'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

const registrationAlertAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AlertDeps = { db: app.db, now: () => app.now(), jobs: app.jobs };

  app.get(
    '/registration-alerts',
    {
      config: { roles: REGISTRATION_ALERT_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Addresses left to hear when registration opens, newest first (status=waiting|notified)',
        description:
          'With the current edition and its sales state: the list can be announced while sales are open.',
        querystring: RegistrationAlertListQuerySchema,
        response: { 200: envelope(RegistrationAlertListSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Registration alerts',
      data: await listAlertsForConsole(app.db, request.query, app.now()),
    }),
  );

  app.post(
    '/registration-alerts/announce',
    {
      // The emails and the list are not on any public page: the public-read cache stays.
      config: { roles: REGISTRATION_ALERT_ROLES, leavesPublicReads: true },
      schema: {
        tags: TAGS,
        summary: 'Email every waiting address that registration is open, and mark them notified',
        description:
          'Only while the current edition’s sales are open (otherwise 409 with code SALES_NOT_OPEN). ' +
          'Each address not notified yet is marked notified and gets one email, sent by a job after ' +
          'commit; an address already notified, by an earlier or a simultaneous announcement, gets none.',
        response: {
          200: envelope(AnnounceRegistrationOpenResultSchema),
          409: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const data = await announceRegistrationOpen(deps, actorOf(request));
      return {
        isOk: true,
        message: `${data.emailed} ${data.emailed === 1 ? 'email' : 'emails'} queued`,
        data,
      };
    },
  );

  app.post(
    '/registration-alerts/mark-notified',
    {
      // No public page shows the list: the public-read cache stays.
      config: { roles: REGISTRATION_ALERT_ROLES, leavesPublicReads: true },
      schema: {
        tags: TAGS,
        summary: 'Mark the addresses not notified yet, left up to an instant, as written to',
        body: MarkAlertsNotifiedSchema,
        response: { 200: envelope(MarkAlertsNotifiedResultSchema), ...errors },
      },
    },
    async (request) => {
      const data = await markNotified(
        app.db,
        actorOf(request),
        new Date(request.body.createdUpTo),
        app.now(),
      );
      return { isOk: true, message: `${data.marked} marked notified`, data };
    },
  );
};

export default registrationAlertAdminRoutes;
