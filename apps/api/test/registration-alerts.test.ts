/**
 * "Tell me when registration opens": the public form stores an address once however
 * it is typed and mails one confirmation, is refused while registration is open and past its
 * per-address and per-email limits; the console's list, CSV export, announcement and "mark
 * notified" are for owners and managers only; the announcement is refused until registration
 * opens, then emails every waiting address once; an erasure takes the address off the list.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnnounceRegistrationOpenResultSchema,
  DeletionRequestPageSchema,
  DeletionRequestSchema,
  envelope,
  MarkAlertsNotifiedResultSchema,
  ORGANIZER_ROLES,
  REGISTRATION_ALERT_ROLES,
  REGISTRATION_ALERT_SAVED_MESSAGE,
  RegistrationAlertListSchema,
  RegistrationAlertPageSchema,
} from '@festival/shared';
import { events, registrationAlerts, ticketTypes } from '../src/db/schema.js';
import { rowsOf } from '../src/db/search.js';
import { requestDeletion } from '../src/modules/self-service/data-rights.js';
import { registrantActor } from '../src/modules/self-service/sign-in.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { ORIGIN, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { outbox } from './registration-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
/** The app's clock runs on from the instant `setClock` last set (organizer sign-in needs time to pass). */
let offset = 0;
const setClock = (at: Date) => {
  offset = at.getTime() - Date.now();
};

/** Before the seeded edition's sales open (set below), and while they are open. */
const BEFORE_SALES = new Date('2024-09-01T06:00:00Z');
const ON_SALE = new Date('2024-10-01T06:00:00Z');

beforeAll(async () => {
  setClock(BEFORE_SALES);
  t = await build({ now: () => new Date(Date.now() + offset) });
  await t.app.db.update(ticketTypes).set({ salesStartAt: new Date('2024-09-20T04:30:00Z') });
  await t.app.publicCache.invalidate();
  signedIn = await signInEveryRole(t.app);
}, 60_000);
afterAll(async () => t?.close());

let addresses = 0;
const nextAddress = () => `10.88.${addresses >> 8}.${addresses++ & 255}`;

/** Leaves `email` on the list, from a page in `locale` when given (the form sends the page's). */
function leave(email: string, remoteAddress = nextAddress(), locale?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/registration-alerts',
    payload: locale ? { email, locale } : { email },
    remoteAddress,
  });
}

/** The parsed outbox messages to `email`, once the jobs have settled. */
async function parsedMailTo(email: string) {
  return (await outbox(t.dataDir, t.app)).filter((mail) => JSON.stringify(mail.to ?? '').includes(email));
}

function asRole(
  role: (typeof ORGANIZER_ROLES)[number] | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const cookie = role ? signedIn.get(role)!.cookie : undefined;
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function rowsFor(email: string) {
  return t.app.db.execute(sql`select * from registration_alerts where email = ${email}`).then(rowsOf);
}

/** Outbox messages to `email`. */
async function mailTo(email: string): Promise<string[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names) {
    const raw = (await readFile(path.join(dir, name), 'utf8')).replace(/=\r?\n/g, '');
    if (new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) found.push(raw);
  }
  return found;
}

