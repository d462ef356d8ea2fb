/** An organizer's refund of a paid order: the request and the answer. */
import { z } from 'zod';
import { MAX_DATABASE_ID, safeString } from './input.js';

export const OrganizerRefundRequestSchema = z.object({
  /** Paise; at least ₹1 (Razorpay's minimum) and at most what is left to refund. */
  amount: z
    .number({ error: 'Enter the amount to refund in paise' })
    .int('Enter the amount in whole paise')
    .min(100, 'A refund must be at least ₹1')
    // Amounts are int4 columns; no order comes near ₹2.1 crore.
    .max(MAX_DATABASE_ID, 'That is more than any order'),
  /** Why, in the organizer's words; kept with the refund. */
  reason: safeString().trim().min(3, 'Say why the order is refunded').max(500),
  /**
   * For an order paid by bank transfer: the bank's reference (UTR) of the transfer that returned
   * the money. Such a refund is recorded as done, with its credit note; nothing goes through
   * the payment provider.
   */
  bankReference: safeString()
    .trim()
    .min(4, 'Enter the bank reference (UTR) of the refund transfer')
    .max(40, 'The bank reference can be at most 40 characters')
    .optional(),
});
export type OrganizerRefundRequest = z.infer<typeof OrganizerRefundRequestSchema>;

export const RefundSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.enum(['requested', 'pending', 'processed', 'failed']),
  reason: z.string(),
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Refund = z.infer<typeof RefundSchema>;
