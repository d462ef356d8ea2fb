/**
 * Paying again for an order whose payment failed or whose reservation lapsed (issue 29 §3,
 * "Coming back"): the buyer asks for the order by its reference, never for attendees, a ticket
 * or an amount, and the server decides everything again from what the order stored.
 *
 * Who may ask is the caller's business (routes.ts: the buyer's key; self-service: a session of
 * the buyer's email); the reference alone opens nothing (access.ts).
 */
import { CheckoutRequestSchema, type CheckoutResponse } from '@festival/shared';
import { NotFoundError, OrderStateError, ValidationError } from '../../errors.js';
import { orderTaxOf } from '../tax/service.js';
import { voucherCodes } from '../vouchers/service.js';
import { checkout, type CheckoutContext } from './checkout.js';
import { answerOfHoldingOrder } from './holds.js';
import { openOrder } from './queries.js';
import { findContactNumber, findOrderDetailsWithDocuments, listOrderAttendees } from './repository.js';
import { effectiveStatus, ORDER_STATUS, statusWords } from './status.js';

/**
 * `payAgain` for whoever holds the buyer's key of the order (access.ts): the browser that
 * checked out, or the buyer's emailed link. An attendee's key, the reference alone or a wrong
 * key answer 404, as an unknown reference does.
 * @throws NotFoundError not the buyer's key, or unknown reference (404); and what `payAgain` throws
 */
export async function payAgainAsBuyer(
  ctx: CheckoutContext,
  reference: string,
  key: string | undefined,
): Promise<CheckoutResponse> {
  const { viewer } = await openOrder(ctx.db, ctx.secret, reference, key);
  if (viewer.kind !== 'buyer') throw new NotFoundError('Order not found');
  return payAgain(ctx, reference);
}

/** What a refusal says about an order that cannot be paid again (409). */
export const PAY_AGAIN_MESSAGES = {
  paid: 'This order is already paid. Its passes are on the order page.',
  notPayable: (status: string) => `This order is ${statusWords(status)} and cannot be paid again.`,
  consoleOrder: 'This order was entered by the organizers; please contact them to pay for it.',
} as const;

/** The statuses an order may be paid again from: nothing was kept, and no organizer closed it. */
const PAYABLE_AGAIN = new Set<string>([ORDER_STATUS.pending, ORDER_STATUS.failed, ORDER_STATUS.expired]);

/**
 * Opens a payment for the order `reference` again, as its buyer. Authorise before calling.
 *
 * - While the order still holds its seats (pending, reservation not lapsed, its provider order
 *   made by the provider in use) the answer is that order as it stands: the same provider order,
 *   amount and expiry. Razorpay takes any number of attempts on one order until one is captured,
 *   and a failed attempt (reported by the browser, unsigned) never released the seats.
 * - Otherwise it is a new checkout (checkout.ts) of the same request rebuilt from the order:
 *   its attendees in their order, its ticket type, its voucher's code and the GST details on its
 *   tax. Checkout decides everything again under its locks: the attendees are still registered
 *   for the current edition and hold no pass, the ticket is on sale to them, the voucher is
 *   valid with uses left, a seat is free, the buyer's unpaid-seat limits; the amount and tax
 *   are recomputed from the database, and a new 15-minute reservation starts.
 *
 * A new internal order (with its own reference and provider order) supersedes the old one,
 * rather than a new provider order on the same internal order: each order keeps the one
 * provider order its webhooks and callbacks are matched by (`provider_order_id`, unique), so a
 * late payment of the old provider order still finds the old order and is settled there
 * (kept if its seats and attendees are free, refunded otherwise: settlement.ts); an order's
 * amount and tax never change after checkout, so reports and the invoice (issued only for the
 * order that is paid) read what was charged; and the old order stays in the books as the
 * expired or failed attempt it was.
 *
 * Replays and double clicks: the rebuilt request has the same digest each time, so asking
 * again while the new order holds its seats answers that order (checkout's digest rule), and
 * once one of the attendees' orders is paid the others are refused (PassAlreadyIssuedError). Two
 * requests racing within the moment before the first has its provider order may make two
 * orders; the one-pass-per-attendee index and settlement then refund any second payment, so
 * never are two orders of the same attendees paid.
 *
 * @throws NotFoundError unknown reference (404)
 * @throws OrderStateError paid, being refunded, refunded, cancelled, or entered in the console (409)
 * @throws whatever `checkout` throws: sold out, sales ended, voucher no longer valid (400, 409, 502)
 */
export async function payAgain(ctx: CheckoutContext, reference: string): Promise<CheckoutResponse> {
  const details = await findOrderDetailsWithDocuments(ctx.db, { reference });
  if (!details) throw new NotFoundError('Order not found');
  const { order } = details;
  const now = ctx.now();
  const status = effectiveStatus(order, now);
  if (status === ORDER_STATUS.paid) throw new OrderStateError(PAY_AGAIN_MESSAGES.paid);
  if (!PAYABLE_AGAIN.has(status)) throw new OrderStateError(PAY_AGAIN_MESSAGES.notPayable(status));
  if (order.source !== 'checkout') throw new OrderStateError(PAY_AGAIN_MESSAGES.consoleOrder);

  const attendees = await listOrderAttendees(ctx.db, order.id);
  const [buyer] = attendees;
  if (!buyer) throw new NotFoundError('Order not found');
  const stored = details.tax && details.firstLineTax ? orderTaxOf(details.tax, details.firstLineTax) : null;

  if (
    status === ORDER_STATUS.pending &&
    order.providerOrderId &&
    order.provider === ctx.provider.name &&
    stored
  ) {
    const contact = (await findContactNumber(ctx.db, buyer.registrationId)) ?? '';
    return answerOfHoldingOrder(
      ctx.provider,
      ctx.secret,
      { order, providerOrderId: order.providerOrderId, tax: stored.breakdown },
      { name: buyer.name, email: buyer.email, contact },
    );
  }

  const voucherCode = order.voucherId
    ? (await voucherCodes(ctx.db, [order.voucherId])).get(order.voucherId)
    : undefined;
  // Through the route's own schema, so the request is normalised as the first checkout's was
  // (the same digest each time: checkout's rule for a request sent again) and the stored GST
  // details are checked as a buyer's would be.
  const request = CheckoutRequestSchema.safeParse({
    startupIds: attendees.map((attendee) => attendee.registrationId),
    selectedTicket: order.ticketTypeId,
    ...(stored?.buyer ? { gstInvoice: stored.buyer } : {}),
    ...(voucherCode ? { voucherCode } : {}),
  });
  if (!request.success) {
    const message = request.error.issues[0]?.message ?? 'This order cannot be checked out again';
    throw new ValidationError(message);
  }
  return checkout(ctx, request.data);
}
