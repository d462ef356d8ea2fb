/**
 * Checkout (the spec's `auth/payment/checkout`): reserves seats for the registered attendees on
 * one ticket type and creates the payment provider's order; the price quote Select Tickets
 * shows; and the one extension of a reservation.
 *
 * Seats are reserved for RESERVATION_MINUTES; the reservation simply stops counting after
 * that (modules/availability), so no timer is needed.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  CURRENCY,
  MAX_DATABASE_ID,
  formatRupees,
  pagePathIn,
  RESERVATION_MINUTES,
  SOURCE_LOCALE,
  type CheckoutRequest,
  type CheckoutResponse,
  type PriceQuote,
  type PriceQuoteRequest,
  type ReservationExtension,
} from '@festival/shared';
import type { Database } from '../../db/client.js';
import {
  NotFoundError,
  NotOnSaleError,
  OrderStateError,
  PassAlreadyIssuedError,
  PaymentProviderError,
  SoldOutError,
  ValidationError,
} from '../../errors.js';
import { seatsForBuyer } from '../availability/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { assertEditionNotEnded } from '../editions/sales.js';
import type { PaymentProvider } from '../payment-providers/provider.js';
import { roleName } from '../reference-data/service.js';
import { getSettings, moneyRefusal } from '../settings/service.js';
import { breakdownOf, orderTaxInserts, orderTaxOf, taxOfLine, taxOfLines } from '../tax/service.js';
import {
  assertOnSale,
  getTicketType,
  lockTicketTypeForSale,
  type TicketTypeRow,
} from '../tickets/service.js';
import { applyVoucher } from '../vouchers/service.js';
import { newOrderReference } from './codes.js';
import {
  answerOfHoldingOrder,
  assertWithinUnpaidSeatLimits,
  checkoutDigest,
  lockUnpaidSeatsOf,
} from './holds.js';
import type { OrderHooks } from './hooks.js';
import {
  expirePendingOrdersOfAttendees,
  extendPendingReservation,
  findHoldingOrderByDigest,
  findPassHolders,
  insertOrder,
  listOrderAttendees,
  lockRegistrations,
  markOrderFailed,
  setProviderOrderId,
} from './repository.js';
import { orderKey } from './access.js';
import { openOrder } from './queries.js';
import { payOrder } from './settlement.js';
import { ORDER_STATUS } from './status.js';

export interface CheckoutContext {
  db: Database;
  now(): Date;
  log: FastifyBaseLogger;
  provider: PaymentProvider;
  /** For a free order, paid at checkout: what follows its payment runs in the same transaction. */
  hooks: OrderHooks;
  /** The buyer's address as Fastify resolves it (`request.ip`): unpaid seats are limited per address. */
  clientAddress: string;
  /** Production: checkout takes no money while the organizer's identity is incomplete (setup service). */
  production: boolean;
  /** OTP_SECRET: what the buyer's order key is derived under (access.ts). */
  secret: string;
}

/** Razorpay refuses payments below ₹1; a voucher may not bring a total between 0 and that. */
const MIN_PAYMENT_PAISE = 100;

/** `providerPaymentId` of a free order (total 0, a comp voucher), paid at checkout. */
export const FREE_PAYMENT_PREFIX = 'free:';

/**
 * Units an order of `attendeeCount` attendees buys of a ticket type (the spec's Select Tickets
 * dialog and stall packages), the quantity its price and capacity count:
 * - a pass (`soldPer: 'attendee'`): one per attendee;
 * - a stall package (`soldPer: 'company'`): one per order, whose `passesIncluded` passes admit
 *   the company's attendees. More attendees than it includes are refused (400), not sold as
 *   a second stall: the dialog offers only the category's tickets, so the buyer chooses a
 *   larger package or registers the others on their own order.
 * @throws ValidationError more attendees than the stall package includes passes (400)
 */
export function unitsToBuy(
  ticketType: Pick<TicketTypeRow, 'name' | 'soldPer' | 'passesIncluded'>,
  attendeeCount: number,
): number {
  if (ticketType.soldPer === 'attendee') return attendeeCount;
  if (attendeeCount > ticketType.passesIncluded) {
    const passes = ticketType.passesIncluded;
    const message =
      `${ticketType.name} includes ${passes} ${passes === 1 ? 'pass' : 'passes'}, ` +
      `but this order has ${attendeeCount} attendees. Choose a package with more passes.`;
    throw new ValidationError(message, { selectedTicket: message });
  }
  return 1;
}

