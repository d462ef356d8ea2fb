/**
 * Bank transfers organizers record: an unpaid order paid by transfer, and a paid order's top-up
 * (an upgraded ticket's difference). Each is a payment event of the order, so its timeline
 * shows the UTR.
 */
import type { Executor } from '../../db/client.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { lockOrderForPaymentByReference, settleOfflinePayment, type OrderRow } from '../orders/service.js';
import { insertPaymentEvent, PAYMENT_EVENT_SOURCE } from './repository.js';
import { getEditionSettings } from '../settings/service.js';
import { type OfflinePaymentRequest } from '@festival/shared';
import { OFFLINE_PROVIDER, type PaymentContext } from './context.js';

/**
 * Records money a buyer paid on top of a paid order by bank transfer (an upgraded ticket's
 * difference: modules/order-changes), in the caller's transaction: a payment event of the
 * order, as `recordOfflinePayment` stores a transfer, so the order's timeline shows the UTR.
 * The caller raises the order's total and issues the debit note.
 */
export async function recordTopUp(
  tx: Executor,
  order: Pick<OrderRow, 'id'>,
  transfer: BankTransfer,
  now: Date,
): Promise<void> {
  await recordTransfer(tx, order, transfer, now);
}

/** A bank transfer as organizers record it: amount in paise, the bank's UTR, their note and email. */
interface BankTransfer {
  amount: number;
  bankReference: string;
  note: string;
  recordedBy: string;
}

/** The transfer as a payment event of the order (its timeline shows the UTR). */
async function recordTransfer(
  tx: Executor,
  order: Pick<OrderRow, 'id'>,
  transfer: BankTransfer,
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
    await recordTransfer(
      tx,
      order,
      {
        amount: request.amount,
        bankReference: request.reference,
        note: request.note,
        recordedBy: actor.email,
      },
      now,
    );
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
