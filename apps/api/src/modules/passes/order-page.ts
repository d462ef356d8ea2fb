/**
 * The order page by public reference and key (the payment success and failure pages, the
 * confirmation emails' links): the order as it stands with its passes once paid, and the
 * printable PDF of those passes, each as much as the key opens (orders/access.ts).
 */
import { CURRENCY, ticketNameOf, type OrderSummary } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { invoiceSummaryOf } from '../invoices/service.js';
import { formatEventSchedule } from '../mail/layout.js';
import { NotFoundError } from '../../errors.js';
import {
  getOrderDetails,
  openOrder,
  ORDER_STATUS,
  ordersWithReportedFailure,
  visitorStatus,
  type OrderViewer,
} from '../orders/service.js';
import { getSettings } from '../settings/service.js';
import { orderTaxOf } from '../tax/service.js';
import { organizerLine, renderPassesPdf } from './pdf.js';
import { passesOfOrder, passesWithPayloads } from './service.js';

/**
 * The order behind a public reference, for whom `key` opens it (orders/access.ts): the buyer
 * sees the whole order with its passes (QR codes included) once paid; an attendee sees only the
 * passes issued to their address, without the amount, tax or invoice. Its status is as the buyer
 * reads it (`visitorStatus`: an unpaid order whose payment failed says so). `secret` is OTP_SECRET.
 *
 * @throws NotFoundError unknown reference, or a missing or wrong key (404)
 */
export async function getOrderSummary(
  db: Database,
  secret: string,
  reference: string,
  key: string | undefined,
  now: Date,
): Promise<OrderSummary> {
  const { order, event, ticketName, viewer, ...documents } = await openOrder(db, secret, reference, key);
  const paid = order.status === ORDER_STATUS.paid;
  const passes = paid ? ownPasses(await passesOfOrder(db, order.id), viewer) : [];
  const buyer = viewer.kind === 'buyer';
  const failed = !paid && (await ordersWithReportedFailure(db, [order.id])).has(order.id);
  return {
    reference: order.reference,
    status: visitorStatus(order, failed, now),
    viewer: viewer.kind,
    amount: buyer ? order.amount : null,
    currency: CURRENCY,
    // Counted by pass once they are of several tickets: the order's own count is its first line's.
    quantity: buyer && !ofSeveralTickets(passes) ? order.quantity : passes.length,
    ticketName: ticketsOf(ticketName, passes),
    Event: {
      name: event.name,
      startDate: event.startsAt.toISOString(),
      endDate: event.endsAt.toISOString(),
      venue: event.venue,
    },
    passes,
    paymentCaptured: order.providerPaymentId !== null,
    tax:
      buyer && documents.tax && documents.firstLineTax
        ? orderTaxOf(documents.tax, documents.firstLineTax).breakdown
        : null,
    invoice: buyer ? invoiceSummaryOf(documents.invoice) : null,
  };
}

/**
 * The ticket a summary names: that of the passes shown when they share one, each ticket with its
 * count once an attendee of a group changed ticket ("1 × Delegate Day Pass, 1 × Investor
 * Pass"), the order's first line's before any pass is issued.
 */
function ticketsOf(firstLineTicket: string, passes: readonly { ticketName: string }[]): string {
  if (passes.length === 0) return firstLineTicket;
  return ticketNameOf(passes.map((pass) => ({ ticketName: pass.ticketName, quantity: 1 })));
}

/** Whether `passes` are of more than one ticket (an attendee of a group changed ticket). */
function ofSeveralTickets(passes: readonly { ticketName: string }[]): boolean {
  return new Set(passes.map((pass) => pass.ticketName)).size > 1;
}

/** The passes `viewer` may see: all for the buyer, an attendee's own (by address) otherwise. */
function ownPasses<T extends { email: string }>(passes: T[], viewer: OrderViewer): T[] {
  return viewer.kind === 'buyer'
    ? passes
    : passes.filter((pass) => pass.email.toLowerCase() === viewer.email);
}

/**
 * The printable PDF of an order's passes (one page each; pdf.ts), for whom `key` opens the
 * order, as the order summary is: every pass for the buyer, an attendee's own otherwise. Unpaid
 * orders have none: an empty list gives a one-page note.
 * @throws NotFoundError unknown reference, or a missing or wrong key (404)
 */
export async function orderPassesPdf(
  db: Database,
  secret: string,
  reference: string,
  key: string | undefined,
): Promise<Buffer> {
  const { order, viewer } = await openOrder(db, secret, reference, key);
  return passesPdfFor(db, order.reference, viewer);
}

/**
 * The printable PDF of the passes of the order `reference` names that `viewer` may see, for a
 * caller that has already decided who they are (the manage page's session).
 * @throws NotFoundError unknown order (404)
 */
export async function passesPdfFor(db: Executor, reference: string, viewer: OrderViewer): Promise<Buffer> {
  const details = await getOrderDetails(db, { reference });
  if (!details) throw new NotFoundError('Order not found');
  const { order, event } = details;
  const passes =
    order.status === ORDER_STATUS.paid ? ownPasses(await passesWithPayloads(db, order.id), viewer) : [];
  return renderPassesPdf({
    reference: order.reference,
    eventName: event.name,
    schedule: formatEventSchedule(event.startsAt, event.endsAt),
    venue: event.venue,
    organizer: organizerLine(await getSettings(db, event.id)),
    passes,
  });
}
