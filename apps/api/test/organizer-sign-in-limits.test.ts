/**
 * Sign-in limits of the organizer console (modules/organizers/sign-in-limits.ts): a stranger
 * guessing an organizer's password is stopped at their own address and slowed down elsewhere,
 * the account is warned once, and the owner still signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGN_IN_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_SLOW_DOWN,
  signInDelayMs,
} from '../src/modules/organizers/sign-in-limits.js';
import { build, clockFrom, type TestContext } from './helper.js';
import {
  addOrganizer,
  authPost,
  cookieOf,
  signIn,
  signedInOrganizer,
  totpCode,
} from './organizer-helpers.js';
import { mailTo, outbox } from './registration-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  // The warning names the spec's 2024 edition, current on this clock (seed nextEdition).
  ctx = await build({ now: clockFrom() });
});
afterAll(async () => ctx?.close());

const WRONG = 'wrong password guess 7431';

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });

/** A wrong-password attempt on `email` from `address`, with how long it took to answer. */
async function guess(email: string, address: string) {
  const started = Date.now();
  const { response } = await signIn(ctx.app, email, WRONG, address);
  return { response, ms: Date.now() - started };
}

/** The outbox's mails to `email`, once the queued jobs have run. */
async function mailsTo(email: string) {
  return (await outbox(ctx.dataDir, ctx.app)).filter((mail) => JSON.stringify(mail.to).includes(email));
}

describe('an attacker guessing an organizer password', () => {
  it('is refused at their address while the owner signs in from another, through TOTP; the owner is warned once', async () => {
    const { organizer, totpURI } = await signedInOrganizer(ctx.app, 'owner');
    const attacker = '203.0.113.10';
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof guess>>['response'] | undefined;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const { response } = await guess(organizer.email, attacker);
      statuses.push(response.statusCode);
      refused = response;
    }
    const { points } = SIGN_IN_PER_ACCOUNT_AND_ADDRESS;
    expect(statuses.slice(0, points)).toEqual(Array(points).fill(401));
    expect(statuses.slice(points)).toEqual(Array(20 - points).fill(429));
    expect(refused!.json()).toEqual({
      isOk: false,
      message: 'Too many failed sign-ins to this account from your address. Try again in 15 minutes.',
      code: 'SIGN_IN_PAUSED',
    });
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(SIGN_IN_PER_ACCOUNT_AND_ADDRESS.blockSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_PER_ACCOUNT_AND_ADDRESS.blockSeconds);
    // The right password from the attacker's address is refused as well: it is not even checked.
    expect((await signIn(ctx.app, organizer.email, undefined, attacker)).response.statusCode).toBe(429);

    // The owner, elsewhere: the password opens only the second step, which still wants the code.
    const owner = await signIn(ctx.app, organizer.email, undefined, '198.51.100.20');
    expect(owner.response.statusCode).toBe(200);
    expect(owner.response.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await me(owner.cookie)).statusCode).toBe(401);
    const wrongCode = await authPost(ctx.app, '/two-factor/verify-totp', { code: '000000' }, owner.cookie);
    expect(wrongCode.statusCode).toBe(401);
    const verified = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: totpCode(totpURI!) },
      owner.cookie,
    );
    expect(verified.statusCode).toBe(200);
    expect((await me(cookieOf(verified.headers))).json().data).toMatchObject({ id: organizer.id });

    // A second address filling its limit within the hour sends no second warning.
    for (let attempt = 0; attempt < points; attempt += 1) {
      expect((await guess(organizer.email, '203.0.113.11')).response.statusCode).toBe(401);
    }
    const warning = await mailTo(ctx.app, ctx.dataDir, organizer.email);
    expect(warning.subject).toBe('Failed sign-ins to your Startup Fest Gujarat 2024 organizer account');
    expect(warning.text).toContain(`most recently from ${attacker} on `);
    expect(warning.text).toContain('Your own sign-in with your password still works.');
    expect(warning.text).not.toContain(WRONG);
    expect(warning.html).not.toContain(WRONG);
  });

  it('starts afresh at an address once the right password is given there', async () => {
    const organizer = await addOrganizer(ctx.app, 'gate');
    const address = '203.0.113.20';
    const { points } = SIGN_IN_PER_ACCOUNT_AND_ADDRESS;
    for (let attempt = 0; attempt < points - 1; attempt += 1) {
      expect((await guess(organizer.email, address)).response.statusCode).toBe(401);
    }
    expect((await signIn(ctx.app, organizer.email, undefined, address)).response.statusCode).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= points; attempt += 1) {
      statuses.push((await guess(organizer.email, address)).response.statusCode);
    }
    expect(statuses).toEqual([...Array(points).fill(401), 429]);
  });

  it('is slowed down, not locked out, when spreading guesses over many addresses; the owner still signs in', async () => {
    const organizer = await addOrganizer(ctx.app, 'gate');
    const { freeAttempts } = SIGN_IN_SLOW_DOWN;
    for (let attempt = 0; attempt < freeAttempts; attempt += 1) {
      expect((await guess(organizer.email, `192.0.2.${100 + attempt}`)).response.statusCode).toBe(401);
    }
    for (const attempt of [freeAttempts + 1, freeAttempts + 2]) {
      const { response, ms } = await guess(organizer.email, `192.0.2.${100 + attempt}`);
      expect(response.statusCode).toBe(401);
      expect(ms).toBeGreaterThanOrEqual(signInDelayMs(attempt));
    }
    expect(signInDelayMs(freeAttempts + 1)).toBe(SIGN_IN_SLOW_DOWN.firstDelayMs);
    expect(signInDelayMs(freeAttempts + 100)).toBe(SIGN_IN_SLOW_DOWN.maxDelayMs);

    const started = Date.now();
    const owner = await signIn(ctx.app, organizer.email, undefined, '198.51.100.30');
    expect(owner.response.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(signInDelayMs(freeAttempts + 3));
    expect((await me(owner.cookie)).json().data).toMatchObject({ id: organizer.id });

    const warning = await mailTo(ctx.app, ctx.dataDir, organizer.email);
    expect(warning.text).toContain(`most recently from 192.0.2.${100 + freeAttempts - 1} on `);
  });

  it('sends no warning for an email that is no organizer’s', async () => {
    const stranger = `nobody-${Date.now()}@example.org`;
    for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_ADDRESS.points; attempt += 1) {
      expect((await guess(stranger, '203.0.113.30')).response.statusCode).toBe(401);
    }
    expect(await mailsTo(stranger)).toEqual([]);
  });
});
