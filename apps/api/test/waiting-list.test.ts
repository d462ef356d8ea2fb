/**
 * Waiting list: people join a sold-out ticket type's line; seats that come back
 * (a lapsed reservation, a refund, a capacity raise) are offered to the first in line whose
 * request fits, by email, as a personal voucher that holds them for the type's hold time; a
 * lapsed offer passes to the next; organizers offer by hand and remove entries; everything is
 * audited. The sweep is called directly with the test's clock (its timer is set far off).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  ErrorResponseSchema,
  TicketTypeSchema,
  WaitingListJoinedSchema,
  WaitingListOfTypeSchema,
  type OrganizerRole,
} from '@festival/shared';
import { z } from 'zod';
import { auditLog, orders, waitingListEntries } from '../src/db/schema.js';
import { requestOrganizerRefund } from '../src/modules/payments/refunds.js';
import { sweepWaitingLists } from '../src/modules/waiting-list/service.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { outbox } from './registration-helpers.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
const as = (role: OrganizerRole) => headersOf(signedIn, role);
let clock = new Date('2024-09-15T06:00:00Z');
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

beforeAll(async () => {
  t = await build({ now: () => clock, env: { WAITING_LIST_SWEEP_SECONDS: '3600' } });
  signedIn = await signInEveryRole(t.app);
});
afterAll(async () => t?.close());

let address = 0;
/** Joins from a fresh client address each time, so the rate limit is only met where tested. */
function join(ticketTypeId: number, email: string, quantity = 1, remoteAddress = `198.51.${++address}.7`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/waiting-list',
    remoteAddress,
    payload: { ticketTypeId, name: `Person ${email}`, email, quantity },
  });
}

async function joinOk(ticketTypeId: number, email: string, quantity = 1) {
  const response = await join(ticketTypeId, email, quantity);
  expect(response.statusCode, response.body).toBe(201);
  return WaitingListJoinedSchema.parse(response.json()).data;
}

const sweep = () => sweepWaitingLists({ db: t.app.db, jobs: t.app.jobs }, clock);

async function entriesOf(ticketTypeId: number) {
  const response = await t.app.inject({ url: '/api/admin/waiting-list', headers: as('manager') });
  expect(response.statusCode, response.body).toBe(200);
  const items = z
    .object({ data: z.object({ items: z.array(WaitingListOfTypeSchema) }) })
    .parse(response.json()).data.items;
  const list = items.find((item) => item.ticketType.id === ticketTypeId);
  if (!list) throw new Error(`ticket type ${ticketTypeId} not listed`);
  return list;
}

async function entryOf(ticketTypeId: number, email: string) {
  const entry = (await entriesOf(ticketTypeId)).entries.find((row) => row.email === email);
  if (!entry) throw new Error(`${email} not on the list`);
  return entry;
}

/** The voucher code in the one offer email to `email`. */
async function offeredCode(email: string): Promise<string> {
  const mails = (await outbox(t.dataDir, t.app)).filter(
    (mail) => JSON.stringify(mail.to).includes(email) && mail.subject?.startsWith('Your seats for'),
  );
  expect(mails).toHaveLength(1);
  const match = /voucher code: (WAIT-[A-Z0-9]+)/.exec(mails[0]!.text ?? '');
  if (!match?.[1]) throw new Error(`no code in the mail to ${email}`);
  return match[1];
}

/** A ticket type of `capacity` seats, all reserved by a pending order; returns the type and order. */
async function soldOut(capacity = 1) {
  const ticket = await insertTicketType(t.app.db, { capacity });
  const response = await checkout(t.app, await insertAttendees(t.app.db, capacity), ticket);
  expect(response.statusCode, response.body).toBe(200);
  return { ticket, order: CheckoutResponseSchema.parse(response.json()).order };
}

