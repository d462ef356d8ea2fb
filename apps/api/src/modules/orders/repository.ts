/** Orders and their attendees (statuses: status.ts). */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Executor } from '../../db/client.js';
import { containsText, rowsOf, withinDays } from '../../db/search.js';
import type { CursorPosition } from '../../lib/cursor.js';
import {
  events,
  orderAttendees,
  orders,
  orderTaxes,
  registrations,
  taxDocuments,
  ticketTypes,
} from '../../db/schema.js';
import { ORDER_STATUS as STATUS } from './status.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/**
 * Set on an order that stops awaiting payment: the client address and the request digest only
 * serve while it holds unpaid seats, so the address is not kept beyond that.
 */
const NO_LONGER_PENDING = { clientAddress: null, checkoutDigest: null };

/** The registrations with these ids (any event), locked against concurrent checkouts of the same attendee. */
export async function lockRegistrations(tx: Executor, ids: string[]) {
  return (
    tx
      .select({
        id: registrations.id,
        eventId: registrations.eventId,
        participantCategoryId: registrations.participantCategoryId,
        name: registrations.name,
        email: registrations.email,
        countryCode: registrations.countryCode,
        contactNo: registrations.contactNo,
      })
      .from(registrations)
      .where(inArray(registrations.id, ids))
      // Id order, so two checkouts sharing attendees lock them in the same order (no deadlock).
      // NO KEY UPDATE still lets other transactions insert rows that reference these attendees.
      .orderBy(asc(registrations.id))
      .for('no key update')
  );
}

/**
 * Releases the seats of pending orders that hold any of these attendees (a retried checkout
 * replaces the earlier reservation instead of holding seats twice).
 */
export async function expirePendingOrdersOfAttendees(
  tx: Executor,
  registrationIds: string[],
  now: Date,
  exceptOrderId?: string,
) {
  const held = tx
    .select({ orderId: orderAttendees.orderId })
    .from(orderAttendees)
    .where(inArray(orderAttendees.registrationId, registrationIds));
  await tx
    .update(orders)
    .set({ status: STATUS.expired, closedAt: now, ...NO_LONGER_PENDING })
    .where(
      and(
        eq(orders.status, STATUS.pending),
        inArray(orders.id, held),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    );
}

/**
 * Marks pending orders whose reservation lapsed before `now` expired (bookkeeping only: lapsed
 * orders already hold no seats), at most `limit` of them. Rows another transaction has locked
 * are skipped, never waited for.
 * @returns how many were marked
 */
export async function expireLapsedOrders(tx: Executor, now: Date, limit: number): Promise<number> {
  const lapsed = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, STATUS.pending), lte(orders.expiresAt, now)))
    .limit(limit)
    .for('update', { skipLocked: true });
  const marked = await tx
    .update(orders)
    .set({ status: STATUS.expired, closedAt: now, ...NO_LONGER_PENDING })
    .where(inArray(orders.id, lapsed))
    .returning({ id: orders.id });
  return marked.length;
}

/**
 * Inserts an order, its attendees in the order listed and `alongside(orderId)` (an insert of
 * another module about the order, such as its tax) in one statement: checkout runs it while
 * it holds the ticket type's lock, and each round trip there is one every other checkout of
 * the type waits for. The order's id is made here, so the other rows can refer to it; their
 * foreign keys are checked at the statement's end, when the order exists.
 */
export async function insertOrder(
  tx: Executor,
  values: Omit<NewOrder, 'id'>,
  registrationIds: string[],
  alongside: (orderId: string) => TypedQueryBuilder<undefined>,
): Promise<OrderRow> {
  const order = { ...values, id: randomUUID() };
  const inserted = tx.$with('inserted_order').as(tx.insert(orders).values(order).returning());
  const attendees = tx.$with('inserted_attendees').as(
    tx.insert(orderAttendees).values(
      registrationIds.map((registrationId, position) => ({
        orderId: order.id,
        registrationId,
        position,
      })),
    ),
  );
  const other = tx.$with('inserted_alongside').as(alongside(order.id));
  const [row] = await tx.with(inserted, attendees, other).select().from(inserted);
  if (!row) throw new Error('order insert returned no row');
  return row;
}

export async function setProviderOrderId(db: Executor, orderId: string, providerOrderId: string) {
  await db.update(orders).set({ providerOrderId }).where(eq(orders.id, orderId));
}

