/**
 * Organizer routes of the registrations module, under /api/admin (issue 8 §2 Registrations
 * and attendees): the searchable, filterable list. Owners, managers and finance may read it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  RegistrationListQuerySchema,
  RegistrationPageSchema,
} from '@festival/shared';
import { listRegistrations } from './service.js';

const registrationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registrations',
    {
      config: { roles: ['owner', 'manager', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'Registrations of the current edition, newest first, with their pass and order',
        description:
          '`q` matches name, email, phone and company (any case, accents ignored) or an exact pass code or order reference. Days are India time. Pages continue with `cursor` = the previous `nextCursor`.',
        querystring: RegistrationListQuerySchema,
        response: {
          200: envelope(RegistrationPageSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Registrations',
      data: await listRegistrations(app.db, request.query),
    }),
  );
};

export default registrationAdminRoutes;