describe('joining', () => {
  it('puts people in line on a sold-out type, once per address, and audits it', async () => {
    const { ticket } = await soldOut(2);
    expect(await joinOk(ticket, 'first@example.com', 2)).toEqual({ ahead: 0 });
    expect(await joinOk(ticket, 'second@example.com')).toEqual({ ahead: 1 });

    const again = await join(ticket, 'FIRST@example.com');
    expect(again.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(again.json()).message).toBe(
      'FIRST@example.com is already on the waiting list for ' + (await entriesOf(ticket)).ticketType.name,
    );

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'waiting_list.join'), eq(auditLog.organizerEmail, 'first@example.com')));
    expect(audit).toMatchObject({ organizerId: 'public', after: { quantity: 2, status: 'waiting' } });
    expect((await entriesOf(ticket)).entries.map((entry) => [entry.email, entry.status])).toEqual([
      ['first@example.com', 'waiting'],
      ['second@example.com', 'waiting'],
    ]);
  });

  it('refuses a type with seats to buy, more seats than an order, and unknown types', async () => {
    const open = await insertTicketType(t.app.db, { capacity: 5 });
    const free = await join(open, 'early@example.com', 2);
    expect(free.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(free.json()).message).toMatch(/has 5 seats free: you can buy now/);
    // More than are free: waiting makes sense.
    expect((await join(open, 'big@example.com', 6)).statusCode).toBe(201);

    const tooMany = await join(open, 'huge@example.com', 51);
    expect(tooMany.statusCode).toBe(400);
    expect((await join(999_999, 'nobody@example.com')).statusCode).toBe(404);
  });

  it('is rate-limited per address like the other public forms', async () => {
    const { ticket } = await soldOut();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await join(ticket, `burst-${i}@example.com`, 1, '203.0.113.9')).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('offering returned seats', () => {
  it('a lapsed reservation: the first in line gets a code that holds the seats; others cannot buy them', async () => {
    const { ticket } = await soldOut(2);
    await joinOk(ticket, 'lapse-a@example.com', 2);
    await joinOk(ticket, 'lapse-b@example.com', 1);
    await sweep();
    expect((await entryOf(ticket, 'lapse-a@example.com')).status).toBe('waiting');

    later(16);
    await sweep();
    const a = await entryOf(ticket, 'lapse-a@example.com');
    expect(a).toMatchObject({
      status: 'offered',
      offeredUntil: new Date(clock.getTime() + 48 * 3_600_000).toISOString(),
    });
    expect((await entryOf(ticket, 'lapse-b@example.com')).status).toBe('waiting');
    const code = await offeredCode('lapse-a@example.com');
    expect(a.voucherCode).toBe(code);

    const others = await checkout(t.app, await insertAttendees(t.app.db, 1), ticket);
    expect(others.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(others.json()).message).toMatch(/sold out/);
    expect((await entriesOf(ticket)).free).toBe(0);

    const bought = await checkout(t.app, await insertAttendees(t.app.db, 2), ticket, { voucherCode: code });
    expect(bought.statusCode, bought.body).toBe(200);
    const order = CheckoutResponseSchema.parse(bought.json()).order;
    expect(order.amount).toBe(100_000);
    await payWithSandbox(t.app, order.id);
    // Used once: the code buys nothing more.
    const twice = await checkout(t.app, await insertAttendees(t.app.db, 1), ticket, { voucherCode: code });
    expect(twice.statusCode).toBe(400);

    await sweep();
    expect((await entryOf(ticket, 'lapse-a@example.com')).status).toBe('redeemed');
    expect((await entryOf(ticket, 'lapse-b@example.com')).status).toBe('waiting');
  });

  it('a full refund returns the seat to the line', async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 1 });
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), ticket);
    const { order } = CheckoutResponseSchema.parse(response.json());
    await payWithSandbox(t.app, order.id);
    await joinOk(ticket, 'refund@example.com');
    await sweep();
    expect((await entryOf(ticket, 'refund@example.com')).status).toBe('waiting');

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
      order.reference,
      { amount: order.amount, reason: 'Cannot come' },
      {
        organizerId: 'finance-1',
        email: 'finance@festival.test',
        ip: '192.0.2.1',
      },
    );
    await sweep();
    expect((await entryOf(ticket, 'refund@example.com')).status).toBe('offered');
    await offeredCode('refund@example.com');
  });

  it('a capacity raise by an organizer offers the new seats', async () => {
    const { ticket } = await soldOut(1);
    await joinOk(ticket, 'raise@example.com', 2);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/ticket-types/${ticket}`,
      headers: as('manager'),
      payload: { capacity: 3 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await sweep();
    expect((await entryOf(ticket, 'raise@example.com')).status).toBe('offered');
    await offeredCode('raise@example.com');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'waiting_list.offer'), eq(auditLog.organizerId, 'system')));
    expect(audit).toBeDefined();
  });

  it('an offer that lapses unused goes to the next in line, after the hold time the organizer set', async () => {
    const { ticket } = await soldOut(1);
    const hold = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/waiting-list/ticket-types/${ticket}/hold`,
      headers: as('owner'),
      payload: { holdHours: 2 },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    await joinOk(ticket, 'slow@example.com');
    await joinOk(ticket, 'next@example.com');
    later(16);
    await sweep();
    expect(await entryOf(ticket, 'slow@example.com')).toMatchObject({
      status: 'offered',
      offeredUntil: new Date(clock.getTime() + 2 * 3_600_000).toISOString(),
    });
    expect((await entriesOf(ticket)).holdHours).toBe(2);

    later(119);
    await sweep();
    expect((await entryOf(ticket, 'slow@example.com')).status).toBe('offered');
    later(1);
    await sweep();
    expect((await entryOf(ticket, 'slow@example.com')).status).toBe('lapsed');
    expect((await entryOf(ticket, 'next@example.com')).status).toBe('offered');
    const code = await offeredCode('next@example.com');
    expect(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), ticket, { voucherCode: code })).statusCode,
    ).toBe(200);
  });
});

