/**
 * The webhook route, in its own encapsulated plugin: only here is `application/json` parsed
 * from a buffer that is kept, because the signature (X-Razorpay-Signature) covers the exact
 * bytes received and a re-serialised body would not match.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@festival/shared';
import { WebhookBodySchema, WebhookHeadersSchema, WebhookResponseSchema } from './schemas.js';
import { type PaymentContext } from './context.js';
import { receiveWebhook } from './service.js';

export interface WebhookRoutesOptions {
  context(request: FastifyRequest): PaymentContext;
}

const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, { context }) => {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  // Fastify's own JSON parser (prototype-poisoning checks included), fed the kept bytes.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    parseJson(request, raw.toString('utf8'), done);
  });

  app.post(
    '/auth/payment/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Razorpay webhook (payment.captured, order.paid, payment.failed)',
        description:
          'Signed with the webhook secret over the raw body. A replay (same x-razorpay-event-id) answers {status: "duplicate"} and changes nothing.',
        headers: WebhookHeadersSchema,
        body: WebhookBodySchema,
        response: { 200: WebhookResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const status = await receiveWebhook(context(request), {
        rawBody: rawBodies.get(request) ?? Buffer.alloc(0),
        signature: request.headers['x-razorpay-signature'],
        eventId: request.headers['x-razorpay-event-id'],
        body: request.body,
      });
      return { status };
    },
  );
};

export default webhookRoutes;
