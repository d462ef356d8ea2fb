/**
 * Payment results: Checkout's callback (and the spec's `paymentVerification` route),
 * webhooks, and settling an order exactly once however many deliveries arrive and in
 * whatever order.
 *
 * Rules:
 * - A webhook's payment settles its order only when its amount and currency are the order's
 *   stored ones: the signature proves Razorpay sent it, not that it pays this order.
 * - Only a verified payment (its signature checks) changes state. A failure result, a forged
 *   success or a bad signature redirects the browser to the failure page and changes nothing:
 *   Razorpay signs only successes, so acting on an unsigned failure would let anyone who knows
 *   a provider order id cancel someone's reservation. Unpaid reservations simply lapse. A
 *   failure result is recorded, for the buyer's pages to say "Payment failed" (nothing more).
 * - A verified payment is recorded, then settled by the orders module (`settlePayment`): paid,
 *   or, when the order can no longer be honoured, refunded automatically. A second payment
 *   of a settled order is refunded too. Money is never kept without a pass.
 * - Refunds are written with their job in the transaction that decides them (refunds.ts).
 * - Every verified notification is written to `payment_events`; a webhook's event id is
 *   unique, so a replayed webhook is answered `duplicate` and changes nothing.
 */
import type { Executor } from '../../db/client.js';
import { InvalidSignatureError } from '../../errors.js';
import {
  getOrderDetails,
  lockOrderForPayment,
  settlePayment,
  type LockedOrder,
  type Settlement,
} from '../orders/service.js';
import { paysOrder } from './payment-match.js';
import { insertPaymentEvent, lockRefund, PAYMENT_EVENT_SOURCE } from './repository.js';
import { REFUND_STATUS } from './refund-status.js';
import { getEditionSettings, type EditionSettings } from '../settings/service.js';
import type { PaymentResult, WebhookBody } from './schemas.js';
import { applyRefundState, requestRefund } from './refunds.js';
import type { PaymentContext } from './context.js';

/** Where the browser goes after a callback: the order's reference, and whether the order is paid. */
export interface CallbackOutcome {
  paid: boolean;
  reference: string | null;
  /** The order's language (its result page's), null for an unknown order. */
  locale: string | null;
}

/**
 * `rejected`: a signed payment that does not pay its order (another amount or currency); it is
 * recorded and answered 200 all the same, since Razorpay retries any other answer for a day
 * and then disables the webhook.
 */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'rejected';

/**
 * Settles a verified payment of a locked order and refunds it when it cannot be kept; an
 * invoice is issued under the settings of the order's edition (`settingsOf`, read before the
 * transaction).
 */
async function settle(
  tx: Executor,
  ctx: PaymentContext,
  settingsOf: EditionSettings,
  order: LockedOrder,
  paymentId: string,
  now: Date,
): Promise<Settlement> {
  const settlement = await settlePayment(
    tx,
    { log: ctx.log, hooks: ctx.orderHooks, settings: settingsOf(order.eventId) },
    order,
    paymentId,
    now,
  );
  if (settlement.kind === 'refund_due') {
    await requestRefund(tx, ctx, order, paymentId, settlement, now);
  }
  return settlement;
}

/** Orders a failure result is recorded for: unpaid ones, which then read "Payment failed" to their buyer. */
const REPORTABLE = new Set(['pending', 'expired']);

/**
 * Handles the result Checkout posts to `callback_url` (or sends to the verification route).
 * Never throws for a bad result: the browser is redirected to the failure page instead.
 * A failure result of an unpaid order is recorded (`payment_events`, source `failure`) and
 * changes nothing else: it is unsigned, so it only lets the order's pages say the payment
 * failed and offer Pay again (orders `visitorStatus`, `payAgain`).
 */
export async function receivePaymentResult(
  ctx: PaymentContext,
  result: PaymentResult,
  payload: Record<string, unknown>,
): Promise<CallbackOutcome> {
  if (result.kind !== 'paid' || !ctx.provider.verifyPaymentSignature(result)) {
    const found = result.orderId
      ? await getOrderDetails(ctx.db, { providerOrderId: result.orderId })
      : undefined;
    if (!found) {
      ctx.log.warn({ providerOrderId: result.orderId }, 'payment result for an unknown order');
      return { paid: false, reference: null, locale: null };
    }
    const { order } = found;
    ctx.log.warn(
      { reference: order.reference, reason: result.kind === 'paid' ? 'signature mismatch' : result.reason },
      'unverified payment result: the order is left as it is',
    );
    if (result.kind === 'failed' && REPORTABLE.has(order.status)) {
      await insertPaymentEvent(ctx.db, {
        provider: ctx.provider.name,
        source: PAYMENT_EVENT_SOURCE.failure,
        // One row per failed attempt however often its result is posted.
        providerEventId: result.paymentId ? `failure:${result.paymentId}` : null,
        orderId: order.id,
        payload,
        receivedAt: ctx.now(),
      });
    }
    return { paid: order.status === 'paid', reference: order.reference, locale: order.locale };
  }

  // Verified: the order is found by the locks themselves, with no read before the transaction.
  const now = ctx.now();
  const settingsOf = await getEditionSettings(ctx.db);
  return ctx.db.transaction(async (tx): Promise<CallbackOutcome> => {
    const locked = await lockOrderForPayment(tx, { providerOrderId: result.orderId });
    if (!locked) {
      ctx.log.warn({ providerOrderId: result.orderId }, 'payment result for an unknown order');
      return { paid: false, reference: null, locale: null };
    }
    await insertPaymentEvent(tx, {
      provider: ctx.provider.name,
      source: PAYMENT_EVENT_SOURCE.callback,
      orderId: locked.id,
      payload,
      receivedAt: now,
    });
    const settlement = await settle(tx, ctx, settingsOf, locked, result.paymentId, now);
    return {
      paid: settlement.kind === 'paid' || locked.status === 'paid',
      reference: locked.reference,
      locale: locked.locale,
    };
  });
}

