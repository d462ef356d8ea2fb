/**
 * The invariants of seat availability (modules/availability), one describe each, named after
 * it. Like every API test they run on an in-memory PGlite, or on PostgreSQL when DATABASE_URL
 * is set (CI runs the suite on both), where the parallel checkouts really run at the same time
 * on separate connections. Buyers go through the API (checkout, the sandbox payment, the
 * waiting list's form); availability's own answers are read beside them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, ErrorResponseSchema, TicketTypeSchema } from '@festival/shared';
import { z } from 'zod';
import { orders, vouchers, waitingListEntries } from '../src/db/schema.js';
import {
  seatsForBuyer,
  seatsLeft,
  seatsOfTypes,
  soldAndReserved,
} from '../src/modules/availability/service.js';
import type { Actor } from '../src/modules/audit/service.js';
import { createVouchers } from '../src/modules/vouchers/service.js';
import { sweepWaitingLists } from '../src/modules/waiting-list/service.js';
import { build, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');
/** Moves the app's clock on by `minutes`: past RESERVATION_MINUTES, pending orders stop holding seats. */
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

beforeAll(async () => {
  // The test sweeps the waiting lists itself, on its clock.
  t = await build({ now: () => clock, env: { WAITING_LIST_SWEEP_SECONDS: '3600' } });
});
afterAll(async () => t?.close());

const organizer: Actor = { organizerId: 'test', email: 'organizer@example.com', ip: '127.0.0.1' };

/** Checks out one new attendee per buyer, all at once; returns the answers in order. */
async function parallelBuyers(ticketTypeId: number, buyers: number, extra: Record<string, unknown> = {}) {
  const attendees = await insertAttendees(t.app.db, buyers);
  return Promise.all(attendees.map((id) => checkout(t.app, [id], ticketTypeId, extra)));
}

async function checkoutOk(ticketTypeId: number, attendees: number, extra: Record<string, unknown> = {}) {
  const response = await checkout(t.app, await insertAttendees(t.app.db, attendees), ticketTypeId, extra);
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutResponseSchema.parse(response.json()).order;
}

/** Availability's answers for a buyer without a voucher and for the waiting list, now. */
async function seatsNow(ticketTypeId: number, capacity: number) {
  const type = { id: ticketTypeId, capacity };
  return {
    forBuyer: await seatsForBuyer(t.app.db, type, clock, null),
    left: await seatsLeft(t.app.db, type, clock),
    listed: (await seatsOfTypes(t.app.db, [ticketTypeId], clock)).get(ticketTypeId),
  };
}

/** The ticket type as the public ticket list shows it. */
async function listed(ticketTypeId: number) {
  const response = await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/3' });
  expect(response.statusCode, response.body).toBe(200);
  const row = z
    .object({ data: z.array(TicketTypeSchema) })
    .parse(response.json())
    .data.find((type) => type._id === ticketTypeId);
  if (!row) throw new Error(`ticket type ${ticketTypeId} not listed`);
  return row;
}

const soldOutMessage = (response: { json(): unknown }) => ErrorResponseSchema.parse(response.json()).message;

describe('never oversold', () => {
  it('parallel checkouts for the last seat: one buyer gets it, every other is told it is sold out', async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 3 });
    await payWithSandbox(t.app, (await checkoutOk(ticket, 1)).id);
    await checkoutOk(ticket, 1);
    expect(await seatsNow(ticket, 3)).toEqual({
      forBuyer: 1,
      left: 1,
      listed: { forBuyers: 1, forOffers: 1 },
    });

    const responses = await parallelBuyers(ticket, 30);

    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(29);
    for (const response of refused) expect(soldOutMessage(response)).toMatch(/sold out/);
    expect(await soldAndReserved(t.app.db, ticket, clock)).toEqual({ sold: 1, reserved: 2 });
    expect(await seatsNow(ticket, 3)).toEqual({
      forBuyer: 0,
      left: 0,
      listed: { forBuyers: 0, forOffers: 0 },
    });
    expect(await listed(ticket)).toMatchObject({ available: 0, soldOut: true });
  });

  it('a late payment racing checkouts for the seat its lapsed reservation gave back: the seat is held once', async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 1 });
    const lapsed = await checkoutOk(ticket, 1);
    later(16);
    expect((await seatsNow(ticket, 1)).forBuyer).toBe(1);

    const [payment, ...responses] = await Promise.all([
      payWithSandbox(t.app, lapsed.id),
      ...(await insertAttendees(t.app.db, 10)).map((id) => checkout(t.app, [id], ticket)),
    ]);

    const seats = await soldAndReserved(t.app.db, ticket, clock);
    expect(seats.sold + seats.reserved).toBe(1);
    const [late] = await t.app.db.select().from(orders).where(eq(orders.reference, lapsed.reference));
    const bought = responses.filter((response) => response.statusCode === 200);
    if (late?.status === 'paid') {
      // The payment counted first: it kept the seat, and every checkout found it sold.
      expect(payment?.headers.location).toBe(`/payment-success?reference=${lapsed.reference}`);
      expect(bought).toHaveLength(0);
    } else {
      // A checkout counted first: the money goes back (the sandbox refunds at once) rather
      // than selling a seat twice.
      expect(['refund_due', 'refunded']).toContain(late?.status);
      expect(bought).toHaveLength(1);
    }
    expect((await seatsNow(ticket, 1)).forBuyer).toBe(0);
  });
});

