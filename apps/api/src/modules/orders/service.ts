/**
 * Checkout (spec §7 `auth/payment/checkout`): reserves seats for the registered attendees on
 * one ticket type and creates the payment provider's order. And the order summary the
 * payment pages read by reference.
 *
 * Seats are reserved for RESERVATION_MINUTES; the reservation simply stops counting after
 * that (see tickets/repository.ts), so no timer is needed.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import {
  CURRENCY,
  MAX_DATABASE_ID,
  EVENT_TIME_ZONE,
  formatRupees,
  type OrderListQuery,
  type OrderPage,
  OrderStatusSchema,
  RESERVATION_MINUTES,
  type CheckoutRequest,
  type CheckoutResponse,
  type OrderStatus,
  type OrderSummary,
  type PriceQuoteRequest,
  type ReservationExtension,
  type TaxBreakdown,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import {
  NotFoundError,
  NotOnSaleError,
  OrderStateError,
  PassAlreadyIssuedError,
  PaymentProviderError,
  SoldOutError,
  ValidationError,
} from '../../errors.js';
import type { PaymentProvider } from '../payment-providers/provider.js';
import {
  findPassHolders,
  issuePasses,
  passesOfOrder,
  passesOfOrderForConsole,
  passesWithPayloads,
  revokePassesOfOrder,
  roleName,
} from '../passes/service.js';
import { formatEventSchedule } from '../mail/layout.js';
import { organizerLine, renderPassesPdf } from '../passes/pdf.js';
import { assertEditionNotEnded } from '../editions/sales.js';
import { getCurrentEvent } from '../reference-data/service.js';
import { seatsForBuyer } from '../availability/service.js';
import { assertOnSale, getTicketType, lockTicketTypeForSale, type TicketTypeRow } from '../tickets/service.js';
import { orderTaxInsert, orderTaxOf, taxOfLine } from '../tax/service.js';
import { getSettings, moneyRefusal, type TaxSettings } from '../settings/service.js';
import { invoiceSummaryOf, issueInvoice } from '../invoices/service.js';
import { applyVoucher } from '../vouchers/service.js';
import { newOrderReference } from './codes.js';
import { confirmationRecipients } from './emails.js';
import {
  answerOfHoldingOrder,
  assertWithinUnpaidSeatLimits,
  checkoutDigest,
  lockUnpaidSeatsOf,
} from './holds.js';
import {
  countOrdersByEffectiveStatus,
  expireLapsedOrders,
  expirePendingOrdersOfAttendees,
  extendPendingReservation,
  findHoldingOrderByDigest,
  findOrderById,
  findOrderDetails,
  findOrderDetailsWithDocuments,
  insertOrder,
  listAttendeesOfOrders,
  listOrderAttendees,
  listOrdersOfRegistration,
  listOrdersOfRegistrations,
  lockAttendeesOfOrder,
  lockOrderWithTicketName,
  lockRegistrations,
  markOrderCancelled,
  markOrderFailed,
  markOrderPaid,
  lockOrderByReference,
  markOrderRefundDue,
  markOrderRefundRequested,
  markOrderRefunded,
  searchOrders,
  salesPerDay,
  setProviderOrderId,
  sumCapturedOrderAmounts,
  type OrderKey,
  type OrderRow,
} from './repository.js';
import { ORDER_STATUS } from './status.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** The order confirmation with passes for one recipient (orders/jobs.ts). */
    'pass-email': { orderId: string; recipient: string };
    /** Marks lapsed pending orders expired (orders/jobs.ts). */
    'expire-lapsed-orders': Record<string, never>;
  }
}

export type { OrderRow };

export interface CheckoutContext {
  db: Database;
  now(): Date;
  log: FastifyBaseLogger;
  provider: PaymentProvider;
  /** For a free order, paid at checkout: its pass emails are queued in the same transaction. */
  jobs: JobQueue;
  /** The buyer's address as Fastify resolves it (`request.ip`): unpaid seats are limited per address. */
  clientAddress: string;
  /** Production: checkout takes no money while the organizer's identity is incomplete (setup service). */
  production: boolean;
}

