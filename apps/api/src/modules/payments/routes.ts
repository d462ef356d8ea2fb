/**
 * Payment routes under /api: Checkout's callback, the spec's `paymentVerification` route, the webhook
 * and, with the sandbox provider, the test checkout page.
 *
 * After a payment result the browser is sent (303) to `/payment-success?reference=…` or
 * `/payment-failure?reference=…`, the spec's result pages in the web client, in the language the
 * order was placed in (`/gu/payment-success?…`).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, pagePathIn } from '@festival/shared';
import { SandboxPaymentProvider } from '../payment-providers/sandbox.js';
import sandboxRoutes from './sandbox-routes.js';
import webhookRoutes from './webhook-routes.js';
import {
  PaymentCallbackBodySchema,
  PaymentVerificationParamsSchema,
  PaymentVerificationQuerySchema,
  readPaymentResult,
} from './schemas.js';
import { type PaymentContext } from './context.js';
import { receivePaymentResult, type CallbackOutcome } from './service.js';

const RedirectSchema = z.null().describe('303 to /payment-success or /payment-failure, with ?reference=');

function resultPage({ paid, reference, locale }: CallbackOutcome): string {
  const page = pagePathIn(locale, paid ? '/payment-success' : '/payment-failure');
  return `${page}?reference=${encodeURIComponent(reference ?? '')}`;
}

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.paymentProvider;
  const context = (request: FastifyRequest): PaymentContext => ({
    db: app.db,
    now: () => app.now(),
    log: request.log,
    jobs: app.jobs,
    provider,
    orderHooks: app.orderHooks,
  });

  if (provider instanceof SandboxPaymentProvider) await app.register(sandboxRoutes, { provider });

  app.post(
    '/auth/payment/callback',
    {
      schema: {
        tags: ['payments'],
        summary: "Checkout's payment result (Razorpay callback_url; form or JSON)",
        body: PaymentCallbackBodySchema,
        response: { 303: RedirectSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await receivePaymentResult(
        context(request),
        readPaymentResult(request.body),
        request.body,
      );
      return reply.redirect(resultPage(outcome), 303);
    },
  );

  app.get(
    '/auth/payment/paymentVerification/:tabId/:amount',
    {
      schema: {
        tags: ['payments'],
        summary: 'Payment result in the query string (kept for compatibility)',
        description:
          'Same as the callback. `tabId`, `amount` and `registerData` are ignored: the amount and the attendees come from the stored order.',
        params: PaymentVerificationParamsSchema,
        querystring: PaymentVerificationQuerySchema,
        response: { 303: RedirectSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = request.query;
      const fields = { razorpay_order_id, razorpay_payment_id, razorpay_signature };
      const outcome = await receivePaymentResult(context(request), readPaymentResult(fields), fields);
      return reply.redirect(resultPage(outcome), 303);
    },
  );

  await app.register(webhookRoutes, { context });
};

export default paymentRoutes;