/**
 * Reserves the order's units (see `unitsToBuy`) and opens a payment.
 *
 * In one transaction: the attendees (all registered for the current event; each listed
 * once; none holding a pass) are locked. The same request again (`checkoutDigest`) while its
 * order still holds its seats answers that order as it stands: the same reference, payment
 * order and expiry, so pressing Pay twice or coming back holds the seats once and does not
 * restart the countdown. Otherwise earlier pending orders of these attendees are released (a
 * changed attendee list, ticket, voucher or GST details replaces them); the buyer (first
 * attendee's email, client address) and the ticket type (of the current event, sold to the
 * FIRST attendee's participant category, since Select Tickets lists the tickets of the tab the
 * order started on) are locked; an order to pay may not take the seats the buyer's pending
 * orders hold over the settings' limits per email and per address; remaining units =
 * capacity − paid − unexpired pending; the order (amount = units × unit price, from the
 * database) and its attendees are written; each attendee gets a pass when it is paid.
 *
 * The provider's order is created after commit: a network call inside the transaction would
 * hold the ticket type's lock (and, on PGlite, the only connection) for its whole duration.
 * Until it returns the order is simply pending; if it fails the order is marked failed,
 * which returns the seats. A crash in between leaves a pending order that lapses.
 *
 * @throws ValidationError attendee listed twice, ticket not sold to the first attendee's category,
 *   or more attendees than a stall package includes passes (400)
 * @throws NotFoundError no current event, unknown attendee or ticket type (404)
 * @throws PassAlreadyIssuedError an attendee already holds a pass (409)
 * @throws SalesEndedError the current edition has ended: EDITION_CLOSED_MESSAGE, code SALES_NOT_OPEN,
 *   as the registration API answers (editions/sales.ts) (409)
 * @throws NotOnSaleError production without the organizer's identity (IDENTITY_INCOMPLETE_MESSAGE, 409)
 * @throws UnpaidSeatLimitError the buyer's seats awaiting payment would pass a limit (409)
 * @throws NotOnSaleError / SalesEndedError / SoldOutError (409)
 * @throws PaymentProviderError the provider could not create its order (502)
 */
