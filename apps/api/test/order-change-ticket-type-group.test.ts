/**
 * Changing the ticket of one attendee of a group (decision 031): an order of 2 passes on one
 * line. The attendee is split out of the line (it loses one unit and that unit's share of its
 * tax, a line of one unit of the new ticket is added), their pass moves to the new line and
 * admits as the new ticket, the other pass stays on the old line and still admits; the credit
 * or debit note cites the invoice's line for one unit's difference; seats move; the order's tax
 * header stays the sum of its lines; and a later cancellation of either attendee refunds what
 * was paid for them.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttendeeCancellationSchema,
  envelope,
  OrderDetailSchema,
  OrderSummarySchema,
  RedeemResultSchema,
  TicketChangeQuoteSchema,
  TicketTypeChangeSchema,
} from '@festival/shared';
import {
  checkinChanges,
  orderLines,
  orderLineTaxes,
  orders,
  orderTaxes,
  passes as passTable,
  registrations,
  taxDocumentLines,
  taxDocuments,
  ticketTypes,
} from '../src/db/schema.js';
import { orderKey } from '../src/modules/orders/access.js';
import { passQrPayload } from '../src/modules/passes/service.js';
import { settleJobs, type TestContext } from './helper.js';
import { buildWithGst, attendeeUrl } from './order-change-helpers.js';
import { headersOf, type SignedIn } from './organizer-helpers.js';
import { buyPasses, createCheckinList } from './checkin-helpers.js';
import { outbox } from './registration-helpers.js';
import { insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;

beforeAll(async () => {
  ({ t, signedIn } = await buildWithGst());
}, 60_000);
afterAll(async () => t?.close());

/** A paid order of 2 passes of `ticketTypeId` on one line, its passes in checkout order. */
async function groupOfTwo(ticketTypeId: number) {
  const { orderId, passes } = await buyPasses(t.app, ticketTypeId, 2);
  const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
  expect(await linesOf(orderId)).toMatchObject([{ position: 0, quantity: 2 }]);
  return { orderId, reference: order!.reference, passes };
}

/** How many times the scanners' change log (migrations 0019 and 0038) has logged a pass. */
const loggedChanges = async (passId: string) =>
  (await t.app.db.select().from(checkinChanges).where(eq(checkinChanges.passId, passId))).length;

const linesOf = (orderId: string) =>
  t.app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

const lineTaxesOf = (orderId: string) =>
  t.app.db
    .select()
    .from(orderLineTaxes)
    .where(eq(orderLineTaxes.orderId, orderId))
    .orderBy(asc(orderLineTaxes.position));

async function soldSeats(ticketTypeId: number) {
  const [row] = await t.app.db.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId));
  return row!.soldSeats;
}

async function passOf(id: string) {
  const [row] = await t.app.db.select().from(passTable).where(eq(passTable.id, id));
  return row!;
}

async function documentOf(number: string) {
  const [document] = await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.number, number));
  const lines = await t.app.db
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, document!.id));
  return { ...document!, lines };
}

/** The order's tax header and the sum of its lines' tax, which decision 029 keeps equal. */
async function headerAndSum(orderId: string) {
  const [header] = await t.app.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId));
  const lines = await lineTaxesOf(orderId);
  const sum = (field: 'taxable' | 'cgst' | 'sgst' | 'total') =>
    lines.reduce((total, line) => total + line[field], 0);
  return {
    header: { taxable: header!.taxable, cgst: header!.cgst, sgst: header!.sgst, total: header!.total },
    sum: { taxable: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), total: sum('total') },
  };
}

