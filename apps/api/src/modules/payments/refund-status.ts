/**
 * Refund states and reasons (`refunds.status`, `refunds.reason`). A refund row is written
 * `requested` with its job; the job sends it to the provider (`pending`, or `processed` at
 * once); the provider's `refund.processed` / `refund.failed` webhooks settle it.
 */
export const REFUND_STATUS = {
  requested: 'requested',
  pending: 'pending',
  processed: 'processed',
  failed: 'failed',
} as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];

/** Why money goes back without an organizer asking. */
export const REFUND_REASON = {
  /** Paid after the order stopped being payable, and no seat or an attendee's pass was left. */
  latePayment: 'late_payment',
  /** A second payment of an order already settled by another. */
  duplicatePayment: 'duplicate_payment',
  /** An organizer refunded (part of) a paid order from the console. */
  organizer: 'organizer',
} as const;
export type RefundReason = (typeof REFUND_REASON)[keyof typeof REFUND_REASON];
