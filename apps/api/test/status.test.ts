/**
 * The owner's status page: each check says what it found and what to do. On a fresh install
 * (outbox, sandbox, no backup, the seed's sample content) it warns; with a mail server that
 * answers, a backup and no samples left (the seed's entries and the site's own, held in code),
 * those checks pass; a mail server that is down fails with the reason. Owners only. Against a real SMTP server (smtp-server).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FestivalEvent, SampleContentRemoval, StatusCheck } from '@festival/shared';
import { rowsOf } from '../src/db/search.js';
import { seed } from '../src/db/seed/index.js';
import { takeBackup } from '../src/modules/backups/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';

let t: TestContext;
let owner: { cookie: string };

/** Whether the public site still shows its own samples (the current edition's `siteSamples`). */
async function siteSamples(context: TestContext): Promise<boolean> {
  const response = await context.app.inject({ method: 'GET', url: '/api/auth/event/current' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as FestivalEvent).siteSamples;
}

async function status(context = t, cookie = owner.cookie): Promise<Record<string, StatusCheck>> {
  const response = await context.app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries((response.json().data as StatusCheck[]).map((check) => [check.id, check]));
}

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  owner = await signedInOrganizer(t.app, 'owner');
});
afterAll(async () => t?.close());

describe('the status page', () => {
  it('is for owners only', async () => {
    const manager = await signedInOrganizer(t.app, 'manager');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/status',
      headers: { cookie: manager.cookie },
    });
    expect(response.statusCode).toBe(403);
  });

  it('warns a fresh install of the outbox, the sandbox, no backup and the sample content', async () => {
    const checks = await status();
    expect(Object.keys(checks)).toEqual([
      'email',
      'payments',
      'signing-key',
      'disk',
      'backup',
      'sample-content',
    ]);
    expect(checks.email).toMatchObject({ state: 'warn', action: expect.stringContaining('SMTP_URL') });
    expect(checks.payments).toMatchObject({ state: 'warn', detail: expect.stringContaining('sandbox') });
    expect(checks['signing-key']).toMatchObject({ state: 'ok' });
    expect(checks.disk?.state).not.toBe('fail');
    expect(checks.disk?.detail).toMatch(/GB free/);
    expect(checks.backup).toMatchObject({
      state: 'warn',
      detail: 'No backup has been taken on this server.',
    });
    expect(checks['sample-content']).toMatchObject({ state: 'warn' });
    expect(checks['sample-content']?.detail).toMatch(/speakers/);
    expect(checks['sample-content']?.detail).toContain(
      "the site's own samples (the season-one quotes, two season-one highlights, the host's profile link, the Award Night art and the Shark Tank stories)",
    );
  });

  it('lets the owner remove the sample content in one step, which a restart does not bring back', async () => {
    const remove = (cookie: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/admin/sample-content',
        headers: { cookie, origin: ORIGIN },
      });
    const manager = await signedInOrganizer(t.app, 'manager');
    expect((await remove(manager.cookie)).statusCode).toBe(403);

    const samples = async () =>
      rowsOf<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from content_items where sample`),
      )[0]?.n;
    const before = await samples();
    expect(before).toBeGreaterThan(0);
    expect(await siteSamples(t)).toBe(true);
    const removed = await remove(owner.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    const { removed: counts, siteSamplesRemoved } = removed.json().data as SampleContentRemoval;
    expect(counts.speakers).toBeGreaterThan(0);
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(before);
    expect(siteSamplesRemoved).toBe(true);
    expect(removed.json().message).toBe(`Removed ${before} sample entries and the site's own samples`);
    expect(await samples()).toBe(0);
    // The public pages read it from the current edition, which says so at once.
    expect(await siteSamples(t)).toBe(false);

    const [audit] = rowsOf<{ before: Record<string, unknown> }>(
      await t.app.db.execute(sql`select before from audit_log where action = 'content.remove_samples'`),
    );
    expect(audit?.before).toEqual({ ...counts, siteSamples: true });

    await seed(t.app.db, t.app.log, t.app.now());
    expect(await samples()).toBe(0);
    expect(await siteSamples(t)).toBe(false);
    const again = await remove(owner.cookie);
    expect(again.json()).toMatchObject({
      message: 'No sample content was left',
      data: { removed: {}, siteSamplesRemoved: false },
    });
  });

  it('passes once a backup is taken and the samples are removed', async () => {
    await takeBackup(t.database, t.dataDir, t.app.now());
    const checks = await status();
    expect(checks.backup).toMatchObject({
      state: 'ok',
      detail: 'The newest backup was taken less than an hour ago.',
    });
    expect(checks['sample-content']).toMatchObject({ state: 'ok' });
  }, 60_000);

  it("warns of the site's own samples alone when organizers deleted every sample entry, and removes them", async () => {
    const fresh = await build({ now: clockFrom() });
    try {
      const cookie = (await signedInOrganizer(fresh.app, 'owner')).cookie;
      await fresh.app.db.execute(sql`delete from content_items where sample`);
      const check = (await status(fresh, cookie))['sample-content'];
      expect(check).toMatchObject({ state: 'warn' });
      expect(check?.detail).toMatch(
        /^Placeholders from the first start are still on the site: the site's own samples \(/,
      );
      const removed = await fresh.app.inject({
        method: 'DELETE',
        url: '/api/admin/sample-content',
        headers: { cookie, origin: ORIGIN },
      });
      expect(removed.json()).toMatchObject({
        message: "Removed the site's own samples",
        data: { removed: {}, siteSamplesRemoved: true },
      });
      expect((await status(fresh, cookie))['sample-content']).toMatchObject({ state: 'ok' });
      expect(await siteSamples(fresh)).toBe(false);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('checks the mail server: ok while it answers, failed with the reason when it is down', async () => {
    const smtp: TestSmtpServer = await startSmtpServer();
    const withMail = await build({ now: clockFrom(), env: { SMTP_URL: smtp.url } });
    try {
      const cookie = (await signedInOrganizer(withMail.app, 'owner')).cookie;
      expect((await status(withMail, cookie)).email).toMatchObject({ state: 'ok', action: null });
      await smtp.close();
      expect((await status(withMail, cookie)).email).toMatchObject({
        state: 'fail',
        detail: expect.stringMatching(/ECONNREFUSED/),
        action: expect.stringContaining('SMTP_URL'),
      });
    } finally {
      await withMail.close();
    }
  }, 60_000);
});
