/**
 * The `order_taxes` rows (the tax checkout computed for an order: its header) and the
 * `order_line_taxes` rows (the tax of each of its lines, decision 029).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderLines, orderLineTaxes, orderTaxes, ticketTypes } from '../../db/schema.js';

export type OrderTaxRow = typeof orderTaxes.$inferSelect;
export type LineTaxRow = typeof orderLineTaxes.$inferSelect;

/** The insert of an order's tax row, not yet run: the caller runs it within its own statement. */
export function insertOrderTax(db: Executor, values: OrderTaxRow) {
  return db.insert(orderTaxes).values(values);
}

/** The insert of the tax rows of an order's lines (at least one), not yet run, as `insertOrderTax`. */
export function insertLineTaxes(db: Executor, values: [LineTaxRow, ...LineTaxRow[]]) {
  return db.insert(orderLineTaxes).values(values);
}

export async function findOrderTax(db: Executor, orderId: string): Promise<OrderTaxRow | undefined> {
  const [row] = await db.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId));
  return row;
}

/**
 * The tax rows of an order's lines in line order, each with what its line buys: units, unit
 * price (paise) and the ticket type's name.
 */
export async function listLineTaxes(db: Executor, orderId: string) {
  return db
    .select({
      tax: orderLineTaxes,
      quantity: orderLines.quantity,
      unitAmount: orderLines.unitAmount,
      ticketName: ticketTypes.name,
    })
    .from(orderLineTaxes)
    .innerJoin(
      orderLines,
      and(eq(orderLines.orderId, orderLineTaxes.orderId), eq(orderLines.position, orderLineTaxes.position)),
    )
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(eq(orderLineTaxes.orderId, orderId))
    .orderBy(asc(orderLineTaxes.position));
}

/** Rewrites an order's tax row and its lines' (same positions), in the caller's transaction. */
export async function updateOrderTax(
  tx: Executor,
  orderId: string,
  header: Omit<OrderTaxRow, 'orderId'>,
  lines: Omit<LineTaxRow, 'orderId'>[],
): Promise<void> {
  await tx.update(orderTaxes).set(header).where(eq(orderTaxes.orderId, orderId));
  for (const { position, ...line } of lines) {
    await tx
      .update(orderLineTaxes)
      .set(line)
      .where(and(eq(orderLineTaxes.orderId, orderId), eq(orderLineTaxes.position, position)));
  }
}

/** Each line of an order with its stored tax and its ticket type's place-of-supply rule, in line order. */
export async function listLinesToRetax(db: Executor, orderId: string) {
  return db
    .select({
      position: orderLines.position,
      taxable: orderLineTaxes.taxable,
      total: orderLineTaxes.total,
      rateBp: orderLineTaxes.rateBp,
      sacCode: orderLineTaxes.sacCode,
      placeOfSupply: ticketTypes.placeOfSupply,
    })
    .from(orderLineTaxes)
    .innerJoin(
      orderLines,
      and(eq(orderLines.orderId, orderLineTaxes.orderId), eq(orderLines.position, orderLineTaxes.position)),
    )
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(eq(orderLineTaxes.orderId, orderId))
    .orderBy(asc(orderLineTaxes.position));
}
