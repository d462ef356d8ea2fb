/**
 * Changing one attendee's ticket type on a paid order (issue 28 §2, decision 031): a cheaper
 * ticket refunds the difference through the provider with a credit note of the invoice, a
 * dearer one records the difference received by bank transfer with a debit note; the pass keeps
 * its code and now admits as the new ticket; seats move under the new ticket's capacity; only
 * owners and finance may, with a reason kept in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsoleOrderSchema,
  OrderDetailSchema,
  RedeemResultSchema,
  TICKET_CHANGE_MESSAGES,
  TicketChangeQuoteSchema,
  TicketTypeChangeSchema,
} from '@festival/shared';
import {
  auditLog,
  events,
  orderLines,
  orderLineTaxes,
  orders,
  passes as passTable,
  refunds,
  taxDocumentLines,
  taxDocuments,
  ticketTypes,
} from '../src/db/schema.js';
import { passQrPayload } from '../src/modules/passes/service.js';
import { settleJobs, type TestContext } from './helper.js';
import { buildWithGst, attendeeUrl } from './order-change-helpers.js';
import { headersOf, type SignedIn } from './organizer-helpers.js';
import { buyPasses, createCheckinList } from './checkin-helpers.js';
import { outbox } from './registration-helpers.js';
import { checkout, insertAttendees, insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;

beforeAll(async () => {
  ({ t, signedIn } = await buildWithGst());
}, 60_000);
afterAll(async () => t?.close());

type Role = 'owner' | 'manager' | 'finance' | 'gate';

/** One paid pass of `ticketTypeId`: the order's reference and id, and the pass. */
async function onePass(ticketTypeId: number) {
  const { orderId, passes } = await buyPasses(t.app, ticketTypeId, 1);
  const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
  return { orderId, reference: order!.reference, pass: passes[0]! };
}

async function quote(reference: string, registrationId: string, role: Role = 'finance') {
  return t.app.inject({
    url: `${attendeeUrl(reference, registrationId)}/ticket-change`,
    headers: headersOf(signedIn, role),
  });
}

async function change(
  reference: string,
  registrationId: string,
  body: Record<string, unknown>,
  role: Role = 'finance',
) {
  return t.app.inject({
    method: 'POST',
    url: `${attendeeUrl(reference, registrationId)}/change-ticket`,
    headers: headersOf(signedIn, role),
    payload: { reason: 'Asked at the help desk', ...body },
  });
}

async function soldSeats(ticketTypeId: number) {
  const [row] = await t.app.db.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId));
  return row!.soldSeats;
}

async function documentOf(number: string) {
  const [document] = await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.number, number));
  const lines = await t.app.db
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, document!.id));
  return { ...document!, lines };
}

