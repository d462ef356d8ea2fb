/**
 * Messages to attendees, against PGlite and a real SMTP server: each filter resolves the
 * people it should (ticket type, category, paid / unpaid / refunded, checked in, waiting list,
 * registration-alert list), one email per address, unsubscribed addresses left out unless the
 * message is a service notice; merge fields filled in and unknown ones refused; the daily cap;
 * sent vs bounced (SMTP 5xx) vs failed (server down) and the retry of failures; a double press
 * sends once; the audit log says who sent what to how many; only owners and managers may.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MESSAGE_SETTINGS,
  envelope,
  MESSAGE_ROLES,
  MessageDetailSchema,
  MessagePageSchema,
  MessagePreviewSchema,
  MessageSettingsViewSchema,
  MessageSummarySchema,
  ORGANIZER_ROLES,
  type MessageFilter,
} from '@festival/shared';
import {
  auditLog,
  messageRecipients,
  orders,
  passes,
  registrationAlerts,
  registrations,
  waitingListEntries,
} from '../src/db/schema.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { matchPeople } from '../src/modules/messages/repository.js';
import { erasePersonalData } from '../src/modules/messages/service.js';
import { buyPasses } from './checkin-helpers.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { checkout, insertAttendees, insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let smtp: TestSmtpServer;
let port: number;
let signedIn: SignedIn;
let editionId: number;
let typeA: number;
let typeB: number;
/** Addresses by what they are. */
const who = {
  paidA: [] as string[],
  checkedInA: '',
  paidB: [] as string[],
  refundedB: [] as string[],
  pendingA: '',
  neverOrdered: '',
  otherCategory: '',
  twice: 'twice@example.com',
  waiting: 'waiting@example.com',
  alert: 'alert@example.com',
};

const isBounce = (address: string) => address.startsWith('bounce');

beforeAll(async () => {
  const probe = await startSmtpServer();
  port = Number(new URL(probe.url).port);
  await probe.close();
  smtp = await startSmtpServer({ port, refuse: isBounce });
  t = await build({ now: clockFrom(), env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  signedIn = await signInEveryRole(t.app);
  editionId = (await getCurrentEvent(t.app.db)).id;
  typeA = await insertTicketType(t.app.db, { capacity: 50 });
  typeB = await insertTicketType(t.app.db, { capacity: 50 });

  const emailsOf = async (ids: string[]) =>
    (
      await t.app.db
        .select({ email: registrations.email })
        .from(registrations)
        .where(inArray(registrations.id, ids))
    )
      .map((row) => row.email.toLowerCase())
      .sort();

  const a = await buyPasses(t.app, typeA, 2);
  who.paidA = await emailsOf(a.passes.map((pass) => pass.registrationId));
  await t.app.db.update(passes).set({ checkedInAt: new Date() }).where(eq(passes.id, a.passes[0]!.id));
  who.checkedInA = (await emailsOf([a.passes[0]!.registrationId]))[0]!;
  const b = await buyPasses(t.app, typeB, 1);
  who.paidB = await emailsOf(b.passes.map((pass) => pass.registrationId));
  const refunded = await buyPasses(t.app, typeB, 1);
  await t.app.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded.orderId));
  who.refundedB = await emailsOf(refunded.passes.map((pass) => pass.registrationId));
  const [pending] = await insertAttendees(t.app.db, 1);
  expect((await checkout(t.app, [pending!], typeA)).statusCode).toBe(200);
  who.pendingA = (await emailsOf([pending!]))[0]!;
  who.neverOrdered = (await emailsOf(await insertAttendees(t.app.db, 1)))[0]!;
  who.otherCategory = (await emailsOf(await insertAttendees(t.app.db, 1, { participantCategoryId: 1 })))[0]!;
  // One person registered in two categories, the address typed differently.
  await insertAttendees(t.app.db, 1, { participantCategoryId: 1, email: () => 'Twice@Example.com' });
  await insertAttendees(t.app.db, 1, { participantCategoryId: 3, email: () => 'twice@example.com ' });
  await t.app.db.insert(waitingListEntries).values({
    eventId: editionId,
    ticketTypeId: typeA,
    name: 'Wai Ting',
    email: who.waiting,
    quantity: 1,
  });
  await t.app.db.insert(registrationAlerts).values({ email: who.alert, eventId: editionId });
  await settleJobs(t.app);
  smtp.received.length = 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const filter = (extra: Partial<MessageFilter> = {}): MessageFilter => ({
  editionId,
  audience: 'registrations',
  ...extra,
});
const emails = async (f: MessageFilter) =>
  (await matchPeople(t.app.db, f)).map((person) => person.email).sort();
/** The raw line of a header (mailparser turns List-Unsubscribe into an object). */
const headerLine = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n\s+/g, ' ') ?? '';
const sorted = (...lists: (string | string[])[]) => lists.flat().sort();

function post(url: string, payload: unknown, role: (typeof ORGANIZER_ROLES)[number] = 'manager') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: headersOf(signedIn, role),
    payload: payload as object,
  });
}
function get(url: string, role: (typeof ORGANIZER_ROLES)[number] = 'manager') {
  return t.app.inject({ method: 'GET', url, headers: headersOf(signedIn, role) });
}
const draft = (extra: Record<string, unknown> = {}) => ({
  filter: filter({ ticketTypeIds: [typeA] }),
  subject: 'Doors open at 9',
  body: 'Hello {{name}},\n\nYour order {{reference}}: {{ manage_link }}',
  ...extra,
});

