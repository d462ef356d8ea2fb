/**
 * The messages module's jobs: `message-email`, a batch of recipients of an organizer's message, and
 * `message-test-email`, a draft mailed to the organizer who asked for a test.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { sendRecipients, sendTest, type MessageMailDeps } from './service.js';

const messageJobs: FastifyPluginAsync = async (app) => {
  const deps: MessageMailDeps = {
    db: app.db,
    jobs: app.jobs,
    now: () => app.now(),
    siteUrl: app.config.publicUrl,
    secret: app.config.OTP_SECRET,
    mailer: app.mailer,
    log: app.log,
  };
  app.jobs.handle('message-email', async ({ data }) => sendRecipients(deps, data.recipientIds));
  app.jobs.handle('message-test-email', async ({ data }) => sendTest(deps, data));
};

export default fp(messageJobs, { name: 'message-jobs', dependencies: ['jobs', 'mailer', 'database'] });
