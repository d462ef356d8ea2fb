/**
 * An organizer refunds a paid order in full or in part through the
 * provider. Never more than was paid, even for parallel requests; a full refund revokes the
 * passes; the order becomes `refunded` when every refund is processed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { auditLog, orders, passes, refunds } from '../src/db/schema.js';
import { orderKey } from '../src/modules/orders/service.js';
import { type PaymentContext } from '../src/modules/payments/context.js';
import { requestOrganizerRefund } from '../src/modules/payments/refunds.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { outbox } from './registration-helpers.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let ctx: PaymentContext;
const finance = { organizerId: 'organizer-finance-1', email: 'finance@festival.test', ip: '192.0.2.10' };

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  ctx = {
    db: t.app.db,
    now: () => t.app.now(),
    log: t.app.log,
    jobs: t.app.jobs,
    provider: t.app.paymentProvider,
    orderHooks: t.app.orderHooks,
  };
});
afterAll(async () => t?.close());

/** A paid order of `attendees` passes at ₹500 each. */
async function paidOrder(attendees = 2) {
  const ticketId = await insertTicketType(t.app.db, { capacity: 10, amount: 50_000 });
  const response = await checkout(t.app, await insertAttendees(t.app.db, attendees), ticketId);
  const { order } = CheckoutResponseSchema.parse(response.json());
  await payWithSandbox(t.app, order.id);
  return order.reference;
}

async function orderRow(reference: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!row) throw new Error(`no order ${reference}`);
  return row;
}

describe('organizer refunds', () => {
  it('refunds part of an order: the passes stay valid and the order stays paid', async () => {
    const reference = await paidOrder();
    const refund = await requestOrganizerRefund(
      ctx,
      reference,
      { amount: 30_000, reason: 'One attendee cannot come' },
      finance,
    );
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, reference));
    expect(audit).toMatchObject({
      action: 'order.refund',
      organizerId: finance.organizerId,
      ip: '192.0.2.10',
      before: { status: 'paid', refundable: 100_000 },
      after: { status: 'paid', refundable: 70_000 },
    });
    expect(refund).toMatchObject({
      amount: 30_000,
      reason: 'organizer',
      comment: 'One attendee cannot come',
      requestedBy: finance.organizerId,
    });
    await settleJobs(t.app);
    const row = await orderRow(reference);
    expect(row.status).toBe('paid');
    const [stored] = await t.app.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(stored).toMatchObject({ status: 'processed' });
    expect(stored?.providerRefundId).toMatch(/^rfnd_/);
    const issued = await t.app.db.select().from(passes).where(eq(passes.orderId, row.id));
    expect(issued.every((pass) => pass.revokedAt === null)).toBe(true);
    const mails = (await outbox(t.dataDir, t.app)).filter((mail) => mail.subject?.includes(reference));
    expect(mails.map((mail) => mail.subject)).toContain(
      `Refund of ₹300 for Startup Fest Gujarat 2024 — ${reference}`,
    );
  });

  it('refunds the rest: the passes are revoked and the order ends refunded', async () => {
    const reference = await paidOrder();
    await requestOrganizerRefund(ctx, reference, { amount: 20_000, reason: 'Partial goodwill' }, finance);
    await requestOrganizerRefund(
      ctx,
      reference,
      { amount: 80_000, reason: 'Cancelled by the startup' },
      finance,
    );
    const row = await orderRow(reference);
    const issued = await t.app.db.select().from(passes).where(eq(passes.orderId, row.id));
    expect(issued).toHaveLength(2);
    expect(issued.every((pass) => pass.revokedAt instanceof Date)).toBe(true);
    await settleJobs(t.app);
    expect((await orderRow(reference)).status).toBe('refunded');
    const key = orderKey(t.app.config.OTP_SECRET, row.id, { kind: 'buyer' });
    const summary = await t.app.inject({ url: `/api/auth/payment/orders/${reference}?key=${key}` });
    expect(summary.json()).toMatchObject({ data: { status: 'refunded', passes: [] } });
  });

  it('refuses more than what is left, with the amount in the message', async () => {
    const reference = await paidOrder(1);
    await requestOrganizerRefund(ctx, reference, { amount: 40_000, reason: 'Discount given late' }, finance);
    await expect(
      requestOrganizerRefund(ctx, reference, { amount: 20_000, reason: 'Again' }, finance),
    ).rejects.toMatchObject({ statusCode: 400, message: 'At most ₹100 of this order can still be refunded' });
  });

  it('never refunds more than was paid, whatever parallel requests arrive', async () => {
    const reference = await paidOrder(2);
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        requestOrganizerRefund(ctx, reference, { amount: 30_000, reason: 'Parallel clicks' }, finance),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
    const row = await orderRow(reference);
    const stored = await t.app.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(stored.reduce((sum, refund) => sum + refund.amount, 0)).toBe(90_000);
  });

  it('refuses unpaid and unknown orders', async () => {
    const ticketId = await insertTicketType(t.app.db);
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId);
    const { order } = CheckoutResponseSchema.parse(response.json());
    await expect(
      requestOrganizerRefund(ctx, order.reference, { amount: 10_000, reason: 'Not paid yet' }, finance),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Only paid orders can be refunded; this order is pending',
    });
    await expect(
      requestOrganizerRefund(ctx, 'SFG24-UNKNOWN', { amount: 10_000, reason: 'Nothing' }, finance),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
