/**
 * Ticket routes: the ticket list a register tab loads.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ErrorResponseSchema, ParticipantCategory, TicketTypeSchema } from '@festival/shared';
import { listTicketTypes } from './service.js';

const CATEGORY_IDS: readonly number[] = Object.values(ParticipantCategory);

const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/list-by-participant/ticketMaster/:participantCategoryId',
    {
      // Seats left and sales windows change with orders and time: kept a second at most, and
      // dropped at once when this process takes an order (decision 010).
      config: { publicCache: { maxAgeMs: 1_000, followsOrders: true } },
      schema: {
        tags: ['tickets'],
        summary: 'Ticket types of a participant category with seats available',
        params: z.object({
          participantCategoryId: z.coerce
            .number()
            .int()
            .refine((id) => CATEGORY_IDS.includes(id), 'Unknown participant category'),
        }),
        response: {
          200: envelope(z.array(TicketTypeSchema)),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const data = await listTicketTypes(app.db, request.params.participantCategoryId, app.now());
      return { isOk: true, message: 'Ticket list', data };
    },
  );
};

export default ticketRoutes;
