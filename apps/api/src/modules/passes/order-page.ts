/**
 * The buyer's order page by public reference (the payment success and failure pages, the
 * confirmation email's link): the order as it stands with its passes once paid, and the
 * printable PDF of those passes.
 */
import { CURRENCY, type OrderSummary } from '@festival/shared';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { invoiceSummaryOf } from '../invoices/service.js';
import { formatEventSchedule } from '../mail/layout.js';
import {
  effectiveStatus,
  getOrderDetails,
  getOrderDetailsWithDocuments,
  ORDER_STATUS,
} from '../orders/service.js';
import { getSettings } from '../settings/service.js';
import { orderTaxOf } from '../tax/service.js';
import { organizerLine, renderPassesPdf } from './pdf.js';
import { passesOfOrder, passesWithPayloads } from './service.js';

/**
 * The order behind a public reference, with its passes (QR codes included) once paid.
 * The reference is unguessable (orders/codes.ts) and acts as the bearer token of the passes: the
 * success page and the confirmation email carry it, nothing else is asked.
 *
 * @throws NotFoundError unknown reference (404)
 */
export async function getOrderSummary(db: Database, reference: string, now: Date): Promise<OrderSummary> {
  const details = await getOrderDetailsWithDocuments(db, { reference });
  if (!details) throw new NotFoundError('Order not found');
  const { order, event, ticketName } = details;
  return {
    reference: order.reference,
    status: effectiveStatus(order, now),
    amount: order.amount,
    currency: CURRENCY,
    quantity: order.quantity,
    ticketName,
    Event: { name: event.name, startDate: event.startsAt.toISOString(), endDate: event.endsAt.toISOString() },
    passes: order.status === ORDER_STATUS.paid ? await passesOfOrder(db, order.id, ticketName) : [],
    paymentCaptured: order.providerPaymentId !== null,
    tax: details.tax && details.firstLineTax ? orderTaxOf(details.tax, details.firstLineTax).breakdown : null,
    invoice: invoiceSummaryOf(details.invoice),
  };
}

/**
 * The printable PDF of an order's passes (one page each; pdf.ts), by public reference,
 * which authorises it as it does the order summary. Unpaid orders have none: an empty list
 * gives a one-page note.
 * @throws NotFoundError unknown reference (404)
 */
export async function orderPassesPdf(db: Database, reference: string): Promise<Buffer> {
  const details = await getOrderDetails(db, { reference });
  if (!details) throw new NotFoundError('Order not found');
  const { order, event, ticketName } = details;
  const passes = order.status === ORDER_STATUS.paid ? await passesWithPayloads(db, order.id, ticketName) : [];
  return renderPassesPdf({
    reference: order.reference,
    eventName: event.name,
    schedule: formatEventSchedule(event.startsAt, event.endsAt),
    venue: event.venue,
    organizer: organizerLine(await getSettings(db, event.id)),
    passes,
  });
}
