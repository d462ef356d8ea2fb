/**
 * `npm run organizer:add` as a child process against a PGlite directory; the organizer it adds
 * then signs in through the app on the same database. The first organizer's password is their
 * own; a later one's is temporary: the console (server side) opens nothing else until they
 * change it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { build } from './helper.js';
import { authPost, cookieOf, PASSWORD, signIn } from './organizer-helpers.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../src/cli/organizer-add.ts');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-cli-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

function organizerAdd(args: string[], password?: string) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://fest.example.org',
    ...(password ? { ORGANIZER_PASSWORD: password } : {}),
  };
  return run(process.execPath, ['--import', 'tsx', cli, ...args], { env, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('organizer:add', () => {
  it('adds an organizer who can then sign in, and prints the sign-in URL', async () => {
    const added = await organizerAdd(
      ['--email', 'Asha@Example.org', '--name', 'Asha Patel', '--role', 'owner'],
      PASSWORD,
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Added owner Asha Patel <asha@example.org>.');
    expect(added.stdout).toContain('Sign in at https://fest.example.org/admin');

    const again = await organizerAdd(
      ['--email', 'asha@example.org', '--name', 'Asha', '--role', 'owner'],
      PASSWORD,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    const later = await organizerAdd(
      ['--email', 'gita@example.org', '--name', 'Gita Gate', '--role', 'gate'],
      PASSWORD,
    );
    expect(later.code).toBe(0);
    expect(later.stdout).toContain('They choose their own password when they first sign in.');
    expect(added.stdout).not.toContain('choose their own password');

    const database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
    const ctx = await build({ database });
    try {
      const owner = await signIn(ctx.app, 'asha@example.org');
      expect(owner.response.statusCode).toBe(200);
      const me = async (cookie: string) =>
        (await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).json().data;
      expect((await me(owner.cookie)).mustChangePassword).toBe(false);

      // The gate organizer's password was typed by whoever ran the command: the console stays
      // closed to them, on the server, until they choose their own.
      const gate = await signIn(ctx.app, 'gita@example.org');
      expect(gate.response.statusCode).toBe(200);
      expect((await me(gate.cookie)).mustChangePassword).toBe(true);
      const closed = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/checkin/lists',
        headers: { cookie: gate.cookie },
      });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().message).toBe(
        'Choose your own password first: the one you signed in with was set by someone else.',
      );
      const changed = await authPost(
        ctx.app,
        '/change-password',
        {
          currentPassword: PASSWORD,
          newPassword: 'quartz lantern meadow sparrow',
          revokeOtherSessions: true,
        },
        gate.cookie,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const cookie = cookieOf(changed.headers) || gate.cookie;
      expect((await me(cookie)).mustChangePassword).toBe(false);
      const open = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/checkin/lists',
        headers: { cookie },
      });
      expect(open.statusCode, open.body).toBe(200);
    } finally {
      await ctx.close();
      await database.close();
    }
  }, 120_000);

  it('refuses a weak password, a bad role and missing arguments', async () => {
    const weak = await organizerAdd(
      ['--email', 'b@example.org', '--name', 'B', '--role', 'gate'],
      'password1234',
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/common or leaked|too easy/);
    const role = await organizerAdd(['--email', 'b@example.org', '--name', 'B', '--role', 'admin'], PASSWORD);
    expect(role.code).toBe(1);
    const usage = await organizerAdd(['--email', 'b@example.org']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run organizer:add');
    const noPassword = await organizerAdd(['--email', 'b@example.org', '--name', 'B', '--role', 'gate']);
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toContain('ORGANIZER_PASSWORD');
  }, 120_000);
});
