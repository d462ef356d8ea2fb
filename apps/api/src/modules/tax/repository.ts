/** The `order_taxes` rows: the tax checkout computed for an order. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderTaxes } from '../../db/schema.js';

export type OrderTaxRow = typeof orderTaxes.$inferSelect;

/** The insert of an order's tax row, not yet run: the caller runs it within its own statement. */
export function insertOrderTax(db: Executor, values: OrderTaxRow) {
  return db.insert(orderTaxes).values(values);
}

export async function findOrderTax(db: Executor, orderId: string): Promise<OrderTaxRow | undefined> {
  const [row] = await db.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId));
  return row;
}
