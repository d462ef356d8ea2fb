/**
 * Who may open an order by its public reference (orders/access.ts). The reference is printed on
 * every pass and in every attendee's email, so it only names the order: the buyer's key (from
 * checkout, or the buyer's email link) opens all of it; a colleague's email link opens their own
 * pass and nothing the buyer paid; anything else answers exactly as an unknown reference.
 */
import { inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, envelope, OrderSummarySchema } from '@festival/shared';
import { registrations } from '../src/db/schema.js';
import { withoutSecrets } from '../src/lib/log-redaction.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { outbox } from './registration-helpers.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox, pdfText } from './ticketing-helpers.js';

let t: TestContext;
let ticketId: number;

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  ticketId = await insertTicketType(t.app.db, { capacity: 50 });
});
afterAll(async () => t?.close());

/** A paid order of two attendees with their own addresses: the buyer and a colleague. */
async function paidOrderOfTwo() {
  const ids = await insertAttendees(t.app.db, 2);
  const response = await checkout(t.app, ids, ticketId);
  expect(response.statusCode, response.body).toBe(200);
  const { order } = CheckoutResponseSchema.parse(response.json());
  await payWithSandbox(t.app, order.id);
  const people = await t.app.db
    .select({ id: registrations.id, name: registrations.name, email: registrations.email })
    .from(registrations)
    .where(inArray(registrations.id, ids));
  const byId = new Map(people.map((person) => [person.id, person]));
  return { order, buyer: byId.get(ids[0]!)!, colleague: byId.get(ids[1]!)! };
}

/** The confirmation to `email` about order `reference`. */
async function confirmationTo(email: string, reference: string): Promise<ParsedMail> {
  const mails = (await outbox(t.dataDir, t.app)).filter(
    (mail) => mail.subject?.includes(reference) && JSON.stringify(mail.to).includes(email),
  );
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** The key in a message's order link (`/payment-success?reference=…#key=…`). */
function linkKey(mail: ParsedMail, reference: string): string {
  const match = new RegExp(`/payment-success\\?reference=${reference}#key=([\\w-]+)`).exec(mail.text ?? '');
  if (!match?.[1]) throw new Error('no order link in the mail');
  return match[1];
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const summaryOf = async (reference: string, key: string) => {
  const response = await get(`/api/auth/payment/orders/${reference}?key=${key}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(OrderSummarySchema).parse(response.json()).data;
};

describe('opening an order by reference', () => {
  it('answers the reference alone, or with a wrong key, as it answers an unknown reference', async () => {
    const { order } = await paidOrderOfTwo();
    const unknown = await get('/api/auth/payment/orders/SFG24-NOSUCHORDER?key=x');
    expect(unknown.statusCode).toBe(404);
    for (const suffix of ['', '/passes.pdf', '/invoice']) {
      for (const query of ['', '?key=', `?key=${order.key.slice(0, -2)}xx`, '?key=a%00b']) {
        const response = await get(`/api/auth/payment/orders/${order.reference}${suffix}${query}`);
        expect(response.statusCode, `${suffix}${query}`).toBe(404);
        if (suffix !== '/invoice') expect(response.json()).toEqual(unknown.json());
      }
    }
    const extend = await t.app.inject({
      method: 'POST',
      url: `/api/auth/payment/orders/${order.reference}/extend`,
    });
    expect(extend.statusCode).toBe(404);
  });

  it("opens the whole order with the buyer's key, from checkout and from the buyer's email", async () => {
    const { order, buyer, colleague } = await paidOrderOfTwo();
    const mail = await confirmationTo(buyer.email, order.reference);
    expect(linkKey(mail, order.reference)).toBe(order.key);
    const summary = await summaryOf(order.reference, order.key);
    expect(summary).toMatchObject({ viewer: 'buyer', amount: order.amount, quantity: 2 });
    expect(summary.passes.map((pass) => pass.email).sort()).toEqual([buyer.email, colleague.email].sort());

    const pdf = await get(`/api/auth/payment/orders/${order.reference}/passes.pdf?key=${order.key}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(buyer.name);
    expect(text).toContain(colleague.name);
  });

  it("opens only a colleague's own pass with the key in the colleague's email", async () => {
    const { order, buyer, colleague } = await paidOrderOfTwo();
    const mail = await confirmationTo(colleague.email, order.reference);
    const key = linkKey(mail, order.reference);
    expect(key).not.toBe(order.key);
    // What the buyer paid is the buyer's: the colleague's message shows their pass only.
    expect(mail.text).not.toContain('Amount paid');
    expect(mail.text).not.toContain(buyer.name);

    const summary = await summaryOf(order.reference, key);
    expect(summary).toMatchObject({
      viewer: 'attendee',
      amount: null,
      tax: null,
      invoice: null,
      quantity: 1,
    });
    expect(summary.passes.map((pass) => pass.email)).toEqual([colleague.email]);

    const pdf = await get(`/api/auth/payment/orders/${order.reference}/passes.pdf?key=${key}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(colleague.name);
    expect(text).not.toContain(buyer.name);

    expect((await get(`/api/auth/payment/orders/${order.reference}/invoice?key=${key}`)).statusCode).toBe(
      404,
    );
    const extend = await t.app.inject({
      method: 'POST',
      url: `/api/auth/payment/orders/${order.reference}/extend?key=${key}`,
    });
    expect(extend.statusCode).toBe(404);
  });

  it("does not open one order with another order's key", async () => {
    const first = await paidOrderOfTwo();
    const second = await paidOrderOfTwo();
    const response = await get(`/api/auth/payment/orders/${second.order.reference}?key=${first.order.key}`);
    expect(response.statusCode).toBe(404);
  });

  it('keeps order keys out of the log lines', () => {
    expect(withoutSecrets('{"url":"/api/auth/payment/orders/SFG-AB12?key=Zm9v_YmFy-1&x=1","res":1}')).toBe(
      '{"url":"/api/auth/payment/orders/SFG-AB12?key=[key]&x=1","res":1}',
    );
    const line = '{"msg":"request completed","url":"/api/health"}';
    expect(withoutSecrets(line)).toBe(line);
  });
});
