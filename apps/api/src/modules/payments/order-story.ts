/**
 * One order as the console shows it: its attendees and passes, its
 * refunds, what can still be refunded, and a timeline of everything that happened to it —
 * created, reservation end and extension, every verified payment notification, paid, pass
 * email sent, refunds, closed. Lives in the payments module because the payment events and
 * refunds are its tables; the order and its attendees come from the orders module's service.
 */
import {
  formatRupees,
  GuestListSchema,
  OrderSourceSchema,
  type AuditEntry,
  type OrderDetail,
  type Refund,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { listAudit } from '../audit/service.js';
import { orderGst } from '../invoices/service.js';
import { voucherCodes } from '../vouchers/service.js';
import {
  effectiveStatus,
  getOrderBuyer,
  getOrderDetails,
  linesOfOrders,
  isPaidOffline,
  type OrderRow,
  ticketsOfLines,
} from '../orders/service.js';
import { orderAttendeesWithPasses } from '../passes/service.js';
import {
  listPaymentEventsOfOrder,
  listRefundsOfOrder,
  PAYMENT_EVENT_SOURCE,
  type RefundRow,
} from './repository.js';
import { paysOrder, type CapturedMoney } from './payment-match.js';
import { REFUND_STATUS } from './refund-status.js';

type Entry = OrderDetail['timeline'][number];

/** A refund as the console answers it. */
export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status as Refund['status'],
    reason: row.reason,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What a stored notification says, in a line: `Webhook payment.captured`, `Checkout callback`, a
 * bank transfer; a captured payment that does not pay `order` says so, since it settled nothing.
 */
function describeEvent(
  source: string,
  payload: unknown,
  order: Pick<OrderRow, 'amount' | 'currency'>,
): string {
  if (source === PAYMENT_EVENT_SOURCE.offline) {
    const transfer = (payload ?? {}) as {
      amount?: number;
      reference?: string;
      note?: string;
      recordedBy?: string;
    };
    // An erasure removes the note (payments/erasure.ts).
    const note = transfer.note ? `: ${transfer.note}` : '';
    return `Bank transfer of ${formatRupees(transfer.amount ?? 0)} (UTR ${transfer.reference ?? '?'}) recorded by ${transfer.recordedBy ?? 'an organizer'}${note}`;
  }
  if (source === PAYMENT_EVENT_SOURCE.failure) {
    const fields = (payload ?? {}) as Record<string, unknown>;
    const nested =
      typeof fields.error === 'object' && fields.error !== null
        ? (fields.error as Record<string, unknown>)
        : {};
    const reason = fields['error[description]'] ?? nested.description;
    return `Payment attempt failed (reported by the buyer's browser, unsigned)${typeof reason === 'string' ? `: ${reason}` : ''}`;
  }
  const event =
    typeof payload === 'object' && payload !== null && 'event' in payload && typeof payload.event === 'string'
      ? ` ${payload.event}`
      : '';
  const line = `${source === 'webhook' ? 'Webhook' : 'Checkout callback'}${event}`;
  const captured = source === 'webhook' && (event === ' payment.captured' || event === ' order.paid');
  const payment = (payload as { payload?: { payment?: { entity?: CapturedMoney } } } | null)?.payload?.payment
    ?.entity;
  if (!captured || !payment || paysOrder(payment, order)) return line;
  const paid =
    payment.currency === order.currency && payment.amount !== undefined
      ? formatRupees(payment.amount)
      : `${payment.amount ?? '?'} (${payment.currency ?? 'no currency'})`;
  return `${line}: ${paid} is not the order's ${formatRupees(order.amount)}; not settled, check it in the payment provider's dashboard`;
}

/** What organizers did to orders, in words; the audit log's `order.*` actions. */
const ORGANIZER_ACTIONS: Record<string, string> = {
  'order.cancel': 'Cancelled',
  'order.offline_payment': 'Bank transfer recorded',
  'order.confirmation_email': 'Confirmation email resent',
  'order.refund': 'Refund requested',
  'order.comp': 'Comp issued',
  'order.bank_transfer': 'Entered as paid by bank transfer',
  'order.cancel_attendee': 'Attendee cancelled',
  'order.transfer_pass': 'Pass transferred',
  'order.change_ticket_type': 'Ticket changed',
};

/** An audit entry of the order as a timeline line: what, by whom, and the reason if given. */
function describeAudit(entry: AuditEntry): string {
  const what = ORGANIZER_ACTIONS[entry.action] ?? entry.action;
  const after = entry.after ?? {};
  const reason =
    typeof after.reason === 'string'
      ? after.reason
      : typeof after.recipient === 'string'
        ? `to ${after.recipient}`
        : typeof (after.refund as { reason?: unknown } | undefined)?.reason === 'string'
          ? String((after.refund as { reason: string }).reason)
          : '';
  return `${what} by ${entry.organizerEmail}${reason ? `: ${reason}` : ''}`;
}

/**
 * The order behind a reference with its story.
 * @throws NotFoundError unknown reference (404)
 */
export async function orderStory(db: Executor, reference: string, now: Date): Promise<OrderDetail> {
  const details = await getOrderDetails(db, { reference });
  if (!details) throw new NotFoundError('Order not found');
  const { order, ticketName } = details;
  const [buyer, attendees, events, refunds, audit, lines] = await Promise.all([
    getOrderBuyer(db, order.id),
    orderAttendeesWithPasses(db, order.id),
    listPaymentEventsOfOrder(db, order.id),
    listRefundsOfOrder(db, order.id),
    listAudit(db, { entityType: 'order', entityId: order.reference, limit: 200 }),
    linesOfOrders(db, [order.id]),
  ]);

  // Units that left the first line (modules/order-changes): attendees cancelled from it, and
  // attendees of a group moved to a line of their own by a change of ticket. Their audit rows
  // name the line; cancellations from before lines were named were all of the first.
  const leftFirstLine = audit.items.filter((entry) => {
    const line = (entry.after as { line?: unknown } | null)?.line;
    if (entry.action === 'order.cancel_attendee') return (line ?? 0) === 0;
    const splitFrom = (line as { splitFrom?: { position?: number } } | undefined)?.splitFrom;
    return entry.action === 'order.change_ticket_type' && splitFrom?.position === 0;
  }).length;
  // A changed ticket (modules/order-changes) moved the line: the earliest change says what was bought.
  const changes = audit.items.filter((entry) => entry.action === 'order.change_ticket_type');
  const bought = changes.at(-1)?.before?.ticket;
  const firstTicket = typeof bought === 'string' ? bought : ticketName;
  const timeline: Entry[] = [
    {
      at: order.createdAt.toISOString(),
      kind: 'created',
      text: `Order created for ${order.quantity + leftFirstLine} × ${firstTicket}`,
    },
  ];
  // The reservation's end matters only when the payment did not come within it.
  if (!order.paidAt || order.paidAt > order.expiresAt) {
    timeline.push({
      at: order.expiresAt.toISOString(),
      kind: order.extendedAt ? 'reservation_extended' : 'reservation_ends',
      text: order.extendedAt ? 'Reservation (extended once) ended' : 'Reservation ended',
    });
  }
  for (const event of events) {
    timeline.push({
      at: event.receivedAt.toISOString(),
      kind: 'payment_event',
      text: describeEvent(event.source, event.payload, order),
    });
  }
  if (order.paidAt && order.status === 'paid') {
    timeline.push({
      at: order.paidAt.toISOString(),
      kind: 'paid',
      text: `Paid ${formatRupees(order.amount)}`,
    });
  }
  if (order.passEmailSentAt) {
    timeline.push({
      at: order.passEmailSentAt.toISOString(),
      kind: 'pass_email_sent',
      text: 'Passes emailed to the buyer',
    });
  }
  for (const refund of refunds) {
    timeline.push({
      at: refund.createdAt.toISOString(),
      kind: 'refund',
      text: `Refund of ${formatRupees(refund.amount)} (${refund.reason.replace('_', ' ')}): ${refund.status}`,
    });
  }
  for (const entry of audit.items) {
    timeline.push({ at: entry.at, kind: 'organizer', text: describeAudit(entry) });
  }
  if (order.closedAt) {
    timeline.push({
      at: order.closedAt.toISOString(),
      kind: 'closed',
      text: `Closed as ${order.status.replace('_', ' ')}`,
    });
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  const refunded = refunds
    .filter((refund) => refund.status !== REFUND_STATUS.failed)
    .reduce((sum, refund) => sum + refund.amount, 0);
  return {
    reference: order.reference,
    status: effectiveStatus(order, now),
    buyerName: buyer?.name ?? '',
    buyerEmail: buyer?.email ?? '',
    ...ticketsOfLines(lines.get(order.id) ?? []),
    amount: order.amount,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    source: OrderSourceSchema.parse(order.source),
    guestList: order.guestList === null ? null : GuestListSchema.parse(order.guestList),
    provider: order.provider,
    providerOrderId: order.providerOrderId,
    providerPaymentId: order.providerPaymentId,
    paidOffline: isPaidOffline(order),
    attendees,
    refunds: refunds.map(toRefund),
    refundable: order.status === 'paid' ? Math.max(0, order.amount - refunded) : 0,
    timeline,
    gst: await orderGst(db, order.id),
    voucher:
      order.voucherId === null
        ? null
        : {
            code: (await voucherCodes(db, [order.voucherId])).get(order.voucherId) ?? '',
            unitAmount: order.unitAmount,
          },
  };
}
