/**
 * Order lines (decision 024): an order of several ticket types counts its seats per ticket type
 * (availability, the paid-seat counter kept by migration 0027's triggers), its lines keep
 * their CHECKs, and migration 0027 turns an order of the old shape (ticket type, quantity and
 * unit price on the order) into one line. On the real database: PGlite, or PostgreSQL with
 * DATABASE_URL (the migration test always runs on a fresh in-memory PGlite).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, participantCategories, ticketTypes } from '../src/db/schema.js';
import { rowsOf } from '../src/db/search.js';
import { seatsOfTypes, soldAndReserved } from '../src/modules/availability/service.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { insertOrder, type NewOrderLine } from '../src/modules/orders/repository.js';
import { getSettings } from '../src/modules/settings/service.js';
import { orderTaxInserts, taxOfLines } from '../src/modules/tax/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { GST_SETTINGS, insertAttendees, insertTicketType } from './ticketing-helpers.js';
import { openPgliteMigratedTo } from './throwaway-database.js';

let t: TestContext;
const clock = new Date('2024-09-15T06:00:00Z');

beforeAll(async () => {
  t = await build({ now: clockFrom(clock.toISOString()) });
});
afterAll(async () => t?.close());

/**
 * Inserts a pending order of these lines for `attendeeCount` new attendees through the orders
 * repository, with the tax of each line as checkout stores it (decision 029), and returns its id.
 */
async function orderOfLines(
  lines: [NewOrderLine, ...NewOrderLine[]],
  attendeeCount: number,
): Promise<string> {
  const event = await getCurrentEvent(t.app.db);
  const attendeeIds = await insertAttendees(t.app.db, attendeeCount);
  const settings = { ...(await getSettings(t.app.db, event.id)), ...GST_SETTINGS, pricesIncludeGst: true };
  const ticketType = { sacCode: '998596', gstRateBp: 1800, placeOfSupply: 'event' } as const;
  const [first, ...rest] = lines.map((line) => ({ ticketType, amount: line.quantity * line.unitAmount }));
  const tax = taxOfLines(settings, [first!, ...rest]);
  const order = await t.app.db.transaction((tx) =>
    insertOrder(
      tx,
      {
        reference: `LINES-${attendeeIds[0]!.slice(0, 8)}`,
        eventId: event.id,
        amount: tax.header.total,
        status: 'pending',
        provider: 'sandbox',
        expiresAt: new Date(clock.getTime() + 15 * 60_000),
        createdAt: clock,
      },
      lines,
      attendeeIds,
      (orderId) => orderTaxInserts(tx, orderId, tax, null),
    ),
  );
  return order.id;
}

async function soldSeatsOf(id: number): Promise<number> {
  const [row] = await t.app.db
    .select({ sold: ticketTypes.soldSeats })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, id));
  return row!.sold;
}

describe('an order of several ticket types', () => {
  it('counts its seats per ticket type, paid and deleted', async () => {
    const stall = await insertTicketType(t.app.db, { capacity: 5, amount: 1_000_000 });
    const visitor = await insertTicketType(t.app.db, { capacity: 10, amount: 20_000 });
    const orderId = await orderOfLines(
      [
        { ticketTypeId: stall, quantity: 1, unitAmount: 1_000_000 },
        { ticketTypeId: visitor, quantity: 3, unitAmount: 20_000 },
      ],
      3,
    );

    const lines = await t.app.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.position);
    expect(lines).toMatchObject([
      { ticketTypeId: stall, quantity: 1, unitAmount: 1_000_000, amount: 1_000_000, position: 0 },
      { ticketTypeId: visitor, quantity: 3, unitAmount: 20_000, amount: 60_000, position: 1 },
    ]);

    // Reserved: each ticket type holds the units of its own line.
    expect(await soldAndReserved(t.app.db, stall, clock)).toEqual({ sold: 0, reserved: 1 });
    expect(await soldAndReserved(t.app.db, visitor, clock)).toEqual({ sold: 0, reserved: 3 });
    const seats = await seatsOfTypes(t.app.db, [stall, visitor], clock);
    expect(seats.get(stall)?.forBuyers).toBe(4);
    expect(seats.get(visitor)?.forBuyers).toBe(7);

    // Paid: the counter of each ticket type takes its line's units.
    await t.app.db.update(orders).set({ status: 'paid', paidAt: clock }).where(eq(orders.id, orderId));
    expect([await soldSeatsOf(stall), await soldSeatsOf(visitor)]).toEqual([1, 3]);
    expect(await soldAndReserved(t.app.db, visitor, clock)).toEqual({ sold: 3, reserved: 0 });
    expect((await seatsOfTypes(t.app.db, [visitor], clock)).get(visitor)?.forBuyers).toBe(7);

    // A line added to, changed on or taken off a paid order moves the counter too.
    await t.app.db
      .insert(orderLines)
      .values({ orderId, ticketTypeId: visitor, quantity: 2, unitAmount: 0, amount: 0, position: 2 });
    expect(await soldSeatsOf(visitor)).toBe(5);
    await t.app.db
      .update(orderLines)
      .set({ ticketTypeId: stall })
      .where(sql`${orderLines.orderId} = ${orderId} and ${orderLines.position} = 2`);
    expect([await soldSeatsOf(stall), await soldSeatsOf(visitor)]).toEqual([3, 3]);
    await t.app.db
      .delete(orderLines)
      .where(sql`${orderLines.orderId} = ${orderId} and ${orderLines.position} = 2`);
    expect([await soldSeatsOf(stall), await soldSeatsOf(visitor)]).toEqual([1, 3]);

    // Refunded, then deleted: the seats return once, not twice.
    await t.app.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
    expect([await soldSeatsOf(stall), await soldSeatsOf(visitor)]).toEqual([0, 0]);
    await t.app.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, orderId));
    await t.app.db.delete(orders).where(eq(orders.id, orderId));
    expect([await soldSeatsOf(stall), await soldSeatsOf(visitor)]).toEqual([0, 0]);
    expect(await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).toEqual([]);
  });

  it('refuses a line of fewer than no units or whose amount is not units × unit price', async () => {
    const ticketTypeId = await insertTicketType(t.app.db);
    const orderId = await orderOfLines([{ ticketTypeId, quantity: 1, unitAmount: 50_000 }], 1);
    const insertLine = (quantity: number, unitAmount: number, amount: number) =>
      t.app.db
        .insert(orderLines)
        .values({ orderId, ticketTypeId, quantity, unitAmount, amount, position: 1 });
    const violation = (constraint: string) => ({
      cause: expect.objectContaining({ code: '23514', constraint }),
    });
    // No units is a line whose attendees all left it (decision 031), never fewer.
    await expect(insertLine(-1, 50_000, -50_000)).rejects.toMatchObject(violation('order_lines_quantity_ck'));
    await expect(insertLine(2, 50_000, 50_000)).rejects.toMatchObject(violation('order_lines_amounts_ck'));
    await expect(insertLine(1, -1, -1)).rejects.toMatchObject(violation('order_lines_amounts_ck'));
  });
});

