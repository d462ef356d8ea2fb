/**
 * Tax per order line (decision 029): an order of two ticket types at different GST rates,
 * written through the orders repository and the tax service as checkout writes its one line,
 * gets a tax row per line and a header that is their sum; its invoice, credit notes (a full
 * refund and a partial one) and GSTR-1 rows follow the lines. The lines' CHECKs, and migration
 * 0029 turning each order's tax and each document's item into one line. On the real database:
 * PGlite, or PostgreSQL with DATABASE_URL (the migration test always runs on a fresh in-memory
 * PGlite).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParticipantCategory, type GstInvoiceRequest, type TaxDocumentSummary } from '@festival/shared';
import {
  orderLines,
  orderLineTaxes,
  orders,
  orderTaxes,
  participantCategories,
  taxDocumentLines,
  taxDocuments,
} from '../src/db/schema.js';
import { rowsOf } from '../src/db/search.js';
import { insertOrder } from '../src/modules/orders/repository.js';
import { type PaymentContext } from '../src/modules/payments/context.js';
import { recordOfflinePayment } from '../src/modules/payments/offline.js';
import { requestOrganizerRefund } from '../src/modules/payments/refunds.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { getSettings } from '../src/modules/settings/service.js';
import { getOrderTax, orderTaxInserts, taxOfLines } from '../src/modules/tax/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import { checkout, GST_SETTINGS, insertAttendees, insertTicketType } from './ticketing-helpers.js';
import { openPgliteMigratedTo } from './throwaway-database.js';

let t: TestContext;
let finance: { cookie: string };
let ctx: PaymentContext;
const actor = { organizerId: 'organizer-finance-1', email: 'finance@festival.test', ip: '192.0.2.10' };
const clock = new Date('2024-09-15T06:00:00Z');

const GUJARAT_BUYER: GstInvoiceRequest = {
  companyName: 'Acme Robotics Private Limited',
  gstin: '24AAACC1206D1ZM',
  address: '12 SG Highway, Ahmedabad',
  stateCode: '24',
};

/** ₹25,000 stall package at 18 % and ₹200 visitor passes at 12 %, prices before GST (GST_SETTINGS). */
let stall: { id: number; name: string };
let visitor: { id: number; name: string };

const admin = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { cookie: finance.cookie, origin: ORIGIN },
  });

beforeAll(async () => {
  t = await build({ now: clockFrom(clock.toISOString()) });
  finance = await signedInOrganizer(t.app, 'finance');
  ctx = {
    db: t.app.db,
    now: () => t.app.now(),
    log: t.app.log,
    jobs: t.app.jobs,
    provider: t.app.paymentProvider,
    orderHooks: t.app.orderHooks,
  };
  const saved = await admin('PUT', '/api/admin/settings', GST_SETTINGS);
  expect(saved.statusCode, saved.body).toBe(200);
  const stallName = 'Gold Stall Package (lines)';
  const visitorName = 'Visitor Pass (lines)';
  stall = {
    name: stallName,
    id: await insertTicketType(t.app.db, {
      name: stallName,
      amount: 2_500_000,
      gstRateBp: 1800,
      sacCode: '998596',
      placeOfSupply: 'recipient',
      participantCategoryId: ParticipantCategory.StartUp,
    }),
  };
  visitor = {
    name: visitorName,
    id: await insertTicketType(t.app.db, {
      name: visitorName,
      amount: 20_000,
      gstRateBp: 1200,
      sacCode: '999692',
      capacity: 50,
      participantCategoryId: ParticipantCategory.StartUp,
    }),
  };
});
afterAll(async () => t?.close());

/**
 * A pending order of one stall package and three visitor passes for three new attendees, its
 * tax computed per line and stored as checkout stores it; `buyer` asks for a tax invoice.
 */
