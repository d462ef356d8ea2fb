/**
 * The orders module's jobs: `order-cancelled-email`, which tells the buyer an organizer
 * cancelled their unpaid order (an order that is no longer cancelled, or has no buyer, is
 * skipped); and `expire-lapsed-orders`, which marks pending orders whose
 * reservation lapsed expired. Bookkeeping only, so out of the checkout's transaction (decision
 * 016): a lapsed order holds no seat and reads as expired (`effectiveStatus`) before it is
 * marked. Every process queues one every LAPSED_ORDER_SWEEP_SECONDS (`app.jobs.every`), as the
 * waiting-list sweep does. The confirmation with passes a paid order queues is passes/jobs.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { LocaleSchema } from '@festival/shared';
import { orderCancelledEmail } from './emails.js';
import { getOrderBuyer, getOrderDetails } from './queries.js';
import { sweepLapsedOrders } from './settlement.js';
import { ORDER_STATUS } from './status.js';

/** How often lapsed pending orders are marked expired, in seconds. */
export const LAPSED_ORDER_SWEEP_SECONDS = 60;

const orderJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('order-cancelled-email', async ({ data }) => {
    const details = await getOrderDetails(app.db, { id: data.orderId });
    if (!details || details.order.status !== ORDER_STATUS.cancelled) return;
    const buyer = await getOrderBuyer(app.db, data.orderId);
    if (!buyer) return;
    await app.mailer.send(
      orderCancelledEmail({
        to: buyer.email,
        reference: details.order.reference,
        event: details.event,
        registerUrl: `${app.config.publicUrl}/register`,
        locale: LocaleSchema.parse(details.order.locale),
      }),
    );
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

export default fp(orderJobs, { name: 'order-jobs', dependencies: ['jobs', 'database', 'mailer'] });