export async function findOrderByProviderOrderId(db: Executor, providerOrderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
  return row;
}

export type OrderKey = { id: string } | { providerOrderId: string } | { reference: string };

function orderKeyCondition(key: OrderKey) {
  if ('id' in key) return eq(orders.id, key.id);
  if ('providerOrderId' in key) return eq(orders.providerOrderId, key.providerOrderId);
  return eq(orders.reference, key.reference);
}

/** The id of the order `key` names, as a subquery (none when unknown), or the id itself. */
function orderIdOf(db: Executor, key: OrderKey) {
  if ('id' in key) return key.id;
  return sql`(${db.select({ id: orders.id }).from(orders).where(orderKeyCondition(key))})`;
}

/** An order with its ticket type's name and its event, for pages and emails. */
export async function findOrderDetails(db: Executor, key: OrderKey) {
  const [row] = await db
    .select({ order: orders, ticketName: ticketTypes.name, event: events })
    .from(orders)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orders.ticketTypeId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(orderKeyCondition(key));
  return row;
}

/**
 * `findOrderDetails` with the order's stored tax (`order_taxes`, null for orders from before
 * issue 10) and its tax invoice (null when none was issued), in one statement: the order
 * summary and the pass email read all three.
 */
export async function findOrderDetailsWithDocuments(db: Executor, key: OrderKey) {
  const [row] = await db
    .select({
      order: orders,
      ticketName: ticketTypes.name,
      event: events,
      tax: orderTaxes,
      invoice: taxDocuments,
    })
    .from(orders)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orders.ticketTypeId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(orderTaxes, eq(orderTaxes.orderId, orders.id))
    // At most one: tax_documents_invoice_of_order_uq.
    .leftJoin(taxDocuments, and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, 'invoice')))
    .where(orderKeyCondition(key));
  return row;
}

/** The order's attendees in the order they were listed at checkout. */
export async function listOrderAttendees(db: Executor, orderId: string) {
  return db
    .select({
      registrationId: registrations.id,
      participantCategoryId: registrations.participantCategoryId,
      name: registrations.name,
      email: registrations.email,
    })
    .from(orderAttendees)
    .innerJoin(registrations, eq(registrations.id, orderAttendees.registrationId))
    .where(eq(orderAttendees.orderId, orderId))
    .orderBy(asc(orderAttendees.position));
}

/**
 * Locks the registrations of an order's attendees (NO KEY UPDATE, in id order, as
 * `lockRegistrations`) and returns the attendees in the order they were listed at checkout:
 * `lockRegistrations` and `listOrderAttendees` in one statement.
 */
export async function lockAttendeesOfOrder(tx: Executor, key: OrderKey) {
  const rows = await tx
    .select({
      registrationId: registrations.id,
      participantCategoryId: registrations.participantCategoryId,
      name: registrations.name,
      email: registrations.email,
      position: orderAttendees.position,
    })
    .from(orderAttendees)
    .innerJoin(registrations, eq(registrations.id, orderAttendees.registrationId))
    .where(eq(orderAttendees.orderId, orderIdOf(tx, key)))
    .orderBy(asc(registrations.id))
    .for('no key update', { of: registrations });
  return rows.sort((a, b) => a.position - b.position).map(({ position: _position, ...attendee }) => attendee);
}

/**
 * Reads an order with its ticket type's name and its edition's name and invoice prefix, and locks the
 * order's row (not the ticket type's nor the edition's) until the transaction ends. A concurrent caller waits, then reads the row as the
 * first committed it: payment deliveries decide one at a time.
 */
export async function lockOrderWithTicketName(tx: Executor, key: OrderKey) {
  const [row] = await tx
    .select({
      order: orders,
      ticketName: ticketTypes.name,
      eventName: events.name,
      invoicePrefix: events.invoicePrefix,
    })
    .from(orders)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orders.ticketTypeId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(orderKeyCondition(key))
    .for('update', { of: orders });
  return row;
}