/** Razorpay refuses payments below ₹1; a voucher may not bring a total between 0 and that. */
const MIN_PAYMENT_PAISE = 100;

/** `providerPaymentId` of a free order (total 0, a comp voucher), paid at checkout. */
export const FREE_PAYMENT_PREFIX = 'free:';

/**
 * Units an order of `attendeeCount` attendees buys of a ticket type (spec §2 Select Tickets,
 * §9 stall packages), the quantity its price and capacity count:
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
  const settings = await getSettings(ctx.db);
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
        tax: orderTaxOf(holding.tax).breakdown,
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
    // checkouts with one code count one another's reservations (issue 10 §3). A use is a unit.
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

    // Pricing (with the voucher), then tax as a separate step on the priced line (issue 10 §1).
    const unitAmount = priced?.unitAmount ?? ticketType.amount;
    const lineAmount = priceLine({ amount: unitAmount }, quantity);
    const tax = taxOfLine(settings, ticketType, lineAmount, request.gstInvoice);
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
        ticketTypeId: ticketType.id,
        quantity,
        unitAmount,
        amount: tax.total,
        voucherId: priced?.voucher.id ?? null,
        currency: CURRENCY,
        status: ORDER_STATUS.pending,
        provider: ctx.provider.name,
        expiresAt: new Date(now.getTime() + RESERVATION_MINUTES * 60_000),
        clientAddress: ctx.clientAddress,
        checkoutDigest: digest,
        createdAt: now,
      },
      attendeeIds,
      (orderId) => orderTaxInsert(tx, orderId, lineAmount, tax, request.gstInvoice),
    );
    // A free order (a comp voucher: decision 007 has no free ticket types) has nothing to
    // collect, so it is paid here, with its passes and emails, without the provider.
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
    const { supplierStateCode: _supplier, ...breakdown } = tax;
    return {
      order: created,
      buyer: first,
      ticketName: ticketType.name,
      tax: breakdown,
      reused: false as const,
    };
  });

  const { buyer } = checkedOut;
  const person = { name: buyer.name, email: buyer.email, contact: `${buyer.countryCode}${buyer.contactNo}` };
  if (checkedOut.reused) return answerOfHoldingOrder(ctx.provider, checkedOut, person);

  const { order, ticketName, tax } = checkedOut;
  const expiresAt = order.expiresAt.toISOString();
  if (order.amount === 0) {
    return {
      order: { id: order.reference, amount: 0, currency: CURRENCY, reference: order.reference, expiresAt },
      person,
      tax,
      checkout: {
        provider: 'none',
        url: `/payment-success?reference=${encodeURIComponent(order.reference)}`,
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
export async function quotePrice(db: Database, request: PriceQuoteRequest, now: Date): Promise<TaxBreakdown> {
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
  const { supplierStateCode: _supplier, ...breakdown } = taxOfLine(
    await getSettings(db),
    ticketType,
    priceLine({ amount: priced?.unitAmount ?? ticketType.amount }, units),
    buyer,
  );
  return breakdown;
}

export const EXTENSION_MESSAGES = {
  alreadyExtended: 'This reservation has already been extended once.',
  expired: 'This reservation has expired. Please choose your tickets again.',
  notPending: 'This order is no longer waiting for payment.',
} as const;

/**
 * Gives a buyer who asks for more time RESERVATION_MINUTES from `now` to pay, once per order
 * (WCAG 2.2.1 Timing Adjustable; issue 7 §3). Only while the order still holds its seats:
 * pending and not yet lapsed, so no capacity check is needed: the seats are already counted.
 *
 * @throws NotFoundError unknown reference (404)
 * @throws OrderStateError already extended, lapsed, paid, failed or expired (409)
 */
