/**
 * What happens to an order after checkout: a verified payment settles it exactly once (paid,
 * or refunded when it can no longer be honoured), an organizer records a bank
 * transfer for it or cancels it unpaid, its money goes back, and lapsed reservations are
 * marked expired. What follows a paid or refunded order (passes, emails, the invoice) is not
 * called from here: it subscribes to orders/hooks.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { formatRupees } from '@festival/shared';
import type { JobQueue } from '../../plugins/jobs.js';
import type { Database, Executor } from '../../db/client.js';
import {
  NotFoundError,
  OrderStateError,
  PassAlreadyIssuedError,
  SoldOutError,
  ValidationError,
} from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { seatsForBuyer } from '../availability/service.js';
import type { TaxSettings } from '../settings/service.js';
import { lockTicketTypeForSale } from '../tickets/service.js';
import type { OrderAttendee, OrderHooks } from './hooks.js';
import {
  expireLapsedOrders,
  expirePendingOrdersOfAttendees,
  findPassHolders,
  lockAttendeesOfOrder,
  lockOrderByReference,
  lockOrderWithTicketName,
  markOrderCancelled,
  markOrderPaid,
  markOrderRefundDue,
  markOrderRefunded,
  markOrderRefundRequested,
  markPassEmailSent,
  type OrderKey,
  type OrderRow,
} from './repository.js';
import { effectiveStatus, ORDER_STATUS, statusWords } from './status.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Marks lapsed pending orders expired (orders/jobs.ts). */
    'expire-lapsed-orders': Record<string, never>;
    /** Tells the buyer an organizer cancelled their unpaid order (orders/jobs.ts). */
    'order-cancelled-email': { orderId: string };
  }
}

export type { OrderAttendee };

/** Orders the lapsed-order sweep marks per statement: a backlog goes in short transactions. */
const SWEEP_BATCH = 500;

/**
 * Marks every pending order whose reservation lapsed by `now` expired (the
 * `expire-lapsed-orders` job, orders/jobs.ts). Bookkeeping: a lapsed order holds no seat and
 * reads as expired before (`effectiveStatus`). Orders another transaction holds locked (a
 * payment settling) are left for the next sweep.
 * @returns how many were marked
 */
export async function sweepLapsedOrders(db: Database, now: Date): Promise<number> {
  let marked = 0;
  for (let batch = SWEEP_BATCH; batch === SWEEP_BATCH; marked += batch) {
    batch = await expireLapsedOrders(db, now, SWEEP_BATCH);
  }
  return marked;
}

/**
 * An order locked by `lockOrderForPayment`, with its ticket type's name, its edition's name
 * and invoice prefix (what its invoice names and the series it is numbered in) and its attendees in checkout order (read
 * under the locks, so settling needs no second read).
 */
export type LockedOrder = OrderRow & {
  ticketName: string;
  eventName: string;
  invoicePrefix: string;
  attendees: OrderAttendee[];
};

/**
 * Locks the order `key` names (its id, provider order id or reference) for settling a
 * payment: first its attendees' registrations (in id order, as checkout does), then the order
 * row. Every payment transaction starts here, so two deliveries for one order, or payments of
 * two orders sharing an attendee, decide one at a time, and the lock order (registrations →
 * order → ticket type, whose paid-seat counter paying updates) matches checkout's
 * (registrations → ticket type → orders), so they cannot deadlock. Locking before writing
 * also matters: inserting a `payment_events` row first would take a KEY SHARE lock on the
 * order (foreign key), and two transactions holding one and both asking FOR UPDATE would
 * wait on each other.
 * Undefined for an unknown order.
 */
export async function lockOrderForPayment(tx: Executor, key: OrderKey): Promise<LockedOrder | undefined> {
  const attendees = await lockAttendeesOfOrder(tx, key);
  const locked = await lockOrderWithTicketName(tx, key);
  return (
    locked && {
      ...locked.order,
      ticketName: locked.ticketName,
      eventName: locked.eventName,
      invoicePrefix: locked.invoicePrefix,
      attendees,
    }
  );
}

