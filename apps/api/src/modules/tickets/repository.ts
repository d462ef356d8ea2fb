/**
 * Ticket types and the seats held against their capacity. A seat is held by a paid order or
 * by a pending order whose reservation has not lapsed (`expires_at > now`); expired, failed
 * and lapsed pending orders hold nothing, so no background job is needed to return seats.
 */
import { and, asc, count, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orders, registrations, ticketTypes } from '../../db/schema.js';
import { ORDER_STATUS } from '../orders/status.js';

export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type NewTicketTypeRow = typeof ticketTypes.$inferInsert;

/** Condition on `orders`: the order holds its seats at `now`. */
export function holdsSeats(now: Date) {
  return or(
    eq(orders.status, ORDER_STATUS.paid),
    and(eq(orders.status, ORDER_STATUS.pending), gt(orders.expiresAt, now)),
  );
}

/** Ticket types of one event and participant category, in display order, with seats held at `now`. */
export async function listTicketTypesWithHeldSeats(
  db: Executor,
  eventId: number,
  participantCategoryId: number,
  now: Date,
): Promise<(TicketTypeRow & { heldSeats: number })[]> {
  const held = db
    .select({
      ticketTypeId: orders.ticketTypeId,
      seats: sql<number>`sum(${orders.quantity})::int`.as('seats'),
    })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), holdsSeats(now)))
    .groupBy(orders.ticketTypeId)
    .as('held');
  const rows = await db
    .select({ ticketType: ticketTypes, heldSeats: sql<number>`coalesce(${held.seats}, 0)::int` })
    .from(ticketTypes)
    .leftJoin(held, eq(held.ticketTypeId, ticketTypes.id))
    .where(
      and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.participantCategoryId, participantCategoryId)),
    )
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
  return rows.map((row) => ({ ...row.ticketType, heldSeats: Number(row.heldSeats) }));
}

/**
 * Reads a ticket type of the event and locks its row until the transaction ends: concurrent
 * checkouts of the same ticket type then count and reserve seats one after another, and
 * payments, whose `sold_seats` update (the orders triggers) takes the same lock, wait for
 * them, so capacity cannot be oversold. Call inside a transaction.
 *
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: inserting a registration or an order that refers
 * to the ticket type takes a KEY SHARE lock on its row (the foreign key), which FOR UPDATE
 * would wait for and block. With the row updated by every payment, FOR UPDATE also
 * deadlocked against those foreign-key checks following the row's update chain (seen on
 * PostgreSQL under the order-flow bench). Deleting the ticket type asks for `'update'`,
 * which keeps new references out while it counts the existing ones.
 */
export async function lockTicketType(
  tx: Executor,
  eventId: number,
  ticketTypeId: number,
  strength: 'no key update' | 'update' = 'no key update',
) {
  const [row] = await tx
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, ticketTypeId), eq(ticketTypes.eventId, eventId)))
    .for(strength);
  return row;
}

/** Every ticket type of an event: its id and the participant category it is sold to. */
export function listTicketTypeCategories(db: Executor, eventId: number) {
  return db
    .select({ id: ticketTypes.id, participantCategoryId: ticketTypes.participantCategoryId })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
}

/** Every ticket type of an event with what decides whether it sells: category, visibility, archiving, sales window. */
export async function listSaleWindows(db: Executor, eventId: number) {
  // Awaited here: a Drizzle query is a thenable that runs again each time it is awaited, and
  // the caller keeps the result (db/read-mostly.ts).
  return await db
    .select({
      participantCategoryId: ticketTypes.participantCategoryId,
      visibility: ticketTypes.visibility,
      archivedAt: ticketTypes.archivedAt,
      salesStartAt: ticketTypes.salesStartAt,
      salesEndAt: ticketTypes.salesEndAt,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
}

/** A ticket type of the event, without locking it; undefined when the event has none such. */
export async function findTicketType(db: Executor, eventId: number, ticketTypeId: number) {
  const [row] = await db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, ticketTypeId), eq(ticketTypes.eventId, eventId)));
  return row;
}

/**
 * Seats of a ticket type at `now`, in one statement: `held` by paid orders (the row's
 * `sold_seats`, which the database keeps) and unexpired pending ones, and each count of
 * `extra` (integer subqueries of other modules: seats vouchers hold back, seats owed to the
 * waiting list). Read it after locking the ticket type (`lockTicketType`): no payment then
 * changes `sold_seats` until the transaction ends.
 * @throws Error when no such ticket type exists (it was locked, so it does)
 */
