/**
 * Payment results and refunds: Checkout's callback (and the spec's `paymentVerification` route),
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
 * - Refunds are written with their job in the transaction that decides them; the job sends
 *   each to the provider once, keyed by the refund's id (`X-Refund-Idempotency`), and the
 *   `refund.processed` / `refund.failed` webhooks settle it.
 * - Every verified notification is written to `payment_events`; a webhook's event id is
 *   unique, so a replayed webhook is answered `duplicate` and changes nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_TIME_ZONE, type RefundReportRow } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { InvalidSignatureError, ValidationError } from '../../errors.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import {
  cancelForFullRefund,
  getOrder,
  getOrderDetails,
  isPaidOffline,
  lockPaidOrderForRefund,
  lockOrderForPayment,
  lockOrderForPaymentByReference,
  recordOrderRefunded,
  settleOfflinePayment,
  settlePayment,
  type LockedOrder,
  type OrderHooks,
  type OrderRow,
  type Settlement,
} from '../orders/service.js';
import { paysOrder } from './payment-match.js';
import type { PaymentProvider, ProviderRefund } from '../payment-providers/provider.js';
import {
  findRefund,
  hasOpenRefunds,
  insertOrganizerRefund,
  insertPaymentEvent,
  insertRefund,
  lockRefund,
  PAYMENT_EVENT_SOURCE,
  sumRefundsOfOrder,
  sumRefunds,
  updateRefund,
  type RefundRow,
  refundsByDay,
} from './repository.js';
import { REFUND_REASON, REFUND_STATUS, type RefundReason } from './refund-status.js';
import { issueCreditNote } from '../invoices/service.js';
import { getEditionSettings, type EditionSettings } from '../settings/service.js';
import { formatRupees, type OfflinePaymentRequest, type OrganizerRefundRequest } from '@festival/shared';
import type { PaymentResult, WebhookBody } from './schemas.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Sends a requested refund to the provider (payments/jobs.ts). */
    refund: { refundId: string };
    /** Tells the buyer their payment is being refunded (payments/jobs.ts). */
    'refund-email': { refundId: string };
  }
}

export interface PaymentContext {
  db: Database;
  now(): Date;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  provider: PaymentProvider;
  /** What follows a paid or refunded order (`app.orderHooks`). */
  orderHooks: OrderHooks;
}

/** Where the browser goes after a callback: the order's reference, and whether the order is paid. */
export interface CallbackOutcome {
  paid: boolean;
  reference: string | null;
}

/**
 * `rejected`: a signed payment that does not pay its order (another amount or currency); it is
 * recorded and answered 200 all the same, since Razorpay retries any other answer for a day
 * and then disables the webhook.
 */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'rejected';

/**
 * Writes a refund of a settled payment and queues the job that sends it, in the caller's
 * transaction. A payment is refunded automatically at most once (unique payment index).
 */