async function twoLineOrder(buyer: GstInvoiceRequest | null = null) {
  const event = await getCurrentEvent(t.app.db);
  const settings = await getSettings(t.app.db, event.id);
  const attendeeIds = await insertAttendees(t.app.db, 3, {
    participantCategoryId: ParticipantCategory.StartUp,
  });
  const tax = taxOfLines(
    settings,
    [
      { ticketType: { sacCode: '998596', gstRateBp: 1800, placeOfSupply: 'recipient' }, amount: 2_500_000 },
      { ticketType: { sacCode: '999692', gstRateBp: 1200, placeOfSupply: 'event' }, amount: 3 * 20_000 },
    ],
    buyer,
  );
  return t.app.db.transaction((tx) =>
    insertOrder(
      tx,
      {
        reference: `LINETAX-${attendeeIds[0]!.slice(0, 8)}`,
        eventId: event.id,
        amount: tax.header.total,
        status: 'pending',
        provider: 'sandbox',
        expiresAt: new Date(t.app.now().getTime() + 15 * 60_000),
        createdAt: t.app.now(),
      },
      [
        { ticketTypeId: stall.id, quantity: 1, unitAmount: 2_500_000 },
        { ticketTypeId: visitor.id, quantity: 3, unitAmount: 20_000 },
      ],
      attendeeIds,
      (orderId) => orderTaxInserts(tx, orderId, tax, buyer),
    ),
  );
}

/** Pays an order by a recorded bank transfer (its invoice is issued in that transaction). */
async function payByTransfer(order: { reference: string; amount: number }) {
  await recordOfflinePayment(
    ctx,
    order.reference,
    { amount: order.amount, reference: `UTR${order.reference.slice(-8)}`, note: 'NEFT' },
    actor,
  );
}

/** The order's documents as the console's order detail lists them, with each one's lines. */
async function documentsOf(reference: string) {
  const detail = await admin('GET', `/api/admin/orders/${reference}`);
  expect(detail.statusCode, detail.body).toBe(200);
  const documents = detail.json().data.gst.documents as TaxDocumentSummary[];
  return Promise.all(
    documents.map(async (document) => ({
      ...document,
      lines: await t.app.db
        .select()
        .from(taxDocumentLines)
        .where(eq(taxDocumentLines.documentId, document.id))
        .orderBy(taxDocumentLines.position),
    })),
  );
}

async function pdfText(documentId: string, name: string): Promise<string> {
  const pdf = await admin('GET', `/api/admin/invoices/${documentId}/pdf`);
  expect(pdf.statusCode).toBe(200);
  const file = path.join(t.dataDir, name);
  writeFileSync(file, pdf.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The CSV's rows (header first) as arrays of cells; no cell here holds a comma. */
const csvRows = (body: string) =>
  body
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));

const STALL_LINE = {
  rateBp: 1800,
  sacCode: '998596',
  taxable: 2_500_000,
  cgst: 225_000,
  sgst: 225_000,
  igst: 0,
  total: 2_950_000,
};
const VISITOR_LINE = {
  rateBp: 1200,
  sacCode: '999692',
  taxable: 60_000,
  cgst: 3_600,
  sgst: 3_600,
  igst: 0,
  total: 67_200,
};