export interface WebhookDelivery {
  /** The exact bytes received; the signature covers them, not a re-serialisation. */
  rawBody: Buffer;
  signature: string;
  /** `x-razorpay-event-id`: the same for every retry of one event. */
  eventId: string | undefined;
  body: WebhookBody;
}

/**
 * Handles a webhook (https://razorpay.com/docs/webhooks/). `payment.captured` and
 * `order.paid` settle the order when the payment's amount and currency are the order's
 * (`rejected` otherwise); `refund.processed` and `refund.failed` settle a refund.
 * `payment.failed` is recorded but leaves the reservation running: it reports one failed
 * attempt, and Checkout lets the buyer retry on the same order. Other events are recorded
 * and ignored.
 *
 * @throws InvalidSignatureError the signature does not cover the raw body (400)
 */
export async function receiveWebhook(
  ctx: PaymentContext,
  delivery: WebhookDelivery,
): Promise<WebhookOutcome> {
  if (!ctx.provider.verifyWebhookSignature(delivery.rawBody, delivery.signature)) {
    throw new InvalidSignatureError('Invalid webhook signature');
  }
  const { event, payload } = delivery.body;
  const record = (tx: Executor, orderId: string | null) =>
    insertPaymentEvent(tx, {
      provider: ctx.provider.name,
      source: PAYMENT_EVENT_SOURCE.webhook,
      providerEventId: delivery.eventId ?? null,
      orderId,
      payload: JSON.parse(delivery.rawBody.toString('utf8')) as unknown,
      receivedAt: ctx.now(),
    });

  const refund = payload?.refund?.entity;
  if (refund && (event === 'refund.processed' || event === 'refund.failed')) {
    return ctx.db.transaction(async (tx) => {
      const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {};
      const ourId = typeof notes.refund_id === 'string' ? notes.refund_id : undefined;
      const locked =
        (await lockRefund(tx, { providerRefundId: refund.id })) ??
        (ourId && /^[0-9a-f-]{36}$/i.test(ourId) ? await lockRefund(tx, { id: ourId }) : undefined);
      if (!(await record(tx, locked?.orderId ?? null))) return 'duplicate';
      if (!locked) return 'ignored';
      const status = event === 'refund.processed' ? REFUND_STATUS.processed : REFUND_STATUS.failed;
      await applyRefundState(tx, ctx, locked, { id: refund.id, status }, ctx.now());
      return 'processed';
    });
  }

  const payment = payload?.payment?.entity;
  const providerOrderId = payment?.order_id ?? payload?.order?.entity.id;
  const now = ctx.now();
  const settingsOf = await getEditionSettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const locked = providerOrderId ? await lockOrderForPayment(tx, { providerOrderId }) : undefined;
    if (!(await record(tx, locked?.id ?? null))) return 'duplicate';
    if (!locked) return 'ignored';
    if ((event === 'payment.captured' || event === 'order.paid') && payment) {
      if (!paysOrder(payment, locked)) {
        // Not refunded automatically either: refunds are paise of the order's amount, and a
        // payment the provider took for another amount or currency needs a person to look at it.
        ctx.log.error(
          {
            reference: locked.reference,
            paymentId: payment.id,
            amount: payment.amount ?? null,
            currency: payment.currency ?? null,
            orderAmount: locked.amount,
            orderCurrency: locked.currency,
          },
          'a captured payment does not match its order: not settled; check it in the provider dashboard',
        );
        return 'rejected';
      }
      await settle(tx, ctx, settingsOf, locked, payment.id, now);
      return 'processed';
    }
    if (event === 'payment.failed') {
      ctx.log.info({ reference: locked.reference, paymentId: payment?.id }, 'payment attempt failed');
      return 'processed';
    }
    return 'ignored';
  });
}
