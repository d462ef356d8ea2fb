/**
 * The payment provider behind checkout. Two implementations share Razorpay's contract
 * (https://razorpay.com/docs/api/orders/create, Checkout's `razorpay_*` callback fields and
 * its HMAC-SHA256 signatures), so the callback, verification and webhook code is one:
 * - `razorpay`: the real gateway through the official SDK (RAZORPAY_KEY_ID/SECRET set);
 * - `sandbox`: the default; orders are local and a server-rendered test page plays the part
 *   of Razorpay Checkout, signing with SANDBOX_PAYMENT_SECRET. No money moves.
 *
 * A module of its own, importing no other: checkout (orders) opens payments through it, and
 * payments, which settles orders, verifies and refunds through it (plugins/payment-provider.ts
 * makes the configured one `app.paymentProvider`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutResponse, PaymentProviderName } from '@festival/shared';
import type { Config } from '../../config.js';
import { RazorpayPaymentProvider } from './razorpay.js';
import { SandboxPaymentProvider } from './sandbox.js';

export interface CreateOrderInput {
  /** Integer paise. */
  amount: number;
  currency: 'INR';
  /** Our order reference; Razorpay keeps it as the order's `receipt` (max 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

export interface ProviderOrder {
  /** The provider's order id, e.g. `order_9A33XWu170gUtm`. */
  id: string;
  amount: number;
  currency: string;
}

export interface PaymentSignatureInput {
  orderId: string;
  paymentId: string;
  signature: string;
}

export interface RefundInput {
  /** The captured payment to refund, e.g. `pay_29QQoUBi66xm2f`. */
  paymentId: string;
  /** Integer paise. */
  amount: number;
  /**
   * Our refund's id. Razorpay's `X-Refund-Idempotency` header: a retried request with the
   * same key returns the first refund instead of refunding again.
   */
  idempotencyKey: string;
  notes: Record<string, string>;
}

export interface ProviderRefund {
  /** The provider's refund id, e.g. `rfnd_FP8QHiV938haTz`. */
  id: string;
  /** `pending` until the bank confirms (webhook `refund.processed`), or already `processed`. */
  status: 'pending' | 'processed' | 'failed';
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the provider's order. Throws PaymentProviderError when the provider fails. */
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  /** True when `signature` is HMAC-SHA256(`orderId|paymentId`, key secret) in hex. */
  verifyPaymentSignature(input: PaymentSignatureInput): boolean;
  /** True when `signature` (X-Razorpay-Signature) is HMAC-SHA256(raw body, webhook secret) in hex. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  /**
   * Refunds (part of) a captured payment (https://razorpay.com/docs/api/refunds/create-normal/).
   * Throws PaymentProviderError when the provider refuses or cannot be reached; the refund
   * job retries with the same idempotency key.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /**
   * Makes a harmless authenticated call (Razorpay: the latest order) to show the keys work.
   * Throws PaymentProviderError with the reason when they do not or the provider is unreachable.
   */
  checkKeys(): Promise<void>;
  /** How the browser collects the payment for a provider order (the checkout answer's `checkout`). */
  checkoutFor(providerOrderId: string): CheckoutResponse['checkout'];
}

/** The provider the configuration selects (`config.paymentProvider`). */
export function createPaymentProvider(config: Config, log: FastifyBaseLogger): PaymentProvider {
  if (config.paymentProvider === 'razorpay' && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    if (!config.RAZORPAY_WEBHOOK_SECRET) {
      log.warn('RAZORPAY_WEBHOOK_SECRET is not set: every webhook will be rejected as unsigned');
    }
    return new RazorpayPaymentProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
      callbackUrl: `${config.publicUrl}/api/auth/payment/callback`,
      log,
    });
  }
  return new SandboxPaymentProvider({ secret: config.SANDBOX_PAYMENT_SECRET });
}
