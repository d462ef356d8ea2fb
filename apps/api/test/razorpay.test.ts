/**
 * The Razorpay provider: orders through the official SDK against a local fake of the Orders
 * API (https://razorpay.com/docs/api/orders/create), signatures against the SDK's own
 * utilities and its published test vector, and webhooks signed with RAZORPAY_WEBHOOK_SECRET.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { orders, refunds } from '../src/db/schema.js';
import { RazorpayPaymentProvider } from '../src/modules/payment-providers/razorpay.js';
import { requestOrganizerRefund } from '../src/modules/payments/refunds.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { signedInOrganizer } from './organizer-helpers.js';
import {
  checkout,
  deliverWebhook,
  hmacHex,
  insertAttendees,
  insertTicketType,
  postForm,
  seededTicketId,
  webhookBody,
} from './ticketing-helpers.js';

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisisatestsecretkey';
const WEBHOOK_SECRET = 'thisisthewebhooksecret';

interface FakeOrdersApi {
  url: string;
  requests: {
    method: string;
    path: string;
    authorization: string | undefined;
    idempotencyKey: string | undefined;
    body: Record<string, unknown>;
  }[];
  /** The next answer's status; 200 creates an order. */
  nextStatus: number;
  /** Statuses the next refund requests answer, in turn (then 200). */
  refundFailures: number[];
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
}

/**
 * A local stand-in for POST /v1/orders and POST /v1/payments/:id/refund: checks Basic auth
 * and answers like Razorpay; refunds honour X-Refund-Idempotency (same key, same refund).
 */