describe('the public form', () => {
  it('stores the address trimmed and lower-cased, once, and confirms it by one email', async () => {
    const first = await leave('  Asha.Patel@Example.COM ');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ isOk: true, message: REGISTRATION_ALERT_SAVED_MESSAGE });
    const again = await leave('asha.patel@example.com');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());

    const rows = await rowsFor('asha.patel@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'asha.patel@example.com', notified_at: null });
    expect((rows[0] as { event_id: number | null }).event_id).not.toBeNull();

    await settleJobs(t.app);
    const mail = await mailTo('asha.patel@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain(
      'We will write to asha.patel@example.com once registration for Startup Fest Gujarat 2024 opens',
    );
  });

  it('confirms the edition the site showed when the address was left, not the one current now', async () => {
    const [past] = await t.app.db
      .insert(events)
      .values({
        slug: 'startup-fest-gujarat-2023',
        name: 'Startup Fest Gujarat 2023',
        venue: 'Gujarat University Convention Centre',
        venueMapUrl: 'https://maps.example/convention-centre',
        referencePrefix: 'SFG23',
        invoicePrefix: 'SFGA',
        startsAt: new Date('2023-10-14T04:30:00Z'),
        endsAt: new Date('2023-10-15T13:30:00Z'),
      })
      .returning({ id: events.id });
    const [alert] = await t.app.db
      .insert(registrationAlerts)
      .values({ email: 'season-one@example.com', eventId: past!.id })
      .returning({ id: registrationAlerts.id });
    await t.app.jobs.enqueue(t.app.db, 'registration-alert-email', { alertId: alert!.id });
    await settleJobs(t.app);
    const [mail] = await mailTo('season-one@example.com');
    expect(mail).toContain('once registration for Startup Fest Gujarat 2023 opens');
    // The list tests below count the addresses the public form left.
    await t.app.db.delete(registrationAlerts).where(eq(registrationAlerts.id, alert!.id));
  });

  it('confirms in the language of the page the address was left on', async () => {
    expect((await leave('gu.alert@example.com', nextAddress(), 'gu')).statusCode).toBe(200);
    expect(await rowsFor('gu.alert@example.com')).toMatchObject([{ locale: 'gu' }]);
    const [mail] = await parsedMailTo('gu.alert@example.com');
    expect(mail?.subject).toBe('Startup Fest Gujarat 2024 માટે નોંધણી: શરૂ થશે ત્યારે અમે તમને જણાવીશું');
    expect(mail?.html).toContain('<html lang="gu">');
    expect(mail?.text).toContain(
      'Startup Fest Gujarat 2024 માટે નોંધણી શરૂ થતાં જ અમે gu.alert@example.com પર લખીશું.',
    );
    expect(mail?.html).toContain('ત્યાં સુધી ફેસ્ટિવલના સમાચાર <a href="http://localhost:3000">');
  });

  it('answers an invalid address with its message', async () => {
    const refused = await leave('not-an-address');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ isOk: false, errors: { email: 'Invalid Email address!' } });
  });

  it('is refused while registration is open', async () => {
    setClock(ON_SALE);
    try {
      const refused = await leave('open@example.com');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ isOk: false, code: 'SALES_OPEN' });
      expect(await rowsFor('open@example.com')).toEqual([]);
    } finally {
      setClock(BEFORE_SALES);
    }
  });

  it('takes 5 tries an hour for one address, from any client', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await leave('Limit@Example.com')).statusCode).toBe(200);
    }
    const refused = await leave(' limit@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many requests for this email address/);
  });

  it('takes 30 requests an hour from one client address', async () => {
    const client = nextAddress();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await leave(`bulk${attempt}@example.com`, client)).statusCode).toBe(200);
    }
    const refused = await leave('bulk-over@example.com', client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many requests from your network/);
    expect((await leave('bulk-over@example.com')).statusCode).toBe(200);
  });
});

