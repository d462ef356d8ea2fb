import type { CheckoutResponse } from '@festival/shared';
import { apiRequest } from '~/lib/api-client';
import { rememberOrderKey, withOrderKey } from '~/lib/order-keys';
import { localDeadline } from '../lib/deadline';

/**
 * Pays again for an unpaid order as its buyer (`POST auth/payment/orders/{reference}/pay-again`
 * with this browser's key of it). The request names only the order: the server decides the
 * attendees, ticket, voucher, GST details and amount, and answers either the same order (its
 * seats still held) or a new one, whose key this browser then keeps. `deadline` is when the
 * seats are released, on this device's clock (epoch ms).
 * @throws ApiError 404 without the buyer's key; 409 when the order is paid, cancelled, or its
 *   ticket sold out or its sales ended; 400 when its voucher can no longer be used.
 */
export async function payAgain(reference: string, key: string | undefined) {
  const { data, serverTime } = await apiRequest<CheckoutResponse>(
    withOrderKey(`/auth/payment/orders/${encodeURIComponent(reference)}/pay-again`, key),
    { method: 'POST', envelope: false },
  );
  rememberOrderKey(data.order.reference, data.order.key);
  return { answer: data, deadline: localDeadline(data.order.expiresAt, serverTime) };
}