describe('changing an attendee to a cheaper ticket', () => {
  it('refunds the difference with a credit note of the invoice, keeps the pass code and moves the seat', async () => {
    // ₹1,000 and ₹500 before 18 % GST (Gujarat to Gujarat: CGST + SGST): ₹1,180 and ₹590.
    const premium = await insertTicketType(t.app.db, { name: 'Premium Pass', amount: 100_000, capacity: 5 });
    const standard = await insertTicketType(t.app.db, { name: 'Standard Pass', amount: 50_000, capacity: 5 });
    const { orderId, reference, pass } = await onePass(premium);
    // A gate list admitting only the cheaper ticket: the pass is refused there until it changes.
    const list = await createCheckinList(t.app, signedIn, [standard]);
    const redeem = async (code = pass.token) =>
      RedeemResultSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/admin/checkin/redeem',
            headers: headersOf(signedIn, 'gate'),
            payload: {
              code,
              listId: list.id,
              scannedAt: '2024-10-20T05:00:00Z',
              nonce: randomUUID(),
              gate: 'North',
            },
          })
        ).json().data,
      ).status;
    expect(await redeem()).toBe('product');

    const quoted = await quote(reference, pass.registrationId);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const offer = TicketChangeQuoteSchema.parse(quoted.json().data);
    expect(offer).toMatchObject({
      passCode: pass.code,
      current: { ticketTypeId: premium, name: 'Premium Pass', total: 118_000 },
      checkedIn: false,
      paidOffline: false,
      comp: false,
      invoice: expect.stringMatching(/^SFG\/\d{4}\/\d+$/),
    });
    expect(offer.options.find((option) => option.ticketTypeId === standard)).toEqual({
      ticketTypeId: standard,
      name: 'Standard Pass',
      total: 59_000,
      difference: -59_000,
      gst: { taxable: 50_000, cgst: 4_500, sgst: 4_500, igst: 0, total: 59_000 },
      seatsLeft: 5,
      refusal: null,
    });

    const response = await change(reference, pass.registrationId, { ticketTypeId: standard });
    expect(response.statusCode, response.body).toBe(200);
    const result = TicketTypeChangeSchema.parse(response.json().data);
    expect(result).toMatchObject({
      ticketName: 'Standard Pass',
      passCode: pass.code,
      refund: 59_000,
      collected: 0,
      debitNote: null,
    });

    // The credit note: the difference, GST split at the line's rate, citing the invoice.
    const note = await documentOf(result.creditNote!);
    const [invoice] = await t.app.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
    expect(note).toMatchObject({
      kind: 'credit_note',
      invoiceId: invoice!.id,
      taxable: 50_000,
      cgst: 4_500,
      sgst: 4_500,
      igst: 0,
      total: 59_000,
    });
    expect(note.lines).toMatchObject([
      {
        position: 0,
        quantity: 1,
        description: expect.stringContaining('Premium Pass changed to Standard Pass'),
      },
    ]);
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ amount: 59_000, reason: 'organizer' });

    // The pass keeps its code and is now of the cheaper ticket; the seat moved.
    const [kept] = await t.app.db.select().from(passTable).where(eq(passTable.id, pass.id));
    expect(kept).toMatchObject({ code: pass.code, revokedAt: null });
    const [line] = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ ticketTypeId: standard, quantity: 1, unitAmount: 50_000 });
    const [lineTax] = await t.app.db.select().from(orderLineTaxes).where(eq(orderLineTaxes.orderId, orderId));
    expect(lineTax).toMatchObject({ taxable: 50_000, total: 59_000 });
    expect(await soldSeats(premium)).toBe(0);
    expect(await soldSeats(standard)).toBe(1);
    // The old QR code names the old ticket: refused; the pass's new one admits.
    expect(await redeem()).toBe('invalid');
    expect(await redeem(await passQrPayload(t.app.db, pass.code))).toBe('ok');

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reference), eq(auditLog.action, 'order.change_ticket_type')));
    expect(audit?.before).toMatchObject({ ticket: 'Premium Pass', total: 118_000 });
    expect(audit?.after).toMatchObject({
      ticket: 'Standard Pass',
      difference: -59_000,
      creditNote: result.creditNote,
      reason: expect.stringContaining('Asked at the help desk'),
    });

    await settleJobs(t.app);
    const subjects = (await outbox(t.dataDir, t.app)).map((mail) => mail.subject);
    expect(subjects).toContain(
      `Your ticket for Startup Fest Gujarat 2024 is now Standard Pass — ${reference}`,
    );
    // The pass again, with its new QR code: once when paid, once after the change.
    const passEmails = subjects.filter(
      (subject) => subject === `Your Startup Fest Gujarat 2024 pass — ${reference}`,
    );
    expect(passEmails, subjects.join('\n')).toHaveLength(2);
    const detail = await t.app.inject({
      url: `/api/admin/orders/${reference}`,
      headers: headersOf(signedIn, 'finance'),
    });
    const order = OrderDetailSchema.parse(detail.json().data);
    expect(order).toMatchObject({ status: 'paid', refundable: 59_000 });
    const story = order.timeline.map((entry) => entry.text);
    expect(story).toContainEqual(expect.stringContaining('Ticket changed by'));
    expect(story).toContainEqual('Order created for 1 × Premium Pass');

    // Changing back to the same ticket is refused.
    const same = await change(reference, pass.registrationId, { ticketTypeId: standard });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(TICKET_CHANGE_MESSAGES.sameType);
  });
});

