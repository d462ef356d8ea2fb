/**
 * Erasure of the personal data in stored payment notifications (`payment_events`), for a
 * handled deletion request. A Razorpay payment entity carries the payer's email, phone
 * (`contact`), UPI address (`vpa`), card and bank details, `notes` and a `description`
 * (https://razorpay.com/docs/api/payments/#payment-entity); an organizer's bank transfer carries
 * their note. The books need none of it: a notification keeps what settles and reconciles a
 * payment — ids, amounts, currency, states, method, error codes — and the time of the erasure.
 */
import type { Executor } from '../../db/client.js';
import { lockPaymentEventsOfPerson, updatePaymentEventPayload } from './repository.js';

/** Keys a notification keeps, at any depth; a key not listed goes with its value. */
const KEPT_KEYS = new Set([
  // Razorpay's webhook envelope and its payment, order and refund entities.
  'entity',
  'account_id',
  'event',
  'contains',
  'payload',
  'payment',
  'order',
  'refund',
  'id',
  'amount',
  'currency',
  'status',
  'order_id',
  'payment_id',
  'invoice_id',
  'receipt',
  'method',
  'captured',
  'international',
  'amount_refunded',
  'amount_paid',
  'amount_due',
  'refund_status',
  'fee',
  'tax',
  'attempts',
  'speed_requested',
  'speed_processed',
  'batch_id',
  'error_code',
  'error_source',
  'error_step',
  'error_reason',
  'created_at',
  // Checkout's callback.
  'razorpay_payment_id',
  'razorpay_order_id',
  'razorpay_signature',
  // An organizer's bank transfer: its UTR and who recorded it (an organizer, not the buyer).
  'reference',
  'recordedBy',
]);

/** `payload` with only KEPT_KEYS, at every depth. */
export function keptForTheBooks(payload: unknown): unknown {
  if (Array.isArray(payload)) return payload.map(keptForTheBooks);
  if (payload === null || typeof payload !== 'object') return payload;
  return Object.fromEntries(
    Object.entries(payload)
      .filter(([key]) => KEPT_KEYS.has(key))
      .map(([key, value]) => [key, keptForTheBooks(value)]),
  );
}

/**
 * Rewrites, in the erasure's transaction, the notifications of the orders `registrationIds` are
 * in and any that mention `email`: each keeps `keptForTheBooks` of its payload and
 * `redactedAt` (ISO 8601), which also keeps a later erasure from counting it again.
 * @returns how many notifications were rewritten
 */
export async function erasePersonalData(
  tx: Executor,
  registrationIds: string[],
  email: string,
  now: Date,
): Promise<number> {
  const events = await lockPaymentEventsOfPerson(tx, registrationIds, email);
  for (const event of events) {
    const kept = keptForTheBooks(event.payload) as Record<string, unknown>;
    await updatePaymentEventPayload(tx, event.id, { ...kept, redactedAt: now.toISOString() });
  }
  return events.length;
}
