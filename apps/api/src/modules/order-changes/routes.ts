/**
 * Organizer routes of changes to a paid order, under /api/admin: what cancelling an attendee
 * would refund, and cancelling them. Money goes back, so owners and finance may do it, as for
 * refunds (payments/admin-routes.ts). The role check happens before the handler.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttendeeCancellationQuoteSchema,
  AttendeeCancellationSchema,
  CancelAttendeeRequestSchema,
  envelope,
  ErrorResponseSchema,
  OrderAttendeeParamsSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { cancelAttendee, quoteAttendeeCancellation } from './service.js';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

const orderChangeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:reference/attendees/:registrationId/cancellation',
    {
      config: { roles: ['owner', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'What cancelling one attendee of a paid order would refund',
        params: OrderAttendeeParamsSchema,
        response: { 200: envelope(AttendeeCancellationQuoteSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Cancellation',
      data: await quoteAttendeeCancellation(app.db, request.params.reference, request.params.registrationId),
    }),
  );

  app.post(
    '/orders/:reference/attendees/:registrationId/cancel',
    {
      config: { roles: ['owner', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'Cancel one attendee of a paid order: pass revoked, seat returned, their share refunded',
        description:
          'Revokes the attendee’s pass (refused at the gate online and after the next sync), takes their unit off the order so the seat returns (the waiting list first), refunds their share of the line (through the provider, or recorded with a bank reference for a bank-transfer order), issues a credit note for that line with quantity 1 and emails the attendee. The last attendee with a pass is refused (409): refund the order in full instead.',
        params: OrderAttendeeParamsSchema,
        body: CancelAttendeeRequestSchema,
        response: { 200: envelope(AttendeeCancellationSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Attendee cancelled',
      data: await cancelAttendee(
        { db: app.db, jobs: app.jobs, now: () => app.now() },
        request.params.reference,
        request.params.registrationId,
        request.body,
        actorOf(request),
      ),
    }),
  );
};

export default orderChangeAdminRoutes;
