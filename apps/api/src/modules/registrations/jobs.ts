/**
 * The registrations module's jobs: `registration-email`, the registrant's confirmation, and
 * `registration-uploads-delete`, the files of erased registrations (deleting a missing file is
 * a no-op, so a retry is harmless).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createUploadStore } from '../uploads/storage.js';
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

  const uploads = createUploadStore(app.files, 'uploads', app.config.dataDir);
  app.jobs.handle('registration-uploads-delete', async ({ data }) => {
    await uploads.remove(data.storedNames);
  });
};

export default fp(registrationJobs, {
  name: 'registration-jobs',
  dependencies: ['jobs', 'mailer', 'database', 'files'],
});
