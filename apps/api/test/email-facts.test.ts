/**
 * Facts kept once: every email names the festival, its dates and its venue from
 * the event row, so an edition changed in the database changes every email with it.
 */
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { events } from '../src/db/schema.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { investorForm, outbox, postInvestor, referenceIds } from './registration-helpers.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;

const NEXT_EDITION = {
  name: 'Startup Fest Gujarat 2025',
  venue: 'Mahatma Mandir, Gandhinagar',
  // 14–15 November 2025, 9:30 am – 6:00 pm IST
  startsAt: new Date('2025-11-14T04:00:00Z'),
  endsAt: new Date('2025-11-15T12:30:00Z'),
};
const SCHEDULE = '14–15 November 2025, 9:30 am – 6:00 pm IST';

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  const event = await getCurrentEvent(t.app.db);
  await t.app.db.update(events).set(NEXT_EDITION).where(eq(events.id, event.id));
  // Written behind the app's back: the app keeps the current edition (db/read-mostly.ts).
  await t.app.publicCache.invalidate();
});
afterAll(async () => t?.close());

function mailsTo(mails: ParsedMail[], address: string) {
  return mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(address));
}

/** Header, footer and body name the edition in the database, nothing of the seeded one. */
function expectEventFacts(mail: ParsedMail) {
  for (const part of [mail.text ?? '', mail.html || '']) {
    expect(part).toContain('Startup Fest Gujarat 2025');
    expect(part).toContain(`${SCHEDULE} · Mahatma Mandir, Gandhinagar`);
    // Whole words: a one-time code such as 692024 holds the digits 2024.
    expect(part).not.toMatch(/\b2024\b|Science City|October/);
  }
  expect(mail.text?.startsWith('Startup Fest Gujarat 2025\n')).toBe(true);
}

describe('emails take the event from its row', () => {
  it('registration confirmation', async () => {
    const ids = await referenceIds(t);
    const response = await postInvestor(t, investorForm(ids, { email: 'facts@fund.example' }));
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = mailsTo(await outbox(t.dataDir, t.app), 'facts@fund.example');
    expect(mail?.subject).toBe('Your registration for Startup Fest Gujarat 2025');
    expectEventFacts(mail!);
  });

  it('passes', async () => {
    const [attendee] = await insertAttendees(t.app.db, 1, { email: () => 'facts@buyer.example' });
    const { order } = CheckoutResponseSchema.parse(
      (await checkout(t.app, [attendee!], await insertTicketType(t.app.db))).json(),
    );
    await payWithSandbox(t.app, order.id);
    const [mail] = mailsTo(await outbox(t.dataDir, t.app), 'facts@buyer.example');
    expect(mail?.subject).toBe(`Your Startup Fest Gujarat 2025 pass — ${order.reference}`);
    expectEventFacts(mail!);
  });

  it('contact notification and vote code', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/auth/contact',
      payload: {
        contactPersonName: 'Meera',
        email: 'meera@facts.example',
        number: '9876543210',
        subject: 'Hi',
      },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/AwardVoting',
      payload: { email: 'voter@facts.example', id: 1 },
    });
    expect(vote.statusCode, vote.body).toBe(200);

    const mails = await outbox(t.dataDir, t.app);
    const [notification] = mails.filter((mail) => mail.subject?.startsWith('Contact inquiry #'));
    expectEventFacts(notification!);
    const [code] = mailsTo(mails, 'voter@facts.example');
    expect(code?.subject).toBe('Your voting code for Startup Fest Gujarat 2025');
    expectEventFacts(code!);
  });
});
