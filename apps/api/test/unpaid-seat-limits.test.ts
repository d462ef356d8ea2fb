/**
 * Seats held by unpaid orders: pending orders may hold at most the settings'
 * number of seats per buyer email and per client address, also under parallel checkouts, and
 * the same checkout sent again answers the order that already holds its seats. The limits are
 * settings that owners and finance change, audited.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set, where parallel checkouts of
 * different ticket types really run at once.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS,
  DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL,
  ErrorResponseSchema,
  ParticipantCategory,
  type OrganizerRole,
} from '@festival/shared';
import { auditLog, orderAttendees, orders } from '../src/db/schema.js';
import { sweepLapsedOrders } from '../src/modules/orders/service.js';
import { listTicketTypes } from '../src/modules/tickets/service.js';
import { build, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import {
  checkout,
  GST_SETTINGS,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
} from './ticketing-helpers.js';

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');
let finance: { cookie: string };
let addresses = 0;

beforeAll(async () => {
  t = await build({ now: () => clock });
  finance = await signedInOrganizer(t.app, 'finance');
});
afterAll(async () => t?.close());

/** An address no other test of this file checks out from. */
function newAddress(): string {
  addresses += 1;
  return `203.0.113.${addresses}`;
}

function saveSettings(payload: object, cookie = finance.cookie) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    payload,
    headers: { cookie, origin: ORIGIN },
  });
}

async function setLimits(perEmail: number, perAddress: number) {
  const response = await saveSettings({
    ...GST_SETTINGS,
    maxUnpaidSeatsPerEmail: perEmail,
    maxUnpaidSeatsPerAddress: perAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Seats of a ticket type (Investor category) a buyer could still take now. */
async function available(ticketTypeId: number): Promise<number | undefined> {
  const list = await listTicketTypes(t.app.db, ParticipantCategory.Investor, clock);
  return list.find((ticket) => ticket._id === ticketTypeId)?.available;
}

function refusal(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(409);
  return ErrorResponseSchema.parse(response.json()).message;
}

describe('the limits in the settings', () => {
  it('default to 10 seats per email and 20 per address', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: { cookie: finance.cookie },
    });
    expect(response.json().data).toMatchObject({
      maxUnpaidSeatsPerEmail: DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL,
      maxUnpaidSeatsPerAddress: DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS,
    });
    expect([DEFAULT_MAX_UNPAID_SEATS_PER_EMAIL, DEFAULT_MAX_UNPAID_SEATS_PER_ADDRESS]).toEqual([10, 20]);
  });

  it('are saved by finance, audited with before and after, and kept when a save leaves them out', async () => {
    await setLimits(4, 9);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'settings'))
      .orderBy(auditLog.at);
    expect(entry).toMatchObject({
      action: 'settings.update',
      after: { maxUnpaidSeatsPerEmail: 4, maxUnpaidSeatsPerAddress: 9 },
    });

    const without = await saveSettings(GST_SETTINGS);
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json().data).toMatchObject({ maxUnpaidSeatsPerEmail: 4, maxUnpaidSeatsPerAddress: 9 });
  });

  it('are refused from roles that do not edit settings, and left unchanged', async () => {
    const roles: OrganizerRole[] = ['manager', 'content', 'gate'];
    for (const role of roles) {
      const { cookie } = await signedInOrganizer(t.app, role);
      const response = await saveSettings({ ...GST_SETTINGS, maxUnpaidSeatsPerEmail: 500 }, cookie);
      expect(response.statusCode, role).toBe(403);
    }
    const owner = await signedInOrganizer(t.app, 'owner');
    const byOwner = await saveSettings({ ...GST_SETTINGS, maxUnpaidSeatsPerAddress: 12 }, owner.cookie);
    expect(byOwner.json().data).toMatchObject({ maxUnpaidSeatsPerEmail: 4, maxUnpaidSeatsPerAddress: 12 });
  });

  it('must be a whole number of seats from 1, said on the field', async () => {
    const zero = await saveSettings({ ...GST_SETTINGS, maxUnpaidSeatsPerEmail: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({
      errors: { maxUnpaidSeatsPerEmail: 'At least 1 seat, or nobody could check out' },
    });
    const text = await saveSettings({ ...GST_SETTINGS, maxUnpaidSeatsPerAddress: 'many' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      errors: {
        maxUnpaidSeatsPerAddress:
          'Enter the most seats one client address may hold unpaid, as a whole number',
      },
    });
  });
});

