/**
 * Reading orders: by key for pages, emails and payments; an attendee's orders; the console's
 * list, searched and filtered on the server; and the dashboard's counts and sales.
 */
import {
  EVENT_TIME_ZONE,
  GuestListSchema,
  OrderSourceSchema,
  OrderStatusSchema,
  type OrderListQuery,
  type OrderPage,
  type OrderStatus,
  type SalesReportRow,
  ticketNameOf,
  type TicketUnits,
  type TranslatedTicketUnits,
  unitsByTicket,
  unitsOf,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { viewerOfKey } from './access.js';
import type { OrderAttendee } from './hooks.js';
import {
  findOrderById,
  findOrderDetails,
  findOrderDetailsWithDocuments,
  findOrdersWithReportedFailure,
  listAttendeesOfOrders,
  listOrderAttendees,
  listOrdersOfRegistration,
  listOrdersOfRegistrations,
  type OrderKey,
  type OrderRow,
} from './repository.js';
import {
  countOrdersByEffectiveStatus,
  listLinesOfOrders,
  salesPerDay,
  searchOrders,
  sumCapturedOrderAmounts,
} from './repository-lists.js';
import { orderExportDetails, salesByTicketTypeAndDay } from './repository-reports.js';
import { effectiveStatus } from './status.js';

/**
 * The lines of these orders by order id, each with its ticket's name (and the organizers'
 * translations of it) and units, in position
 * order (its first line first); lines left with 0 units included: `unitsByTicket`,
 * `ticketNameOf` and `formatTicketUnits` (@festival/shared) leave them out. What names an
 * order's tickets to a person once an attendee of a group changed ticket (decision 031): the
 * order rows of this module carry only the first line's.
 */
export async function linesOfOrders(
  db: Executor,
  orderIds: string[],
): Promise<Map<string, TranslatedTicketUnits[]>> {
  const lines = new Map<string, TranslatedTicketUnits[]>();
  for (const { orderId, ...line } of await listLinesOfOrders(db, orderIds)) {
    lines.set(orderId, [...(lines.get(orderId) ?? []), line]);
  }
  return lines;
}

/** What an order's lines say of its tickets, for a row of a list (`linesOfOrders`' one order). */
export function ticketsOfLines(lines: readonly TicketUnits[]) {
  return { ticketName: ticketNameOf(lines), tickets: unitsByTicket(lines), quantity: unitsOf(lines) };
}

/** An order with its ticket type's name and its event, by id, provider order id or reference. */
export async function getOrderDetails(db: Executor, key: OrderKey) {
  return findOrderDetails(db, key);
}

/**
 * `getOrderDetails` with the order's stored tax (null for orders from before GST was recorded) and
 * its tax invoice (null when none was issued), in one statement: the order page and the
 * confirmation email read all three.
 */
export async function getOrderDetailsWithDocuments(db: Executor, key: OrderKey) {
  return findOrderDetailsWithDocuments(db, key);
}

/**
 * The order behind a public reference, with its tax, invoice and attendees, for whom `key`
 * opens it (access.ts; `secret` is OTP_SECRET).
 * @throws NotFoundError unknown reference, or a missing or wrong key: both answer alike (404)
 */
export async function openOrder(db: Executor, secret: string, reference: string, key: string | undefined) {
  const details = await findOrderDetailsWithDocuments(db, { reference });
  const attendees = details ? await listOrderAttendees(db, details.order.id) : [];
  const viewer =
    details &&
    viewerOfKey(
      secret,
      details.order.id,
      attendees.map((attendee) => attendee.email),
      key,
    );
  if (!details || !viewer) throw new NotFoundError('Order not found');
  return { ...details, attendees, viewer };
}

/** An order's attendees in checkout order (the first is the buyer). */
export async function orderAttendees(db: Executor, orderId: string): Promise<OrderAttendee[]> {
  return listOrderAttendees(db, orderId);
}

/** Which of these orders have a failed payment attempt reported (for `visitorStatus`). */
export async function ordersWithReportedFailure(db: Executor, orderIds: string[]): Promise<Set<string>> {
  return findOrdersWithReportedFailure(db, orderIds);
}

/** The orders an attendee is part of, newest first, as the console lists them. */
export async function ordersOfAttendee(db: Executor, registrationId: string, now: Date) {
  const rows = await listOrdersOfRegistration(db, registrationId);
  const lines = await linesOfOrders(
    db,
    rows.map(({ order }) => order.id),
  );
  return rows.map(({ order }) => ({
    reference: order.reference,
    status: effectiveStatus(order, now),
    ...ticketsOfLines(lines.get(order.id) ?? []),
    amount: order.amount,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  }));
}

/**
 * The orders that include any of these attendees (newest first; their tickets: `linesOfOrders`),
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

/** The order row by id, undefined when unknown. */
export async function getOrder(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  return findOrderById(db, orderId);
}

/** The buyer of an order (its first attendee), for emails about it. */
export async function getOrderBuyer(db: Executor, orderId: string): Promise<OrderAttendee | undefined> {
  const [buyer] = await listOrderAttendees(db, orderId);
  return buyer;
}

/**
 * A page of an edition's orders (`query.edition`, else the current one's) for the console, newest first, searched and
 * filtered on the server. Statuses read as on the public pages: a lapsed
 * pending order is `expired`. Days are India time.
 * @throws ValidationError a cursor that is not one this list gave out (400)
 */
export async function listOrders(db: Database, query: OrderListQuery, now: Date): Promise<OrderPage> {
  const eventId = query.edition ?? (await getCurrentEvent(db)).id;
  const rows = await searchOrders(db, {
    eventId,
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
  const lines = await linesOfOrders(
    db,
    page.map((row) => row.id),
  );
  return {
    items: page.map((row) => ({
      reference: row.reference,
      status: effectiveStatus({ status: row.status, expiresAt: new Date(row.expires_at) }, now),
      buyerName: row.buyer_name,
      buyerEmail: row.buyer_email,
      ...ticketsOfLines(lines.get(row.id) ?? []),
      amount: row.amount,
      createdAt: new Date(row.created_at).toISOString(),
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      source: OrderSourceSchema.parse(row.source),
      guestList: row.guest_list === null ? null : GuestListSchema.parse(row.guest_list),
    })),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.cursor_at, id: last.id }) : null,
  };
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

/**
 * The sales report of edition `eventId`: each day's captured sales by ticket type with their GST
 * (repository-reports.ts), in paise, days in EVENT_TIME_ZONE.
 */
export async function salesReport(db: Executor, eventId: number): Promise<SalesReportRow[]> {
  const rows = await salesByTicketTypeAndDay(db, eventId, EVENT_TIME_ZONE);
  return rows.map((row) => ({
    day: row.day,
    ticketTypeId: row.ticket_type_id,
    ticketName: row.ticket_name,
    orders: row.orders,
    units: row.units,
    beforeTax: Number(row.before_tax),
    taxable: Number(row.taxable),
    cgst: Number(row.cgst),
    sgst: Number(row.sgst),
    igst: Number(row.igst),
    total: Number(row.total),
  }));
}

/** What an order export adds to the list's columns for one order (`exportDetailsOfOrders`). */
export interface OrderExportDetails {
  /** Paise; null for an order from before GST was recorded. */
  taxable: number | null;
  cgst: number | null;
  sgst: number | null;
  igst: number | null;
  placeOfSupplyCode: string | null;
  buyerGstin: string | null;
  invoiceNumber: string | null;
  voucherCode: string | null;
  /** Paise the provider returned. */
  refunded: number;
}

/**
 * The export's extra columns of the orders `references` names, by reference: GST split and
 * place of supply, the buyer's GSTIN, the invoice number, the voucher and the paise refunded.
 * One statement for a page of orders.
 */
export async function exportDetailsOfOrders(
  db: Executor,
  references: string[],
): Promise<Map<string, OrderExportDetails>> {
  const rows = await orderExportDetails(db, references);
  return new Map(
    rows.map((row) => [
      row.reference,
      {
        taxable: row.taxable,
        cgst: row.cgst,
        sgst: row.sgst,
        igst: row.igst,
        placeOfSupplyCode: row.place_of_supply_code,
        buyerGstin: row.buyer_gstin,
        invoiceNumber: row.invoice_number,
        voucherCode: row.voucher_code,
        refunded: Number(row.refunded),
      },
    ]),
  );
}