export async function checkout(ctx: CheckoutContext, request: CheckoutRequest): Promise<CheckoutResponse> {
  const attendeeIds = request.startupIds;
  if (new Set(attendeeIds).size !== attendeeIds.length) {
    const message = 'Each attendee can be listed only once';
    throw new ValidationError(message, { startupIds: message });
  }
  const now = ctx.now();
  // Both from the in-process copy (db/read-mostly.ts), so before the transaction: a
  // transaction reads the database afresh, and they need no lock.
  const event = await getCurrentEvent(ctx.db);
  assertEditionNotEnded(event, now);
  const settings = await getSettings(ctx.db, event.id);
  const refusal = moneyRefusal(settings, ctx.production);
  if (refusal) throw new NotOnSaleError(refusal, undefined, 'ORGANIZER_DETAILS_MISSING');
  const digest = checkoutDigest(request);

  const checkedOut = await ctx.db.transaction(async (tx) => {
    const found = new Map((await lockRegistrations(tx, attendeeIds)).map((row) => [row.id, row]));
    const attendees = attendeeIds.map((id) => found.get(id));
    const first = attendees[0];
    if (!first || attendees.some((attendee) => attendee?.eventId !== event.id)) {
      throw new NotFoundError('Unknown attendee. Please register again.');
    }
    const holding = await findHoldingOrderByDigest(tx, first.id, digest, ctx.provider.name, now);
    if (holding) {
      const { order, providerOrderId } = holding;
      return {
        order,
        providerOrderId,
        tax: orderTaxOf(holding.tax, holding.firstLineTax).breakdown,
        buyer: first,
        reused: true as const,
      };
    }

    // Before the pass check: if a payment of such an order is completing right now, this
    // waits for it, and the check below then sees its passes. Both before the ticket type's
    // lock, which every checkout of the type waits for: it is held only from here to commit.
    // No deadlock: the orders released hold these attendees, whose locks any other
    // transaction touching them takes first, and the lapsed-order sweep (orders/jobs.ts)
    // skips locked rows.
    await expirePendingOrdersOfAttendees(tx, attendeeIds, now);
    const holders = new Set(await findPassHolders(tx, attendeeIds));
    if (holders.size > 0) {
      const names = attendeeIds.filter((id) => holders.has(id)).map((id) => found.get(id)?.name);
      throw new PassAlreadyIssuedError(
        `${names.join(', ')} already ${holders.size === 1 ? 'has' : 'have'} a pass`,
      );
    }
    // After the release above, so the orders this one replaces do not count against it.
    const unpaid = await lockUnpaidSeatsOf(tx, { email: first.email, clientAddress: ctx.clientAddress }, now);

    const ticketType = await lockTicketTypeForSale(tx, event.id, request.selectedTicket);
    if (!ticketType) throw new NotFoundError('Unknown ticket. Please choose one from the list.');
    if (ticketType.participantCategoryId !== first.participantCategoryId) {
      const message = `${ticketType.name} is not sold to ${roleName(first.participantCategoryId)} attendees`;
      throw new ValidationError(message, { selectedTicket: message });
    }
    assertOnSale(ticketType, now);
    const quantity = unitsToBuy(ticketType, attendeeIds.length);

    // The voucher is locked after the ticket type (same order everywhere), so parallel
    // checkouts with one code count one another's reservations. A use is a unit.
    const priced = request.voucherCode
      ? await applyVoucher(tx, ticketType, request.voucherCode, quantity, now, { lock: true })
      : null;

    const remaining = await seatsForBuyer(tx, ticketType, now, priced?.voucher.id ?? null);
    if (remaining < quantity) {
      throw new SoldOutError(
        remaining > 0
          ? `Only ${remaining} ${remaining === 1 ? 'seat' : 'seats'} left for ${ticketType.name}`
          : `${ticketType.name} is sold out`,
      );
    }

    // Pricing (with the voucher), then tax as a separate step on the priced line: the order's
    // one line and its header (decision 029).
    const unitAmount = priced?.unitAmount ?? ticketType.amount;
    const lineAmount = priceLine({ amount: unitAmount }, quantity);
    const orderTax = taxOfLines(settings, [{ ticketType, amount: lineAmount }], request.gstInvoice);
    const tax = orderTax.header;
    if (tax.total > MAX_DATABASE_ID) {
      const message = 'This order is too large to pay at once; choose fewer attendees';
      throw new ValidationError(message, { startupIds: message });
    }
    if (priced && tax.total > 0 && tax.total < MIN_PAYMENT_PAISE) {
      const message = `With this voucher the total is below ${formatRupees(MIN_PAYMENT_PAISE)}, the least a payment can be`;
      throw new ValidationError(message, { voucherCode: message });
    }
    // A free order is paid below, so it holds no seat unpaid.
    if (tax.total > 0) assertWithinUnpaidSeatLimits(settings, unpaid, quantity);
    const created = await insertOrder(
      tx,
      {
        reference: newOrderReference(event.referencePrefix),
        eventId: event.id,
        amount: tax.total,
        voucherId: priced?.voucher.id ?? null,
        currency: CURRENCY,
        status: ORDER_STATUS.pending,
        provider: ctx.provider.name,
        expiresAt: new Date(now.getTime() + RESERVATION_MINUTES * 60_000),
        clientAddress: ctx.clientAddress,
        checkoutDigest: digest,
        locale: request.locale ?? SOURCE_LOCALE,
        createdAt: now,
      },
      [{ ticketTypeId: ticketType.id, quantity, unitAmount }],
      attendeeIds,
      (orderId) => orderTaxInserts(tx, orderId, orderTax, request.gstInvoice),
    );
    // A free order (a comp voucher: decision 007 has no free ticket types) has nothing to
    // collect, so it is paid here (`payOrder`, what follows a paid order included), without the
    // provider.
    if (tax.total === 0) {
      const attendeesOfOrder = await listOrderAttendees(tx, created.id);
      await payOrder(
        tx,
        { ...ctx, settings },
        {
          ...created,
          ticketName: ticketType.name,
          eventName: event.name,
          invoicePrefix: event.invoicePrefix,
          attendees: attendeesOfOrder,
        },
        `${FREE_PAYMENT_PREFIX}${created.reference}`,
        false,
        now,
      );
    }
    return {
      order: created,
      buyer: first,
      ticketName: ticketType.name,
      tax: breakdownOf(tax, orderTax.lines[0]),
      reused: false as const,
    };
  });

  const { buyer } = checkedOut;
  const person = { name: buyer.name, email: buyer.email, contact: `${buyer.countryCode}${buyer.contactNo}` };
  if (checkedOut.reused) return answerOfHoldingOrder(ctx.provider, ctx.secret, checkedOut, person);

  const { order, ticketName, tax } = checkedOut;
  const expiresAt = order.expiresAt.toISOString();
  if (order.amount === 0) {
    return {
      order: {
        id: order.reference,
        amount: 0,
        currency: CURRENCY,
        reference: order.reference,
        expiresAt,
        key: orderKey(ctx.secret, order.id, { kind: 'buyer' }),
      },
      person,
      tax,
      checkout: {
        provider: 'none',
        url: `${pagePathIn(order.locale, '/payment-success')}?reference=${encodeURIComponent(order.reference)}`,
      },
    };
  }

  let providerOrder;
  try {
    providerOrder = await ctx.provider.createOrder({
      amount: order.amount,
      currency: CURRENCY,
      receipt: order.reference,
      // Shown with the payment in the provider's dashboard: which edition's order it pays.
      notes: {
        reference: order.reference,
        event: event.name,
        ticket: ticketName,
        quantity: String(order.quantity),
      },
    });
  } catch (error) {
    await markOrderFailed(ctx.db, order.id, ctx.now());
    if (error instanceof PaymentProviderError) throw error;
    ctx.log.error({ err: error, reference: order.reference }, 'payment provider failed');
    throw new PaymentProviderError('The payment gateway is not available. Please try again.');
  }
  await setProviderOrderId(ctx.db, order.id, providerOrder.id);

  return {
    order: {
      id: providerOrder.id,
      amount: order.amount,
      currency: CURRENCY,
      reference: order.reference,
      expiresAt,
      key: orderKey(ctx.secret, order.id, { kind: 'buyer' }),
    },
    person,
    tax,
    checkout: ctx.provider.checkoutFor(providerOrder.id),
  };
}

