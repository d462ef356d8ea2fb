/**
 * Exactly-once completion: callbacks, webhooks, replays and parallel deliveries of one
 * payment pay the order once, issue its passes once and send one confirmation email
 * (captured by a real local SMTP server).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { orders, passes, paymentEvents } from '../src/db/schema.js';
import { orderStory } from '../src/modules/payments/order-story.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import {
  checkout,
  deliverWebhook,
  hmacHex,
  insertAttendees,
  postForm,
  pressSandboxButton,
  seededTicketId,
  webhookBody,
} from './ticketing-helpers.js';

let t: TestContext;
let smtp: TestSmtpServer;
let investorPass: number;
let secret: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await build({ env: { SMTP_URL: smtp.url }, now: clockFrom() });
  investorPass = await seededTicketId(t.app.db, 3, 'Investor Pass');
  secret = t.config.SANDBOX_PAYMENT_SECRET;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A pending order for `count` new attendees, and a signed payment of it (not yet delivered). */
async function orderWithPayment(count = 1) {
  const attendees = await insertAttendees(t.app.db, count);
  const response = await checkout(t.app, attendees, investorPass);
  const { order } = CheckoutResponseSchema.parse(response.json());
  const { action, fields } = await pressSandboxButton(t.app, order.id, 'pay');
  const paymentId = fields.razorpay_payment_id ?? '';
  return { order, action, fields, paymentId, attendees };
}

async function state(reference: string) {
  await settleJobs(t.app);
  const [order] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!order) throw new Error(`no order ${reference}`);
  const issued = await t.app.db.select().from(passes).where(eq(passes.orderId, order.id));
  const mails = smtp.received.filter(({ mail }) => mail.text?.includes(reference));
  return {
    status: order.status,
    paymentId: order.providerPaymentId,
    passes: issued.length,
    mails: mails.length,
  };
}

