/**
 * The organizer's GST settings, tax on checkout, tax invoices numbered under a
 * lock when orders are paid (also in parallel), the invoice PDF (its text extracted with
 * pdftotext), credit notes for refunds, the console list and the GSTR-1 export.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (CI).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, ParticipantCategory } from '@festival/shared';
import { auditLog, taxDocumentLines, taxDocuments } from '../src/db/schema.js';
import { type PaymentContext } from '../src/modules/payments/context.js';
import { recordOfflinePayment } from '../src/modules/payments/offline.js';
import { requestOrganizerRefund } from '../src/modules/payments/refunds.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { signedInOrganizer, ORIGIN } from './organizer-helpers.js';
import { outbox } from './registration-helpers.js';
import {
  checkout,
  GST_SETTINGS as SETTINGS,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
} from './ticketing-helpers.js';

let t: TestContext;
let finance: { cookie: string };
let ctx: PaymentContext;
const actor = { organizerId: 'organizer-finance-1', email: 'finance@festival.test', ip: '192.0.2.10' };

const GUJARAT_BUYER = {
  companyName: 'Acme Robotics Private Limited',
  gstin: '24AAACC1206D1ZM',
  address: '12 SG Highway, Ahmedabad',
  stateCode: '24',
};
const MAHARASHTRA_BUYER = {
  companyName: 'Reliance Industries Limited',
  gstin: '27AAACR5055K1Z7',
  address: 'Maker Chambers IV, Nariman Point, Mumbai',
  stateCode: '27',
};

const admin = (method: 'GET' | 'PUT', url: string, payload?: unknown, cookie = finance.cookie) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie, origin: ORIGIN } });

async function paidOrder(ticketId: number, attendees = 1, extra: Record<string, unknown> = {}) {
  const response = await checkout(
    t.app,
    await insertAttendees(
      t.app.db,
      attendees,
      extra.category ? { participantCategoryId: extra.category as number } : {},
    ),
    ticketId,
    extra.body as Record<string, unknown>,
  );
  expect(response.statusCode, response.body).toBe(200);
  const answer = CheckoutResponseSchema.parse(response.json());
  return { ...answer, pay: () => payWithSandbox(t.app, answer.order.id) };
}

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  finance = await signedInOrganizer(t.app, 'finance');
  ctx = {
    db: t.app.db,
    now: () => t.app.now(),
    log: t.app.log,
    jobs: t.app.jobs,
    provider: t.app.paymentProvider,
    orderHooks: t.app.orderHooks,
  };
});
afterAll(async () => t?.close());

describe('settings', () => {
  it('has defaults before anyone saves them, and no public contact details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(response.json().data).toMatchObject({
      pricesIncludeGst: true,
      publicEmail: null,
      publicPhone: null,
    });
  });

  it('refuses a GSTIN whose check character is wrong, or registered in another state', async () => {
    const wrong = await admin('PUT', '/api/admin/settings', { ...SETTINGS, gstin: '24AAATS9999K1ZL' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatch(/last character does not match/);
    const otherState = await admin('PUT', '/api/admin/settings', { ...SETTINGS, gstin: '27AAPFU0939F1ZV' });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.body).toMatch(/registered in Maharashtra/);
  });

  it('lets finance save them (audited) and shows the contact details publicly', async () => {
    const saved = await admin('PUT', '/api/admin/settings', SETTINGS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ gstin: '24AAATS9999K1ZK' });
    // The invoice series is the edition's (events.invoice_prefix), not a setting.
    expect(saved.json().data).not.toHaveProperty('invoicePrefix');
    const shown = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(shown.json().data).toEqual({
      legalName: SETTINGS.legalName,
      pricesIncludeGst: false,
      publicEmail: SETTINGS.publicEmail,
      publicPhone: SETTINGS.publicPhone,
    });
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings'));
    expect(audit).toMatchObject([{ action: 'settings.update', after: { gstin: '24AAATS9999K1ZK' } }]);
  });

  it('is not for managers to change', async () => {
    const manager = await signedInOrganizer(t.app, 'manager');
    const response = await admin('PUT', '/api/admin/settings', SETTINGS, manager.cookie);
    expect(response.statusCode).toBe(403);
  });
});

describe('tax at checkout', () => {
  it('lists prices as "+ GST" and quotes base, CGST, SGST and total', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/auth/list-by-participant/ticketMaster/${ParticipantCategory.StartUp}`,
    });
    const gold = list.json().data.find((ticket: { name: string }) => ticket.name === 'Gold Stall Package');
    expect(gold.gst).toEqual({ pricesIncludeGst: false, rateBp: 1800, label: '+ 18 % GST' });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/auth/payment/quote',
      payload: { selectedTicket: gold._id, quantity: 1 },
    });
    expect(quote.json().data).toMatchObject({
      taxable: 2_500_000,
      cgst: 225_000,
      sgst: 225_000,
      igst: 0,
      total: 2_950_000,
      placeOfSupply: { code: '24', name: 'Gujarat' },
    });
  });

  it('charges IGST on a stall package for a buyer registered in another state (s.12(7))', async () => {
    const gold = await insertTicketType(t.app.db, {
      amount: 1_000_000,
      placeOfSupply: 'recipient',
      participantCategoryId: ParticipantCategory.StartUp,
    });
    const order = await paidOrder(gold, 1, {
      category: ParticipantCategory.StartUp,
      body: { gstInvoice: MAHARASHTRA_BUYER },
    });
    expect(order.tax).toMatchObject({ interState: true, igst: 180_000, cgst: 0, total: 1_180_000 });
    expect(order.order.amount).toBe(1_180_000);
  });

  it('charges CGST and SGST on admission wherever the buyer is registered (s.12(6))', async () => {
    const pass = await insertTicketType(t.app.db, { amount: 100_000 });
    const order = await paidOrder(pass, 2, { body: { gstInvoice: MAHARASHTRA_BUYER } });
    expect(order.tax).toMatchObject({ interState: false, cgst: 18_000, sgst: 18_000, total: 236_000 });
  });

  it('refuses a buyer GSTIN with a wrong check character', async () => {
    const pass = await insertTicketType(t.app.db);
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), pass, {
      gstInvoice: { ...GUJARAT_BUYER, gstin: '24AAACC1206D1ZN' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/last character does not match/);
  });
});

/** A startup's order of a new ₹25,000 stall `name` with `buyer`'s GST details, paid. */
async function paidStallOrder(name: string, buyer: typeof GUJARAT_BUYER) {
  const stall = await insertTicketType(t.app.db, {
    amount: 2_500_000,
    placeOfSupply: 'recipient',
    participantCategoryId: ParticipantCategory.StartUp,
    name,
  });
  const order = await paidOrder(stall, 1, {
    category: ParticipantCategory.StartUp,
    body: { gstInvoice: buyer },
  });
  expect((await order.pay()).statusCode).toBeLessThan(400);
  return order;
}

