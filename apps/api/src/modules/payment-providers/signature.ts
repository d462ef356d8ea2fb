/**
 * Razorpay's signature scheme (https://razorpay.com/docs/payments/server-integration/nodejs/
 * payment-gateway/build-integration/#verify-payment-signature and …/webhooks/validate-test/):
 * HMAC-SHA256, lowercase hex. Checkout signs `order_id|payment_id` with the key secret;
 * webhooks sign the raw request body with the webhook secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `message` with `secret`, as lowercase hex. */
export function hmacSha256Hex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The payload Razorpay Checkout signs for an order payment. */
export function paymentSignaturePayload(orderId: string, paymentId: string): string {
  return `${orderId}|${paymentId}`;
}

/** Compares a received signature with the expected one in constant time. */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
