/**
 * Changes to a paid order (issue 28 §2): cancelling one attendee revokes their pass (refused at
 * the gate online and listed as revoked by the scanners' sync), returns their seat to the
 * waiting list first, refunds their share of the line through the provider with a credit note
 * of quantity 1, emails them and is audited; only owners and finance may do it. Transferring a
 * pass issues a new code to the new holder, emailed, and revokes the old one at the gate; owners
 * and managers may, and the holder from the manage page when the edition allows it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttendeeCancellationQuoteSchema,
  AttendeeCancellationSchema,
  CheckoutResponseSchema,
  CheckinSyncAnswerSchema,
  OrderDetailSchema,
  PassTransferSchema,
  PassTransferSettingsSchema,
  RedeemResultSchema,
  WaitingListJoinedSchema,
} from '@festival/shared';
import {
  auditLog,
  orderAttendees,
  orderLines,
  orderTaxes,
  passes as passTable,
  registrations,
  orders,
  refunds,
  taxDocumentLines,
  taxDocuments,
  ticketTypes,
  waitingListEntries,
} from '../src/db/schema.js';
import { sweepWaitingLists } from '../src/modules/waiting-list/service.js';
import { settleJobs, type TestContext } from './helper.js';
import { buildWithGst } from './order-change-helpers.js';
import { headersOf, type SignedIn } from './organizer-helpers.js';
import { buyPasses, createCheckinList } from './checkin-helpers.js';
import { outbox } from './registration-helpers.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;

/** Seeded edition: 20–21 October 2024 (Asia/Kolkata). */
const DAY_1 = '2024-10-20T05:00:00Z';

beforeAll(async () => {
  ({ t, signedIn } = await buildWithGst());
}, 60_000);
afterAll(async () => t?.close());

async function referenceOf(orderId: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
  return row!.reference;
}

function cancelUrl(reference: string, registrationId: string) {
  return `/api/admin/orders/${reference}/attendees/${registrationId}`;
}

async function cancel(reference: string, registrationId: string, role: 'owner' | 'finance' = 'finance') {
  return t.app.inject({
    method: 'POST',
    url: `${cancelUrl(reference, registrationId)}/cancel`,
    headers: headersOf(signedIn, role),
    payload: { reason: 'Cannot travel' },
  });
}

