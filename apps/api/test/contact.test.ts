import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInquiries } from '../src/db/schema.js';
import type { Mailer } from '../src/modules/mail/mailer.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { outbox } from './registration-helpers.js';

let t: TestContext;
beforeAll(async () => {
  // The mail names the spec's 2024 edition, current on this clock (seed nextEdition).
  t = await build({ env: { ORGANIZER_EMAIL: 'team@festival.test' }, now: clockFrom() });
});
afterAll(async () => t?.close());

const valid = {
  contactPersonName: '  Meera Shah ',
  email: 'meera@visitor.example',
  number: '9876543210',
  subject: 'Parking <b>for</b> buses',
  message: 'Can a school group park two buses?\nThanks & regards',
};

let nextAddress = 1;
/** Each test posts from its own address so the per-address limit of one never trips another. */
function post(body: Record<string, unknown>, remoteAddress = `10.0.0.${nextAddress++}`, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/auth/contact', payload: body, remoteAddress });
}

describe('POST /api/auth/contact', () => {
  it('stores the inquiry, emails the organisers and answers the spec message', async () => {
    const response = await post(valid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ isOk: true, message: 'Form submitted successfully!' });

    const rows = await t.app.db
      .select()
      .from(contactInquiries)
      .where(eq(contactInquiries.email, 'meera@visitor.example'));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      contactPersonName: 'Meera Shah',
      number: '9876543210',
      subject: 'Parking <b>for</b> buses',
      message: 'Can a school group park two buses?\nThanks & regards',
    });
    await settleJobs(t.app);
    const [notified] = await t.app.db.select().from(contactInquiries).where(eq(contactInquiries.id, row.id));
    expect(notified?.notifiedAt).toBeInstanceOf(Date);
    expect(notified!.notifiedAt!.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());

    const mails = (await outbox(t.dataDir)).filter((mail) =>
      JSON.stringify(mail.to).includes('team@festival.test'),
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Contact inquiry #${row.id}: Parking <b>for</b> buses`);
    expect(mail.text).toContain('Name: Meera Shah');
    expect(mail.text).toContain('Email: meera@visitor.example');
    expect(mail.text).toContain('Phone: 9876543210');
    expect(mail.text).toContain('Startup Fest Gujarat 2024');
    expect(mail.text).toContain('20–21 October 2024');
    expect(mail.html).toContain('Parking &lt;b&gt;for&lt;/b&gt; buses');
    expect(mail.html).toContain('Thanks &amp; regards');
    expect(mail.html).not.toContain('<b>for</b>');
  });

  it('stores a number typed with spaces and a leading +91 as its digits', async () => {
    const response = await post({ ...valid, email: 'spaces@visitor.example', number: '+91 98765 43210' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(contactInquiries)
      .where(eq(contactInquiries.email, 'spaces@visitor.example'));
    expect(row!.number).toBe('9876543210');
  });

  it('accepts an inquiry without a message', async () => {
    const { message: _omitted, ...rest } = valid;
    const response = await post({ ...rest, email: 'nomsg@visitor.example' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(contactInquiries)
      .where(eq(contactInquiries.email, 'nomsg@visitor.example'));
    expect(row!.message).toBeNull();
  });

  it.each([
    [{ contactPersonName: '' }, 'contactPersonName', 'Name is required'],
    [{ contactPersonName: '   ' }, 'contactPersonName', 'Name is required'],
    [{ contactPersonName: undefined }, 'contactPersonName', 'Name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: undefined }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ email: 'a@b' }, 'email', 'Invalid email address'],
    [{ number: '' }, 'number', 'Phone number is required'],
    [{ number: undefined }, 'number', 'Phone number is required'],
    [{ number: '98765-43210' }, 'number', 'Phone number must be digits only'],
    [{ number: '+442079460958' }, 'number', 'Phone number must be digits only'],
    [{ number: '987654321' }, 'number', 'Phone number must be at least 10 digits'],
    [{ number: '1234567890123456' }, 'number', 'Phone number must be at most 15 digits'],
    [{ subject: '' }, 'subject', 'Subject is required'],
    [{ subject: undefined }, 'subject', 'Subject is required'],
  ])('answers 400 for %o with the spec message', async (override, field, message) => {
    const before = await t.app.db.$count(contactInquiries);
    const response = await post({ ...valid, ...override });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.isOk).toBe(false);
    expect(body.errors[field]).toBe(message);
    expect(await t.app.db.$count(contactInquiries)).toBe(before);
  });

  it('answers every message of an empty form at once', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      contactPersonName: 'Name is required',
      email: 'Email is required',
      number: 'Phone number is required',
      subject: 'Subject is required',
    });
  });

  it('limits one address to 10 inquiries a minute', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 10; i += 1) {
      const ok = await post({ ...valid, email: `burst${i}@visitor.example` }, address);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const limited = await post({ ...valid, email: 'burst10@visitor.example' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      isOk: false,
      message: 'Too many requests. Please try again in a minute.',
    });
    expect(
      await t.app.db.$count(contactInquiries, eq(contactInquiries.email, 'burst10@visitor.example')),
    ).toBe(0);
    // Another address is unaffected.
    expect((await post({ ...valid, email: 'other@visitor.example' }, '192.0.2.78')).statusCode).toBe(200);
  });
});

describe('when the organiser email fails', () => {
  let failing: TestContext;
  const attempts: { stored: number }[] = [];
  beforeAll(async () => {
    const mailer: Mailer = {
      async send() {
        // The inquiry must already be committed when the notification is attempted.
        attempts.push({ stored: await failing.app.db.$count(contactInquiries) });
        throw new Error('SMTP server unreachable');
      },
      close() {},
    };
    failing = await build({ mailer });
  });
  afterAll(async () => failing?.close());

  it('still answers 200 and keeps the inquiry, unnotified, with its notification queued for a retry', async () => {
    const response = await post(valid, '10.1.0.1', failing.app);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ isOk: true, message: 'Form submitted successfully!' });
    await settleJobs(failing.app);
    expect(attempts).toEqual([{ stored: 1 }]);
    const rows = await failing.app.db.select().from(contactInquiries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'meera@visitor.example', notifiedAt: null });
    const retries = await failing.app.db.execute(
      sql`select state from pgboss.job where name = 'contact-notification'`,
    );
    expect(JSON.stringify(retries)).toContain('"state":"retry"');
  });
});