describe('tax invoices', () => {
  it('issues a numbered invoice when an order is paid, attached to the buyer’s email and downloadable', async () => {
    const order = await paidStallOrder('Gold Stall Package (test)', GUJARAT_BUYER);
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/auth/payment/orders/${order.order.reference}?key=${order.order.key}`,
    });
    const invoice = summary.json().data.invoice;
    expect(invoice.number).toMatch(/^SFG\/2425\/\d+$/);
    expect(invoice.number.length).toBeLessThanOrEqual(16);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/auth/payment/orders/${order.order.reference}/invoice?key=${order.order.key}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(t.dataDir, 'invoice.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'TAX INVOICE',
      invoice.number,
      'Startup Fest Gujarat Foundation',
      'GSTIN: 24AAATS9999K1ZK',
      'Acme Robotics Private Limited',
      'GSTIN: 24AAACC1206D1ZM',
      'Place of supply: Gujarat (24)',
      '998596',
      'CGST @ 9 %',
      'SGST @ 9 %',
      'INR 2,250.00',
      'INR 29,500.00',
      'Twenty Nine Thousand Five Hundred Rupees Only',
    ]) {
      expect(text).toContain(expected);
    }

    const mails = await outbox(t.dataDir, t.app);
    const mail = mails.find((message) => message.subject?.includes(order.order.reference));
    const attached = mail?.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(attached?.filename).toBe(`invoice-${invoice.number.replace(/\//g, '-')}.pdf`);
    expect(mail?.text).toContain('CGST 9 %');
  });

  it('prints a buyer’s name and address written in Gujarati as written', async () => {
    const buyer = {
      ...GUJARAT_BUYER,
      companyName: 'અમદાવાદ રોબોટિક્સ પ્રાઇવેટ લિમિટેડ',
      address: '૧૨ એસ.જી. હાઇવે, અમદાવાદ',
    };
    const order = await paidStallOrder('Silver Stall Package (test)', buyer);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/auth/payment/orders/${order.order.reference}/invoice?key=${order.order.key}`,
    });
    expect(pdf.statusCode).toBe(200);
    const file = path.join(t.dataDir, 'invoice-gujarati.pdf');
    writeFileSync(file, pdf.rawPayload);
    // Shaped text reads back in visual order (a vowel sign before its consonant): compare letters.
    const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
    const lines = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).split('\n').map(letters);
    for (const expected of [buyer.companyName, buyer.address]) expect(lines).toContain(letters(expected));
  });

  it('numbers invoices of orders paid in parallel consecutively, without gaps or duplicates', async () => {
    const pass = await insertTicketType(t.app.db, { amount: 50_000, capacity: 50 });
    const orders = await Promise.all(Array.from({ length: 12 }, () => paidOrder(pass)));
    const answers = await Promise.all(orders.map((order) => order.pay()));
    expect(answers.every((answer) => answer.statusCode < 400)).toBe(true);
    const rows = await t.app.db
      .select({ sequence: taxDocuments.sequence, number: taxDocuments.number })
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, 'invoice'));
    const sequences = rows.map((row) => row.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
  });

  it('never changes or deletes an invoice or its lines', async () => {
    const before = await t.app.db.select().from(taxDocuments);
    const lines = await t.app.db.select().from(taxDocumentLines);
    const refusal = (statement: SQL) =>
      t.app.db.execute(statement).then(
        () => 'done',
        (caught: unknown) => String((caught as { cause?: unknown })?.cause ?? caught),
      );
    for (const statement of [
      sql`update tax_documents set total = 0`,
      sql`delete from tax_documents`,
      // Both tables at once: the lines' foreign key refuses truncating the documents alone.
      sql`truncate tax_documents, tax_document_lines`,
    ]) {
      expect(await refusal(statement)).toMatch(/tax_documents is append-only/);
    }
    for (const statement of [
      sql`update tax_document_lines set total = 0`,
      sql`delete from tax_document_lines`,
      sql`truncate tax_document_lines`,
    ]) {
      expect(await refusal(statement)).toMatch(/tax_document_lines is append-only/);
    }
    expect(await refusal(sql`truncate tax_documents`)).toMatch(/referenced in a foreign key constraint/);
    expect(await t.app.db.select().from(taxDocuments)).toEqual(before);
    expect(await t.app.db.select().from(taxDocumentLines)).toEqual(lines);
  });
});

describe('credit notes', () => {
  it('issues one per refund, citing the invoice, and the last takes exactly what is left', async () => {
    const pass = await insertTicketType(t.app.db, { amount: 33_333 });
    const order = await paidOrder(pass, 3);
    await order.pay();
    const total = order.order.amount;
    await requestOrganizerRefund(
      ctx,
      order.order.reference,
      { amount: 10_000, reason: 'One cannot come' },
      actor,
    );
    await requestOrganizerRefund(
      ctx,
      order.order.reference,
      { amount: total - 10_000, reason: 'Event moved' },
      actor,
    );
    await settleJobs(t.app);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.order.reference}`,
      headers: { cookie: finance.cookie, origin: ORIGIN },
    });
    const { documents, tax } = detail.json().data.gst;
    const [invoice, first, second] = documents;
    expect(invoice.kind).toBe('invoice');
    expect([first.kind, second.kind]).toEqual(['credit_note', 'credit_note']);
    expect(first.number).toMatch(/^SFG\/2425\/C\d+$/);
    expect(first.total).toBe(10_000);
    expect(first.cgst).toBe(763); // 10000 / 1.18 = 8474.58 → 8475; 9 % = 762.75 → 763
    for (const field of ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const) {
      expect(first[field] + second[field]).toBe(tax[field]);
    }

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/invoices/${first.id}/pdf`,
      headers: { cookie: finance.cookie, origin: ORIGIN },
    });
    const file = path.join(t.dataDir, 'credit-note.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against invoice: ${invoice.number} dated`);

    // Each refund's email carries its own credit note.
    const refundMails = (await outbox(t.dataDir, t.app)).filter(
      (mail) => mail.subject?.startsWith('Refund of') && mail.subject.includes(order.order.reference),
    );
    expect(refundMails).toHaveLength(2);
    const attached = refundMails.flatMap((mail) => mail.attachments.map((file) => file.filename)).sort();
    expect(attached).toEqual(
      [first.number, second.number]
        .map((number: string) => `credit-note-${number.replaceAll('/', '-')}.pdf`)
        .sort(),
    );
    expect(refundMails[0]!.text).toContain('The GST credit note for this refund is attached');
  });
});

