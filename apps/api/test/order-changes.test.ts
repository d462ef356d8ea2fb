/**
 * Changes to a paid order (issue 28 §2): cancelling one attendee revokes their pass (refused at
 * the gate online and listed as revoked by the scanners' sync), returns their seat to the
 * waiting list first, refunds their share of the line through the provider with a credit note
 * of quantity 1, emails them and is audited; only owners and finance may do it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttendeeCancellationQuoteSchema,
  AttendeeCancellationSchema,
  CheckinSyncAnswerSchema,
  OrderDetailSchema,
  RedeemResultSchema,
  WaitingListJoinedSchema,
} from '@festival/shared';
import {
  auditLog,
  orderLines,
  orders,
  refunds,
  taxDocumentLines,
  taxDocuments,
  ticketTypes,
  waitingListEntries,
} from '../src/db/schema.js';
import { sweepWaitingLists } from '../src/modules/waiting-list/service.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { buyPasses, createCheckinList } from './checkin-helpers.js';
import { outbox } from './registration-helpers.js';
import { GST_SETTINGS, insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;

/** Seeded edition: 20–21 October 2024 (Asia/Kolkata). */
const DAY_1 = '2024-10-20T05:00:00Z';

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: headersOf(signedIn, 'owner'),
    payload: GST_SETTINGS,
  });
  expect(saved.statusCode, saved.body).toBe(200);
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
