import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { OrganizerCreateSchema } from '@festival/shared';
import { SIGN_IN_PER_ADDRESS } from '../src/modules/organizers/auth.js';
import { createOrganizer } from '../src/modules/organizers/service.js';
import { build, type TestContext } from './helper.js';
import {
  ORIGIN,
  PASSWORD,
  addOrganizer,
  authPost,
  cookieOf,
  signIn,
  signedInOrganizer,
} from './organizer-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await build();
});
afterAll(async () => ctx?.close());

const me = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: cookie ? { cookie } : {} });

describe('sign-in', () => {
  it('signs in with email and password and answers /me', async () => {
    const organizer = await addOrganizer(ctx.app, 'content');
    const { response, cookie } = await signIn(ctx.app, organizer.email);
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/festival-admin\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const answer = await me(cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      id: organizer.id,
      email: organizer.email,
      name: 'Test content',
      role: 'content',
      twoFactorEnabled: false,
      mustChangePassword: false,
    });
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const own = await build({ env: { PUBLIC_URL: 'https://fest.example.org' } });
    try {
      const organizer = await addOrganizer(own.app, 'gate');
      const response = await own.app.inject({
        method: 'POST',
        url: '/api/admin/auth/sign-in/email',
        headers: { origin: 'https://fest.example.org' },
        payload: { email: organizer.email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/__Secure-festival-admin\.session_token=/);
      expect(setCookie).toMatch(/; Secure/i);
    } finally {
      await own.close();
    }
  });

  it('refuses a wrong password and an anonymous /me', async () => {
    const organizer = await addOrganizer(ctx.app, 'gate');
    const { response, cookie } = await signIn(ctx.app, organizer.email, 'not the right password at all');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ isOk: false, message: expect.any(String) });
    expect(cookie).toBe('');
    expect((await me()).statusCode).toBe(401);
    expect((await me()).json()).toEqual({ isOk: false, message: 'Sign in to continue.' });
  });

  it('counts only failed sign-ins against an account: signing in often locks nobody out', async () => {
    const organizer = await addOrganizer(ctx.app, 'gate');
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const { response } = await signIn(ctx.app, organizer.email, PASSWORD, `198.51.100.${attempt + 1}`);
      expect(response.statusCode).toBe(200);
    }
  });

  it('limits sign-in attempts per address, across accounts', async () => {
    const statuses: number[] = [];
    const { max } = SIGN_IN_PER_ADDRESS;
    for (let attempt = 0; attempt <= max; attempt += 1) {
      const { response } = await signIn(
        ctx.app,
        `nobody-${attempt}@example.org`,
        'wrong password guess',
        '192.0.2.77',
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toMatchObject({ isOk: false });
    }
    expect(statuses.slice(0, max).every((status) => status === 401)).toBe(true);
    expect(statuses[max]).toBe(429);
  });
});

describe('two-factor', () => {
  it('keeps owners out of the console until they enrol TOTP', async () => {
    const { cookie } = await signedInOrganizer(ctx.app, 'owner', false);
    expect((await me(cookie)).statusCode).toBe(200);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/organizers', headers: { cookie } });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ isOk: false, message: 'Set up two-factor authentication first.' });
  });

  it('enrols TOTP, then signs in with a code', async () => {
    const { organizer, cookie, totpURI, backupCodes } = await signedInOrganizer(ctx.app, 'owner');
    expect(backupCodes).toHaveLength(10);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect((await me(cookie)).json().data).toMatchObject({ twoFactorEnabled: true });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/organizers', headers: { cookie } });
    expect(list.statusCode).toBe(200);

    const first = await signIn(ctx.app, organizer.email);
    expect(first.response.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await me(first.cookie)).statusCode).toBe(401);
    const { totpCode } = await import('./organizer-helpers.js');
    const wrong = await authPost(ctx.app, '/two-factor/verify-totp', { code: '000000' }, first.cookie);
    expect(wrong.statusCode).toBe(401);
    const verified = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: totpCode(totpURI!) },
      first.cookie,
    );
    expect(verified.statusCode).toBe(200);
    expect((await me(cookieOf(verified.headers))).json().data).toMatchObject({ id: organizer.id });
  });

  it('accepts a backup code once', async () => {
    const { organizer, backupCodes } = await signedInOrganizer(ctx.app, 'finance');
    const code = backupCodes![0]!;
    const first = await signIn(ctx.app, organizer.email);
    const used = await authPost(ctx.app, '/two-factor/verify-backup-code', { code }, first.cookie);
    expect(used.statusCode).toBe(200);
    expect((await me(cookieOf(used.headers))).statusCode).toBe(200);
    const second = await signIn(ctx.app, organizer.email);
    const again = await authPost(ctx.app, '/two-factor/verify-backup-code', { code }, second.cookie);
    expect(again.statusCode).toBe(401);
  });
});