describe('an order of two ticket types at different rates', () => {
  it('is taxed line by line, each rounded on its own, the header their sum', async () => {
    const order = await twoLineOrder(GUJARAT_BUYER);
    const lines = await t.app.db
      .select()
      .from(orderLineTaxes)
      .where(eq(orderLineTaxes.orderId, order.id))
      .orderBy(orderLineTaxes.position);
    expect(lines).toEqual([
      { orderId: order.id, position: 0, ...STALL_LINE },
      { orderId: order.id, position: 1, ...VISITOR_LINE },
    ]);
    const [header] = await t.app.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, order.id));
    expect(header).toMatchObject({
      placeOfSupplyCode: '24',
      interState: false,
      pricesIncludeGst: false,
      taxable: 2_560_000,
      cgst: 228_600,
      sgst: 228_600,
      igst: 0,
      total: 3_017_200,
      buyerGstin: GUJARAT_BUYER.gstin,
    });
    expect(order.amount).toBe(3_017_200);

    const tax = await getOrderTax(t.app.db, order.id);
    expect(tax?.lines).toMatchObject([
      { position: 0, ticketName: stall.name, quantity: 1, unitAmount: 2_500_000, ...STALL_LINE },
      { position: 1, ticketName: visitor.name, quantity: 3, unitAmount: 20_000, ...VISITOR_LINE },
    ]);
    // The breakdown buyers and the console see: the order's sums, its first line's rate and SAC.
    expect(tax?.breakdown).toMatchObject({ rateBp: 1800, sacCode: '998596', total: 3_017_200 });
  });

  it('is invoiced a row per line, and a full refund credits every line', async () => {
    const order = await twoLineOrder(GUJARAT_BUYER);
    await payByTransfer(order);
    const [invoice] = await documentsOf(order.reference);
    expect(invoice).toMatchObject({ kind: 'invoice', taxable: 2_560_000, cgst: 228_600, total: 3_017_200 });
    const description = (name: string) => `${name}, Startup Fest Gujarat 2024 (order ${order.reference})`;
    expect(invoice!.lines).toMatchObject([
      { position: 0, description: description(stall.name), quantity: 1, ...STALL_LINE },
      { position: 1, description: description(visitor.name), quantity: 3, ...VISITOR_LINE },
    ]);

    const text = await pdfText(invoice!.id, 'two-line-invoice.pdf');
    for (const expected of [
      'Unit value',
      '998596',
      '999692',
      '25,000.00',
      '29,500.00',
      '200.00',
      '600.00',
      '672.00',
      'CGST @ 9 %',
      'SGST @ 9 %',
      'INR 2,250.00',
      'CGST @ 6 %',
      'SGST @ 6 %',
      'INR 36.00',
      'INR 25,600.00',
      'INR 30,172.00',
      'Thirty Thousand One Hundred Seventy Two Rupees Only',
    ]) {
      expect(text).toContain(expected);
    }
    // Descriptions wrap in their column: each begins on its own row, beside its SAC.
    expect(text).toMatch(
      /Gold Stall[^\n]*998596\s+1\s+25,000\.00\s+25,000\.00\s+18 %\s+2,250\.00\s+2,250\.00\s+29,500\.00/,
    );
    expect(text).toMatch(
      /Visitor Pass[^\n]*999692\s+3\s+200\.00\s+600\.00\s+12 %\s+36\.00\s+36\.00\s+672\.00/,
    );

    await requestOrganizerRefund(
      ctx,
      order.reference,
      { amount: order.amount, reason: 'Stall cancelled', bankReference: 'UTR5544332211' },
      actor,
    );
    const [, creditNote] = await documentsOf(order.reference);
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      taxable: 2_560_000,
      cgst: 228_600,
      total: 3_017_200,
    });
    expect(creditNote!.lines.map(({ documentId: _id, ...line }) => line)).toEqual(
      invoice!.lines.map(({ documentId: _id, ...line }) => line),
    );
    const noteText = await pdfText(creditNote!.id, 'two-line-credit-note.pdf');
    expect(noteText).toContain('CREDIT NOTE');
    expect(noteText).toContain('CGST @ 6 %');

    // GSTR-1: the invoice and the credit note each report a row per rate.
    const b2b = csvRows((await admin('GET', '/api/admin/invoices/gstr1?section=b2b')).body);
    const invoiceRows = b2b.filter((row) => row[2] === invoice!.number);
    expect(invoiceRows.map((row) => row.slice(4))).toEqual([
      ['30172', '24-Gujarat', 'N', 'Regular B2B', '18', '25000', '0', '2250', '2250', '0'],
      ['30172', '24-Gujarat', 'N', 'Regular B2B', '12', '600', '0', '36', '36', '0'],
    ]);
    const cdnr = csvRows((await admin('GET', '/api/admin/invoices/gstr1?section=cdnr')).body);
    const noteRows = cdnr.filter((row) => row[2] === creditNote!.number);
    expect(noteRows.map((row) => [row[5], ...row.slice(9)])).toEqual([
      [invoice!.number, '30172', '18', '25000', '0', '2250', '2250', '0'],
      [invoice!.number, '30172', '12', '600', '0', '36', '36', '0'],
    ]);
  });

  it('shares a partial refund over its lines in proportion, and the rest credits what is left of each', async () => {
    const order = await twoLineOrder();
    await payByTransfer(order);
    await requestOrganizerRefund(
      ctx,
      order.reference,
      { amount: 100_000, reason: 'Two visitors cannot come', bankReference: 'UTR1000000001' },
      actor,
    );
    const [invoice, first] = await documentsOf(order.reference);
    // 100000 over what is left, 2950000 : 67200, is 97772.7 and 2227.3: the paisa over goes to
    // the larger remainder. GST comes out of each share at its line's rate: 97773 / 1.18 =
    // 82858.47 → 82858, 9 % = 7457.22 → 7457; 2227 / 1.12 = 1988.39 → 1988, 6 % = 119.28 → 119.
    expect(first!.lines).toMatchObject([
      { position: 0, rateBp: 1800, taxable: 82_859, cgst: 7_457, sgst: 7_457, igst: 0, total: 97_773 },
      { position: 1, rateBp: 1200, taxable: 1_989, cgst: 119, sgst: 119, igst: 0, total: 2_227 },
    ]);
    expect(first).toMatchObject({ taxable: 84_848, cgst: 7_576, sgst: 7_576, total: 100_000 });

    // B2CS: this buyer has no GSTIN, so the invoice less its credit note, by rate.
    const b2cs = csvRows((await admin('GET', '/api/admin/invoices/gstr1?section=b2cs')).body);
    expect(b2cs.slice(1)).toEqual([
      ['OE', '24-Gujarat', '12', '580.11', '0', '34.81', '34.81', '0'],
      ['OE', '24-Gujarat', '18', '24171.41', '0', '2175.43', '2175.43', '0'],
    ]);

    await requestOrganizerRefund(
      ctx,
      order.reference,
      { amount: order.amount - 100_000, reason: 'Event moved', bankReference: 'UTR1000000002' },
      actor,
    );
    const [, , second] = await documentsOf(order.reference);
    for (const [position, line] of invoice!.lines.entries()) {
      for (const field of ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const) {
        expect(first!.lines[position]![field] + second!.lines[position]![field]).toBe(line[field]);
      }
    }
  });

  it('refuses lines whose places of supply differ: an invoice states one', async () => {
    const event = await getCurrentEvent(t.app.db);
    const settings = await getSettings(t.app.db, event.id);
    expect(() =>
      taxOfLines(
        settings,
        [
          {
            ticketType: { sacCode: '998596', gstRateBp: 1800, placeOfSupply: 'recipient' },
            amount: 2_500_000,
          },
          { ticketType: { sacCode: '999692', gstRateBp: 1200, placeOfSupply: 'event' }, amount: 60_000 },
        ],
        { gstin: '27AAACR5055K1Z7' },
      ),
    ).toThrow(/share one place of supply/);
  });
});