/**
 * What a verified payment did to its order:
 * - `paid`: this delivery paid the order; what follows a paid order ran (`payOrder`);
 * - `already_settled`: this payment was settled before (a replay, or callback and webhook);
 * - `refund_due`: the money cannot be kept — the caller refunds `amount` paise of the payment.
 *   `late_payment`: the order was no longer payable and no seat was free or an attendee holds
 *   a pass already (the order becomes `refund_due`); `duplicate_payment`: a second payment
 *   of an order settled with another one (the order is left as it is).
 */
export type Settlement =
  | { kind: 'paid'; late: boolean }
  | { kind: 'already_settled' }
  | { kind: 'refund_due'; reason: 'late_payment' | 'duplicate_payment'; amount: number };

export interface SettleContext {
  log: FastifyBaseLogger;
  /** What follows a paid order (passes, confirmation emails, the invoice) subscribes here. */
  hooks: OrderHooks;
  /** The settings an invoice is issued under, read before the transaction (`getSettings`). */
  settings: TaxSettings;
}

/**
 * Whether a payment of an order locked by `lockOrderForPayment` can be kept, under the locks
 * checkout takes: no attendee may already hold a pass for the event, and an order that is no
 * longer payable (its reservation lapsed, a newer checkout of an attendee replaced it, or it
 * failed) needs enough seats for a buyer on its ticket type (locked here; seats owed to the
 * waiting list are not, so a late payment cannot take them from the line). A cancelled order is never
 * honoured: an organizer decided it will not be paid. `payable` is a pending, unexpired order
 * whose seats are still reserved.
 */
async function canHonour(tx: Executor, order: OrderRow, attendeeIds: string[], now: Date) {
  const payable = order.status === ORDER_STATUS.pending && order.expiresAt.getTime() > now.getTime();
  const holders = await findPassHolders(tx, attendeeIds);
  let honoured = holders.length === 0 && order.status !== ORDER_STATUS.cancelled;
  if (honoured && !payable) {
    const ticketType = await lockTicketTypeForSale(tx, order.eventId, order.ticketTypeId);
    honoured =
      ticketType !== undefined &&
      (await seatsForBuyer(tx, ticketType, now, order.voucherId)) >= order.quantity;
  }
  return { payable, honoured, passHolders: holders.length };
}

/**
 * Pays an honoured order in the caller's transaction: releases the attendees' other pending
 * orders when it was paid late, marks it paid by `paymentId`, then runs what follows a paid
 * order (`hooks.orderPaid`: its passes, their confirmation emails, its tax invoice).
 */
export async function payOrder(
  tx: Executor,
  ctx: Pick<SettleContext, 'hooks' | 'settings'>,
  order: LockedOrder,
  paymentId: string,
  late: boolean,
  now: Date,
): Promise<void> {
  if (late) {
    const attendeeIds = order.attendees.map((attendee) => attendee.registrationId);
    await expirePendingOrdersOfAttendees(tx, attendeeIds, now, order.id);
  }
  // Marking it paid counts its seats on the ticket type's row (a trigger, decision 016), which
  // locks that row until commit; the subscribers run under that lock (orders/hooks.ts).
  await markOrderPaid(tx, order.id, paymentId, now);
  await ctx.hooks.orderPaid(tx, { order, settings: ctx.settings, now });
}

/**
 * Settles a verified payment (valid signature) of an order locked by `lockOrderForPayment`,
 * in the caller's transaction. A pending, unexpired order is paid. An order that
 * is no longer payable is honoured only if `canHonour` says so; then the attendees' other
 * pending orders are released. Otherwise the order becomes `refund_due`. What follows a paid
 * order runs in the same transaction (`payOrder`).
 */
