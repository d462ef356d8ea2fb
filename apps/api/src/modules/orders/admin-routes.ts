/**
 * Organizer routes of the orders module, under /api/admin (issue 8 §2 Orders): the list,
 * searched and filtered on the server. Owners, managers and finance may read it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ErrorResponseSchema, OrderListQuerySchema, OrderPageSchema } from '@festival/shared';
import { listOrders } from './service.js';

const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      config: { roles: ['owner', 'manager', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'Orders of the current edition, newest first',
        description:
          '`q` is an order reference, or part of the buyer’s name or email (any case, accents ignored). A lapsed pending order reads as expired. Days are India time.',
        querystring: OrderListQuerySchema,
        response: {
          200: envelope(OrderPageSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Orders',
      data: await listOrders(app.db, request.query, app.now()),
    }),
  );
};

export default orderAdminRoutes;
