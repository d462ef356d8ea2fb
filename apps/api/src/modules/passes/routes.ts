/**
 * The order page by public reference and key (order-page.ts): the order and its passes, which
 * the payment success and failure pages read, and the printable PDF of its passes. The key
 * (orders/access.ts) opens them; the reference alone, printed on every pass, does not. Both are
 * rate-limited against guessing.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ErrorResponseSchema, OrderSummarySchema, safeString } from '@festival/shared';
import { getOrderSummary, orderPassesPdf } from './order-page.js';

const referenceParams = z.object({ reference: safeString().min(1).max(40) });
const keyQuery = z.object({
  key: z
    .string()
    .max(100)
    .optional()
    .describe('The order key from checkout or the email link; without the right one the answer is 404'),
});

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
        querystring: keyQuery,
        response: { 200: envelope(OrderSummarySchema), 404: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const data = await getOrderSummary(
        app.db,
        app.config.OTP_SECRET,
        request.params.reference,
        request.query.key,
        app.now(),
      );
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
          'Authorised by the reference and key, as the order summary is: every pass for the buyer, their own for an attendee. Answers the file as an attachment; 404 and 429 answer the JSON error envelope.',
        params: referenceParams,
        querystring: keyQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const pdf = await orderPassesPdf(
        app.db,
        app.config.OTP_SECRET,
        request.params.reference,
        request.query.key,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="passes-${request.params.reference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default orderPageRoutes;
