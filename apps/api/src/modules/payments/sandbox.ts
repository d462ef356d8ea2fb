/**
 * The sandbox payment provider: Razorpay's contract without Razorpay. Orders are created
 * locally; the test checkout page (sandbox-routes.ts) signs payments exactly as Razorpay
 * Checkout does, with SANDBOX_PAYMENT_SECRET as both key secret and webhook secret; refunds
 * are processed at once.
 */
import { PaymentProviderError } from '../../errors.js';
import { providerStyleId } from '../orders/codes.js';
import type {
  CreateOrderInput,
  PaymentProvider,
  PaymentSignatureInput,
  ProviderOrder,
  ProviderRefund,
  RefundInput,
} from './provider.js';
import { hmacSha256Hex, paymentSignaturePayload, signaturesMatch } from './signature.js';

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

  checkoutFor(providerOrderId: string) {
    return {
      provider: 'sandbox' as const,
      url: `/api/auth/payment/sandbox/${encodeURIComponent(providerOrderId)}`,
    };
  }
}
