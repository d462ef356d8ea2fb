/**
 * Automatic reminders, against PGlite and a real SMTP server, on a clock the test moves:
 * - an unpaid registration is reminded once, after the organizer's number of hours, with a
 *   sign-in link that opens Manage my registration; paid ones, ones being paid, colleagues,
 *   ones too recent or too old, and erased ones are not; switched off, nobody is (the job's
 *   own check that the registration is still unpaid when it runs is not raced here);
 * - the day before the festival (from 09:00 India time) each paid order's buyer gets every pass
 *   and the printable PDF, a colleague their own pass; once; a refunded order nothing;
 * - joining a waiting list is confirmed with the place in line, unless switched off;
 * - the settings save and refuse bad hours in the schema's words.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MESSAGE_SETTINGS,
  envelope,
  ManageSessionSchema,
  MessageSettingsViewSchema,
  type MessageSettings,
} from '@festival/shared';
import { orders, registrations } from '../src/db/schema.js';
import { getCurrentEvent, type Event } from '../src/modules/current-edition/service.js';
import { dayBeforeFrom, sweepReminders, UNPAID_WINDOW_DAYS } from '../src/modules/reminders/service.js';
import { buyPasses } from './checkin-helpers.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { checkout, insertAttendees, insertTicketType } from './ticketing-helpers.js';

const HOUR = 3_600_000;
let clock = new Date('2024-09-15T06:00:00Z');
let t: TestContext;
let smtp: TestSmtpServer;
let signedIn: SignedIn;
let event: Event;
let typeId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await build({ now: () => clock, env: { SMTP_URL: smtp.url } });
  signedIn = await signInEveryRole(t.app);
  event = await getCurrentEvent(t.app.db);
  typeId = await insertTicketType(t.app.db, { capacity: 50 });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const deps = () => ({ db: t.app.db, jobs: t.app.jobs, secret: t.app.config.OTP_SECRET });

/** Sweeps at the test's clock (after earlier emails went), runs the emails it queued, and answers them. */
async function sweep() {
  await settleJobs(t.app);
  smtp.received.length = 0;
  const queued = await sweepReminders(deps(), clock);
  await settleJobs(t.app);
  return { queued, mails: smtp.received.map((received) => received.mail) };
}

