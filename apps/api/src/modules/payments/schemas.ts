/**
 * What Razorpay (and the sandbox page) send back. Checkout's `callback_url` redirect posts,
 * as a form, either the success fields (`razorpay_order_id`, `razorpay_payment_id`,
 * `razorpay_signature`) or the failure fields `error[code]`, `error[description]`,
 * `error[source]`, `error[step]`, `error[reason]` and `error[metadata]` (a JSON string with
 * `order_id` and `payment_id`): https://razorpay.com/docs/payments/payment-gateway/web-integration/
 * standard/build-integration/#callback-url. Form keys arrive flat (`error[code]`); a JSON
 * body may nest them (`error.code`). Everything is optional here so that a malformed result
 * still lands on the failure page instead of an error.
 */
import { z } from 'zod';
import { PaymentCallbackSchema, safeString } from '@festival/shared';

const text = safeString().max(2000).optional();

const ErrorObjectSchema = z.object({
  code: text,
  description: text,
  source: text,
  step: text,
  reason: text,
  metadata: z.union([safeString().max(2000), z.record(z.string(), z.unknown())]).optional(),
});

export const PaymentCallbackBodySchema = z.object({
  razorpay_order_id: text,
  razorpay_payment_id: text,
  razorpay_signature: text,
  'error[code]': text,
  'error[description]': text,
  'error[source]': text,
  'error[step]': text,
  'error[reason]': text,
  'error[metadata]': text,
  error: ErrorObjectSchema.optional(),
});
export type PaymentCallbackBody = z.infer<typeof PaymentCallbackBodySchema>;

/**
 * Query of the spec's compatibility route `auth/payment/paymentVerification/{tabId}/{amount}`.
 * `registerData` (the attendee list the original front end sent) is accepted and
 * ignored: attendees and amount come from the stored order.
 */
export const PaymentVerificationQuerySchema = PaymentCallbackSchema.partial().extend({
  registerData: safeString().optional(),
});

export const PaymentVerificationParamsSchema = z.object({
  tabId: safeString().max(20),
  amount: safeString().max(40),
});

/** A Razorpay webhook (https://razorpay.com/docs/webhooks/payloads/payments/); only what we read. */
export const WebhookBodySchema = z.object({
  event: safeString(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({
            id: safeString(),
            order_id: safeString().nullish(),
            /** Integer paise for INR (the currency's subunit). */
            amount: z.number().optional(),
            currency: safeString().optional(),
            status: safeString().optional(),
          }),
        })
        .optional(),
      order: z.object({ entity: z.object({ id: safeString() }) }).optional(),
      /** refund.processed / refund.failed (https://razorpay.com/docs/webhooks/payloads/refunds/). */
      refund: z
        .object({
          entity: z.object({
            id: safeString(),
            payment_id: safeString().optional(),
            amount: z.number().optional(),
            status: safeString().optional(),
            notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
          }),
        })
        .optional(),
    })
    .optional(),
});
export type WebhookBody = z.infer<typeof WebhookBodySchema>;

export const WebhookHeadersSchema = z.object({
  'x-razorpay-signature': safeString().min(1).max(200),
  'x-razorpay-event-id': safeString().min(1).max(200).optional(),
});

export const WebhookResponseSchema = z.object({
  status: z.enum(['processed', 'duplicate', 'ignored', 'rejected']),
});

const MetadataSchema = z.object({ order_id: safeString().optional(), payment_id: safeString().optional() });

/** What a callback says: a signed payment to verify, or a failure. */
export type PaymentResult =
  | { kind: 'paid'; orderId: string; paymentId: string; signature: string }
  | { kind: 'failed'; orderId: string | undefined; paymentId: string | undefined; reason: string };

/** `error[metadata]`: a JSON string from a form, or an object in a JSON body. */
function readMetadata(metadata: unknown) {
  let value: unknown = metadata;
  if (typeof metadata === 'string') {
    try {
      value = JSON.parse(metadata);
    } catch {
      return {};
    }
  }
  const parsed = MetadataSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** Reads callback fields (form, JSON or query string) into a payment result. */
export function readPaymentResult(body: PaymentCallbackBody): PaymentResult {
  const error = {
    code: body['error[code]'] ?? body.error?.code,
    description: body['error[description]'] ?? body.error?.description,
    reason: body['error[reason]'] ?? body.error?.reason,
    metadata: readMetadata(body['error[metadata]'] ?? body.error?.metadata),
  };
  const success = PaymentCallbackSchema.safeParse(body);
  if (!error.code && success.success) {
    return {
      kind: 'paid',
      orderId: success.data.razorpay_order_id,
      paymentId: success.data.razorpay_payment_id,
      signature: success.data.razorpay_signature,
    };
  }
  return {
    kind: 'failed',
    orderId: body.razorpay_order_id ?? error.metadata.order_id,
    paymentId: body.razorpay_payment_id ?? error.metadata.payment_id,
    reason: error.description ?? error.reason ?? error.code ?? 'The payment result was incomplete',
  };
}
