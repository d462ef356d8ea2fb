/**
 * Organizers choose their own password: an owner invites them by email (a link valid 7 days,
 * then two-factor for the roles that need it), and anyone may ask for a password reset by email
 * from the sign-in page (a link valid 60 minutes). Both links are single-use better-auth reset
 * tokens in the URL's fragment; mail is read from the dev outbox.
 */
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizers, organizerVerifications } from '../src/db/schema.js';
import { build, settleJobs, type TestContext } from './helper.js';
import {
  ORIGIN,
  PASSWORD,
  addOrganizer,
  authPost,
  enrolTotp,
  signIn,
  signedInOrganizer,
} from './organizer-helpers.js';
import { outbox } from './registration-helpers.js';

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await build();
  owner = (await signedInOrganizer(ctx.app, 'owner')).cookie;
});
afterAll(async () => ctx?.close());

const NEW_PASSWORD = 'lantern orchard copper meadow';

/** Every outbox message to `to`, oldest first. */
async function mailsTo(to: string): Promise<ParsedMail[]> {
  const mails = (await outbox(ctx.dataDir, ctx.app)).filter((mail) => JSON.stringify(mail.to).includes(to));
  return mails.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
}

/** The token of the set-password link in a mail's text. */
function tokenOf(mail: ParsedMail): string {
  const link = /\/admin\/set-password#token=([A-Za-z0-9]+)/.exec(mail.text ?? '');
  if (!link) throw new Error(`no set-password link in: ${mail.text}`);
  return link[1]!;
}

const invite = (payload: object, cookie = owner) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/organizers',
    headers: { cookie, origin: ORIGIN },
    payload,
  });

const setPassword = (token: string, newPassword = NEW_PASSWORD) =>
  authPost(ctx.app, '/reset-password', { token, newPassword });

const requestReset = (email: string, ip?: string) =>
  authPost(ctx.app, '/request-password-reset', { email }, undefined, ip);

