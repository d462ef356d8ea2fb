/**
 * Paying again after a failed payment (issue 29 §3, "Coming back"), against PGlite: the sandbox's
 * Fail makes the order read "failed" to its buyer without releasing its seats; Pay again reopens
 * the same payment while the seats are held, and after they lapse checks out a new order with
 * the same attendees, ticket, voucher and GST details, priced by the server. Only the buyer's
 * key (or a session of the buyer's email) may ask; replays never make two paid orders.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  ManageOverviewSchema,
  OrderSummarySchema,
  envelope,
  type CheckoutResponse,
} from '@festival/shared';
import {
  orderAttendees,
  orders,
  orderTaxes,
  passes,
  paymentEvents,
  ticketTypes,
  vouchers,
  voucherTicketTypes,
} from '../src/db/schema.js';
import { orderKey } from '../src/modules/orders/access.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { build, type TestContext } from './helper.js';
import { outbox } from './registration-helpers.js';
import {
  checkout,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
  postForm,
  pressSandboxButton,
} from './ticketing-helpers.js';

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');
const minutes = (n: number) => {
  clock = new Date(clock.getTime() + n * 60_000);
};

const BUYER_GST = {
  companyName: 'Acme Robotics Private Limited',
  gstin: '24AAACC1206D1ZM',
  address: '12 SG Highway, Ahmedabad',
  stateCode: '24',
};

beforeAll(async () => {
  t = await build({ now: () => clock });
});
afterAll(async () => t?.close());

async function insertVoucher(code: string, ticketTypeId: number, percentOff: number) {
  const event = await getCurrentEvent(t.app.db);
  const [voucher] = await t.app.db
    .insert(vouchers)
    .values({ eventId: event.id, code, priceMode: 'percent', value: percentOff, maxUses: 10 })
    .returning();
  if (!voucher) throw new Error('no voucher');
  await t.app.db
    .insert(voucherTicketTypes)
    .values({ voucherId: voucher.id, ticketTypeId, eventId: event.id });
  return voucher;
}

function payAgain(reference: string, key?: string) {
  const query = key === undefined ? '' : `?key=${encodeURIComponent(key)}`;
  return t.app.inject({
    method: 'POST',
    url: `/api/auth/payment/orders/${encodeURIComponent(reference)}/pay-again${query}`,
    remoteAddress: '198.51.100.7',
  });
}

async function payAgainOk(reference: string, key: string): Promise<CheckoutResponse> {
  const response = await payAgain(reference, key);
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutResponseSchema.parse(response.json());
}

async function failOnSandbox(providerOrderId: string) {
  const { action, fields } = await pressSandboxButton(t.app, providerOrderId, 'fail');
  const callback = await postForm(t.app, action, fields);
  expect(callback.statusCode).toBe(303);
  expect(callback.headers.location).toMatch(/^\/payment-failure\?reference=/);
}

async function summary(reference: string, key: string) {
  const response = await t.app.inject({ url: `/api/auth/payment/orders/${reference}?key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return envelope(OrderSummarySchema).parse(response.json()).data;
}

async function ordersOf(attendeeId: string) {
  return t.app.db
    .select({ reference: orders.reference, status: orders.status, amount: orders.amount })
    .from(orders)
    .innerJoin(orderAttendees, eq(orderAttendees.orderId, orders.id))
    .where(eq(orderAttendees.registrationId, attendeeId));
}

async function startOrder(attendees: string[], ticket: number, extra: Record<string, unknown> = {}) {
  const response = await checkout(t.app, attendees, ticket, extra);
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutResponseSchema.parse(response.json());
}

describe('pay again after a failed sandbox payment', () => {
  it('reopens the same payment while the seats are held, then a new order priced by the server; paid once', async () => {
    const ticket = await insertTicketType(t.app.db, { amount: 100_000, capacity: 5 });
    const voucher = await insertVoucher('RETRY20', ticket, 20);
    const attendees = await insertAttendees(t.app.db, 2, {
      email: (index) => (index === 0 ? 'retry-buyer@example.com' : 'retry-colleague@example.com'),
    });
    const first = await startOrder(attendees, ticket, { voucherCode: 'retry20', gstInvoice: BUYER_GST });
    await failOnSandbox(first.order.id);

    // The buyer reads "failed"; the unsigned result released nothing.
    expect((await summary(first.order.reference, first.order.key)).status).toBe('failed');
    const [held] = await t.app.db.select().from(orders).where(eq(orders.reference, first.order.reference));
    expect(held?.status).toBe('pending');

    // While the seats are held: the same order, provider order, amount and expiry.
    minutes(3);
    const again = await payAgainOk(first.order.reference, first.order.key);
    expect(again.order).toEqual(first.order);
    expect(again.tax).toEqual(first.tax);

    // The reservation lapses; meanwhile the price went up. The server prices the new order.
    minutes(13);
    await t.app.db.update(ticketTypes).set({ amount: 120_000 }).where(eq(ticketTypes.id, ticket));
    const renewed = await payAgainOk(first.order.reference, first.order.key);
    expect(renewed.order.reference).not.toBe(first.order.reference);
    expect(renewed.order.id).not.toBe(first.order.id);
    expect(renewed.order.key).not.toBe(first.order.key);
    expect(new Date(renewed.order.expiresAt).getTime()).toBe(clock.getTime() + 15 * 60_000);
    // 2 × ₹1,200 less 20 % = ₹1,920 (prices include GST), with the same voucher and GST details.
    expect(renewed.tax.total).toBe(renewed.order.amount);
    const [newOrder] = await t.app.db
      .select({ id: orders.id, voucherId: orders.voucherId, amount: orders.amount })
      .from(orders)
      .where(eq(orders.reference, renewed.order.reference));
    expect(newOrder?.voucherId).toBe(voucher.id);
    const [newTax] = await t.app.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, newOrder!.id));
    expect(newTax).toMatchObject({ buyerGstin: BUYER_GST.gstin, buyerCompanyName: BUYER_GST.companyName });
    expect(newOrder!.amount).toBe(newTax!.total);
    expect(first.order.amount).toBe(160_000);
    expect(newTax!.total).toBe(192_000);

    // A replay (a double click, the Back button) answers the same new order.
    const replay = await payAgainOk(first.order.reference, first.order.key);
    expect(replay.order).toEqual(renewed.order);

    expect((await payWithSandbox(t.app, renewed.order.id)).headers.location).toBe(
      `/payment-success?reference=${renewed.order.reference}`,
    );
    const paid = await summary(renewed.order.reference, renewed.order.key);
    expect(paid.status).toBe('paid');
    expect(paid.passes).toHaveLength(2);

    // Once paid, asking again is refused, from the old order and from the new one.
    expect((await payAgain(first.order.reference, first.order.key)).statusCode).toBe(409);
    const refused = await payAgain(renewed.order.reference, renewed.order.key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order is already paid. Its passes are on the order page.');

    // The old provider order paid late (a second tab) is refunded, never kept.
    await payWithSandbox(t.app, first.order.id);
    const rows = await ordersOf(attendees[0]!);
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    // Refunded (the sandbox refunds at once, once the refund job has run).
    expect(['refund_due', 'refunded']).toContain(
      rows.find((row) => row.reference === first.order.reference)?.status,
    );
    const issued = await t.app.db.select().from(passes).where(inArray(passes.registrationId, attendees));
    expect(issued).toHaveLength(2);
  });

  it('refuses a stranger with only the reference, an attendee’s key and a wrong key, as an unknown order', async () => {
    const ticket = await insertTicketType(t.app.db, { amount: 50_000 });
    const attendees = await insertAttendees(t.app.db, 2, {
      email: (index) => (index === 0 ? 'owner-29@example.com' : 'colleague-29@example.com'),
    });
    const order = await startOrder(attendees, ticket);
    await failOnSandbox(order.order.id);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, order.order.reference));
    const colleagueKey = orderKey(t.app.config.OTP_SECRET, row!.id, {
      kind: 'attendee',
      email: 'colleague-29@example.com',
    });
    for (const key of [undefined, colleagueKey, 'not-the-key', order.order.key.slice(1)]) {
      const response = await payAgain(order.order.reference, key);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Order not found');
    }
    expect((await payAgain('SFG-NO-SUCH', order.order.key)).statusCode).toBe(404);
    // Nothing was made for them.
    expect(await ordersOf(attendees[0]!)).toHaveLength(1);
  });

  it('re-checks capacity and the voucher: a sold-out ticket or a disabled voucher is refused', async () => {
    const ticket = await insertTicketType(t.app.db, { amount: 50_000, capacity: 1 });
    const voucher = await insertVoucher('ONCEMORE', ticket, 10);
    const [mine] = await insertAttendees(t.app.db, 1);
    const order = await startOrder([mine!], ticket, { voucherCode: 'ONCEMORE' });
    await failOnSandbox(order.order.id);
    minutes(16);

    await t.app.db.update(vouchers).set({ disabledAt: clock }).where(eq(vouchers.id, voucher.id));
    const invalid = await payAgain(order.order.reference, order.order.key);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('ONCEMORE is not a valid voucher code');
    await t.app.db.update(vouchers).set({ disabledAt: null }).where(eq(vouchers.id, voucher.id));

    // Someone else takes the only seat meanwhile.
    const [other] = await insertAttendees(t.app.db, 1);
    await payWithSandbox(t.app, (await startOrder([other!], ticket)).order.id);
    const soldOut = await payAgain(order.order.reference, order.order.key);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toMatch(/sold out/);
    expect(await ordersOf(mine!)).toHaveLength(1);
  });

  it('records the failure once per attempt and shows it in the manage page, where only the buyer may pay again', async () => {
    const ticket = await insertTicketType(t.app.db, { amount: 50_000 });
    const attendees = await insertAttendees(t.app.db, 2, {
      email: (index) => (index === 0 ? 'manage-buyer-29@example.com' : 'manage-colleague-29@example.com'),
    });
    const order = await startOrder(attendees, ticket);
    const { action, fields } = await pressSandboxButton(t.app, order.order.id, 'fail');
    await postForm(t.app, action, fields);
    await postForm(t.app, action, fields);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, order.order.reference));
    const reported = await t.app.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, row!.id), eq(paymentEvents.source, 'failure')));
    expect(reported).toHaveLength(1);

    const buyer = await signIn('manage-buyer-29@example.com');
    const mine = (await overview(buyer)).orders.find((o) => o.reference === order.order.reference);
    expect(mine).toMatchObject({ status: 'failed', canPayAgain: true });
    const colleague = await signIn('manage-colleague-29@example.com');
    const theirs = (await overview(colleague)).orders.find((o) => o.reference === order.order.reference);
    expect(theirs).toMatchObject({ status: 'failed', canPayAgain: false });

    const url = `/api/self-service/orders/${order.order.reference}/pay-again`;
    const forbidden = await t.app.inject({ method: 'POST', url, headers: colleague });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'POST', url, headers: buyer });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(CheckoutResponseSchema.parse(ok.json()).order.reference).toBe(order.order.reference);

    await payWithSandbox(t.app, order.order.id);
    const after = (await overview(buyer)).orders.find((o) => o.reference === order.order.reference);
    expect(after).toMatchObject({ status: 'paid', canPayAgain: false });
  });
});

async function signIn(email: string) {
  const ask = await t.app.inject({
    method: 'POST',
    url: '/api/self-service/link',
    payload: { email },
    remoteAddress: `10.29.0.${email.length}`,
  });
  expect(ask.statusCode).toBe(200);
  const mails = (await outbox(t.dataDir, t.app)).filter(
    (mail) => JSON.stringify(mail.to).toLowerCase().includes(email) && mail.subject?.includes('sign-in link'),
  );
  const token = /\/manage#token=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error('no sign-in link mailed');
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/self-service/session',
    payload: { token },
  });
  expect(session.statusCode, session.body).toBe(200);
  return { authorization: `Bearer ${session.json().data.sessionToken as string}` };
}

async function overview(headers: Record<string, string>) {
  const response = await t.app.inject({ url: '/api/self-service/overview', headers });
  expect(response.statusCode, response.body).toBe(200);
  return envelope(ManageOverviewSchema).parse(response.json()).data;
}

describe('pay again, raced', () => {
  it('two requests at once (a double click) never end in two paid orders', async () => {
    const ticket = await insertTicketType(t.app.db, { amount: 50_000 });
    const [buyer] = await insertAttendees(t.app.db, 1);
    const order = await startOrder([buyer!], ticket);
    await failOnSandbox(order.order.id);
    minutes(16);
    const answers = await Promise.all([
      payAgainOk(order.order.reference, order.order.key),
      payAgainOk(order.order.reference, order.order.key),
    ]);
    // Pay every provider order the browser was given, as a buyer with two tabs might.
    for (const id of new Set(answers.map((answer) => answer.order.id))) await payWithSandbox(t.app, id);
    const rows = await ordersOf(buyer!);
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    expect(await t.app.db.select().from(passes).where(eq(passes.registrationId, buyer!))).toHaveLength(1);
  });
});
