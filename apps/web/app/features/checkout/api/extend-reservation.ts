import type { ReservationExtension } from '@festival/shared';
import { apiRequest } from '~/lib/api-client';
import { orderKeyOf, withOrderKey } from '~/lib/order-keys';
import { localDeadline } from '../lib/deadline';

/**
 * Asks the server to hold a pending order's seats longer, once per order
 * (`POST /api/auth/payment/orders/{reference}/extend`). Returns the new release time on this
 * device's clock (epoch ms).
 * @throws ApiError 409 when the order was already extended, has lapsed or is no longer pending.
 */
export async function extendReservation(reference: string): Promise<number> {
  const { data, serverTime } = await apiRequest<ReservationExtension>(
    withOrderKey(`/auth/payment/orders/${encodeURIComponent(reference)}/extend`, orderKeyOf(reference)),
    { method: 'POST' },
  );
  return localDeadline(data.expiresAt, serverTime);
}
