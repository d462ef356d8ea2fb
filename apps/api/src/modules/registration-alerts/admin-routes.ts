/**
 * The "Tell me when registration opens" list in the organizer console, under /api/admin: the
 * addresses newest first, and marking those written to as notified. The CSV export is the
 * exports module's (`/exports/registration-alerts`). REGISTRATION_ALERT_ROLES only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  MarkAlertsNotifiedResultSchema,
  MarkAlertsNotifiedSchema,
  REGISTRATION_ALERT_ROLES,
  RegistrationAlertListQuerySchema,
  RegistrationAlertPageSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { listAlerts, markNotified } from './service.js';

const TAGS = ['admin'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

const registrationAlertAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registration-alerts',
    {
      config: { roles: REGISTRATION_ALERT_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Addresses left to hear when registration opens, newest first (status=waiting|notified)',
        querystring: RegistrationAlertListQuerySchema,
        response: { 200: envelope(RegistrationAlertPageSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Registration alerts',
      data: await listAlerts(app.db, request.query),
    }),
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
