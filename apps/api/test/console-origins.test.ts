/**
 * The origins the console's changes may come from: PUBLIC_URL's, and in development each
 * loopback spelling of it (a developer opens http://127.0.0.1:3000 as often as localhost); any
 * other is refused with a message that names PUBLIC_URL, by our check and by better-auth's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { consoleOrigins } from '../src/modules/organizers/auth.js';
import { build, type TestContext } from './helper.js';
import { signedInOrganizer } from './organizer-helpers.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://startupfest.example.org',
  OTP_SECRET: 'a0f3c9e1b7d24f6a8c5e',
  BETTER_AUTH_SECRET: '9c4e1f0a7b3d5e2c8f6a1b9d0e7c3a5f',
  PAYMENT_PROVIDER: 'sandbox',
  SANDBOX_PAYMENT_SECRET: '5b1e77c0d9a84e2f9f61',
};

describe('consoleOrigins', () => {
  it('takes every loopback spelling of a local PUBLIC_URL outside production', () => {
    expect(consoleOrigins(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }))).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(consoleOrigins(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }))).toContain(
      'http://localhost:8080',
    );
  });

  it('takes PUBLIC_URL alone in production, or when it names another host', () => {
    expect(consoleOrigins(loadConfig(PRODUCTION))).toEqual(['https://startupfest.example.org']);
    expect(consoleOrigins(loadConfig({ PUBLIC_URL: 'http://fest.test:3000' }))).toEqual([
      'http://fest.test:3000',
    ]);
  });
});

describe('a change from the console opened at another loopback address', () => {
  let t: TestContext;
  let cookie: string;
  beforeAll(async () => {
    t = await build();
    ({ cookie } = await signedInOrganizer(t.app, 'manager'));
  }, 60_000);
  afterAll(async () => t?.close());

  const addFaq = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/faq',
      headers: { cookie, origin },
      payload: { question: `Asked from ${origin}?`, answer: 'Yes.' },
    });

  it('is accepted from 127.0.0.1 and [::1] on the same port', async () => {
    expect((await addFaq('http://127.0.0.1:3000')).statusCode).toBe(201);
    expect((await addFaq('http://[::1]:3000')).statusCode).toBe(201);
  });

  it('is refused from another port or site, naming PUBLIC_URL', async () => {
    for (const origin of ['http://127.0.0.1:3001', 'https://attacker.example']) {
      const refused = await addFaq(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json().message, origin).toContain('http://localhost:3000 (PUBLIC_URL)');
    }
  });

  it('passes better-auth’s own origin check the same way', async () => {
    const other = await signedInOrganizer(t.app, 'content');
    const signOut = (origin: string, session: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/sign-out',
        headers: { cookie: session, origin },
        payload: {},
      });
    const refused = await signOut('https://attacker.example', other.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('http://localhost:3000 (PUBLIC_URL)');
    expect((await signOut('http://127.0.0.1:3000', other.cookie)).statusCode).toBe(200);
  });
});
