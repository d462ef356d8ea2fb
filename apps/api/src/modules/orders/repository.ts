/** Orders and their attendees (statuses: status.ts). */
import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Executor } from '../../db/client.js';
import {
  events,
  firstLineOf,
  orderAttendees,
  orderLines,
  orderLineTaxes,
  orders,
  orderTaxes,
  passes,
  paymentEvents,
  registrations,
  taxDocuments,
  ticketTypes,
} from '../../db/schema.js';
import { ORDER_STATUS as STATUS } from './status.js';

/**
 * An order with the ticket type, units and unit price (paise) of its first line: while checkout
 * sells one ticket type per order that line is all the order buys (decision 024).
 */
export type OrderRow = typeof orders.$inferSelect & {
  ticketTypeId: number;
  quantity: number;
  unitAmount: number;
};
export type NewOrder = typeof orders.$inferInsert;
/** A line checkout writes: units of a ticket type at a unit price in paise (voucher applied, before tax). */
export type NewOrderLine = { ticketTypeId: number; quantity: number; unitAmount: number };

/** The columns of `OrderRow`, to select with a join on `firstLineOf(orders.id)`. */
const orderWithFirstLine = {
  ...getTableColumns(orders),
  ticketTypeId: orderLines.ticketTypeId,
  quantity: orderLines.quantity,
  unitAmount: orderLines.unitAmount,
};

/** The join condition from a line (`order_lines`) to its tax (`order_line_taxes`). */
function taxOfLine(line: typeof orderLines) {
  return and(eq(orderLineTaxes.orderId, line.orderId), eq(orderLineTaxes.position, line.position));
}

/**
 * Set on an order that stops awaiting payment: the client address and the request digest only
 * serve while it holds unpaid seats, so the address is not kept beyond that.
 */
const NO_LONGER_PENDING = { clientAddress: null, checkoutDigest: null };

/**
 * Which of these attendees already hold a pass (of any order, revoked ones too). Passes are
 * issued in the transaction that pays an order, by the passes module, which subscribes to paid
 * orders (orders/hooks.ts) and so builds on this one; checkout and settlement read the table
 * here rather than ask it.
 */
export async function findPassHolders(db: Executor, registrationIds: string[]): Promise<string[]> {
  if (registrationIds.length === 0) return [];
  const rows = await db
    .select({ registrationId: passes.registrationId })
    .from(passes)
    .where(inArray(passes.registrationId, registrationIds));
  return rows.map((row) => row.registrationId);
}

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
 * Inserts an order, its lines (at least one, numbered in the order given), its attendees in the
 * order listed and `alongside(orderId)` (inserts of another module about the order, such as its
 * tax and its lines' tax) in one statement: checkout runs it while
 * it holds the ticket type's lock, and each round trip there is one every other checkout of
 * the type waits for. The order's id is made here, so the other rows can refer to it; their
 * foreign keys are checked at the statement's end, when the order exists.
 */
export async function insertOrder(
  tx: Executor,
  values: Omit<NewOrder, 'id'>,
  lines: [NewOrderLine, ...NewOrderLine[]],
  registrationIds: string[],
  alongside: (orderId: string) => TypedQueryBuilder<undefined>[],
): Promise<OrderRow> {
  const order = { ...values, id: randomUUID() };
  const inserted = tx.$with('inserted_order').as(tx.insert(orders).values(order).returning());
  const insertedLines = tx.$with('inserted_lines').as(
    tx.insert(orderLines).values(
      lines.map((line, position) => ({
        ...line,
        orderId: order.id,
        amount: line.quantity * line.unitAmount,
        position,
      })),
    ),
  );
  const attendees = tx.$with('inserted_attendees').as(
    tx.insert(orderAttendees).values(
      registrationIds.map((registrationId, position) => ({
        orderId: order.id,
        registrationId,
        position,
      })),
    ),
  );
  const others = alongside(order.id).map((insert, index) =>
    tx.$with(`inserted_alongside_${index}`).as(insert),
  );
  const [row] = await tx
    .with(inserted, insertedLines, attendees, ...others)
    .select()
    .from(inserted);
  if (!row) throw new Error('order insert returned no row');
  const [first] = lines;
  return { ...row, ticketTypeId: first.ticketTypeId, quantity: first.quantity, unitAmount: first.unitAmount };
}

export async function setProviderOrderId(db: Executor, orderId: string, providerOrderId: string) {
  await db.update(orders).set({ providerOrderId }).where(eq(orders.id, orderId));
}

export async function findOrderByProviderOrderId(db: Executor, providerOrderId: string) {
  const [row] = await db
    .select(orderWithFirstLine)
    .from(orders)
    .innerJoin(orderLines, firstLineOf(orders.id))
    .where(eq(orders.providerOrderId, providerOrderId));
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
    .select({ order: orderWithFirstLine, ticketName: ticketTypes.name, event: events })
    .from(orders)
    .innerJoin(orderLines, firstLineOf(orders.id))
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(orderKeyCondition(key));
  return row;
}

/**
 * `findOrderDetails` with the order's stored tax (`order_taxes` and its first line's
 * `order_line_taxes`, null for orders from before GST was recorded) and its tax invoice (null
 * when none was issued), in one statement: the order summary and the pass email read them all.
 */
export async function findOrderDetailsWithDocuments(db: Executor, key: OrderKey) {
  const [row] = await db
    .select({
      order: orderWithFirstLine,
      ticketName: ticketTypes.name,
      event: events,
      tax: orderTaxes,
      firstLineTax: orderLineTaxes,
      invoice: taxDocuments,
    })
    .from(orders)
    .innerJoin(orderLines, firstLineOf(orders.id))
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(orderTaxes, eq(orderTaxes.orderId, orders.id))
    .leftJoin(orderLineTaxes, taxOfLine(orderLines))
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
 * Which of these orders have a failed payment attempt reported: a `failure` row in
 * `payment_events` (payments records the provider's failure result there; the source's value is
 * written out, as the schema does, since payments builds on this module).
 */
export async function findOrdersWithReportedFailure(db: Executor, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: paymentEvents.orderId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.source, 'failure'), inArray(paymentEvents.orderId, orderIds)));
  return new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])));
}

