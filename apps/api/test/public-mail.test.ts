/**
 * What mail the public forms can make the festival send, over a real SMTP server: anyone may
 * type someone else's address with a name or message written as a phishing line, so mail to
 * that address carries none of it, or only as an inert quotation (mail/layout.ts). And
 * registering an address again tells nobody whether it paid: one answer, and the way on is a
 * link mailed to that address alone.
 */
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, RegisteredAttendeeSchema, envelope } from '@festival/shared';
import { contactInquiries } from '../src/db/schema.js';
import { replyToInquiry } from '../src/modules/contact/service.js';
import { requestOrganizerRefund } from '../src/modules/payments/refunds.js';
import { sweepWaitingLists } from '../src/modules/waiting-list/service.js';
import { build, settleJobs, type TestContext } from './helper.js';
import {
  investorForm,
  postInvestor,
  postStartup,
  referenceIds,
  startupForm,
  type ReferenceIds,
} from './registration-helpers.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

const PHISH_NAME = 'Your account is suspended, visit http://phish.example';
const PHISH_COMPANY = 'Verify your pass at www.phish.example/login today';
const PHISH_MESSAGE =
  'Your order is cancelled.\nLog in at https://phish.example/verify or write to help@phish.example';

let smtp: TestSmtpServer;
let t: TestContext;
let ids: ReferenceIds;
let clock = new Date('2024-09-15T06:00:00Z');
const organizer = { organizerId: 'organizer-manager', email: 'manager@festival.test', ip: '192.0.2.30' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await build({
    now: () => clock,
    env: { SMTP_URL: smtp.url, WAITING_LIST_SWEEP_SECONDS: '3600' },
  });
  ids = await referenceIds(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const Registered = envelope(RegisteredAttendeeSchema);

/** Every message delivered to `address`, once the job queue has sent what it holds. */
async function deliveredTo(address: string): Promise<ParsedMail[]> {
  await settleJobs(t.app);
  return smtp.received.filter(({ envelopeTo }) => envelopeTo.includes(address)).map(({ mail }) => mail);
}

/** The text and HTML parts, and the subject, of a message. */
const partsOf = (mail: ParsedMail) => [mail.subject ?? '', mail.text ?? '', mail.html || ''];

/** Nothing of the phishing texts in the message, not even their domain. */
function expectNoTypedText(mail: ParsedMail) {
  for (const part of partsOf(mail)) {
    expect(part).not.toMatch(/suspended|cancelled|Verify your pass|phish/i);
  }
}

/**
 * The phishing texts appear only inside quotation marks or as "> " quoted lines, and no link can
 * be made of them: no scheme, no domain, no address.
 */
function expectOnlyQuoted(mail: ParsedMail) {
  for (const part of partsOf(mail)) {
    expect(part).not.toMatch(/https?:\/\/phish|phish\.example|@phish/);
    const unquoted = part
      .replace(/“[^”]*”/g, '')
      .replace(/^> .*$/gm, '')
      .replace(/<blockquote[^>]*>[^<]*<\/blockquote>/g, '');
    expect(unquoted).not.toMatch(/suspended|cancelled|phish/i);
  }
}

describe('mail to an address anyone can type', () => {
  it('the registration confirmations carry no name or company the form was sent with', async () => {
    const startup = await postStartup(
      t,
      startupForm(ids, {
        email: 'founder@victim.example',
        contactPersonName: PHISH_NAME,
        companyName: PHISH_COMPANY,
        founderName: PHISH_NAME,
        legalName: PHISH_COMPANY,
        description: PHISH_MESSAGE,
      }),
    );
    expect(startup.statusCode, startup.body).toBe(200);
    const investor = await postInvestor(
      t,
      investorForm(ids, { email: 'investor@victim.example', name: PHISH_NAME, companyName: PHISH_COMPANY }),
    );
    expect(investor.statusCode, investor.body).toBe(200);
    const colleague = await t.app.inject({
      method: 'POST',
      url: `/api/auth/registrations/${Registered.parse(startup.json()).data._id}/colleagues`,
      payload: {
        name: PHISH_NAME,
        email: 'colleague@victim.example',
        countryCode: '+91',
        contactNo: '9876543210',
      },
    });
    expect(colleague.statusCode, colleague.body).toBe(200);

    for (const [address, role] of [
      ['founder@victim.example', 'a Pitcher'],
      ['investor@victim.example', 'an Investor'],
      ['colleague@victim.example', 'a Pitcher'],
    ] as const) {
      const [mail, ...more] = await deliveredTo(address);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe('Your registration for Startup Fest Gujarat 2024');
      expect(mail?.text).toContain(`Thank you for registering as ${role} for Startup Fest Gujarat 2024.`);
      expectNoTypedText(mail!);
    }
  });

  it("the waiting list's confirmation and offer do not repeat the name it was joined with", async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 1 });
    const reserved = await checkout(t.app, await insertAttendees(t.app.db, 1), ticket);
    expect(reserved.statusCode, reserved.body).toBe(200);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      payload: { ticketTypeId: ticket, name: PHISH_NAME, email: 'waiting@victim.example', quantity: 1 },
    });
    expect(joined.statusCode, joined.body).toBe(201);

    // The reservation lapses; the sweep offers its seat to the waiting list.
    clock = new Date(clock.getTime() + 16 * 60_000);
    await sweepWaitingLists({ db: t.app.db, jobs: t.app.jobs }, clock);
    const mails = await deliveredTo('waiting@victim.example');
    const confirmation = mails.find((mail) => mail.subject?.startsWith('Waiting list: '));
    const offer = mails.find((mail) => mail.subject?.startsWith('Your seats for '));
    expect(confirmation?.text).toContain('You are first in line.');
    expect(offer?.text).toMatch(/Your personal voucher code: WAIT-/);
    expectNoTypedText(confirmation!);
    expectNoTypedText(offer!);
  });

  it('passes and refunds after a payment show names only quoted, with no link to be made of them', async () => {
    const registered = await postInvestor(
      t,
      investorForm(ids, { email: 'paid@victim.example', name: PHISH_NAME }),
    );
    const markup = await postInvestor(
      t,
      investorForm(ids, { email: 'markup@victim.example', name: '<img src=x onerror=alert(1)> & Co' }),
    );
    const attendees = [registered, markup].map((response) => Registered.parse(response.json()).data._id);
    const { order } = CheckoutResponseSchema.parse(
      (await checkout(t.app, attendees, await insertTicketType(t.app.db))).json(),
    );
    await payWithSandbox(t.app, order.id);
    const [pass] = (await deliveredTo('paid@victim.example')).filter((mail) =>
      mail.subject?.includes(order.reference),
    );
    expect(pass?.text).toContain('“Your account is suspended, visit http[://]phish[.]example”');
    expect(pass?.html).toContain('“Your account is suspended, visit http[://]phish[.]example”');
    // HTML in a name is escaped, never markup.
    expect(pass?.text).toContain('“<img src=x onerror=alert(1)> & Co”');
    expect(pass?.html).toContain('“&lt;img src=x onerror=alert(1)&gt; &amp; Co”');
    expect(pass?.html).not.toContain('<img src=x');
    expectOnlyQuoted(pass!);

    await requestOrganizerRefund(
      {
        db: t.app.db,
        now: () => clock,
        log: t.app.log,
        jobs: t.app.jobs,
        provider: t.app.paymentProvider,
        orderHooks: t.app.orderHooks,
      },
      order.reference,
      { amount: order.amount, reason: 'Cannot come' },
      organizer,
    );
    const [refund] = (await deliveredTo('paid@victim.example')).filter((mail) =>
      mail.subject?.startsWith('Refund'),
    );
    expect(refund?.text).toContain('The festival team has refunded your order.');
    expectNoTypedText(refund!);
  });

  it("an organizer's answer to an inquiry quotes the inquiry inertly and greets nobody by name", async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/contact',
      payload: {
        contactPersonName: PHISH_NAME,
        email: 'inquirer@victim.example',
        number: '9876543210',
        subject: PHISH_NAME,
        message: PHISH_MESSAGE,
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [inquiry] = await t.app.db
      .select({ id: contactInquiries.id })
      .from(contactInquiries)
      .where(eq(contactInquiries.email, 'inquirer@victim.example'));
    await replyToInquiry(
      { db: t.app.db, now: () => clock, jobs: t.app.jobs },
      inquiry!.id,
      'We have no record of this; please write to us from the site.',
      organizer,
    );
    const [reply] = await deliveredTo('inquirer@victim.example');
    expect(reply?.subject).toBe('Re: “Your account is suspended, visit http[://]phish[.]example”');
    expect(reply?.text).toContain(
      '> Log in at https[://]phish[.]example/verify or write to help[@]phish[.]example',
    );
    expect(reply?.text).toContain('Hello,\n\nWe have no record of this');
    expectOnlyQuoted(reply!);
  });
});

