/**
 * Organizer endpoints under `/api/admin`: who is signed in, and the owners' management of
 * organizers (invitations by email). Sign-in, sign-out, password reset, two-factor and passkeys
 * are better-auth's, under `/api/admin/auth/*` (plugins/organizer-auth.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  ORGANIZER_ROLES,
  OrganizerIdParamsSchema,
  OrganizerInviteSchema,
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
        summary:
          'Invite an organizer: an email with a link to choose their password (valid 7 days), then two-factor for the roles that need it',
        body: OrganizerInviteSchema,
        response: { 201: envelope(OrganizerSummarySchema), 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        isOk: true,
        message: 'Invitation sent',
        data: await service.inviteOrganizer(app.db, app.jobs, request.body, actorOf(request), app.now()),
      }),
  );

  app.post(
    '/organizers/:id/invitation',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: 'Send an invited organizer a new invitation (the earlier link stops working)',
        params: OrganizerIdParamsSchema,
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
      message: 'Invitation sent again',
      data: await service.resendInvitation(app.db, app.jobs, request.params.id, actorOf(request), app.now()),
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
