/**
 * What organizers do to an order: cancel an unpaid one (its seats return
 * to sale; a payment that still arrives is refunded), record a bank transfer (paid and passes
 * issued exactly as by a provider payment, under the same capacity rules), and resend a paid
 * order's confirmation. Each is audited and shows in the order's timeline.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, OrderDetailSchema, type OrganizerRole } from '@festival/shared';
import { auditLog, orders, passes, paymentEvents, refunds } from '../src/db/schema.js';
import { soldAndReserved } from '../src/modules/availability/service.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { outbox } from './registration-helpers.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
let clock = new Date('2024-09-15T06:00:00Z');

const as = (role: OrganizerRole) => headersOf(signedIn, role);

function post(path: string, role: OrganizerRole, payload?: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${path}`,
    headers: as(role),
    ...(payload ? { payload } : {}),
  });
}

async function story(reference: string) {
  const response = await t.app.inject({ url: `/api/admin/orders/${reference}`, headers: as('finance') });
  expect(response.statusCode, response.body).toBe(200);
  return OrderDetailSchema.parse(response.json().data);
}

async function orderRow(reference: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!row) throw new Error(`no order ${reference}`);
  return row;
}

/** A pending order of `attendees` seats on a ticket type (new unless given). */
async function pendingOrder(attendees = 1, ticketId?: number) {
  const ticket = ticketId ?? (await insertTicketType(t.app.db, { capacity: 5, amount: 50_000 }));
  const response = await checkout(t.app, await insertAttendees(t.app.db, attendees), ticket);
  expect(response.statusCode, response.body).toBe(200);
  return { ...CheckoutResponseSchema.parse(response.json()).order, ticketId: ticket };
}

const auditOf = (reference: string, action: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, reference), eq(auditLog.action, action)));

beforeAll(async () => {
  t = await build({ now: () => clock });
  signedIn = await signInEveryRole(t.app);
}, 60_000);
afterAll(async () => t?.close());

