/**
 * Order status values (OrderStatusSchema in @festival/shared): `pending` holds seats until
 * `expires_at`; `paid`, `failed` and `expired` are its outcomes. A valid payment may still
 * turn `failed` or `expired` into `paid` (orders/settlement.ts).
 */
import { OrderStatusSchema, type OrderStatus } from '@festival/shared';

export const ORDER_STATUS = OrderStatusSchema.enum;

/** A pending order whose reservation has lapsed reads as expired even before anyone marks it. */
export function effectiveStatus(order: { status: string; expiresAt: Date }, now: Date): OrderStatus {
  if (order.status === ORDER_STATUS.pending && order.expiresAt.getTime() <= now.getTime())
    return ORDER_STATUS.expired;
  return order.status as OrderStatus;
}

/**
 * An order's status as its buyer and attendees read it (the order page, Manage my registration):
 * `effectiveStatus`, except that an unpaid order (pending or lapsed) with a failed payment
 * attempt reported (`failureReported`: payments records the provider's failure result) reads
 * `failed`. The report is unsigned, so it changes nothing else: the reservation runs on, and a
 * later payment still settles the order; it only says what the buyer saw and offers Pay again.
 */
export function visitorStatus(
  order: { status: string; expiresAt: Date },
  failureReported: boolean,
  now: Date,
): OrderStatus {
  const status = effectiveStatus(order, now);
  return failureReported && (status === ORDER_STATUS.pending || status === ORDER_STATUS.expired)
    ? ORDER_STATUS.failed
    : status;
}

/** A status as a refusal's message says it (`refund due`). */
export const statusWords = (status: string) => status.replace('_', ' ');