/** Marks an order paid by a payment; `status <> 'paid'` keeps a paid order's first payment. True when it changed. */
export async function markOrderPaid(tx: Executor, orderId: string, paymentId: string, now: Date) {
  const rows = await tx
    .update(orders)
    .set({
      status: STATUS.paid,
      paidAt: now,
      closedAt: null,
      providerPaymentId: paymentId,
      ...NO_LONGER_PENDING,
    })
    .where(and(eq(orders.id, orderId), ne(orders.status, STATUS.paid)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Records a payment that must be returned: the order keeps the payment id and waits for its refund. */
export async function markOrderRefundDue(tx: Executor, orderId: string, paymentId: string, now: Date) {
  await tx
    .update(orders)
    .set({
      status: STATUS.refund_due,
      paidAt: now,
      closedAt: now,
      providerPaymentId: paymentId,
      ...NO_LONGER_PENDING,
    })
    .where(eq(orders.id, orderId));
}

/** A `refund_due` order whose refund the provider has processed. */
export async function markOrderRefunded(tx: Executor, orderId: string, now: Date) {
  await tx
    .update(orders)
    .set({ status: STATUS.refunded, closedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, STATUS.refund_due)));
}

/** Records that the buyer's confirmation email was handed to the mail server. */
export async function markPassEmailSent(db: Executor, orderId: string, now: Date) {
  await db.update(orders).set({ passEmailSentAt: now }).where(eq(orders.id, orderId));
}

export async function findOrderById(db: Executor, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** Marks a pending order failed, releasing its seats. Paid, expired and failed orders are left alone. */
export async function markOrderFailed(db: Executor, orderId: string, now: Date) {
  const [row] = await db
    .update(orders)
    .set({ status: STATUS.failed, closedAt: now, ...NO_LONGER_PENDING })
    .where(and(eq(orders.id, orderId), eq(orders.status, STATUS.pending)))
    .returning({ id: orders.id });
  return row;
}

/**
 * Moves a pending order's expiry to `expiresAt` and stamps `extended_at`, in one statement so
 * that only a reservation still holding its seats (pending, `expires_at` after `now`) and never
 * extended before changes, even when two requests race. Undefined when nothing changed.
 */
export async function extendPendingReservation(db: Executor, reference: string, now: Date, expiresAt: Date) {
  const [row] = await db
    .update(orders)
    .set({ expiresAt, extendedAt: now })
    .where(
      and(
        eq(orders.reference, reference),
        eq(orders.status, STATUS.pending),
        gt(orders.expiresAt, now),
        isNull(orders.extendedAt),
      ),
    )
    .returning({ reference: orders.reference, expiresAt: orders.expiresAt });
  return row;
}

/** Reads an order by its public reference and locks it until the transaction ends. */
export async function lockOrderByReference(tx: Executor, reference: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.reference, reference)).for('update');
  return row;
}

/** A paid order whose money an organizer is returning in full: it waits for the refund. */
export async function markOrderRefundRequested(tx: Executor, orderId: string, now: Date) {
  await tx
    .update(orders)
    .set({ status: STATUS.refund_due, closedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, STATUS.paid)));
}

export interface OrderSearch {
  eventId: number;
  /** Searched as a substring of the buyer's name or email, or exactly as a reference. */
  q?: string | undefined;
  status?: string | undefined;
  ticketTypeId?: number | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
  timeZone: string;
  after?: CursorPosition | undefined;
  limit: number;
  now: Date;
}

export interface OrderListRecord {
  id: string;
  reference: string;
  status: string;
  expires_at: Date | string;
  buyer_name: string;
  buyer_email: string;
  ticket_name: string;
  quantity: number;
  amount: number;
  created_at: Date | string;
  /** `created_at::text`, for the next page's cursor. */
  cursor_at: string;
  paid_at: Date | string | null;
}

/**
 * A page of an event's orders, newest first, with the buyer (first attendee) and the ticket
 * type. `status: 'expired'` includes pending orders whose reservation has lapsed, and
 * `'pending'` only those still holding seats, as the public pages read them.
 */