async function startFakeOrdersApi(): Promise<FakeOrdersApi> {
  let sequence = 0;
  const refundsByKey = new Map<string, string>();
  const fake: FakeOrdersApi = {
    url: '',
    requests: [],
    nextStatus: 200,
    refundFailures: [],
    close: async () => {},
  };
  const expectedAuth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
  const server: Server = createServer(async (request, response) => {
    const body = await readJson(request);
    fake.requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['x-refund-idempotency'] as string | undefined,
      body,
    });
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== expectedAuth) {
      response.statusCode = 401;
      response.end(
        JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }),
      );
      return;
    }
    if (request.method === 'GET' && /^\/v1\/orders\?/.test(request.url ?? '')) {
      response.end(JSON.stringify({ entity: 'collection', count: 0, items: [] }));
      return;
    }
    const refundOf = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(request.url ?? '')?.[1];
    if (request.method === 'POST' && refundOf) {
      const failure = fake.refundFailures.shift();
      if (failure) {
        response.statusCode = failure;
        response.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'Try again.' } }));
        return;
      }
      const key = String(request.headers['x-refund-idempotency'] ?? '');
      const id = refundsByKey.get(key) ?? `rfnd_Fake${String(refundsByKey.size + 1).padStart(10, '0')}`;
      refundsByKey.set(key, id);
      response.end(
        JSON.stringify({
          id,
          entity: 'refund',
          amount: body.amount,
          currency: 'INR',
          payment_id: refundOf,
          notes: body.notes ?? [],
          receipt: body.receipt ?? null,
          status: 'pending',
          speed_requested: body.speed,
          created_at: 1_729_400_100,
        }),
      );
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/orders' || fake.nextStatus !== 200) {
      response.statusCode = request.url === '/v1/orders' ? fake.nextStatus : 404;
      response.end(
        JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } }),
      );
      return;
    }
    sequence += 1;
    response.end(
      JSON.stringify({
        id: `order_Fake${String(sequence).padStart(10, '0')}`,
        entity: 'order',
        amount: body.amount,
        amount_paid: 0,
        amount_due: body.amount,
        currency: body.currency,
        receipt: body.receipt,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: body.notes ?? [],
        created_at: 1_729_400_000,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

let fake: FakeOrdersApi;
let t: TestContext;
let investorPass: number;

beforeAll(async () => {
  fake = await startFakeOrdersApi();
  t = await build({
    now: clockFrom(),
    env: {
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: fake.url,
    },
  });
  investorPass = await seededTicketId(t.app.db, 3, 'Investor Pass');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function orderRow(reference: string) {
  const [order] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!order) throw new Error(`no order ${reference}`);
  return order;
}

describe('razorpay checkout', () => {
  it('creates the order through the SDK with the server’s amount, INR and the reference as receipt', async () => {
    expect(t.config.paymentProvider).toBe('razorpay');
    const response = await checkout(t.app, await insertAttendees(t.app.db, 3), investorPass, { amount: 1 });
    expect(response.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(response.json());

    const request = fake.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      body: { amount: 300_000, currency: 'INR', receipt: body.order.reference },
    });
    // The edition the order belongs to, as the provider's dashboard shows it with the payment.
    expect(request?.body.notes).toMatchObject({
      reference: body.order.reference,
      event: 'Startup Fest Gujarat 2024',
      ticket: 'Investor Pass',
    });

    expect(body.order).toMatchObject({
      id: expect.stringMatching(/^order_Fake\d{10}$/),
      amount: 300_000,
      currency: 'INR',
    });
    expect(body.checkout).toEqual({
      provider: 'razorpay',
      keyId: KEY_ID,
      callbackUrl: 'http://localhost:3000/api/auth/payment/callback',
    });
    expect(await orderRow(body.order.reference)).toMatchObject({
      provider: 'razorpay',
      providerOrderId: body.order.id,
      status: 'pending',
    });
  });

  it('answers 502 and releases the seats when Razorpay fails', async () => {
    fake.nextStatus = 500;
    try {
      const response = await checkout(t.app, await insertAttendees(t.app.db, 1), investorPass);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ isOk: false });
    } finally {
      fake.nextStatus = 200;
    }
    const failed = await t.app.db.select().from(orders).where(eq(orders.status, 'failed'));
    expect(failed).toMatchObject([{ providerOrderId: null, provider: 'razorpay' }]);
  });

  it('does not serve the sandbox checkout page', async () => {
    const { order } = CheckoutResponseSchema.parse(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), investorPass)).json(),
    );
    expect((await t.app.inject({ url: `/api/auth/payment/sandbox/${order.id}` })).statusCode).toBe(404);
    expect((await postForm(t.app, `/api/auth/payment/sandbox/${order.id}/pay`, {})).statusCode).toBe(404);
  });

  it('accepts Checkout’s callback signed with the key secret, as the SDK verifies it', async () => {
    const { order } = CheckoutResponseSchema.parse(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), investorPass)).json(),
    );
    const paymentId = 'pay_29QQoUBi66xm2f';
    const signature = hmacHex(KEY_SECRET, `${order.id}|${paymentId}`);
    expect(
      validatePaymentVerification({ order_id: order.id, payment_id: paymentId }, signature, KEY_SECRET),
    ).toBe(true);

    const sandboxSigned = hmacHex(t.config.SANDBOX_PAYMENT_SECRET, `${order.id}|${paymentId}`);
    const refused = await postForm(t.app, '/api/auth/payment/callback', {
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sandboxSigned,
    });
    expect(refused.headers.location).toBe(`/payment-failure?reference=${order.reference}`);

    const accepted = await postForm(t.app, '/api/auth/payment/callback', {
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(`/payment-success?reference=${order.reference}`);
    expect(await orderRow(order.reference)).toMatchObject({ status: 'paid', providerPaymentId: paymentId });
  });

  it('accepts webhooks signed with RAZORPAY_WEBHOOK_SECRET only', async () => {
    const { order } = CheckoutResponseSchema.parse(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), investorPass)).json(),
    );
    const body = webhookBody('payment.captured', order.id, 'pay_29QQoUBi66xm3g', order.amount);
    expect((await deliverWebhook(t.app, body, KEY_SECRET, 'evt_rzp_1')).statusCode).toBe(400);
    const response = await deliverWebhook(t.app, body, WEBHOOK_SECRET, 'evt_rzp_1');
    expect(response.json()).toEqual({ status: 'processed' });
    expect((await orderRow(order.reference)).status).toBe('paid');
  });
});

/** A Razorpay-shaped refund webhook body (https://razorpay.com/docs/webhooks/payloads/refunds/). */
function refundWebhookBody(
  event: string,
  refundId: string,
  paymentId: string,
  amount: number,
  ourId: string,
) {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_TestAccount0001',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: {
          id: refundId,
          entity: 'refund',
          amount,
          currency: 'INR',
          payment_id: paymentId,
          notes: { refund_id: ourId },
          status: event === 'refund.processed' ? 'processed' : 'failed',
        },
      },
    },
    created_at: 1_729_400_200,
  });
}

/**
 * Two checkouts of one attendee, the newer of another ticket (the same request again would
 * answer the older order); the newer is paid by webhook, the older's payment then needs a refund.
 */
