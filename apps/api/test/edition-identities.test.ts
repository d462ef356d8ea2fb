/**
 * Edition-scoped identities: an order's reference starts with its edition's reference prefix,
 * and its invoice and credit notes are numbered in its edition's invoice series, consecutively
 * per prefix and financial year (CGST Rules 2017 rule 46(b)). A second edition's orders and
 * documents never collide with the first's; a prefix changed mid-year starts its own series.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (CI).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, type CreateEditionInput } from '@festival/shared';
import { orders, taxDocumentLines, taxDocuments } from '../src/db/schema.js';
import { type PaymentContext } from '../src/modules/payments/context.js';
import { requestOrganizerRefund } from '../src/modules/payments/refunds.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import {
  checkout,
  GST_SETTINGS,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
} from './ticketing-helpers.js';

let t: TestContext;
let owner: { cookie: string };
// Before 20 September 2024 the seed makes the spec's 2024 edition (SFG24, series SFG) current.
let clock = new Date('2024-09-15T06:00:00Z');
const actor = { organizerId: 'organizer-finance-1', email: 'finance@festival.test', ip: '192.0.2.10' };

const admin = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: owner.cookie, origin: ORIGIN } });

const NEXT_EDITION: CreateEditionInput = {
  name: 'Startup Fest Gujarat 2025',
  startsAt: '2025-10-20T10:00:00+05:30',
  endsAt: '2025-10-21T19:00:00+05:30',
  venue: 'Gujarat Science City, Ahmedabad',
  venueMapUrl: 'https://www.google.com/maps/search/?api=1&query=Gujarat+Science+City+Ahmedabad',
  copyTicketTypes: false,
};

/** Checks out one attendee of the current edition on a new ₹500 pass; `pay` pays it. */
async function order() {
  const ticketId = await insertTicketType(t.app.db);
  const response = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId);
  expect(response.statusCode, response.body).toBe(200);
  const answer = CheckoutResponseSchema.parse(response.json());
  return { reference: answer.order.reference, pay: () => payWithSandbox(t.app, answer.order.id) };
}

/** The number of the invoice of the order behind `reference`. */
async function invoiceNumber(reference: string): Promise<string | undefined> {
  const [row] = await t.app.db
    .select({ number: taxDocuments.number })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(orders.reference, reference));
  return row?.number;
}

async function paidInvoice() {
  const placed = await order();
  await placed.pay();
  return { reference: placed.reference, invoice: await invoiceNumber(placed.reference) };
}

beforeAll(async () => {
  t = await build({ now: () => clock });
  owner = await signedInOrganizer(t.app, 'owner');
  const saved = await admin('PUT', '/api/admin/settings', GST_SETTINGS);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t?.close());

describe('edition-scoped order references and invoice series', () => {
  it('numbers each edition in its own prefixes, an order of the earlier one in its series', async () => {
    const first = await paidInvoice();
    expect(first.reference).toMatch(/^SFG24-[2-9A-HJKMNP-Z]{10}$/);
    expect(first.invoice).toBe('SFG/2425/1');
    // Placed before the next edition is made current, paid after: still 2024's order.
    const pending = await order();

    const created = await admin('POST', '/api/admin/editions', { ...NEXT_EDITION, invoicePrefix: 'SFGB' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ referencePrefix: 'SFG25', invoicePrefix: 'SFGB' });

    const second = await paidInvoice();
    expect(second.reference).toMatch(/^SFG25-/);
    expect(second.invoice).toBe('SFGB/2425/1');
    const [described] = await t.app.db
      .select({ description: taxDocumentLines.description })
      .from(taxDocuments)
      .innerJoin(taxDocumentLines, eq(taxDocumentLines.documentId, taxDocuments.id))
      .where(eq(taxDocuments.number, 'SFGB/2425/1'));
    expect(described!.description).toMatch(/^Test Pass \w+, Startup Fest Gujarat 2025 \(order SFG25-\w+\)$/);
    await pending.pay();
    expect(pending.reference).toMatch(/^SFG24-/);
    expect(await invoiceNumber(pending.reference)).toBe('SFG/2425/2');

    // A credit note of the 2024 order is numbered in 2024's series, the next edition's in its own.
    const ctx: PaymentContext = {
      db: t.app.db,
      now: () => t.app.now(),
      log: t.app.log,
      jobs: t.app.jobs,
      provider: t.app.paymentProvider,
      orderHooks: t.app.orderHooks,
    };
    await requestOrganizerRefund(ctx, first.reference, { amount: 10_000, reason: 'One cannot come' }, actor);
    await requestOrganizerRefund(ctx, second.reference, { amount: 10_000, reason: 'One cannot come' }, actor);
    await settleJobs(t.app);
    const notes = await t.app.db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, 'credit_note'))
      .orderBy(taxDocuments.issuedAt);
    expect(notes.map((note) => note.number)).toEqual(['SFG/2425/C1', 'SFGB/2425/C1']);
  });

  it('starts a new series when the prefix changes mid-year, and goes on in the old one when it comes back', async () => {
    const changed = await admin('PATCH', '/api/admin/editions/current', { invoicePrefix: 'SFGC' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await paidInvoice()).invoice).toBe('SFGC/2425/1');
    expect((await paidInvoice()).invoice).toBe('SFGC/2425/2');

    // Back to the first edition's prefix: its series goes on, never reusing a number.
    await admin('PATCH', '/api/admin/editions/current', { invoicePrefix: 'SFG' });
    expect((await paidInvoice()).invoice).toBe('SFG/2425/3');
  });

  it('starts every series again at 1 in a new financial year (1 April, India time)', async () => {
    clock = new Date('2025-03-31T18:30:00Z');
    expect((await paidInvoice()).invoice).toBe('SFG/2526/1');
  });

  it('refuses prefixes that would break the references or the 16-character invoice number', async () => {
    const tooLong = await admin('PATCH', '/api/admin/editions/current', { invoicePrefix: 'SFGXYZ' });
    expect(tooLong.statusCode).toBe(400);
    const badReference = await admin('PATCH', '/api/admin/editions/current', { referencePrefix: '25-SFG' });
    expect(badReference.statusCode).toBe(400);
  });
});
