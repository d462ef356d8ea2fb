/**
 * Razorpay through its official Node SDK. Orders: `orders.create` (https://razorpay.com/docs/
 * api/orders/create); refunds: POST /v1/payments/:id/refund. Signatures are checked here, in constant time, with the same payloads
 * as the SDK's `validatePaymentVerification` / `validateWebhookSignature` (tests compare).
 */
import type { FastifyBaseLogger } from 'fastify';
import Razorpay from 'razorpay';
import { z } from 'zod';
import { PaymentProviderError } from '../../errors.js';
import type {
  CreateOrderInput,
  PaymentProvider,
  PaymentSignatureInput,
  ProviderOrder,
  ProviderRefund,
  RefundInput,
} from './provider.js';
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
  rq: {
    defaults: { baseURL?: string; timeout?: number };
    post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>;
  };
}

const RefundResponseSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'processed', 'failed']),
});

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
  readonly #http: SdkHttpClient['rq'];
  readonly #options: RazorpayOptions;

  constructor(options: RazorpayOptions) {
    this.#options = options;
    this.#client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
    this.#http = (this.#client.api as unknown as SdkHttpClient).rq;
    this.#http.defaults.timeout = REQUEST_TIMEOUT_MS;
    if (options.apiUrl) this.#http.defaults.baseURL = options.apiUrl.replace(/\/$/, '');
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

  /**
   * GET /v1/orders?count=1 (https://razorpay.com/docs/api/orders/fetch-all/): reads, changes
   * nothing, and needs valid keys.
   */
  async checkKeys(): Promise<void> {
    try {
      await this.#client.orders.all({ count: 1 });
    } catch (error) {
      throw new PaymentProviderError(
        `Razorpay refused the keys or could not be reached: ${providerWords(error)}`,
      );
    }
  }

  /**
   * POST /v1/payments/:id/refund with `X-Refund-Idempotency` (https://razorpay.com/docs/api/
   * refunds/idempotency/). The SDK's `payments.refund` cannot send a header, so the request
   * goes through the SDK's own HTTP client (its auth, base URL and timeout).
   */
  async refund({ paymentId, amount, idempotencyKey, notes }: RefundInput): Promise<ProviderRefund> {
    let answer: unknown;
    try {
      const response = await this.#http.post(
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount, speed: 'normal', notes, receipt: idempotencyKey.slice(0, 40) },
        { headers: { 'X-Refund-Idempotency': idempotencyKey } },
      );
      answer = response.data;
    } catch (error) {
      this.#options.log?.error({ err: error, paymentId }, 'Razorpay refund failed');
      // Only a job sees this (and the console's failed jobs): the provider's words help there.
      throw new PaymentProviderError(
        `The payment gateway did not accept the refund: ${providerWords(error)}`,
      );
    }
    const refund = RefundResponseSchema.safeParse(answer);
    if (!refund.success) {
      this.#options.log?.error({ answer, paymentId }, 'Razorpay answered an unexpected refund');
      throw new PaymentProviderError('The payment gateway answered unexpectedly.');
    }
    return refund.data;
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

/**
 * What Razorpay said: its `error.description` and the HTTP status, from the SDK's answer
 * (`{statusCode, error}`) or its HTTP client's error (`response.data.error`), else the
 * network's message.
 */
function providerWords(error: unknown): string {
  const failure = error as {
    statusCode?: number;
    error?: { description?: unknown };
    response?: { status?: number; data?: { error?: { description?: unknown } } };
    message?: unknown;
  };
  const description = failure.error?.description ?? failure.response?.data?.error?.description;
  const status = failure.statusCode ?? failure.response?.status;
  if (typeof description === 'string') return status ? `${description} (HTTP ${status})` : description;
  if (status) return `HTTP ${status}`;
  return typeof failure.message === 'string' ? failure.message : 'no answer';
}
