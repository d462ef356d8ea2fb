import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../src/db/schema.js';
import { formatEventSchedule } from '../src/modules/mail/layout.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import {
  filesBelow,
  investorForm,
  postInvestor,
  postStartup,
  referenceIds,
  startupForm,
} from './registration-helpers.js';

let smtp: TestSmtpServer;
let t: TestContext;

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: (address) => address.startsWith('refuse@') });
  t = await build({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Startup Fest <hello@festival.test>' },
    // The mail names the spec's 2024 edition, current on this clock (seed nextEdition).
    now: clockFrom(),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('registration confirmation over SMTP', () => {
  it('delivers an HTML and text confirmation with the event details', async () => {
    const ids = await referenceIds(t);
    const response = await postStartup(
      t,
      startupForm(ids, { contactPersonName: 'Ravi <b>Kumar</b> & Co', email: 'ravi@startup.example' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    await settleJobs(t.app);

    const delivered = smtp.received.filter((item) => item.envelopeTo.includes('ravi@startup.example'));
    expect(delivered).toHaveLength(1);
    const { mail } = delivered[0]!;
    expect(mail.from?.text).toContain('hello@festival.test');
    expect(mail.subject).toBe('Your registration for Startup Fest Gujarat 2024');
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('as a Pitcher for Startup Fest Gujarat 2024');
    expect(mail.text).toContain('When: 20–21 October 2024, 10:00 am – 7:00 pm IST');
    expect(mail.text).toContain('Where: Gujarat Science City, Ahmedabad');
    expect(mail.text).toContain('Choose a ticket and complete the payment to receive your event pass.');
    // Not /register, which refuses the same email again: the manage page pays this registration.
    expect(mail.text).toContain('Manage my registration: http://localhost:3000/manage');
    // The typed name is in neither part (public-mail.test.ts says why).
    expect(mail.text).not.toContain('Kumar');
    expect(mail.html).not.toContain('Kumar');
    // With SMTP configured nothing goes to the outbox.
    expect(await filesBelow(`${t.dataDir}/outbox`)).toEqual([]);
  });

  it('keeps the registration when the mail server refuses the message', async () => {
    const ids = await referenceIds(t);
    const response = await postInvestor(t, investorForm(ids, { email: 'refuse@investor.example' }));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    const rows = await t.app.db.select().from(registrations).where(eq(registrations.id, data._id));
    expect(rows).toHaveLength(1);
    expect(smtp.received.some((item) => item.envelopeTo.includes('refuse@investor.example'))).toBe(false);
  });
});

describe('event schedule', () => {
  it('shows the days and daily hours in India time', () => {
    expect(formatEventSchedule(new Date('2024-10-20T04:30:00Z'), new Date('2024-10-21T13:30:00Z'))).toBe(
      '20–21 October 2024, 10:00 am – 7:00 pm IST',
    );
  });
});
