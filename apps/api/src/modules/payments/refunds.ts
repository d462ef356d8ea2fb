/**
 * Refunds: automatic ones of payments that cannot be kept, and organizers' full or partial ones.
 *
 * - A refund is written with its job in the transaction that decides it; the job sends it to
 *   the provider once, keyed by the refund's id (`X-Refund-Idempotency`), and the
 *   `refund.processed` / `refund.failed` webhooks (service.ts) settle it.
 * - An order paid by bank transfer is refunded by bank transfer, recorded as processed.
 * - Each organizer's refund issues a credit note of the order's invoice (CGST Rules rule 53).
 */
import { EVENT_TIME_ZONE, type RefundReportRow } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import {
  cancelForFullRefund,
  getOrder,
  getOrderDetails,
  isPaidOffline,
  lockPaidOrderForRefund,
  recordOrderRefunded,
  type OrderRow,
} from '../orders/service.js';
import type { ProviderRefund } from '../payment-providers/provider.js';
import {
  findRefund,
  hasOpenRefunds,
  insertOrganizerRefund,
  insertRefund,
  lockRefund,
  sumRefundsOfOrder,
  sumRefunds,
  updateRefund,
  type RefundRow,
  refundsByDay,
} from './repository.js';
import { REFUND_REASON, REFUND_STATUS, type RefundReason } from './refund-status.js';
import { issueCreditNote } from '../invoices/service.js';
import { formatRupees, type OrganizerRefundRequest } from '@festival/shared';
import { OFFLINE_PROVIDER, type PaymentContext } from './context.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Sends a requested refund to the provider (payments/jobs.ts). */
    refund: { refundId: string };
    /** Tells the buyer their payment is being refunded (payments/jobs.ts). */
    'refund-email': { refundId: string };
  }
}

/**
 * Writes a refund of a settled payment and queues the job that sends it, in the caller's
 * transaction. A payment is refunded automatically at most once (unique payment index).
 */
export async function requestRefund(
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
 * Moves a locked refund to what the provider says. A refund only moves forward: `processed`
 * and `failed` are final. Processing a late payment's refund marks its order `refunded`.
 * A failed refund is logged as an error: an organizer must return the money by hand.
 */
export async function applyRefundState(
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

/** Paise of a paid order not refunded yet (failed refunds do not count as refunded). */
export async function refundableOfOrder(
  db: Executor,
  order: Pick<OrderRow, 'id' | 'amount'>,
): Promise<number> {
  return Math.max(0, order.amount - (await sumRefundsOfOrder(db, order.id)));
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
