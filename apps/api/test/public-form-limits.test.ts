/**
 * Limits of the public forms that write or send mail to an address the caller typed:
 * registration (startup, investor, colleague), checkout, the vote OTP, the contact form and the
 * waiting list. Per client address they are generous (a campus registers from one network),
 * per email address tight, so neither a burst from one client nor one address asked for from
 * many clients gets through; each refusal is a 429 in the API's envelope with `Retry-After`.
 * Then TRUST_PROXY: behind the proxies it names, a client rotating X-Forwarded-For values
 * stays one client for every per-address limit, and nobody else's forwarding is believed.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParticipantCategory } from '@festival/shared';
import { build, clockFrom, type TestContext } from './helper.js';
import {
  investorForm,
  multipart,
  referenceIds,
  startupForm,
  type ReferenceIds,
} from './registration-helpers.js';
import { insertAttendees, insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let ids: ReferenceIds;
beforeAll(async () => {
  t = await build({ now: clockFrom() });
  ids = await referenceIds(t);
});
afterAll(async () => t?.close());

let lastAddress = 0;
/** A client address no other request of this file used. */
const freshAddress = () => `10.40.${Math.floor(lastAddress / 250)}.${(lastAddress++ % 250) + 1}`;

/** A random IPv4 address, as a client rotating its X-Forwarded-For would write. */
const randomAddress = () => [...randomBytes(4)].join('.');

function post(url: string, payload: Record<string, unknown>, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress });
}

async function postStartupForm(fields: Record<string, string>, remoteAddress = freshAddress()) {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/create/StartUpDetailsMaster',
    remoteAddress,
    ...body,
  });
}

/** A refusal of a limit: 429, `Retry-After` in seconds within `windowSeconds`, the envelope. */
function expectRefused(response: LightMyRequestResponse, windowSeconds: number, message: RegExp) {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.json()).toMatchObject({ isOk: false, message: expect.stringMatching(message) });
}

const HOUR = 3600;
const PER_EMAIL = /^Too many requests for this email address\. Please try again in \d+ minutes?\.$/;

describe('per client address, the registration forms and checkout', () => {
  /** Empty forms count as much as filled ones: the limit is met before the body is read. */
  const cases: [string, string, () => Promise<LightMyRequestResponse>][] = [
    [
      'the investor form',
      '/api/auth/investor',
      () => post('/api/auth/investor', investorForm(ids, { email: `${randomAddress()}@fresh.example` })),
    ],
    [
      'the startup form',
      '/api/auth/create/StartUpDetailsMaster',
      () => postStartupForm(startupForm(ids, { email: `${randomAddress()}@fresh.example` })),
    ],
    [
      'the colleague form',
      '/api/auth/registrations/00000000-0000-4000-8000-000000000000/colleagues',
      () =>
        post('/api/auth/registrations/00000000-0000-4000-8000-000000000000/colleagues', {
          name: 'Someone Else',
          email: `${randomAddress()}@fresh.example`,
          countryCode: '+91',
          contactNo: '9876543210',
        }),
    ],
    ['checkout', '/api/auth/payment/checkout', () => post('/api/auth/payment/checkout', {})],
  ];

  it.each(cases)(
    '%s takes 100 requests an hour from one address, then 429 with Retry-After',
    async (_name, url, fromElsewhere) => {
      const address = freshAddress();
      for (let request = 0; request < 100; request += 1) {
        const response = await post(url, {}, address);
        expect(response.statusCode, response.body).toBe(400);
      }
      expectRefused(
        await post(url, {}, address),
        HOUR,
        /^Too many (registrations|checkouts) from your network\./,
      );
      expect((await fromElsewhere()).statusCode).not.toBe(429);
    },
  );
});