export async function extendReservation(
  db: Database,
  reference: string,
  now: Date,
): Promise<ReservationExtension> {
  const extended = await extendPendingReservation(
    db,
    reference,
    now,
    new Date(now.getTime() + RESERVATION_MINUTES * 60_000),
  );
  if (extended) return { reference: extended.reference, expiresAt: extended.expiresAt.toISOString() };

  const details = await findOrderDetails(db, { reference });
  if (!details) throw new NotFoundError('Order not found');
  const { order } = details;
  if (order.status !== ORDER_STATUS.pending) throw new OrderStateError(EXTENSION_MESSAGES.notPending);
  if (order.extendedAt) throw new OrderStateError(EXTENSION_MESSAGES.alreadyExtended);
  throw new OrderStateError(EXTENSION_MESSAGES.expired);
}

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

/** A pending order whose reservation has lapsed reads as expired even before anyone marks it. */
export function effectiveStatus(order: { status: string; expiresAt: Date }, now: Date): OrderStatus {
  if (order.status === ORDER_STATUS.pending && order.expiresAt.getTime() <= now.getTime())
    return ORDER_STATUS.expired;
  return order.status as OrderStatus;
}

/**
 * The order behind a public reference, with its passes (QR codes included) once paid.
 * The reference is unguessable (codes.ts) and acts as the bearer token of the passes: the
 * success page and the confirmation email carry it, nothing else is asked.
 *
 * @throws NotFoundError unknown reference (404)
 */
export async function getOrderSummary(db: Database, reference: string, now: Date): Promise<OrderSummary> {
  const details = await findOrderDetailsWithDocuments(db, { reference });
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
    tax: details.tax ? orderTaxOf(details.tax).breakdown : null,
    invoice: invoiceSummaryOf(details.invoice),
  };
}

/**
 * The printable PDF of an order's passes (one page each; passes/pdf.ts), by public reference,
 * which authorises it as it does the order summary. Unpaid orders have none: an empty list
 * gives a one-page note.
 * @throws NotFoundError unknown reference (404)
 */
export async function orderPassesPdf(db: Database, reference: string): Promise<Buffer> {
  const details = await findOrderDetails(db, { reference });
  if (!details) throw new NotFoundError('Order not found');
  const { order, event, ticketName } = details;
  const passes = order.status === ORDER_STATUS.paid ? await passesWithPayloads(db, order.id, ticketName) : [];
  return renderPassesPdf({
    reference: order.reference,
    eventName: event.name,
    schedule: formatEventSchedule(event.startsAt, event.endsAt),
    venue: event.venue,
    organizer: organizerLine(await getSettings(db)),
    passes,
  });
}

/** An order with its ticket type's name and its event, by id, provider order id or reference. */
export async function getOrderDetails(db: Executor, key: OrderKey) {
  return findOrderDetails(db, key);
}

