/**
 * Voucher rows and their usage. A voucher is used by the seats of orders that name it and
 * hold their seats (paid, or pending and unexpired): availability's `seatConditions`, the rule
 * of a ticket type's capacity.
 */
import { and, desc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/search.js';
import { orderLines, orders, voucherTicketTypes, vouchers } from '../../db/schema.js';
import { seatConditions } from '../availability/service.js';

/** A voucher with the ids of the ticket types it prices (its voucher_ticket_types rows), ascending. */
export type VoucherRow = typeof vouchers.$inferSelect & { ticketTypeIds: number[] };
export type NewVoucherRow = typeof vouchers.$inferInsert & { ticketTypeIds: number[] };

/** A voucher's columns and, as `ticketTypeIds`, its ticket types' ids in ascending order. */
const voucherFields = {
  ...getTableColumns(vouchers),
  ticketTypeIds: sql<
    number[]
  >`array(select ${voucherTicketTypes.ticketTypeId} from ${voucherTicketTypes} where ${voucherTicketTypes.voucherId} = ${vouchers.id} order by 1)`,
};

/**
 * Inserts vouchers with their ticket types, skipping codes the edition already has; returns
 * the rows written. A ticket type of another edition fails the insert with the foreign key
 * `voucher_ticket_types_same_edition_fk` (the service checks first and says so).
 */
export async function insertVoucherRows(db: Executor, rows: NewVoucherRow[]): Promise<VoucherRow[]> {
  if (rows.length === 0) return [];
  const ticketTypesByCode = new Map(
    rows.map((row) => [row.code, [...new Set(row.ticketTypeIds)].sort((a, b) => a - b)]),
  );
  const written = await db
    .insert(vouchers)
    .values(rows.map(({ ticketTypeIds: _ids, ...row }) => row))
    .onConflictDoNothing()
    .returning();
  const result = written.map((row) => ({ ...row, ticketTypeIds: ticketTypesByCode.get(row.code) ?? [] }));
  const links = result.flatMap((row) =>
    row.ticketTypeIds.map((ticketTypeId) => ({ voucherId: row.id, ticketTypeId, eventId: row.eventId })),
  );
  if (links.length > 0) await db.insert(voucherTicketTypes).values(links);
  return result;
}

/** Locks a voucher of an event by code (FOR UPDATE): checkouts using one voucher go one at a time. */
export async function lockVoucherByCode(tx: Executor, eventId: number, code: string) {
  const [row] = await tx
    .select(voucherFields)
    .from(vouchers)
    .where(and(eq(vouchers.eventId, eventId), eq(vouchers.code, code)))
    .for('update');
  return row;
}

/** A voucher of an event by code, unlocked (price quotes). */
export async function findVoucherByCode(db: Executor, eventId: number, code: string) {
  const [row] = await db
    .select(voucherFields)
    .from(vouchers)
    .where(and(eq(vouchers.eventId, eventId), eq(vouchers.code, code)));
  return row;
}

/** Locks a voucher of an event by id. */
export async function lockVoucher(tx: Executor, eventId: number, id: number) {
  const [row] = await tx
    .select(voucherFields)
    .from(vouchers)
    .where(and(eq(vouchers.eventId, eventId), eq(vouchers.id, id)))
    .for('update');
  return row;
}

export async function setVoucherDisabled(db: Executor, id: number, at: Date | null): Promise<VoucherRow> {
  const [row] = await db
    .update(vouchers)
    .set({ disabledAt: at })
    .where(eq(vouchers.id, id))
    .returning({ id: vouchers.id });
  if (!row) throw new Error(`voucher ${id} vanished under its lock`);
  const [updated] = await db.select(voucherFields).from(vouchers).where(eq(vouchers.id, id));
  return updated!;
}

/** Seats (units of their lines) of orders with this voucher that hold seats at `now`. */
export async function countVoucherSeats(db: Executor, voucherId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ seats: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.voucherId, voucherId), seatConditions(now).holding));
  return Number(row?.seats ?? 0);
}

/** Seats of paid orders and of unexpired pending orders with this voucher at `now`. */
export async function countVoucherUsage(db: Executor, voucherId: number, now: Date) {
  const { sold: paid, reserved: reserving } = seatConditions(now);
  const [row] = await db
    .select({
      used: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${paid}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${reserving}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.voucherId, voucherId));
  return { used: Number(row?.used ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/** Every voucher of an event, newest first, with paid and pending-unexpired seats at `now`. */
export async function listVouchersWithUsage(db: Executor, eventId: number, now: Date) {
  const { sold: paid, reserved: reserving } = seatConditions(now);
  const usage = db
    .select({
      voucherId: orders.voucherId,
      used: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${paid}), 0)::int`.as('used'),
      reserved: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${reserving}), 0)::int`.as(
        'reserved',
      ),
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(isNotNull(orders.voucherId))
    .groupBy(orders.voucherId)
    .as('usage');
  return db
    .select({
      voucher: voucherFields,
      used: sql<number>`coalesce(${usage.used}, 0)::int`,
      reserved: sql<number>`coalesce(${usage.reserved}, 0)::int`,
    })
    .from(vouchers)
    .leftJoin(usage, eq(usage.voucherId, vouchers.id))
    .where(eq(vouchers.eventId, eventId))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id));
}

/** Code of each voucher id given (for order details). */
export async function findVoucherCodes(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: vouchers.id, code: vouchers.code }).from(vouchers).where(inArray(vouchers.id, ids));
}

export interface VoucherPerformanceRecord {
  code: string;
  price_mode: string;
  value: number;
  max_uses: number;
  orders: number;
  seats: number;
  revenue: string;
}

/**
 * Edition `eventId`'s vouchers with what they sold: orders whose payment was captured (paid,
 * or paid and later refunded), their seats (units of their lines), and the paise of those still
 * paid (bigint as a string).
 */
export async function voucherPerformance(db: Executor, eventId: number) {
  const result = await db.execute(sql`
    select v.code, v.price_mode, v.value, v.max_uses,
           (count(o.id) filter (where o.status in ('paid', 'refund_due', 'refunded')))::int as orders,
           (coalesce(sum(u.units) filter (where o.status in ('paid', 'refund_due', 'refunded')), 0))::int as seats,
           (coalesce(sum(o.amount) filter (where o.status = 'paid'), 0))::bigint as revenue
      from vouchers v
      left join orders o on o.voucher_id = v.id
      left join lateral (select sum(quantity) as units from order_lines where order_id = o.id) u on true
     where v.event_id = ${eventId}
     group by v.id
     order by v.code`);
  return rowsOf<VoucherPerformanceRecord>(result);
}