describe('checkout within the limits', () => {
  it('refuses a buyer email more unpaid seats than its limit, from any address, until it pays', async () => {
    await setLimits(3, 100);
    const investorPass = await insertTicketType(t.app.db, { capacity: 50 });
    const startupPass = await insertTicketType(t.app.db, {
      capacity: 50,
      participantCategoryId: ParticipantCategory.StartUp,
    });
    // One person registered in two categories: one email, two registrations.
    const email = `holder-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const first = await insertAttendees(t.app.db, 2, {
      email: (index) => (index === 0 ? email : `colleague-${crypto.randomUUID()}@example.com`),
    });
    const second = await insertAttendees(t.app.db, 2, {
      participantCategoryId: ParticipantCategory.StartUp,
      email: (index) => (index === 0 ? email.toUpperCase() : `colleague-${crypto.randomUUID()}@example.com`),
    });

    const held = await checkout(t.app, first, investorPass, {}, newAddress());
    expect(held.statusCode, held.body).toBe(200);
    const refused = await checkout(t.app, second, startupPass, {}, newAddress());
    expect(refusal(refused)).toBe(
      'You already hold 2 seats awaiting payment, and at most 3 seats can await payment at once for one buyer. Pay for your earlier order, or wait until its reservation ends, then check out these attendees.',
    );

    await payWithSandbox(t.app, CheckoutResponseSchema.parse(held.json()).order.id);
    const afterPaying = await checkout(t.app, second, startupPass, {}, newAddress());
    expect(afterPaying.statusCode, afterPaying.body).toBe(200);
  });

  it('refuses one order larger than the limit, saying how to go on', async () => {
    await setLimits(3, 100);
    const ticketId = await insertTicketType(t.app.db, { capacity: 50 });
    const response = await checkout(t.app, await insertAttendees(t.app.db, 4), ticketId, {}, newAddress());
    expect(refusal(response)).toBe(
      'At most 3 seats can await payment at once for one buyer, and this order has 4. Pay for up to 3 attendees first, then check out the others.',
    );
    expect(await available(ticketId)).toBe(50);
  });

  it('refuses a client address more unpaid seats than its limit, for any buyer, until they lapse', async () => {
    await setLimits(10, 3);
    const ticketId = await insertTicketType(t.app.db, { capacity: 50 });
    const address = newAddress();
    expect(
      (await checkout(t.app, await insertAttendees(t.app.db, 2), ticketId, {}, address)).statusCode,
    ).toBe(200);
    expect(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId, {}, address)).statusCode,
    ).toBe(200);

    const refused = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId, {}, address);
    expect(refusal(refused)).toBe(
      'Orders from your network already hold 3 seats awaiting payment, and at most 3 seats can await payment at once from one network. Pay for those orders, or try again once their reservations end.',
    );
    expect(await available(ticketId)).toBe(47);
    const elsewhere = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId, {}, newAddress());
    expect(elsewhere.statusCode).toBe(200);

    clock = new Date(clock.getTime() + 16 * 60_000);
    const lapsed = await checkout(t.app, await insertAttendees(t.app.db, 2), ticketId, {}, address);
    expect(lapsed.statusCode, lapsed.body).toBe(200);
  });

  it('holds under parallel checkouts of several ticket types from one address and from one email', async () => {
    await setLimits(4, 5);
    const tickets = [
      await insertTicketType(t.app.db, { capacity: 50 }),
      await insertTicketType(t.app.db, { capacity: 50 }),
    ];
    const address = newAddress();
    const fromAddress = await insertAttendees(t.app.db, 12);
    const byAddress = await Promise.all(
      fromAddress.map((id, index) => checkout(t.app, [id], tickets[index % 2] ?? 0, {}, address)),
    );
    expect(byAddress.filter((response) => response.statusCode === 200)).toHaveLength(5);
    expect(byAddress.filter((response) => response.statusCode === 409)).toHaveLength(7);

    // One email in each of the four categories, each with three colleagues: four orders of
    // two seats (buyer and one colleague), from four addresses; the email may hold four seats.
    const email = `parallel-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const categories = [
      ParticipantCategory.Pitcher,
      ParticipantCategory.StartUp,
      ParticipantCategory.Investor,
      ParticipantCategory.Visitor,
    ];
    const orderFor = async (participantCategoryId: number) => ({
      attendees: await insertAttendees(t.app.db, 2, {
        participantCategoryId,
        email: (index) => (index === 0 ? email : `colleague-${crypto.randomUUID()}@example.com`),
      }),
      ticketId: await insertTicketType(t.app.db, { capacity: 50, participantCategoryId }),
    });
    const planned = await Promise.all(categories.map(orderFor));
    const byEmail = await Promise.all(
      planned.map(({ attendees, ticketId }) => checkout(t.app, attendees, ticketId, {}, newAddress())),
    );
    expect(byEmail.filter((response) => response.statusCode === 200)).toHaveLength(2);
    expect(byEmail.filter((response) => response.statusCode === 409)).toHaveLength(2);
  });
});