/** An order's attendee as payments need them: who gets a pass and the confirmation. */
export interface OrderAttendee {
  registrationId: string;
  participantCategoryId: number;
  name: string;
  email: string;
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
 * - `paid`: this delivery paid the order; its passes are issued and their emails queued;
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
  jobs: JobQueue;
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
 * Pays an honoured order: releases the attendees' other pending orders when it was paid
 * late, issues the passes, queues one confirmation email per recipient, marks it paid by
 * `paymentId` and issues its tax invoice, all in the caller's transaction.
 */
async function payOrder(
  tx: Executor,
  ctx: SettleContext,
  order: LockedOrder,
  paymentId: string,
  late: boolean,
  now: Date,
) {
  const { attendees } = order;
  const attendeeIds = attendees.map((attendee) => attendee.registrationId);
  if (late) await expirePendingOrdersOfAttendees(tx, attendeeIds, now, order.id);
  await issuePasses(tx, order, attendeeIds, now);
  for (const recipient of confirmationRecipients(attendees)) {
    await ctx.jobs.enqueue(tx, 'pass-email', { orderId: order.id, recipient });
  }
  // Marking it paid counts its seats on the ticket type's row (a trigger, decision 016), which
  // locks that row until commit; every checkout and payment of the type waits for it. So it
  // comes after the passes and emails, which need no lock, leaving only the invoice below.
  await markOrderPaid(tx, order.id, paymentId, now);
  // The tax invoice is numbered in this transaction, so a payment that rolls back gives its
  // number back and two payments never share one (issue 10 §2). Last, because the number's
  // row stays locked until commit and every paid order waits for it. A free order (a comp
  // voucher) has no consideration, so no tax invoice and no number spent on it.
  const [buyer] = attendees;
  if (buyer && order.amount > 0) {
    await issueInvoice(
      tx,
      {
        id: order.id,
        reference: order.reference,
        quantity: order.quantity,
        ticketName: order.ticketName,
        eventName: order.eventName,
        invoicePrefix: order.invoicePrefix,
        buyer,
      },
      now,
      ctx.settings,
    );
  }
}

/**
 * Settles a verified payment (valid signature) of an order locked by `lockOrderForPayment`,
 * in the caller's transaction (issue 7 §3). A pending, unexpired order is paid. An order that
 * is no longer payable is honoured only if `canHonour` says so; then the attendees' other
 * pending orders are released. Otherwise the order becomes `refund_due`. Paying issues the
 * passes and queues one confirmation email per recipient in the same transaction.
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

const statusWords = (status: string) => status.replace('_', ' ');

/**
 * An organizer's record of a bank transfer for an unpaid order locked by
 * `lockOrderForPayment`, in the caller's transaction: the order is paid exactly as a
 * provider's payment pays it (passes issued, confirmation emails queued), under the same
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
 * An organizer cancels an unpaid order (pending, expired or failed; issue 8 §2 Orders): a
 * pending order's seats return to sale at once, and a payment that still arrives for it is
 * refunded (`canHonour`). Audited with the reason.
 * @throws NotFoundError unknown reference (404)
 * @throws OrderStateError the order is paid, being refunded, refunded or cancelled (409)
 */
export async function cancelOrder(
  db: Database,
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
  const to = recipient ?? (await listOrderAttendees(tx, order.id))[0]?.email;
  if (!to) throw new OrderStateError('This order has no attendee to send it to');
  await jobs.enqueue(tx, 'pass-email', { orderId: order.id, recipient: to });
  return to;
}

/**
 * An organizer resends a paid order's confirmation with every pass to its buyer (issue 8 §2
 * Orders), as a job; audited.
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
    const order = await lockOrderByReference(tx, reference);
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

/** The orders an attendee is part of, newest first, as the console lists them. */
export async function ordersOfAttendee(db: Executor, registrationId: string, now: Date) {
  const rows = await listOrdersOfRegistration(db, registrationId);
  return rows.map(({ order, ticketName }) => ({
    reference: order.reference,
    status: effectiveStatus(order, now),
    ticketName,
    quantity: order.quantity,
    amount: order.amount,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  }));
}

/**
 * The orders that include any of these attendees (newest first, with their ticket type's name),
 * and every attendee of those orders with their registration, in checkout order.
 */
export async function ordersWithAttendees(db: Executor, registrationIds: string[]) {
  const orders = await listOrdersOfRegistrations(db, registrationIds);
  const attendees = await listAttendeesOfOrders(
    db,
    orders.map((row) => row.order.id),
  );
  return { orders, attendees };
}

/** Marks a `refund_due` order `refunded` once the provider has returned its money. */
export async function recordOrderRefunded(tx: Executor, orderId: string, now: Date): Promise<void> {
  await markOrderRefunded(tx, orderId, now);
}

/** The order row by id, undefined when unknown. */
export async function getOrder(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  return findOrderById(db, orderId);
}

/** The buyer of an order (its first attendee), for emails about it. */
export async function getOrderBuyer(db: Executor, orderId: string) {
  const [buyer] = await listOrderAttendees(db, orderId);
  return buyer;
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
    throw new OrderStateError(
      `Only paid orders can be refunded; this order is ${order.status.replace('_', ' ')}`,
    );
  }
  if (isPaidOffline(order) && !offline) {
    throw new OrderStateError(
      'This order was paid by bank transfer, so it cannot be refunded through the payment provider; return the money by bank transfer and record it with its bank reference',
    );
  }
  return order;
}