describe('who a filter reaches', () => {
  it('resolves each filter on the server', async () => {
    expect(await emails(filter({ ticketTypeIds: [typeA] }))).toEqual(sorted(who.paidA, who.pendingA));
    expect(await emails(filter({ ticketTypeIds: [typeA], payment: 'paid' }))).toEqual(sorted(who.paidA));
    expect(await emails(filter({ ticketTypeIds: [typeB], payment: 'paid' }))).toEqual(sorted(who.paidB));
    expect(await emails(filter({ ticketTypeIds: [typeB], payment: 'refunded' }))).toEqual(
      sorted(who.refundedB),
    );
    expect(await emails(filter({ ticketTypeIds: [typeA, typeB], payment: 'unpaid' }))).toEqual([
      who.pendingA,
    ]);
    expect(await emails(filter({ checkedIn: 'yes' }))).toEqual([who.checkedInA]);
    const notIn = await emails(filter({ ticketTypeIds: [typeA], checkedIn: 'no' }));
    expect(notIn).toEqual(
      sorted(
        who.paidA.filter((email) => email !== who.checkedInA),
        who.pendingA,
      ),
    );
    const other = await emails(filter({ participantCategoryIds: [1] }));
    expect(other).toEqual(sorted(who.otherCategory, who.twice));
    const unpaid = await emails(filter({ payment: 'unpaid' }));
    expect(unpaid).toEqual(expect.arrayContaining([who.pendingA, who.neverOrdered, who.otherCategory]));
    expect(unpaid).not.toEqual(expect.arrayContaining([who.paidA[0]]));
    expect(await emails(filter({ audience: 'waiting_list' }))).toEqual([who.waiting]);
    expect(await emails(filter({ audience: 'waiting_list', ticketTypeIds: [typeB] }))).toEqual([]);
    expect(await emails(filter({ audience: 'registration_alerts' }))).toEqual([who.alert]);
  });

  it('counts an address once however it was typed, with its earliest registration', async () => {
    const people = await matchPeople(t.app.db, filter());
    expect(people.filter((person) => person.email === who.twice)).toHaveLength(1);
  });

  it('gives a paid registration its order reference', async () => {
    const [person] = await matchPeople(t.app.db, filter({ ticketTypeIds: [typeB], payment: 'paid' }));
    expect(person!.reference).toMatch(/\S/);
  });
});

