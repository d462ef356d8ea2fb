/** The owner's first-run checklist: `GET /api/admin/setup` (owner, manager, finance). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ErrorResponseSchema, SETUP_VIEWER_ROLES, SetupChecklistSchema } from '@festival/shared';
import { getSetupChecklist } from './service.js';

export const setupAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setup',
    {
      config: { roles: SETUP_VIEWER_ROLES },
      schema: {
        tags: ['admin'],
        summary: 'What the festival still needs before it can sell',
        description:
          "One step each for the organizer's identity, the GSTIN, the current edition, its ticket types and the payment keys, with what is missing; and whether checkout takes money (not in production while the organizer's identity is incomplete).",
        response: {
          200: envelope(SetupChecklistSchema),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async () => ({
      isOk: true,
      message: 'Setup',
      data: await getSetupChecklist(app.db, {
        now: app.now(),
        provider: app.paymentProvider.name,
        production: app.config.NODE_ENV === 'production',
      }),
    }),
  );
};
