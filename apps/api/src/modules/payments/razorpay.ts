/**
 * Razorpay through its official Node SDK. Orders: `orders.create` (https://razorpay.com/docs/
 * api/orders/create). Signatures are checked here, in constant time, with the same payloads
 * as the SDK's `validatePaymentVerification` / `validateWebhookSignature` (tests compare).
 */
import type { FastifyBaseLogger } from 'fastify';
import Razorpay from 'razorpay';
import { z } from 'zod';
import { PaymentProviderError } from '../../errors.js';
import type { CreateOrderInput, PaymentProvider, PaymentSignatureInput, ProviderOrder } from './provider.js';
import { hmacSha256Hex, paymentSignaturePayload, signaturesMatch } from './signature.js';

/** Longest wait for Razorpay's Orders API before checkout gives up (the SDK sets none). */
const REQUEST_TIMEOUT_MS = 15_000;

const OrderResponseSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
});

/**
 * The SDK's HTTP client (an axios instance at `api.rq`). SDK 2.9 fixes the base URL to
 * https://api.razorpay.com and sets no timeout, and offers no option for either; the
 * resources share this one client, so adjusting its defaults reaches every call.
 */
interface SdkHttpClient {
  rq: { defaults: { baseURL?: string; timeout?: number } };
}

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  /** Razorpay API origin; only tests point it elsewhere (a local fake of the Orders API). */
  apiUrl: string | undefined;
  /** Where Checkout posts the payment result (`callback_url`). */
  callbackUrl: string;
  log?: FastifyBaseLogger;
}

export class RazorpayPaymentProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  readonly #client: Razorpay;
  readonly #options: RazorpayOptions;

  constructor(options: RazorpayOptions) {
    this.#options = options;
    this.#client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
    const http = (this.#client.api as unknown as SdkHttpClient).rq.defaults;
    http.timeout = REQUEST_TIMEOUT_MS;
    if (options.apiUrl) http.baseURL = options.apiUrl.replace(/\/$/, '');
  }

  async createOrder({ amount, currency, receipt, notes }: CreateOrderInput): Promise<ProviderOrder> {
    let answer: unknown;
    try {
      answer = await this.#client.orders.create({ amount, currency, receipt, notes });
    } catch (error) {
      // The SDK rejects with `{statusCode, error: {code, description}}`, or an Error on network failure.
      this.#options.log?.error({ err: error, receipt }, 'Razorpay order creation failed');
      throw new PaymentProviderError('The payment gateway is not available. Please try again.');
    }
    const order = OrderResponseSchema.safeParse(answer);
    if (!order.success || order.data.amount !== amount || order.data.currency !== currency) {
      this.#options.log?.error({ answer, receipt }, 'Razorpay answered an unexpected order');
      throw new PaymentProviderError('The payment gateway answered unexpectedly. Please try again.');
    }
    return order.data;
  }

  verifyPaymentSignature({ orderId, paymentId, signature }: PaymentSignatureInput): boolean {
    const expected = hmacSha256Hex(this.#options.keySecret, paymentSignaturePayload(orderId, paymentId));
    return signaturesMatch(expected, signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    if (!this.#options.webhookSecret) return false;
    return signaturesMatch(hmacSha256Hex(this.#options.webhookSecret, rawBody), signature);
  }

  checkoutFor() {
    return {
      provider: 'razorpay' as const,
      keyId: this.#options.keyId,
      callbackUrl: this.#options.callbackUrl,
    };
  }
}
