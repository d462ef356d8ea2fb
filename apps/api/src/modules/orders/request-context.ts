/**
 * The checkout context of an HTTP request, for every route that checks out or pays again (the
 * public checkout, a manage session's): this app's database, clock, payment provider, order
 * hooks and secret, and the client's address, which checkout's per-address limits count.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CheckoutContext } from './checkout.js';

export function checkoutContextOf(app: FastifyInstance, request: FastifyRequest): CheckoutContext {
  return {
    db: app.db,
    now: () => app.now(),
    log: request.log,
    provider: app.paymentProvider,
    hooks: app.orderHooks,
    clientAddress: request.ip,
    production: app.config.NODE_ENV === 'production',
    secret: app.config.OTP_SECRET,
  };
}