describe('changing an attendee to a dearer ticket', () => {
  it('needs the UTR of the difference, raises the order’s total and issues a debit note', async () => {
    const standard = await insertTicketType(t.app.db, { name: 'Entry Pass', amount: 50_000, capacity: 5 });
    const premium = await insertTicketType(t.app.db, {
      name: 'All Access Pass',
      amount: 100_000,
      capacity: 5,
    });
    const { orderId, reference, pass } = await onePass(standard);

    const unpaid = await change(reference, pass.registrationId, { ticketTypeId: premium });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toBe(TICKET_CHANGE_MESSAGES.upgradeReference);

    const response = await change(reference, pass.registrationId, {
      ticketTypeId: premium,
      bankReference: 'UTR0001234',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = TicketTypeChangeSchema.parse(response.json().data);
    expect(result).toMatchObject({
      ticketName: 'All Access Pass',
      collected: 59_000,
      refund: 0,
      creditNote: null,
    });
    expect(result.debitNote).toMatch(/\/D\d+$/);
    const note = await documentOf(result.debitNote!);
    expect(note).toMatchObject({
      kind: 'debit_note',
      taxable: 50_000,
      cgst: 4_500,
      sgst: 4_500,
      total: 59_000,
    });
    expect(note.lines).toMatchObject([{ position: 0, quantity: 1 }]);

    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.amount).toBe(118_000);
    expect(await soldSeats(standard)).toBe(0);
    expect(await soldSeats(premium)).toBe(1);

    // A later full refund credits the invoice and the debit note together.
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${reference}/refunds`,
      headers: headersOf(signedIn, 'finance'),
      payload: { amount: 118_000, reason: 'Festival postponed' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const [credit] = await t.app.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
    expect(credit).toMatchObject({ total: 118_000 });

    const detail = await t.app.inject({
      url: `/api/admin/orders/${reference}`,
      headers: headersOf(signedIn, 'owner'),
    });
    const story = OrderDetailSchema.parse(detail.json().data).timeline.map((entry) => entry.text);
    expect(story).toContainEqual(expect.stringContaining('Bank transfer of ₹590 (UTR UTR0001234)'));
  });
});

describe('what a change refuses', () => {
  it('refuses a sold-out ticket, showing it in the quote, and frees nothing', async () => {
    const from = await insertTicketType(t.app.db, { amount: 50_000, capacity: 5 });
    const full = await insertTicketType(t.app.db, { name: 'Backstage Pass', amount: 80_000, capacity: 1 });
    await onePass(full);
    const { reference, pass } = await onePass(from);

    const offer = TicketChangeQuoteSchema.parse((await quote(reference, pass.registrationId)).json().data);
    expect(offer.options.find((option) => option.ticketTypeId === full)).toMatchObject({
      seatsLeft: 0,
      refusal: 'Backstage Pass is sold out',
    });
    const response = await change(reference, pass.registrationId, {
      ticketTypeId: full,
      bankReference: 'UTR99887766',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Backstage Pass is sold out');
    expect(await soldSeats(from)).toBe(1);
    expect(await soldSeats(full)).toBe(1);
  });

  it('refuses a ticket of another tax and a cancelled attendee', async () => {
    const from = await insertTicketType(t.app.db, { amount: 50_000, capacity: 10 });
    const otherRate = await insertTicketType(t.app.db, { amount: 40_000, gstRateBp: 1200 });
    const { orderId, passes } = await buyPasses(t.app, from, 3);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));

    const single = await onePass(from);
    const taxed = await change(single.reference, single.pass.registrationId, { ticketTypeId: otherRate });
    expect(taxed.statusCode).toBe(409);
    expect(taxed.json().message).toBe(TICKET_CHANGE_MESSAGES.otherTax);

    // A cancelled attendee's pass is revoked: nothing left to change.
    const cancelled = passes[1]!;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${attendeeUrl(order!.reference, cancelled.registrationId)}/cancel`,
      headers: headersOf(signedIn, 'finance'),
      payload: { reason: 'Cannot travel' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const revoked = await change(order!.reference, cancelled.registrationId, { ticketTypeId: otherRate });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().message).toMatch(/cancelled already/);
  });

  it('refuses a downgrade after check-in but takes an upgrade, and refuses unpaid orders', async () => {
    const cheap = await insertTicketType(t.app.db, { amount: 30_000 });
    const from = await insertTicketType(t.app.db, { amount: 50_000 });
    const dear = await insertTicketType(t.app.db, { amount: 70_000 });
    const { reference, pass } = await onePass(from);
    await t.app.db.update(passTable).set({ checkedInAt: new Date() }).where(eq(passTable.id, pass.id));
    const offer = TicketChangeQuoteSchema.parse((await quote(reference, pass.registrationId)).json().data);
    expect(offer.checkedIn).toBe(true);
    expect(offer.options.find((option) => option.ticketTypeId === cheap)?.refusal).toBe(
      TICKET_CHANGE_MESSAGES.checkedInDowngrade,
    );
    const down = await change(reference, pass.registrationId, { ticketTypeId: cheap });
    expect(down.statusCode).toBe(409);
    expect(down.json().message).toBe(TICKET_CHANGE_MESSAGES.checkedInDowngrade);
    const up = await change(reference, pass.registrationId, {
      ticketTypeId: dear,
      bankReference: 'UTR77001122',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(TicketTypeChangeSchema.parse(up.json().data)).toMatchObject({ collected: 23_600 });

    const [registrationId] = await insertAttendees(t.app.db, 1);
    const pending = await checkout(t.app, [registrationId!], from);
    expect(pending.statusCode, pending.body).toBe(200);
    const unpaid = await quote(pending.json().order.reference, registrationId!);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toMatch(/^Only attendees of paid orders can change/);
  });

  it('changes a comp’s ticket without money, and refunds a bank-transfer order by bank transfer', async () => {
    const from = await insertTicketType(t.app.db, { amount: 50_000 });
    const to = await insertTicketType(t.app.db, { amount: 20_000 });
    const guest = (email: string) => ({
      name: 'Guest Speaker',
      email,
      countryCode: '+91',
      contactNo: '9825012345',
      city: 'Ahmedabad',
      country: 'India',
      state: 'Gujarat',
    });
    const placed = async (kind: 'comp' | 'bank-transfer', extra: Record<string, unknown>) => {
      const email = `${kind}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/console-orders/${kind}`,
        headers: headersOf(signedIn, 'owner'),
        payload: {
          ticketTypeId: from,
          attendees: [guest(email)],
          reason: 'Console order for the test',
          ...extra,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { reference } = ConsoleOrderSchema.parse(response.json().data);
      const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
      const [issued] = await t.app.db.select().from(passTable).where(eq(passTable.orderId, row!.id));
      return { reference, registrationId: issued!.registrationId, orderId: row!.id };
    };

    const comp = await placed('comp', { guestList: 'speaker' });
    const offer = TicketChangeQuoteSchema.parse(
      (await quote(comp.reference, comp.registrationId)).json().data,
    );
    expect(offer).toMatchObject({ comp: true, invoice: null, current: { total: 0 } });
    expect(offer.options.find((option) => option.ticketTypeId === to)).toMatchObject({
      difference: 0,
      gst: null,
    });
    const withMoney = await change(comp.reference, comp.registrationId, {
      ticketTypeId: to,
      bankReference: 'UTR12345',
    });
    expect(withMoney.statusCode).toBe(400);
    expect(withMoney.json().message).toBe(TICKET_CHANGE_MESSAGES.noMoneyReference);
    const changed = await change(comp.reference, comp.registrationId, { ticketTypeId: to });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(TicketTypeChangeSchema.parse(changed.json().data)).toMatchObject({
      collected: 0,
      refund: 0,
      creditNote: null,
    });

    // ₹500 + GST = ₹590 paid by bank; ₹200 + GST = ₹236: ₹354 goes back, by bank transfer.
    const bank = await placed('bank-transfer', { bankReference: 'UTR4455667788' });
    const missing = await change(bank.reference, bank.registrationId, { ticketTypeId: to });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^This order was paid by bank transfer/);
    const refunded = await change(bank.reference, bank.registrationId, {
      ticketTypeId: to,
      bankReference: 'UTR9990001',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(TicketTypeChangeSchema.parse(refunded.json().data)).toMatchObject({ refund: 35_400 });
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, bank.orderId));
    expect(refund).toMatchObject({ amount: 35_400, status: 'processed' });
  });

  it('lets owners and finance change tickets, and nobody else', async () => {
    const from = await insertTicketType(t.app.db, { amount: 50_000 });
    const to = await insertTicketType(t.app.db, { amount: 50_000 });
    const { reference, pass } = await onePass(from);
    for (const role of ['manager', 'gate'] as const) {
      expect((await quote(reference, pass.registrationId, role)).statusCode).toBe(403);
      expect((await change(reference, pass.registrationId, { ticketTypeId: to }, role)).statusCode).toBe(403);
    }
    // Same price: no money, so no bank reference and no note.
    const response = await change(reference, pass.registrationId, { ticketTypeId: to }, 'owner');
    expect(response.statusCode, response.body).toBe(200);
    expect(TicketTypeChangeSchema.parse(response.json().data)).toMatchObject({
      collected: 0,
      refund: 0,
      creditNote: null,
      debitNote: null,
    });
  });
});

describe('tickets a change cannot take', () => {
  it('refuses another edition’s ticket and one of another category, by name', async () => {
    const from = await insertTicketType(t.app.db, { amount: 50_000 });
    const visitors = await insertTicketType(t.app.db, {
      name: 'Visitor Evening Pass',
      participantCategoryId: 4,
    });
    // An older edition, so the seeded one stays current.
    const [past] = await t.app.db
      .insert(events)
      .values({
        slug: 'ticket-change-past',
        name: 'Past edition',
        venue: 'Elsewhere',
        venueMapUrl: 'https://maps.example/elsewhere',
        startsAt: new Date('2020-01-10T04:30:00Z'),
        endsAt: new Date('2020-01-11T13:30:00Z'),
        referencePrefix: 'PST20',
        invoicePrefix: 'PST',
      })
      .returning({ id: events.id });
    const [elsewhere] = await t.app.db
      .insert(ticketTypes)
      .values({ eventId: past!.id, participantCategoryId: 3, name: 'Past pass', amount: 50_000, capacity: 5 })
      .returning({ id: ticketTypes.id });
    const { reference, pass } = await onePass(from);

    const other = await change(reference, pass.registrationId, { ticketTypeId: elsewhere!.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(TICKET_CHANGE_MESSAGES.otherEdition);
    const category = await change(reference, pass.registrationId, { ticketTypeId: visitors });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toBe('Visitor Evening Pass is not sold to Investor attendees');
    const offer = TicketChangeQuoteSchema.parse((await quote(reference, pass.registrationId)).json().data);
    expect(offer.options.map((option) => option.ticketTypeId)).not.toContain(visitors);
    expect(offer.options.map((option) => option.ticketTypeId)).not.toContain(elsewhere!.id);
  });
});
