/**
 * Order routes: checkout (spec §7 `auth/payment/checkout`) and the order summary the
 * payment success and failure pages read by reference.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  envelope,
  ErrorResponseSchema,
  OrderSummarySchema,
  safeString,
} from '@festival/shared';
import type { PaymentProvider } from '../payments/provider.js';
import { checkout, getOrderSummary } from './service.js';

export interface OrderRoutesOptions {
  provider: PaymentProvider;
}

const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { provider }) => {
  app.post(
    '/auth/payment/checkout',
    {
      schema: {
        tags: ['payments'],
        summary: 'Reserve seats for the attendees and open a payment',
        description:
          'The amount is computed on the server: number of attendees × the ticket price. Seats stay reserved for 15 minutes.',
        body: CheckoutRequestSchema,
        response: {
          200: CheckoutResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) =>
      checkout({ db: app.db, now: () => app.now(), log: request.log, provider }, request.body),
  );

  app.get(
    '/auth/payment/orders/:reference',
    {
      // The reference is the bearer of the order's passes: slow down anyone guessing.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'An order and its passes by public reference',
        params: z.object({ reference: safeString().min(1).max(40) }),
        response: { 200: envelope(OrderSummarySchema), 404: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const data = await getOrderSummary(app.db, request.params.reference, app.now());
      return { isOk: true, message: 'Order', data };
    },
  );
};

export default orderRoutes;
