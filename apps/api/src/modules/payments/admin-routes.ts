/**
 * Organizer routes of the payments module, under /api/admin (issue 8 §2 Orders): one order's
 * story, and refunding a paid order in full or in part. Owners, managers and finance may
 * read; owners and finance may refund. The role check happens before the handler.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  OrderDetailSchema,
  OrganizerRefundRequestSchema,
  RefundSchema,
  safeString,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { orderStory, toRefund } from './order-story.js';
import { requestOrganizerRefund } from './service.js';

const ReferenceParamsSchema = z.object({ reference: safeString().min(1).max(40) });

const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:reference',
    {
      config: { roles: ['owner', 'manager', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'One order: attendees and passes, refunds, what can still be refunded, and its timeline',
        params: ReferenceParamsSchema,
        response: {
          200: envelope(OrderDetailSchema),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Order',
      data: await orderStory(app.db, request.params.reference, app.now()),
    }),
  );

  app.post(
    '/orders/:reference/refunds',
    {
      config: { roles: ['owner', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'Refund a paid order in full or in part, through the payment provider',
        description:
          'The amount is in paise, at least ₹1 and at most what has not been refunded yet. Refunding what is left revokes the order’s passes.',
        params: ReferenceParamsSchema,
        body: OrganizerRefundRequestSchema,
        response: {
          201: envelope(RefundSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const refund = await requestOrganizerRefund(
        { db: app.db, now: () => app.now(), log: request.log, jobs: app.jobs, provider: app.paymentProvider },
        request.params.reference,
        request.body,
        actorOf(request),
      );
      return reply.code(201).send({ isOk: true, message: 'Refund requested', data: toRefund(refund) });
    },
  );
};

export default paymentAdminRoutes;