describe('registering an address again', () => {
  /** A sign-in link message, by whom it was delivered to. */
  const signInLinks = () =>
    smtp.received
      .filter(({ mail }) => mail.subject?.startsWith('Your sign-in link'))
      .map(({ envelopeTo, mail }) => ({ envelopeTo, text: mail.text ?? '' }));

  it('answers the same whether the earlier registration paid, and mails the link to that address alone', async () => {
    const unpaid = investorForm(ids, { email: 'unpaid@known.example', name: 'Mira Desai' });
    const paid = investorForm(ids, { email: 'paid@known.example', name: 'Kabir Rao' });
    expect((await postInvestor(t, unpaid)).statusCode).toBe(200);
    const registered = await postInvestor(t, paid);
    const { order } = CheckoutResponseSchema.parse(
      (
        await checkout(
          t.app,
          [Registered.parse(registered.json()).data._id],
          await insertTicketType(t.app.db),
        )
      ).json(),
    );
    await payWithSandbox(t.app, order.id);
    await settleJobs(t.app);
    const before = signInLinks().length;

    // Someone else types each address again, under another name.
    const again = await postInvestor(t, { ...unpaid, name: 'Stranger' });
    const againPaid = await postInvestor(t, { ...paid, name: 'Stranger', email: 'Paid@Known.example' });
    expect(again.statusCode).toBe(409);
    expect(againPaid.statusCode).toBe(again.statusCode);
    expect(againPaid.body).toBe(again.body);
    expect(againPaid.headers['content-type']).toBe(again.headers['content-type']);
    expect(again.json()).toEqual({
      isOk: false,
      message:
        "This email is already registered as an Investor for this event. We've emailed you a link to your registration.",
      code: 'ALREADY_REGISTERED',
    });

    await settleJobs(t.app);
    const links = signInLinks().slice(before);
    expect(links.map(({ envelopeTo }) => envelopeTo).sort()).toEqual([
      ['paid@known.example'],
      ['unpaid@known.example'],
    ]);
    for (const { text } of links) expect(text).toMatch(/http:\/\/localhost:3000\/manage#token=[\w-]{20,}/);
  });

  it("a colleague's address registered already gets the link, not the company that typed it", async () => {
    const company = await postStartup(t, startupForm(ids, { email: 'first@company.example' }));
    const companyId = Registered.parse(company.json()).data._id;
    const colleague = {
      name: 'Ravi Mehta',
      email: 'ravi@colleague.example',
      countryCode: '+91',
      contactNo: '9876543210',
    };
    const add = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/auth/registrations/${companyId}/colleagues`,
        payload: colleague,
      });
    expect((await add()).statusCode).toBe(200);
    await settleJobs(t.app);
    const before = signInLinks().length;

    const again = await add();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REGISTERED');
    await settleJobs(t.app);
    expect(
      signInLinks()
        .slice(before)
        .map(({ envelopeTo }) => envelopeTo),
    ).toEqual([['ravi@colleague.example']]);
  });
});
