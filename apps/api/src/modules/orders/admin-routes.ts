/**
 * Organizer routes of the orders module, under /api/admin: the list,
 * searched and filtered on the server, and cancelling an unpaid order. Owners, managers and
 * finance may read; owners and managers cancel. Resending a paid order's confirmation is
 * passes/admin-routes.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelOrderRequestSchema,
  envelope,
  ErrorResponseSchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderReferenceParamsSchema,
  AdminChangeErrorResponses,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { listOrders } from './queries.js';
import { cancelOrder } from './settlement.js';

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

  app.post(
    '/orders/:reference/cancel',
    {
      config: { roles: ['owner', 'manager'] },
      schema: {
        tags: ['admin'],
        summary: 'Cancel an unpaid order: its reserved seats return to sale at once',
        description:
          'Pending, expired and failed orders can be cancelled (409 otherwise). A payment that still arrives for a cancelled order is refunded automatically.',
        params: OrderReferenceParamsSchema,
        body: CancelOrderRequestSchema,
        response: { 200: envelope(z.object({ reference: z.string() })), ...AdminChangeErrorResponses },
      },
    },
    async (request) => {
      const { reference } = request.params;
      await cancelOrder(app.db, app.jobs, actorOf(request), reference, request.body.reason, app.now());
      return { isOk: true, message: 'Order cancelled', data: { reference } };
    },
  );
};

export default orderAdminRoutes;
