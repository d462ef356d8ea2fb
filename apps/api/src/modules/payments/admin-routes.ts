/**
 * Organizer routes of the payments module, under /api/admin: one order's
 * story, refunding a paid order in full or in part, and recording a bank transfer. Owners,
 * managers and finance may read; owners and finance may refund; owners, finance and managers
 * may record a bank transfer. The role check happens before the handler.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  OfflinePaymentRequestSchema,
  OrderDetailSchema,
  OrganizerRefundRequestSchema,
  RefundSchema,
  OrderReferenceParamsSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { orderStory, toRefund } from './order-story.js';
import { type PaymentContext } from './context.js';
import { recordOfflinePayment } from './offline.js';
import { requestOrganizerRefund } from './refunds.js';

const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (log: PaymentContext['log']): PaymentContext => ({
    db: app.db,
    now: () => app.now(),
    log,
    jobs: app.jobs,
    provider: app.paymentProvider,
    orderHooks: app.orderHooks,
  });

  app.get(
    '/orders/:reference',
    {
      config: { roles: ['owner', 'manager', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'One order: attendees and passes, refunds, what can still be refunded, and its timeline',
        params: OrderReferenceParamsSchema,
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
        params: OrderReferenceParamsSchema,
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
        context(request.log),
        request.params.reference,
        request.body,
        actorOf(request),
      );
      return reply.code(201).send({ isOk: true, message: 'Refund requested', data: toRefund(refund) });
    },
  );

  app.post(
    '/orders/:reference/offline-payment',
    {
      config: { roles: ['owner', 'finance', 'manager'] },
      schema: {
        tags: ['admin'],
        summary: 'Record a bank transfer for an unpaid order: the order is paid and its passes issued',
        description:
          'The amount (paise) must equal the order total. Capacity rules apply as for a provider payment: a lapsed reservation is paid only if its seats are still free (409 otherwise). The transfer shows in the timeline as a payment event.',
        params: OrderReferenceParamsSchema,
        body: OfflinePaymentRequestSchema,
        response: {
          200: envelope(OrderDetailSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await recordOfflinePayment(
        context(request.log),
        request.params.reference,
        request.body,
        actorOf(request),
      );
      return {
        isOk: true,
        message: 'Payment recorded; the passes are being emailed',
        data: await orderStory(app.db, request.params.reference, app.now()),
      };
    },
  );
};

export default paymentAdminRoutes;
