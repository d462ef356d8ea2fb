/**
 * The self-service module's jobs:
 * - `manage-link-email`, the sign-in link, queued in the transaction that stores the link. A
 *   link already used or expired is not sent.
 * - `erasure-outbox`, queued by an erasure: deletes the dev outbox's messages to the erased
 *   address. Idempotent: a second run finds nothing left.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SOURCE_LOCALE, managePageUrl } from '@festival/shared';
import { getCurrentEvent } from '../current-edition/service.js';
import { outboxDirOf } from '../mail/mailer.js';
import { manageLinkEmail } from './emails.js';
import { eraseOutboxOfRequest } from './data-rights.js';
import { linkToSend, manageLinkUrl } from './sign-in.js';

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
    const locale = data.locale ?? SOURCE_LOCALE;
    await app.mailer.send(
      manageLinkEmail({
        to: link.email,
        url: manageLinkUrl(app.config.publicUrl, link.token, locale),
        manageUrl: managePageUrl(app.config.publicUrl, locale),
        event,
        locale,
      }),
    );
  });

  app.jobs.handle('erasure-outbox', async ({ data }) => {
    const deleted = await eraseOutboxOfRequest(
      app.db,
      outboxDirOf(app.config.dataDir),
      data.deletionRequestId,
    );
    if (deleted > 0)
      app.log.info({ deleted, deletionRequestId: data.deletionRequestId }, 'erased outbox messages');
  });
};

export default fp(selfServiceJobs, {
  name: 'self-service-jobs',
  dependencies: ['jobs', 'mailer', 'database'],
});
