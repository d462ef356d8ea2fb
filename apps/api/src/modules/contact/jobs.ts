/** The contact module's job: `contact-notification`, the organisers' email of an inquiry. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { notifyOrganizers } from './service.js';

const contactJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('contact-notification', async ({ data }) => {
    await notifyOrganizers(
      {
        db: app.db,
        now: () => app.now(),
        mailer: app.mailer,
        log: app.log,
        organizerEmail: app.config.ORGANIZER_EMAIL,
      },
      data.inquiryId,
    );
  });
};

export default fp(contactJobs, { name: 'contact-jobs', dependencies: ['jobs', 'mailer', 'database'] });