async function supersededPayment(paymentId: string) {
  const attendee = await insertAttendees(t.app.db, 1);
  const older = CheckoutResponseSchema.parse((await checkout(t.app, attendee, investorPass)).json()).order;
  const otherPass = await insertTicketType(t.app.db);
  const newer = CheckoutResponseSchema.parse((await checkout(t.app, attendee, otherPass)).json()).order;
  const paid = webhookBody('payment.captured', newer.id, `${paymentId}N`, newer.amount);
  await deliverWebhook(t.app, paid, WEBHOOK_SECRET, `evt_${paymentId}`);
  const late = await postForm(t.app, '/api/auth/payment/callback', {
    razorpay_order_id: older.id,
    razorpay_payment_id: paymentId,
    razorpay_signature: hmacHex(KEY_SECRET, `${older.id}|${paymentId}`),
  });
  expect(late.headers.location).toBe(`/payment-failure?reference=${older.reference}`);
  return older;
}

describe('razorpay refunds', () => {
  it('refunds through the Refunds API with X-Refund-Idempotency; refund.processed settles it', async () => {
    const order = await supersededPayment('pay_LateRefund0001');
    await settleJobs(t.app);
    const row = await orderRow(order.reference);
    expect(row.status).toBe('refund_due');
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(refund).toMatchObject({ status: 'pending', amount: row.amount, reason: 'late_payment' });
    const sent = fake.requests.filter((request) => request.path === '/v1/payments/pay_LateRefund0001/refund');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      idempotencyKey: refund!.id,
      body: {
        amount: row.amount,
        speed: 'normal',
        notes: { refund_id: refund!.id, reference: order.reference },
      },
    });

    const processed = refundWebhookBody(
      'refund.processed',
      refund!.providerRefundId!,
      'pay_LateRefund0001',
      row.amount,
      refund!.id,
    );
    expect((await deliverWebhook(t.app, processed, WEBHOOK_SECRET, 'evt_refund_1')).json()).toEqual({
      status: 'processed',
    });
    expect((await deliverWebhook(t.app, processed, WEBHOOK_SECRET, 'evt_refund_1')).json()).toEqual({
      status: 'duplicate',
    });
    // A late refund.failed cannot undo a processed refund.
    const failed = refundWebhookBody(
      'refund.failed',
      refund!.providerRefundId!,
      'pay_LateRefund0001',
      row.amount,
      refund!.id,
    );
    await deliverWebhook(t.app, failed, WEBHOOK_SECRET, 'evt_refund_2');
    expect((await orderRow(order.reference)).status).toBe('refunded');
    const [after] = await t.app.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(after).toMatchObject({ status: 'processed' });
    expect(after?.processedAt).toBeInstanceOf(Date);
  });

  it('retries a refund the API refused with the same key, and sends it only once', async () => {
    fake.refundFailures = [503];
    const order = await supersededPayment('pay_LateRefund0002');
    await settleJobs(t.app);
    const attempts = () =>
      fake.requests.filter((request) => request.path === '/v1/payments/pay_LateRefund0002/refund');
    expect(attempts()).toHaveLength(1);
    const row = await orderRow(order.reference);
    const [requested] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(requested).toMatchObject({ status: 'requested', providerRefundId: null });

    // The job backs off, then tries again with the same idempotency key.
    for (let waited = 0; attempts().length < 2 && waited < 30_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await settleJobs(t.app);
    expect(attempts().map((request) => request.idempotencyKey)).toEqual([requested!.id, requested!.id]);
    const [sent] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(sent).toMatchObject({ status: 'pending' });
    expect(sent?.providerRefundId).toMatch(/^rfnd_Fake/);

    // A refund.failed webhook marks it failed for an organizer; nothing is sent again.
    const failed = refundWebhookBody(
      'refund.failed',
      sent!.providerRefundId!,
      'pay_LateRefund0002',
      row.amount,
      sent!.id,
    );
    await deliverWebhook(t.app, failed, WEBHOOK_SECRET, 'evt_refund_3');
    await settleJobs(t.app);
    const [final] = await t.app.db.select().from(refunds).where(eq(refunds.id, sent!.id));
    expect(final).toMatchObject({ status: 'failed' });
    expect((await orderRow(order.reference)).status).toBe('refund_due');
    expect(attempts()).toHaveLength(2);
  });
});

