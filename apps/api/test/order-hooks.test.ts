/**
 * What follows a paid order subscribes to it (orders/hooks.ts): subscribers run in the paying
 * transaction, after the order is marked paid and in the order they subscribed (app.ts
 * subscribes passes and their emails before the invoice), and one that throws rolls the whole
 * payment back. A test subscriber is added after the app's own, through `build`'s `setup`.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { orders, passes } from '../src/db/schema.js';
import type { OrderPaidEvent } from '../src/modules/orders/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
/** What the test subscriber saw, per order reference, inside the paying transaction. */
const seen = new Map<string, { status: string | undefined; passes: number; event: OrderPaidEvent }>();
/** Orders whose payment the test subscriber refuses. */
const refused = new Set<string>();

beforeAll(async () => {
  t = await build({
    now: clockFrom(),
    setup(app) {
      app.orderHooks.onOrderPaid(async (tx, event) => {
        if (refused.has(event.order.reference)) throw new Error('refused by the test subscriber');
        const [order] = await tx.select().from(orders).where(eq(orders.id, event.order.id));
        const [issued] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(passes)
          .where(eq(passes.orderId, event.order.id));
        seen.set(event.order.reference, { status: order?.status, passes: Number(issued?.n), event });
      });
    },
  });
});
afterAll(async () => t?.close());

async function pendingOrder(attendees: number) {
  const ticket = await insertTicketType(t.app.db, { capacity: 10 });
  const response = await checkout(t.app, await insertAttendees(t.app.db, attendees), ticket);
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutResponseSchema.parse(response.json()).order;
}

describe('order hooks', () => {
  it('run in the paying transaction, after the order is marked paid, in the order they subscribed', async () => {
    const order = await pendingOrder(2);
    const paid = await payWithSandbox(t.app, order.id);
    expect(paid.headers.location).toBe(`/payment-success?reference=${order.reference}`);

    const observed = seen.get(order.reference);
    // Paid in the same transaction, and the passes subscribed in app.ts had already run.
    expect(observed).toMatchObject({ status: 'paid', passes: 2 });
    expect(observed?.event.order).toMatchObject({ reference: order.reference, amount: order.amount });
    expect(observed?.event.order.attendees).toHaveLength(2);
  });

  it('a subscriber that throws rolls the payment back: the order stays unpaid, with no pass', async () => {
    const order = await pendingOrder(1);
    refused.add(order.reference);

    const paid = await payWithSandbox(t.app, order.id);

    expect(paid.statusCode).toBe(500);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, order.reference));
    expect(row).toMatchObject({ status: 'pending', providerPaymentId: null, paidAt: null });
    const issued = await t.app.db.select().from(passes).where(eq(passes.orderId, row!.id));
    expect(issued).toHaveLength(0);
    expect(seen.has(order.reference)).toBe(false);
  });
});
