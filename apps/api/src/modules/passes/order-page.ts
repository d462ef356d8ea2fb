/**
 * The order page by public reference and key (the payment success and failure pages, the
 * confirmation emails' links): the order as it stands with its passes once paid, and the
 * printable PDF of those passes, each as much as the key opens (orders/access.ts).
 */
import {
  CURRENCY,
  LocaleSchema,
  ticketNameOf,
  ticketNameTranslations,
  unitsOf,
  type OrderSummary,
  type Pass,
  type TranslatedTicketUnits,
  type Translations,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { invoiceSummaryOf } from '../invoices/service.js';
import { NotFoundError } from '../../errors.js';
import {
  getOrderDetails,
  linesOfOrders,
  openOrder,
  ORDER_STATUS,
  ordersWithReportedFailure,
  visitorStatus,
  type OrderViewer,
} from '../orders/service.js';
import { getSettings } from '../settings/service.js';
import { orderTaxOf } from '../tax/service.js';
import { renderPassesPdf } from './pdf.js';
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
  const { order, event, viewer, ...documents } = await openOrder(db, secret, reference, key);
  const paid = order.status === ORDER_STATUS.paid;
  const passes = paid ? ownPasses(await passesOfOrder(db, order.id), viewer) : [];
  const lines = (await linesOfOrders(db, [order.id])).get(order.id) ?? [];
  const buyer = viewer.kind === 'buyer';
  const failed = !paid && (await ordersWithReportedFailure(db, [order.id])).has(order.id);
  return {
    reference: order.reference,
    status: visitorStatus(order, failed, now),
    viewer: viewer.kind,
    amount: buyer ? order.amount : null,
    currency: CURRENCY,
    ...ticketsShown(buyer, lines, passes),
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
 * The ticket a summary names and its units: the order's lines for the buyer (a package's one
 * unit admits several passes; a line every attendee of which left is left out), the passes shown
 * for an attendee, each with its own line's ticket ("1 × Delegate Day Pass, 1 × Investor
 * Pass" once an attendee of a group changed ticket: `ticketNameOf`). The lines name it before any
 * pass is issued.
 */
function ticketsShown(
  buyer: boolean,
  lines: readonly TranslatedTicketUnits[],
  passes: readonly Pick<Pass, 'ticketName' | 'ticketTranslations'>[],
): { ticketName: string; translations: Translations<'ticketName'>; quantity: number } {
  const named =
    buyer || passes.length === 0
      ? lines
      : passes.map((pass) => ({
          ticketName: pass.ticketName,
          ticketTranslations: pass.ticketTranslations,
          quantity: 1,
        }));
  return {
    ticketName: ticketNameOf(named),
    translations: ticketNameTranslations(named),
    quantity: buyer ? unitsOf(lines) : passes.length,
  };
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
 * caller that has already decided who they are (the manage page's session): each pass in its
 * holder's language, the note of an order without passes in the order's.
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
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    venue: event.venue,
    organizer: await getSettings(db, event.id),
    locale: LocaleSchema.parse(order.locale),
    passes,
  });
}