async function requestRefund(
  tx: Executor,
  ctx: PaymentContext,
  order: OrderRow,
  paymentId: string,
  refund: { amount: number; reason: RefundReason },
  now: Date,
) {
  const row = await insertRefund(tx, {
    orderId: order.id,
    provider: ctx.provider.name,
    providerPaymentId: paymentId,
    amount: refund.amount,
    reason: refund.reason,
    status: REFUND_STATUS.requested,
    createdAt: now,
  });
  if (row) await ctx.jobs.enqueue(tx, 'refund', { refundId: row.id });
}

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
      return { paid: false, reference: null };
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
    return { paid: order.status === 'paid', reference: order.reference };
  }

  // Verified: the order is found by the locks themselves, with no read before the transaction.
  const now = ctx.now();
  const settingsOf = await getEditionSettings(ctx.db);
  return ctx.db.transaction(async (tx): Promise<CallbackOutcome> => {
    const locked = await lockOrderForPayment(tx, { providerOrderId: result.orderId });
    if (!locked) {
      ctx.log.warn({ providerOrderId: result.orderId }, 'payment result for an unknown order');
      return { paid: false, reference: null };
    }
    await insertPaymentEvent(tx, {
      provider: ctx.provider.name,
      source: PAYMENT_EVENT_SOURCE.callback,
      orderId: locked.id,
      payload,
      receivedAt: now,
    });
    const settlement = await settle(tx, ctx, settingsOf, locked, result.paymentId, now);
    return { paid: settlement.kind === 'paid' || locked.status === 'paid', reference: locked.reference };
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

/**
 * Moves a locked refund to what the provider says. A refund only moves forward: `processed`
 * and `failed` are final. Processing a late payment's refund marks its order `refunded`.
 * A failed refund is logged as an error: an organizer must return the money by hand.
 */
async function applyRefundState(
  tx: Executor,
  ctx: Pick<PaymentContext, 'log'>,
  refund: RefundRow,
  answer: ProviderRefund,
  now: Date,
) {
  if (refund.status === REFUND_STATUS.processed || refund.status === REFUND_STATUS.failed) return;
  await updateRefund(tx, refund.id, {
    status: answer.status,
    providerRefundId: answer.id,
    ...(answer.status === REFUND_STATUS.processed ? { processedAt: now } : {}),
    ...(answer.status === REFUND_STATUS.failed
      ? { failureReason: 'the provider reported the refund failed' }
      : {}),
  });
  // A refund_due order is refunded once none of its refunds is still on its way.
  if (answer.status === REFUND_STATUS.processed && !(await hasOpenRefunds(tx, refund.orderId))) {
    await recordOrderRefunded(tx, refund.orderId, now);
  }
  if (answer.status === REFUND_STATUS.failed) {
    ctx.log.error(
      { refundId: refund.id, providerRefundId: answer.id },
      'refund failed: return the money by hand',
    );
  }
}

/**
 * The `refund` job: sends a requested refund to the provider with the refund's id as the
 * idempotency key, records the provider's answer and queues the buyer's email, in one
 * transaction. Safe to run again: a refund that left `requested` is not sent twice, and if
 * the process dies after the provider's answer the retry gets the same refund back.
 * @throws PaymentProviderError the provider did not accept it (the job retries)
 */
export async function sendRefund(ctx: PaymentContext, refundId: string): Promise<void> {
  const refund = await findRefund(ctx.db, refundId);
  if (!refund || refund.status !== REFUND_STATUS.requested) return;
  const order = await getOrder(ctx.db, refund.orderId);
  const answer = await ctx.provider.refund({
    paymentId: refund.providerPaymentId,
    amount: refund.amount,
    idempotencyKey: refund.id,
    notes: { refund_id: refund.id, reference: order?.reference ?? '' },
  });
  await ctx.db.transaction(async (tx) => {
    const locked = await lockRefund(tx, { id: refund.id });
    if (!locked) return;
    await updateRefund(tx, refund.id, { sentAt: ctx.now() });
    // A webhook may have settled the refund while the request was in flight; it wins.
    if (locked.status === REFUND_STATUS.requested) await applyRefundState(tx, ctx, locked, answer, ctx.now());
    else if (!locked.providerRefundId) await updateRefund(tx, refund.id, { providerRefundId: answer.id });
    await ctx.jobs.enqueue(tx, 'refund-email', { refundId: refund.id });
  });
}

/** A refund with what its email needs, or undefined when the buyer was told already. */
export async function refundToNotify(db: Executor, refundId: string) {
  const refund = await findRefund(db, refundId);
  if (!refund || refund.buyerNotifiedAt || !refund.providerRefundId) return undefined;
  const details = await getOrderDetails(db, { id: refund.orderId });
  return details ? { refund, ...details } : undefined;
}

/** The id of the order a refund belongs to, or undefined for no such refund. */
export async function orderIdOfRefund(db: Executor, refundId: string): Promise<string | undefined> {
  return (await findRefund(db, refundId))?.orderId;
}

/** Records that the buyer's refund email was handed to the mail server. */
export async function markRefundNotified(db: Executor, refundId: string, now: Date) {
  await updateRefund(db, refundId, { buyerNotifiedAt: now });
}

/**
 * An organizer refunds a paid order in full or in part, with a reason.
 * Under the order's lock: the amount must be at least ₹1 and at most what has not been
 * refunded yet, so parallel requests can never return more than was paid. The refund row
 * and its job are written in one transaction, as for automatic refunds; the job sends it to
 * the provider with the refund's id as idempotency key. Refunding what is left in full
 * revokes the order's passes and makes it `refund_due` (then `refunded`). An order paid by
 * bank transfer is refunded by bank transfer: the organizer gives its `bankReference`, and the
 * refund is recorded as processed (a full one makes the order `refunded` at once). Each refund
 * issues a credit note of the order's invoice. The audit row is written in the
 * same transaction.
 * @throws NotFoundError unknown reference (404)
 * @throws OrderStateError the order is not paid (409)
 * @throws ValidationError the amount is more than what is left to refund, or a bank reference
 *   is missing for a bank-transfer order or given for a provider's (400)
 */
export async function requestOrganizerRefund(
  ctx: PaymentContext,
  reference: string,
  request: OrganizerRefundRequest,
  actor: Actor,
): Promise<RefundRow> {
  const now = ctx.now();
  const byBank = request.bankReference !== undefined;
  return ctx.db.transaction(async (tx) => {
    const order = await lockPaidOrderForRefund(tx, reference, { offline: byBank });
    if (byBank && !isPaidOffline(order)) {
      const message =
        'This order was paid through the payment provider: refund it there, without a bank reference';
      throw new ValidationError(message, { bankReference: message });
    }
    const left = order.amount - (await sumRefundsOfOrder(tx, order.id));
    if (request.amount > left) {
      const message = `At most ${formatRupees(left)} of this order can still be refunded`;
      throw new ValidationError(message, { amount: message });
    }
    // A bank transfer the organizer made is recorded as processed; otherwise the job sends the
    // refund to the provider.
    const refund = await insertOrganizerRefund(tx, {
      orderId: order.id,
      provider: byBank ? OFFLINE_PROVIDER : order.provider,
      providerPaymentId: order.providerPaymentId ?? '',
      amount: request.amount,
      reason: REFUND_REASON.organizer,
      comment: byBank ? `${request.reason} (bank transfer ${request.bankReference})` : request.reason,
      requestedBy: actor.organizerId,
      status: byBank ? REFUND_STATUS.processed : REFUND_STATUS.requested,
      createdAt: now,
      ...(byBank ? { sentAt: now, processedAt: now } : {}),
    });
    if (!byBank) await ctx.jobs.enqueue(tx, 'refund', { refundId: refund.id });
    // The refund's credit note (CGST Rules rule 53) is issued in the same transaction.
    const creditNote = await issueCreditNote(tx, order.id, refund, now);
    const full = request.amount === left;
    if (full) await cancelForFullRefund(tx, ctx.orderHooks, order.id, now);
    if (full && byBank) await recordOrderRefunded(tx, order.id, now);
    await recordAudit(tx, actor, {
      at: now,
      action: 'order.refund',
      entityType: 'order',
      entityId: order.reference,
      before: { status: order.status, refundable: left },
      after: {
        status: full ? (byBank ? 'refunded' : 'refund_due') : order.status,
        refundable: left - request.amount,
        refund: {
          id: refund.id,
          amount: refund.amount,
          reason: request.reason,
          bankReference: request.bankReference ?? null,
        },
        creditNote: creditNote?.number ?? null,
      },
    });
    return refund;
  });
}

/**
 * Refunds part of a paid order that the caller has locked, in its transaction (an attendee
 * cancelled from the order: modules/order-changes): at most `amount` paise, capped at what has
 * not been refunded yet. As for `requestOrganizerRefund`, the refund row and its job are
 * written here; an order paid by bank transfer is refunded by bank transfer, recorded as
 * processed with the organizer's `bankReference`. Undefined when nothing is left to refund (or
 * `amount` is 0: a free order). The caller issues the credit note and writes the audit row.
 * @throws ValidationError a bank reference is missing for a bank-transfer order or given for a
 *   provider's (400)
 */
export async function refundPartOfLockedOrder(
  tx: Executor,
  ctx: Pick<PaymentContext, 'jobs'>,
  order: OrderRow,
  request: { amount: number; comment: string; bankReference?: string | undefined; requestedBy: string },
  now: Date,
): Promise<RefundRow | undefined> {
  const byBank = request.bankReference !== undefined;
  const offline = isPaidOffline(order);
  const amount = Math.min(request.amount, order.amount - (await sumRefundsOfOrder(tx, order.id)));
  if (amount <= 0) return undefined;
  if (byBank !== offline) {
    const message = offline
      ? 'This order was paid by bank transfer: return the money by bank transfer and enter its bank reference'
      : 'This order was paid through the payment provider, which returns the money: leave the bank reference out';
    throw new ValidationError(message, { bankReference: message });
  }
  const refund = await insertOrganizerRefund(tx, {
    orderId: order.id,
    provider: byBank ? OFFLINE_PROVIDER : order.provider,
    providerPaymentId: order.providerPaymentId ?? '',
    amount,
    reason: REFUND_REASON.organizer,
    comment: byBank ? `${request.comment} (bank transfer ${request.bankReference})` : request.comment,
    requestedBy: request.requestedBy,
    status: byBank ? REFUND_STATUS.processed : REFUND_STATUS.requested,
    createdAt: now,
    ...(byBank ? { sentAt: now, processedAt: now } : {}),
  });
  if (!byBank) await ctx.jobs.enqueue(tx, 'refund', { refundId: refund.id });
  return refund;
}

/**
 * Records money a buyer paid on top of a paid order by bank transfer (an upgraded ticket's
 * difference: modules/order-changes), in the caller's transaction: a payment event of the
 * order, as `recordOfflinePayment` stores a transfer, so the order's timeline shows the UTR.
 * The caller raises the order's total and issues the debit note.
 */
export async function recordTopUp(
  tx: Executor,
  order: Pick<OrderRow, 'id'>,
  transfer: { amount: number; bankReference: string; note: string; recordedBy: string },
  now: Date,
): Promise<void> {
  await insertPaymentEvent(tx, {
    provider: OFFLINE_PROVIDER,
    source: PAYMENT_EVENT_SOURCE.offline,
    orderId: order.id,
    payload: {
      method: 'bank_transfer',
      amount: transfer.amount,
      reference: transfer.bankReference,
      note: transfer.note,
      recordedBy: transfer.recordedBy,
    },
    receivedAt: now,
  });
}

/** Paise of a paid order not refunded yet (failed refunds do not count as refunded). */
export async function refundableOfOrder(
  db: Executor,
  order: Pick<OrderRow, 'id' | 'amount'>,
): Promise<number> {
  return Math.max(0, order.amount - (await sumRefundsOfOrder(db, order.id)));
}

/** `payment_events.provider` of the bank transfers organizers record. */
export const OFFLINE_PROVIDER = 'offline';

/**
 * An organizer records a bank transfer for an unpaid order: under the
 * order's lock, the order is paid exactly as a provider's payment pays it — same capacity
 * rules, passes issued, confirmation emails queued (orders `settleOfflinePayment`) — and the
 * transfer is stored as a payment event (its UTR, the note and who recorded it), so it shows
 * in the order's timeline. Audited in the same transaction.
 * @throws NotFoundError unknown reference (404)
 * @throws ValidationError the amount is not the order's total (400)
 * @throws OrderStateError the order is paid, being refunded or cancelled (409)
 * @throws SoldOutError / PassAlreadyIssuedError the order can no longer be honoured (409)
 */
export async function recordOfflinePayment(
  ctx: PaymentContext,
  reference: string,
  request: OfflinePaymentRequest,
  actor: Actor,
): Promise<void> {
  const now = ctx.now();
  const settingsOf = await getEditionSettings(ctx.db);
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrderForPaymentByReference(tx, reference);
    await settleOfflinePayment(
      tx,
      { log: ctx.log, hooks: ctx.orderHooks, settings: settingsOf(order.eventId) },
      order,
      { amount: request.amount, bankReference: request.reference },
      now,
    );
    await insertPaymentEvent(tx, {
      provider: OFFLINE_PROVIDER,
      source: PAYMENT_EVENT_SOURCE.offline,
      orderId: order.id,
      payload: {
        method: 'bank_transfer',
        amount: request.amount,
        reference: request.reference,
        note: request.note,
        recordedBy: actor.email,
      },
      receivedAt: now,
    });
    await recordAudit(tx, actor, {
      at: now,
      action: 'order.offline_payment',
      entityType: 'order',
      entityId: order.reference,
      before: { status: order.status },
      after: { status: 'paid', amount: request.amount, bankReference: request.reference, note: request.note },
    });
  });
}

/**
 * Paise of an event's refunds, for the organizer dashboard: `processed` (returned to buyers),
 * `inFlight` (requested or accepted by the provider, not yet processed; failed refunds are in
 * neither: that money is still held and must be returned by hand) and `duplicatePayments`
 * (second payments of an already settled order: captured money that is no order's amount).
 */
export async function refundTotals(
  db: Executor,
  eventId: number,
): Promise<{ processed: number; inFlight: number; duplicatePayments: number }> {
  return sumRefunds(db, eventId);
}

/**
 * The refund report of edition `eventId`: refunds by the day asked for (EVENT_TIME_ZONE) and
 * their status now, counted and summed in paise.
 */
export async function refundReport(db: Executor, eventId: number): Promise<RefundReportRow[]> {
  const rows = await refundsByDay(db, eventId, EVENT_TIME_ZONE);
  return rows.map((row) => ({
    day: row.day,
    status: row.status,
    refunds: row.refunds,
    amount: Number(row.amount),
  }));
}
