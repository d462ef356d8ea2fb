/**
 * Vouchers: the console creates them one by one or in bulk (owner and manager;
 * finance reads), checkout prices seats with each price mode before GST, refuses codes that
 * are unknown, disabled, outside their window, for another ticket or used up, counts uses
 * with unexpired reservations under the voucher's row lock (200 parallel buyers, 20 uses),
 * keeps reserved seats out of sale for others, and completes a comp order of ₹0 without the
 * payment provider. Organizers sign in for real; the database is PGlite.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  ErrorResponseSchema,
  OrderDetailSchema,
  OrderSummarySchema,
  PriceQuoteSchema,
  TaxBreakdownSchema,
  VoucherCreatedSchema,
  VoucherSchema,
  type OrganizerRole,
} from '@festival/shared';
import { z } from 'zod';
import { auditLog, orderLines, orders } from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { checkout, insertAttendees, insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
const as = (role: OrganizerRole) => headersOf(signedIn, role);
let clock = new Date('2024-09-15T06:00:00Z');

beforeAll(async () => {
  t = await build({ now: () => clock });
  signedIn = await signInEveryRole(t.app);
});
afterAll(async () => t?.close());

const terms = (ticketTypeIds: number[], extra: Record<string, unknown> = {}) => ({
  kind: 'single',
  ticketTypeIds,
  priceMode: 'subtract',
  value: 10_000,
  maxUses: 10,
  validFrom: null,
  validUntil: null,
  reservedSeats: 0,
  ...extra,
});

function create(body: Record<string, unknown>, role: OrganizerRole = 'manager') {
  return t.app.inject({ method: 'POST', url: '/api/admin/vouchers', headers: as(role), payload: body });
}

async function createOk(body: Record<string, unknown>) {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  return z.object({ data: VoucherCreatedSchema }).parse(response.json()).data.codes;
}

async function listed(code: string) {
  const response = await t.app.inject({ url: '/api/admin/vouchers', headers: as('finance') });
  expect(response.statusCode).toBe(200);
  const items = z.object({ data: z.object({ items: z.array(VoucherSchema) }) }).parse(response.json())
    .data.items;
  const voucher = items.find((item) => item.code === code);
  if (!voucher) throw new Error(`voucher ${code} not listed`);
  return voucher;
}

async function quote(selectedTicket: number, quantity: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/payment/quote',
    payload: { selectedTicket, quantity },
  });
  return z.object({ data: TaxBreakdownSchema }).parse(response.json()).data;
}

function voucherError(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  const body = ErrorResponseSchema.parse(response.json());
  expect(body.errors?.voucherCode).toBe(body.message);
  return body.message;
}

describe('console', () => {
  it('owner and manager create and disable, finance reads, content and gate may not', async () => {
    const ticket = await insertTicketType(t.app.db);
    expect((await create(terms([ticket], { code: 'ROLE-F' }), 'finance')).statusCode).toBe(403);
    expect((await create(terms([ticket], { code: 'ROLE-C' }), 'content')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/vouchers', headers: as('content') })).statusCode).toBe(403);
    expect((await create(terms([ticket], { code: 'role-o' }), 'owner')).statusCode).toBe(201);
    const voucher = await listed('ROLE-O');
    const disable = (role: OrganizerRole) =>
      t.app.inject({ method: 'POST', url: `/api/admin/vouchers/${voucher.id}/disable`, headers: as(role) });
    expect((await disable('finance')).statusCode).toBe(403);
    expect((await disable('manager')).statusCode).toBe(200);
    expect((await listed('ROLE-O')).disabledAt).toBe(clock.toISOString());
  });

  it('creates one code, refuses it twice, and audits each voucher', async () => {
    const ticket = await insertTicketType(t.app.db);
    expect(await createOk(terms([ticket], { code: 'EARLY-BIRD' }))).toEqual(['EARLY-BIRD']);
    const again = await create(terms([ticket], { code: 'early-bird' }));
    expect(again.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(again.json()).errors?.code).toMatch(/exists already/);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'voucher'), eq(auditLog.entityId, 'EARLY-BIRD')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'voucher.create', before: null });
    expect(rows[0]?.after).toMatchObject({ priceMode: 'subtract', value: 10_000, maxUses: 10 });
  });

  it('generates N distinct codes with a prefix', async () => {
    const ticket = await insertTicketType(t.app.db);
    const codes = await createOk({ ...terms([ticket]), kind: 'bulk', prefix: 'press-', count: 25 });
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^PRESS-[A-HJ-NP-Z2-9]{8}$/);
  });

  it('refuses bad terms on their fields', async () => {
    const ticket = await insertTicketType(t.app.db);
    const other = await insertTicketType(t.app.db);
    const field = async (body: Record<string, unknown>, name: string) => {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      return ErrorResponseSchema.parse(response.json()).errors?.[name];
    };
    expect(
      await field(terms([ticket], { code: 'P1', priceMode: 'percent', value: 100 }), 'code'),
    ).toBeTruthy();
    expect(await field(terms([ticket], { code: 'PCT1', priceMode: 'percent', value: 100 }), 'value')).toMatch(
      /1–99/,
    );
    expect(
      await field(
        terms([ticket], {
          code: 'WIN1',
          validFrom: '2024-10-02T00:00:00Z',
          validUntil: '2024-10-01T00:00:00Z',
        }),
        'validUntil',
      ),
    ).toMatch(/after/);
    expect(await field(terms([ticket, other], { code: 'RES1', reservedSeats: 2 }), 'reservedSeats')).toMatch(
      /one ticket type/,
    );
    expect(await field(terms([999_999], { code: 'UNK1' }), 'ticketTypeIds')).toMatch(/current edition/);
  });
});

describe('checkout with a voucher', () => {
  // Ticket ₹500.00; each mode's seat price, checked against the quote of a ticket type at
  // that price: the voucher prices the line before GST is split, with the same rounding.
  it.each([
    ['set_price', 20_000, 50_000, 20_000],
    ['subtract', 15_000, 50_000, 35_000],
    ['subtract', 90_000, 50_000, 0],
    ['percent', 25, 50_000, 37_500],
    ['percent', 10, 33_335, 30_001],
  ])('%s %i on %i paise charges %i paise a seat', async (priceMode, value, amount, expected) => {
    const ticket = await insertTicketType(t.app.db, { amount, capacity: 5 });
    const reference = await insertTicketType(t.app.db, { amount: Math.max(expected, 100) });
    const [code] = await createOk(terms([ticket], { kind: 'bulk', prefix: 'M', count: 1, priceMode, value }));
    const attendees = await insertAttendees(t.app.db, 2);

    const response = await checkout(t.app, attendees, ticket, { voucherCode: code?.toLowerCase() });

    expect(response.statusCode, response.body).toBe(200);
    const answer = CheckoutResponseSchema.parse(response.json());
    const [line] = await t.app.db
      .select({ unitAmount: orderLines.unitAmount })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orders.reference, answer.order.reference));
    expect(line?.unitAmount).toBe(expected);
    if (expected === 0) {
      expect(answer.order.amount).toBe(0);
      expect(answer.checkout.provider).toBe('none');
    } else {
      const { placeOfSupply: _p, ...withoutPlace } = await quote(reference, 2);
      expect(answer.tax).toMatchObject(withoutPlace);
      expect(answer.order.amount).toBe(answer.tax.total);
    }
    const quoted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/payment/quote',
      payload: { selectedTicket: ticket, quantity: 2, voucherCode: code },
    });
    const { units, unitAmount, regularUnitAmount, ...tax } = z
      .object({ data: PriceQuoteSchema })
      .parse(quoted.json()).data;
    expect(tax).toEqual(answer.tax);
    // The line the page shows: the voucher's price of one seat beside the ticket type's own.
    expect({ units, unitAmount, regularUnitAmount }).toEqual({
      units: 2,
      unitAmount: expected,
      regularUnitAmount: amount,
    });
  });

  it('refuses unknown, disabled, not yet valid, expired and other-ticket codes with a field message', async () => {
    const ticket = await insertTicketType(t.app.db);
    const other = await insertTicketType(t.app.db);
    await createOk(
      terms([ticket], {
        code: 'WINDOW',
        validFrom: '2024-10-02T00:00:00Z',
        validUntil: '2024-10-03T00:00:00Z',
      }),
    );
    await createOk(terms([ticket], { code: 'OFF' }));
    const off = await listed('OFF');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/vouchers/${off.id}/disable`,
      headers: as('owner'),
    });
    const [attendee] = await insertAttendees(t.app.db, 1);
    const tryCode = (voucherCode: string, ticketId = ticket) =>
      checkout(t.app, [attendee!], ticketId, { voucherCode });

    expect(voucherError(await tryCode('NOPE'))).toBe('NOPE is not a valid voucher code');
    expect(voucherError(await tryCode('OFF'))).toBe('OFF is not a valid voucher code');
    expect(voucherError(await tryCode('WINDOW'))).toBe('Voucher WINDOW is not valid yet');
    expect(voucherError(await tryCode('WINDOW', other))).toMatch(/not valid yet/);
    const saved = clock;
    try {
      clock = new Date('2024-10-02T12:00:00Z');
      expect(voucherError(await tryCode('WINDOW', other))).toMatch(/does not apply to Test Pass/);
      expect((await tryCode('WINDOW')).statusCode).toBe(200);
      clock = new Date('2024-10-03T00:00:00Z');
      expect(voucherError(await tryCode('WINDOW'))).toBe('Voucher WINDOW has expired');
    } finally {
      clock = saved;
    }
  });

  it('200 parallel checkouts on a 20-use voucher: exactly 20 succeed; lapsed reservations give uses back', async () => {
    // Two ticket types, buyers alternating: the ticket types' row locks do not serialise
    // these checkouts, only the voucher's does.
    const ticket = await insertTicketType(t.app.db, { capacity: 1000 });
    const second = await insertTicketType(t.app.db, { capacity: 1000 });
    await createOk(terms([ticket, second], { code: 'TWENTY', maxUses: 20 }));
    const attendees = await insertAttendees(t.app.db, 200);

    const responses = await Promise.all(
      attendees.map((id, index) =>
        checkout(t.app, [id], index % 2 ? second : ticket, { voucherCode: 'TWENTY' }),
      ),
    );

    const ok = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(180);
    for (const response of refused) expect(voucherError(response)).toBe('Voucher TWENTY has been used up');
    expect(await listed('TWENTY')).toMatchObject({ used: 0, reserved: 20, maxUses: 20 });

    const [late] = await insertAttendees(t.app.db, 1);
    const saved = clock;
    try {
      clock = new Date(clock.getTime() + 16 * 60_000);
      expect(await listed('TWENTY')).toMatchObject({ reserved: 0 });
      expect((await checkout(t.app, [late!], ticket, { voucherCode: 'TWENTY' })).statusCode).toBe(200);
    } finally {
      clock = saved;
    }
  });

  it('counts a use per seat: 3 attendees need 3 uses', async () => {
    const ticket = await insertTicketType(t.app.db);
    await createOk(terms([ticket], { code: 'TWO-SEATS', maxUses: 2 }));
    const attendees = await insertAttendees(t.app.db, 3);
    expect(voucherError(await checkout(t.app, attendees, ticket, { voucherCode: 'TWO-SEATS' }))).toBe(
      'Voucher TWO-SEATS can be used for 2 more seats only',
    );
  });

  it('reserved seats are held for the voucher: others see them sold out, the holder still buys them', async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 10 });
    await createOk(terms([ticket], { code: 'SPONSOR', maxUses: 4, reservedSeats: 4 }));
    const buyers = await insertAttendees(t.app.db, 6);
    const holders = await insertAttendees(t.app.db, 4);
    const [extra] = await insertAttendees(t.app.db, 1);

    expect((await checkout(t.app, buyers, ticket)).statusCode).toBe(200);
    const soldOut = await checkout(t.app, [extra!], ticket);
    expect(soldOut.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(soldOut.json()).message).toMatch(/sold out/);
    const list = await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/3' });
    const row = (list.json() as { data: { _id: number; available: number }[] }).data.find(
      (r) => r._id === ticket,
    );
    expect(row?.available).toBe(0);

    expect((await checkout(t.app, holders.slice(0, 2), ticket, { voucherCode: 'SPONSOR' })).statusCode).toBe(
      200,
    );
    expect((await checkout(t.app, holders.slice(2), ticket, { voucherCode: 'SPONSOR' })).statusCode).toBe(
      200,
    );
  });

  it('a disabled voucher releases its reserved seats', async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 3 });
    await createOk(terms([ticket], { code: 'HOLD3', maxUses: 3, reservedSeats: 3 }));
    const [buyer] = await insertAttendees(t.app.db, 1);
    expect((await checkout(t.app, [buyer!], ticket)).statusCode).toBe(409);
    const voucher = await listed('HOLD3');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/vouchers/${voucher.id}/disable`,
      headers: as('owner'),
    });
    expect((await checkout(t.app, [buyer!], ticket)).statusCode).toBe(200);
  });

  it('a 100% comp order of ₹0 is paid at checkout without the provider, with passes, and the console shows the voucher', async () => {
    const ticket = await insertTicketType(t.app.db);
    await createOk(terms([ticket], { code: 'GUEST', priceMode: 'comp', value: 0 }));
    const attendees = await insertAttendees(t.app.db, 2);

    const response = await checkout(t.app, attendees, ticket, { voucherCode: 'GUEST' });

    expect(response.statusCode, response.body).toBe(200);
    const answer = CheckoutResponseSchema.parse(response.json());
    expect(answer.order.amount).toBe(0);
    expect(answer.tax).toMatchObject({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
    expect(answer.checkout).toEqual({
      provider: 'none',
      url: `/payment-success?reference=${answer.order.reference}`,
    });
    const [order] = await t.app.db.select().from(orders).where(eq(orders.reference, answer.order.reference));
    expect(order).toMatchObject({ status: 'paid', amount: 0, providerOrderId: null });
    const detailOf = await t.app.inject({
      url: `/api/auth/payment/orders/${answer.order.reference}?key=${answer.order.key}`,
    });
    // No consideration, so no tax invoice.
    expect(z.object({ data: OrderSummarySchema }).parse(detailOf.json()).data.invoice).toBeNull();
    expect(order?.providerPaymentId).toBe(`free:${answer.order.reference}`);

    const summary = await t.app.inject({
      url: `/api/auth/payment/orders/${answer.order.reference}?key=${answer.order.key}`,
    });
    const data = z.object({ data: OrderSummarySchema }).parse(summary.json()).data;
    expect(data.status).toBe('paid');
    expect(data.passes).toHaveLength(2);
    expect(await listed('GUEST')).toMatchObject({ used: 2, reserved: 0 });

    const detail = await t.app.inject({
      url: `/api/admin/orders/${answer.order.reference}`,
      headers: as('finance'),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(z.object({ data: OrderDetailSchema }).parse(detail.json()).data.voucher).toEqual({
      code: 'GUEST',
      unitAmount: 0,
    });
  });
});