describe('passkeys', () => {
  it('offers WebAuthn registration to a signed-in organizer, bound to PUBLIC_URL', async () => {
    const organizer = await addOrganizer(ctx.app, 'gate');
    const { cookie } = await signIn(ctx.app, organizer.email);
    const options = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/auth/passkey/generate-register-options',
      headers: { cookie },
    });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      challenge: expect.any(String),
      rp: { id: 'localhost' },
      user: { name: organizer.email },
    });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/auth/passkey/list-user-passkeys',
      headers: { cookie },
    });
    expect(listed.json()).toEqual([]);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/auth/passkey/generate-register-options',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('refuses short, common and guessable passwords with a clear message (organizer:add)', async () => {
    const add = (password: string) =>
      createOrganizer(
        ctx.app.db,
        OrganizerCreateSchema.parse({
          email: `new-${password.length}-${Math.random()}@example.org`,
          name: 'Asha Patel',
          role: 'gate',
          password: password.length >= 12 ? password : 'x'.repeat(12),
        }),
        { organizerId: 'cli', email: 'cli@localhost', ip: 'local' },
        new Date(),
      ).then(
        () => 'added',
        (error: Error) => error.message,
      );
    expect(
      OrganizerCreateSchema.safeParse({
        email: 'a@example.org',
        name: 'A',
        role: 'gate',
        password: 'short pass',
      }).error?.issues[0]?.message,
    ).toBe('Use at least 12 characters.');
    expect(await add('qwerty123456')).toMatch(/common or leaked passwords/);
    expect(await add('aaaaaaaaaaaaaaaa')).toMatch(/too easy to guess/);
    expect(await add('ashapatelashapatel')).not.toBe('added');
    expect(await add(PASSWORD)).toBe('added');
  });

  it('applies the rules when an organizer changes their password', async () => {
    const { cookie } = await signedInOrganizer(ctx.app, 'content', false);
    const weak = await authPost(
      ctx.app,
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'password1234' },
      cookie,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/common or leaked|too easy/);
  });
});

