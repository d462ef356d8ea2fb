/**
 * The sandbox payment provider: Razorpay's contract without Razorpay. Orders are created
 * locally; the test checkout page (payments/sandbox-routes.ts) signs payments exactly as Razorpay
 * Checkout does, with SANDBOX_PAYMENT_SECRET as both key secret and webhook secret; refunds
 * are processed at once.
 */
import { PaymentProviderError } from '../../errors.js';
import { randomCode } from '../../lib/random-codes.js';
import type {
  CreateOrderInput,
  PaymentProvider,
  PaymentSignatureInput,
  ProviderOrder,
  ProviderRefund,
  RefundInput,
} from './provider.js';
import { hmacSha256Hex, paymentSignaturePayload, signaturesMatch } from './signature.js';

const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id in Razorpay's style: prefix, underscore, 14 base-62 symbols (e.g. `order_9A33XWu170gUtm`). */
export function providerStyleId(prefix: 'order' | 'pay'): string {
  return `${prefix}_${randomCode(14, BASE62_ALPHABET)}`;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly #secret: string;

  constructor(options: { secret: string }) {
    this.#secret = options.secret;
  }

  async createOrder({ amount, currency }: CreateOrderInput): Promise<ProviderOrder> {
    // Razorpay's minimum order amount is ₹1; keep the sandbox as strict as the real thing.
    if (!Number.isInteger(amount) || amount < 100)
      throw new PaymentProviderError('Order amount must be at least ₹1');
    return { id: providerStyleId('order'), amount, currency };
  }

  /** Signs a payment of an order the way Razorpay Checkout does; only the sandbox page calls it. */
  signPayment(orderId: string, paymentId: string): string {
    return hmacSha256Hex(this.#secret, paymentSignaturePayload(orderId, paymentId));
  }

  verifyPaymentSignature({ orderId, paymentId, signature }: PaymentSignatureInput): boolean {
    return signaturesMatch(this.signPayment(orderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    return signaturesMatch(hmacSha256Hex(this.#secret, rawBody), signature);
  }

  /**
   * Refunds at once (no money moved in). The refund id is derived from the idempotency key,
   * so a retried request names the same refund, as Razorpay's header promises.
   */
  async refund({ amount, idempotencyKey }: RefundInput): Promise<ProviderRefund> {
    if (!Number.isInteger(amount) || amount < 100)
      throw new PaymentProviderError('Refund amount must be at least ₹1');
    return {
      id: `rfnd_${hmacSha256Hex(this.#secret, `refund|${idempotencyKey}`).slice(0, 14)}`,
      status: 'processed',
    };
  }

  /** The sandbox has no keys to check: it takes no money. */
  async checkKeys(): Promise<void> {}

  checkoutFor(providerOrderId: string) {
    return {
      provider: 'sandbox' as const,
      url: `/api/auth/payment/sandbox/${encodeURIComponent(providerOrderId)}`,
    };
  }
}
