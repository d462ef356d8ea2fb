/** Orders in the organizer console (issue 8 §2 Orders): the list and one order's story. */
import { z } from 'zod';
import { PageQuerySchema, pageOf } from './admin.js';
import { RefundSchema } from './admin-refunds.js';
import { OrderStatusSchema } from './checkout.js';
import { databaseId, isCalendarDate, safeString } from './input.js';

const day = safeString().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD').optional();

export const OrderListQuerySchema = PageQuerySchema.extend({
  /** Order reference, or the buyer's name or email (any case, accents ignored). */
  q: safeString().trim().max(100).optional(),
  status: OrderStatusSchema.optional(),
  ticketTypeId: databaseId().optional(),
  /** Created on or after / on or before these days, in India time. */
  from: day,
  to: day,
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const OrderListRowSchema = z.object({
  reference: z.string(),
  status: OrderStatusSchema,
  buyerName: z.string(),
  buyerEmail: z.string(),
  ticketName: z.string(),
  quantity: z.number().int(),
  /** Paise. */
  amount: z.number().int(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
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
  ]),
  text: z.string(),
});

export const OrderDetailSchema = OrderListRowSchema.extend({
  provider: z.string(),
  providerOrderId: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  attendees: z.array(
    z.object({
      registrationId: z.string(),
      name: z.string(),
      email: z.string(),
      passCode: z.string().nullable(),
      passRevoked: z.boolean(),
    }),
  ),
  refunds: z.array(RefundSchema),
  /** Paise that may still be refunded. */
  refundable: z.number().int(),
  timeline: z.array(OrderTimelineEntrySchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;
