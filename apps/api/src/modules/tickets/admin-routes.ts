/**
 * Ticket types in the organizer console, under `/api/admin`: owners and managers
 * change them, finance may read the list (docs/organizer-guide.md's role table: content editors
 * have no part in sales). Answers the `{isOk, message, data}`
 * envelope. Thin: the use cases, their locks and their audit rows are in admin-service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminTicketTypeListSchema,
  AdminTicketTypeSchema,
  CreateTicketTypeSchema,
  databaseId,
  envelope,
  ErrorResponseSchema,
  UpdateTicketTypeSchema,
  type OrganizerRole,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import {
  createTicketType,
  deleteTicketType,
  listAdminTicketTypes,
  setTicketTypeArchived,
  updateTicketType,
} from './admin-service.js';

const READERS: readonly OrganizerRole[] = ['owner', 'manager', 'finance'];
const EDITORS: readonly OrganizerRole[] = ['owner', 'manager'];

const IdParams = z.object({ id: databaseId('Unknown ticket type') });

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

const ticketTypeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ticket-types',
    {
      config: { roles: READERS },
      schema: {
        tags: ['admin'],
        summary: 'Ticket types of the current event with seats sold, reserved and available',
        response: {
          200: envelope(AdminTicketTypeListSchema),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async () => ({
      isOk: true,
      message: 'Ticket types',
      data: { items: await listAdminTicketTypes(app.db, app.now()) },
    }),
  );

  app.post(
    '/ticket-types',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Create a ticket type of the current event',
        body: CreateTicketTypeSchema,
        response: { 201: envelope(AdminTicketTypeSchema), ...errors },
      },
    },
    async (request, reply) => {
      const created = await createTicketType(app.db, actorOf(request), request.body, app.now());
      return reply.code(201).send({ isOk: true, message: 'Ticket type created', data: created });
    },
  );

  app.patch(
    '/ticket-types/:id',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Change fields of a ticket type; capacity cannot go below seats sold plus reserved',
        params: IdParams,
        body: UpdateTicketTypeSchema,
        response: { 200: envelope(AdminTicketTypeSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Ticket type saved',
      data: await updateTicketType(app.db, actorOf(request), request.params.id, request.body, app.now()),
    }),
  );

  app.post(
    '/ticket-types/:id/archive',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Archive a ticket type: no longer listed or sold; its orders stay',
        params: IdParams,
        response: { 200: envelope(AdminTicketTypeSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Ticket type archived',
      data: await setTicketTypeArchived(app.db, actorOf(request), request.params.id, true, app.now()),
    }),
  );

  app.post(
    '/ticket-types/:id/restore',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Restore an archived ticket type',
        params: IdParams,
        response: { 200: envelope(AdminTicketTypeSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Ticket type restored',
      data: await setTicketTypeArchived(app.db, actorOf(request), request.params.id, false, app.now()),
    }),
  );

  app.delete(
    '/ticket-types/:id',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Delete a ticket type without orders (one with orders is archived instead)',
        params: IdParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTicketType(app.db, actorOf(request), request.params.id, app.now());
      return reply.code(204).send(null);
    },
  );
};

export default ticketTypeAdminRoutes;
