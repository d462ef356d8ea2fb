/**
 * Routes of changes to a paid order. Under /api/admin: what cancelling an attendee would refund,
 * and cancelling them (money goes back, so owners and finance, as for refunds:
 * payments/admin-routes.ts); changing the buyer's GST details before the invoice (owners and
 * finance); changing an attendee's ticket type and its quote (money moves: owners and
 * finance); transferring a pass, and whether attendees may transfer their own (owners and
 * managers). The role check happens before the handler. Under /api/self-service
 * (the manage page's session): whether transfers are allowed, and transferring one's own pass.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttendeeCancellationQuoteSchema,
  AttendeeCancellationSchema,
  CancelAttendeeRequestSchema,
  ChangeTicketTypeRequestSchema,
  envelope,
  ErrorResponseSchema,
  OrderAttendeeParamsSchema,
  OrderGstDetailsRequestSchema,
  OrderReferenceParamsSchema,
  PassCodeParamsSchema,
  PassTransferRequestSchema,
  PassTransferSchema,
  PassTransferSettingsSchema,
  TicketChangeQuoteSchema,
  TicketTypeChangeSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { registrantActor, sessionEmail } from '../self-service/sign-in.js';
import { changeBuyerGstDetails } from './gst-details.js';
import { cancelAttendee, quoteAttendeeCancellation, type OrderChangeContext } from './service.js';
import { changeTicketType, quoteTicketChange } from './ticket-type.js';
import { attendeeTransfersAllowed, setAttendeeTransfers, transferOwnPass, transferPass } from './transfer.js';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

const orderChangeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): OrderChangeContext => ({ db: app.db, jobs: app.jobs, now: () => app.now() });

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
        context(),
        request.params.reference,
        request.params.registrationId,
        request.body,
        actorOf(request),
      ),
    }),
  );

  app.get(
    '/orders/:reference/attendees/:registrationId/ticket-change',
    {
      config: { roles: ['owner', 'finance'] },
      schema: {
        tags: ['admin'],
        summary:
          'What changing one attendee’s ticket type to each other ticket of their category would cost or refund',
        description:
          'For each ticket of the order’s edition sold to the attendee’s category: its total with GST as the order is taxed, the difference from what was paid for the current ticket (> 0 collected, < 0 refunded), the GST of its debit or credit note, the seats left and why it cannot be chosen. 409 when the order’s line cannot change at all.',
        params: OrderAttendeeParamsSchema,
        response: { 200: envelope(TicketChangeQuoteSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Ticket change',
      data: await quoteTicketChange(
        app.db,
        request.params.reference,
        request.params.registrationId,
        app.now(),
      ),
    }),
  );

  app.post(
    '/orders/:reference/attendees/:registrationId/change-ticket',
    {
      config: { roles: ['owner', 'finance'] },
      schema: {
        tags: ['admin'],
        summary:
          'Change one attendee’s ticket type: a downgrade refunded with a credit note, an upgrade collected by bank transfer with a debit note',
        description:
          'The pass keeps its code and admits as the new ticket (the gate at once, the scanners after their next sync); the old seat returns, the waiting list first; a seat of the new ticket is taken under its lock (409 when sold out). A cheaper ticket refunds the difference through the provider (or, for a bank-transfer order, recorded with the bankReference of the returning transfer) with a credit note of the invoice; a dearer one needs the bankReference (UTR) of the buyer’s transfer of the difference, raises the order’s total and issues a debit note (CGST Act s.34). A comp changes ticket only. The attendee is emailed; the reason is audited.',
        params: OrderAttendeeParamsSchema,
        body: ChangeTicketTypeRequestSchema,
        response: { 200: envelope(TicketTypeChangeSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Ticket changed',
      data: await changeTicketType(
        context(),
        request.params.reference,
        request.params.registrationId,
        request.body,
        actorOf(request),
      ),
    }),
  );

  app.post(
    '/orders/:reference/attendees/:registrationId/transfer',
    {
      config: { roles: ['owner', 'manager'] },
      schema: {
        tags: ['admin'],
        summary: 'Transfer an attendee’s pass to another person: a new pass for them, the old one revoked',
        description:
          'The new holder gives a name, email and phone; they are registered in the old holder’s category (or their registration found), join the order and get a new pass by email. The old code is refused at the gate. The order’s seats and money do not change.',
        params: OrderAttendeeParamsSchema,
        body: PassTransferRequestSchema,
        response: { 200: envelope(PassTransferSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Pass transferred',
      data: await transferPass(
        context(),
        request.params.reference,
        request.params.registrationId,
        request.body,
        { kind: 'organizer', actor: actorOf(request) },
      ),
    }),
  );

  app.put(
    '/orders/:reference/gst-details',
    {
      config: { roles: ['owner', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'Change the buyer’s GST details of an order before its tax invoice is issued',
        description:
          'GSTIN, legal name, billing address and state, or null for none. The place of supply and the CGST + SGST / IGST split follow; the total does not change (a change whose rounding would move it is refused, 409). An order whose invoice is issued answers 409: correct it with a credit note.',
        params: OrderReferenceParamsSchema,
        body: OrderGstDetailsRequestSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await changeBuyerGstDetails(context(), request.params.reference, request.body.buyer, actorOf(request));
      return { isOk: true, message: 'GST details saved', data: null };
    },
  );

  app.get(
    '/pass-transfers',
    {
      config: { roles: ['owner', 'manager'] },
      schema: {
        tags: ['admin'],
        summary: 'Whether attendees of the current edition may transfer their own passes',
        response: { 200: envelope(PassTransferSettingsSchema), ...errors },
      },
    },
    async () => ({
      isOk: true,
      message: 'Pass transfers',
      data: { attendeesMayTransfer: await attendeeTransfersAllowed(context()) },
    }),
  );

  app.put(
    '/pass-transfers',
    {
      config: { roles: ['owner', 'manager'] },
      schema: {
        tags: ['admin'],
        summary:
          'Let attendees of the current edition transfer their own passes from the manage page, or stop them',
        body: PassTransferSettingsSchema,
        response: { 200: envelope(PassTransferSettingsSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Pass transfers saved',
      data: {
        attendeesMayTransfer: await setAttendeeTransfers(
          context(),
          request.body.attendeesMayTransfer,
          actorOf(request),
        ),
      },
    }),
  );
};

export default orderChangeAdminRoutes;

const security = [{ manageSession: [] }];

/** The manage page's routes (`Authorization: Bearer <sessionToken>`, modules/self-service). */
export const orderChangeSelfServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): OrderChangeContext => ({ db: app.db, jobs: app.jobs, now: () => app.now() });
  const email = (authorization: string | undefined) => sessionEmail(app.db, authorization, app.now());

  app.get(
    '/self-service/pass-transfers',
    {
      schema: {
        tags: ['self-service'],
        summary: 'Whether this edition lets attendees transfer their own passes',
        security,
        response: { 200: envelope(PassTransferSettingsSchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      await email(request.headers.authorization);
      return {
        isOk: true,
        message: 'Pass transfers',
        data: { attendeesMayTransfer: await attendeeTransfersAllowed(context()) },
      };
    },
  );

  app.post(
    '/self-service/passes/:code/transfer',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['self-service'],
        summary: 'Transfer one’s own pass to another person, when the festival allows it',
        security,
        params: PassCodeParamsSchema,
        body: PassTransferRequestSchema,
        response: { 200: envelope(PassTransferSchema), ...errors, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = registrantActor(await email(request.headers.authorization), request.ip);
      return {
        isOk: true,
        message: 'Pass transferred',
        data: await transferOwnPass(context(), request.params.code, request.body, actor),
      };
    },
  );
};
