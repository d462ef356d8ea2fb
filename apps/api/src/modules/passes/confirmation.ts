/**
 * The confirmation with passes a paid order sends (emails.ts renders it; the `pass-email` job,
 * jobs.ts, sends it after commit): one message per distinct address among the order's
 * attendees, the buyer's with every pass. Passes are issued, and these messages queued, in the
 * transaction that pays the order, by subscribing to it (`subscribeToOrders`); an organizer or
 * a registrant may queue the message again.
 */
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError, OrderStateError } from '../../errors.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import {
  getOrderBuyer,
  lockOrder,
  ORDER_STATUS,
  statusWords,
  type OrderHooks,
  type OrderRow,
} from '../orders/service.js';
import { confirmationRecipients, type PassEmailKind } from './emails.js';
import { issuePasses, revokePassesOfOrder } from './service.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** The order confirmation with passes for one recipient (passes/jobs.ts). */
    'pass-email': { orderId: string; recipient: string; kind?: PassEmailKind };
  }
}

/**
 * Subscribes passes to orders (orders/hooks.ts): a paid order's attendees get one pass each
 * and its confirmation emails are queued, in the paying transaction; an order whose money goes
 * back in full has its passes revoked (they stay stored, for the check-in revocation list).
 */
export function subscribeToOrders(hooks: OrderHooks, jobs: JobQueue): void {
  hooks.onOrderPaid(async (tx, { order, now }) => {
    await issuePasses(
      tx,
      order,
      order.attendees.map((attendee) => attendee.registrationId),
      now,
    );
    await queuePassEmails(
      tx,
      jobs,
      order.id,
      order.attendees.map((attendee) => attendee.email),
    );
  });
  hooks.onOrderRefundedInFull(async (tx, { orderId, now }) => {
    await revokePassesOfOrder(tx, orderId, now);
  });
}

/**
 * Queues the `pass-email` of `kind` for each distinct address among the order's attendees'
 * (`emails`, the buyer's first), in the caller's transaction: the buyer's email carries every
 * pass, each other address its own.
 */
export async function queuePassEmails(
  tx: Executor,
  jobs: JobQueue,
  orderId: string,
  emails: readonly string[],
  kind: PassEmailKind = 'confirmation',
): Promise<void> {
  for (const recipient of confirmationRecipients(emails.map((email) => ({ email })))) {
    await jobs.enqueue(
      tx,
      'pass-email',
      kind === 'confirmation' ? { orderId, recipient } : { orderId, recipient, kind },
    );
  }
}

/**
 * Queues the confirmation with passes of a paid order again (the `pass-email` job), to
 * `recipient` (default the buyer, who receives every pass), in the caller's transaction.
 * @throws OrderStateError the order is not paid: it has no valid passes to send (409)
 */
export async function queuePassEmail(
  tx: Executor,
  jobs: JobQueue,
  order: OrderRow,
  recipient?: string,
): Promise<string> {
  if (order.status !== ORDER_STATUS.paid) {
    throw new OrderStateError(
      `Only paid orders have passes to send; this order is ${statusWords(order.status)}`,
    );
  }
  const to = recipient ?? (await getOrderBuyer(tx, order.id))?.email;
  if (!to) throw new OrderStateError('This order has no attendee to send it to');
  await jobs.enqueue(tx, 'pass-email', { orderId: order.id, recipient: to });
  return to;
}

/**
 * An organizer resends a paid order's confirmation with every pass to its buyer, as a job; audited.
 * @throws NotFoundError unknown reference (404)
 * @throws OrderStateError the order is not paid (409)
 */
export async function resendConfirmation(
  db: Database,
  jobs: JobQueue,
  actor: Actor,
  reference: string,
  now: Date,
): Promise<{ recipient: string }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, reference);
    if (!order) throw new NotFoundError('Order not found');
    const recipient = await queuePassEmail(tx, jobs, order);
    await recordAudit(tx, actor, {
      at: now,
      action: 'order.confirmation_email',
      entityType: 'order',
      entityId: order.reference,
      before: { passEmailSentAt: order.passEmailSentAt?.toISOString() ?? null },
      after: { recipient },
    });
    return { recipient };
  });
}