describe('the orders export', () => {
  it('carries the GST split, place of supply, buyer GSTIN, invoice number and amount refunded', async () => {
    const order = await paidStallOrder('Platinum Stall Package (export test)', MAHARASHTRA_BUYER);
    await requestOrganizerRefund(
      ctx,
      order.order.reference,
      { amount: 50_000, reason: 'Smaller stall' },
      actor,
    );
    await settleJobs(t.app);
    const detail = await admin('GET', `/api/admin/orders/${order.order.reference}`);
    const { documents, tax } = detail.json().data.gst;
    const file = await admin('GET', `/api/admin/exports/orders?format=xlsx&q=${order.order.reference}`);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.rowCount).toBe(2);
    const headers = sheet.getRow(1).values as unknown[];
    const values = sheet.getRow(2).values as unknown[];
    const cells = Object.fromEntries(Array.from(headers, (name, index) => [name, values[index]]));
    expect(cells).toMatchObject({
      Reference: order.order.reference,
      'Taxable (₹)': tax.taxable / 100,
      'CGST (₹)': 0,
      'IGST (₹)': tax.igst / 100,
      'Amount (₹)': order.order.amount / 100,
      'Refunded (₹)': 500,
      'Place of supply': '27-Maharashtra',
      'Buyer GSTIN': MAHARASHTRA_BUYER.gstin,
      Invoice: documents[0].number,
    });
    expect(cells.Voucher).toBeUndefined();
  });
});

