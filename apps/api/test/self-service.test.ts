/**
 * "Manage my registration". The sign-in link's lifecycle (one use, 30 minutes
 * on a controlled clock, the same answer for unknown emails, limits per email and per
 * address), paying an unpaid registration again, correcting a name, the printable passes
 * (text read back with pdftotext), data export and deletion request, and the honest answers
 * of the payment pages.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  MANAGE_LINK_SENT_MESSAGE,
  ManageOverviewSchema,
  OrderSummarySchema,
  envelope,
} from '@festival/shared';
import { auditLog, deletionRequests, manageLinks, registrations } from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import { investorForm, outbox, postInvestor, referenceIds } from './registration-helpers.js';
import {
  checkout,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
  postForm,
  pdfText,
  pressSandboxButton,
} from './ticketing-helpers.js';

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');
const minutes = (n: number) => {
  clock = new Date(clock.getTime() + n * 60_000);
};
let address = 0;
/** A fresh client address per call site, so the per-address limit only bites where tested. */
const nextAddress = () => `10.9.0.${++address}`;

beforeAll(async () => {
  t = await build({ now: () => clock });
});
afterAll(async () => t?.close());

function askLink(email: string, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/self-service/link', payload: { email }, remoteAddress });
}

function openSession(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/self-service/session', payload: { token } });
}

/** Tokens of the sign-in links mailed to `email`, oldest first. */
async function linksMailedTo(email: string): Promise<string[]> {
  const mails = (await outbox(t.dataDir, t.app)).filter(
    (mail) =>
      JSON.stringify(mail.to).toLowerCase().includes(email.toLowerCase()) &&
      mail.subject?.includes('sign-in link'),
  );
  mails.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
  return mails.map((mail) => {
    const match = /\/manage#token=([\w-]+)/.exec(mail.text ?? '');
    if (!match?.[1]) throw new Error('no link in the mail');
    return match[1];
  });
}