describe('exactly once', () => {
  it('a callback delivered twice pays once', async () => {
    const { order, action, fields, paymentId } = await orderWithPayment(2);
    const first = await postForm(t.app, action, fields);
    const second = await postForm(t.app, action, fields);
    for (const response of [first, second]) {
      expect(response.headers.location).toBe(`/payment-success?reference=${order.reference}`);
    }
    // Two attendees with different addresses: the buyer's email and the colleague's, once each.
    expect(await state(order.reference)).toEqual({ status: 'paid', paymentId, passes: 2, mails: 2 });
  });

  it('a callback then a webhook for the same payment pays once', async () => {
    const { order, action, fields, paymentId } = await orderWithPayment();
    await postForm(t.app, action, fields);
    const webhook = await deliverWebhook(
      t.app,
      webhookBody('payment.captured', order.id, paymentId, order.amount),
      secret,
      'evt_cb_then_hook',
    );
    expect(webhook.statusCode).toBe(200);
    expect(webhook.json()).toEqual({ status: 'processed' });
    expect(await state(order.reference)).toEqual({ status: 'paid', paymentId, passes: 1, mails: 1 });
  });

  it('a webhook alone pays the order, and a later callback changes nothing', async () => {
    const { order, action, fields, paymentId } = await orderWithPayment();
    const webhook = await deliverWebhook(
      t.app,
      webhookBody('order.paid', order.id, paymentId, order.amount),
      secret,
      'evt_hook_first',
    );
    expect(webhook.json()).toEqual({ status: 'processed' });
    expect(await state(order.reference)).toEqual({ status: 'paid', paymentId, passes: 1, mails: 1 });
    expect((await postForm(t.app, action, fields)).headers.location).toBe(
      `/payment-success?reference=${order.reference}`,
    );
    expect(await state(order.reference)).toEqual({ status: 'paid', paymentId, passes: 1, mails: 1 });
  });

  it('a replayed webhook (same event id) is answered duplicate and ignored', async () => {
    const { order, paymentId } = await orderWithPayment();
    const body = webhookBody('payment.captured', order.id, paymentId, order.amount);
    const first = await deliverWebhook(t.app, body, secret, 'evt_replayed');
    const replay = await deliverWebhook(t.app, body, secret, 'evt_replayed');
    expect(first.json()).toEqual({ status: 'processed' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    const recorded = await t.app.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'sandbox'), eq(paymentEvents.providerEventId, 'evt_replayed')));
    expect(recorded).toHaveLength(1);
    expect(await state(order.reference)).toEqual({ status: 'paid', paymentId, passes: 1, mails: 1 });
  });

  it('webhooks with different event ids for one payment pay once', async () => {
    const { order, paymentId } = await orderWithPayment();
    const captured = await deliverWebhook(
      t.app,
      webhookBody('payment.captured', order.id, paymentId, order.amount),
      secret,
      'evt_a',
    );
    const paid = await deliverWebhook(
      t.app,
      webhookBody('order.paid', order.id, paymentId, order.amount),
      secret,
      'evt_b',
    );
    const unnamed = await deliverWebhook(
      t.app,
      webhookBody('order.paid', order.id, paymentId, order.amount),
      secret,
    );
    for (const response of [captured, paid, unnamed])
      expect(response.json()).toEqual({ status: 'processed' });
    expect(await state(order.reference)).toEqual({ status: 'paid', paymentId, passes: 1, mails: 1 });
  });

  it('parallel callbacks and webhooks pay once', async () => {
    const { order, action, fields, paymentId } = await orderWithPayment(3);
    const captured = webhookBody('payment.captured', order.id, paymentId, order.amount);
    const paid = webhookBody('order.paid', order.id, paymentId, order.amount);
    const responses = await Promise.all([
      postForm(t.app, action, fields),
      deliverWebhook(t.app, captured, secret, 'evt_par_1'),
      postForm(t.app, action, fields),
      deliverWebhook(t.app, captured, secret, 'evt_par_1'),
      deliverWebhook(t.app, paid, secret, 'evt_par_2'),
      postForm(t.app, action, fields),
      deliverWebhook(t.app, paid, secret, 'evt_par_2'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([303, 200, 303, 200, 200, 303, 200]);
    const statuses = responses
      .filter((response) => response.statusCode === 200)
      .map((response) => response.json().status);
    expect(statuses.sort()).toEqual(['duplicate', 'duplicate', 'processed', 'processed']);
    // Three attendees with three addresses: three emails, each sent once.
    expect(await state(order.reference)).toEqual({ status: 'paid', paymentId, passes: 3, mails: 3 });
  });
});

describe('webhook signature', () => {
  it('rejects a wrong signature, a body changed after signing and a missing signature', async () => {
    const { order, paymentId } = await orderWithPayment();
    const body = webhookBody('payment.captured', order.id, paymentId, order.amount);
    const wrongSecret = await deliverWebhook(t.app, body, 'another-secret-entirely', 'evt_bad_1');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ isOk: false, message: 'Invalid webhook signature' });

    const altered = body.replace(`"amount":${order.amount}`, '"amount":1');
    expect(
      (await deliverWebhook(t.app, altered, secret, 'evt_bad_2', hmacHex(secret, body))).statusCode,
    ).toBe(400);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await state(order.reference)).toMatchObject({ status: 'pending', passes: 0, mails: 0 });
    // A rejected delivery is not recorded, so Razorpay's retry with the same id still counts.
    const retried = await deliverWebhook(t.app, body, secret, 'evt_bad_1');
    expect(retried.json()).toEqual({ status: 'processed' });
  });

  it('verifies the exact bytes received, not a re-serialisation', async () => {
    const { order, paymentId } = await orderWithPayment();
    const pretty = JSON.stringify(
      JSON.parse(webhookBody('payment.captured', order.id, paymentId, order.amount)),
      null,
      4,
    );
    const response = await deliverWebhook(t.app, pretty, secret, 'evt_pretty');
    expect(response.json()).toEqual({ status: 'processed' });
    expect((await state(order.reference)).status).toBe('paid');
  });
});

