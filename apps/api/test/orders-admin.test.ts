/**
 * The console's order list (searched and filtered on the server, lapsed
 * pending orders read as expired) and one order's story with its timeline and refunds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, OrderListQuerySchema } from '@festival/shared';
import { registrations } from '../src/db/schema.js';
import { listOrders } from '../src/modules/orders/service.js';
import { orderStory } from '../src/modules/payments/order-story.js';
import { requestOrganizerRefund } from '../src/modules/payments/refunds.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');
let paid: string;
let lapsed: string;
let open: string;

const list = (query: Record<string, unknown> = {}) =>
  listOrders(t.app.db, OrderListQuerySchema.parse(query), clock);

beforeAll(async () => {
  t = await build({ now: () => clock });
  const ticketId = await insertTicketType(t.app.db, { capacity: 10, amount: 50_000 });
  const [buyer] = await insertAttendees(t.app.db, 1);
  await t.app.db
    .update(registrations)
    .set({ name: 'Zoë Pereira', email: 'zoe@studio.in' })
    .where(eq(registrations.id, buyer!));
  const start = async (attendees: string[]) =>
    CheckoutResponseSchema.parse((await checkout(t.app, attendees, ticketId)).json()).order;
  const first = await start([buyer!, ...(await insertAttendees(t.app.db, 1))]);
  await payWithSandbox(t.app, first.id);
  paid = first.reference;
  clock = new Date(clock.getTime() + 60_000);
  lapsed = (await start(await insertAttendees(t.app.db, 1))).reference;
  clock = new Date(clock.getTime() + 20 * 60_000);
  open = (await start(await insertAttendees(t.app.db, 1))).reference;
  await settleJobs(t.app);
});
afterAll(async () => t?.close());

describe('order list', () => {
  it('lists newest first; a lapsed pending order reads as expired', async () => {
    const page = await list();
    expect(page.items.map((order) => [order.reference, order.status])).toEqual([
      [open, 'pending'],
      [lapsed, 'expired'],
      [paid, 'paid'],
    ]);
    expect(page.items[2]).toMatchObject({ buyerName: 'Zoë Pereira', quantity: 2, amount: 100_000 });
  });

  it('searches by reference or buyer (accents ignored) and filters by status', async () => {
    expect((await list({ q: paid.toLowerCase() })).items.map((order) => order.reference)).toEqual([paid]);
    expect((await list({ q: 'zoe' })).items.map((order) => order.reference)).toEqual([paid]);
    expect((await list({ status: 'expired' })).items.map((order) => order.reference)).toEqual([lapsed]);
    expect((await list({ status: 'pending' })).items.map((order) => order.reference)).toEqual([open]);
  });
});

describe('order story', () => {
  it('tells the order from checkout to refund, and what can still be refunded', async () => {
    const before = await orderStory(t.app.db, paid, clock);
    expect(before.refundable).toBe(100_000);
    expect(before.attendees).toHaveLength(2);
    expect(before.attendees.every((attendee) => attendee.passCode && !attendee.passRevoked)).toBe(true);
    expect(before.timeline.map((entry) => entry.kind)).toEqual([
      'created',
      'payment_event',
      'paid',
      'pass_email_sent',
    ]);

    const ctx = {
      db: t.app.db,
      now: () => clock,
      log: t.app.log,
      jobs: t.app.jobs,
      provider: t.app.paymentProvider,
      orderHooks: t.app.orderHooks,
    };
    await requestOrganizerRefund(
      ctx,
      paid,
      { amount: 100_000, reason: 'Event cancelled for them' },
      { organizerId: 'o1', email: 'o1@festival.test', ip: '192.0.2.1' },
    );
    await settleJobs(t.app);
    const after = await orderStory(t.app.db, paid, clock);
    expect(after.status).toBe('refunded');
    expect(after.refundable).toBe(0);
    expect(after.refunds).toMatchObject([
      { amount: 100_000, status: 'processed', comment: 'Event cancelled for them' },
    ]);
    expect(after.attendees.every((attendee) => attendee.passRevoked)).toBe(true);
    expect(after.timeline.map((entry) => entry.kind)).toContain('refund');
    await expect(orderStory(t.app.db, 'SFG24-NOSUCHORDER', clock)).rejects.toMatchObject({ statusCode: 404 });
  });
});