/** An attendee's phone as checkout's answer gives it (country code then number); undefined when unknown. */
export async function findContactNumber(db: Executor, registrationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ countryCode: registrations.countryCode, contactNo: registrations.contactNo })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return row ? `${row.countryCode}${row.contactNo}` : undefined;
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
      order: orderWithFirstLine,
      ticketName: ticketTypes.name,
      eventName: events.name,
      invoicePrefix: events.invoicePrefix,
    })
    .from(orders)
    .innerJoin(orderLines, firstLineOf(orders.id))
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
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
  const [row] = await db
    .select(orderWithFirstLine)
    .from(orders)
    .innerJoin(orderLines, firstLineOf(orders.id))
    .where(eq(orders.id, orderId));
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
  const [row] = await tx
    .select(orderWithFirstLine)
    .from(orders)
    .innerJoin(orderLines, firstLineOf(orders.id))
    .where(eq(orders.reference, reference))
    .for('update', { of: orders });
  return row;
}

/** A paid order whose money an organizer is returning in full: it waits for the refund. */
export async function markOrderRefundRequested(tx: Executor, orderId: string, now: Date) {
  await tx
    .update(orders)
    .set({ status: STATUS.refund_due, closedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, STATUS.paid)));
}

/** The orders an attendee is part of, newest first (their tickets: `listLinesOfOrders`). */
export async function listOrdersOfRegistration(db: Executor, registrationId: string) {
  return db
    .select({ order: orderWithFirstLine })
    .from(orderAttendees)
    .innerJoin(orders, eq(orders.id, orderAttendees.orderId))
    .innerJoin(orderLines, firstLineOf(orders.id))
    .where(eq(orderAttendees.registrationId, registrationId))
    .orderBy(desc(orders.createdAt));
}

/** The orders that include any of these attendees, newest first (their tickets: `listLinesOfOrders`). */
export async function listOrdersOfRegistrations(db: Executor, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  const ids = db
    .selectDistinct({ id: orderAttendees.orderId })
    .from(orderAttendees)
    .where(inArray(orderAttendees.registrationId, registrationIds));
  return db
    .select({ order: orderWithFirstLine })
    .from(orders)
    .innerJoin(orderLines, firstLineOf(orders.id))
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
 * Seats (units of every line) held at `now` by pending, unexpired orders whose buyer (first attendee) has this email
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
      byEmail: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${sameEmail}), 0)::int`,
      byAddress: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${sameAddress}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(orderAttendees, and(eq(orderAttendees.orderId, orders.id), eq(orderAttendees.position, 0)))
    .innerJoin(registrations, eq(registrations.id, orderAttendees.registrationId))
    .where(and(eq(orders.status, STATUS.pending), gt(orders.expiresAt, now), or(sameEmail, sameAddress)));
  return { byEmail: Number(row?.byEmail ?? 0), byAddress: Number(row?.byAddress ?? 0) };
}

/**
 * The pending order that still holds its seats at `now`, was made by the checkout request
 * with this digest through `provider`, and whose provider order exists, with its stored tax
 * (the order's and its first line's);
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
    .select({ order: orderWithFirstLine, tax: orderTaxes, firstLineTax: orderLineTaxes })
    .from(orderAttendees)
    .innerJoin(orders, eq(orders.id, orderAttendees.orderId))
    .innerJoin(orderLines, firstLineOf(orders.id))
    .innerJoin(orderTaxes, eq(orderTaxes.orderId, orders.id))
    .innerJoin(orderLineTaxes, taxOfLine(orderLines))
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