describe('cancelling one attendee', () => {
  it('revokes the pass at the gate and in the sync, refunds the share with a credit note of one, and audits it', async () => {
    // ₹500 + 18 % GST = ₹590 a pass.
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 50, amount: 50_000 });
    const list = await createCheckinList(t.app, signedIn, [ticketTypeId]);
    const { orderId, passes } = await buyPasses(t.app, ticketTypeId, 2);
    const reference = await referenceOf(orderId);
    const [kept, cancelled] = passes.sort((a, b) => a.code.localeCompare(b.code));
    const gate = (
      await t.app.inject({
        url: `/api/admin/checkin/lists/${list.id}/sync`,
        headers: headersOf(signedIn, 'gate'),
      })
    ).json().data;
    const { cursor } = CheckinSyncAnswerSchema.parse(gate);

    const quote = await t.app.inject({
      url: `${cancelUrl(reference, cancelled!.registrationId)}/cancellation`,
      headers: headersOf(signedIn, 'finance'),
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(AttendeeCancellationQuoteSchema.parse(quote.json().data)).toMatchObject({
      passCode: cancelled!.code,
      refund: 59_000,
      checkedIn: false,
      paidOffline: false,
    });

    const response = await cancel(reference, cancelled!.registrationId);
    expect(response.statusCode, response.body).toBe(200);
    const result = AttendeeCancellationSchema.parse(response.json().data);
    expect(result).toMatchObject({ refund: 59_000, revokedPassCode: cancelled!.code });
    expect(result.creditNote).toMatch(/C/);

    // Online: the gate refuses the cancelled pass and admits the other.
    const redeem = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/checkin/redeem',
        headers: headersOf(signedIn, 'gate'),
        payload: { code, listId: list.id, scannedAt: DAY_1, nonce: randomUUID(), gate: 'North' },
      });
    expect(RedeemResultSchema.parse((await redeem(cancelled!.token)).json().data).status).toBe('revoked');
    expect(RedeemResultSchema.parse((await redeem(kept!.token)).json().data).status).toBe('ok');

    // Offline: the next sync tells the scanners it is revoked.
    const next = await t.app.inject({
      url: `/api/admin/checkin/lists/${list.id}/sync?since=${encodeURIComponent(cursor)}`,
      headers: headersOf(signedIn, 'gate'),
    });
    const delta = CheckinSyncAnswerSchema.parse(next.json().data);
    if (delta.mode !== 'delta') throw new Error('expected a delta');
    expect(delta.changes.find((change) => change.id === cancelled!.id)).toMatchObject({
      pass: null,
      revoked: true,
    });

    // The order keeps one unit; the refund went to the provider; the credit note credits one pass.
    const [line] = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ quantity: 1, amount: 50_000 });
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ amount: 59_000, reason: 'organizer' });
    const [note] = await t.app.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
    expect(note).toMatchObject({ number: result.creditNote, total: 59_000, taxable: 50_000 });
    const noteLines = await t.app.db
      .select()
      .from(taxDocumentLines)
      .where(eq(taxDocumentLines.documentId, note!.id));
    expect(noteLines).toMatchObject([{ position: 0, quantity: 1, total: 59_000 }]);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reference), eq(auditLog.action, 'order.cancel_attendee')));
    expect(audit?.after).toMatchObject({
      passRevoked: cancelled!.code,
      quantity: 1,
      creditNote: result.creditNote,
    });

    await settleJobs(t.app);
    const [processed] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(processed?.status).toBe('processed');
    const subjects = (await outbox(t.dataDir, t.app)).map((mail) => mail.subject);
    expect(subjects).toContain(`Your pass for Startup Fest Gujarat 2024 has been cancelled — ${reference}`);
    expect(subjects).toContain(`Refund of ₹590 for Startup Fest Gujarat 2024 — ${reference}`);

    // The console's order: still paid, the pass shown revoked, what is left to refund.
    const detail = await t.app.inject({
      url: `/api/admin/orders/${reference}`,
      headers: headersOf(signedIn, 'finance'),
    });
    const order = OrderDetailSchema.parse(detail.json().data);
    expect(order).toMatchObject({ status: 'paid', quantity: 1, refundable: 59_000 });
    expect(order.attendees.find((row) => row.passCode === cancelled!.code)?.passRevoked).toBe(true);
    const story = order.timeline.map((entry) => entry.text);
    expect(story).toContainEqual(expect.stringContaining('Attendee cancelled by'));
    expect(story).toContainEqual(expect.stringMatching(/^Order created for 2 × /));

    // The last attendee is a full refund, and the cancelled one cannot be cancelled twice.
    expect((await cancel(reference, kept!.registrationId)).statusCode).toBe(409);
    const again = await cancel(reference, cancelled!.registrationId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/cancelled already/);
  });

  it('returns the seat to the waiting list before public sale', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 2, amount: 50_000 });
    const { orderId, passes } = await buyPasses(t.app, ticketTypeId, 2);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      payload: { ticketTypeId, name: 'Next In Line', email: 'next-in-line@example.com', quantity: 1 },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    WaitingListJoinedSchema.parse(joined.json());

    const response = await cancel(await referenceOf(orderId), passes[1]!.registrationId, 'owner');
    expect(response.statusCode, response.body).toBe(200);
    const [type] = await t.app.db.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId));
    expect(type?.soldSeats).toBe(1);
    // Owed to the line: public sale sees none of it.
    const tickets = await t.app.inject({ url: '/api/tickets' });
    expect(JSON.stringify(tickets.json())).not.toContain(`"id":${ticketTypeId},`);

    await sweepWaitingLists({ db: t.app.db, jobs: t.app.jobs }, t.app.now());
    const [entry] = await t.app.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.email, 'next-in-line@example.com'));
    expect(entry?.status).toBe('offered');
  });

  it('is refused to managers, content and gate staff, and answers unknown attendees 404', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 50, amount: 50_000 });
    const { orderId, passes } = await buyPasses(t.app, ticketTypeId, 2);
    const reference = await referenceOf(orderId);
    for (const role of ['manager', 'content', 'gate'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${cancelUrl(reference, passes[0]!.registrationId)}/cancel`,
        headers: headersOf(signedIn, role),
        payload: { reason: 'Cannot travel' },
      });
      expect(response.statusCode, role).toBe(403);
    }
    expect((await cancel(reference, randomUUID())).statusCode).toBe(404);
    expect((await cancel('SFG24-UNKNOWN', passes[0]!.registrationId)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `${cancelUrl(reference, passes[0]!.registrationId)}/cancel`,
      headers: headersOf(signedIn, 'finance'),
      payload: { reason: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Say why this attendee is cancelled');
  });

  it('is refused for a package sold per company, whose one unit covers every pass', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 5, amount: 2_500_000 });
    await t.app.db
      .update(ticketTypes)
      .set({ soldPer: 'company', passesIncluded: 4 })
      .where(eq(ticketTypes.id, ticketTypeId));
    const { orderId, passes } = await buyPasses(t.app, ticketTypeId, 2);
    const response = await cancel(await referenceOf(orderId), passes[0]!.registrationId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/package sold per company/);
  });
});

async function transfer(
  reference: string,
  registrationId: string,
  holder: Record<string, string>,
  role = 'manager',
) {
  return t.app.inject({
    method: 'POST',
    url: `${cancelUrl(reference, registrationId)}/transfer`,
    headers: headersOf(signedIn, role as 'manager'),
    payload: holder,
  });
}

const newHolder = (label: string) => ({
  name: `New Holder ${label}`,
  email: `new-holder-${label}-${randomUUID().slice(0, 6)}@example.com`,
  countryCode: '+91',
  contactNo: '9876543210',
});

/** A session of the manage page for `email`, through the emailed sign-in link. */
async function manageSession(email: string) {
  const asked = await t.app.inject({ method: 'POST', url: '/api/self-service/link', payload: { email } });
  expect(asked.statusCode, asked.body).toBe(200);
  await settleJobs(t.app);
  const mail = (await outbox(t.dataDir, t.app))
    .filter(
      (message) => JSON.stringify(message.to).includes(email) && message.subject?.includes('sign-in link'),
    )
    .at(-1);
  const token = /\/manage#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/self-service/session',
    payload: { token },
  });
  expect(session.statusCode, session.body).toBe(200);
  return { authorization: `Bearer ${session.json().data.sessionToken as string}` };
}

describe('transferring a pass', () => {
  it('issues a new code to the new holder, emailed, and the gate refuses the old one', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 50, amount: 50_000 });
    const list = await createCheckinList(t.app, signedIn, [ticketTypeId]);
    const { orderId, passes } = await buyPasses(t.app, ticketTypeId, 2);
    const reference = await referenceOf(orderId);
    const old = passes[1]!;
    const holder = newHolder('organizer');

    const response = await transfer(reference, old.registrationId, holder);
    expect(response.statusCode, response.body).toBe(200);
    const result = PassTransferSchema.parse(response.json().data);
    expect(result).toMatchObject({
      revokedPassCode: old.code,
      holderName: holder.name,
      holderEmail: holder.email,
    });
    expect(result.newPassCode).toMatch(/^SFG-/);
    expect(result.newPassCode).not.toBe(old.code);

    const [issued] = await t.app.db.select().from(passTable).where(eq(passTable.code, result.newPassCode));
    const [registration] = await t.app.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, issued!.registrationId));
    expect(registration).toMatchObject({ name: holder.name, email: holder.email, contactNo: '9876543210' });
    const joined = await t.app.db.select().from(orderAttendees).where(eq(orderAttendees.orderId, orderId));
    expect(joined.find((row) => row.registrationId === old.registrationId)?.transferredAt).toBeInstanceOf(
      Date,
    );
    expect(joined.find((row) => row.registrationId === registration!.id)?.position).toBe(2);

    const redeem = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/checkin/redeem',
        headers: headersOf(signedIn, 'gate'),
        payload: { code, listId: list.id, scannedAt: DAY_1, nonce: randomUUID(), gate: 'North' },
      });
    expect(RedeemResultSchema.parse((await redeem(old.token)).json().data).status).toBe('revoked');
    expect(RedeemResultSchema.parse((await redeem(old.code)).json().data).status).toBe('revoked');
    const admitted = RedeemResultSchema.parse((await redeem(result.newPassCode)).json().data);
    expect(admitted).toMatchObject({ status: 'ok' });

    await settleJobs(t.app);
    const mails = (await outbox(t.dataDir, t.app)).filter((mail) =>
      JSON.stringify(mail.to).includes(holder.email),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(result.newPassCode);
    expect(mails[0]!.text).not.toContain(passes[0]!.code);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reference), eq(auditLog.action, 'order.transfer_pass')));
    expect(audit?.after).toMatchObject({ passCode: result.newPassCode, revokedPassCode: old.code });

    // The same person again, or someone already on the order, is refused.
    expect((await transfer(reference, old.registrationId, newHolder('again'))).statusCode).toBe(409);
    expect((await transfer(reference, registration!.id, { ...holder, name: 'Same Person' })).statusCode).toBe(
      400,
    );
  });

  it('is for owners and managers; an attendee transfers their own pass only when the edition allows it', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 50, amount: 50_000 });
    const { orderId, passes } = await buyPasses(t.app, ticketTypeId, 2);
    const reference = await referenceOf(orderId);
    for (const role of ['finance', 'content', 'gate']) {
      expect(
        (await transfer(reference, passes[0]!.registrationId, newHolder(role), role)).statusCode,
        role,
      ).toBe(403);
    }
    const [own] = await t.app.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, passes[1]!.registrationId));
    const headers = await manageSession(own!.email);
    const allowed = () => t.app.inject({ url: '/api/self-service/pass-transfers', headers });
    const byHolder = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/self-service/passes/${code}/transfer`,
        headers,
        payload: newHolder('self'),
      });
    expect(PassTransferSettingsSchema.parse((await allowed()).json().data).attendeesMayTransfer).toBe(false);
    const refused = await byHolder(passes[1]!.code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('does not let attendees transfer passes');

    const setting = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/pass-transfers',
      headers: headersOf(signedIn, 'manager'),
      payload: { attendeesMayTransfer: true },
    });
    expect(setting.statusCode, setting.body).toBe(200);
    expect(PassTransferSettingsSchema.parse((await allowed()).json().data).attendeesMayTransfer).toBe(true);
    // Someone else's pass answers as an unknown one.
    expect((await byHolder(passes[0]!.code)).statusCode).toBe(404);
    const done = await byHolder(passes[1]!.code.toLowerCase());
    expect(done.statusCode, done.body).toBe(200);
    expect(PassTransferSchema.parse(done.json().data).revokedPassCode).toBe(passes[1]!.code);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reference), eq(auditLog.action, 'order.transfer_pass')));
    expect(audit).toMatchObject({ organizerId: 'registrant', organizerEmail: own!.email });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/pass-transfers',
      headers: headersOf(signedIn, 'owner'),
      payload: { attendeesMayTransfer: false },
    });
  });
});