describe('every order’s tax', () => {
  it('has a tax row per line, and its header is the sum of its lines and the order’s amount', async () => {
    // One more order through checkout, which writes one line.
    const attendees = await insertAttendees(t.app.db, 2, {
      participantCategoryId: ParticipantCategory.StartUp,
    });
    const answer = await checkout(t.app, attendees, visitor.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const [checkedOut] = await t.app.db
      .select({ lines: sql<number>`count(*)::int` })
      .from(orderLineTaxes)
      .innerJoin(orders, eq(orders.id, orderLineTaxes.orderId))
      .where(eq(orders.reference, answer.json().order.reference));
    expect(checkedOut?.lines).toBe(1);

    const untaxedLines = await t.app.db.execute(sql`
      select l.order_id, l.position from order_lines l
      join order_taxes t on t.order_id = l.order_id
      left join order_line_taxes x on x.order_id = l.order_id and x.position = l.position
      where x.order_id is null`);
    expect(rowsOf(untaxedLines)).toEqual([]);
    const mismatched = await t.app.db.execute(sql`
      select t.order_id from order_taxes t
      join orders o on o.id = t.order_id
      join (
        select order_id, sum(taxable) as taxable, sum(cgst) as cgst, sum(sgst) as sgst,
          sum(igst) as igst, sum(total) as total
        from order_line_taxes group by order_id
      ) l on l.order_id = t.order_id
      where (t.taxable, t.cgst, t.sgst, t.igst, t.total) <> (l.taxable, l.cgst, l.sgst, l.igst, l.total)
        or o.amount <> t.total`);
    expect(rowsOf(mismatched)).toEqual([]);
  });

  it('refuses a line tax that does not add up, is negative, or splits CGST and SGST unevenly', async () => {
    const order = await twoLineOrder();
    const insertLine = (values: Partial<typeof orderLineTaxes.$inferInsert>) =>
      t.app.db.insert(orderLineTaxes).values({
        orderId: order.id,
        position: 2,
        ...STALL_LINE,
        ...values,
      });
    const violation = (constraint: string) => ({
      cause: expect.objectContaining({ code: '23514', constraint }),
    });
    await expect(insertLine({ total: 1 })).rejects.toMatchObject(violation('order_line_taxes_sum_ck'));
    await expect(insertLine({ taxable: -1, total: 449_999 })).rejects.toMatchObject(
      violation('order_line_taxes_non_negative_ck'),
    );
    await expect(insertLine({ sgst: 224_999, total: 2_949_999 })).rejects.toMatchObject(
      violation('order_line_taxes_split_ck'),
    );
    await expect(insertLine({ igst: 450_000, total: 3_400_000 })).rejects.toMatchObject(
      violation('order_line_taxes_split_ck'),
    );
    // A valid row still needs its line: position 2 of this order is none.
    await expect(insertLine({})).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23503', constraint: 'order_line_taxes_line_fk' }),
    });

    // The header holds the same rules, and its supply type decides which taxes it bears.
    const header = (set: SQL) =>
      t.app.db.execute(sql`update order_taxes set ${set} where order_id = ${order.id}`);
    await expect(header(sql`total = total + 1`)).rejects.toMatchObject(violation('order_taxes_sum_ck'));
    await expect(header(sql`inter_state = true`)).rejects.toMatchObject(violation('order_taxes_supply_ck'));
  });

  it('refuses a document line that does not add up, splits CGST and SGST unevenly, or has no units', async () => {
    const [invoice] = await t.app.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, 'invoice'))
      .limit(1);
    const insertLine = (values: Partial<typeof taxDocumentLines.$inferInsert>) =>
      t.app.db.insert(taxDocumentLines).values({
        documentId: invoice!.id,
        position: 9,
        description: 'Nothing',
        quantity: 1,
        ...STALL_LINE,
        ...values,
      });
    const violation = (constraint: string) => ({
      cause: expect.objectContaining({ code: '23514', constraint }),
    });
    await expect(insertLine({ total: 1 })).rejects.toMatchObject(violation('tax_document_lines_sum_ck'));
    await expect(insertLine({ sgst: 224_999, total: 2_949_999 })).rejects.toMatchObject(
      violation('tax_document_lines_split_ck'),
    );
    await expect(insertLine({ quantity: 0 })).rejects.toMatchObject(
      violation('tax_document_lines_quantity_ck'),
    );
  });
});

