/**
 * The registration-alerts module's jobs: `registration-alert-email`, the confirmation of an
 * address on the list, and `registration-alert-open-email`, the announcement that registration opened.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { sendAlertConfirmation, sendRegistrationOpen } from './service.js';

const registrationAlertJobs: FastifyPluginAsync = async (app) => {
  const deps = {
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    organizerEmail: app.config.ORGANIZER_EMAIL,
    siteUrl: app.config.publicUrl,
  };
  app.jobs.handle('registration-alert-email', async ({ data }) => sendAlertConfirmation(deps, data.alertId));
  app.jobs.handle('registration-alert-open-email', async ({ data }) =>
    sendRegistrationOpen(deps, data.alertId),
  );
};

export default fp(registrationAlertJobs, {
  name: 'registration-alert-jobs',
  dependencies: ['jobs', 'mailer', 'database'],
});
