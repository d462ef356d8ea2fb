/**
 * The buyer's order page by public reference (order-page.ts): the order and its passes, which
 * the payment success and failure pages read, and the printable PDF of its passes. The
 * reference is the bearer of the passes, so both are rate-limited against guessing.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ErrorResponseSchema, OrderSummarySchema, safeString } from '@festival/shared';
import { getOrderSummary, orderPassesPdf } from './order-page.js';

const referenceParams = z.object({ reference: safeString().min(1).max(40) });

const orderPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/payment/orders/:reference',
    {
      // The reference is the bearer of the order's passes: slow down anyone guessing.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'An order and its passes by public reference',
        params: referenceParams,
        response: { 200: envelope(OrderSummarySchema), 404: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const data = await getOrderSummary(app.db, request.params.reference, app.now());
      return { isOk: true, message: 'Order', data };
    },
  );

  app.get(
    '/auth/payment/orders/:reference/passes.pdf',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: "A printable PDF of an order's passes, one per page with its QR code",
        description:
          'Authorised by the public reference, as the order summary is. Answers the file as an attachment; 404 and 429 answer the JSON error envelope.',
        params: referenceParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const pdf = await orderPassesPdf(app.db, request.params.reference);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="passes-${request.params.reference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default orderPageRoutes;
