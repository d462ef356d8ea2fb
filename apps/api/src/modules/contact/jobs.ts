/**
 * The contact module's jobs: `contact-notification`, the organisers' email of an inquiry, and
 * `inquiry-reply`, an organizer's answer to the person who wrote.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { notifyOrganizers, sendInquiryReply } from './service.js';

const contactJobs: FastifyPluginAsync = async (app) => {
  const deps = {
    db: app.db,
    now: () => app.now(),
    mailer: app.mailer,
    log: app.log,
    organizerEmail: app.config.ORGANIZER_EMAIL,
  };
  app.jobs.handle('contact-notification', async ({ data }) => notifyOrganizers(deps, data.inquiryId));
  app.jobs.handle('inquiry-reply', async ({ data }) => sendInquiryReply(deps, data.replyId));
};

export default fp(contactJobs, { name: 'contact-jobs', dependencies: ['jobs', 'mailer', 'database'] });