describe('sessions', () => {
  it('ends a session unused for 3 hours', async () => {
    const organizer = await addOrganizer(ctx.app, 'content');
    const { cookie } = await signIn(ctx.app, organizer.email);
    expect((await me(cookie)).statusCode).toBe(200);
    const { organizerSessions } = await import('../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    const [session] = await ctx.app.db
      .select()
      .from(organizerSessions)
      .where(eq(organizerSessions.userId, organizer.id));
    // Signed in 3 h ago: better-auth set expiresAt to sign-in + 3 h.
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeCloseTo(3 * 3600 * 1000, -4);
    await ctx.app.db
      .update(organizerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizerSessions.userId, organizer.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends a session 12 hours after sign-in however much it is used', async () => {
    let clock = Date.now();
    const own = await build({ now: () => new Date(clock) });
    try {
      const organizer = await addOrganizer(own.app, 'content');
      const { cookie } = await signIn(own.app, organizer.email);
      clock += 11.9 * 3600 * 1000;
      expect(
        (await own.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).statusCode,
      ).toBe(200);
      clock += 0.2 * 3600 * 1000;
      expect(
        (await own.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).statusCode,
      ).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('signs out of every session', async () => {
    const organizer = await addOrganizer(ctx.app, 'content');
    const laptop = await signIn(ctx.app, organizer.email);
    const phone = await signIn(ctx.app, organizer.email);
    expect((await me(laptop.cookie)).statusCode).toBe(200);
    expect((await me(phone.cookie)).statusCode).toBe(200);
    const out = await authPost(ctx.app, '/revoke-sessions', {}, laptop.cookie);
    expect(out.statusCode).toBe(200);
    expect((await me(laptop.cookie)).statusCode).toBe(401);
    expect((await me(phone.cookie)).statusCode).toBe(401);
  });

  it('ends the sessions of a disabled organizer and refuses their sign-in', async () => {
    const { cookie: owner } = await signedInOrganizer(ctx.app, 'owner');
    const organizer = await addOrganizer(ctx.app, 'gate');
    const { cookie } = await signIn(ctx.app, organizer.email);
    const disabled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizers/${organizer.id}`,
      headers: { cookie: owner, origin: ORIGIN },
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await signIn(ctx.app, organizer.email)).response.statusCode).toBe(403);
  });
});

describe('session cache of the gate scans', () => {
  /** A scan on a list that does not exist: 404 once the session and role pass, else 401 or 403. */
  const scan = (app: TestContext['app'], cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/checkin/redeem',
      headers: { cookie, origin: ORIGIN },
      payload: {
        code: 'SFG-0000000000',
        listId: 999_999,
        direction: 'entry',
        scannedAt: '2024-10-20T05:00:00Z',
        nonce: randomUUID(),
        gate: 'North',
      },
    });

  it('serves only the redeem route', () => {
    const cached = ctx.app.adminRoutes.filter((route) => route.cachedSession);
    expect(cached.map((route) => `${route.method} ${route.url}`)).toEqual(['POST /api/admin/checkin/redeem']);
  });

  it('stops admitting scans by an organizer who signed out', async () => {
    const organizer = await addOrganizer(ctx.app, 'gate');
    const { cookie } = await signIn(ctx.app, organizer.email);
    expect((await scan(ctx.app, cookie)).statusCode).toBe(404);
    expect((await authPost(ctx.app, '/sign-out', {}, cookie)).statusCode).toBe(200);
    expect((await scan(ctx.app, cookie)).statusCode).toBe(401);
  });

  it('follows a role change and a disabled account at once in this process', async () => {
    const { cookie: owner } = await signedInOrganizer(ctx.app, 'owner');
    const change = (id: string, payload: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/organizers/${id}`,
        headers: { cookie: owner, origin: ORIGIN },
        payload,
      });
    const organizer = await addOrganizer(ctx.app, 'gate');
    const { cookie } = await signIn(ctx.app, organizer.email);
    expect((await scan(ctx.app, cookie)).statusCode).toBe(404);
    expect((await change(organizer.id, { role: 'content' })).statusCode).toBe(200);
    expect((await scan(ctx.app, cookie)).statusCode).toBe(403);
    expect((await change(organizer.id, { role: 'gate' })).statusCode).toBe(200);
    expect((await scan(ctx.app, cookie)).statusCode).toBe(404);
    expect((await change(organizer.id, { disabled: true })).statusCode).toBe(200);
    expect((await scan(ctx.app, cookie)).statusCode).toBe(401);
  });

  it('keeps the absolute session lifetime', async () => {
    let clock = Date.now();
    const own = await build({ now: () => new Date(clock) });
    try {
      const organizer = await addOrganizer(own.app, 'gate');
      const { cookie } = await signIn(own.app, organizer.email);
      clock += 11.9 * 3600 * 1000;
      expect((await scan(own.app, cookie)).statusCode).toBe(404);
      clock += 0.2 * 3600 * 1000;
      expect((await scan(own.app, cookie)).statusCode).toBe(401);
    } finally {
      await own.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses a cross-origin change that carries a valid cookie', async () => {
    const { cookie } = await signedInOrganizer(ctx.app, 'owner');
    const payload = {
      email: `csrf-${Date.now()}@example.org`,
      name: 'Mallory',
      role: 'owner',
      password: PASSWORD,
    };
    const cross = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/organizers',
      headers: { cookie, origin: 'https://evil.example' },
      payload,
    });
    expect(cross.statusCode).toBe(403);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/organizers',
      headers: { cookie },
      payload,
    });
    expect(none.statusCode).toBe(403);
    const viaReferer = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/organizers',
      headers: { cookie, referer: `${ORIGIN}/admin/organizers` },
      payload,
    });
    expect(viaReferer.statusCode).toBe(201);
    // Only the accepted request changed anything, and it left its audit row.
    const rows = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'organizer.invite'));
    const created = rows.filter((row) => (row.after as { email?: string } | null)?.email === payload.email);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      entityType: 'organizer',
      before: null,
      after: { role: 'owner', name: 'Mallory' },
    });
  });

  it("has better-auth's own endpoints check the origin", async () => {
    const { cookie } = await signedInOrganizer(ctx.app, 'content', false);
    const cross = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/revoke-sessions',
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(cross.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe('organizer management', () => {
  it('keeps the last owner', async () => {
    const own = await build();
    try {
      const { organizer, cookie } = await signedInOrganizer(own.app, 'owner');
      const demote = await own.app.inject({
        method: 'PATCH',
        url: `/api/admin/organizers/${organizer.id}`,
        headers: { cookie, origin: ORIGIN },
        payload: { role: 'manager' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toMatch(/at least one active owner/);

      // Two owners demoting each other at once: one of them stays owner.
      const second = await signedInOrganizer(own.app, 'owner');
      const demoteOther = (id: string, by: string) =>
        own.app.inject({
          method: 'PATCH',
          url: `/api/admin/organizers/${id}`,
          headers: { cookie: by, origin: ORIGIN },
          payload: { role: 'manager' },
        });
      const answers = await Promise.all([
        demoteOther(second.organizer.id, cookie),
        demoteOther(organizer.id, second.cookie),
      ]);
      // The loser is refused either by the owner count (409) or, when the
      // winner committed before its role check, as no longer an owner (403).
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const winner = answers[0].statusCode === 200 ? cookie : second.cookie;
      const list = await own.app.inject({
        method: 'GET',
        url: '/api/admin/organizers',
        headers: { cookie: winner },
      });
      expect(list.statusCode).toBe(200);
      const roles = list.json().data.items.map((row: { role: string }) => row.role);
      expect(roles.filter((role: string) => role === 'owner')).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe('fail closed', () => {
  it('refuses to start with an admin route that declares no roles', async () => {
    const { buildApp } = await import('../src/app.js');
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    expect(() => app.get('/api/admin/forgotten', async () => 'open')).toThrow(/without config.roles/);
    await app.close();
  });
});