export async function settlePayment(
  tx: Executor,
  ctx: SettleContext,
  order: LockedOrder,
  paymentId: string,
  now: Date,
): Promise<Settlement> {
  if (order.providerPaymentId !== null) {
    if (order.providerPaymentId === paymentId) return { kind: 'already_settled' };
    ctx.log.warn(
      { reference: order.reference, paymentId, firstPaymentId: order.providerPaymentId },
      'a second payment arrived for a settled order; refunding it',
    );
    return { kind: 'refund_due', reason: 'duplicate_payment', amount: order.amount };
  }

  const attendeeIds = order.attendees.map((attendee) => attendee.registrationId);
  const { payable, honoured, passHolders } = await canHonour(tx, order, attendeeIds, now);

  if (!honoured) {
    ctx.log.warn(
      { reference: order.reference, status: order.status, paymentId, passHolders },
      'a payment arrived for an order that can no longer be honoured; refunding it',
    );
    await markOrderRefundDue(tx, order.id, paymentId, now);
    return { kind: 'refund_due', reason: 'late_payment', amount: order.amount };
  }

  if (!payable) {
    ctx.log.warn(
      { reference: order.reference, status: order.status },
      'honouring a late payment: seats were free',
    );
  }
  await payOrder(tx, ctx, order, paymentId, !payable, now);
  return { kind: 'paid', late: !payable };
}

/**
 * `providerPaymentId` of an order paid by a bank transfer an organizer recorded: the prefix
 * and the bank's reference. Such a payment is not the provider's, so it cannot be refunded
 * through the provider.
 */
export const OFFLINE_PAYMENT_PREFIX = 'offline:';

/** True when the order's payment is a bank transfer an organizer recorded. */
export function isPaidOffline(order: Pick<OrderRow, 'providerPaymentId'>): boolean {
  return order.providerPaymentId?.startsWith(OFFLINE_PAYMENT_PREFIX) === true;
}

/**
 * An organizer's record of a bank transfer for an unpaid order locked by
 * `lockOrderForPayment`, in the caller's transaction: the order is paid exactly as a
 * provider's payment pays it (`payOrder`: passes, confirmation emails, invoice), under the same
 * capacity rules. The amount must be the order's total, in paise.
 * @throws OrderStateError the order is paid, being refunded or cancelled (409)
 * @throws ValidationError the amount is not the order's total (400)
 * @throws SoldOutError the reservation lapsed and its seats were sold meanwhile (409)
 * @throws PassAlreadyIssuedError an attendee holds a pass from another order (409)
 */
export async function settleOfflinePayment(
  tx: Executor,
  ctx: SettleContext,
  order: LockedOrder,
  payment: { amount: number; bankReference: string },
  now: Date,
): Promise<void> {
  const unpaid: string[] = [ORDER_STATUS.pending, ORDER_STATUS.expired, ORDER_STATUS.failed];
  if (!unpaid.includes(order.status) || order.providerPaymentId !== null) {
    throw new OrderStateError(
      `Only unpaid orders can be paid offline; this order is ${statusWords(effectiveStatus(order, now))}`,
    );
  }
  if (payment.amount !== order.amount) {
    const message = `The order total is ${formatRupees(order.amount)} (${order.amount} paise); record the full amount`;
    throw new ValidationError(message, { amount: message });
  }
  const { payable, honoured, passHolders } = await canHonour(
    tx,
    order,
    order.attendees.map((attendee) => attendee.registrationId),
    now,
  );
  if (passHolders > 0) {
    throw new PassAlreadyIssuedError(
      'An attendee of this order already holds a pass from another order; nothing was recorded',
    );
  }
  if (!honoured) {
    throw new SoldOutError(
      `This order's reservation ended and its ${order.quantity === 1 ? 'seat is' : 'seats are'} no longer free; nothing was recorded`,
    );
  }
  await payOrder(tx, ctx, order, `${OFFLINE_PAYMENT_PREFIX}${payment.bankReference}`, !payable, now);
}

/**
 * Locks the order behind a public reference for a payment (as `lockOrderForPayment`).
 * @throws NotFoundError unknown reference (404)
 */