describe('organizer refunds through razorpay', () => {
  it('sends the part refunded with its own idempotency key', async () => {
    const { order } = CheckoutResponseSchema.parse(
      (await checkout(t.app, await insertAttendees(t.app.db, 2), investorPass)).json(),
    );
    const paymentId = 'pay_OrganizerRefund1';
    await postForm(t.app, '/api/auth/payment/callback', {
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: hmacHex(KEY_SECRET, `${order.id}|${paymentId}`),
    });
    const ctx = {
      db: t.app.db,
      now: () => t.app.now(),
      log: t.app.log,
      jobs: t.app.jobs,
      provider: t.app.paymentProvider,
      orderHooks: t.app.orderHooks,
    };
    const refund = await requestOrganizerRefund(
      ctx,
      order.reference,
      { amount: 50_000, reason: 'One investor could not travel' },
      { organizerId: 'finance-1', email: 'finance@festival.test', ip: '192.0.2.2' },
    );
    await settleJobs(t.app);
    const sent = fake.requests.filter((request) => request.path === `/v1/payments/${paymentId}/refund`);
    expect(sent).toMatchObject([{ idempotencyKey: refund.id, body: { amount: 50_000, speed: 'normal' } }]);
    expect((await orderRow(order.reference)).status).toBe('paid');
  });
});

describe('razorpay keys on the status page', () => {
  it('are checked with a harmless read: accepted keys pass, wrong ones fail with Razorpay’s words', async () => {
    const owner = await signedInOrganizer(t.app, 'owner');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/status',
      headers: { cookie: owner.cookie },
    });
    const payments = (response.json().data as { id: string; state: string }[]).find(
      (check) => check.id === 'payments',
    );
    expect(payments).toMatchObject({ state: 'ok', detail: 'Razorpay accepts the keys.' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(/^\/v1\/orders\?.*count=1/),
    });

    const wrong = new RazorpayPaymentProvider({
      keyId: KEY_ID,
      keySecret: 'not-the-secret',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
      callbackUrl: 'http://localhost:3000/api/auth/payment/callback',
    });
    await expect(wrong.checkKeys()).rejects.toThrow(
      'Razorpay refused the keys or could not be reached: Authentication failed (HTTP 401)',
    );
  });
});

describe('razorpay signatures', () => {
  const provider = new RazorpayPaymentProvider({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: '123456',
    apiUrl: undefined,
    callbackUrl: 'http://localhost/api/auth/payment/callback',
  });

  it('matches the SDK’s published webhook test vector', () => {
    // razorpay-node test/utils/razorpay-utils.spec.js
    const body = '{"a":1,"b":2,"c":{"d":3}}';
    const signature = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
    expect(validateWebhookSignature(body, signature, '123456')).toBe(true);
    expect(provider.verifyWebhookSignature(Buffer.from(body), signature)).toBe(true);
    expect(provider.verifyWebhookSignature(Buffer.from(body), 'sdfafds')).toBe(false);
    expect(provider.verifyWebhookSignature(Buffer.from(`${body} `), signature)).toBe(false);
  });

  it('agrees with the SDK’s validatePaymentVerification on right and wrong signatures', () => {
    for (let i = 0; i < 20; i += 1) {
      const orderId = `order_${crypto.randomUUID().replace(/-/g, '').slice(0, 14)}`;
      const paymentId = `pay_${crypto.randomUUID().replace(/-/g, '').slice(0, 14)}`;
      const right = hmacHex(KEY_SECRET, `${orderId}|${paymentId}`);
      const wrong = i % 2 === 0 ? hmacHex(KEY_SECRET, `${paymentId}|${orderId}`) : right.slice(0, -1);
      for (const signature of [right, wrong]) {
        expect(provider.verifyPaymentSignature({ orderId, paymentId, signature })).toBe(
          validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, KEY_SECRET),
        );
      }
      expect(provider.verifyPaymentSignature({ orderId, paymentId, signature: right })).toBe(true);
    }
  });

  it('rejects every webhook when no webhook secret is configured', () => {
    const unsigned = new RazorpayPaymentProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: undefined,
      apiUrl: undefined,
      callbackUrl: 'http://localhost/api/auth/payment/callback',
    });
    const body = Buffer.from('{}');
    expect(unsigned.verifyWebhookSignature(body, hmacHex(KEY_SECRET, body))).toBe(false);
  });
});
