/**
 * The registrant's language: a registration, an order and a waiting-list entry store the
 * language of the page they were sent from, and the mail to each person is written in theirs
 * (the buyer's order language, an attendee's registration language, a code's request language),
 * as is each page of the printable passes (its holder's). Invoices stay English.
 */
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, LOCALE_MESSAGE } from '@festival/shared';
import { orders, registrations, waitingListEntries } from '../src/db/schema.js';
import { updateSettings } from '../src/modules/settings/service.js';
import { sweepWaitingLists } from '../src/modules/waiting-list/service.js';
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
    // The category in Gujarati, as the site's tabs name it.
    expect(mail?.text).toContain('રોકાણકાર (gu@fund.example)');
    // The dates in Gujarati month names with Latin digits, in India time.
    expect(mail?.text).toContain('20–21 ઑક્ટોબર, 2024');
    expect(mail?.text).toContain('મારી નોંધણી સંભાળો: http://localhost:3000/gu/manage');
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

    const waiting = await t.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      payload: { ticketTypeId: 1, name: 'Asha', email: 'wait-fr@example.com', quantity: 1, locale: 'fr' },
    });
    expect(waiting.statusCode).toBe(400);
    expect(waiting.body).toContain(LOCALE_MESSAGE);

    const alert = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registration-alerts',
      payload: { email: 'alert-fr@example.com', locale: 'gujarati' },
    });
    expect(alert.statusCode).toBe(400);
    expect(alert.body).toContain(LOCALE_MESSAGE);
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
    expect(toColleague?.text).toContain('मेरा पंजीकरण प्रबंधित करें: http://localhost:3000/hi/manage');
    // The category is the spec's word, translated; the ticket's name is the organizers'.
    expect(toColleague?.html).toContain('इवेंट पास · निवेशक');
  });

  it('prints each pass in its holder’s language, organizers’ words as typed', async () => {
    const [gujarati, hindi] = await insertAttendees(t.app.db, 2, {
      email: (index) => (index === 0 ? 'pdf@gu.example' : 'pdf@hi.example'),
    });
    await t.app.db.update(registrations).set({ locale: 'gu' }).where(eq(registrations.id, gujarati!));
    await t.app.db.update(registrations).set({ locale: 'hi' }).where(eq(registrations.id, hindi!));
    const ticket = await insertTicketType(t.app.db, { name: 'Delegate Day Pass' });
    const response = await checkout(t.app, [gujarati!, hindi!], ticket);
    const { order } = CheckoutResponseSchema.parse(response.json());
    await payWithSandbox(t.app, order.id);

    const pdf = await t.app.inject({
      url: `/api/auth/payment/orders/${order.reference}/passes.pdf?key=${order.key}`,
    });
    expect(pdf.statusCode).toBe(200);
    const [first, second] = pdfText(pdf.rawPayload)
      .split('\f')
      .filter((page) => page.trim());
    // Shaped Gujarati and Devanagari read back in visual order: each line is compared by its letters.
    const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
    const lines = (page = '') => page.split('\n').map(letters);
    expect(lines(first)).toContain(letters('ઇવેન્ટ પાસ · રોકાણકાર'));
    expect(lines(first)).toContain(letters('20–21 ઑક્ટોબર, 2024, 10:00 AM – 7:00 PM IST'));
    expect(lines(first)).toContain(
      letters(`ઑર્ડર ${order.reference} · પ્રવેશદ્વાર પર આ પાનું (છાપેલું કે સ્ક્રીન પર) બતાવો.`),
    );
    expect(lines(second)).toContain(letters('इवेंट पास · निवेशक'));
    expect(lines(second)).toContain(
      letters(`ऑर्डर ${order.reference} · प्रवेश द्वार पर यह पेज (प्रिंट किया हुआ या स्क्रीन पर) दिखाएँ।`),
    );
    for (const page of [first, second]) {
      expect(page).toContain('Startup Fest Gujarat 2024');
      expect(page).toContain('Delegate Day Pass');
      expect(page).not.toMatch(/[\u0AE6-\u0AEF\u0966-\u096F]/);
    }
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

describe('the language of a waiting-list entry', () => {
  it('writes the confirmation and the offer in the language of the page joined from', async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 1, name: 'Investor Lounge' });
    // A pending order holds the only seat: the type is sold out until its reservation lapses.
    const held = await checkout(t.app, await insertAttendees(t.app.db, 1), ticket);
    expect(held.statusCode, held.body).toBe(200);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      payload: { ticketTypeId: ticket, name: 'Kshama', email: 'wait@gu.example', quantity: 1, locale: 'gu' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const [entry] = await t.app.db
      .select({ locale: waitingListEntries.locale })
      .from(waitingListEntries)
      .where(eq(waitingListEntries.email, 'wait@gu.example'));
    expect(entry?.locale).toBe('gu');

    const [confirmation] = mailsTo(await outbox(t.dataDir, t.app), 'wait@gu.example');
    expect(confirmation?.subject).toBe('પ્રતીક્ષા યાદી: Investor Lounge');
    expect(confirmation?.html).toContain('<html lang="gu">');
    expect(confirmation?.text).toContain('તમે Investor Lounge ની પ્રતીક્ષા યાદીમાં જોડાયા છો (1 બેઠક).');
    expect(confirmation?.text).toContain('યાદીમાં તમે સૌથી પહેલા છો.');
    expect(confirmation?.text).toContain('1 બેઠક 48 કલાક સુધી રાખશે');

    // The reservation lapses (15 minutes): the sweep offers the seat to the line.
    await sweepWaitingLists(
      { db: t.app.db, jobs: t.app.jobs },
      new Date(t.app.now().getTime() + 20 * 60_000),
    );
    const offer = mailsTo(await outbox(t.dataDir, t.app), 'wait@gu.example').find((mail) =>
      mail.subject?.startsWith('Investor Lounge માટે તમારી બેઠકો: વાઉચર'),
    );
    expect(offer?.html).toContain('<html lang="gu">');
    expect(offer?.text).toMatch(/^તમારો વ્યક્તિગત વાઉચર કોડ: WAIT-[A-Z0-9]+$/m);
    // Until when, in Gujarati words with Latin digits, India time.
    expect(offer?.text).toMatch(/અમે તમારા માટે \S+, \d{1,2} \S+ \d{1,2}:\d\d (AM|PM) IST સુધી 1 બેઠક રાખી છે\./);
    expect(offer?.text).not.toMatch(/[\u0AE6-\u0AEF]/);
    expect(offer?.html).toContain('href="http://localhost:3000/register?tab=investor"');
    expect(offer?.text).toContain('નોંધણી કરો: http://localhost:3000/register?tab=investor');
  });
});