describe('invitations', () => {
  it('invites by email; the link sets the password once; a manager then enrols two-factor', async () => {
    const email = `asha-${Date.now()}@example.org`;
    const invited = await invite({ email: email.toUpperCase(), name: 'Asha Patel', role: 'manager' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data).toMatchObject({ email, role: 'manager', passwordSet: false });
    // No password yet: signing in is refused like any wrong password.
    expect((await signIn(ctx.app, email, NEW_PASSWORD)).response.statusCode).toBe(401);

    const [mail, ...more] = await mailsTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/You are invited to the .* organizer console/);
    expect(mail!.text).toContain('as manager');
    expect(mail!.text).toContain('for 7 days');
    expect(mail!.text).toContain('two-factor authentication');
    expect(mail!.html).toContain('/admin/set-password#token=');
    const token = tokenOf(mail!);

    const weak = await setPassword(token, 'password1234');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('WEAK_PASSWORD');
    expect((await setPassword(token)).statusCode).toBe(200);
    // Single use.
    const again = await setPassword(token, 'another long passphrase here');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');

    const { response, cookie } = await signIn(ctx.app, email, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(me.json().data).toMatchObject({ role: 'manager', twoFactorEnabled: false });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/registrations',
      headers: { cookie },
    });
    expect(list.json().message).toBe('Set up two-factor authentication first.');
    await enrolTotp(ctx.app, cookie, NEW_PASSWORD);

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/organizers',
      headers: { cookie: owner },
    });
    expect(listed.json().data.items.find((row: { email: string }) => row.email === email)).toMatchObject({
      passwordSet: true,
      twoFactorEnabled: true,
    });
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, invited.json().data.id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'organizer.invite',
      'organizer.password_set',
      'organizer.sign_in',
      'organizer.two_factor_on',
    ]);
  });

  it('refuses a taken email, and only owners invite', async () => {
    const existing = await addOrganizer(ctx.app, 'gate');
    const taken = await invite({ email: existing.email, name: 'Again', role: 'gate' });
    expect(taken.statusCode).toBe(409);
    const { cookie } = await signedInOrganizer(ctx.app, 'manager');
    expect((await invite({ email: 'x@example.org', name: 'X', role: 'gate' }, cookie)).statusCode).toBe(403);
    const bad = await invite({ email: 'not an email', name: '', role: 'gate' });
    expect(bad.statusCode).toBe(400);
  });

  it('sends a new invitation on request; the earlier link stops working', async () => {
    const email = `ravi-${Date.now()}@example.org`;
    const { id } = (await invite({ email, name: 'Ravi Shah', role: 'gate' })).json().data as { id: string };
    const resend = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/organizers/${id}/invitation`,
        headers: { cookie: owner, origin: ORIGIN },
      });
    expect((await resend()).statusCode).toBe(200);
    const [first, second] = await mailsTo(email);
    expect(second).toBeDefined();
    // A gate steward needs no two-factor: the email does not mention it.
    expect(second!.text).not.toContain('two-factor');
    expect((await setPassword(tokenOf(first!))).json().code).toBe('INVALID_TOKEN');
    expect((await setPassword(tokenOf(second!))).statusCode).toBe(200);
    const accepted = await resend();
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toMatch(/already chosen a password/);
  });

  it('lets an invitation lapse after 7 days', async () => {
    const email = `lapsed-${Date.now()}@example.org`;
    const { id } = (await invite({ email, name: 'Late Person', role: 'content' })).json().data as {
      id: string;
    };
    const [mail] = await mailsTo(email);
    const [link] = await ctx.app.db
      .select()
      .from(organizerVerifications)
      .where(eq(organizerVerifications.value, id));
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    await ctx.app.db
      .update(organizerVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizerVerifications.id, link!.id));
    expect((await setPassword(tokenOf(mail!))).json().code).toBe('INVALID_TOKEN');
  });
});

describe('password reset', () => {
  it('mails a link valid 60 minutes that sets a new password and ends the sessions', async () => {
    const { organizer, cookie } = await signedInOrganizer(ctx.app, 'finance');
    const asked = await requestReset(organizer.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    const [mail, ...more] = await mailsTo(organizer.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/Reset your .* organizer password/);
    expect(mail!.text).toContain('for 60 minutes');
    const [link] = await ctx.app.db
      .select()
      .from(organizerVerifications)
      .where(eq(organizerVerifications.value, organizer.id));
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000);
    expect((await setPassword(tokenOf(mail!))).statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect((await signIn(ctx.app, organizer.email, PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(ctx.app, organizer.email, NEW_PASSWORD)).response.json()).toMatchObject({
      twoFactorRedirect: true,
    });
  });

  it('answers an unknown or disabled address exactly as a known one, and mails nothing', async () => {
    const known = await addOrganizer(ctx.app, 'content');
    const disabled = await addOrganizer(ctx.app, 'content');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizers/${disabled.id}`,
      headers: { cookie: owner, origin: ORIGIN },
      payload: { disabled: true },
    });
    const answers = await Promise.all(
      [known.email, disabled.email, `nobody-${Date.now()}@example.org`].map(async (email) => {
        const response = await requestReset(email);
        return { status: response.statusCode, body: response.body };
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await settleJobs(ctx.app);
    expect(await mailsTo(known.email)).toHaveLength(1);
    expect(await mailsTo(disabled.email)).toHaveLength(0);
  });

  it('mails one address at most once in 5 minutes; a newer link replaces an older one', async () => {
    const organizer = await addOrganizer(ctx.app, 'gate');
    expect((await requestReset(organizer.email)).statusCode).toBe(200);
    expect((await requestReset(organizer.email)).statusCode).toBe(200);
    expect(await mailsTo(organizer.email)).toHaveLength(1);
    const links = await ctx.app.db
      .select()
      .from(organizerVerifications)
      .where(and(eq(organizerVerifications.value, organizer.id)));
    expect(links).toHaveLength(1);
  });

  // A second connection holds the lock the email's queuing needs: PostgreSQL only (PGlite has one).
  it.skipIf(!process.env.DATABASE_URL)(
    'answers an organizer’s address without waiting for its email to be queued',
    async () => {
      const organizer = await addOrganizer(ctx.app, 'gate');
      const answered = await ctx.app.db.transaction(async (tx) => {
        await tx.select().from(organizers).where(eq(organizers.id, organizer.id)).for('no key update');
        // Were the answer to wait for the queuing (which locks this row), it would never come.
        return (await requestReset(organizer.email)).statusCode;
      });
      expect(answered).toBe(200);
      expect(await mailsTo(organizer.email)).toHaveLength(1);
    },
  );

  it('mails one email for two requests settled in either order', async () => {
    const organizer = await addOrganizer(ctx.app, 'gate');
    // Both links are written before either email is queued, as when the answers come first.
    const [first, second] = await Promise.all([requestReset(organizer.email), requestReset(organizer.email)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await mailsTo(organizer.email)).toHaveLength(1);
    const links = await ctx.app.db
      .select()
      .from(organizerVerifications)
      .where(eq(organizerVerifications.value, organizer.id));
    expect(links).toHaveLength(1);
  });

  it('limits reset requests per client address', async () => {
    const ip = '10.250.0.9';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await requestReset(`someone-${i}@example.org`, ip)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});
