/**
 * Checkout, payment and pass shapes (`auth/payment/checkout` in the spec).
 * Amounts are integer paise and always computed by the server from the stored order.
 */
import { z } from 'zod';
import { storedTranslationsSchema } from './translations-schema.js';
import { VoucherCodeSchema } from './admin-vouchers.js';
import { MAX_ATTENDEES_PER_ORDER } from './constants.js';
import { GstInvoiceRequestSchema, GstinSchema, TaxBreakdownSchema } from './gst.js';
import { databaseId, safeString } from './input.js';
import { LocaleSchema } from './locale-schema.js';
import { EventSummarySchema } from './registration.js';

/** Body of `POST auth/payment/checkout`: the registered attendees and the chosen ticket type. */
export const CheckoutRequestSchema = z.object({
  startupIds: z
    .array(z.uuid('Unknown attendee'))
    .min(1, 'Register at least one attendee')
    .max(MAX_ATTENDEES_PER_ORDER, `At most ${MAX_ATTENDEES_PER_ORDER} attendees per order`),
  selectedTicket: databaseId('Choose a ticket'),
  /** Present when the buyer ticked "I need a GST invoice". */
  gstInvoice: GstInvoiceRequestSchema.optional(),
  /** A voucher code; the server checks it and prices the seats with it. */
  voucherCode: VoucherCodeSchema.optional(),
  /**
   * The language of the checkout page: the buyer's order emails use it. Optional in the parsed
   * type too (the server reads a missing one as English), since the site builds this type itself.
   */
  locale: LocaleSchema.optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const PaymentProviderNameSchema = z.enum(['sandbox', 'razorpay']);
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

/**
 * Answer of checkout. `order.id` is the provider's order id (Razorpay's `order_…`),
 * `order.amount` integer paise, `order.expiresAt` the ISO-8601 UTC instant the seats stop
 * being held (RESERVATION_MINUTES after checkout). `checkout` tells the browser how to collect
 * the payment: the sandbox page's URL, or the Razorpay key id for Checkout.js.
 */
export const CheckoutResponseSchema = z.object({
  order: z.object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.literal('INR'),
    reference: z.string(),
    expiresAt: z.iso.datetime(),
    /**
     * Opens the order by its reference (`?key=` on `auth/payment/orders/{reference}` and its PDFs):
     * the reference alone, printed on every pass, does not. Keep it in this browser only.
     */
    key: z.string(),
  }),
  person: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  /** The order's taxable value, GST and total, as the server computed them. */
  tax: TaxBreakdownSchema,
  checkout: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('sandbox'), url: z.string() }),
    z.object({ provider: z.literal('razorpay'), keyId: z.string(), callbackUrl: z.string() }),
    /** A free order (a comp voucher): already paid; `url` is its success page. */
    z.object({ provider: z.literal('none'), url: z.string() }),
  ]),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/**
 * Answer of `POST auth/payment/orders/{reference}/extend`: the reservation's new expiry
 * (ISO-8601 UTC). Each order can be extended once (WCAG 2.2.1 Timing Adjustable).
 */
export const ReservationExtensionSchema = z.object({ reference: z.string(), expiresAt: z.iso.datetime() });
export type ReservationExtension = z.infer<typeof ReservationExtensionSchema>;

/** Fields Razorpay Checkout (and the sandbox page) posts back after a successful payment. */
export const PaymentCallbackSchema = z.object({
  razorpay_order_id: safeString().min(1),
  razorpay_payment_id: safeString().min(1),
  razorpay_signature: safeString().min(1),
});
export type PaymentCallback = z.infer<typeof PaymentCallbackSchema>;

/**
 * `pending` holds seats until the reservation lapses; `paid`, `failed` and `expired` are its
 * outcomes, and `cancelled` when an organizer cancels it before payment. A payment that arrives for
 * an order that can no longer be honoured makes it `refund_due`, and `refunded` once the provider
 * has returned the money.
 */
export const OrderStatusSchema = z.enum([
  'pending',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refund_due',
  'refunded',
]);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** One event pass: a unique code, the attendee it admits and its QR code as an SVG string. */
export const PassSchema = z.object({
  code: z.string(),
  attendeeName: z.string(),
  email: z.string(),
  role: z.string(),
  ticketName: z.string(),
  /** The organizers' Gujarati and Hindi of the ticket's name and remarks, where they wrote them. */
  ticketTranslations: storedTranslationsSchema(['name', 'remarks']),
  qrSvg: z.string(),
});
export type Pass = z.infer<typeof PassSchema>;

/** An order as the success and failure pages read it by its public reference. */
export const OrderSummarySchema = z.object({
  reference: z.string(),
  status: OrderStatusSchema,
  /**
   * Whom the key opened the order for: the buyer sees all of it; an attendee (a colleague's
   * link) sees their own passes, and neither the amount, the tax nor the invoice.
   */
  viewer: z.enum(['buyer', 'attendee']),
  /** What the buyer paid, tax included, in paise; null in an attendee's view. */
  amount: z.number().int().nullable(),
  currency: z.literal('INR'),
  /** Units bought; in an attendee's view, the number of their own passes. */
  quantity: z.number().int(),
  ticketName: z.string(),
  /** `ticketName` in Gujarati and Hindi where a ticket of it is translated (`ticketNameTranslations`). */
  translations: storedTranslationsSchema(['ticketName']),
  Event: EventSummarySchema,
  passes: z.array(PassSchema),
  /**
   * Whether a payment of this order was captured (kept or being refunded): the failure page says
   * "you have not been charged" only when false.
   */
  paymentCaptured: z.boolean(),
  /** The order's GST breakdown; null for orders placed before GST was recorded. */
  tax: TaxBreakdownSchema.nullable(),
  /** The tax invoice of a paid order (download at `auth/payment/orders/{reference}/invoice`). */
  invoice: z.object({ number: z.string(), issuedAt: z.iso.datetime() }).nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/**
 * Body of `POST auth/payment/quote`: what checkout would charge for `quantity` seats of a
 * ticket type, and the buyer's GSTIN when they want a tax invoice (it can move the place of
 * supply of a stall package to their state).
 */
export const PriceQuoteRequestSchema = z.object({
  selectedTicket: databaseId('Choose a ticket'),
  quantity: z
    .number({ error: 'Enter a quantity' })
    .int('Enter a whole number')
    .min(1, 'At least one seat')
    .max(MAX_ATTENDEES_PER_ORDER, `At most ${MAX_ATTENDEES_PER_ORDER} seats`),
  gstin: GstinSchema.optional(),
  voucherCode: VoucherCodeSchema.optional(),
});
export type PriceQuoteRequest = z.infer<typeof PriceQuoteRequestSchema>;

/**
 * Answer of `POST auth/payment/quote`: the GST breakdown checkout would charge, and the line it
 * prices, so the page can show a voucher's price of one unit beside the ticket type's own. Paise;
 * a unit price includes GST or not as the ticket type's price does.
 */
export const PriceQuoteSchema = TaxBreakdownSchema.extend({
  /** Units priced: passes, or 1 for a stall package. */
  units: z.number().int(),
  /** One unit's price after the voucher. */
  unitAmount: z.number().int(),
  /** One unit at the ticket type's own price: above `unitAmount` when a voucher lowers it. */
  regularUnitAmount: z.number().int(),
});
export type PriceQuote = z.infer<typeof PriceQuoteSchema>;