describe('per email address, from any number of client addresses', () => {
  it('the investor form takes 10 an hour for one address, however it is typed', async () => {
    const typings = [
      'dup@investor.example',
      'Dup@Investor.example',
      ' DUP@investor.EXAMPLE',
      'dUp@investor.example',
    ];
    const answers = [];
    for (let request = 0; request < 10; request += 1) {
      const email = typings[request % typings.length];
      answers.push((await post('/api/auth/investor', investorForm(ids, { email }))).statusCode);
    }
    expect(answers).toEqual([200, ...Array<number>(9).fill(409)]);
    expectRefused(
      await post('/api/auth/investor', investorForm(ids, { email: 'dup@investor.example' })),
      HOUR,
      PER_EMAIL,
    );
    expect(
      (await post('/api/auth/investor', investorForm(ids, { email: 'other@investor.example' }))).statusCode,
    ).toBe(200);
  });

  it('the startup form takes 10 an hour for one address', async () => {
    const form = startupForm(ids, { email: 'dup@startup.example' });
    for (let request = 0; request < 10; request += 1) {
      expect((await postStartupForm(form)).statusCode).toBe(request === 0 ? 200 : 409);
    }
    expectRefused(await postStartupForm(form), HOUR, PER_EMAIL);
    expect((await postStartupForm(startupForm(ids, { email: 'other@startup.example' }))).statusCode).toBe(
      200,
    );
  });

  it("the colleague form takes 10 an hour for one colleague's address", async () => {
    const company = await postStartupForm(
      startupForm(ids, {
        email: 'founder@colleagues.example',
        participantCategoryId: String(ParticipantCategory.StartUp),
      }),
    );
    expect(company.statusCode, company.body).toBe(200);
    const url = `/api/auth/registrations/${(company.json() as { data: { _id: string } }).data._id}/colleagues`;
    const colleague = (email: string) => ({
      name: 'Ravi Mehta',
      email,
      countryCode: '+91',
      contactNo: '9876501234',
    });
    for (let request = 0; request < 10; request += 1) {
      expect((await post(url, colleague('ravi@colleagues.example'))).statusCode).toBe(
        request === 0 ? 200 : 409,
      );
    }
    expectRefused(await post(url, colleague('RAVI@colleagues.example')), HOUR, PER_EMAIL);
    expect((await post(url, colleague('meena@colleagues.example'))).statusCode).toBe(200);
  });

  it("checkout takes 10 an hour for one buyer's address (the first attendee's)", async () => {
    const ticket = await insertTicketType(t.app.db, { capacity: 50 });
    const [buyer, other] = await insertAttendees(t.app.db, 2);
    const checkout = (attendee: string) =>
      post('/api/auth/payment/checkout', { startupIds: [attendee], selectedTicket: ticket });
    for (let request = 0; request < 10; request += 1) {
      const response = await checkout(buyer!);
      expect(response.statusCode, response.body).toBe(200);
    }
    expectRefused(await checkout(buyer!), HOUR, PER_EMAIL);
    expect((await checkout(other!)).statusCode).toBe(200);
  });

  it("the vote OTP's verification takes 10 per 10 minutes for one voter", async () => {
    const verify = (email: string) =>
      post('/api/auth/verify-otp/AwardVoting', { email, otp: '123456', id: 1 });
    for (let request = 0; request < 10; request += 1) {
      expect((await verify('target@voter.example')).statusCode).toBe(400);
    }
    const refused = await verify('target@voter.example');
    expectRefused(refused, 600, PER_EMAIL);
    // The vote popup reads `error` (voting/routes.ts).
    expect(refused.json().error).toBe(refused.json().message);
    expect((await verify('bystander@voter.example')).statusCode).toBe(400);
  });

  it("the vote OTP's codes, 5 an hour per voter, are refused with Retry-After", async () => {
    const send = (email: string) => post('/api/auth/send-otp/AwardVoting', { email });
    for (let request = 0; request < 5; request += 1) {
      expect((await send('eager@voter.example')).statusCode).toBe(200);
    }
    const refused = await send('eager@voter.example');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(HOUR - 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(HOUR);
    expect((await send('calm@voter.example')).statusCode).toBe(200);
  });

  it('the contact form takes 5 an hour under one address', async () => {
    const inquiry = (email: string) => ({
      contactPersonName: 'Meera',
      email,
      number: '9876543210',
      subject: 'Stalls',
    });
    for (let request = 0; request < 5; request += 1) {
      expect((await post('/api/auth/contact', inquiry('meera@contact.example'))).statusCode).toBe(200);
    }
    expectRefused(await post('/api/auth/contact', inquiry('Meera@Contact.example')), HOUR, PER_EMAIL);
    expect((await post('/api/auth/contact', inquiry('neel@contact.example'))).statusCode).toBe(200);
  });

  it('the waiting list takes 5 joins an hour for one address', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 50 });
    const join = (email: string) =>
      post('/api/waiting-list', { ticketTypeId, name: 'Hopeful', email, quantity: 1 });
    // Seats are free, so each join is refused (409), and still counted.
    for (let request = 0; request < 5; request += 1)
      expect((await join('hopeful@wait.example')).statusCode).toBe(409);
    expectRefused(await join('hopeful@wait.example'), HOUR, PER_EMAIL);
    expect((await join('patient@wait.example')).statusCode).toBe(409);
  });
});

