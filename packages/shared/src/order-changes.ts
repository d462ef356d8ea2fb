/**
 * Changes to a paid order after the fact: cancelling one attendee (their pass revoked, their
 * seat back on sale, their share refunded with a credit note) and transferring a pass to
 * another person.
 */
import { z } from 'zod';
import { GstInvoiceRequestSchema } from './gst.js';
import { safeString } from './input.js';
import { phoneFields, checkPhone, withNormalisedPhone } from './validation.js';

/** Path of the console's routes about one attendee of an order. */
export const OrderAttendeeParamsSchema = z.object({
  reference: safeString().min(1).max(40),
  registrationId: z.uuid('Unknown attendee'),
});
export type OrderAttendeeParams = z.infer<typeof OrderAttendeeParamsSchema>;

/** What cancelling an attendee would do, for the console's confirmation. */
export const AttendeeCancellationQuoteSchema = z.object({
  attendeeName: z.string(),
  passCode: z.string(),
  /** Paise that go back to the buyer: the attendee's share of the line, at most what is left to refund. */
  refund: z.number().int(),
  /** The pass was scanned in at the gate already. */
  checkedIn: z.boolean(),
  /** The order was paid by bank transfer: the refund goes back by hand and needs its bank reference. */
  paidOffline: z.boolean(),
});
export type AttendeeCancellationQuote = z.infer<typeof AttendeeCancellationQuoteSchema>;

/** Body of `POST /api/admin/orders/{reference}/attendees/{registrationId}/cancel`. */
export const CancelAttendeeRequestSchema = z.object({
  /** Why, in the organizer's words; kept in the audit log and with the refund. */
  reason: safeString()
    .trim()
    .min(3, 'Say why this attendee is cancelled')
    .max(500, 'The reason can be at most 500 characters'),
  /** For an order paid by bank transfer: the bank's reference (UTR) of the transfer that returned the share. */
  bankReference: safeString()
    .trim()
    .min(4, 'Enter the bank reference (UTR) of the refund transfer')
    .max(40, 'The bank reference can be at most 40 characters')
    .optional(),
});
export type CancelAttendeeRequest = z.infer<typeof CancelAttendeeRequestSchema>;

/** What a cancellation did. */
export const AttendeeCancellationSchema = z.object({
  /** Paise refunded (0 when nothing was left to refund, or the order was free). */
  refund: z.number().int(),
  /** The credit note's number, when the order has a tax invoice and money went back. */
  creditNote: z.string().nullable(),
  revokedPassCode: z.string(),
});
export type AttendeeCancellation = z.infer<typeof AttendeeCancellationSchema>;

/** Body of a pass transfer: who holds the pass from now on. */
export const PassTransferRequestSchema = z
  .object({
    name: safeString({ error: 'Enter the new holder’s name' })
      .trim()
      .min(2, 'Enter the new holder’s name')
      .max(100, 'The name can be at most 100 characters'),
    email: z
      .email({ error: 'Enter a valid email address' })
      .trim()
      .toLowerCase()
      .max(254, 'The email address can be at most 254 characters'),
    ...phoneFields,
  })
  .superRefine(checkPhone)
  .overwrite(withNormalisedPhone);
export type PassTransferRequest = z.infer<typeof PassTransferRequestSchema>;

/** What a transfer did: the new holder's pass. */
export const PassTransferSchema = z.object({
  revokedPassCode: z.string(),
  newPassCode: z.string(),
  holderName: z.string(),
  holderEmail: z.string(),
});
export type PassTransfer = z.infer<typeof PassTransferSchema>;

/** Whether the current edition lets attendees transfer their own passes from the manage page. */
export const PassTransferSettingsSchema = z.object({ attendeesMayTransfer: z.boolean() });
export type PassTransferSettings = z.infer<typeof PassTransferSettingsSchema>;

/** Path of the manage page's transfer: the pass's code. */
export const PassCodeParamsSchema = z.object({ code: safeString().trim().min(1).max(40) });

/**
 * Body of `PUT /api/admin/orders/{reference}/gst-details`: the buyer's GST details for the tax
 * invoice (GSTIN, legal name, billing address, state), or null for none, before the invoice is issued.
 */
export const OrderGstDetailsRequestSchema = z.object({ buyer: GstInvoiceRequestSchema.nullable() });
export type OrderGstDetailsRequest = z.infer<typeof OrderGstDetailsRequestSchema>;