export async function countSeatsWith<K extends string>(
  db: Executor,
  ticketTypeId: number,
  now: Date,
  extra: Record<K, SQL<number>>,
): Promise<Record<K | 'held', number>> {
  const reserving = and(
    eq(orders.ticketTypeId, ticketTypeId),
    eq(orders.status, ORDER_STATUS.pending),
    gt(orders.expiresAt, now),
  );
  const held = sql<number>`${ticketTypes.soldSeats} + (select coalesce(sum(${orders.quantity}), 0)::int from ${orders} where ${reserving})`;
  const [row] = await db
    .select({ ...extra, held } as Record<K | 'held', SQL<number>>)
    .from(ticketTypes)
    .where(eq(ticketTypes.id, ticketTypeId));
  if (!row) throw new Error(`ticket type ${ticketTypeId} vanished while locked`);
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)])) as Record<
    K | 'held',
    number
  >;
}

/**
 * Every ticket type of an event (by participant category, then display order) with the seats
 * paid orders hold (`sold`) and the seats unexpired pending orders hold (`reserved`) at `now`.
 */
export async function listTicketTypeSeats(db: Executor, eventId: number, now: Date) {
  const rows = await listEventTicketTypesWithSeats(db, eventId, now);
  return rows.map(({ id, name, participantCategoryId, capacity, sold, reserved }) => ({
    id,
    name,
    participantCategoryId,
    capacity,
    sold,
    reserved,
  }));
}

/** Seats of a ticket type at `now`: `sold` by paid orders, `reserved` by unexpired pending ones. */
export interface SeatCounts {
  sold: number;
  reserved: number;
}

function seatCountColumns(now: Date) {
  const paid = eq(orders.status, ORDER_STATUS.paid);
  const reserving = and(eq(orders.status, ORDER_STATUS.pending), gt(orders.expiresAt, now));
  return {
    sold: sql<number>`coalesce(sum(${orders.quantity}) filter (where ${paid}), 0)::int`.as('sold'),
    reserved: sql<number>`coalesce(sum(${orders.quantity}) filter (where ${reserving}), 0)::int`.as(
      'reserved',
    ),
  };
}

/** Sold and reserved seats of one ticket type at `now`. */
export async function countSeats(db: Executor, ticketTypeId: number, now: Date): Promise<SeatCounts> {
  const [row] = await db
    .select(seatCountColumns(now))
    .from(orders)
    .where(eq(orders.ticketTypeId, ticketTypeId));
  return { sold: Number(row?.sold ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/** Every ticket type of an event (archived ones too), in display order, with sold and reserved seats at `now`. */
export async function listEventTicketTypesWithSeats(
  db: Executor,
  eventId: number,
  now: Date,
): Promise<(TicketTypeRow & SeatCounts)[]> {
  const seats = db
    .select({ ticketTypeId: orders.ticketTypeId, ...seatCountColumns(now) })
    .from(orders)
    .where(eq(orders.eventId, eventId))
    .groupBy(orders.ticketTypeId)
    .as('seats');
  const rows = await db
    .select({
      ticketType: ticketTypes,
      sold: sql<number>`coalesce(${seats.sold}, 0)::int`,
      reserved: sql<number>`coalesce(${seats.reserved}, 0)::int`,
    })
    .from(ticketTypes)
    .leftJoin(seats, eq(seats.ticketTypeId, ticketTypes.id))
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.participantCategoryId), asc(ticketTypes.sortOrder), asc(ticketTypes.id));
  return rows.map((row) => ({ ...row.ticketType, sold: Number(row.sold), reserved: Number(row.reserved) }));
}

/** Orders (any status) and registrations that refer to a ticket type; either forbids deleting it. */
export async function countTicketTypeReferences(db: Executor, ticketTypeId: number) {
  const [orderCount] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.ticketTypeId, ticketTypeId));
  const [registrationCount] = await db
    .select({ n: count() })
    .from(registrations)
    .where(eq(registrations.ticketTypeId, ticketTypeId));
  return { orders: Number(orderCount?.n ?? 0), registrations: Number(registrationCount?.n ?? 0) };
}

export async function insertTicketTypeRow(db: Executor, values: NewTicketTypeRow): Promise<TicketTypeRow> {
  const [row] = await db.insert(ticketTypes).values(values).returning();
  if (!row) throw new Error('ticket type insert returned no row');
  return row;
}

export async function updateTicketTypeRow(
  db: Executor,
  id: number,
  values: Partial<NewTicketTypeRow>,
): Promise<TicketTypeRow> {
  const [row] = await db.update(ticketTypes).set(values).where(eq(ticketTypes.id, id)).returning();
  if (!row) throw new Error(`ticket type ${id} vanished while locked`);
  return row;
}

export async function deleteTicketTypeRow(db: Executor, id: number): Promise<void> {
  await db.delete(ticketTypes).where(eq(ticketTypes.id, id));
}