describe('TRUST_PROXY names the proxies', () => {
  const PROXY = '10.0.0.1';
  let behind: TestContext;
  let document: OpenAPIV3.Document;
  beforeAll(async () => {
    behind = await build({ now: clockFrom(), env: { TRUST_PROXY: `${PROXY},10.9.0.0/16` } });
    document = (await behind.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(async () => behind?.close());

  /** A request of `method` to `url`, with an empty body where one is taken. */
  function send(method: string, url: string, remoteAddress: string, forwardedFor?: string) {
    return behind.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
    });
  }

  /** Every public operation, path parameters filled in: the limits count before validation. */
  function publicOperations(): { method: string; url: string }[] {
    return Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/api/admin'))
      .flatMap(([path, item]) =>
        (['get', 'post', 'put', 'patch', 'delete'] as const)
          .filter((method) => item?.[method])
          .map((method) => ({
            method,
            url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001'),
          })),
      );
  }

  it('a client rotating X-Forwarded-For behind the proxy slips past no per-address limit', async () => {
    const limited: string[] = [];
    for (const [index, { method, url }] of publicOperations().entries()) {
      const client = `198.51.100.${index + 1}`;
      const first = await send(method, url, PROXY, `${randomAddress()}, ${client}`);
      const max = Number(first.headers['x-ratelimit-limit']);
      if (!max) continue;
      limited.push(`${method} ${url}`);
      // Through the proxy's second address (a range), with another made-up hop on the left.
      for (let request = 1; request < max; request += 1) {
        const response = await send(
          method,
          url,
          '10.9.3.4',
          `${randomAddress()}, ${randomAddress()}, ${client}`,
        );
        expect(response.statusCode, `${method} ${url}`).not.toBe(429);
      }
      const over = await send(method, url, PROXY, `${randomAddress()}, ${client}`);
      expect(over.statusCode, `${method} ${url}`).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      const neighbour = await send(method, url, PROXY, `${randomAddress()}, 198.51.101.${index + 1}`);
      expect(neighbour.statusCode, `${method} ${url} for another client`).not.toBe(429);
    }
    expect(limited).toEqual(
      expect.arrayContaining([
        'post /api/auth/investor',
        'post /api/auth/create/StartUpDetailsMaster',
        'post /api/auth/payment/checkout',
        'post /api/auth/send-otp/AwardVoting',
        'post /api/auth/contact',
        'post /api/waiting-list',
        'post /api/self-service/link',
      ]),
    );
  });

  it('believes no X-Forwarded-For from a client that is not a proxy', async () => {
    const client = '203.0.113.9';
    for (let request = 0; request < 10; request += 1) {
      expect((await send('post', '/api/auth/contact', client, randomAddress())).statusCode).toBe(400);
    }
    expect((await send('post', '/api/auth/contact', client, randomAddress())).statusCode).toBe(429);
    expect((await send('post', '/api/auth/contact', PROXY, randomAddress())).statusCode).toBe(400);
  });
});
