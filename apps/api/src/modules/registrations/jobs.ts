/** The registrations module's job: `registration-email`, the registrant's confirmation. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { sendConfirmation } from './service.js';

const registrationJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('registration-email', async ({ data }) => {
    await sendConfirmation(
      {
        db: app.db,
        now: () => app.now(),
        mailer: app.mailer,
        log: app.log,
        siteUrl: app.config.publicUrl,
      },
      data.registrationId,
    );
  });
};

export default fp(registrationJobs, {
  name: 'registration-jobs',
  dependencies: ['jobs', 'mailer', 'database'],
});
