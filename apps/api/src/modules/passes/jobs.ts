/**
 * The passes module's job: `pass-email`, the order confirmation with passes for one
 * recipient, queued in the transaction that pays the order (confirmation.ts), or the reminder
 * the day before the festival (kind 'day-before', queued by modules/reminders). Idempotent in
 * effect: rendering reads stored state, and the buyer's delivery is recorded on the order
 * (`pass_email_sent_at`), or for the reminder in `automatic_reminders`. SMTP gives no exactly-once, so a worker that dies between the
 * server's acceptance and the job's completion may send one message twice; never zero.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { markReminderSent } from '../messages/reminders.js';
import { recordPassEmailSent } from '../orders/service.js';
import { renderOrderConfirmation } from './emails.js';

const passJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('pass-email', async ({ data }) => {
    const rendered = await renderOrderConfirmation(
      app.db,
      { publicUrl: app.config.publicUrl, secret: app.config.OTP_SECRET },
      data.orderId,
      data.recipient,
      data.kind,
    );
    if (!rendered) {
      app.log.warn({ orderId: data.orderId }, 'pass email: nothing to send');
      return;
    }
    await app.mailer.send(rendered.message);
    if (!rendered.toBuyer) return;
    if (data.kind === 'day-before') await markReminderSent(app.db, 'day_before', data.orderId, app.now());
    else await recordPassEmailSent(app.db, data.orderId, app.now());
  });
};

export default fp(passJobs, { name: 'pass-jobs', dependencies: ['jobs', 'mailer', 'database'] });