export async function searchOrders(db: Executor, search: OrderSearch) {
  const now = search.now.toISOString();
  const conditions = [sql`o.event_id = ${search.eventId}`];
  if (search.q) {
    conditions.push(
      sql`(upper(o.reference) = upper(${search.q}) or ${containsText(sql`b.name || ' ' || b.email`, search.q)})`,
    );
  }
  if (search.status === STATUS.pending) {
    conditions.push(sql`o.status = 'pending' and o.expires_at > ${now}::timestamptz`);
  } else if (search.status === STATUS.expired) {
    conditions.push(
      sql`(o.status = 'expired' or (o.status = 'pending' and o.expires_at <= ${now}::timestamptz))`,
    );
  } else if (search.status) {
    conditions.push(sql`o.status = ${search.status}`);
  }
  if (search.ticketTypeId !== undefined) conditions.push(sql`o.ticket_type_id = ${search.ticketTypeId}`);
  conditions.push(...withinDays(sql`o.created_at`, search.timeZone, search.fromDay, search.toDay));
  if (search.after) {
    conditions.push(
      sql`(o.created_at, o.id) < (${search.after.createdAt}::timestamptz, ${search.after.id}::uuid)`,
    );
  }
  const result = await db.execute(sql`
    select o.id, o.reference, o.status, o.expires_at, b.name as buyer_name, b.email as buyer_email,
           t.name as ticket_name, o.quantity, o.amount, o.created_at, o.created_at::text as cursor_at, o.paid_at
    from orders o
    join order_attendees oa on oa.order_id = o.id and oa.position = 0
    join registrations b on b.id = oa.registration_id
    join ticket_types t on t.id = o.ticket_type_id
    where ${sql.join(conditions, sql` and `)}
    order by o.created_at desc, o.id desc
    limit ${search.limit}`);
  return rowsOf<OrderListRecord>(result);
}

/**
 * Orders of an event per status as the buyer would see it at `now`: a pending order whose
 * reservation has lapsed counts as expired (as `effectiveStatus` in service.ts decides for one).
 */
export async function countOrdersByEffectiveStatus(db: Executor, eventId: number, now: Date) {
  const lapsed = and(eq(orders.status, STATUS.pending), lte(orders.expiresAt, now));
  const effective = db
    .select({
      status: sql<string>`case when ${lapsed} then ${STATUS.expired} else ${orders.status} end`.as('status'),
    })
    .from(orders)
    .where(eq(orders.eventId, eventId))
    .as('effective');
  return db.select({ status: effective.status, orders: count() }).from(effective).groupBy(effective.status);
}

/**
 * Paise of an event's orders whose payment was captured: paid, and refund_due or refunded
 * (captured, then owed back). Second payments of a settled order are not orders' amounts;
 * the payments module counts them.
 */
export async function sumCapturedOrderAmounts(db: Executor, eventId: number): Promise<number> {
  const [row] = await db
    .select({ paise: sql<string>`coalesce(sum(${orders.amount}), 0)::bigint` })
    .from(orders)
    .where(
      and(
        eq(orders.eventId, eventId),
        inArray(orders.status, [STATUS.paid, STATUS.refund_due, STATUS.refunded]),
      ),
    );
  return Number(row?.paise ?? 0);
}

/**
 * Sales of an event per calendar day in `timeZone` (an IANA name, PostgreSQL's `at time zone`):
 * orders now paid, by the day they were paid, with their seats and paise. Every day from the
 * first sale to the last is listed, 0 on days without one; no sale, no rows.
 */
export async function salesPerDay(db: Executor, eventId: number, timeZone: string) {
  const paid = db.$with('paid').as(
    db
      .select({
        day: sql<string>`(${orders.paidAt} at time zone ${timeZone})::date`.as('day'),
        quantity: orders.quantity,
        amount: orders.amount,
      })
      .from(orders)
      .where(and(eq(orders.eventId, eventId), eq(orders.status, STATUS.paid))),
  );
  const rows = await db
    .with(paid)
    .select({
      date: sql<string>`to_char(calendar.calendar_day, 'YYYY-MM-DD')`,
      orders: sql<number>`count(${paid.day})::int`,
      seats: sql<number>`coalesce(sum(${paid.quantity}), 0)::int`,
      paise: sql<string>`coalesce(sum(${paid.amount}), 0)::bigint`,
    })
    .from(
      sql`generate_series((select min(day) from paid), (select max(day) from paid), interval '1 day') as calendar(calendar_day)`,
    )
    .leftJoin(paid, sql`${paid.day} = calendar.calendar_day::date`)
    .groupBy(sql`calendar.calendar_day`)
    .orderBy(sql`calendar.calendar_day`);
  return rows.map((row) => ({ ...row, paise: Number(row.paise) }));
}

/** The orders an attendee is part of, newest first, with their ticket type's name. */
export async function listOrdersOfRegistration(db: Executor, registrationId: string) {
  return db
    .select({ order: orders, ticketName: ticketTypes.name })
    .from(orderAttendees)
    .innerJoin(orders, eq(orders.id, orderAttendees.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, orders.ticketTypeId))
    .where(eq(orderAttendees.registrationId, registrationId))
    .orderBy(desc(orders.createdAt));
}

