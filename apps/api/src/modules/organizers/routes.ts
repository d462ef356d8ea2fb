/**
 * Organizer endpoints under `/api/admin`: who is signed in, and the owners'
 * management of organizers. Sign-in, sign-out, two-factor and passkeys are better-auth's,
 * under `/api/admin/auth/*` (plugins/organizer-auth.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  ORGANIZER_ROLES,
  OrganizerCreateSchema,
  OrganizerIdParamsSchema,
  OrganizerListSchema,
  OrganizerSchema,
  OrganizerSummarySchema,
  OrganizerUpdateSchema,
} from '@festival/shared';
import * as service from './service.js';
import { actorOf } from '../audit/service.js';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

const organizerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      config: { roles: ORGANIZER_ROLES, allowWithoutTwoFactor: true },
      schema: {
        tags: ['admin'],
        summary: 'The signed-in organizer (twoFactorEnabled false: enrol before anything else)',
        response: { 200: envelope(OrganizerSchema), ...errors },
      },
    },
    async (request) => ({ isOk: true, message: 'Signed in', data: request.organizer! }),
  );

  app.get(
    '/organizers',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: 'Every organizer',
        response: { 200: envelope(OrganizerListSchema), ...errors },
      },
    },
    async () => ({
      isOk: true,
      message: 'Organizers',
      data: { items: await service.listOrganizers(app.db) },
    }),
  );

  app.post(
    '/organizers',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: 'Add an organizer with an initial password (passed on out of band)',
        body: OrganizerCreateSchema,
        response: { 201: envelope(OrganizerSummarySchema), 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        isOk: true,
        message: 'Organizer added',
        data: await service.createOrganizer(app.db, request.body, actorOf(request), app.now()),
      }),
  );

  app.patch(
    '/organizers/:id',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: "Change an organizer's role, or disable them (ends their sessions)",
        params: OrganizerIdParamsSchema,
        body: OrganizerUpdateSchema,
        response: {
          200: envelope(OrganizerSummarySchema),
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Organizer changed',
      data: await service.updateOrganizer(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
        app.now(),
      ),
    }),
  );
};

export default organizerRoutes;
