/**
 * Checkout (the spec's `auth/payment/checkout`): amounts from the server, attendee and ticket checks,
 * expiry.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, ErrorResponseSchema, OrderSummarySchema, envelope } from '@festival/shared';
import { orderAttendees, orderLines, orders, registrations } from '../src/db/schema.js';
import { sweepLapsedOrders } from '../src/modules/orders/service.js';
import { build, type TestContext } from './helper.js';
import {
  checkout,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
  seededTicketId,
} from './ticketing-helpers.js';

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');
let investorPass: number;

beforeAll(async () => {
  t = await build({ now: () => clock });
  investorPass = await seededTicketId(t.app.db, 3, 'Investor Pass');
});
afterAll(async () => t?.close());

async function orderOf(reference: string) {
  const [order] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!order) throw new Error(`no order ${reference}`);
  return order;
}

describe('checkout', () => {
  it('computes the amount on the server and ignores an amount in the body', async () => {
    const ids = await insertAttendees(t.app.db, 2);
    const response = await checkout(t.app, ids, investorPass, { amount: 100 });
    expect(response.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(response.json());
    expect(body.order).toMatchObject({ amount: 200_000, currency: 'INR' });
    expect(body.order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(body.order.reference).toMatch(/^SFG24-[2-9A-HJKMNP-Z]{10}$/);
    expect(body.checkout).toEqual({ provider: 'sandbox', url: `/api/auth/payment/sandbox/${body.order.id}` });

    const [first] = await t.app.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, ids[0] ?? ''));
    expect(body.person).toEqual({ name: first?.name, email: first?.email, contact: '+919876543210' });

    const order = await orderOf(body.order.reference);
    expect(order).toMatchObject({
      status: 'pending',
      amount: 200_000,
      providerOrderId: body.order.id,
      provider: 'sandbox',
    });
    const lines = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines).toMatchObject([{ quantity: 2, unitAmount: 100_000, amount: 200_000, position: 0 }]);
    expect(order.expiresAt.getTime() - clock.getTime()).toBe(15 * 60_000);
    const attendees = await t.app.db
      .select()
      .from(orderAttendees)
      .where(eq(orderAttendees.orderId, order.id));
    expect(attendees.sort((a, b) => a.position - b.position).map((row) => row.registrationId)).toEqual(ids);
  });

  it('answers 404 for an attendee that is not registered', async () => {
    const [known] = await insertAttendees(t.app.db, 1);
    const response = await checkout(t.app, [known ?? '', crypto.randomUUID()], investorPass);
    expect(response.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(response.json()).message).toMatch(/attendee/i);
  });

  it('answers 400 for an id that is not a uuid, an empty list and no ticket', async () => {
    expect((await checkout(t.app, ['12'], investorPass)).statusCode).toBe(400);
    expect((await checkout(t.app, [], investorPass)).statusCode).toBe(400);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/payment/checkout',
      payload: { startupIds: await insertAttendees(t.app.db, 1) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { selectedTicket: 'Choose a ticket' } });
  });

  it('answers 400 when an attendee is listed twice', async () => {
    const [id = ''] = await insertAttendees(t.app.db, 1);
    const response = await checkout(t.app, [id, id], investorPass);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { startupIds: expect.any(String) } });
  });

  it('answers 404 for an unknown ticket type', async () => {
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), 999_999);
    expect(response.statusCode).toBe(404);
  });

  it('refuses a ticket of another category than the first attendee’s', async () => {
    const visitorPass = await seededTicketId(t.app.db, 4, 'Visitor Pass');
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), visitorPass);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { selectedTicket: 'Visitor Pass is not sold to Investor attendees' },
    });
  });

  it('accepts attendees of several categories on the first attendee’s ticket (a stall: one per company)', async () => {
    const [pitcher = ''] = await insertAttendees(t.app.db, 1, { participantCategoryId: 1 });
    const [startup = ''] = await insertAttendees(t.app.db, 1, { participantCategoryId: 2 });
    const gold = await seededTicketId(t.app.db, 1, 'Gold Stall Package');
    const response = await checkout(t.app, [pitcher, startup], gold);
    expect(response.statusCode).toBe(200);
    expect(CheckoutResponseSchema.parse(response.json()).order.amount).toBe(2_500_000);
  });

  it('answers 409 for an attendee who already holds a pass', async () => {
    const ids = await insertAttendees(t.app.db, 1);
    const first = CheckoutResponseSchema.parse((await checkout(t.app, ids, investorPass)).json());
    expect((await payWithSandbox(t.app, first.order.id)).headers.location).toMatch(/^\/payment-success/);

    const [newcomer = ''] = await insertAttendees(t.app.db, 1);
    const response = await checkout(t.app, [newcomer, ...ids], investorPass);
    expect(response.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(response.json()).message).toMatch(/already has a pass/);
  });

  it('replaces an earlier pending order of the same attendees instead of holding seats twice', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 2 });
    const ids = await insertAttendees(t.app.db, 2);
    const first = CheckoutResponseSchema.parse((await checkout(t.app, ids, ticketId)).json());
    // In another order: the same request again would answer the first order.
    const second = await checkout(t.app, [...ids].reverse(), ticketId);
    expect(second.statusCode).toBe(200);
    expect((await orderOf(first.order.reference)).status).toBe('expired');
    const { order } = CheckoutResponseSchema.parse(second.json());
    expect((await orderOf(order.reference)).status).toBe('pending');
  });

  it('refuses more attendees than seats left, naming what is left', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 3 });
    expect((await checkout(t.app, await insertAttendees(t.app.db, 2), ticketId)).statusCode).toBe(200);
    const response = await checkout(t.app, await insertAttendees(t.app.db, 2), ticketId);
    expect(response.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(response.json()).message).toMatch(/^Only 1 seat left for /);
  });

  it('fails the order and returns its seats when the payment provider refuses it', async () => {
    // The sandbox, like Razorpay, refuses orders under ₹1.
    const ticketId = await insertTicketType(t.app.db, { capacity: 1, amount: 50 });
    const ids = await insertAttendees(t.app.db, 1);
    const response = await checkout(t.app, ids, ticketId);
    expect(response.statusCode).toBe(502);
    const held = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.ticketTypeId, ticketId));
    expect(held).toEqual([{ status: 'failed' }]);
  });
});

describe('reservation expiry', () => {
  it('stops counting a pending order after 15 minutes, and the seat returns to sale', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 1 });
    const first = CheckoutResponseSchema.parse(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId)).json(),
    );
    const late = await insertAttendees(t.app.db, 1);

    clock = new Date(clock.getTime() + 15 * 60_000 - 1_000);
    expect((await checkout(t.app, late, ticketId)).statusCode).toBe(409);

    clock = new Date(clock.getTime() + 1_000);
    const second = await checkout(t.app, late, ticketId);
    expect(second.statusCode).toBe(200);
    // The seat was sold again without marking the lapsed order (the sweep's job); it reads as expired.
    expect((await orderOf(first.order.reference)).status).toBe('pending');
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/auth/payment/orders/${first.order.reference}?key=${first.order.key}`,
    });
    expect(envelope(OrderSummarySchema).parse(summary.json()).data.status).toBe('expired');

    expect(await sweepLapsedOrders(t.app.db, clock)).toBeGreaterThanOrEqual(1);
    const marked = await orderOf(first.order.reference);
    expect(marked.status).toBe('expired');
    expect(marked.closedAt).toEqual(clock);
    // The new order's reservation is still running: the sweep leaves it.
    const held = CheckoutResponseSchema.parse(second.json());
    expect((await orderOf(held.order.reference)).status).toBe('pending');
  });
});

describe('order summary', () => {
  it('answers a pending order by reference, and 404 for an unknown one', async () => {
    const { order } = CheckoutResponseSchema.parse(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), investorPass)).json(),
    );
    const response = await t.app.inject({
      url: `/api/auth/payment/orders/${order.reference}?key=${order.key}`,
    });
    expect(response.statusCode).toBe(200);
    const { data } = envelope(OrderSummarySchema).parse(response.json());
    expect(data).toMatchObject({
      reference: order.reference,
      status: 'pending',
      amount: 100_000,
      quantity: 1,
      ticketName: 'Investor Pass',
      Event: {
        name: 'Startup Fest Gujarat 2024',
        startDate: '2024-10-20T04:30:00.000Z',
        endDate: '2024-10-21T13:30:00.000Z',
        venue: 'Gujarat Science City, Ahmedabad',
      },
      passes: [],
    });

    expect((await t.app.inject({ url: '/api/auth/payment/orders/SFG24-NOPE' })).statusCode).toBe(404);
  });

  it('reads a lapsed pending order as expired', async () => {
    const ids = await insertAttendees(t.app.db, 1);
    const { order } = CheckoutResponseSchema.parse((await checkout(t.app, ids, investorPass)).json());
    clock = new Date(clock.getTime() + 16 * 60_000);
    const response = await t.app.inject({
      url: `/api/auth/payment/orders/${order.reference}?key=${order.key}`,
    });
    expect(envelope(OrderSummarySchema).parse(response.json()).data.status).toBe('expired');
    const rows = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(inArray(orders.reference, [order.reference]));
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});
