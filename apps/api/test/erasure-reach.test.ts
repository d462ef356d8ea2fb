/**
 * An erasure reaches what a person's data passed through besides the tables of decision 015:
 * the job queue's rows (sent and still queued), stored payment notifications (a Razorpay
 * webhook carries the payer's email, phone, UPI address and notes) and the dev outbox. What the
 * books need of a payment — ids, amount, currency, state — stays.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  DeletionRequestPageSchema,
  DeletionRequestSchema,
  envelope,
  RegisteredAttendeeSchema,
} from '@festival/shared';
import { orders, paymentEvents } from '../src/db/schema.js';
import { rowsOf } from '../src/db/search.js';
import { requestDeletion } from '../src/modules/self-service/data-rights.js';
import { registrantActor } from '../src/modules/self-service/sign-in.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import { investorForm, postInvestor, referenceIds } from './registration-helpers.js';
import { checkout, deliverWebhook, pressSandboxButton, seededTicketId } from './ticketing-helpers.js';

let t: TestContext;
let owner: { cookie: string };

const EMAIL = 'meera.joshi@example.com';
const PHONE = '9811122233';
const VPA = 'meerapays@okaxis';
const BYSTANDER = 'kabir.sen@example.com';

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  owner = await signedInOrganizer(t.app, 'owner');
});
afterAll(async () => t?.close());

/** Registers an investor through the public form; answers the registration's id. */
async function register(email: string, name: string) {
  const form = investorForm(await referenceIds(t), { email, name, contactNo: Number(PHONE) });
  const response = await postInvestor(t, form);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(RegisteredAttendeeSchema).parse(response.json()).data._id;
}

/** Pays an order by a signed `payment.captured` webhook shaped as Razorpay sends it, payer details and all. */
async function payByWebhook(registrationId: string) {
  const ticket = await seededTicketId(t.app.db, 3, 'Investor Pass');
  const bought = await checkout(t.app, [registrationId], ticket);
  expect(bought.statusCode, bought.body).toBe(200);
  const { order } = CheckoutResponseSchema.parse(bought.json());
  const { fields } = await pressSandboxButton(t.app, order.id, 'pay');
  const paymentId = fields.razorpay_payment_id!;
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_TestAccount0001',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: order.amount,
          currency: 'INR',
          status: 'captured',
          order_id: order.id,
          method: 'upi',
          captured: true,
          email: EMAIL,
          contact: `+91${PHONE}`,
          vpa: VPA,
          description: 'Investor Pass for Meera Joshi',
          notes: { attendee: 'Meera Joshi' },
          acquirer_data: { rrn: '429412345678', upi_transaction_id: 'AXIS0001' },
        },
      },
    },
    created_at: 1_729_400_000,
  });
  const delivered = await deliverWebhook(t.app, body, t.config.SANDBOX_PAYMENT_SECRET, 'evt_erasure_1');
  expect(delivered.statusCode, delivered.body).toBe(200);
  const [row] = await t.app.db.select().from(orders).where(eq(orders.providerOrderId, order.id));
  expect(row?.status).toBe('paid');
  return { orderId: row!.id, paymentId, amount: order.amount };
}

async function jobsMentioning(text: string): Promise<number> {
  const result = await t.app.db.execute(sql`
    select count(*)::int as n from pgboss.job
    where strpos(lower(coalesce(data::text, '') || ' ' || coalesce(output::text, '')), ${text}) > 0`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/** Outbox messages (raw, quoted-printable line breaks joined) that mention `text`. */
async function outboxMentioning(text: string): Promise<string[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  const found: string[] = [];
  for (const name of names) {
    const raw = (await readFile(path.join(dir, name), 'utf8')).replace(/=\r?\n/g, '').toLowerCase();
    if (raw.includes(text)) found.push(name);
  }
  return found;
}

describe('an erasure', () => {
  it('reaches the job queue, the payment notifications and the outbox, and keeps what the books need', async () => {
    const registrationId = await register(EMAIL, 'Meera Joshi');
    await register(BYSTANDER, 'Kabir Sen');
    const paid = await payByWebhook(registrationId);
    await settleJobs(t.app);
    // A pass email still waiting in the queue when the erasure runs.
    await t.app.jobs.enqueue(
      t.app.db,
      'pass-email',
      { orderId: paid.orderId, recipient: EMAIL },
      { startAfterSeconds: 3600 },
    );

    // Before: the person is in each of them.
    expect(await jobsMentioning(EMAIL)).toBeGreaterThanOrEqual(2);
    expect((await outboxMentioning(EMAIL)).length).toBeGreaterThanOrEqual(2);
    const bystanderMail = await outboxMentioning(BYSTANDER);
    expect(bystanderMail).toHaveLength(1);
    const before = await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, paid.orderId));
    expect(JSON.stringify(before)).toContain(VPA);

    await requestDeletion(t.app.db, registrantActor(EMAIL, '10.6.0.1'), t.app.now());
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deletion-requests?status=open',
      headers: { cookie: owner.cookie, origin: ORIGIN },
    });
    const [request] = envelope(DeletionRequestPageSchema).parse(open.json()).data.items;
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deletion-requests/${request!.id}/erase`,
      headers: { cookie: owner.cookie, origin: ORIGIN },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    // Gone with the erasure's commit, the waiting pass email too; the outbox after its job.
    expect(await jobsMentioning(EMAIL)).toBe(0);
    await settleJobs(t.app);
    expect(await jobsMentioning(EMAIL)).toBe(0);
    expect(await outboxMentioning(EMAIL)).toEqual([]);
    expect(await outboxMentioning(BYSTANDER)).toEqual(bystanderMail);

    const after = await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, paid.orderId));
    expect(after.map((event) => event.id)).toEqual(before.map((event) => event.id));
    const stored = JSON.stringify(after.map((event) => event.payload)).toLowerCase();
    for (const personal of [EMAIL, PHONE, VPA, 'meera', 'joshi', '429412345678']) {
      expect(stored).not.toContain(personal);
    }
    const webhook = after.find((event) => event.source === 'webhook')!;
    expect(webhook.payload).toEqual({
      entity: 'event',
      account_id: 'acc_TestAccount0001',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paid.paymentId,
            entity: 'payment',
            amount: paid.amount,
            currency: 'INR',
            status: 'captured',
            order_id: expect.any(String) as unknown,
            method: 'upi',
            captured: true,
          },
        },
      },
      created_at: 1_729_400_000,
      redactedAt: expect.any(String) as unknown,
    });

    const { outcome } = envelope(DeletionRequestSchema).parse(erased.json()).data;
    expect(outcome?.paymentEventsRedacted).toBe(before.length);
    expect(outcome?.jobsDeleted).toBeGreaterThanOrEqual(2);
  });
});