async function quote(reference: string, registrationId: string) {
  const response = await t.app.inject({
    url: `${attendeeUrl(reference, registrationId)}/ticket-change`,
    headers: headersOf(signedIn, 'finance'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return TicketChangeQuoteSchema.parse(response.json().data);
}

async function change(reference: string, registrationId: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${attendeeUrl(reference, registrationId)}/change-ticket`,
    headers: headersOf(signedIn, 'finance'),
    payload: { reason: 'Asked at the help desk', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return TicketTypeChangeSchema.parse(response.json().data);
}

async function cancel(reference: string, registrationId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${attendeeUrl(reference, registrationId)}/cancel`,
    headers: headersOf(signedIn, 'finance'),
    payload: { reason: 'Cannot travel' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return AttendeeCancellationSchema.parse(response.json().data);
}

async function orderDetail(reference: string) {
  const response = await t.app.inject({
    url: `/api/admin/orders/${reference}`,
    headers: headersOf(signedIn, 'finance'),
  });
  return OrderDetailSchema.parse(response.json().data);
}

/** Redeems `code` (a QR token) at a gate list admitting `ticketTypeIds`; the gate's status. */
async function redeemAt(listId: number, code: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/checkin/redeem',
    headers: headersOf(signedIn, 'gate'),
    payload: { code, listId, scannedAt: '2024-10-20T05:00:00Z', nonce: randomUUID(), gate: 'North' },
  });
  return RedeemResultSchema.parse(response.json().data).status;
}

describe('changing one attendee of a group of 2 to a cheaper ticket', () => {
  it('splits them out of the line, refunds one unit’s difference with a credit note of 1, and leaves the other pass as it was', async () => {
    // ₹1,000 and ₹500 before 18 % GST (CGST + SGST): ₹1,180 and ₹590 a pass; the line ₹2,360.
    const investor = await insertTicketType(t.app.db, {
      name: 'Investor Circle Pass',
      amount: 100_000,
      capacity: 5,
    });
    const delegate = await insertTicketType(t.app.db, {
      name: 'Delegate Day Pass',
      amount: 50_000,
      capacity: 5,
    });
    const { orderId, reference, passes } = await groupOfTwo(investor);
    const [moving, staying] = [passes[0]!, passes[1]!];
    const list = await createCheckinList(t.app, signedIn, [investor, delegate]);

    const offer = await quote(reference, moving.registrationId);
    expect(offer).toMatchObject({
      passCode: moving.code,
      groupSize: 2,
      current: { ticketTypeId: investor, name: 'Investor Circle Pass', total: 118_000 },
    });
    expect(offer.options.find((option) => option.ticketTypeId === delegate)).toMatchObject({
      difference: -59_000,
      gst: { taxable: 50_000, cgst: 4_500, sgst: 4_500, igst: 0, total: 59_000 },
      refusal: null,
    });

    const logged = { moving: await loggedChanges(moving.id), staying: await loggedChanges(staying.id) };
    const result = await change(reference, moving.registrationId, { ticketTypeId: delegate });
    expect(result).toMatchObject({ ticketName: 'Delegate Day Pass', passCode: moving.code, refund: 59_000 });
    // The scanners' next sync learns of the moved pass only.
    expect(await loggedChanges(moving.id)).toBeGreaterThan(logged.moving);
    expect(await loggedChanges(staying.id)).toBe(logged.staying);

    // The lines: the old one holds the other pass, a new one this attendee's ticket.
    expect(await linesOf(orderId)).toMatchObject([
      { position: 0, ticketTypeId: investor, quantity: 1, unitAmount: 100_000, amount: 100_000 },
      { position: 1, ticketTypeId: delegate, quantity: 1, unitAmount: 50_000, amount: 50_000 },
    ]);
    expect(await lineTaxesOf(orderId)).toMatchObject([
      { position: 0, taxable: 100_000, cgst: 9_000, sgst: 9_000, total: 118_000 },
      { position: 1, taxable: 50_000, cgst: 4_500, sgst: 4_500, total: 59_000 },
    ]);
    const tax = await headerAndSum(orderId);
    expect(tax.header).toEqual(tax.sum);
    expect(tax.header.total).toBe(177_000);

    // The credit note: one unit's difference, quantity 1, on the invoice's line.
    const note = await documentOf(result.creditNote!);
    expect(note).toMatchObject({
      kind: 'credit_note',
      taxable: 50_000,
      cgst: 4_500,
      sgst: 4_500,
      total: 59_000,
    });
    expect(note.lines).toMatchObject([
      {
        position: 0,
        quantity: 1,
        total: 59_000,
        description: expect.stringContaining('Investor Circle Pass changed to Delegate Day Pass'),
      },
    ]);

    // The passes: this one moved to the new line, code kept; the other stays as it was.
    expect(await passOf(moving.id)).toMatchObject({ code: moving.code, linePosition: 1, revokedAt: null });
    expect(await passOf(staying.id)).toMatchObject({ code: staying.code, linePosition: 0, revokedAt: null });
    expect([await soldSeats(investor), await soldSeats(delegate)]).toEqual([1, 1]);

    // At the gate: the moved pass's old QR code names the old ticket (refused), its new one
    // admits; the other pass's QR code is unchanged and admits.
    expect(await redeemAt(list.id, moving.token)).toBe('invalid');
    expect(await passQrPayload(t.app.db, staying.code)).toBe(staying.token);
    expect(await redeemAt(list.id, staying.token)).toBe('ok');
    expect(await redeemAt(list.id, await passQrPayload(t.app.db, moving.code))).toBe('ok');

    // The moved attendee is told their new ticket (the job reads their pass's, not the order's).
    await settleJobs(t.app);
    expect((await outbox(t.dataDir, t.app)).map((mail) => mail.subject)).toContain(
      `Your ticket for Startup Fest Gujarat 2024 is now Delegate Day Pass — ${reference}`,
    );

    const detail = await orderDetail(reference);
    expect(detail.refundable).toBe(236_000 - 59_000);
    expect(detail.attendees.map(({ passCode, ticketName }) => ({ passCode, ticketName }))).toEqual([
      { passCode: moving.code, ticketName: 'Delegate Day Pass' },
      { passCode: staying.code, ticketName: 'Investor Circle Pass' },
    ]);
    expect(detail.timeline.map((entry) => entry.text)).toContain(
      'Order created for 2 × Investor Circle Pass',
    );
    // The buyer's order page names both tickets; the other attendee's own link names theirs.
    const summary = async (key: string) =>
      envelope(OrderSummarySchema).parse(
        (await t.app.inject({ url: `/api/auth/payment/orders/${reference}?key=${key}` })).json(),
      ).data;
    const secret = t.app.config.OTP_SECRET;
    expect(await summary(orderKey(secret, orderId, { kind: 'buyer' }))).toMatchObject({
      quantity: 2,
      ticketName: '1 × Delegate Day Pass, 1 × Investor Circle Pass',
    });
    const [holder] = await t.app.db
      .select({ email: registrations.email })
      .from(registrations)
      .where(eq(registrations.id, staying.registrationId));
    expect(
      await summary(orderKey(secret, orderId, { kind: 'attendee', email: holder!.email.toLowerCase() })),
    ).toMatchObject({ quantity: 1, ticketName: 'Investor Circle Pass' });

    // Cancelling the other attendee afterwards refunds their Investor Pass (₹1,180), quantity
    // 1 on the invoice's line; the old line is left with no units.
    const cancelled = await cancel(reference, staying.registrationId);
    expect(cancelled.refund).toBe(118_000);
    expect((await documentOf(cancelled.creditNote!)).lines).toMatchObject([
      { position: 0, quantity: 1, total: 118_000 },
    ]);
    expect(await linesOf(orderId)).toMatchObject([
      { position: 0, quantity: 0 },
      { position: 1, quantity: 1 },
    ]);
    expect([await soldSeats(investor), await soldSeats(delegate)]).toEqual([0, 1]);
    // What the credit notes leave of the invoice is what the remaining pass was paid: ₹590.
    const [invoice] = await t.app.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
    const notes = await t.app.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
    expect(invoice!.total - notes.reduce((sum, row) => sum + row.total, 0)).toBe(59_000);
  });
});

describe('changing one attendee of a group of 2 to a dearer ticket', () => {
  it('splits them out with a debit note of 1 for the difference, and a later cancellation refunds what they paid', async () => {
    const delegate = await insertTicketType(t.app.db, { name: 'Startup Pass', amount: 50_000, capacity: 5 });
    const investor = await insertTicketType(t.app.db, { name: 'Angel Pass', amount: 100_000, capacity: 5 });
    const { orderId, reference, passes } = await groupOfTwo(delegate);
    const [staying, moving] = [passes[0]!, passes[1]!];
    const list = await createCheckinList(t.app, signedIn, [delegate]);

    const result = await change(reference, moving.registrationId, {
      ticketTypeId: investor,
      bankReference: 'UTR20261127',
    });
    expect(result).toMatchObject({
      ticketName: 'Angel Pass',
      collected: 59_000,
      refund: 0,
      creditNote: null,
    });
    const note = await documentOf(result.debitNote!);
    expect(note).toMatchObject({
      kind: 'debit_note',
      taxable: 50_000,
      cgst: 4_500,
      sgst: 4_500,
      total: 59_000,
    });
    expect(note.lines).toMatchObject([{ position: 0, quantity: 1, total: 59_000 }]);

    expect(await linesOf(orderId)).toMatchObject([
      { position: 0, ticketTypeId: delegate, quantity: 1, amount: 50_000 },
      { position: 1, ticketTypeId: investor, quantity: 1, amount: 100_000 },
    ]);
    expect(await lineTaxesOf(orderId)).toMatchObject([
      { position: 0, total: 59_000 },
      { position: 1, total: 118_000 },
    ]);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.amount).toBe(118_000 + 59_000);
    const tax = await headerAndSum(orderId);
    expect(tax.header).toEqual(tax.sum);
    expect(tax.header.total).toBe(order!.amount);
    expect([await soldSeats(delegate), await soldSeats(investor)]).toEqual([1, 1]);

    expect(await passOf(moving.id)).toMatchObject({ linePosition: 1 });
    expect(await passOf(staying.id)).toMatchObject({ linePosition: 0, revokedAt: null });
    // A gate admitting only the cheaper ticket: the other pass still admits, the upgraded one
    // (new QR code) is of a ticket this gate does not admit.
    expect(await redeemAt(list.id, staying.token)).toBe('ok');
    expect(await redeemAt(list.id, await passQrPayload(t.app.db, moving.code))).toBe('product');

    // Cancelling the upgraded attendee refunds all they paid (₹590 + ₹590), quantity 1.
    const cancelled = await cancel(reference, moving.registrationId);
    expect(cancelled.refund).toBe(118_000);
    expect((await documentOf(cancelled.creditNote!)).lines).toMatchObject([
      { position: 0, quantity: 1, total: 118_000 },
    ]);
    expect([await soldSeats(delegate), await soldSeats(investor)]).toEqual([1, 0]);
    expect(await passOf(staying.id)).toMatchObject({ revokedAt: null });

    // GSTR-1's B2CS (these buyers give no GSTIN) adds this file's two orders' invoices and
    // debit notes less their credit notes: what the two passes left valid were paid, ₹590 each,
    // ₹1,000 taxable with ₹90 CGST and ₹90 SGST.
    const report = await t.app.inject({
      url: '/api/admin/invoices/gstr1?section=b2cs',
      headers: headersOf(signedIn, 'finance'),
    });
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.body
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    expect(rows.slice(1).map((row) => row.slice(2).map(Number))).toEqual([[18, 1000, 0, 90, 90, 0]]);
  });
});

describe('changing the last attendee of a line others were cancelled from', () => {
  it('refunds what was paid for them alone, on a line of its own, the old line keeping the cancelled share', async () => {
    const premium = await insertTicketType(t.app.db, { name: 'Summit Pass', amount: 100_000, capacity: 5 });
    const standard = await insertTicketType(t.app.db, { name: 'Expo Pass', amount: 50_000, capacity: 5 });
    const { orderId, reference, passes } = await groupOfTwo(premium);
    const [left, changing] = [passes[0]!, passes[1]!];
    expect((await cancel(reference, left.registrationId)).refund).toBe(118_000);

    // The line holds 1 unit but its tax still holds the cancelled one's share: the attendee paid
    // ₹1,180 of its ₹2,360, and gets ₹590 back, not the line's whole difference.
    expect(await quote(reference, changing.registrationId)).toMatchObject({
      groupSize: 1,
      current: { total: 118_000 },
    });
    const result = await change(reference, changing.registrationId, { ticketTypeId: standard });
    expect(result.refund).toBe(59_000);
    expect((await documentOf(result.creditNote!)).lines).toMatchObject([
      { position: 0, quantity: 1, total: 59_000 },
    ]);
    expect(await linesOf(orderId)).toMatchObject([
      { position: 0, ticketTypeId: premium, quantity: 0, amount: 0 },
      { position: 1, ticketTypeId: standard, quantity: 1 },
    ]);
    expect(await lineTaxesOf(orderId)).toMatchObject([
      { position: 0, total: 118_000 },
      { position: 1, total: 59_000 },
    ]);
    const tax = await headerAndSum(orderId);
    expect(tax.header).toEqual(tax.sum);
    expect(await passOf(changing.id)).toMatchObject({ linePosition: 1, revokedAt: null });
    expect([await soldSeats(premium), await soldSeats(standard)]).toEqual([0, 1]);
  });
});