describe('credit notes of bank-transfer orders', () => {
  it('issues a credit note when an organizer records the refund transfer', async () => {
    const pass = await insertTicketType(t.app.db, { amount: 50_000 });
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), pass);
    const { order } = CheckoutResponseSchema.parse(response.json());
    await recordOfflinePayment(
      ctx,
      order.reference,
      { amount: order.amount, reference: 'UTR1122334455', note: 'NEFT' },
      actor,
    );
    await requestOrganizerRefund(
      ctx,
      order.reference,
      { amount: order.amount, reason: 'Event moved', bankReference: 'UTR5544332211' },
      actor,
    );
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.reference}`,
      headers: { cookie: finance.cookie, origin: ORIGIN },
    });
    const { status, gst } = detail.json().data;
    expect(status).toBe('refunded');
    expect(gst.documents.map((document: { kind: string }) => document.kind)).toEqual([
      'invoice',
      'credit_note',
    ]);
    expect(gst.documents[1].total).toBe(order.amount);
  });
});

describe('console list and GSTR-1 export', () => {
  it('pages through every document, newest first, each once', async () => {
    const everything = await admin('GET', '/api/admin/invoices?limit=200');
    const all = everything.json().data.items as { id: string; issuedAt: string }[];
    expect(all.length).toBeGreaterThan(2);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await admin(
        'GET',
        `/api/admin/invoices?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.statusCode, page.body).toBe(200);
      const data = page.json().data as { items: { id: string }[]; nextCursor: string | null };
      expect(data.items.length).toBeLessThanOrEqual(2);
      seen.push(...data.items.map((item) => item.id));
      cursor = data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((item) => item.id));
    const instants = all.map((item) => Date.parse(item.issuedAt));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
    expect((await admin('GET', '/api/admin/invoices?cursor=nonsense')).statusCode).toBe(400);
  });

  it('lists B2B invoices and exports them with the recipient GSTIN', async () => {
    const list = await admin('GET', '/api/admin/invoices?kind=invoice&recipient=b2b');
    expect(list.statusCode).toBe(200);
    const items = list.json().data.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item: { recipientGstin: string | null }) => item.recipientGstin)).toBe(true);

    const csv = await admin('GET', '/api/admin/invoices/gstr1?section=b2b');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('GSTIN/UIN of Recipient');
    expect(csv.body).toContain('24AAACC1206D1ZM');
    expect(csv.body).toContain('24-Gujarat');

    const b2cs = await admin('GET', '/api/admin/invoices/gstr1?section=b2cs&format=xlsx');
    expect(b2cs.statusCode).toBe(200);
    expect(b2cs.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