describe('migration 0029_tax_per_line', () => {
  it('turns each order’s tax and each document’s item into its one line', async () => {
    const database = await openPgliteMigratedTo(28);
    try {
      const { db } = database;
      // In SQL: the schema's `events` has columns later migrations add (0044's translations).
      const [event] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into events (slug, name, venue, venue_map_url, starts_at, ends_at, reference_prefix, invoice_prefix)
          values ('old-edition', 'Old Edition', 'Ahmedabad', 'https://example.com/map', ${clock}, ${clock}, 'OLD', 'OLD')
          returning id`),
      );
      await db.insert(participantCategories).values({ id: 3, name: 'Investor' });
      // In SQL: the schema's `ticket_types` has columns later migrations add (0035's list_price_reason).
      const [ticketType] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into ticket_types (event_id, participant_category_id, name, amount, capacity)
          values (${event!.id}, 3, 'Pass', 40000, 10)
          returning id`),
      );
      const oldOrder = async (reference: string) => {
        // In SQL: the schema's `orders` has columns later migrations add (0032's source).
        const [row] = rowsOf<{ id: string }>(
          await db.execute(sql`
            insert into orders (reference, event_id, amount, status, provider, expires_at)
            values (${reference}, ${event!.id}, 141600, 'paid', 'sandbox', ${clock})
            returning id`),
        );
        await db.insert(orderLines).values({
          orderId: row!.id,
          ticketTypeId: ticketType!.id,
          quantity: 3,
          unitAmount: 40_000,
          amount: 120_000,
          position: 0,
        });
        return row!.id;
      };
      const taxed = await oldOrder('OLD-TAXED');
      // An order from before GST was recorded has no tax, and gets none.
      const untaxed = await oldOrder('OLD-UNTAXED');
      await db.execute(sql`
        insert into order_taxes (order_id, line_amount, prices_include_gst, rate_bp, sac_code,
          supplier_state_code, place_of_supply_code, inter_state, taxable, cgst, sgst, igst, total)
        values (${taxed}, 120000, false, 1800, '998596', '24', '24', false, 120000, 10800, 10800, 0, 141600)`);
      await db.execute(sql`
        insert into tax_documents (kind, number, prefix, financial_year, sequence, order_id, issued_at,
          supplier, recipient, description, quantity, sac_code, rate_bp, place_of_supply_code,
          inter_state, state_tax_name, taxable, cgst, sgst, igst, total)
        values ('invoice', 'OLD/2425/1', 'OLD', '2425', 1, ${taxed}, ${clock},
          ${JSON.stringify({ legalName: 'Old', address: 'Ahmedabad', stateCode: '24', gstin: '24AAATS9999K1ZK' })}::jsonb,
          ${JSON.stringify({ name: 'Buyer', email: 'buyer@example.com', gstin: null, address: null, stateCode: null })}::jsonb,
          'Pass, Old Edition (order OLD-TAXED)', 3, '998596', 1800, '24', false, 'SGST',
          120000, 10800, 10800, 0, 141600)`);

      await database.migrate();

      expect(await db.select().from(orderLineTaxes)).toEqual([
        {
          orderId: taxed,
          position: 0,
          rateBp: 1800,
          sacCode: '998596',
          taxable: 120_000,
          cgst: 10_800,
          sgst: 10_800,
          igst: 0,
          total: 141_600,
        },
      ]);
      expect(await db.select().from(orderLineTaxes).where(eq(orderLineTaxes.orderId, untaxed))).toEqual([]);
      expect(await db.select().from(orderTaxes)).toMatchObject([
        { orderId: taxed, placeOfSupplyCode: '24', taxable: 120_000, cgst: 10_800, total: 141_600 },
      ]);
      const [invoice] = await db.select().from(taxDocuments);
      expect(invoice).toMatchObject({ number: 'OLD/2425/1', taxable: 120_000, total: 141_600 });
      expect(await db.select().from(taxDocumentLines)).toEqual([
        {
          documentId: invoice!.id,
          position: 0,
          description: 'Pass, Old Edition (order OLD-TAXED)',
          sacCode: '998596',
          quantity: 3,
          rateBp: 1800,
          taxable: 120_000,
          cgst: 10_800,
          sgst: 10_800,
          igst: 0,
          total: 141_600,
        },
      ]);
      const columns = async (table: string) =>
        rowsOf<{ column_name: string }>(
          await db.execute(
            sql`select column_name from information_schema.columns where table_name = ${table}`,
          ),
        ).map((row) => row.column_name);
      expect(await columns('order_taxes')).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(line_amount|rate_bp|sac_code)$/)]),
      );
      expect(await columns('tax_documents')).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(description|quantity|sac_code|rate_bp)$/)]),
      );
      // The migrated lines are as append-only as their document.
      await expect(db.execute(sql`delete from tax_document_lines`)).rejects.toMatchObject({
        cause: expect.objectContaining({
          message: 'tax_document_lines is append-only: DELETE is not allowed',
        }),
      });
    } finally {
      await database.close();
    }
  });
});
