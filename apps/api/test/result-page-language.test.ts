/**
 * The payment result pages in the order's language: after paying (or not) the browser lands on
 * `/gu/payment-success` or `/hi/payment-failure` for an order placed from a Gujarati or Hindi
 * page, an English order on the English page, and an order's link in its emails leads to the
 * page in the email's language.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { build, clockFrom, type TestContext } from './helper.js';
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

beforeAll(async () => {
  t = await build({ now: clockFrom() });
});
afterAll(async () => t?.close());

/** Checks out one attendee registered with `email` from a page in `locale` (none: no field sent). */
async function orderIn(email: string, locale?: string, amount?: number) {
  const [attendee] = await insertAttendees(t.app.db, 1, { email: () => email });
  const ticket = await insertTicketType(t.app.db, amount === undefined ? {} : { amount });
  const response = await checkout(t.app, [attendee!], ticket, locale ? { locale } : {});
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutResponseSchema.parse(response.json());
}

const mailTo = (mails: ParsedMail[], address: string) =>
  mails.find((mail) => JSON.stringify(mail.to ?? '').includes(address));

describe('the page after paying', () => {
  it('is the Gujarati success page for an order placed in Gujarati, and its email links to it', async () => {
    const { order } = await orderIn('paid@gu.example', 'gu');
    const callback = await payWithSandbox(t.app, order.id);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/gu/payment-success?reference=${order.reference}`);

    const mail = mailTo(await outbox(t.dataDir, t.app), 'paid@gu.example');
    expect(mail?.text).toMatch(
      new RegExp(`http://localhost:3000/gu/payment-success\\?reference=${order.reference}#key=\\S+`),
    );
  });

  it('is the Hindi failure page for a failed payment of an order placed in Hindi', async () => {
    const { order } = await orderIn('failed@hi.example', 'hi');
    const { action, fields } = await pressSandboxButton(t.app, order.id, 'fail');
    const callback = await postForm(t.app, action, fields);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/hi/payment-failure?reference=${order.reference}`);
  });

  it('is the English page for an order placed in English', async () => {
    const { order } = await orderIn('paid@en.example');
    const callback = await payWithSandbox(t.app, order.id);
    expect(callback.headers.location).toBe(`/payment-success?reference=${order.reference}`);
    const mail = mailTo(await outbox(t.dataDir, t.app), 'paid@en.example');
    expect(mail?.text).toContain(`http://localhost:3000/payment-success?reference=${order.reference}#key=`);
  });

  it('is the Hindi success page for a free order placed in Hindi, with no payment step', async () => {
    const answer = await orderIn('free@hi.example', 'hi', 0);
    expect(answer.checkout).toEqual({
      provider: 'none',
      url: `/hi/payment-success?reference=${answer.order.reference}`,
    });
  });

  it('is the English failure page for a result no order answers to', async () => {
    const callback = await postForm(t.app, '/api/auth/payment/callback', {
      razorpay_order_id: 'order_unknown',
      razorpay_payment_id: 'pay_unknown',
      razorpay_signature: '0'.repeat(64),
    });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/payment-failure?reference=');
  });
});
