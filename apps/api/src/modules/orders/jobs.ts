/**
 * The orders module's jobs:
 * - `pass-email`, the order confirmation with passes for one recipient, queued by
 *   `settlePayment` in the transaction that pays the order. Idempotent in effect: rendering
 *   reads stored state, and the buyer's delivery is recorded on the order
 *   (`pass_email_sent_at`). SMTP gives no exactly-once, so a worker that dies between the
 *   server's acceptance and the job's completion may send one message twice; never zero.
 * - `expire-lapsed-orders`, which marks pending orders whose reservation lapsed expired.
 *   Bookkeeping only, so out of the checkout's transaction (decision 016): a lapsed order
 *   holds no seat and reads as expired (`effectiveStatus`) before it is marked. Every process
 *   queues one every LAPSED_ORDER_SWEEP_SECONDS (`app.jobs.every`), as the waiting-list sweep
 *   does.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { renderOrderConfirmation } from './emails.js';
import { markPassEmailSent } from './repository.js';
import { sweepLapsedOrders } from './service.js';

/** How often lapsed pending orders are marked expired, in seconds. */
export const LAPSED_ORDER_SWEEP_SECONDS = 60;

const orderJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('pass-email', async ({ data }) => {
    const rendered = await renderOrderConfirmation(
      app.db,
      app.config.publicUrl,
      data.orderId,
      data.recipient,
    );
    if (!rendered) {
      app.log.warn({ orderId: data.orderId }, 'pass email: nothing to send');
      return;
    }
    await app.mailer.send(rendered.message);
    if (rendered.toBuyer) await markPassEmailSent(app.db, data.orderId, app.now());
  });

  app.jobs.handle(
    'expire-lapsed-orders',
    async () => {
      const marked = await sweepLapsedOrders(app.db, app.now());
      if (marked > 0) app.log.info({ marked }, 'lapsed orders marked expired');
    },
    // A failed sweep is simply the next one's work: no backlog of retries.
    { retryLimit: 0 },
  );

  app.jobs.every('expire-lapsed-orders', LAPSED_ORDER_SWEEP_SECONDS);
};

export default fp(orderJobs, { name: 'order-jobs', dependencies: ['jobs', 'mailer', 'database'] });