describe('migration 0027_order_lines', () => {
  it('turns each order of the old shape into one line, keeping its paid seats', async () => {
    const database = await openPgliteMigratedTo(26);
    try {
      const { db } = database;
      // In SQL: the schema's `events` has columns later migrations add (0044's translations).
      const [event] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into events (slug, name, venue, venue_map_url, starts_at, ends_at, reference_prefix, invoice_prefix)
          values ('old-edition', 'Old Edition', 'Ahmedabad', 'https://example.com/map', ${clock}, ${clock}, 'OLD', 'OLD')
          returning id`),
      );
      const [category] = await db
        .insert(participantCategories)
        .values({ id: 3, name: 'Investor' })
        .returning({ id: participantCategories.id });
      // In SQL: the schema's `ticket_types` has columns later migrations add (0035's list_price_reason).
      const [ticketType] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into ticket_types (event_id, participant_category_id, name, amount, capacity)
          values (${event!.id}, ${category!.id}, 'Pass', 50000, 10)
          returning id`),
      );
      const oldOrder = (reference: string, status: string) => sql`
        insert into orders (reference, event_id, ticket_type_id, quantity, unit_amount, amount, status, provider, expires_at)
        values (${reference}, ${event!.id}, ${ticketType!.id}, 3, 40000, 141600, ${status}, 'sandbox', ${clock})`;
      await db.execute(oldOrder('OLD-PAID', 'paid'));
      await db.execute(oldOrder('OLD-EXPIRED', 'expired'));
      expect(
        rowsOf<{ sold_seats: number }>(
          await db.execute(sql`select sold_seats from ticket_types where id = ${ticketType!.id}`),
        ),
      ).toEqual([{ sold_seats: 3 }]);

      await database.migrate();

      const lines = await db
        .select({ reference: orders.reference, amount: orders.amount, line: orderLines })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .orderBy(orders.reference);
      expect(lines).toMatchObject([
        {
          reference: 'OLD-EXPIRED',
          amount: 141_600,
          line: {
            ticketTypeId: ticketType!.id,
            quantity: 3,
            unitAmount: 40_000,
            amount: 120_000,
            position: 0,
          },
        },
        {
          reference: 'OLD-PAID',
          amount: 141_600,
          line: {
            ticketTypeId: ticketType!.id,
            quantity: 3,
            unitAmount: 40_000,
            amount: 120_000,
            position: 0,
          },
        },
      ]);
      const columns = rowsOf<{ column_name: string }>(
        await db.execute(sql`select column_name from information_schema.columns where table_name = 'orders'`),
      ).map((row) => row.column_name);
      expect(columns).not.toContain('ticket_type_id');
      expect(columns).not.toContain('quantity');
      expect(columns).not.toContain('unit_amount');
      // The lines written by the migration did not count as newly paid seats.
      const [counted] = await db
        .select({ sold: ticketTypes.soldSeats })
        .from(ticketTypes)
        .where(eq(ticketTypes.id, ticketType!.id));
      expect(counted?.sold).toBe(3);
    } finally {
      await database.close();
    }
  });
});
