/**
 * Organizer routes of the payments module, under /api/admin: refunding a paid order in full
 * or in part (issue 8 §2 Orders). Owners and finance may refund; the role check happens
 * before the handler (config.roles).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  OrganizerRefundRequestSchema,
  RefundSchema,
  safeString,
  type Refund,
} from '@festival/shared';
import { organizerOf } from '../../plugins/route-roles.js';
import type { RefundRow } from './repository.js';
import { requestOrganizerRefund } from './service.js';

function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status as Refund['status'],
    reason: row.reason,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:reference/refunds',
    {
      config: { roles: ['owner', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'Refund a paid order in full or in part, through the payment provider',
        description:
          'The amount is in paise, at least ₹1 and at most what has not been refunded yet. Refunding what is left revokes the order’s passes.',
        params: z.object({ reference: safeString().min(1).max(40) }),
        body: OrganizerRefundRequestSchema,
        response: {
          201: envelope(RefundSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const refund = await requestOrganizerRefund(
        { db: app.db, now: () => app.now(), log: request.log, jobs: app.jobs, provider: app.paymentProvider },
        request.params.reference,
        request.body,
        { organizerId: organizerOf(request).id },
      );
      return reply.code(201).send({ isOk: true, message: 'Refund requested', data: toRefund(refund) });
    },
  );
};

export default paymentAdminRoutes;