export async function lockOrderForPaymentByReference(tx: Executor, reference: string): Promise<LockedOrder> {
  const order = await lockOrderForPayment(tx, { reference });
  if (!order) throw new NotFoundError('Order not found');
  return order;
}

/**
 * An organizer cancels an unpaid order (pending, expired or failed): a
 * pending order's seats return to sale at once, and a payment that still arrives for it is
 * refunded (`canHonour`). Audited with the reason; the buyer is emailed (`order-cancelled-email`,
 * queued in the same transaction).
 * @throws NotFoundError unknown reference (404)
 * @throws OrderStateError the order is paid, being refunded, refunded or cancelled (409)
 */
export async function cancelOrder(
  db: Database,
  jobs: JobQueue,
  actor: Actor,
  reference: string,
  reason: string | undefined,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrderForPaymentByReference(tx, reference);
    const unpaid: string[] = [ORDER_STATUS.pending, ORDER_STATUS.expired, ORDER_STATUS.failed];
    if (!unpaid.includes(order.status)) {
      throw new OrderStateError(
        `Only unpaid orders can be cancelled; this order is ${statusWords(order.status)}`,
      );
    }
    await markOrderCancelled(tx, order.id, now);
    await jobs.enqueue(tx, 'order-cancelled-email', { orderId: order.id });
    await recordAudit(tx, actor, {
      at: now,
      action: 'order.cancel',
      entityType: 'order',
      entityId: order.reference,
      before: { status: effectiveStatus(order, now), expiresAt: order.expiresAt.toISOString() },
      after: { status: ORDER_STATUS.cancelled, reason: reason ?? null },
    });
  });
}

/** Marks a `refund_due` order `refunded` once the provider has returned its money. */
export async function recordOrderRefunded(tx: Executor, orderId: string, now: Date): Promise<void> {
  await markOrderRefunded(tx, orderId, now);
}

/**
 * Locks a paid order for an organizer's refund, by public reference.
 * @throws NotFoundError unknown reference (404)
 * @throws OrderStateError the order is not paid (409): unpaid orders have nothing to refund,
 *   and refund_due / refunded ones are being refunded already; or it was paid offline and
 *   `offline` (a refund returned by bank transfer) is not set
 */
export async function lockPaidOrderForRefund(
  tx: Executor,
  reference: string,
  { offline = false }: { offline?: boolean } = {},
): Promise<OrderRow> {
  const order = await lockOrderByReference(tx, reference);
  if (!order) throw new NotFoundError('Order not found');
  if (order.status !== ORDER_STATUS.paid || !order.providerPaymentId) {
    throw new OrderStateError(`Only paid orders can be refunded; this order is ${statusWords(order.status)}`);
  }
  if (isPaidOffline(order) && !offline) {
    throw new OrderStateError(
      'This order was paid by bank transfer, so it cannot be refunded through the payment provider; return the money by bank transfer and record it with its bank reference',
    );
  }
  return order;
}

/**
 * An order whose money goes back in full: it waits for the refund (`refund_due`, then
 * `refunded` when the provider has processed every refund), and what follows runs in the
 * caller's transaction (`hooks.orderRefundedInFull`: its passes stop being valid).
 */
export async function cancelForFullRefund(
  tx: Executor,
  hooks: OrderHooks,
  orderId: string,
  now: Date,
): Promise<void> {
  await markOrderRefundRequested(tx, orderId, now);
  await hooks.orderRefundedInFull(tx, { orderId, now });
}

/** Reads an order by its public reference and locks it until the transaction ends; undefined when unknown. */
export async function lockOrder(tx: Executor, reference: string): Promise<OrderRow | undefined> {
  return lockOrderByReference(tx, reference);
}

/** Records that the buyer's confirmation email was handed to the mail server. */
export async function recordPassEmailSent(db: Executor, orderId: string, now: Date): Promise<void> {
  await markPassEmailSent(db, orderId, now);
}
