/**
 * The audit log beyond changes to data: sign-ins (with how), two-factor turned on and off,
 * backup codes renewed, and every export taken; and the console's reading of it names people
 * and things (organizer name, the entity's name or reference) beside their ids.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageSchema } from '@festival/shared';
import { auditLog } from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import { ORIGIN, PASSWORD, authPost, signIn, signedInOrganizer, totpCode } from './organizer-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await build();
});
afterAll(async () => ctx?.close());

const actionsOf = async (organizerId: string) =>
  (
    await ctx.app.db.select().from(auditLog).where(eq(auditLog.organizerId, organizerId)).orderBy(auditLog.id)
  ).map((row) => ({ action: row.action, after: row.after }));

describe('security events in the audit log', () => {
  it('records sign-ins with their method, and two-factor turned on, renewed and off', async () => {
    const { organizer, cookie, totpURI } = await signedInOrganizer(ctx.app, 'finance');
    const first = await signIn(ctx.app, organizer.email);
    expect(first.response.json()).toMatchObject({ twoFactorRedirect: true });
    const verified = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: totpCode(totpURI!) },
      first.cookie,
    );
    expect(verified.statusCode).toBe(200);
    const renewed = await authPost(
      ctx.app,
      '/two-factor/generate-backup-codes',
      { password: PASSWORD },
      cookie,
    );
    expect(renewed.statusCode).toBe(200);
    const off = await authPost(ctx.app, '/two-factor/disable', { password: PASSWORD }, cookie);
    expect(off.statusCode).toBe(200);
    // A wrong password is no sign-in.
    expect((await signIn(ctx.app, organizer.email, 'not the password at all')).response.statusCode).toBe(401);

    expect(await actionsOf(organizer.id)).toEqual([
      { action: 'organizer.sign_in', after: { method: 'password' } },
      { action: 'organizer.two_factor_on', after: null },
      { action: 'organizer.sign_in', after: { method: 'password and authenticator code' } },
      { action: 'organizer.backup_codes_renewed', after: null },
      { action: 'organizer.two_factor_off', after: null },
    ]);
  });

  it('records every export: which list, format and filters', async () => {
    const { organizer, cookie } = await signedInOrganizer(ctx.app, 'manager');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/exports/orders?format=csv&status=paid',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizerId, organizer.id), eq(auditLog.action, 'export.download')));
    expect(row).toMatchObject({
      entityType: 'export',
      entityId: 'orders',
      after: { list: 'orders', format: 'csv', filters: { status: 'paid' } },
    });
  });

  it('names the organizer and the thing on the console’s audit page', async () => {
    const { cookie: owner, organizer: ownerRow } = await signedInOrganizer(ctx.app, 'owner');
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/organizers',
      headers: { cookie: owner, origin: ORIGIN },
      payload: { email: `named-${Date.now()}@example.org`, name: 'Kavya Named', role: 'gate' },
    });
    const id = (invited.json() as { data: { id: string } }).data.id;
    const read = await ctx.app.inject({ url: `/api/admin/audit?entityId=${id}`, headers: { cookie: owner } });
    const [entry] = AuditPageSchema.parse(read.json().data).items;
    expect(entry).toMatchObject({
      action: 'organizer.invite',
      organizerId: ownerRow.id,
      organizerName: 'Test owner',
      entityLabel: 'Kavya Named',
    });
    const signIns = await ctx.app.inject({
      url: `/api/admin/audit?action=organizer.sign_in&organizerId=${ownerRow.id}`,
      headers: { cookie: owner },
    });
    expect(AuditPageSchema.parse(signIns.json().data).items[0]).toMatchObject({
      organizerName: 'Test owner',
      entityLabel: 'Test owner',
    });
  });
});