/** Asks for a link, reads it from the outbox and opens a session; returns the bearer headers. */
async function signIn(email: string) {
  const before = (await linksMailedTo(email)).length;
  expect((await askLink(email)).statusCode).toBe(200);
  const tokens = await linksMailedTo(email);
  expect(tokens.length).toBe(before + 1);
  const response = await openSession(tokens.at(-1)!);
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().data.sessionToken as string}` };
}

async function overview(headers: Record<string, string>) {
  const response = await t.app.inject({ url: '/api/self-service/overview', headers });
  expect(response.statusCode, response.body).toBe(200);
  return envelope(ManageOverviewSchema).parse(response.json()).data;
}

describe('the sign-in link', () => {
  it('answers the same for an unknown email and mails nothing', async () => {
    const known = 'Known.Person@example.com';
    await insertAttendees(t.app.db, 1, { email: () => known });
    const unknown = await askLink('nobody@example.com');
    const registered = await askLink(known);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(registered.json());
    expect(unknown.json().message).toBe(MANAGE_LINK_SENT_MESSAGE);
    expect(await linksMailedTo('nobody@example.com')).toEqual([]);
    expect(await linksMailedTo(known)).toHaveLength(1);
  });

  it('stores only a hash of the token and works once', async () => {
    const email = 'once@example.com';
    await insertAttendees(t.app.db, 1, { email: () => email });
    await askLink(email);
    const [token] = await linksMailedTo(email);
    const [row] = await t.app.db.select().from(manageLinks).where(eq(manageLinks.email, email));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);

    const first = await openSession(token!);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.email).toBe(email);
    const second = await openSession(token!);
    expect(second.statusCode).toBe(401);
    expect(second.json().message).toMatch(/expired or was already used/);
  });

  it('expires 30 minutes after it was sent', async () => {
    const email = 'expiry@example.com';
    await insertAttendees(t.app.db, 1, { email: () => email });
    await askLink(email);
    await askLink(email);
    const [early, late] = await linksMailedTo(email);
    minutes(29);
    expect((await openSession(early!)).statusCode).toBe(200);
    minutes(1);
    expect((await openSession(late!)).statusCode).toBe(401);
  });

  it('is sent at most 3 times an hour per email, silently', async () => {
    const email = 'limited@example.com';
    await insertAttendees(t.app.db, 1, { email: () => email });
    for (let i = 0; i < 4; i++) {
      const response = await askLink(email);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(MANAGE_LINK_SENT_MESSAGE);
    }
    expect(await linksMailedTo(email)).toHaveLength(3);
    minutes(61);
    await askLink(email);
    expect(await linksMailedTo(email)).toHaveLength(4);
  });

  it('is refused past 5 requests per client address in 15 minutes', async () => {
    const from = '10.8.8.8';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await askLink(`someone${i}@example.com`, from)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses a session without or with a made-up token', async () => {
    expect((await t.app.inject({ url: '/api/self-service/overview' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      url: '/api/self-service/overview',
      headers: { authorization: 'Bearer not-a-session-token-at-all' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('a signed-in registrant', () => {
  it('pays an unpaid registration again, downloads the passes and gets them again by email', async () => {
    const email = 'payer@example.com';
    const ticketId = await insertTicketType(t.app.db, { capacity: 5 });
    const [buyer, colleague] = await insertAttendees(t.app.db, 2, {
      email: (index) => (index === 0 ? email : 'colleague@example.com'),
    });
    const first = await checkout(t.app, [buyer!, colleague!], ticketId);
    const failed = CheckoutResponseSchema.parse(first.json());
    const { action, fields } = await pressSandboxButton(t.app, failed.order.id, 'fail');
    await postForm(t.app, action, fields);
    minutes(16);

    // The failure page may say "you have not been charged": no payment was captured.
    const failedSummary = await t.app.inject({
      url: `/api/auth/payment/orders/${failed.order.reference}?key=${failed.order.key}`,
    });
    const unpaidSummary = envelope(OrderSummarySchema).parse(failedSummary.json()).data;
    expect(unpaidSummary.paymentCaptured).toBe(false);
    expect(['failed', 'expired']).toContain(unpaidSummary.status);

    const headers = await signIn(email);
    const before = await overview(headers);
    expect(before.attendees.map((a) => a.id).sort()).toEqual([buyer, colleague].sort());
    expect(before.attendees.every((a) => a.canRename && a.passCode === null)).toBe(true);
    const unpaid = before.orders.find((order) => order.reference === failed.order.reference);
    expect(unpaid).toMatchObject({
      status: unpaidSummary.status,
      attendeeIds: [buyer, colleague],
      ticketTypeId: ticketId,
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/self-service/checkout',
      headers,
      payload: { startupIds: unpaid!.attendeeIds, selectedTicket: unpaid!.ticketTypeId },
    });
    expect(again.statusCode, again.body).toBe(200);
    const second = CheckoutResponseSchema.parse(again.json());
    expect(second.order.reference).not.toBe(failed.order.reference);
    expect(second.order.amount).toBe(100_000);
    expect((await payWithSandbox(t.app, second.order.id)).headers.location).toBe(
      `/payment-success?reference=${second.order.reference}`,
    );

    const after = await overview(headers);
    expect(after.orders.find((o) => o.reference === second.order.reference)?.status).toBe('paid');
    const passCodes = after.attendees.map((a) => a.passCode);
    expect(passCodes.every((code) => code?.startsWith('SFG-'))).toBe(true);

    const paidSummary = await t.app.inject({
      url: `/api/auth/payment/orders/${second.order.reference}?key=${second.order.key}`,
    });
    expect(paidSummary.json().data.paymentCaptured).toBe(true);

    // The PDF, by reference and from the session: one page per pass with the name and code.
    for (const url of [
      `/api/auth/payment/orders/${second.order.reference}/passes.pdf?key=${second.order.key}`,
      `/api/self-service/orders/${second.order.reference}/passes.pdf`,
    ]) {
      const pdf = await t.app.inject({ url, headers });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.rawPayload);
      for (const attendee of after.attendees) {
        expect(text).toContain(attendee.name);
        expect(text).toContain(attendee.passCode);
      }
      expect(text.split('\f').filter((page) => page.trim()).length).toBe(2);
    }

    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/self-service/orders/${second.order.reference}/resend`,
      headers,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const passMails = (await outbox(t.dataDir, t.app)).filter(
      (mail) => mail.subject?.includes(second.order.reference) && JSON.stringify(mail.to).includes(email),
    );
    expect(passMails).toHaveLength(2);
    expect(passMails[0]?.text).toContain('http://localhost:3000/manage');
  });

  it('cannot reach other people’s attendees or orders', async () => {
    const email = 'nosy@example.com';
    await insertAttendees(t.app.db, 1, { email: () => email });
    const [stranger] = await insertAttendees(t.app.db, 1);
    const ticketId = await insertTicketType(t.app.db);
    const theirs = CheckoutResponseSchema.parse((await checkout(t.app, [stranger!], ticketId)).json());
    const headers = await signIn(email);

    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/self-service/checkout',
      headers,
      payload: { startupIds: [stranger], selectedTicket: ticketId },
    });
    expect(pay.statusCode).toBe(403);
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/self-service/attendees/${stranger}`,
      headers,
      payload: { name: 'Someone Else' },
    });
    expect(rename.statusCode).toBe(403);
    const pdf = await t.app.inject({
      url: `/api/self-service/orders/${theirs.order.reference}/passes.pdf`,
      headers,
    });
    expect(pdf.statusCode).toBe(403);
  });

  it("shows a colleague their own pass, and the buyer's to nobody but the buyer", async () => {
    const buyerEmail = 'buyer-of-two@example.com';
    const colleagueEmail = 'colleague-of-two@example.com';
    const ids = await insertAttendees(t.app.db, 2, { email: (i) => [buyerEmail, colleagueEmail][i]! });
    const ticketId = await insertTicketType(t.app.db);
    const { order } = CheckoutResponseSchema.parse((await checkout(t.app, ids, ticketId)).json());
    await payWithSandbox(t.app, order.id);

    const asColleague = await signIn(colleagueEmail);
    const seen = await overview(asColleague);
    const codeOf = (id: string) => seen.attendees.find((attendee) => attendee.id === id)?.passCode;
    expect(codeOf(ids[1]!)).toMatch(/^SFG-/);
    // A typed pass code admits at the gate: the buyer's is not the colleague's to see, though
    // the page still knows the buyer holds a pass (nothing to pay for).
    expect(codeOf(ids[0]!)).toBeNull();
    expect(seen.attendees.find((attendee) => attendee.id === ids[0])?.hasPass).toBe(true);
    const pdf = await t.app.inject({
      url: `/api/self-service/orders/${order.reference}/passes.pdf`,
      headers: asColleague,
    });
    expect(pdf.statusCode).toBe(200);
    const pages = pdfText(pdf.rawPayload)
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(codeOf(ids[1]!));

    const asBuyer = await overview(await signIn(buyerEmail));
    expect(asBuyer.attendees.filter((attendee) => ids.includes(attendee.id)).map((a) => a.passCode)).toEqual([
      expect.stringMatching(/^SFG-/),
      expect.stringMatching(/^SFG-/),
    ]);
  });

  it('corrects the spelling of a name, audited', async () => {
    const email = 'speller@example.com';
    const [id] = await insertAttendees(t.app.db, 1, { email: () => email });
    const headers = await signIn(email);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/self-service/attendees/${id}`,
      headers,
      payload: { name: '  Priya Raval  ', email: 'hijack@example.com' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, id!));
    expect(row).toMatchObject({ name: 'Priya Raval', email });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registration.correct_name'), eq(auditLog.entityId, id!)));
    expect(audit).toMatchObject({ organizerEmail: email, after: { name: 'Priya Raval' } });

    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/self-service/attendees/${id}`,
      headers,
      payload: { name: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ name: 'Name is required' });
  });

  it('downloads their data and asks for its deletion', async () => {
    const email = 'mydata@example.com';
    await insertAttendees(t.app.db, 1, { email: () => email });
    const headers = await signIn(email);
    const exported = await t.app.inject({ url: '/api/self-service/export', headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().data.registrations).toHaveLength(1);
    expect(exported.json().data.registrations[0]).toMatchObject({ email, contactNo: '9876543210' });

    const asked = await t.app.inject({ method: 'POST', url: '/api/self-service/deletion-request', headers });
    expect(asked.statusCode).toBe(200);
    const twice = await t.app.inject({ method: 'POST', url: '/api/self-service/deletion-request', headers });
    expect(twice.json().data.requestedAt).toBe(asked.json().data.requestedAt);
    expect(
      await t.app.db.select().from(deletionRequests).where(eq(deletionRequests.email, email)),
    ).toHaveLength(1);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'registrant.deletion_request'));
    expect(audits.filter((row) => row.entityId === email)).toHaveLength(1);
    expect((await overview(headers)).deletionRequestedAt).toBe(asked.json().data.requestedAt);
  });

  it('signs out', async () => {
    const email = 'leaver@example.com';
    await insertAttendees(t.app.db, 1, { email: () => email });
    const headers = await signIn(email);
    await t.app.inject({ method: 'DELETE', url: '/api/self-service/session', headers });
    expect((await t.app.inject({ url: '/api/self-service/overview', headers })).statusCode).toBe(401);
  });
});

describe('the honest pages', () => {
  it('answers 404 for an unknown reference, for the summary and the PDF', async () => {
    expect((await t.app.inject({ url: '/api/auth/payment/orders/SFG-NOSUCHORDER' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/auth/payment/orders/SFG-NOSUCHORDER/passes.pdf' })).statusCode,
    ).toBe(404);
  });

  it('mails the manage link when registering again with a registered email', async () => {
    const ids = await referenceIds(t);
    const form = investorForm(ids, { email: 'again@investor.example' });
    expect((await postInvestor(t, form)).statusCode).toBe(200);
    const again = await postInvestor(t, form);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REGISTERED');
  });
});