async function saveSettings(settings: Partial<MessageSettings>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/messages/settings?editionId=${event.id}`,
    headers: headersOf(signedIn, 'manager'),
    payload: { ...DEFAULT_MESSAGE_SETTINGS, ...settings },
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope(MessageSettingsViewSchema).parse(response.json()).data;
}

/** Registers one buyer made `hoursAgo` before the clock; answers its id and address. */
async function registeredAgo(
  hoursAgo: number,
  extra: { colleagueOfId?: string; locale?: 'en' | 'gu' | 'hi' } = {},
) {
  const [id] = await insertAttendees(t.app.db, 1);
  const [row] = await t.app.db
    .update(registrations)
    .set({ createdAt: new Date(clock.getTime() - hoursAgo * HOUR), ...extra })
    .where(eq(registrations.id, id!))
    .returning({ email: registrations.email });
  return { id: id!, email: row!.email.toLowerCase() };
}

const recipients = (mails: { to?: unknown }[]) =>
  mails.map((mail) => JSON.stringify(mail.to).toLowerCase()).join(' ');

describe('the unpaid reminder', () => {
  it('reminds a registration unpaid for the set hours, once, with a link that signs in', async () => {
    await saveSettings({ unpaidReminderHours: 24 });
    const due = await registeredAgo(25);
    const recent = await registeredAgo(23);
    const tooOld = await registeredAgo(24 + UNPAID_WINDOW_DAYS * 24 + 1);
    const colleague = await registeredAgo(30, { colleagueOfId: due.id });
    const paying = await registeredAgo(26);
    expect((await checkout(t.app, [paying.id], typeId)).statusCode).toBe(200);
    const erased = await registeredAgo(27);
    await t.app.db
      .update(registrations)
      .set({ email: `erased-${erased.id}@erased.invalid` })
      .where(eq(registrations.id, erased.id));
    const paid = await buyPasses(t.app, typeId, 1);
    await t.app.db
      .update(registrations)
      .set({ createdAt: new Date(clock.getTime() - 48 * HOUR) })
      .where(eq(registrations.id, paid.passes[0]!.registrationId));

    const { queued, mails } = await sweep();
    expect(queued.unpaid).toBe(1);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(recipients(mails)).toContain(due.email);
    for (const other of [recent, tooOld, colleague, paying])
      expect(recipients(mails)).not.toContain(other.email);
    expect(mail!.subject).toBe(`Your ${event.name} registration is not paid yet`);
    expect(mail!.text).toContain('The link works once, for 72 hours');
    const token = /\/manage#token=([\w-]+)/.exec(mail!.text ?? '')?.[1];
    expect(token).toBeDefined();
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/self-service/session',
      payload: { token },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(envelope(ManageSessionSchema).parse(session.json()).data.email).toBe(due.email);

    expect((await sweep()).mails).toHaveLength(0);
  });

  it('reminds in the language of the registration', async () => {
    await saveSettings({ unpaidReminderHours: 24 });
    const due = await registeredAgo(25, { locale: 'gu' });
    const { mails } = await sweep();
    const [mail] = mails.filter((sent) => JSON.stringify(sent.to).toLowerCase().includes(due.email));
    expect(mail!.subject).toBe(`તમારી ${event.name} નોંધણીની ચુકવણી હજી બાકી છે`);
    expect(mail!.text).toContain('આ લિંક 72 કલાક માટે, ફક્ત એક વાર ચાલે છે');
    expect(mail!.html).toContain('<html lang="gu">');
  });

  it('reminds nobody while switched off', async () => {
    await saveSettings({ unpaidReminder: false });
    await registeredAgo(25);
    expect(await sweep()).toMatchObject({ queued: { unpaid: 0 }, mails: [] });
    await saveSettings({ unpaidReminder: true });
  });
});

describe('the day-before reminder', () => {
  it('sends each paid order its passes from 09:00 India time the day before, once', async () => {
    const order = await buyPasses(t.app, typeId, 2);
    const refunded = await buyPasses(t.app, typeId, 1);
    await t.app.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded.orderId));
    const emails = (
      await t.app.db
        .select({ id: registrations.id, email: registrations.email })
        .from(registrations)
        .where(
          inArray(
            registrations.id,
            order.passes.map((pass) => pass.registrationId),
          ),
        )
    ).map((row) => row.email.toLowerCase());

    const from = dayBeforeFrom(event);
    // The edition starts at 10:00 India time on 20 October: reminders from 09:00 on the 19th.
    expect(event.startsAt.toISOString()).toBe('2024-10-20T04:30:00.000Z');
    expect(from.toISOString()).toBe('2024-10-19T03:30:00.000Z');
    clock = new Date(from.getTime() - 60_000);
    expect((await sweep()).queued.dayBefore).toBe(0);

    clock = new Date(from.getTime() + 60_000);
    const { mails } = await sweep();
    const toOrder = mails.filter((mail) => emails.some((email) => recipients([mail]).includes(email)));
    expect(toOrder).toHaveLength(2);
    const buyerMail = toOrder.find(
      (mail) => mail.attachments.filter((a) => a.contentType === 'image/png').length === 2,
    );
    const colleagueMail = toOrder.find((mail) => mail !== buyerMail);
    expect(buyerMail?.subject).toBe(`Tomorrow: ${event.name} — your passes`);
    expect(buyerMail?.text).toContain('starts tomorrow');
    expect(buyerMail?.text).not.toContain('Amount paid');
    expect(buyerMail?.attachments.map((a) => a.contentType)).toContain('application/pdf');
    expect(colleagueMail?.subject).toBe(`Tomorrow: ${event.name} — your pass`);
    const refundedEmail = (
      await t.app.db
        .select({ email: registrations.email })
        .from(registrations)
        .where(eq(registrations.id, refunded.passes[0]!.registrationId))
    )[0]!.email.toLowerCase();
    expect(recipients(mails)).not.toContain(refundedEmail);

    expect((await sweep()).mails).toHaveLength(0);
    clock = new Date('2024-09-15T06:00:00Z');
  });
});

describe('the waiting-list confirmation', () => {
  async function join(email: string, soldOutType: number) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      payload: { ticketTypeId: soldOutType, name: 'Wai Ting', email, quantity: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  it('confirms a join with the place in line, and is sent no more once switched off', async () => {
    const soldOut = await insertTicketType(t.app.db, { capacity: 1 });
    await buyPasses(t.app, soldOut, 1);
    smtp.received.length = 0;
    await join('first-in-line@example.com', soldOut);
    await join('second-in-line@example.com', soldOut);
    await settleJobs(t.app);
    const mails = smtp.received.map((received) => received.mail);
    const first = mails.find((mail) => recipients([mail]).includes('first-in-line@example.com'));
    const second = mails.find((mail) => recipients([mail]).includes('second-in-line@example.com'));
    expect(first?.subject).toMatch(/^Waiting list: /);
    expect(first?.text).toContain('You are first in line.');
    expect(second?.text).toContain('1 person is ahead of you.');
    expect(first?.text).not.toContain('Wai Ting');

    await saveSettings({ waitingListConfirmation: false });
    smtp.received.length = 0;
    await join('third-in-line@example.com', soldOut);
    await settleJobs(t.app);
    expect(smtp.received).toHaveLength(0);
    await saveSettings({ waitingListConfirmation: true });
  });
});

describe('the settings', () => {
  it('keep what the organizer saved and refuse hours out of range in the schema’s words', async () => {
    const saved = await saveSettings({ unpaidReminderHours: 48, dayBeforeReminder: false });
    expect(saved).toMatchObject({ unpaidReminderHours: 48, dayBeforeReminder: false, unpaidReminder: true });
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/messages/settings?editionId=${event.id}`,
      headers: headersOf(signedIn, 'manager'),
      payload: { ...DEFAULT_MESSAGE_SETTINGS, unpaidReminderHours: 0 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Hours must be at least 1');
    await saveSettings({});
  });
});