describe("a voucher's seats are the voucher holder's", () => {
  it('the seats a voucher reserves are sold out to everyone else and still bought by its holder', async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 3 });
    const { codes } = await createVouchers(
      t.app.db,
      organizer,
      {
        kind: 'single',
        code: `HOLD${ticket}`,
        ticketTypeIds: [ticket],
        priceMode: 'subtract',
        value: 0,
        maxUses: 2,
        reservedSeats: 2,
        validFrom: null,
        validUntil: null,
      },
      clock,
    );
    const code = codes[0]!;
    const [voucher] = await t.app.db.select().from(vouchers).where(eq(vouchers.code, code));
    const type = { id: ticket, capacity: 3 };
    expect(await seatsForBuyer(t.app.db, type, clock, null)).toBe(1);
    expect(await seatsForBuyer(t.app.db, type, clock, voucher!.id)).toBe(3);

    // The one seat nobody holds goes to the first buyer; the next finds the type sold out.
    const others = await parallelBuyers(ticket, 5);
    expect(others.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const response of others.filter((response) => response.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(soldOutMessage(response)).toMatch(/sold out/);
    }
    expect(await listed(ticket)).toMatchObject({ available: 0, soldOut: true });
    expect(await seatsForBuyer(t.app.db, type, clock, voucher!.id)).toBe(2);

    await checkoutOk(ticket, 2, { voucherCode: code });
    // Its own orders now hold its seats: nothing is held back twice, nothing is left.
    expect(await seatsForBuyer(t.app.db, type, clock, voucher!.id)).toBe(0);
    expect(await soldAndReserved(t.app.db, ticket, clock)).toEqual({ sold: 0, reserved: 3 });
  });
});

describe('a returned seat goes to the first in line', () => {
  let address = 0;
  async function join(ticketTypeId: number, email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      remoteAddress: `198.51.100.${++address}`,
      payload: { ticketTypeId, name: `Person ${email}`, email, quantity: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function entryOf(email: string) {
    const [entry] = await t.app.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.email, email));
    if (!entry) throw new Error(`${email} is not on the list`);
    return entry;
  }

  it("a lapsed reservation's seat is owed to the line, offered to its first, and theirs alone", async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 1 });
    await checkoutOk(ticket, 1);
    await join(ticket, 'first-in-line@example.com');
    await join(ticket, 'second-in-line@example.com');

    later(16);
    // The reservation lapsed and nobody has swept: the seat is free, and owed to the line.
    expect(await seatsNow(ticket, 1)).toEqual({
      forBuyer: 0,
      left: 1,
      listed: { forBuyers: 0, forOffers: 1 },
    });
    const passerBy = await checkout(t.app, await insertAttendees(t.app.db, 1), ticket);
    expect(passerBy.statusCode).toBe(409);
    expect(soldOutMessage(passerBy)).toMatch(/sold out/);

    await sweepWaitingLists({ db: t.app.db, jobs: t.app.jobs }, clock);
    const first = await entryOf('first-in-line@example.com');
    expect(first.status).toBe('offered');
    expect((await entryOf('second-in-line@example.com')).status).toBe('waiting');
    const [offer] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, first.voucherId!));
    expect(await seatsNow(ticket, 1)).toEqual({
      forBuyer: 0,
      left: 0,
      listed: { forBuyers: 0, forOffers: 0 },
    });
    expect(await seatsForBuyer(t.app.db, { id: ticket, capacity: 1 }, clock, offer!.id)).toBe(1);

    expect((await checkout(t.app, await insertAttendees(t.app.db, 1), ticket)).statusCode).toBe(409);
    await checkoutOk(ticket, 1, { voucherCode: offer!.code });
  });
});
