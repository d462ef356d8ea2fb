/** Orders in the organizer console: the list and one order's story. */
import { z } from 'zod';
import { PageQuerySchema, pageOf } from './admin.js';
import { OrderGstSchema } from './admin-invoices.js';
import { RefundSchema } from './admin-refunds.js';
import { OrderStatusSchema } from './checkout.js';
import { GuestListSchema, OrderSourceSchema } from './admin-console-orders.js';
import { databaseId, isCalendarDate, MAX_DATABASE_ID, safeString } from './input.js';
import { TicketUnitsSchema } from './order-tickets.js';

const day = safeString().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD').optional();

/** The path parameter of the console's routes about one order: its reference (`SFG24-7KQ2M9XW4P`). */
export const OrderReferenceParamsSchema = z.object({ reference: safeString().min(1).max(40) });

export const OrderListQuerySchema = PageQuerySchema.extend({
  /** Order reference, or the buyer's name or email (any case, accents ignored). */
  q: safeString().trim().max(100).optional(),
  status: OrderStatusSchema.optional(),
  ticketTypeId: databaseId().optional(),
  /** Created on or after / on or before these days, in India time. */
  from: day,
  to: day,
  /** An edition's id: its orders; without it, the current edition's. */
  edition: databaseId('Choose an edition').optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const OrderListRowSchema = z.object({
  reference: z.string(),
  status: OrderStatusSchema,
  buyerName: z.string(),
  buyerEmail: z.string(),
  /**
   * The order's ticket (`ticketNameOf` its lines): the name while it holds one, each ticket with
   * its units once an attendee of a group changed ticket.
   */
  ticketName: z.string(),
  /** Units per ticket, lines left with none left out (`unitsByTicket`); `formatTicketUnits` names them. */
  tickets: z.array(TicketUnitsSchema),
  /** Units of all its lines. */
  quantity: z.number().int(),
  /** Paise. */
  amount: z.number().int(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** Checkout, a comp or a bank transfer entered in the console. */
  source: OrderSourceSchema,
  /** A comp's guest list; null otherwise. */
  guestList: GuestListSchema.nullable(),
});
export type OrderListRow = z.infer<typeof OrderListRowSchema>;
export const OrderPageSchema = pageOf(OrderListRowSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** One step of an order's story, oldest first. */
export const OrderTimelineEntrySchema = z.object({
  at: z.iso.datetime(),
  kind: z.enum([
    'created',
    'reservation_ends',
    'reservation_extended',
    'payment_event',
    'paid',
    'pass_email_sent',
    'refund',
    'closed',
    /** What an organizer did to it (audit log): cancelled, recorded a payment, resent the email, refunded. */
    'organizer',
  ]),
  text: z.string(),
});

export const OrderDetailSchema = OrderListRowSchema.extend({
  provider: z.string(),
  providerOrderId: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  /** Paid by a bank transfer an organizer recorded: refunds go back by hand, not through the provider. */
  paidOffline: z.boolean(),
  attendees: z.array(
    z.object({
      registrationId: z.string(),
      name: z.string(),
      email: z.string(),
      passCode: z.string().nullable(),
      passRevoked: z.boolean(),
      /**
       * The ticket their pass admits on (its order line's: one attendee of a group may have
       * changed ticket); null without a pass.
       */
      ticketName: z.string().nullable(),
    }),
  ),
  refunds: z.array(RefundSchema),
  /** Paise that may still be refunded. */
  refundable: z.number().int(),
  timeline: z.array(OrderTimelineEntrySchema),
  /** GST: the breakdown, the buyer's GSTIN, the tax invoice and credit notes. */
  gst: OrderGstSchema,
  /** The voucher that priced the order, with the seat price it gave, in paise. */
  voucher: z.object({ code: z.string(), unitAmount: z.number().int() }).nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/**
 * Body of `POST /api/admin/orders/{reference}/offline-payment`: a bank transfer an organizer
 * received for an unpaid order. The amount must be the order's total (the server compares it
 * with its own figure), so a typo never marks an order paid for the wrong sum.
 */
export const OfflinePaymentRequestSchema = z.object({
  /** Paise. */
  amount: z
    .number({ error: 'Enter the amount received in paise' })
    .int('Enter the amount in whole paise')
    .min(1, 'Enter the amount received')
    .max(MAX_DATABASE_ID, 'That is more than any order'),
  /** The bank's transaction reference (UTR) or cheque number. */
  reference: safeString({ error: 'Enter the bank reference (UTR)' })
    .trim()
    .min(4, 'Enter the bank reference (UTR)')
    .max(64, 'The bank reference can be at most 64 characters'),
  note: safeString({ error: 'Add a note' })
    .trim()
    .min(3, 'Add a note: who paid, and how')
    .max(500, 'The note can be at most 500 characters'),
});
export type OfflinePaymentRequest = z.infer<typeof OfflinePaymentRequestSchema>;

/** Body of `POST /api/admin/orders/{reference}/cancel`: why, kept in the audit log. */
export const CancelOrderRequestSchema = z.object({
  reason: safeString().trim().max(500, 'The reason can be at most 500 characters').optional(),
});
export type CancelOrderRequest = z.infer<typeof CancelOrderRequestSchema>;