/**
 * An order whose money goes back in full: its passes stop being valid and it waits for the
 * refund (`refund_due`, then `refunded` when the provider has processed every refund).
 */
export async function cancelForFullRefund(tx: Executor, orderId: string, now: Date): Promise<void> {
  await markOrderRefundRequested(tx, orderId, now);
  await revokePassesOfOrder(tx, orderId, now);
}

/**
 * A page of the current edition's orders for the console, newest first, searched and
 * filtered on the server (issue 8 §2 Orders). Statuses read as on the public pages: a lapsed
 * pending order is `expired`. Days are India time.
 * @throws ValidationError a cursor that is not one this list gave out (400)
 */
export async function listOrders(db: Database, query: OrderListQuery, now: Date): Promise<OrderPage> {
  const event = await getCurrentEvent(db);
  const rows = await searchOrders(db, {
    eventId: event.id,
    q: query.q || undefined,
    status: query.status,
    ticketTypeId: query.ticketTypeId,
    fromDay: query.from,
    toDay: query.to,
    timeZone: EVENT_TIME_ZONE,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
    now,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      reference: row.reference,
      status: effectiveStatus({ status: row.status, expiresAt: new Date(row.expires_at) }, now),
      buyerName: row.buyer_name,
      buyerEmail: row.buyer_email,
      ticketName: row.ticket_name,
      quantity: row.quantity,
      amount: row.amount,
      createdAt: new Date(row.created_at).toISOString(),
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    })),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.cursor_at, id: last.id }) : null,
  };
}

/** An order's attendees in checkout order, each with their pass of this order if any. */
export async function orderAttendeesWithPasses(db: Executor, orderId: string) {
  const [attendees, issued] = await Promise.all([
    listOrderAttendees(db, orderId),
    passesOfOrderForConsole(db, orderId),
  ]);
  const byAttendee = new Map(issued.map((pass) => [pass.registrationId, pass]));
  return attendees.map((attendee) => {
    const pass = byAttendee.get(attendee.registrationId);
    return {
      registrationId: attendee.registrationId,
      name: attendee.name,
      email: attendee.email,
      passCode: pass?.code ?? null,
      passRevoked: pass?.revokedAt != null,
    };
  });
}

/**
 * How many orders of an event are in each status at `now`, every status present (0 if none).
 * Lapsed pending orders count as expired, as `effectiveStatus` shows them.
 */
export async function countOrdersByStatus(
  db: Executor,
  eventId: number,
  now: Date,
): Promise<Record<OrderStatus, number>> {
  const counts = Object.fromEntries(OrderStatusSchema.options.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const row of await countOrdersByEffectiveStatus(db, eventId, now)) {
    counts[OrderStatusSchema.parse(row.status)] += row.orders;
  }
  return counts;
}

/**
 * Paise captured for an event's orders: the amounts of paid, refund_due and refunded orders
 * (a refund_due or refunded order's payment was captured before it had to go back).
 */
export async function capturedOrderAmount(db: Executor, eventId: number): Promise<number> {
  return sumCapturedOrderAmounts(db, eventId);
}

/**
 * Sales of an event per calendar day in the festival's time zone (EVENT_TIME_ZONE): orders
 * now paid, by the day they were paid, with their seats and paise; every day from the first
 * sale to the last, 0 on days without one.
 */
export async function salesByDay(
  db: Executor,
  eventId: number,
): Promise<{ date: string; orders: number; seats: number; paise: number }[]> {
  return salesPerDay(db, eventId, EVENT_TIME_ZONE);
}
