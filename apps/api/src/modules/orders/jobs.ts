/**
 * The orders module's jobs: `pass-email`, the order confirmation with passes for one
 * recipient, queued by `settlePayment` in the transaction that pays the order. Idempotent in
 * effect: rendering reads stored state, and the buyer's delivery is recorded on the order
 * (`pass_email_sent_at`). SMTP gives no exactly-once, so a worker that dies between the
 * server's acceptance and the job's completion may send one message twice; never zero.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { renderOrderConfirmation } from './emails.js';
import { listOrderAttendees, markPassEmailSent } from './repository.js';

const orderJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('pass-email', async ({ data }) => {
    const message = await renderOrderConfirmation(app.db, app.config.publicUrl, data.orderId, data.recipient);
    if (!message) {
      app.log.warn(data, 'pass email: nothing to send');
      return;
    }
    await app.mailer.send(message);
    const [buyer] = await listOrderAttendees(app.db, data.orderId);
    if (buyer?.email.toLowerCase() === data.recipient.toLowerCase()) {
      await markPassEmailSent(app.db, data.orderId, app.now());
    }
  });
};

export default fp(orderJobs, { name: 'order-jobs', dependencies: ['jobs', 'mailer', 'database'] });