describe('changing the buyer’s GST details', () => {
  it('moves the place of supply and the split before the invoice, keeps the total, and is final after it', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { amount: 50_000, placeOfSupply: 'recipient' });
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketTypeId);
    const { order } = CheckoutResponseSchema.parse(response.json());
    const put = (buyer: unknown, role: 'finance' | 'manager' = 'finance') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${order.reference}/gst-details`,
        headers: headersOf(signedIn, role),
        payload: { buyer },
      });
    const buyer = {
      companyName: 'Pune Ventures LLP',
      gstin: '27AAPFU0939F1ZV',
      address: 'FC Road, Pune 411004',
      stateCode: '27',
    };
    expect((await put(buyer, 'manager')).statusCode).toBe(403);
    const wrongState = await put({ ...buyer, stateCode: '24' });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.body).toContain('This GSTIN is registered in Maharashtra');

    const saved = await put(buyer);
    expect(saved.statusCode, saved.body).toBe(200);
    const [orderId] = (await t.app.db.select().from(orders).where(eq(orders.reference, order.reference))).map(
      (row) => row.id,
    );
    const [tax] = await t.app.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId!));
    expect(tax).toMatchObject({
      placeOfSupplyCode: '27',
      interState: true,
      cgst: 0,
      sgst: 0,
      igst: 9_000,
      total: 59_000,
      buyerGstin: buyer.gstin,
      buyerCompanyName: buyer.companyName,
    });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.reference), eq(auditLog.action, 'order.gst_details')));
    expect(audit?.after).toMatchObject({ gstin: buyer.gstin, placeOfSupply: '27' });

    await payWithSandbox(t.app, order.id);
    const [invoice] = await t.app.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId!), eq(taxDocuments.kind, 'invoice')));
    expect(invoice).toMatchObject({ placeOfSupplyCode: '27', interState: true, igst: 9_000 });
    expect(invoice?.recipient).toMatchObject({ gstin: buyer.gstin, name: buyer.companyName });
    const late = await put(null);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain(`Tax invoice ${invoice!.number} is issued and final`);
  });
});
