/**
 * Payment results: Checkout's callback (and the spec §7 verification route), webhooks, and
 * completing an order exactly once however many deliveries arrive and in whatever order.
 *
 * Rules:
 * - A valid signature is proof of payment, so a valid payment is always honoured, even for
 *   an order already marked expired or failed (a late callback, a payment after a Fail):
 *   the money is taken, passes are issued and a warning is logged. In that rare case the
 *   ticket type may exceed its capacity; refusing would keep money without a pass.
 * - A failure result, or a callback whose signature does not match, fails the order only
 *   while it is pending; a paid order is never un-paid.
 * - Every notification is written to `payment_events`; a webhook's event id is unique, so a
 *   replayed webhook is answered `duplicate` and changes nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { InvalidSignatureError } from '../../errors.js';
import type { Mailer } from '../mail/mailer.js';
import {
  findOrderByProviderOrderId,
  listOrderAttendees,
  type OrderRow,
  lockOrder,
  markOrderFailed,
  markOrderPaid,
} from '../orders/repository.js';
import { ORDER_STATUS } from '../orders/status.js';
import { sendPassEmails } from '../passes/emails.js';
import { issuePasses } from '../passes/service.js';
import type { PaymentProvider } from './provider.js';
import { insertPaymentEvent, PAYMENT_EVENT_SOURCE } from './repository.js';
import type { PaymentResult, WebhookBody } from './schemas.js';

export interface PaymentContext {
  db: Database;
  now(): Date;
  log: FastifyBaseLogger;
  mailer: Mailer;
  provider: PaymentProvider;
  publicUrl: string;
}

/** Where the browser goes after a callback: the order's reference, and whether this result paid it. */
export interface CallbackOutcome {
  paid: boolean;
  reference: string | null;
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Marks a locked order paid and issues one pass per attendee, unless it is already paid.
 * Returns true only for the delivery that paid the order: that one, and only that one,
 * sends the confirmation email after commit.
 *
 * Every payment transaction locks the order row (`lockOrder`) before it writes anything:
 * of two concurrent deliveries (callback and webhook, or a replay) the second waits, then
 * reads the order as paid. Locking first also matters for deadlocks: inserting the
 * `payment_events` row first would take a KEY SHARE lock on the order (foreign key), and
 * two transactions both holding one and both asking FOR UPDATE would wait on each other.
 */
async function applyPayment(
  tx: Executor,
  ctx: PaymentContext,
  order: OrderRow,
  paymentId: string,
  now: Date,
) {
  if (order.status === ORDER_STATUS.paid) {
    if (order.providerPaymentId !== paymentId) {
      ctx.log.error(
        { reference: order.reference, paymentId, firstPaymentId: order.providerPaymentId },
        'a second payment arrived for a paid order; refund it',
      );
    }
    return false;
  }
  if (order.status !== ORDER_STATUS.pending || order.expiresAt.getTime() <= now.getTime()) {
    ctx.log.warn(
      { reference: order.reference, status: order.status, expiresAt: order.expiresAt },
      'honouring a valid payment after the reservation ended; the ticket type may exceed its capacity',
    );
  }
  await markOrderPaid(tx, order.id, paymentId, now);
  const attendees = await listOrderAttendees(tx, order.id);
  await issuePasses(
    tx,
    order.id,
    attendees.map((attendee) => attendee.registrationId),
    now,
  );
  return true;
}

/** Locks an order known to exist (see applyPayment for why every payment transaction starts here). */
async function lockKnownOrder(tx: Executor, orderId: string): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new Error(`order ${orderId} vanished`);
  return order;
}

/**
 * Handles the result Checkout posts to `callback_url` (or sends to the verification route):
 * a payment whose signature is checked against the stored order, or a failure.
 * Never throws for a bad result: the browser is redirected to the failure page instead.
 * Failure results carry no signature (Razorpay signs only successes), so whoever knows a
 * provider order id can fail that pending order: its seats return early, nothing more, and
 * a valid payment afterwards is still honoured.
 */
export async function receivePaymentResult(
  ctx: PaymentContext,
  result: PaymentResult,
  payload: Record<string, unknown>,
): Promise<CallbackOutcome> {
  const order = result.orderId ? await findOrderByProviderOrderId(ctx.db, result.orderId) : undefined;
  if (!order) {
    ctx.log.warn({ providerOrderId: result.orderId }, 'payment result for an unknown order');
    return { paid: false, reference: null };
  }
  const now = ctx.now();

  if (result.kind === 'paid' && ctx.provider.verifyPaymentSignature(result)) {
    const issued = await ctx.db.transaction(async (tx) => {
      const locked = await lockKnownOrder(tx, order.id);
      await insertPaymentEvent(tx, {
        provider: ctx.provider.name,
        source: PAYMENT_EVENT_SOURCE.callback,
        orderId: order.id,
        payload,
        receivedAt: now,
      });
      return applyPayment(tx, ctx, locked, result.paymentId, now);
    });
    if (issued) await sendPassEmails(ctx, order.id);
    return { paid: true, reference: order.reference };
  }

  const reason = result.kind === 'paid' ? 'signature mismatch' : result.reason;
  if (result.kind === 'paid')
    ctx.log.warn({ reference: order.reference }, 'payment callback with an invalid signature');
  await ctx.db.transaction(async (tx) => {
    await lockKnownOrder(tx, order.id);
    await insertPaymentEvent(tx, {
      provider: ctx.provider.name,
      source: PAYMENT_EVENT_SOURCE.failure,
      orderId: order.id,
      payload: { ...payload, reason },
      receivedAt: now,
    });
    await markOrderFailed(tx, order.id, now);
  });
  return { paid: false, reference: order.reference };
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
 * `order.paid` complete the order. `payment.failed` is recorded but leaves the reservation
 * running: it reports one failed attempt, and Checkout lets the buyer retry on the same
 * order; an abandoned order's seats return when its reservation lapses (the browser's
 * failure redirect, by contrast, fails the order at once). Other events are recorded and
 * ignored.
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
  const payment = payload?.payment?.entity;
  const providerOrderId = payment?.order_id ?? payload?.order?.entity.id;
  const order = providerOrderId ? await findOrderByProviderOrderId(ctx.db, providerOrderId) : undefined;
  const now = ctx.now();

  const { outcome, issued } = await ctx.db.transaction(async (tx) => {
    const locked = order ? await lockKnownOrder(tx, order.id) : undefined;
    const fresh = await insertPaymentEvent(tx, {
      provider: ctx.provider.name,
      source: PAYMENT_EVENT_SOURCE.webhook,
      providerEventId: delivery.eventId ?? null,
      orderId: order?.id ?? null,
      payload: JSON.parse(delivery.rawBody.toString('utf8')) as unknown,
      receivedAt: now,
    });
    if (!fresh) return { outcome: 'duplicate' as const, issued: false };
    if (!locked) return { outcome: 'ignored' as const, issued: false };
    if ((event === 'payment.captured' || event === 'order.paid') && payment) {
      return { outcome: 'processed' as const, issued: await applyPayment(tx, ctx, locked, payment.id, now) };
    }
    if (event === 'payment.failed') {
      ctx.log.info({ reference: locked.reference, paymentId: payment?.id }, 'payment attempt failed');
      return { outcome: 'processed' as const, issued: false };
    }
    return { outcome: 'ignored' as const, issued: false };
  });
  if (issued && order) await sendPassEmails(ctx, order.id);
  return outcome;
}
