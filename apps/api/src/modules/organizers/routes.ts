/**
 * Organizer endpoints under `/api/admin` (issue 8 §1): who is signed in, and the owners'
 * management of organizers. Sign-in, sign-out, two-factor and passkeys are better-auth's,
 * under `/api/admin/auth/*` (plugins/organizer-auth.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
        response: { 200: OrganizerSchema, ...errors },
      },
    },
    async (request) => request.organizer!,
  );

  app.get(
    '/organizers',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: 'Every organizer',
        response: { 200: OrganizerListSchema, ...errors },
      },
    },
    async () => ({ items: await service.listOrganizers(app.db) }),
  );

  app.post(
    '/organizers',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: 'Add an organizer with an initial password (passed on out of band)',
        body: OrganizerCreateSchema,
        response: { 201: OrganizerSummarySchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createOrganizer(app.db, request.body, actorOf(request), app.now())),
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
          200: OrganizerSummarySchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      service.updateOrganizer(app.db, request.params.id, request.body, actorOf(request), app.now()),
  );
};

export default organizerRoutes;