describe('a signed payment that does not pay its order', () => {
  it.each([
    ['a lower amount', 'payment.captured', (amount: number) => [amount - 100, 'INR'] as const],
    ['one paisa less', 'order.paid', (amount: number) => [amount - 1, 'INR'] as const],
    ['another currency', 'payment.captured', (amount: number) => [amount, 'USD'] as const],
    ['a higher amount', 'order.paid', (amount: number) => [amount + 100, 'INR'] as const],
  ])('%s (%s) is recorded, answered 200 and settles nothing', async (_case, event, paid) => {
    const { order, paymentId } = await orderWithPayment();
    const [amount, currency] = paid(order.amount);
    const eventId = `evt_mismatch_${event}_${amount}_${currency}`;
    const response = await deliverWebhook(
      t.app,
      webhookBody(event, order.id, paymentId, amount, currency),
      secret,
      eventId,
    );
    // Any other answer than 2xx makes Razorpay retry for a day, then disable the webhook.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'rejected' });
    expect(await state(order.reference)).toEqual({ status: 'pending', paymentId: null, passes: 0, mails: 0 });
    const [recorded] = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, eventId));
    expect(recorded).toMatchObject({ source: 'webhook', payload: { event } });
    // The console's timeline of the order says what came and that it settled nothing.
    const story = await orderStory(t.app.db, order.reference, t.app.now());
    expect(story.timeline.map((entry) => entry.text)).toContainEqual(
      expect.stringMatching(new RegExp(`^Webhook ${event}: .+ is not the order's ₹.+; not settled`)),
    );

    // The order's own payment, in full and in rupees, still pays it.
    const paidInFull = await deliverWebhook(
      t.app,
      webhookBody(event, order.id, paymentId, order.amount, 'INR'),
      secret,
      `${eventId}_right`,
    );
    expect(paidInFull.json()).toEqual({ status: 'processed' });
    expect(await state(order.reference)).toEqual({ status: 'paid', paymentId, passes: 1, mails: 1 });
  });

  it('a payment without its amount or currency is not settled', async () => {
    const { order, paymentId } = await orderWithPayment();
    const body = JSON.parse(webhookBody('payment.captured', order.id, paymentId, order.amount)) as {
      payload: { payment: { entity: Record<string, unknown> } };
    };
    delete body.payload.payment.entity.currency;
    const response = await deliverWebhook(t.app, JSON.stringify(body), secret, 'evt_no_currency');
    expect(response.json()).toEqual({ status: 'rejected' });
    expect(await state(order.reference)).toMatchObject({ status: 'pending', passes: 0 });
  });
});

describe('other webhook events', () => {
  it('payment.failed is recorded and leaves the reservation running for a retry', async () => {
    const { order, action, fields, paymentId } = await orderWithPayment();
    const failed = await deliverWebhook(
      t.app,
      webhookBody('payment.failed', order.id, 'pay_FailedAttempt01', order.amount),
      secret,
      'evt_failed',
    );
    expect(failed.json()).toEqual({ status: 'processed' });
    expect(await state(order.reference)).toMatchObject({ status: 'pending', passes: 0 });
    const [row] = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, 'evt_failed'));
    expect(row).toMatchObject({ source: 'webhook', payload: { event: 'payment.failed' } });

    await postForm(t.app, action, fields);
    expect(await state(order.reference)).toEqual({ status: 'paid', paymentId, passes: 1, mails: 1 });
  });

  it('events for unknown orders and other event types are recorded and ignored', async () => {
    const unknown = await deliverWebhook(
      t.app,
      webhookBody('payment.captured', 'order_NotOurs00000000', 'pay_X', 100),
      secret,
      'evt_unknown',
    );
    expect(unknown.json()).toEqual({ status: 'ignored' });

    const { order, paymentId } = await orderWithPayment();
    const authorized = await deliverWebhook(
      t.app,
      webhookBody('payment.authorized', order.id, paymentId, order.amount),
      secret,
      'evt_auth',
    );
    expect(authorized.json()).toEqual({ status: 'ignored' });
    expect((await state(order.reference)).status).toBe('pending');
    const recorded = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, 'evt_unknown'));
    expect(recorded).toMatchObject([{ orderId: null, source: 'webhook' }]);
  });
});
