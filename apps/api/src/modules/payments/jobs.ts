/**
 * The payments module's jobs: `refund` sends a requested refund to the provider
 * (`sendRefund`), `refund-email` tells the buyer, once, that their money is on its way back.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { LocaleSchema } from '@festival/shared';
import { getOrderBuyer, orderPageUrl } from '../orders/service.js';
import { refundEmail } from './emails.js';
import { creditNotePdfOfRefund } from '../invoices/service.js';
import type { RefundReason } from './refund-status.js';
import { markRefundNotified, refundToNotify, sendRefund } from './refunds.js';

const paymentJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('refund', async ({ data }) => {
    await sendRefund(
      {
        db: app.db,
        now: () => app.now(),
        log: app.log,
        jobs: app.jobs,
        provider: app.paymentProvider,
        orderHooks: app.orderHooks,
      },
      data.refundId,
    );
  });

  app.jobs.handle('refund-email', async ({ data }) => {
    const found = await refundToNotify(app.db, data.refundId);
    if (!found?.refund.providerRefundId) return;
    const buyer = await getOrderBuyer(app.db, found.order.id);
    if (!buyer) return;
    const locale = LocaleSchema.parse(found.order.locale);
    await app.mailer.send(
      refundEmail({
        to: buyer.email,
        reference: found.order.reference,
        event: found.event,
        amount: found.refund.amount,
        reason: found.refund.reason as RefundReason,
        providerRefundId: found.refund.providerRefundId,
        orderUrl: orderPageUrl(
          app.config.publicUrl,
          app.config.OTP_SECRET,
          found.order,
          { kind: 'buyer' },
          locale,
        ),
        creditNote: await creditNotePdfOfRefund(app.db, data.refundId),
        locale,
      }),
    );
    await markRefundNotified(app.db, data.refundId, app.now());
  });
};

export default fp(paymentJobs, {
  name: 'payment-jobs',
  dependencies: ['jobs', 'mailer', 'database', 'payment-provider'],
});
