/**
 * No log line carries an email address (src/lib/log-redaction.ts): not the mail log, not a
 * limit reached, not a refusal that names the address, not a search in a URL's query. Logs are
 * kept and shipped where an erasure does not reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutAddresses } from '../src/lib/log-redaction.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import { investorForm, postInvestor, referenceIds } from './registration-helpers.js';
import { insertTicketType } from './ticketing-helpers.js';

const REGISTRANT = 'Anika.Rao@example.com';
const VOTER = 'dev.voter@example.org';
const lines: string[] = [];
let t: TestContext;

beforeAll(async () => {
  t = await build({
    now: clockFrom(),
    logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
  });
}, 60_000);
afterAll(async () => t?.close());

describe('the log', () => {
  it('holds no address after a registration, a vote OTP, manage links, a refusal and a search', async () => {
    const form = investorForm(await referenceIds(t), { email: REGISTRANT, name: 'Anika Rao' });
    expect((await postInvestor(t, form)).statusCode).toBe(200);

    const otp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/AwardVoting',
      payload: { email: VOTER, id: 1 },
      remoteAddress: '10.5.0.1',
    });
    expect(otp.statusCode, otp.body).toBe(200);

    // The fourth link within the hour is past the email's limit, which the server logs.
    for (let ask = 0; ask < 4; ask += 1) {
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/self-service/link',
        payload: { email: REGISTRANT },
        remoteAddress: `10.5.1.${ask + 1}`,
      });
      expect(link.statusCode, link.body).toBe(200);
    }

    // Joining a waiting list twice is refused with a message naming the address.
    const soldOut = await insertTicketType(t.app.db, { capacity: 0, name: 'Log Test Pass' });
    for (const expected of [201, 409]) {
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/waiting-list',
        remoteAddress: '10.5.2.1',
        payload: { ticketTypeId: soldOut, name: 'Anika Rao', email: REGISTRANT, quantity: 1 },
      });
      expect(joined.statusCode, joined.body).toBe(expected);
    }

    // An organizer searches the registrations by the address, in the URL's query.
    const { cookie } = await signedInOrganizer(t.app, 'manager');
    for (const q of [REGISTRANT, encodeURIComponent(REGISTRANT)]) {
      const search = await t.app.inject({
        method: 'GET',
        url: `/api/admin/registrations?q=${q}`,
        headers: { cookie, origin: ORIGIN },
      });
      expect(search.statusCode, search.body).toBe(200);
    }
    await settleJobs(t.app);

    const log = lines.join('').toLowerCase();
    // The events happened and were logged: the mail went out, the requests were answered.
    expect(log).toContain('mail written to outbox');
    expect(log).toContain('hourly limit of the email reached');
    expect(log).toContain('/api/admin/registrations?q=');
    for (const address of [REGISTRANT, VOTER]) {
      expect(log).not.toContain(address.toLowerCase());
      expect(log).not.toContain(encodeURIComponent(address).toLowerCase());
    }
  });

  it('replaces addresses as written and percent-encoded, and leaves other lines alone', () => {
    expect(withoutAddresses('{"url":"/x?q=asha%40example.org&b=1","to":"Asha.P+1@mail.example.co.in"}')).toBe(
      '{"url":"/x?q=[email]&b=1","to":"[email]"}',
    );
    const line = '{"msg":"request completed","url":"/api/health"}';
    expect(withoutAddresses(line)).toBe(line);
  });
});
