/** Ticket list and availability (the spec's `auth/list-by-participant/ticketMaster/{id}`). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketTypeSchema, envelope } from '@festival/shared';
import { z } from 'zod';
import { build, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType } from './ticketing-helpers.js';

const TicketListSchema = envelope(z.array(TicketTypeSchema));

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');

beforeAll(async () => {
  t = await build({ now: () => clock });
});
afterAll(async () => t?.close());

async function list(participantCategoryId: number | string) {
  const response = await t.app.inject({
    url: `/api/auth/list-by-participant/ticketMaster/${participantCategoryId}`,
  });
  return {
    response,
    body: response.statusCode === 200 ? TicketListSchema.parse(response.json()) : undefined,
  };
}

describe('ticket list', () => {
  it('lists the investor tab’s pass with its seeded price, list price and capacity', async () => {
    const { response, body } = await list(3);
    expect(response.statusCode).toBe(200);
    expect(body?.isOk).toBe(true);
    const investorPass = body?.data.find((ticket) => ticket.name === 'Investor Pass');
    expect(investorPass).toMatchObject({
      amount: 100_000,
      listPrice: 400_000,
      participantCategoryId: 3,
      capacity: 300,
      available: 300,
      soldOut: false,
      salesEnded: false,
      salesEnd: null,
    });
  });

  it('lists the Start-Up stall packages cheapest first', async () => {
    const { body } = await list(2);
    expect(body?.data.map((ticket) => ticket.name)).toEqual([
      'Silver Stall Package',
      'Gold Stall Package',
      'Platinum Stall Package',
    ]);
    expect(body?.data.map((ticket) => ticket.amount)).toEqual([1_000_000, 2_500_000, 10_000_000]);
  });

  it('lists only the tab’s own category', async () => {
    const { body } = await list(1);
    expect(body?.data.map((ticket) => ticket.name)).toEqual(['Gold Stall Package', 'Platinum Stall Package']);
    expect(body?.data.every((ticket) => ticket.participantCategoryId === 1)).toBe(true);
  });

  it('rejects an unknown participant category', async () => {
    expect((await list(9)).response.statusCode).toBe(400);
    expect((await list('abc')).response.statusCode).toBe(400);
  });
});

describe('availability', () => {
  it('counts reserved seats, marks sold out, and frees seats when a reservation lapses', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 3, name: 'Availability Pass' });
    await t.app.publicCache.invalidate(); // a ticket type written behind the app's back
    const find = async () => (await list(3)).body?.data.find((ticket) => ticket._id === ticketId);
    expect(await find()).toMatchObject({ capacity: 3, available: 3, soldOut: false });

    expect((await checkout(t.app, await insertAttendees(t.app.db, 2), ticketId)).statusCode).toBe(200);
    expect(await find()).toMatchObject({ available: 1, soldOut: false });

    expect((await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId)).statusCode).toBe(200);
    expect(await find()).toMatchObject({ available: 0, soldOut: true });

    clock = new Date(clock.getTime() + 15 * 60_000);
    expect(await find()).toMatchObject({ available: 3, soldOut: false });
  });

  it('reports a passed sales end and refuses checkout', async () => {
    const salesEndAt = new Date(clock.getTime() - 60_000);
    const ticketId = await insertTicketType(t.app.db, { salesEndAt, name: 'Closed Pass' });
    await t.app.publicCache.invalidate(); // a ticket type written behind the app's back
    const ticket = (await list(3)).body?.data.find((row) => row._id === ticketId);
    expect(ticket).toMatchObject({ salesEnded: true, salesEnd: salesEndAt.toISOString() });

    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ isOk: false, message: expect.stringContaining('ended') });
  });

  it('keeps a future sales end open', async () => {
    const salesEndAt = new Date(clock.getTime() + 60_000);
    const ticketId = await insertTicketType(t.app.db, { salesEndAt, name: 'Open Pass' });
    await t.app.publicCache.invalidate(); // a ticket type written behind the app's back
    const ticket = (await list(3)).body?.data.find((row) => row._id === ticketId);
    expect(ticket).toMatchObject({ salesEnded: false, salesEnd: salesEndAt.toISOString() });
    expect((await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId)).statusCode).toBe(200);
  });
});
