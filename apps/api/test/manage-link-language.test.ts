/**
 * "Manage my registration" in the email's language: a sign-in link asked for from the Gujarati
 * or Hindi manage page opens `/gu/manage` or `/hi/manage` (and still opens a session), one asked
 * for in English opens `/manage`, and an email written in Gujarati links its "Manage my
 * registration" line to the Gujarati page.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { build, clockFrom, type TestContext } from './helper.js';
import { outbox } from './registration-helpers.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;

beforeAll(async () => {
  t = await build({ now: clockFrom() });
});
afterAll(async () => t?.close());

const mailTo = (mails: ParsedMail[], address: string) =>
  mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(address));

/** Asks for a sign-in link for a registered `email` from a page in `locale` (none: no field sent). */
async function linkMail(email: string, locale?: string): Promise<ParsedMail> {
  await insertAttendees(t.app.db, 1, { email: () => email });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/self-service/link',
    payload: locale ? { email, locale } : { email },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [mail, ...more] = mailTo(await outbox(t.dataDir, t.app), email);
  expect(more).toHaveLength(0);
  return mail!;
}

describe('the sign-in link', () => {
  it('opens the Gujarati manage page when asked for in Gujarati, and signs in', async () => {
    const mail = await linkMail('link@gu.example', 'gu');
    const token = /http:\/\/localhost:3000\/gu\/manage#token=([\w-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`href="http://localhost:3000/gu/manage#token=${token}"`);
    // The footer's "Manage my registration" line leads to the same page.
    expect(mail.text).toMatch(/: http:\/\/localhost:3000\/gu\/manage$/m);

    const session = await t.app.inject({
      method: 'POST',
      url: '/api/self-service/session',
      payload: { token },
    });
    expect(session.statusCode, session.body).toBe(200);
  });

  it('opens the Hindi manage page when asked for in Hindi', async () => {
    const mail = await linkMail('link@hi.example', 'hi');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/hi\/manage#token=[\w-]+/);
    expect(mail.text).not.toMatch(/localhost:3000\/(gu\/)?manage/);
  });

  it('opens the English manage page when asked for without a language', async () => {
    const mail = await linkMail('link@en.example');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/manage#token=[\w-]+/);
    expect(mail.text).not.toMatch(/localhost:3000\/(gu|hi)\/manage/);
  });
});

describe('the manage line of other emails', () => {
  it('leads a Gujarati order’s passes email to the Gujarati manage page', async () => {
    const [attendee] = await insertAttendees(t.app.db, 1, { email: () => 'passes@gu.example' });
    const ticket = await insertTicketType(t.app.db, {});
    const response = await checkout(t.app, [attendee!], ticket, { locale: 'gu' });
    expect(response.statusCode, response.body).toBe(200);
    const { order } = CheckoutResponseSchema.parse(response.json());
    expect((await payWithSandbox(t.app, order.id)).statusCode).toBe(303);

    const mails = mailTo(await outbox(t.dataDir, t.app), 'passes@gu.example');
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).toContain('http://localhost:3000/gu/manage');
      expect(mail.text).not.toMatch(/localhost:3000\/manage/);
    }
  });
});