describe('POST /api/admin/orders/:reference/cancel', () => {
  it('cancels a pending order: its seats return to sale, audited and in the timeline', async () => {
    const order = await pendingOrder(2);
    expect(await soldAndReserved(t.app.db, order.ticketId, clock)).toMatchObject({ reserved: 2 });
    const response = await post(`${order.reference}/cancel`, 'manager', {
      reason: 'Duplicate of another order',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await soldAndReserved(t.app.db, order.ticketId, clock)).toMatchObject({ reserved: 0, sold: 0 });
    const detail = await story(order.reference);
    expect(detail.status).toBe('cancelled');
    expect(detail.timeline.map((entry) => entry.text)).toEqual(
      expect.arrayContaining([
        `Cancelled by ${signedIn.get('manager')!.organizer.email}: Duplicate of another order`,
        'Closed as cancelled',
      ]),
    );
    expect(await auditOf(order.reference, 'order.cancel')).toMatchObject([
      { before: { status: 'pending' }, after: { status: 'cancelled', reason: 'Duplicate of another order' } },
    ]);
    // The buyer hears of it, once: no money was taken, a late payment comes back.
    const mails = (await outbox(t.dataDir, t.app)).filter((mail) => mail.subject?.includes(order.reference));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your Startup Fest Gujarat 2024 order ${order.reference} was cancelled`,
    ]);
    expect(mails[0]!.text).toContain('no money was taken');
    expect(mails[0]!.text).toContain('refunded to the account or card you paid with');
    expect(mails[0]!.text).toContain('/register');
  });

  it('refunds a payment that still arrives for a cancelled order instead of issuing passes', async () => {
    const order = await pendingOrder(1);
    expect((await post(`${order.reference}/cancel`, 'owner', {})).statusCode).toBe(200);
    await payWithSandbox(t.app, order.id);
    await settleJobs(t.app);
    const row = await orderRow(order.reference);
    expect(row.status).toBe('refunded');
    expect(await t.app.db.select().from(passes).where(eq(passes.orderId, row.id))).toEqual([]);
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(refund).toMatchObject({ reason: 'late_payment', amount: 50_000 });
  });

  it('answers 409 for paid and cancelled orders, 404 for unknown ones', async () => {
    const order = await pendingOrder(1);
    await payWithSandbox(t.app, order.id);
    const paid = await post(`${order.reference}/cancel`, 'manager', {});
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('Only unpaid orders can be cancelled; this order is paid');
    const cancelled = await pendingOrder(1);
    await post(`${cancelled.reference}/cancel`, 'manager', {});
    expect((await post(`${cancelled.reference}/cancel`, 'manager', {})).statusCode).toBe(409);
    expect((await post('SFG24-NOSUCHORDER/cancel', 'manager', {})).statusCode).toBe(404);
  });

  it('is for owners and managers', async () => {
    const order = await pendingOrder(1);
    expect((await post(`${order.reference}/cancel`, 'finance', {})).statusCode).toBe(403);
    expect((await post(`${order.reference}/cancel`, 'gate', {})).statusCode).toBe(403);
  });
});

describe('POST /api/admin/orders/:reference/offline-payment', () => {
  const transfer = { reference: 'UTR4455667788', note: 'NEFT from AgriSense current account' };

  it('refuses an amount that is not the order total, and changes nothing', async () => {
    const order = await pendingOrder(2);
    const response = await post(`${order.reference}/offline-payment`, 'finance', {
      ...transfer,
      amount: 50_000,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      amount: 'The order total is ₹1,000 (100000 paise); record the full amount',
    });
    expect((await orderRow(order.reference)).status).toBe('pending');
  });

  it('pays the order: passes issued and emailed, a payment event in the timeline, audited', async () => {
    const order = await pendingOrder(2);
    const response = await post(`${order.reference}/offline-payment`, 'finance', {
      ...transfer,
      amount: 100_000,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = OrderDetailSchema.parse(response.json().data);
    expect(detail).toMatchObject({
      status: 'paid',
      paidOffline: true,
      providerPaymentId: 'offline:UTR4455667788',
      refundable: 100_000,
    });
    expect(detail.attendees.every((attendee) => attendee.passCode !== null && !attendee.passRevoked)).toBe(
      true,
    );
    expect(detail.timeline.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['payment_event', 'paid']),
    );
    const financeEmail = signedIn.get('finance')!.organizer.email;
    expect(detail.timeline.find((entry) => entry.kind === 'payment_event')?.text).toBe(
      `Bank transfer of ₹1,000 (UTR UTR4455667788) recorded by ${financeEmail}: NEFT from AgriSense current account`,
    );
    const row = await orderRow(order.reference);
    expect(
      await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.id)),
    ).toMatchObject([
      { provider: 'offline', source: 'offline', payload: { amount: 100_000, reference: 'UTR4455667788' } },
    ]);
    expect(await soldAndReserved(t.app.db, order.ticketId, clock)).toMatchObject({ sold: 2, reserved: 0 });
    const mails = (await outbox(t.dataDir, t.app)).filter((mail) => mail.subject?.includes(order.reference));
    expect(mails).toHaveLength(2);
    expect(await auditOf(order.reference, 'order.offline_payment')).toMatchObject([
      {
        before: { status: 'pending' },
        after: { status: 'paid', amount: 100_000, bankReference: 'UTR4455667788' },
      },
    ]);

    const again = await post(`${order.reference}/offline-payment`, 'owner', { ...transfer, amount: 100_000 });
    expect(again.statusCode).toBe(409);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.reference}/refunds`,
      headers: as('finance'),
      payload: { amount: 100_000, reason: 'Cannot come' },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toContain('paid by bank transfer');

    // Returned by bank transfer: recorded as processed, the order refunded at once.
    const byBank = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.reference}/refunds`,
      headers: as('finance'),
      payload: { amount: 100_000, reason: 'Cannot come', bankReference: 'UTR9988776655' },
    });
    expect(byBank.statusCode, byBank.body).toBe(201);
    expect(byBank.json().data).toMatchObject({ status: 'processed', amount: 100_000 });
    expect((await orderRow(order.reference)).status).toBe('refunded');
  });

  it('pays a lapsed order only while its seats are free (capacity rules of a late payment)', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 1, amount: 50_000 });
    const lapsedFree = await pendingOrder(1, ticketId);
    clock = new Date(clock.getTime() + 30 * 60_000);
    const paidLate = await post(`${lapsedFree.reference}/offline-payment`, 'manager', {
      ...transfer,
      amount: 50_000,
    });
    expect(paidLate.statusCode, paidLate.body).toBe(200);

    const otherTicket = await insertTicketType(t.app.db, { capacity: 1, amount: 50_000 });
    const lapsed = await pendingOrder(1, otherTicket);
    clock = new Date(clock.getTime() + 30 * 60_000);
    const taker = await pendingOrder(1, otherTicket);
    await payWithSandbox(t.app, taker.id);
    const refused = await post(`${lapsed.reference}/offline-payment`, 'manager', {
      ...transfer,
      amount: 50_000,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This order's reservation ended and its seat is no longer free; nothing was recorded",
    );
    const row = await orderRow(lapsed.reference);
    expect(row.providerPaymentId).toBeNull();
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.id))).toEqual([]);
  });

  it('is not for content or gate', async () => {
    const order = await pendingOrder(1);
    const body = { ...transfer, amount: 50_000 };
    expect((await post(`${order.reference}/offline-payment`, 'content', body)).statusCode).toBe(403);
    expect((await post(`${order.reference}/offline-payment`, 'gate', body)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/orders/:reference/confirmation-email', () => {
  it('queues the confirmation with every pass to the buyer again, audited', async () => {
    const order = await pendingOrder(2);
    await payWithSandbox(t.app, order.id);
    await settleJobs(t.app);
    const sent = (await outbox(t.dataDir)).filter((mail) => mail.subject?.includes(order.reference)).length;
    const response = await post(`${order.reference}/confirmation-email`, 'finance');
    expect(response.statusCode, response.body).toBe(202);
    const recipient = response.json().data.recipient as string;
    const mails = (await outbox(t.dataDir, t.app)).filter((mail) => mail.subject?.includes(order.reference));
    expect(mails).toHaveLength(sent + 1);
    expect(JSON.stringify(mails.at(-1)?.to)).toContain(recipient);
    expect((await story(order.reference)).timeline.map((entry) => entry.text)).toContain(
      `Confirmation email resent by ${signedIn.get('finance')!.organizer.email}: to ${recipient}`,
    );
  });

  it('answers 409 for an order without valid passes', async () => {
    const order = await pendingOrder(1);
    const response = await post(`${order.reference}/confirmation-email`, 'manager');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only paid orders have passes to send; this order is pending');
    expect((await post(`${order.reference}/confirmation-email`, 'gate')).statusCode).toBe(403);
  });
});
