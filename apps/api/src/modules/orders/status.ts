/**
 * Order status values (OrderStatusSchema in @festival/shared): `pending` holds seats until
 * `expires_at`; `paid`, `failed` and `expired` are its outcomes. A valid payment may still
 * turn `failed` or `expired` into `paid` (payments/service.ts).
 */
import { OrderStatusSchema } from '@festival/shared';

export const ORDER_STATUS = OrderStatusSchema.enum;
