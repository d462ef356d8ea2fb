/**
 * The self-service module's job: `manage-link-email`, the sign-in link, queued in the
 * transaction that stores the link. A link already used or expired is not sent.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { getCurrentEvent } from '../reference-data/service.js';
import { manageLinkEmail } from './emails.js';
import { linkToSend, manageLinkUrl } from './service.js';

const selfServiceJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('manage-link-email', async ({ data }) => {
    const link = await linkToSend(
      { db: app.db, secret: app.config.OTP_SECRET },
      data.linkId,
      data.nonce,
      app.now(),
    );
    if (!link) {
      app.log.info({ linkId: data.linkId }, 'manage link: used or expired before sending');
      return;
    }
    const event = await getCurrentEvent(app.db);
    await app.mailer.send(
      manageLinkEmail({
        to: link.email,
        url: manageLinkUrl(app.config.publicUrl, link.token),
        manageUrl: `${app.config.publicUrl}/manage`,
        event,
      }),
    );
  });
};

export default fp(selfServiceJobs, {
  name: 'self-service-jobs',
  dependencies: ['jobs', 'mailer', 'database'],
});
