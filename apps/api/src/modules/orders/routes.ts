/**
 * Order routes: checkout (the spec's `auth/payment/checkout`), the price quote, the one
 * extension of a reservation and paying again for an unpaid order. The order page the payment success and failure pages read by
 * reference, with its passes, is passes/routes.ts.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  envelope,
  ErrorResponseSchema,
  PriceQuoteRequestSchema,
  ReservationExtensionSchema,
  PriceQuoteSchema,
  safeString,
  type CheckoutRequest,
} from '@festival/shared';
import { addressRateLimit } from '../../plugins/rate-limit.js';
import { checkout, extendReservation, quotePrice } from './checkout.js';
import { payAgainAsBuyer } from './pay-again.js';
import { checkoutContextOf } from './request-context.js';

const referenceParams = z.object({ reference: safeString().min(1).max(40) });

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkoutContext = (request: FastifyRequest) => checkoutContextOf(app, request);

  app.post(
    '/auth/payment/checkout',
    {
      // Per client address generous (a campus buys its students' passes from one network);
      // per buyer, the first attendee, whose email the order's receipt and passes go to. The
      // buyer is counted by attendee id: an email holds one registration per role, and reading
      // the address would cost every checkout a database round trip.
      config: {
        rateLimit: addressRateLimit(
          100,
          '1 hour',
          'Too many checkouts from your network. Please try again later.',
        ),
        emailRateLimit: {
          max: 10,
          timeWindow: '1 hour',
          emailOf: (request) => `buyer:${(request.body as CheckoutRequest).startupIds[0]!}`,
        },
      },
      schema: {
        tags: ['payments'],
        summary: 'Reserve seats for the attendees and open a payment',
        description:
          'The amount is computed on the server: number of attendees × the ticket price, then GST (added when prices exclude it). With `voucherCode` the voucher prices the seats before GST (400 on the `voucherCode` field when it is unknown, disabled, outside its validity, not for this ticket or used up); a free order (a comp voucher) is paid at once, without the provider (`checkout.provider` `none`). With `gstInvoice` the buyer’s company, GSTIN, billing address and state go on the tax invoice issued when the order is paid. Seats stay reserved for 15 minutes. Orders awaiting payment may hold at most the organizer’s number of seats per buyer email (the first attendee’s) and per client address (409 past it). The same request again while its order still holds the seats answers that order, with its expiry unchanged; a changed one (attendees, ticket, voucher, GST details) replaces it.',
        body: CheckoutRequestSchema,
        response: {
          200: CheckoutResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) => checkout(checkoutContext(request), request.body),
  );

  app.post(
    '/auth/payment/orders/:reference/pay-again',
    {
      // As checkout's own limit per client address; each call may hold seats and open a payment.
      config: {
        rateLimit: addressRateLimit(
          100,
          '1 hour',
          'Too many checkouts from your network. Please try again later.',
        ),
      },
      schema: {
        tags: ['payments'],
        summary: 'Pay again for an unpaid order (its payment failed or its reservation ended)',
        description:
          "Only the buyer's key opens it (checkout's `order.key` as `?key=`; 404 otherwise, as for an unknown reference). Nothing in the request says what to buy: while the order still holds its seats the answer is that order with its payment; otherwise a new order (new reference, new key) is checked out for the same attendees, ticket, voucher and GST details, with the amount, capacity, voucher and a new 15-minute reservation decided again on the server. Asking again answers the same new order while it holds its seats. 409 when the order is paid, being refunded or cancelled, or when checkout refuses (sold out, sales ended, an attendee already has a pass); 400 when the voucher can no longer be used.",
        params: referenceParams,
        querystring: z.object({ key: z.string().max(100).optional() }),
        response: {
          200: CheckoutResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) => payAgainAsBuyer(checkoutContext(request), request.params.reference, request.query.key),
  );

  app.post(
    '/auth/payment/quote',
    {
      schema: {
        tags: ['payments'],
        summary: 'What checkout would charge: taxable value, CGST and SGST or IGST, and total',
        description:
          'Seats × the ticket price, then GST by the organizer’s settings and the ticket type’s rate and place of supply (IGST Act s.12), in paise. A buyer’s GSTIN moves a stall package’s place of supply to the buyer’s state.',
        body: PriceQuoteRequestSchema,
        response: { 200: envelope(PriceQuoteSchema), 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Price',
      data: await quotePrice(app.db, request.body, app.now()),
    }),
  );

  app.post(
    '/auth/payment/orders/:reference/extend',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Hold the seats of a pending order longer, once',
        description:
          "Moves the expiry of a pending, unexpired reservation to 15 minutes from now. Allowed once per order, to its buyer (checkout's `order.key` as `?key=`; 404 otherwise); 409 when the order was already extended, has lapsed or is no longer pending (WCAG 2.2.1).",
        params: referenceParams,
        querystring: z.object({ key: z.string().max(100).optional() }),
        response: {
          200: envelope(ReservationExtensionSchema),
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const data = await extendReservation(
        app.db,
        app.config.OTP_SECRET,
        request.params.reference,
        request.query.key,
        app.now(),
      );
      return { isOk: true, message: 'Reservation extended', data };
    },
  );
};

export default orderRoutes;
