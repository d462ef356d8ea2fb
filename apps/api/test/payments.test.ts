/**
 * The sandbox payment flow end to end through the API: checkout, the test checkout page,
 * Pay / Fail, the callback (form and JSON), the spec's `paymentVerification` route, passes with QR
 * codes and the confirmation email in DATA_DIR/outbox.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, OrderSummarySchema, envelope, formatRupees } from '@festival/shared';
import { orders, passes, paymentEvents, registrations } from '../src/db/schema.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { outbox } from './registration-helpers.js';
import {
  checkout,
  formAction,
  hiddenFields,
  hmacHex,
  insertAttendees,
  insertTicketType,
  postForm,
  pressSandboxButton,
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

async function startOrder(attendees: string[], ticketId = investorPass) {
  const response = await checkout(t.app, attendees, ticketId);
  expect(response.statusCode).toBe(200);
  return CheckoutResponseSchema.parse(response.json());
}

async function orderRow(reference: string) {
  const [order] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!order) throw new Error(`no order ${reference}`);
  return order;
}

async function summary(order: { reference: string; key: string }) {
  const response = await t.app.inject({
    url: `/api/auth/payment/orders/${order.reference}?key=${order.key}`,
  });
  expect(response.statusCode).toBe(200);
  return envelope(OrderSummarySchema).parse(response.json()).data;
}

async function available(ticketId: number) {
  const response = await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/3' });
  const tickets = (response.json() as { data: { _id: number; available: number }[] }).data;
  return tickets.find((ticket) => ticket._id === ticketId)?.available;
}

describe('sandbox payment, end to end', () => {
  it('checkout → test page → Pay → callback → success page, passes with QR codes and an email', async () => {
    const attendees = await insertAttendees(t.app.db, 2, {
      email: (index) => (index === 0 ? 'buyer@example.com' : 'colleague@example.com'),
    });
    const { order, checkout: how } = await startOrder(attendees);
    expect(how.provider).toBe('sandbox');
    if (how.provider !== 'sandbox') return;

    const page = await t.app.inject({ url: how.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('TEST PAYMENT — sandbox, no money moves');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('name="viewport"');
    expect(page.body).toContain(formatRupees(200_000));
    expect(page.body).toContain('Investor Pass');
    expect(page.body).toContain('Startup Fest Gujarat 2024');
    expect(page.body).toContain(`action="/api/auth/payment/sandbox/${order.id}/pay"`);
    expect(page.body).toContain(`action="/api/auth/payment/sandbox/${order.id}/fail"`);

    const pay = await postForm(t.app, `/api/auth/payment/sandbox/${order.id}/pay`, {});
    expect(pay.statusCode).toBe(200);
    expect(pay.body).toContain('<noscript><button');
    expect(pay.body).toContain('.submit()');
    const action = formAction(pay.body);
    const fields = hiddenFields(pay.body);
    expect(action).toBe('/api/auth/payment/callback');
    expect(fields.razorpay_order_id).toBe(order.id);
    expect(fields.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(fields.razorpay_signature).toBe(
      hmacHex(t.config.SANDBOX_PAYMENT_SECRET, `${order.id}|${fields.razorpay_payment_id}`),
    );

    const callback = await postForm(t.app, action, fields);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/payment-success?reference=${order.reference}`);

    const row = await orderRow(order.reference);
    expect(row).toMatchObject({
      status: 'paid',
      providerPaymentId: fields.razorpay_payment_id,
      paidAt: clock,
    });

    const data = await summary(order);
    expect(data.status).toBe('paid');
    expect(data.passes).toHaveLength(2);
    expect(data.passes.map((pass) => pass.email)).toEqual(['buyer@example.com', 'colleague@example.com']);
    for (const pass of data.passes) {
      expect(pass.code).toMatch(/^SFG-[2-9A-HJKMNP-Z]{10}$/);
      expect(pass.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(pass).toMatchObject({ role: 'Investor', ticketName: 'Investor Pass' });
    }
    const codes = data.passes.map((pass) => pass.code);
    expect(new Set(codes).size).toBe(2);

    const events = await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.id));
    expect(events.map((event) => event.source)).toEqual(['callback']);

    await settleJobs(t.app);
    expect((await orderRow(order.reference)).passEmailSentAt).toBeInstanceOf(Date);
    const mail = await outbox(t.dataDir);
    const passMails = mail.filter((message) => message.subject?.includes(order.reference));
    const toBuyer = passMails.filter(
      (message) => message.to && JSON.stringify(message.to).includes('buyer@example.com'),
    );
    const toColleague = passMails.filter(
      (message) => message.to && JSON.stringify(message.to).includes('colleague@example.com'),
    );
    expect(toBuyer).toHaveLength(1);
    expect(toColleague).toHaveLength(1);
    const buyerText = toBuyer[0]?.text ?? '';
    // The buyer receives every pass; the colleague their own.
    for (const code of codes) expect(buyerText).toContain(code);
    expect(toColleague[0]?.text).toContain(codes[1]);
    expect(toColleague[0]?.text).not.toContain(codes[0]);
    expect(buyerText).toContain(order.reference);
    expect(buyerText).toContain(`Amount paid: ${formatRupees(200_000)}`);
    expect(buyerText).toContain('Ticket: 2 × Investor Pass');
    expect(buyerText).toContain('Sun, 20 Oct, 2024, 10:00');
    const qr = toBuyer[0]?.attachments.find((attachment) => attachment.cid === `qr-${codes[0]}@startupfest`);
    expect(qr?.contentType).toBe('image/png');
    // mailparser inlines each `cid:` image it can resolve: the QR is embedded, not just attached.
    expect(toBuyer[0]?.html).toContain(`src="data:image/png;base64,${qr?.content.toString('base64')}"`);
  });

  it('a tampered signature lands on the failure page and changes nothing: the seats stay reserved', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 2 });
    const { order } = await startOrder(await insertAttendees(t.app.db, 2), ticketId);
    expect(await available(ticketId)).toBe(0);

    const { fields } = await pressSandboxButton(t.app, order.id, 'pay');
    const tampered = {
      ...fields,
      razorpay_signature: hmacHex('not-the-secret', `${order.id}|${fields.razorpay_payment_id}`),
    };
    const callback = await postForm(t.app, '/api/auth/payment/callback', tampered);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/payment-failure?reference=${order.reference}`);

    const row = await orderRow(order.reference);
    expect(row.status).toBe('pending');
    expect(await available(ticketId)).toBe(0);
    expect(await t.app.db.select().from(passes).where(eq(passes.orderId, row.id))).toHaveLength(0);
    const events = await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.id));
    expect(events).toEqual([]);
  });

  it('a signature for another payment id does not pay the order', async () => {
    const { order } = await startOrder(await insertAttendees(t.app.db, 1));
    const { fields } = await pressSandboxButton(t.app, order.id, 'pay');
    const callback = await postForm(t.app, '/api/auth/payment/callback', {
      ...fields,
      razorpay_payment_id: 'pay_Other000000000',
    });
    expect(callback.headers.location).toBe(`/payment-failure?reference=${order.reference}`);
    expect((await orderRow(order.reference)).status).toBe('pending');
  });

  it('the Fail button posts Razorpay’s failure fields; the unsigned result only redirects', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 1 });
    const { order } = await startOrder(await insertAttendees(t.app.db, 1), ticketId);
    const { action, fields } = await pressSandboxButton(t.app, order.id, 'fail');
    expect(fields).toMatchObject({ 'error[code]': 'BAD_REQUEST_ERROR', 'error[reason]': 'payment_failed' });
    expect(JSON.parse(fields['error[metadata]'] ?? '{}')).toMatchObject({ order_id: order.id });

    const callback = await postForm(t.app, action, fields);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/payment-failure?reference=${order.reference}`);
    // Anyone who knows a provider order id could post this: the reservation keeps running. Its
    // buyer reads that the payment failed (and may pay again: pay-again.test.ts).
    expect((await orderRow(order.reference)).status).toBe('pending');
    expect(await available(ticketId)).toBe(0);
    expect((await summary(order)).status).toBe('failed');
  });

  it('a failure in a JSON body (nested error object) only redirects too', async () => {
    const { order } = await startOrder(await insertAttendees(t.app.db, 1));
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/auth/payment/callback',
      payload: {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Cancelled', metadata: { order_id: order.id } },
      },
    });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/payment-failure?reference=${order.reference}`);
    expect((await orderRow(order.reference)).status).toBe('pending');
  });

  it('a JSON success body pays the order', async () => {
    const { order } = await startOrder(await insertAttendees(t.app.db, 1));
    const { fields } = await pressSandboxButton(t.app, order.id, 'pay');
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/auth/payment/callback',
      payload: fields,
    });
    expect(callback.headers.location).toBe(`/payment-success?reference=${order.reference}`);
  });

  it('an unknown order or an empty result lands on the failure page without a reference', async () => {
    const unknown = await postForm(t.app, '/api/auth/payment/callback', {
      razorpay_order_id: 'order_Unknown0000000',
      razorpay_payment_id: 'pay_Unknown00000000',
      razorpay_signature: 'f'.repeat(64),
    });
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe('/payment-failure?reference=');
    const empty = await postForm(t.app, '/api/auth/payment/callback', {});
    expect(empty.headers.location).toBe('/payment-failure?reference=');
  });

  it('the sandbox page answers 404 for an unknown order', async () => {
    expect((await t.app.inject({ url: '/api/auth/payment/sandbox/order_Unknown0000000' })).statusCode).toBe(
      404,
    );
    expect((await postForm(t.app, '/api/auth/payment/sandbox/order_Unknown0000000/pay', {})).statusCode).toBe(
      404,
    );
  });

  it('escapes what it shows on the sandbox page', async () => {
    const ticketId = await insertTicketType(t.app.db, { name: '<script>alert(1)</script> Pass' });
    const { order } = await startOrder(await insertAttendees(t.app.db, 1), ticketId);
    const page = await t.app.inject({ url: `/api/auth/payment/sandbox/${order.id}` });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Pass');
  });
});

describe('payment verification route kept for compatibility', () => {
  it('verifies the query-string fields, ignoring tabId, amount and registerData', async () => {
    const attendees = await insertAttendees(t.app.db, 1);
    const { order } = await startOrder(attendees);
    const { fields } = await pressSandboxButton(t.app, order.id, 'pay');
    const query = new URLSearchParams({
      ...fields,
      registerData: JSON.stringify([{ _id: attendees[0], amount: 1 }]),
    });
    const response = await t.app.inject({
      url: `/api/auth/payment/paymentVerification/3/1?${query.toString()}`,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/payment-success?reference=${order.reference}`);
    const row = await orderRow(order.reference);
    expect(row).toMatchObject({ status: 'paid', amount: 100_000 });
  });

  it('redirects to the failure page for a bad signature and leaves the order pending', async () => {
    const { order } = await startOrder(await insertAttendees(t.app.db, 1));
    const query = new URLSearchParams({
      razorpay_order_id: order.id,
      razorpay_payment_id: 'pay_Forged000000000',
      razorpay_signature: '0'.repeat(64),
    });
    const response = await t.app.inject({
      url: `/api/auth/payment/paymentVerification/3/100000?${query.toString()}`,
    });
    expect(response.headers.location).toBe(`/payment-failure?reference=${order.reference}`);
    expect((await orderRow(order.reference)).status).toBe('pending');
  });
});

describe('late and second-chance payments', () => {
  it('honours a valid payment that arrives after the reservation lapsed', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 1 });
    const { order } = await startOrder(await insertAttendees(t.app.db, 1), ticketId);
    const { fields } = await pressSandboxButton(t.app, order.id, 'pay');
    clock = new Date(clock.getTime() + 20 * 60_000);
    const callback = await postForm(t.app, '/api/auth/payment/callback', fields);
    expect(callback.headers.location).toBe(`/payment-success?reference=${order.reference}`);
    expect((await summary(order)).passes).toHaveLength(1);
    expect(await available(ticketId)).toBe(0);
  });

  it('honours a valid payment after a Fail, never un-pays a paid order', async () => {
    const { order } = await startOrder(await insertAttendees(t.app.db, 1));
    const failed = await pressSandboxButton(t.app, order.id, 'fail');
    await postForm(t.app, failed.action, failed.fields);
    expect((await orderRow(order.reference)).status).toBe('pending');

    const paid = await pressSandboxButton(t.app, order.id, 'pay');
    expect((await postForm(t.app, paid.action, paid.fields)).headers.location).toBe(
      `/payment-success?reference=${order.reference}`,
    );
    expect((await orderRow(order.reference)).status).toBe('paid');

    // A later failure result leaves the paid order alone, and the page shows its passes.
    const again = await postForm(t.app, failed.action, failed.fields);
    expect(again.headers.location).toBe(`/payment-success?reference=${order.reference}`);
    expect((await orderRow(order.reference)).status).toBe('paid');
    expect((await summary(order)).passes).toHaveLength(1);
    // And the sandbox refuses to take a second payment.
    expect((await postForm(t.app, `/api/auth/payment/sandbox/${order.id}/pay`, {})).statusCode).toBe(409);
  });
});

describe('registrations through the API', () => {
  it('an investor registered with POST /api/auth/investor can check out and pay', async () => {
    const countries = (await t.app.inject({ url: '/api/auth/location/country' })).json() as {
      data: { _id: number; isoCode: string }[];
    };
    const india = countries.data.find((country) => country.isoCode === 'IN');
    const states = (
      await t.app.inject({ url: `/api/auth/location/statesByCountry/${india?._id}` })
    ).json() as {
      data: { _id: number }[];
    };
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/investor',
      payload: {
        name: 'Asha Investor',
        email: 'asha.investor@example.com',
        countryCode: '+91',
        contactNo: '9876543210',
        City: 'Ahmedabad',
        CountryID: india?._id,
        StateID: states.data[0]?._id,
        terms: true,
        participantCategoryId: 3,
      },
    });
    expect(registered.statusCode).toBe(200);
    const attendeeId = (registered.json() as { data: { _id: string } }).data._id;
    const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, attendeeId));
    expect(row?.name).toBe('Asha Investor');

    const { order, person } = await startOrder([attendeeId]);
    expect(person).toEqual({
      name: 'Asha Investor',
      email: 'asha.investor@example.com',
      contact: '+919876543210',
    });
    const paid = await pressSandboxButton(t.app, order.id, 'pay');
    expect((await postForm(t.app, paid.action, paid.fields)).headers.location).toBe(
      `/payment-success?reference=${order.reference}`,
    );
    expect((await summary(order)).passes.map((pass) => pass.attendeeName)).toEqual(['Asha Investor']);
  });
});
