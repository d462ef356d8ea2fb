/**
 * The reservation's expiry in the checkout answer and its one extension
 * (`POST auth/payment/orders/{reference}/extend`; WCAG 2.2.1 Timing Adjustable).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, ReservationExtensionSchema, envelope } from '@festival/shared';
import { orders } from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');
const MINUTE = 60_000;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await build({ now: () => clock });
});
afterAll(async () => t?.close());

async function reserve(ticketId?: number) {
  const ticket = ticketId ?? (await insertTicketType(t.app.db));
  const response = await checkout(t.app, await insertAttendees(t.app.db, 1), ticket);
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutResponseSchema.parse(response.json()).order;
}

function extend({ reference, key }: { reference: string; key: string }) {
  return t.app.inject({ method: 'POST', url: `/api/auth/payment/orders/${reference}/extend?key=${key}` });
}

async function storedOrder(reference: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!row) throw new Error(`no order ${reference}`);
  return row;
}

describe('checkout answer', () => {
  it('carries the reservation expiry as an ISO UTC instant, 15 minutes ahead', async () => {
    const order = await reserve();
    expect(order.expiresAt).toBe(new Date(clock.getTime() + 15 * MINUTE).toISOString());
    expect(order.expiresAt).toMatch(/Z$/);
    expect((await storedOrder(order.reference)).expiresAt.toISOString()).toBe(order.expiresAt);
  });
});

describe('extending a reservation', () => {
  it('holds the seats 15 minutes from now, once', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 1 });
    const order = await reserve(ticketId);
    advance(13 * MINUTE);

    const response = await extend(order);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = envelope(ReservationExtensionSchema).parse(response.json());
    const expected = new Date(clock.getTime() + 15 * MINUTE);
    expect(data).toEqual({ reference: order.reference, expiresAt: expected.toISOString() });
    const stored = await storedOrder(order.reference);
    expect(stored.expiresAt.toISOString()).toBe(expected.toISOString());
    expect(stored.extendedAt?.toISOString()).toBe(clock.toISOString());

    // Past the first expiry the seat is still held: another buyer finds the ticket sold out.
    advance(5 * MINUTE);
    const other = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId);
    expect(other.statusCode).toBe(409);

    const again = await extend(order);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      isOk: false,
      message: 'This reservation has already been extended once.',
    });
    expect((await storedOrder(order.reference)).expiresAt.toISOString()).toBe(expected.toISOString());

    // The sandbox payment page tells the time left.
    const sandbox = await t.app.inject({ url: `/api/auth/payment/sandbox/${order.id}` });
    expect(sandbox.body).toContain('(10 minutes left)');

    // The extended reservation can still be paid.
    expect((await payWithSandbox(t.app, order.id)).headers.location).toMatch(/^\/payment-success\?/);
  });

  it('refuses a reservation that has lapsed, and leaves it lapsed', async () => {
    const order = await reserve();
    advance(15 * MINUTE);
    const response = await extend(order);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      isOk: false,
      message: 'This reservation has expired. Please choose your tickets again.',
    });
    const stored = await storedOrder(order.reference);
    expect(stored.extendedAt).toBeNull();
    expect(stored.expiresAt.getTime()).toBe(clock.getTime());
  });

  it('refuses a paid order', async () => {
    const order = await reserve();
    await payWithSandbox(t.app, order.id);
    const response = await extend(order);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ isOk: false, message: 'This order is no longer waiting for payment.' });
  });

  it('answers 404 for an unknown reference', async () => {
    const response = await extend({ reference: 'SFG24-NOPE', key: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ isOk: false, message: 'Order not found' });
  });

  it('extends once when two requests race', async () => {
    const order = await reserve();
    const answers = await Promise.all([extend(order), extend(order)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});
