/**
 * A verified payment for an order that is no longer payable is honoured only if a
 * seat is free and no attendee holds a pass; otherwise it is refunded through the provider,
 * and the buyer is told either way. One pass per attendee per event is a database fact.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { orders, passes, refunds } from '../src/db/schema.js';
import { isUniqueViolation } from '../src/db/errors.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { outbox } from './registration-helpers.js';
import {
  checkout,
  insertAttendees,
  insertTicketType,
  postForm,
  pressSandboxButton,
} from './ticketing-helpers.js';

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');

beforeAll(async () => {
  t = await build({ now: () => clock });
});
afterAll(async () => t?.close());

async function startOrder(attendees: string[], ticketId: number) {
  const response = await checkout(t.app, attendees, ticketId);
  expect(response.statusCode, response.body).toBe(200);
  const { order } = CheckoutResponseSchema.parse(response.json());
  // Sign the payment now (as Razorpay Checkout would while the buyer pays); deliver it later.
  const { action, fields } = await pressSandboxButton(t.app, order.id, 'pay');
  return { order, deliver: () => postForm(t.app, action, fields) };
}

async function orderRow(reference: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!row) throw new Error(`no order ${reference}`);
  return row;
}

async function seatsHeld(ticketId: number) {
  const response = await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/3' });
  const tickets = (response.json() as { data: { _id: number; capacity: number; available: number }[] }).data;
  const ticket = tickets.find((row) => row._id === ticketId);
  return ticket ? ticket.capacity - ticket.available : undefined;
}

async function mailsAbout(reference: string) {
  return (await outbox(t.dataDir, t.app)).filter((mail) => mail.subject?.includes(reference));
}

const minutes = (n: number) => {
  clock = new Date(clock.getTime() + n * 60_000);
};

describe('a payment after the reservation lapsed', () => {
  it('is refunded when the seat went to someone else: capacity 1 is never oversold', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 1 });
    const a = await startOrder(
      await insertAttendees(t.app.db, 1, { email: () => 'late.a@example.com' }),
      ticketId,
    );
    minutes(16);
    const b = await startOrder(await insertAttendees(t.app.db, 1), ticketId);

    // A's payment arrives after A's reservation lapsed and B holds the only seat.
    const late = await a.deliver();
    expect(late.headers.location).toBe(`/payment-failure?reference=${a.order.reference}`);
    expect((await b.deliver()).headers.location).toBe(`/payment-success?reference=${b.order.reference}`);

    await settleJobs(t.app);
    const rowA = await orderRow(a.order.reference);
    expect(rowA.status).toBe('refunded');
    expect(await t.app.db.select().from(passes).where(eq(passes.orderId, rowA.id))).toEqual([]);
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, rowA.id));
    expect(refund).toMatchObject({
      status: 'processed',
      reason: 'late_payment',
      amount: rowA.amount,
      providerPaymentId: rowA.providerPaymentId,
    });
    expect(refund?.providerRefundId).toMatch(/^rfnd_/);
    expect(refund?.buyerNotifiedAt).toBeInstanceOf(Date);
    expect((await orderRow(b.order.reference)).status).toBe('paid');
    expect(await seatsHeld(ticketId)).toBe(1);

    const [mail] = await mailsAbout(a.order.reference);
    expect(mail?.subject).toContain('Refund of');
    expect(mail?.text).toContain('Your payment reached us after this order had closed');
    expect(JSON.stringify(mail?.to)).toContain('late.a@example.com');
  });

  it('is honoured when a seat is still free, and the buyer gets the passes', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 2 });
    const a = await startOrder(await insertAttendees(t.app.db, 1), ticketId);
    minutes(20);
    expect((await a.deliver()).headers.location).toBe(`/payment-success?reference=${a.order.reference}`);
    await settleJobs(t.app);
    expect((await orderRow(a.order.reference)).status).toBe('paid');
    expect(await seatsHeld(ticketId)).toBe(1);
    const [mail] = await mailsAbout(a.order.reference);
    expect(mail?.subject).toMatch(/^Your .+ pass — /);
  });

  it('is refunded after the order failed when the seats are gone', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 1 });
    const a = await startOrder(await insertAttendees(t.app.db, 1), ticketId);
    await t.app.db.update(orders).set({ status: 'failed' }).where(eq(orders.reference, a.order.reference));
    const b = await startOrder(await insertAttendees(t.app.db, 1), ticketId);
    await b.deliver();
    await a.deliver();
    await settleJobs(t.app);
    expect((await orderRow(a.order.reference)).status).toBe('refunded');
    expect(await seatsHeld(ticketId)).toBe(1);
  });
});

describe('late payments racing for the last seat', () => {
  it('honours exactly one and refunds the others', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 1 });
    const late = [];
    for (let index = 0; index < 4; index += 1) {
      late.push(await startOrder(await insertAttendees(t.app.db, 1), ticketId));
      minutes(16);
    }
    await Promise.all(late.map((order) => order.deliver()));
    await settleJobs(t.app);
    const statuses = await Promise.all(
      late.map(async ({ order }) => (await orderRow(order.reference)).status),
    );
    expect(statuses.filter((status) => status === 'paid')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'refunded')).toHaveLength(3);
    expect(await seatsHeld(ticketId)).toBe(1);
  });
});

describe('a payment of a superseded order', () => {
  it('is refunded when the newer order of the same attendee was paid: one pass per attendee', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 5 });
    const attendee = await insertAttendees(t.app.db, 1);
    const first = await startOrder(attendee, ticketId);
    // Another ticket: the same request again would answer the first order instead.
    const second = await startOrder(attendee, await insertTicketType(t.app.db, { capacity: 5 }));
    expect((await orderRow(first.order.reference)).status).toBe('expired');

    await second.deliver();
    const stale = await first.deliver();
    expect(stale.headers.location).toBe(`/payment-failure?reference=${first.order.reference}`);
    await settleJobs(t.app);
    expect((await orderRow(first.order.reference)).status).toBe('refunded');
    const issued = await t.app.db.select().from(passes).where(eq(passes.registrationId, attendee[0]!));
    expect(issued).toHaveLength(1);
  });

  it('paid first, releases the newer order, whose later payment is then refunded', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 5 });
    const attendee = await insertAttendees(t.app.db, 1);
    const first = await startOrder(attendee, ticketId);
    const second = await startOrder(attendee, await insertTicketType(t.app.db, { capacity: 5 }));

    expect((await first.deliver()).headers.location).toBe(
      `/payment-success?reference=${first.order.reference}`,
    );
    expect((await orderRow(second.order.reference)).status).toBe('expired');
    await second.deliver();
    await settleJobs(t.app);
    expect((await orderRow(first.order.reference)).status).toBe('paid');
    expect((await orderRow(second.order.reference)).status).toBe('refunded');
    expect(await seatsHeld(ticketId)).toBe(1);
  });
});

describe('a second payment of a paid order', () => {
  it('is refunded and the order stays paid', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 5 });
    const a = await startOrder(await insertAttendees(t.app.db, 1), ticketId);
    await a.deliver();
    const again = await pressSandboxButton(t.app, a.order.id, 'pay').catch(() => undefined);
    // The sandbox refuses to take a second payment; sign one by hand as a gateway glitch would.
    expect(again).toBeUndefined();
    const provider = t.app.paymentProvider as unknown as { signPayment(o: string, p: string): string };
    const second = await postForm(t.app, '/api/auth/payment/callback', {
      razorpay_order_id: a.order.id,
      razorpay_payment_id: 'pay_SecondPayment01',
      razorpay_signature: provider.signPayment(a.order.id, 'pay_SecondPayment01'),
    });
    expect(second.headers.location).toBe(`/payment-success?reference=${a.order.reference}`);
    await settleJobs(t.app);
    const row = await orderRow(a.order.reference);
    expect(row.status).toBe('paid');
    const rows = await t.app.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(rows).toMatchObject([
      { providerPaymentId: 'pay_SecondPayment01', reason: 'duplicate_payment', status: 'processed' },
    ]);
  });
});

describe('one pass per attendee per event', () => {
  it('is enforced by the database, not only by the code', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 5 });
    const [alice, bob] = await insertAttendees(t.app.db, 2);
    await (await startOrder([alice!], ticketId)).deliver();
    const bobs = await startOrder([bob!], ticketId);
    await bobs.deliver();
    const [pass] = await t.app.db.select().from(passes).where(eq(passes.registrationId, alice!));
    const bobsOrder = await orderRow(bobs.order.reference);
    // A second pass for Alice through another order of the same event.
    const error = await t.app.db
      .insert(passes)
      .values({
        eventId: pass!.eventId,
        orderId: bobsOrder.id,
        registrationId: alice!,
        code: 'SFG-DUPLICATE1',
      })
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error, 'passes_event_registration_uq')).toBe(true);
  });
});