/** The price of `seats` seats of a ticket type before tax, in paise: the one pricing rule. */
export function priceLine(ticketType: Pick<TicketTypeRow, 'amount'>, seats: number): number {
  return seats * ticketType.amount;
}

/**
 * What checkout would charge `quantity` attendees for a ticket type of the current edition (a
 * stall package is one unit for up to its included passes, `unitsToBuy`),
 * with the tax split: the figures Select Tickets and the event pages show. The buyer's GSTIN
 * can move a stall package's place of supply to their state; a voucher code prices the seats
 * as checkout would (its remaining uses are checked only at checkout).
 * @throws NotFoundError no current event or unknown ticket type (404)
 * @throws ValidationError the voucher code cannot be used for this ticket at `now` (400)
 */
export async function quotePrice(db: Database, request: PriceQuoteRequest, now: Date): Promise<PriceQuote> {
  const event = await getCurrentEvent(db);
  const ticketType = await getTicketType(db, event.id, request.selectedTicket);
  if (!ticketType || ticketType.archivedAt !== null) {
    throw new NotFoundError('Unknown ticket. Please choose one from the list.');
  }
  const buyer = request.gstin ? { gstin: request.gstin } : null;
  const units = unitsToBuy(ticketType, request.quantity);
  const priced = request.voucherCode
    ? await applyVoucher(db, ticketType, request.voucherCode, units, now, { lock: false })
    : null;
  const unitAmount = priced?.unitAmount ?? ticketType.amount;
  const { supplierStateCode: _supplier, ...breakdown } = taxOfLine(
    await getSettings(db, event.id),
    ticketType,
    priceLine({ amount: unitAmount }, units),
    buyer,
  );
  return { ...breakdown, units, unitAmount, regularUnitAmount: ticketType.amount };
}

export const EXTENSION_MESSAGES = {
  alreadyExtended: 'This reservation has already been extended once.',
  expired: 'This reservation has expired. Please choose your tickets again.',
  notPending: 'This order is no longer waiting for payment.',
} as const;

/**
 * Gives a buyer who asks for more time RESERVATION_MINUTES from `now` to pay, once per order
 * (WCAG 2.2.1 Timing Adjustable). Only while the order still holds its seats:
 * pending and not yet lapsed, so no capacity check is needed: the seats are already counted.
 *
 * Only the buyer's key (access.ts; `secret` is OTP_SECRET) may ask.
 *
 * @throws NotFoundError unknown reference, or not the buyer's key (404)
 * @throws OrderStateError already extended, lapsed, paid, failed or expired (409)
 */
export async function extendReservation(
  db: Database,
  secret: string,
  reference: string,
  key: string | undefined,
  now: Date,
): Promise<ReservationExtension> {
  const { order, viewer } = await openOrder(db, secret, reference, key);
  if (viewer.kind !== 'buyer') throw new NotFoundError('Order not found');
  const extended = await extendPendingReservation(
    db,
    reference,
    now,
    new Date(now.getTime() + RESERVATION_MINUTES * 60_000),
  );
  if (extended) return { reference: extended.reference, expiresAt: extended.expiresAt.toISOString() };

  if (order.status !== ORDER_STATUS.pending) throw new OrderStateError(EXTENSION_MESSAGES.notPending);
  if (order.extendedAt) throw new OrderStateError(EXTENSION_MESSAGES.alreadyExtended);
  throw new OrderStateError(EXTENSION_MESSAGES.expired);
}
