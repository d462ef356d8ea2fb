/**
 * The registrant's language: a registration and an order store the language of the page they
 * were sent from, and the mail to each person is written in theirs (the buyer's order language,
 * an attendee's registration language, a code's request language). Invoices stay English.
 */
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, LOCALE_MESSAGE } from '@festival/shared';
import { orders, registrations } from '../src/db/schema.js';
import { updateSettings } from '../src/modules/settings/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { investorForm, outbox, postInvestor, referenceIds } from './registration-helpers.js';
import {
  checkout,
  GST_SETTINGS,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
  pdfText,
} from './ticketing-helpers.js';

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

describe('the language of a registration', () => {
  it('is stored and used for the registration confirmation', async () => {
    const ids = await referenceIds(t);
    const response = await postInvestor(t, investorForm(ids, { email: 'gu@fund.example', locale: 'gu' }));
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db
      .select({ locale: registrations.locale })
      .from(registrations)
      .where(eq(registrations.id, response.json().data._id));
    expect(row?.locale).toBe('gu');

    const [mail] = mailsTo(await outbox(t.dataDir, t.app), 'gu@fund.example');
    expect(mail?.subject).toBe('Startup Fest Gujarat 2024 માટે તમારી નોંધણી');
    expect(mail?.html).toContain('<html lang="gu">');
    expect(mail?.text).toContain('નમસ્તે,');
    expect(mail?.text).toContain('ટિકિટ પસંદ કરો અને ચુકવણી પૂર્ણ કરો');
    // The dates in Gujarati month names with Latin digits, in India time.
    expect(mail?.text).toContain('20–21 ઑક્ટોબર, 2024');
    expect(mail?.text).toContain('મારી નોંધણી સંભાળો: http://localhost:3000/manage');
  });

  it('is English when the form sends none', async () => {
    const ids = await referenceIds(t);
    const response = await postInvestor(t, investorForm(ids, { email: 'en@fund.example' }));
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = mailsTo(await outbox(t.dataDir, t.app), 'en@fund.example');
    expect(mail?.subject).toBe('Your registration for Startup Fest Gujarat 2024');
    expect(mail?.html).toContain('<html lang="en">');
  });

  it('refuses a language the site does not offer, on every request that takes one', async () => {
    const ids = await referenceIds(t);
    const registration = await postInvestor(t, investorForm(ids, { email: 'fr@fund.example', locale: 'fr' }));
    expect(registration.statusCode).toBe(400);
    expect(registration.body).toContain(LOCALE_MESSAGE);

    const [attendee] = await insertAttendees(t.app.db, 1);
    const order = await checkout(t.app, [attendee!], await insertTicketType(t.app.db), { locale: 'de' });
    expect(order.statusCode).toBe(400);
    expect(order.body).toContain(LOCALE_MESSAGE);

    const code = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/AwardVoting',
      payload: { email: 'voter-fr@example.com', id: 1, locale: 'FR' },
    });
    expect(code.statusCode).toBe(400);
    expect(code.body).toContain(LOCALE_MESSAGE);
  });
});

describe('the language of an order', () => {
  it('writes the buyer’s passes in theirs and a colleague’s in the colleague’s own, the invoice in English', async () => {
    const [buyer, colleague] = await insertAttendees(t.app.db, 2, {
      email: (index) => (index === 0 ? 'buyer@gu.example' : 'colleague@hi.example'),
    });
    await t.app.db.update(registrations).set({ locale: 'hi' }).where(eq(registrations.id, colleague!));
    const response = await checkout(t.app, [buyer!, colleague!], await insertTicketType(t.app.db), {
      locale: 'gu',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { order } = CheckoutResponseSchema.parse(response.json());
    const [stored] = await t.app.db
      .select({ locale: orders.locale })
      .from(orders)
      .where(eq(orders.reference, order.reference));
    expect(stored?.locale).toBe('gu');
    await payWithSandbox(t.app, order.id);
    const mails = await outbox(t.dataDir, t.app);

    const [toBuyer] = mailsTo(mails, 'buyer@gu.example');
    expect(toBuyer?.subject).toBe(`તમારા Startup Fest Gujarat 2024 પાસ — ${order.reference}`);
    expect(toBuyer?.html).toContain('<html lang="gu">');
    expect(toBuyer?.text).toContain('તમારી ચુકવણીની પુષ્ટિ થઈ ગઈ છે.');
    expect(toBuyer?.text).toContain(`સંદર્ભ નંબર: ${order.reference}`);
    // Amounts keep Latin digits and Indian grouping in every language.
    expect(toBuyer?.text).toMatch(/ચૂકવેલી રકમ: ₹[\d,]+(\.\d\d)? \(GST સહિત\)/);
    expect(toBuyer?.text).toMatch(/ટેક્સ ઇન્વૉઇસ: \S+ \(જોડેલું\)/);
    const invoice = toBuyer?.attachments.find((file) => file.contentType === 'application/pdf');
    expect(invoice, 'the buyer’s mail carries the invoice').toBeDefined();
    const invoiceText = pdfText(invoice!.content);
    expect(invoiceText).toContain('TAX INVOICE');
    expect(invoiceText).toMatch(/Bill to\s+Attendee \S+\s+buyer@gu\.example/);
    expect(invoiceText).not.toMatch(/[\u0A80-\u0AFF\u0900-\u097F]/);

    const [toColleague] = mailsTo(mails, 'colleague@hi.example');
    expect(toColleague?.subject).toBe(`Startup Fest Gujarat 2024 के लिए आपका इवेंट पास — ${order.reference}`);
    expect(toColleague?.html).toContain('<html lang="hi">');
    expect(toColleague?.text).toContain('आपके भुगतान की पुष्टि हो गई है।');
    expect(toColleague?.text).toContain('मेरा पंजीकरण प्रबंधित करें: http://localhost:3000/manage');
  });

  it('stays English when the checkout sends no language', async () => {
    const [buyer] = await insertAttendees(t.app.db, 1, { email: () => 'buyer@en.example' });
    const response = await checkout(t.app, [buyer!], await insertTicketType(t.app.db));
    const { order } = CheckoutResponseSchema.parse(response.json());
    await payWithSandbox(t.app, order.id);
    const [mail] = mailsTo(await outbox(t.dataDir, t.app), 'buyer@en.example');
    expect(mail?.subject).toBe(`Your Startup Fest Gujarat 2024 pass — ${order.reference}`);
  });
});

describe('the language of a code', () => {
  it('answers a vote code asked in Hindi with a Hindi email', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/AwardVoting',
      payload: { email: 'voter-hi@example.com', id: 1, locale: 'hi' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = mailsTo(await outbox(t.dataDir, t.app), 'voter-hi@example.com');
    expect(mail?.subject).toBe('Startup Fest Gujarat 2024 के लिए आपका वोटिंग कोड');
    expect(mail?.text).toMatch(/यह कोड \d+ मिनट में समाप्त हो जाएगा/);
    expect(mail?.text).toMatch(/^\s+\d{6}$/m);
    expect(mail?.html).toContain('<strong>Startup Fest Gujarat 2024</strong>');
  });
});
