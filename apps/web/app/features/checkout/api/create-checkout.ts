import type { CheckoutRequest, CheckoutResponse } from '@festival/shared';
import { apiRequest } from '~/lib/api-client';
import { rememberOrderKey } from '~/lib/order-keys';
import { localDeadline } from '../lib/deadline';

/**
 * Creates an order for the registered attendees and the chosen ticket type and reserves their
 * seats (`auth/payment/checkout`). The server prices it; the answer (not enveloped,
 * as in the spec) says how to pay. `deadline` is when the seats are released, on this
 * device's clock (epoch ms).
 * @throws ApiError 409 when the ticket type sold out or its sales ended meanwhile.
 */
export async function createCheckout(request: CheckoutRequest) {
  const { data, serverTime } = await apiRequest<CheckoutResponse>('/auth/payment/checkout', {
    method: 'POST',
    body: request,
    envelope: false,
  });
  rememberOrderKey(data.order.reference, data.order.key);
  return { answer: data, deadline: localDeadline(data.order.expiresAt, serverTime) };
}