describe('composing', () => {
  it('previews with one recipient’s data, escaped, with the count', async () => {
    const response = await post('/api/admin/messages/preview', draft({ recipientIndex: 0 }));
    expect(response.statusCode, response.body).toBe(200);
    const preview = envelope(MessagePreviewSchema).parse(response.json()).data;
    expect(preview.recipientCount).toBe(3);
    expect(preview.recipient).not.toBeNull();
    expect(preview.text).toContain(`Hello ${preview.recipient!.name},`);
    expect(preview.text).toContain('http://localhost:3000/manage');
    expect(preview.text).not.toContain('{{');
    const hostile = await post(
      '/api/admin/messages/preview',
      draft({ body: '<script>alert(1)</script> {{name}}' }),
    );
    expect(hostile.json().data.html).not.toContain('<script>alert');
    expect(hostile.json().data.html).toContain('&lt;script&gt;');
  });

  it('refuses unknown merge fields, naming them', async () => {
    const response = await post(
      '/api/admin/messages/preview',
      draft({ body: 'Hi {{first_name}} {{name}} {{ticket}}' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('{{first_name}}, {{ticket}}');
    expect(response.json().errors.body).toBeDefined();
  });

  it('refuses an unknown edition and an empty subject with 400', async () => {
    const noEdition = await post(
      '/api/admin/messages/preview',
      draft({ filter: filter({ editionId: 99999 }) }),
    );
    expect(noEdition.statusCode).toBe(400);
    const noSubject = await post('/api/admin/messages/preview', draft({ subject: ' ' }));
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().errors.subject).toBe('Subject is required');
  });

  it('sends a test to the signed-in organizer only', async () => {
    const manager = signedIn.get('manager')!.organizer.email;
    const response = await post('/api/admin/messages/test', draft());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.to).toBe(manager);
    await settleJobs(t.app);
    const tests = smtp.received.filter((mail) => mail.mail.subject === '[Test] Doors open at 9');
    expect(tests.map((mail) => mail.envelopeTo)).toEqual([[manager]]);
  });
});

describe('sending', () => {
  it('mails every recipient once through the queue, with merge fields and an unsubscribe header', async () => {
    const body = draft({ subject: 'Gates and parking', clientKey: randomUUID() });
    const response = await post('/api/admin/messages', body);
    expect(response.statusCode, response.body).toBe(200);
    const sent = envelope(MessageSummarySchema).parse(response.json()).data;
    expect(sent.counts).toMatchObject({ total: 3, queued: 3 });
    // A double press (same form key) answers the same message and queues nothing more.
    const again = await post('/api/admin/messages', body);
    expect(again.json().data.id).toBe(sent.id);
    await settleJobs(t.app);
    const mails = smtp.received.filter((mail) => mail.mail.subject === 'Gates and parking');
    expect(mails.map((mail) => mail.envelopeTo[0]).sort()).toEqual(sorted(who.paidA, who.pendingA));
    const first = mails[0]!.mail;
    expect(first.text).toMatch(/Hello Attendee [\w-]+,/);
    expect(headerLine(first, 'list-unsubscribe')).toMatch(
      /<http:\/\/localhost:3000\/api\/messages\/unsubscribe\?token=/,
    );
    expect(headerLine(first, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const detail = envelope(MessageDetailSchema).parse(
      (await get(`/api/admin/messages/${sent.id}`)).json(),
    ).data;
    expect(detail.counts).toMatchObject({ total: 3, sent: 3, queued: 0 });
    expect(detail.recipients.items.every((item) => item.status === 'sent' && item.sentAt)).toBe(true);
    const list = envelope(MessagePageSchema).parse((await get('/api/admin/messages')).json()).data;
    expect(list.items[0]).toMatchObject({ id: sent.id, subject: 'Gates and parking' });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'message.send' and ${auditLog.entityId} = ${String(sent.id)}`);
    expect(audit).toMatchObject({ organizerEmail: signedIn.get('manager')!.organizer.email });
    expect(audit!.after).toMatchObject({ subject: 'Gates and parking', recipients: 3 });
  });

  it('honours an unsubscribe (one-click POST) for later messages, not for service notices', async () => {
    const mail = smtp.received.find((received) => received.mail.subject === 'Gates and parking')!;
    const url = new URL(/<([^>]+)>/.exec(headerLine(mail.mail, 'list-unsubscribe'))![1]!);
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const forged = await t.app.inject({ method: 'POST', url: '/api/messages/unsubscribe?token=1.AAAA' });
    expect(forged.statusCode).toBe(400);
    const gone = mail.envelopeTo[0]!;
    const preview = envelope(MessagePreviewSchema).parse(
      (await post('/api/admin/messages/preview', draft())).json(),
    ).data;
    expect(preview).toMatchObject({ recipientCount: 2, unsubscribedCount: 1 });
    const notice = await post('/api/admin/messages/preview', draft({ transactional: true }));
    expect(notice.json().data).toMatchObject({ recipientCount: 3, unsubscribedCount: 0 });
    expect(notice.json().data.text).not.toContain('unsubscribe');
    expect(
      (await matchPeople(t.app.db, filter({ ticketTypeIds: [typeA] }))).find((p) => p.email === gone)
        ?.unsubscribed,
    ).toBe(true);
  });

  it('records a 5xx refusal as bounced, a server that is down as failed, and retries them', async () => {
    const [bouncer] = await insertAttendees(t.app.db, 1, { email: () => 'bounce-me@example.com' });
    const ours = filter({ payment: 'unpaid', participantCategoryIds: [3] });
    const first = await post('/api/admin/messages', {
      ...draft({ filter: ours }),
      subject: 'Bounce test',
      clientKey: randomUUID(),
    });
    expect(first.statusCode, first.body).toBe(200);
    await settleJobs(t.app);
    const detail = envelope(MessageDetailSchema).parse(
      (await get(`/api/admin/messages/${first.json().data.id}?status=bounced`)).json(),
    ).data;
    expect(detail.recipients.items.map((item) => item.email)).toEqual(['bounce-me@example.com']);
    expect(detail.recipients.items[0]!.error).toMatch(/550|mailbox unavailable/);
    expect(bouncer).toBeDefined();

    await smtp.close();
    const down = await post('/api/admin/messages', {
      ...draft({ filter: filter({ audience: 'waiting_list' }) }),
      subject: 'Server down',
      clientKey: randomUUID(),
    });
    const id = down.json().data.id as number;
    await settleJobs(t.app);
    const failed = envelope(MessageDetailSchema).parse((await get(`/api/admin/messages/${id}`)).json()).data;
    expect(failed.counts).toMatchObject({ total: 1, failed: 1 });
    smtp = await startSmtpServer({ port, refuse: isBounce });
    const retry = await post(`/api/admin/messages/${id}/retry`, {});
    expect(retry.json().data).toEqual({ queued: 1 });
    await settleJobs(t.app);
    const after = envelope(MessageDetailSchema).parse((await get(`/api/admin/messages/${id}`)).json()).data;
    expect(after.counts).toMatchObject({ total: 1, sent: 1, failed: 0 });
    expect(smtp.received.map((mail) => mail.envelopeTo[0])).toEqual([who.waiting]);
  });

  it('refuses a send past the daily cap with 409 saying how many are left', async () => {
    const manager = headersOf(signedIn, 'manager');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/messages/settings?editionId=${editionId}`,
      headers: manager,
      payload: { ...DEFAULT_MESSAGE_SETTINGS, dailyCap: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = envelope(MessageSettingsViewSchema).parse(saved.json()).data;
    const cap = view.sentToday + 1;
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/messages/settings?editionId=${editionId}`,
      headers: manager,
      payload: { ...view, dailyCap: cap },
    });
    const over = await post('/api/admin/messages', { ...draft(), clientKey: randomUUID() });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'DAILY_CAP' });
    expect(over.json().message).toContain('1 left today');
    const nobody = await post('/api/admin/messages', {
      ...draft({ filter: filter({ ticketTypeIds: [typeB], checkedIn: 'yes' }) }),
      clientKey: randomUUID(),
    });
    expect(nobody.statusCode).toBe(409);
  });

  it('forgets an erased address: its recipient rows go', async () => {
    const rows = () =>
      t.app.db.select().from(messageRecipients).where(eq(messageRecipients.email, who.waiting));
    expect((await rows()).length).toBeGreaterThan(0);
    await t.app.db.transaction((tx) => erasePersonalData(tx, 'Waiting@Example.com'));
    expect(await rows()).toEqual([]);
  });

  it('lets owners and managers only', async () => {
    for (const role of ORGANIZER_ROLES) {
      const response = await post('/api/admin/messages/preview', draft(), role);
      if ((MESSAGE_ROLES as readonly string[]).includes(role)) expect(response.statusCode, role).toBe(200);
      else expect(response.statusCode, role).toBe(403);
    }
  });
});
