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

/** A status as a refusal's message says it (`refund due`). */
export const statusWords = (status: string) => status.replace('_', ' ');
