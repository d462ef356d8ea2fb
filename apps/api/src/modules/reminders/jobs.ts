/**
 * The reminders module's jobs:
 * - `reminder-sweep`, every REMINDER_SWEEP_SECONDS (`app.jobs.every`: one waits at a time
 *   however many processes run), which queues the reminders due (service.ts).
 * - `unpaid-reminder-email`, one registration's unpaid reminder. Skipped when it was sent
 *   already, when the registration got paid (or is being paid) meanwhile, or when its link was
 *   used or expired; recorded sent (messages/reminders.ts) once the mail server took it.
 * The day-before reminder is the passes module's `pass-email` of kind 'day-before'.
 */
import { managePageUrl } from '@festival/shared';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { getEvent } from '../current-edition/service.js';
import { markReminderSent, reminderUnsent } from '../messages/reminders.js';
import { localeOfRegistration } from '../registrations/service.js';
import { linkToSend, manageLinkUrl } from '../self-service/sign-in.js';
import { unpaidReminderEmail } from './emails.js';
import { REMINDER_LINK_HOURS, REMINDER_SWEEP_SECONDS, stillUnpaid, sweepReminders } from './service.js';

const reminderJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle(
    'reminder-sweep',
    async () => {
      const queued = await sweepReminders(
        { db: app.db, jobs: app.jobs, secret: app.config.OTP_SECRET },
        app.now(),
      );
      if (queued.unpaid + queued.dayBefore > 0) app.log.info(queued, 'reminders queued');
    },
    // A failed sweep is simply the next one's work: no backlog of retries.
    { retryLimit: 0 },
  );
  app.jobs.every('reminder-sweep', REMINDER_SWEEP_SECONDS);

  app.jobs.handle('unpaid-reminder-email', async ({ data }) => {
    const now = app.now();
    if (!(await reminderUnsent(app.db, 'unpaid', data.registrationId))) return;
    if (!(await stillUnpaid(app.db, data.registrationId, now))) {
      app.log.info({ registrationId: data.registrationId }, 'unpaid reminder: paid meanwhile');
      return;
    }
    const link = await linkToSend(
      { db: app.db, secret: app.config.OTP_SECRET },
      data.linkId,
      data.nonce,
      now,
    );
    const event = await getEvent(app.db, data.eventId);
    if (!link || !event) return;
    const locale = await localeOfRegistration(app.db, data.registrationId);
    await app.mailer.send(
      unpaidReminderEmail({
        to: link.email,
        url: manageLinkUrl(app.config.publicUrl, link.token, locale),
        manageUrl: managePageUrl(app.config.publicUrl, locale),
        linkHours: REMINDER_LINK_HOURS,
        event,
        locale,
      }),
    );
    await markReminderSent(app.db, 'unpaid', data.registrationId, app.now());
  });
};

export default fp(reminderJobs, { name: 'reminder-jobs', dependencies: ['jobs', 'mailer', 'database'] });
