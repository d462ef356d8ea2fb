/**
 * The payment provider the configuration selects, as a named plugin (`app.paymentProvider`):
 * Razorpay with keys, otherwise the sandbox (modules/payments/provider.ts).
 */
import fp from 'fastify-plugin';
import { createPaymentProvider, type PaymentProvider } from '../modules/payment-providers/provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: PaymentProvider;
  }
}

export default fp(
  async (app) => {
    app.decorate('paymentProvider', createPaymentProvider(app.config, app.log));
  },
  { name: 'payment-provider', decorators: { fastify: ['config'] } },
);
