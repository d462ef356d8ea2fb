/**
 * Ticket types' Gujarati and Hindi names (decision 034) in what is sent in a person's language:
 * the pass emails and each page of the printable passes name the ticket in the reader's language
 * where the organizers translated it, else in English; the order page carries the translations
 * for the web to pick from; the invoice stays English (GST practice).
 */
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, envelope, OrderSummarySchema } from '@festival/shared';
import { registrations } from '../src/db/schema.js';
import { updateSettings } from '../src/modules/settings/service.js';
import { sweepWaitingLists } from '../src/modules/waiting-list/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { outbox } from './registration-helpers.js';
import {
  checkout,
  GST_SETTINGS,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
  pdfText,
} from './ticketing-helpers.js';

const GUJARATI_NAME = 'ડેલિગેટ દિવસ પાસ';
const HINDI_NAME = 'डेलिगेट डे पास';
const GUJARATI_SCRIPT = /[\u0A80-\u0AFF]/;
const ANY_INDIC_SCRIPT = /[\u0A80-\u0AFF\u0900-\u097F]/;

let t: TestContext;

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  // With the organizer's GST details the buyer's mail carries a tax invoice.
  await updateSettings(
    t.app.db,
    { organizerId: 'test', email: 'test@example.com', ip: 'local' },
    GST_SETTINGS,
    t.app.now(),
  );
});
afterAll(async () => t?.close());

function mailsTo(mails: ParsedMail[], address: string) {
  return mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(address));
}

/** Shaped Gujarati and Devanagari read back in visual order: a line is compared by its letters. */
const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
const lines = (page = '') => page.split('\n').map(letters);

describe('a translated ticket type in a Gujarati order', () => {
  it('is named in Gujarati to the Gujarati buyer and on their pass, in English where not translated, and stays English on the invoice', async () => {
    const [buyer, colleague] = await insertAttendees(t.app.db, 2, {
      email: (index) => (index === 0 ? 'tt-buyer@gu.example' : 'tt-colleague@hi.example'),
    });
    await t.app.db.update(registrations).set({ locale: 'gu' }).where(eq(registrations.id, buyer!));
    // The colleague reads Hindi, which the organizers have not written a name in.
    await t.app.db.update(registrations).set({ locale: 'hi' }).where(eq(registrations.id, colleague!));
    const ticket = await insertTicketType(t.app.db, {
      name: 'Delegate Day Pass',
      translations: { gu: { name: GUJARATI_NAME, remarks: 'બંને દિવસ પ્રવેશ' } },
    });
    const response = await checkout(t.app, [buyer!, colleague!], ticket, { locale: 'gu' });
    expect(response.statusCode, response.body).toBe(200);
    const { order } = CheckoutResponseSchema.parse(response.json());
    await payWithSandbox(t.app, order.id);
    const mails = await outbox(t.dataDir, t.app);

    const [toBuyer] = mailsTo(mails, 'tt-buyer@gu.example');
    expect(toBuyer?.text).toContain(`2 × ${GUJARATI_NAME}`);
    expect(toBuyer?.text).not.toContain('Delegate Day Pass');
    const invoice = toBuyer?.attachments.find((file) => file.contentType === 'application/pdf');
    expect(invoice, 'the buyer’s mail carries the invoice').toBeDefined();
    const invoiceText = pdfText(invoice!.content);
    expect(invoiceText).toContain('Delegate Day Pass');
    expect(invoiceText).not.toMatch(ANY_INDIC_SCRIPT);

    const [toColleague] = mailsTo(mails, 'tt-colleague@hi.example');
    expect(toColleague?.html).toContain('<html lang="hi">');
    expect(toColleague?.text).toContain('1 × Delegate Day Pass');
    expect(toColleague?.text).not.toMatch(GUJARATI_SCRIPT);

    // Each printed pass in its holder's language: the Gujarati name on the buyer's, the English on the colleague's.
    const pdf = await t.app.inject({
      url: `/api/auth/payment/orders/${order.reference}/passes.pdf?key=${order.key}`,
    });
    expect(pdf.statusCode).toBe(200);
    const [first, second] = pdfText(pdf.rawPayload)
      .split('\f')
      .filter((page) => page.trim());
    expect(lines(first)).toContain(letters(GUJARATI_NAME));
    expect(first).not.toContain('Delegate Day Pass');
    expect(second).toContain('Delegate Day Pass');
    expect(second).not.toMatch(GUJARATI_SCRIPT);

    // The order page answers the English with the translations beside it, for the page's language.
    const summary = await t.app.inject({
      url: `/api/auth/payment/orders/${order.reference}?key=${order.key}`,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const shown = envelope(OrderSummarySchema).parse(summary.json()).data;
    expect(shown.ticketName).toBe('Delegate Day Pass');
    expect(shown.translations).toEqual({ gu: { ticketName: GUJARATI_NAME } });
    expect(shown.passes.map((pass) => pass.ticketTranslations.gu?.name)).toEqual([
      GUJARATI_NAME,
      GUJARATI_NAME,
    ]);
  });

  it('names the ticket in English to a Gujarati buyer when it has no Gujarati name', async () => {
    const [buyer] = await insertAttendees(t.app.db, 1, { email: () => 'tt-untranslated@gu.example' });
    const ticket = await insertTicketType(t.app.db, {
      name: 'Founders Pass',
      translations: { hi: { name: 'फ़ाउंडर्स पास' } },
    });
    const response = await checkout(t.app, [buyer!], ticket, { locale: 'gu' });
    const { order } = CheckoutResponseSchema.parse(response.json());
    await payWithSandbox(t.app, order.id);
    const [mail] = mailsTo(await outbox(t.dataDir, t.app), 'tt-untranslated@gu.example');
    expect(mail?.html).toContain('<html lang="gu">');
    expect(mail?.text).toContain('1 × Founders Pass');
    expect(mail?.text).not.toContain('फ़ाउंडर्स पास');
  });
});

describe('a translated ticket type on the waiting list', () => {
  it('is named in the language of the page the person joined from', async () => {
    const ticket = await insertTicketType(t.app.db, {
      capacity: 1,
      name: 'Investor Lounge Pass',
      translations: { hi: { name: HINDI_NAME } },
    });
    // A pending order holds the only seat: the type is sold out until its reservation lapses.
    const held = await checkout(t.app, await insertAttendees(t.app.db, 1), ticket);
    expect(held.statusCode, held.body).toBe(200);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      payload: {
        ticketTypeId: ticket,
        name: 'Akshay',
        email: 'tt-wait@hi.example',
        quantity: 1,
        locale: 'hi',
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const [confirmation] = mailsTo(await outbox(t.dataDir, t.app), 'tt-wait@hi.example');
    expect(confirmation?.subject).toContain(HINDI_NAME);
    expect(confirmation?.text).not.toContain('Investor Lounge Pass');

    await sweepWaitingLists(
      { db: t.app.db, jobs: t.app.jobs },
      new Date(t.app.now().getTime() + 20 * 60_000),
    );
    const offers = mailsTo(await outbox(t.dataDir, t.app), 'tt-wait@hi.example').filter((mail) =>
      mail.text?.includes('WAIT-'),
    );
    expect(offers).toHaveLength(1);
    expect(offers[0]?.subject).toContain(HINDI_NAME);
  });
});