/** The orders that include any of these attendees, newest first, with their ticket type's name. */
export async function listOrdersOfRegistrations(db: Executor, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  const ids = db
    .selectDistinct({ id: orderAttendees.orderId })
    .from(orderAttendees)
    .where(inArray(orderAttendees.registrationId, registrationIds));
  return db
    .select({ order: orders, ticketName: ticketTypes.name })
    .from(orders)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orders.ticketTypeId))
    .where(inArray(orders.id, ids))
    .orderBy(desc(orders.createdAt));
}

/** The attendees of these orders with their registrations, in checkout order within each order. */
export async function listAttendeesOfOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderAttendees.orderId,
      position: orderAttendees.position,
      registration: registrations,
    })
    .from(orderAttendees)
    .innerJoin(registrations, eq(registrations.id, orderAttendees.registrationId))
    .where(inArray(orderAttendees.orderId, orderIds))
    .orderBy(asc(orderAttendees.orderId), asc(orderAttendees.position));
}

/**
 * Cancels an unpaid order (pending, expired or failed; an organizer's decision): a pending
 * order's seats return to sale at once.
 */
export async function markOrderCancelled(tx: Executor, orderId: string, now: Date) {
  await tx
    .update(orders)
    .set({ status: STATUS.cancelled, closedAt: now, ...NO_LONGER_PENDING })
    .where(
      and(eq(orders.id, orderId), inArray(orders.status, [STATUS.pending, STATUS.expired, STATUS.failed])),
    );
}

/**
 * Serialises, until the transaction ends, the checkouts of one buyer: a PostgreSQL advisory
 * lock per key (a buyer's email, their client address), taken in one order everywhere, so
 * two checkouts sharing a key count the other's seats and never deadlock on each other.
 */
export async function lockBuyerKeys(tx: Executor, keys: string[]) {
  const names = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  // Sorted in a subquery, which PostgreSQL does not flatten, so the locks follow its order.
  await tx.execute(sql`
    select pg_advisory_xact_lock(key)
    from (select hashtext(name) as key from (values ${names}) as keys(name) order by 1) as ordered`);
}

/**
 * Seats held at `now` by pending, unexpired orders whose buyer (first attendee) has this email
 * (any case), and by those checked out from this client address.
 */
export async function countUnpaidSeats(
  db: Executor,
  buyer: { email: string; clientAddress: string },
  now: Date,
): Promise<{ byEmail: number; byAddress: number }> {
  const sameEmail = sql`lower(${registrations.email}) = lower(${buyer.email})`;
  const sameAddress = eq(orders.clientAddress, buyer.clientAddress);
  const [row] = await db
    .select({
      byEmail: sql<number>`coalesce(sum(${orders.quantity}) filter (where ${sameEmail}), 0)::int`,
      byAddress: sql<number>`coalesce(sum(${orders.quantity}) filter (where ${sameAddress}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderAttendees, and(eq(orderAttendees.orderId, orders.id), eq(orderAttendees.position, 0)))
    .innerJoin(registrations, eq(registrations.id, orderAttendees.registrationId))
    .where(and(eq(orders.status, STATUS.pending), gt(orders.expiresAt, now), or(sameEmail, sameAddress)));
  return { byEmail: Number(row?.byEmail ?? 0), byAddress: Number(row?.byAddress ?? 0) };
}

/**
 * The pending order that still holds its seats at `now`, was made by the checkout request
 * with this digest through `provider`, and whose provider order exists, with its stored tax;
 * undefined when there is none. `firstAttendeeId` narrows the search to that attendee's orders.
 */
export async function findHoldingOrderByDigest(
  tx: Executor,
  firstAttendeeId: string,
  digest: string,
  provider: string,
  now: Date,
) {
  const [row] = await tx
    .select({ order: orders, tax: orderTaxes })
    .from(orderAttendees)
    .innerJoin(orders, eq(orders.id, orderAttendees.orderId))
    .innerJoin(orderTaxes, eq(orderTaxes.orderId, orders.id))
    .where(
      and(
        eq(orderAttendees.registrationId, firstAttendeeId),
        eq(orders.checkoutDigest, digest),
        eq(orders.provider, provider),
        eq(orders.status, STATUS.pending),
        gt(orders.expiresAt, now),
        isNotNull(orders.providerOrderId),
      ),
    );
  return row?.order.providerOrderId ? { ...row, providerOrderId: row.order.providerOrderId } : undefined;
}
