/**
 * Capacity under concurrent checkouts: the ticket type's row lock serialises reservations,
 * so 200 parallel checkouts for 20 seats sell exactly 20. The control runs the same 200
 * requests through a deliberately naive check-then-insert (no lock, no transaction) and
 * shows that it oversells on this database, so the first test can fail.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, ErrorResponseSchema } from '@festival/shared';
import type { Database } from '../src/db/client.js';
import { orders } from '../src/db/schema.js';
import { getCurrentEvent } from '../src/modules/reference-data/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType } from './ticketing-helpers.js';

const CAPACITY = 20;
const BUYERS = 200;

let t: TestContext;

beforeAll(async () => {
  t = await build({ now: clockFrom() });
});
afterAll(async () => t?.close());

async function seatsHeld(db: Database, ticketTypeId: number) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      seats: sql<number>`coalesce(sum(${orders.quantity}), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.ticketTypeId, ticketTypeId), eq(orders.status, 'pending')));
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
      await t.app.db.insert(orders).values({
        reference: `NAIVE-${ticketId}-${index}`,
        eventId: event.id,
        ticketTypeId: ticketId,
        quantity: 1,
        unitAmount: 50_000,
        amount: 50_000,
        status: 'pending',
        provider: 'sandbox',
        expiresAt: new Date(Date.now() + 15 * 60_000),
      });
      return true;
    }

    const results = await Promise.all(Array.from({ length: BUYERS }, (_, index) => naiveReserve(index)));

    const accepted = results.filter(Boolean).length;
    expect(accepted).toBeGreaterThan(CAPACITY);
    expect((await seatsHeld(t.app.db, ticketId)).seats).toBe(accepted);
  });
});
