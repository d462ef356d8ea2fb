/**
 * Organizer routes of the passes module, under /api/admin: resending a
 * paid order's confirmation with every pass to its buyer. Owners, managers and finance.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminChangeErrorResponses, envelope, OrderReferenceParamsSchema } from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { resendConfirmation } from './confirmation.js';

const passAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:reference/confirmation-email',
    {
      config: { roles: ['owner', 'manager', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'Send a paid order’s confirmation with every pass to its buyer again',
        description: 'Sent by the job queue; 409 when the order is not paid (it has no valid passes).',
        params: OrderReferenceParamsSchema,
        response: { 202: envelope(z.object({ recipient: z.string() })), ...AdminChangeErrorResponses },
      },
    },
    async (request, reply) => {
      const data = await resendConfirmation(
        app.db,
        app.jobs,
        actorOf(request),
        request.params.reference,
        app.now(),
      );
      return reply.code(202).send({ isOk: true, message: `Confirmation queued for ${data.recipient}`, data });
    },
  );
};

export default passAdminRoutes;
