/**
 * The sandbox checkout (registered only when config.paymentProvider is 'sandbox'): a local
 * page standing in for Razorpay Checkout. Pay posts a signed success result and Fail posts
 * Razorpay's failure result to `auth/payment/callback`, the path Checkout's `callback_url`
 * redirect uses, so the same server code handles both providers.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, safeString } from '@festival/shared';
import { NotFoundError, OrderStateError } from '../../errors.js';
import { scriptHash } from '../../lib/inline-scripts.js';
import { pagePolicy } from '../../plugins/security-headers.js';
import { providerStyleId } from '../payment-providers/sandbox.js';
import { getOrderDetails } from '../orders/service.js';
import { ORDER_STATUS } from '../orders/status.js';
import type { SandboxPaymentProvider } from '../payment-providers/sandbox.js';
import { AUTO_SUBMIT_SCRIPT, renderAutoSubmitPage, renderSandboxCheckoutPage } from './sandbox-pages.js';

const CALLBACK_PATH = '/api/auth/payment/callback';
const AUTO_SUBMIT_POLICY = pagePolicy([scriptHash(AUTO_SUBMIT_SCRIPT)]);

const ParamsSchema = z.object({ orderId: safeString().min(1).max(64) });
const HtmlSchema = z.string().describe('HTML page');

const sandboxRoutes: FastifyPluginAsyncZod<{ provider: SandboxPaymentProvider }> = async (
  app,
  { provider },
) => {
  async function findOrder(providerOrderId: string) {
    const details = await getOrderDetails(app.db, { providerOrderId });
    if (!details) throw new NotFoundError('Order not found');
    return details;
  }

  app.get(
    '/auth/payment/sandbox/:orderId',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox checkout page (test payments only)',
        params: ParamsSchema,
        response: { 200: HtmlSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { order, event, ticketName } = await findOrder(request.params.orderId);
      const html = renderSandboxCheckoutPage({
        providerOrderId: request.params.orderId,
        reference: order.reference,
        eventName: event.name,
        ticketName,
        quantity: order.quantity,
        amount: order.amount,
        paid: order.status === ORDER_STATUS.paid,
        expiresAt: order.expiresAt,
        now: app.now(),
      });
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/auth/payment/sandbox/:orderId/pay',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox: pay, then post the signed result to the callback',
        params: ParamsSchema,
        response: { 200: HtmlSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const providerOrderId = request.params.orderId;
      const { order } = await findOrder(providerOrderId);
      if (order.status === ORDER_STATUS.paid) throw new OrderStateError('This order is already paid');
      const paymentId = providerStyleId('pay');
      const html = renderAutoSubmitPage(CALLBACK_PATH, {
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: provider.signPayment(providerOrderId, paymentId),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', AUTO_SUBMIT_POLICY)
        .send(html);
    },
  );

  app.post(
    '/auth/payment/sandbox/:orderId/fail',
    {
      schema: {
        tags: ['payments'],
        summary: "Sandbox: fail, then post Razorpay's failure result to the callback",
        params: ParamsSchema,
        response: { 200: HtmlSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const providerOrderId = request.params.orderId;
      await findOrder(providerOrderId);
      const html = renderAutoSubmitPage(CALLBACK_PATH, {
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed (sandbox test)',
        'error[source]': 'customer',
        'error[step]': 'payment_authorization',
        'error[reason]': 'payment_failed',
        'error[metadata]': JSON.stringify({ payment_id: providerStyleId('pay'), order_id: providerOrderId }),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', AUTO_SUBMIT_POLICY)
        .send(html);
    },
  );
};

export default sandboxRoutes;