describe('the client address of an order', () => {
  it('is kept only while the order awaits payment', async () => {
    await setLimits(10, 20);
    const ticketId = await insertTicketType(t.app.db, { capacity: 10 });
    const address = newAddress();
    const paid = CheckoutResponseSchema.parse(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId, {}, address)).json(),
    );
    const lapsing = CheckoutResponseSchema.parse(
      (await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId, {}, address)).json(),
    );
    const stored = (reference: string) =>
      t.app.db
        .select({ clientAddress: orders.clientAddress, checkoutDigest: orders.checkoutDigest })
        .from(orders)
        .where(eq(orders.reference, reference))
        .then(([row]) => row);
    expect(await stored(paid.order.reference)).toEqual({
      clientAddress: address,
      checkoutDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    await payWithSandbox(t.app, paid.order.id);
    clock = new Date(clock.getTime() + 16 * 60_000);
    await sweepLapsedOrders(t.app.db, clock);
    expect(await stored(paid.order.reference)).toEqual({ clientAddress: null, checkoutDigest: null });
    expect(await stored(lapsing.order.reference)).toEqual({ clientAddress: null, checkoutDigest: null });
  });
});

describe('a repeated checkout', () => {
  it('answers the order that holds the seats: same reference, payment order and expiry; no seat more', async () => {
    await setLimits(2, 2);
    const ticketId = await insertTicketType(t.app.db, { capacity: 10 });
    const ids = await insertAttendees(t.app.db, 2);
    const address = newAddress();
    const first = CheckoutResponseSchema.parse((await checkout(t.app, ids, ticketId, {}, address)).json());
    expect(await available(ticketId)).toBe(8);

    clock = new Date(clock.getTime() + 5 * 60_000);
    // At the limit, from another device: pressing Pay again is not a new hold.
    const again = await checkout(t.app, ids, ticketId, {}, newAddress());
    expect(again.statusCode, again.body).toBe(200);
    const second = CheckoutResponseSchema.parse(again.json());
    expect(second.order).toEqual(first.order);
    expect(second.checkout).toEqual(first.checkout);
    expect(second.tax).toEqual(first.tax);
    expect(await available(ticketId)).toBe(8);
    const held = await t.app.db
      .selectDistinct({ id: orders.id, status: orders.status })
      .from(orders)
      .innerJoin(orderAttendees, eq(orderAttendees.orderId, orders.id))
      .where(inArray(orderAttendees.registrationId, ids));
    expect(held).toEqual([{ id: expect.any(String), status: 'pending' }]);
  });

  it('with another ticket replaces the earlier order, whose seats do not count against the limit', async () => {
    await setLimits(2, 2);
    const [before, after] = [
      await insertTicketType(t.app.db, { capacity: 10 }),
      await insertTicketType(t.app.db, { capacity: 10 }),
    ];
    const ids = await insertAttendees(t.app.db, 2);
    const address = newAddress();
    const first = CheckoutResponseSchema.parse((await checkout(t.app, ids, before ?? 0, {}, address)).json());
    const changed = await checkout(t.app, ids, after ?? 0, {}, address);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(CheckoutResponseSchema.parse(changed.json()).order.reference).not.toBe(first.order.reference);
    expect([await available(before ?? 0), await available(after ?? 0)]).toEqual([10, 8]);
  });
});
