/**
 * The SQL that counts seats: what orders, vouchers and the waiting list hold of a ticket type's
 * capacity. Reads their tables, writes nothing: each of them keeps its own rows, and the paid
 * seats are the ticket type's `sold_seats`, which the database keeps from the paid orders' lines
 * (migrations 0021, 0027).
 */
import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { OrderStatusSchema } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import {
  orderLines,
  orders,
  ticketTypes,
  voucherTicketTypes,
  vouchers,
  waitingListEntries,
} from '../../db/schema.js';

const ORDER_STATUS = OrderStatusSchema.enum;

/**
 * Conditions on `orders` at `now`: `sold`, a paid order; `reserved`, a pending order whose
 * reservation has not lapsed (`expires_at > now`); `holding`, either. Expired, failed, lapsed,
 * cancelled and refunded orders hold nothing, so no job is needed to return their seats.
 */
export function seatConditions(now: Date): { sold: SQL; reserved: SQL; holding: SQL } {
  const sold = eq(orders.status, ORDER_STATUS.paid);
  const reserved = and(eq(orders.status, ORDER_STATUS.pending), gt(orders.expiresAt, now))!;
  return { sold, reserved, holding: or(sold, reserved)! };
}

/** Seats of a ticket type, counted in one statement (see `countSeats`). */
export interface SeatCount {
  /** Held by orders: paid (`sold_seats`) and reserved. */
  held: number;
  /** Held back by voucher `voucherId` for its holder (0 without one). */
  own: number;
  /** Held back by every other usable voucher. */
  others: number;
  /** Asked for by the waiting list's entries still waiting. */
  owed: number;
}

/**
 * The columns of `SeatCount` for the `ticket_types` row of the query they are selected in.
 * A voucher holds back its reserved seats minus those its own orders hold (which count as
 * held), while it is usable: not disabled, its window not over. Its uses (`max_uses`) are the
 * vouchers module's business; only its reserved seats are availability's.
 */
function seatColumns(now: Date, voucherId: number | null): Record<keyof SeatCount, SQL<number>> {
  const { reserved, holding } = seatConditions(now);
  // Units of the lines of orders matching `where` (an order counts each of its lines).
  const unitsOfOrders = (where: SQL) =>
    sql`(select coalesce(sum(${orderLines.quantity}), 0) from ${orders} inner join ${orderLines} on ${orderLines.orderId} = ${orders.id} where ${where})`;
  const reserving = and(eq(orderLines.ticketTypeId, ticketTypes.id), reserved)!;
  const held = sql<number>`(${ticketTypes.soldSeats} + ${unitsOfOrders(reserving)})::int`;
  const usedOfVoucher = unitsOfOrders(and(eq(orders.voucherId, vouchers.id), holding)!);
  const heldBack = sql`greatest(${vouchers.reservedSeats} - ${usedOfVoucher}, 0)`;
  const usable = and(
    sql`${vouchers.id} in (select ${voucherTicketTypes.voucherId} from ${voucherTicketTypes} where ${voucherTicketTypes.ticketTypeId} = ${ticketTypes.id})`,
    gt(vouchers.reservedSeats, 0),
    isNull(vouchers.disabledAt),
    or(isNull(vouchers.validUntil), gt(vouchers.validUntil, now)),
  );
  const isOwn = voucherId === null ? sql`false` : sql`${vouchers.id} = ${voucherId}`;
  const heldBackBy = (which: SQL) =>
    sql<number>`(select coalesce(sum(${heldBack}) filter (where ${which}), 0)::int from ${vouchers} where ${usable})`;
  const waiting = and(
    eq(waitingListEntries.ticketTypeId, ticketTypes.id),
    eq(waitingListEntries.status, 'waiting'),
  );
  const owed = sql<number>`(select coalesce(sum(${waitingListEntries.quantity}), 0)::int from ${waitingListEntries} where ${waiting})`;
  return { held, own: heldBackBy(isOwn), others: heldBackBy(sql`not (${isOwn})`), owed };
}

const numbers = <T extends Record<string, unknown>>(row: T) =>
  Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)])) as {
    [K in keyof T]: number;
  };

/**
 * The seats of one ticket type at `now`, for a buyer with voucher `voucherId` (or none), in
 * one statement. Read after locking the ticket type: no payment then changes `sold_seats`
 * until the transaction ends.
 * @throws Error when no such ticket type exists (it was locked, so it does)
 */
export async function countSeats(
  db: Executor,
  ticketTypeId: number,
  now: Date,
  voucherId: number | null,
): Promise<SeatCount> {
  const [row] = await db
    .select(seatColumns(now, voucherId))
    .from(ticketTypes)
    .where(eq(ticketTypes.id, ticketTypeId));
  if (!row) throw new Error(`ticket type ${ticketTypeId} vanished while locked`);
  return numbers(row);
}

/** `countSeats` without a voucher for several ticket types in one statement, with their capacity. */
export async function countSeatsPerType(
  db: Executor,
  ticketTypeIds: number[],
  now: Date,
): Promise<Map<number, SeatCount & { capacity: number }>> {
  if (ticketTypeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: ticketTypes.id, capacity: ticketTypes.capacity, ...seatColumns(now, null) })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, ticketTypeIds));
  return new Map(rows.map(({ id, ...counts }) => [id, numbers(counts)]));
}

/** Seats (units of order lines) of paid orders (`sold`) and of unexpired pending orders (`reserved`). */
export interface SoldAndReserved {
  sold: number;
  reserved: number;
}

function soldAndReservedColumns(now: Date) {
  const { sold, reserved } = seatConditions(now);
  return {
    sold: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${sold}), 0)::int`.as('sold'),
    reserved: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${reserved}), 0)::int`.as(
      'reserved',
    ),
  };
}

/** Sold and reserved seats of one ticket type at `now`. */
export async function countSoldAndReserved(
  db: Executor,
  ticketTypeId: number,
  now: Date,
): Promise<SoldAndReserved> {
  const [row] = await db
    .select(soldAndReservedColumns(now))
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.ticketTypeId, ticketTypeId));
  return { sold: Number(row?.sold ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/**
 * Every ticket type of an event (archived ones too), by participant category and display
 * order, with its capacity and its sold and reserved seats at `now`.
 */
export async function listSoldAndReserved(db: Executor, eventId: number, now: Date) {
  const seats = db
    .select({ ticketTypeId: orderLines.ticketTypeId, ...soldAndReservedColumns(now) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.eventId, eventId))
    .groupBy(orderLines.ticketTypeId)
    .as('seats');
  const rows = await db
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      participantCategoryId: ticketTypes.participantCategoryId,
      capacity: ticketTypes.capacity,
      sold: sql<number>`coalesce(${seats.sold}, 0)::int`,
      reserved: sql<number>`coalesce(${seats.reserved}, 0)::int`,
    })
    .from(ticketTypes)
    .leftJoin(seats, eq(seats.ticketTypeId, ticketTypes.id))
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.participantCategoryId), asc(ticketTypes.sortOrder), asc(ticketTypes.id));
  return rows.map((row) => ({ ...row, sold: Number(row.sold), reserved: Number(row.reserved) }));
}
