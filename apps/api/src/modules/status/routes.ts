/** The owner's status page under /api/admin: what the festival needs running, and what to do. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ErrorResponseSchema, StatusCheckSchema } from '@festival/shared';
import { systemStatus } from './service.js';

const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/status',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary:
          'Mail server, payment keys, signing key, disk, last backup and sample content, each with what to do',
        description: 'Each check takes at most 10 s; a check that fails says why.',
        response: {
          200: envelope(z.array(StatusCheckSchema)),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async () => ({
      isOk: true,
      message: 'Status',
      data: await systemStatus({
        db: app.db,
        mailer: app.mailer,
        provider: app.paymentProvider,
        dataDir: app.config.dataDir,
        backupEveryHours: app.config.BACKUP_EVERY_HOURS,
        now: app.now(),
      }),
    }),
  );
};

export default statusRoutes;
