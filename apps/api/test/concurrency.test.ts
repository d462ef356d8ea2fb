/**
 * Capacity under concurrent checkouts: the ticket type's row lock serialises reservations,
 * so 200 parallel checkouts for 20 seats sell exactly 20. The control runs the same 200
 * requests through a deliberately naive check-then-insert (no lock, no transaction) and
 * shows that it oversells on this database, so the first test can fail. Payments racing
 * checkouts keep the paid-seat counter the database maintains (`ticket_types.sold_seats`)
 * equal to the paid orders, and checkout counts by it once reservations have lapsed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, ErrorResponseSchema } from '@festival/shared';
import type { Database } from '../src/db/client.js';
import { orderLines, orders, ticketTypes } from '../src/db/schema.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

const CAPACITY = 20;
const BUYERS = 200;

let t: TestContext;
/** The app's clock; a test moves it past the reservations to see only paid seats count. */
let skipped = 0;
const realClock = clockFrom();

beforeAll(async () => {
  t = await build({ now: () => new Date(realClock().getTime() + skipped) });
});
afterAll(async () => t?.close());

async function seatsHeld(db: Database, ticketTypeId: number) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      seats: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orderLines.ticketTypeId, ticketTypeId), eq(orders.status, 'pending')));
  return { orders: Number(row?.orders), seats: Number(row?.seats) };
}

describe('concurrent checkouts', () => {
  it(`sell exactly ${CAPACITY} of ${CAPACITY} seats to ${BUYERS} parallel buyers`, async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: CAPACITY });
    const attendees = await insertAttendees(t.app.db, BUYERS);

    const responses = await Promise.all(attendees.map((id) => checkout(t.app, [id], ticketId)));

    const sold = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(sold).toHaveLength(CAPACITY);
    expect(refused).toHaveLength(BUYERS - CAPACITY);
    for (const response of refused)
      expect(ErrorResponseSchema.parse(response.json()).message).toMatch(/sold out/);
    const references = new Set(
      sold.map((response) => CheckoutResponseSchema.parse(response.json()).order.reference),
    );
    expect(references.size).toBe(CAPACITY);

    expect(await seatsHeld(t.app.db, ticketId)).toEqual({ orders: CAPACITY, seats: CAPACITY });
    const listed = await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/3' });
    const ticket = (
      listed.json() as { data: { _id: number; available: number; soldOut: boolean }[] }
    ).data.find((row) => row._id === ticketId);
    expect(ticket).toMatchObject({ available: 0, soldOut: true });
  });

  it('control: the same race against a naive check-then-insert oversells', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: CAPACITY });
    const event = await getCurrentEvent(t.app.db);

    // What checkout would be without the lock and the transaction: read the seats left,
    // await, then insert if there seemed to be room.
    async function naiveReserve(index: number): Promise<boolean> {
      const held = await seatsHeld(t.app.db, ticketId);
      if (CAPACITY - held.seats < 1) return false;
      const [order] = await t.app.db
        .insert(orders)
        .values({
          reference: `NAIVE-${ticketId}-${index}`,
          eventId: event.id,
          amount: 50_000,
          status: 'pending',
          provider: 'sandbox',
          expiresAt: new Date(Date.now() + 15 * 60_000),
        })
        .returning({ id: orders.id });
      await t.app.db.insert(orderLines).values({
        orderId: order!.id,
        ticketTypeId: ticketId,
        quantity: 1,
        unitAmount: 50_000,
        amount: 50_000,
        position: 0,
      });
      return true;
    }

    const results = await Promise.all(Array.from({ length: BUYERS }, (_, index) => naiveReserve(index)));

    const accepted = results.filter(Boolean).length;
    expect(accepted).toBeGreaterThan(CAPACITY);
    expect((await seatsHeld(t.app.db, ticketId)).seats).toBe(accepted);
  });

  it('keep the paid-seat counter exact while payments race checkouts, and sell by it', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: CAPACITY });
    const attendees = await insertAttendees(t.app.db, BUYERS / 2);

    // Each buyer checks out and pays at once, so payments of the first orders run while
    // later checkouts count seats.
    const outcomes = await Promise.all(
      attendees.map(async (id) => {
        const response = await checkout(t.app, [id], ticketId);
        if (response.statusCode !== 200) return response.statusCode;
        const paid = await payWithSandbox(t.app, CheckoutResponseSchema.parse(response.json()).order.id);
        return paid.statusCode === 303 && paid.headers.location?.startsWith('/payment-success')
          ? 'paid'
          : paid.statusCode;
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(CAPACITY);
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(BUYERS / 2 - CAPACITY);

    const counter = async () => {
      const [row] = await t.app.db
        .select({ sold: ticketTypes.soldSeats })
        .from(ticketTypes)
        .where(eq(ticketTypes.id, ticketId));
      const [paid] = await t.app.db
        .select({ seats: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(and(eq(orderLines.ticketTypeId, ticketId), eq(orders.status, 'paid')));
      return { counter: row?.sold, paid: Number(paid?.seats) };
    };
    expect(await counter()).toEqual({ counter: CAPACITY, paid: CAPACITY });

    // Past every reservation only paid seats hold: still sold out.
    skipped += 16 * 60_000;
    const [late, later] = await insertAttendees(t.app.db, 2);
    const refused = await checkout(t.app, [late!], ticketId);
    expect(refused.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(refused.json()).message).toMatch(/sold out/);

    // An order that stops being paid (here written behind the app's back) gives its seat back.
    const [one] = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.ticketTypeId, ticketId), eq(orders.status, 'paid')))
      .limit(1);
    await t.app.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, one!.id));
    expect(await counter()).toEqual({ counter: CAPACITY - 1, paid: CAPACITY - 1 });
    expect((await checkout(t.app, [later!], ticketId)).statusCode).toBe(200);
    expect((await checkout(t.app, [late!], ticketId)).statusCode).toBe(409);
  });
});