describe('the console', () => {
  it('lets only owners and managers list, export, announce to and mark the addresses', async () => {
    const routes = [
      ['GET', '/api/admin/registration-alerts'],
      ['GET', '/api/admin/exports/registration-alerts'],
      ['POST', '/api/admin/registration-alerts/mark-notified'],
      // Before sales open: the roles it lets through are refused with 409, and nothing is sent.
      ['POST', '/api/admin/registration-alerts/announce'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await asRole(null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
      for (const role of ORGANIZER_ROLES) {
        const response = await asRole(role, method, url, method === 'POST' ? {} : undefined);
        const allowed = (REGISTRATION_ALERT_ROLES as readonly string[]).includes(role);
        expect(
          allowed ? response.statusCode !== 403 : response.statusCode === 403,
          `${role} ${method} ${url}`,
        ).toBe(true);
      }
    }
    expect(REGISTRATION_ALERT_ROLES).toEqual(['owner', 'manager']);
  });

  it('lists the addresses newest first, exports them as CSV and marks them notified', async () => {
    for (const email of ['list-zero@example.com', 'list-first@example.com', 'list-second@example.com']) {
      offset += 60_000;
      const left = await leave(email);
      expect(left.statusCode, left.body).toBe(200);
    }

    const listed = await asRole('manager', 'GET', '/api/admin/registration-alerts?limit=2');
    expect(listed.statusCode, listed.body).toBe(200);
    const page = envelope(RegistrationAlertPageSchema).parse(listed.json()).data;
    expect(page.items.map((item) => item.email)).toEqual([
      'list-second@example.com',
      'list-first@example.com',
    ]);
    expect(page.items[0]).toMatchObject({ editionName: 'Startup Fest Gujarat 2024', notifiedAt: null });
    expect(page.nextCursor).not.toBeNull();
    expect(page.waiting).toBeGreaterThanOrEqual(2);

    const next = await asRole(
      'manager',
      'GET',
      `/api/admin/registration-alerts?limit=2&cursor=${page.nextCursor}`,
    );
    const second = envelope(RegistrationAlertPageSchema).parse(next.json()).data;
    expect(second.items.map((item) => item.email)).not.toContain('list-second@example.com');

    const csv = await asRole('owner', 'GET', '/api/admin/exports/registration-alerts');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="registration-alerts-.+\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Left (IST),Email,Edition,Notified (IST)');
    expect(lines[1]).toContain('list-second@example.com');
    expect(lines.length - 1).toBe(page.waiting);

    // Marks what the organizer saw up to the first address; the one left after stays waiting.
    const upTo = page.items[1]!.createdAt;
    const marked = await asRole('owner', 'POST', '/api/admin/registration-alerts/mark-notified', {
      createdUpTo: upTo,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const { marked: count } = envelope(MarkAlertsNotifiedResultSchema).parse(marked.json()).data;
    expect(count).toBe(page.waiting - 1);
    const waiting = await asRole('manager', 'GET', '/api/admin/registration-alerts?status=waiting');
    const left = envelope(RegistrationAlertPageSchema).parse(waiting.json()).data;
    expect(left.items.map((item) => item.email)).toEqual(['list-second@example.com']);
    expect(left.waiting).toBe(1);

    const audit = await t.app.db.execute(
      sql`select after from audit_log where action = 'registration_alert.mark_notified'`,
    );
    expect(rowsOf<{ after: unknown }>(audit)[0]?.after).toEqual({ marked: count, createdUpTo: upTo });
  });
});

describe('the announcement that registration is open', () => {
  const ANNOUNCE = '/api/admin/registration-alerts/announce';

  async function list(role: 'owner' | 'manager' = 'owner', query = '') {
    const response = await asRole(role, 'GET', `/api/admin/registration-alerts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return envelope(RegistrationAlertListSchema).parse(response.json()).data;
  }

  async function announcements() {
    const audit = await t.app.db.execute(
      sql`select after from audit_log where action = 'registration_alert.announce' order by id`,
    );
    return rowsOf<{ after: unknown }>(audit).map((row) => row.after);
  }

  /** The "Registration is open" messages to `email` in the outbox, once the jobs have settled. */
  async function openMailTo(email: string) {
    return (await outbox(t.dataDir, t.app)).filter(
      (mail) =>
        JSON.stringify(mail.to ?? '').includes(email) && mail.subject?.startsWith('Registration is open'),
    );
  }

  it('is refused until registration opens, and the list says why', async () => {
    expect((await leave('announce.early@example.com')).statusCode).toBe(200);
    const before = await list();
    expect(before.current).toEqual({
      editionName: 'Startup Fest Gujarat 2024',
      sales: { state: 'upcoming', opensAt: '2024-09-20T04:30:00.000Z', closesAt: null },
    });

    const refused = await asRole('owner', 'POST', ANNOUNCE);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      isOk: false,
      code: 'SALES_NOT_OPEN',
      message:
        'Registration for Startup Fest Gujarat 2024 has not opened yet: email the list once its ticket types are on sale.',
    });
    expect((await list()).waiting).toBe(before.waiting);
    expect(await rowsFor('announce.early@example.com')).toMatchObject([{ notified_at: null }]);
    expect(await announcements()).toEqual([]);
    expect(await openMailTo('announce.early@example.com')).toEqual([]);
  });

  it('once registration is open, emails every waiting address once and marks it notified', async () => {
    const emails = ['announce.one@example.com', 'announce.two@example.com'];
    for (const email of emails) expect((await leave(email)).statusCode).toBe(200);
    expect((await leave('announce.hi@example.com', nextAddress(), 'hi')).statusCode).toBe(200);
    const { waiting } = await list();
    expect(waiting).toBeGreaterThanOrEqual(3);

    setClock(ON_SALE);
    try {
      expect((await list('manager')).current.sales).toMatchObject({ state: 'open', opensAt: null });
      const announced = await asRole('manager', 'POST', ANNOUNCE);
      expect(announced.statusCode, announced.body).toBe(200);
      expect(announced.json().message).toBe(`${waiting} emails queued`);
      expect(envelope(AnnounceRegistrationOpenResultSchema).parse(announced.json()).data).toEqual({
        emailed: waiting,
      });
      const after = await list('manager', '?status=waiting');
      expect(after.items).toEqual([]);
      expect(after.waiting).toBe(0);
      for (const email of [...emails, 'announce.early@example.com']) {
        const [row] = await rowsFor(email);
        expect((row as { notified_at: Date | string | null }).notified_at).not.toBeNull();
        const mails = await openMailTo(email);
        expect(mails, email).toHaveLength(1);
        expect(mails[0]!.subject).toBe('Registration is open: Startup Fest Gujarat 2024');
      }

      const [mail] = await openMailTo('announce.one@example.com');
      for (const part of [mail!.text ?? '', mail!.html || '']) {
        expect(part).toContain('Registration for Startup Fest Gujarat 2024 is open.');
        expect(part).toContain(
          'The festival is on 20–21 October 2024, 10:00 am – 7:00 pm IST at Gujarat Science City, Ahmedabad.',
        );
        expect(part).toContain('http://localhost:3000/register');
        expect(part).toContain(
          'You receive this because announce.one@example.com asked on our site to hear when registration opens.',
        );
      }
      expect(mail!.html).toContain('href="http://localhost:3000/register"');

      // An address left from a Hindi page reads the announcement in Hindi, dates with Latin digits.
      const hindi = (await parsedMailTo('announce.hi@example.com')).find((message) =>
        message.subject?.startsWith('पंजीकरण शुरू हो गया है'),
      );
      expect(hindi?.subject).toBe('पंजीकरण शुरू हो गया है: Startup Fest Gujarat 2024');
      expect(hindi?.html).toContain('<html lang="hi">');
      expect(hindi?.text).toMatch(
        /Startup Fest Gujarat 2024 के लिए पंजीकरण शुरू हो गया है। फ़ेस्टिवल 20–21 अक्टूबर 2024, 10:00 .+ – 7:00 .+ IST, Gujarat Science City, Ahmedabad में होगा।/,
      );
      expect(hindi?.html).toContain(
        '<a href="http://localhost:3000/register">http://localhost:3000/register</a> पर पंजीकरण करें।',
      );

      // A second press finds nobody waiting: nothing is marked or sent again.
      const again = await asRole('owner', 'POST', ANNOUNCE);
      expect(again.statusCode, again.body).toBe(200);
      expect(envelope(AnnounceRegistrationOpenResultSchema).parse(again.json()).data).toEqual({ emailed: 0 });
      for (const email of emails) expect(await openMailTo(email), email).toHaveLength(1);
      expect(await announcements()).toEqual([
        { emailed: waiting, edition: 'Startup Fest Gujarat 2024' },
        { emailed: 0, edition: 'Startup Fest Gujarat 2024' },
      ]);
    } finally {
      setClock(BEFORE_SALES);
    }
  });
});

describe('an erasure', () => {
  it('takes the address off the list', async () => {
    const email = 'erase.me@example.com';
    expect((await leave('Erase.Me@example.com')).statusCode).toBe(200);
    await settleJobs(t.app);
    await requestDeletion(t.app.db, registrantActor(email, '10.6.0.1'), t.app.now());
    const open = await asRole('owner', 'GET', '/api/admin/deletion-requests?status=open');
    const request = envelope(DeletionRequestPageSchema)
      .parse(open.json())
      .data.items.find((item) => item.email === email);
    expect(request).toBeDefined();
    const erased = await asRole('owner', 'POST', `/api/admin/deletion-requests/${request!.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(envelope(DeletionRequestSchema).parse(erased.json()).data.outcome).toMatchObject({
      registrationAlerts: 1,
    });
    expect(await rowsFor(email)).toEqual([]);
    const [other] = await t.app.db.select().from(registrationAlerts).limit(1);
    expect(other).toBeDefined();
  });
});