describe('before the sweep offers them', () => {
  /** The ticket type as the public ticket list shows it now. */
  async function listed(ticketTypeId: number) {
    const response = await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/3' });
    expect(response.statusCode, response.body).toBe(200);
    const row = z
      .object({ data: z.array(TicketTypeSchema) })
      .parse(response.json())
      .data.find((type) => type._id === ticketTypeId);
    if (!row) throw new Error(`ticket type ${ticketTypeId} not listed`);
    return row;
  }

  it('keeps returned seats the line asks for out of public sale, and sells the rest', async () => {
    const { ticket } = await soldOut(3);
    await joinOk(ticket, 'owed-a@example.com', 2);
    later(16);
    // The reservation has lapsed, nobody has swept: 3 seats are free, 2 of them owed to A.
    expect(await listed(ticket)).toMatchObject({ available: 1, soldOut: false });
    const two = await checkout(t.app, await insertAttendees(t.app.db, 2), ticket);
    expect(two.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(two.json()).message).toBe(
      `Only 1 seat left for ${(await entriesOf(ticket)).ticketType.name}`,
    );
    // Someone wanting one seat now can buy it rather than wait; wanting two, they join behind A.
    expect((await join(ticket, 'owed-b@example.com', 1)).statusCode).toBe(409);
    expect(await joinOk(ticket, 'owed-c@example.com', 2)).toEqual({ ahead: 1 });
    expect(await listed(ticket)).toMatchObject({ available: 0, soldOut: true });
    expect(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), ticket)).statusCode,
      'C joining made the last seat owed too',
    ).toBe(409);

    await sweep();
    expect((await entryOf(ticket, 'owed-a@example.com')).status).toBe('offered');
    expect((await entryOf(ticket, 'owed-c@example.com')).status).toBe('waiting');
    const code = await offeredCode('owed-a@example.com');
    const bought = await checkout(t.app, await insertAttendees(t.app.db, 2), ticket, { voucherCode: code });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await listed(ticket)).toMatchObject({ available: 0, soldOut: true });
  });

  it('a late payment cannot take a seat owed to the line', async () => {
    const { ticket, order } = await soldOut(1);
    await joinOk(ticket, 'late-line@example.com');
    later(16);
    const paid = await payWithSandbox(t.app, order.id);
    expect(paid.headers.location).toBe(`/payment-failure?reference=${order.reference}`);
    await settleJobs(t.app);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, order.reference));
    expect(row?.status).toBe('refunded');
    await sweep();
    expect((await entryOf(ticket, 'late-line@example.com')).status).toBe('offered');
  });
});

describe('the console', () => {
  it('offers seats by hand when they are free, and removes entries, withdrawing an open offer', async () => {
    const { ticket, order } = await soldOut(1);
    await joinOk(ticket, 'hand-a@example.com');
    await joinOk(ticket, 'hand-b@example.com');
    const b = await entryOf(ticket, 'hand-b@example.com');
    const offer = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/waiting-list/entries/${id}/offer`,
        headers: as('manager'),
      });
    const remove = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/waiting-list/entries/${id}/remove`,
        headers: as('owner'),
      });

    const none = await offer(b.id);
    expect(none.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(none.json()).message).toMatch(/Only 0 seats are free/);

    // The organizer cancels the pending order: its seat is free now, and B gets it, out of turn.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.reference}/cancel`,
      headers: as('manager'),
      payload: { reason: 'Duplicate' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const offered = await offer(b.id);
    expect(offered.statusCode, offered.body).toBe(200);
    expect((await entryOf(ticket, 'hand-b@example.com')).status).toBe('offered');
    await offeredCode('hand-b@example.com');
    expect((await offer(b.id)).statusCode).toBe(409);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'waiting_list.offer_by_hand'), eq(auditLog.entityId, String(b.id))));
    expect(audit?.organizerEmail).toBe(signedIn.get('manager')!.organizer.email);

    // Removing B withdraws the offer: the seat returns and the sweep offers it to A.
    expect((await remove(b.id)).statusCode).toBe(200);
    expect((await entryOf(ticket, 'hand-b@example.com')).status).toBe('removed');
    expect((await remove(b.id)).statusCode).toBe(409);
    await sweep();
    expect((await entryOf(ticket, 'hand-a@example.com')).status).toBe('offered');
    const [row] = await t.app.db.select().from(waitingListEntries).where(eq(waitingListEntries.id, b.id));
    expect(row?.closedAt).not.toBeNull();
  });

  it('is for owners and managers only', async () => {
    for (const role of ['finance', 'content', 'gate'] as const) {
      const response = await t.app.inject({ url: '/api/admin/waiting-list', headers: as(role) });
      expect(response.statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/waiting-list', headers: as('owner') })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/admin/waiting-list' })).statusCode).toBe(401);
  });
});
