/**
 * Backup and restore, tried: a backup taken through the console of a database with paid
 * orders, passes, tax invoices and uploaded files, restored into an empty installation, has
 * every table's row count and the files byte for byte, and verifies the passes issued before
 * it. A restore refuses a target with data unless forced, and a damaged archive. Beside a
 * running server on PGlite, `npm run backup` goes through that server.
 * Runs on PGlite, and on PostgreSQL (pg_dump and pg_restore) when DATABASE_URL is set (CI).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { openDatabase } from '../src/db/client.js';
import { DamagedArchiveError } from '../src/modules/backups/archive.js';
import { SERVER_FILE } from '../src/modules/backups/routes.js';
import {
  backupsDir,
  createBackup,
  restoreBackup,
  RestoreRefusedError,
  schemaVersion,
  tableCounts,
  takeScheduledBackup,
  type RestoreTarget,
} from '../src/modules/backups/service.js';
import { passQrPayload } from '../src/modules/passes/service.js';
import { verifyPassToken } from '../src/modules/passes/signing.js';
import { updateSettings } from '../src/modules/settings/service.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import {
  checkout,
  GST_SETTINGS,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
} from './ticketing-helpers.js';
import { createEmptyDatabase, openPgliteMigratedTo } from './throwaway-database.js';

const run = promisify(execFile);
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestContext;
let owner: { cookie: string };
let archive: string;
let passPayload: string;
const files = {
  'uploads/brochures/acme-brochure.pdf': randomBytes(40_000),
  'content-images/3f2a9c.webp': randomBytes(12_000),
};
const cleanUp: (() => Promise<unknown>)[] = [];

async function paidOrder(ticketId: number) {
  const response = await checkout(t.app, await insertAttendees(t.app.db, 2), ticketId);
  expect(response.statusCode, response.body).toBe(200);
  const answer = CheckoutResponseSchema.parse(response.json());
  await payWithSandbox(t.app, answer.order.id);
}

/** An empty installation to restore into: a DATA_DIR, and on PostgreSQL an empty database. */
async function emptyTarget(): Promise<RestoreTarget> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-restored-'));
  cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
  const empty = await createEmptyDatabase('restored');
  if (!empty) return { driver: 'pglite', dataDir };
  cleanUp.push(() => empty.drop());
  return { driver: 'postgres', url: empty.url, dataDir };
}

const openTarget = (target: RestoreTarget) =>
  openDatabase(
    target.driver === 'postgres' ? { url: target.url } : { dir: path.join(target.dataDir, 'pglite') },
  );

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  owner = await signedInOrganizer(t.app, 'owner');
  await updateSettings(
    t.app.db,
    { organizerId: 'seed', email: 'owner@festival.test', ip: '192.0.2.1' },
    GST_SETTINGS,
    t.app.now(),
  );
  const ticketId = await insertTicketType(t.app.db, { name: 'Backup Pass', amount: 50_000 });
  await paidOrder(ticketId);
  await paidOrder(ticketId);
  await settleJobs(t.app);
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(t.dataDir, name)), { recursive: true });
    await writeFile(path.join(t.dataDir, name), bytes);
  }
  const [pass] = (await t.app.db.query.passes.findMany({ limit: 1 }))!;
  passPayload = await passQrPayload(t.app.db, pass!.code);
}, 120_000);

afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
  await t?.close();
});

describe('a backup taken from the console', () => {
  it('is for owners only', async () => {
    const finance = await signedInOrganizer(t.app, 'finance');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups',
      headers: { cookie: finance.cookie, origin: ORIGIN },
    });
    expect(response.statusCode).toBe(403);
  });

  it('writes one archive with the orders, passes and invoices, listed and downloadable', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups',
      headers: { cookie: owner.cookie, origin: ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(201);
    const backup = response.json().data as {
      name: string;
      orders: number;
      passes: number;
      taxDocuments: number;
    };
    expect(backup).toMatchObject({ orders: 2, passes: 4, taxDocuments: 2 });
    archive = path.join(backupsDir(t.dataDir), backup.name);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/backups',
      headers: { cookie: owner.cookie },
    });
    expect(list.json().data).toEqual([expect.objectContaining({ name: backup.name })]);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/backups/${backup.name}`,
      headers: { cookie: owner.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(await readFile(archive))).toBe(true);
    const traversal = await t.app.inject({
      method: 'GET',
      url: `/api/admin/backups/..%2F..%2Fpglite%2FPG_VERSION`,
      headers: { cookie: owner.cookie },
    });
    expect(traversal.statusCode).toBe(400);

    const audit = await t.app.db.query.auditLog.findFirst({
      where: (row, { eq }) => eq(row.action, 'backup.create'),
    });
    expect(audit?.entityId).toBe(backup.name);
  });
});

describe('a restore', () => {
  it('into an empty installation has every table’s rows, the files byte for byte, and verifies earlier passes', async () => {
    const target = await emptyTarget();
    const result = await restoreBackup(archive, target, { force: false, now: new Date() });
    expect(result.schemaVersion).toBe(result.manifest.schemaVersion);
    const differing = Object.keys(result.manifest.counts).filter(
      (table) => result.counts[table] !== result.manifest.counts[table],
    );
    expect(differing.map((table) => [table, result.manifest.counts[table], result.counts[table]])).toEqual(
      [],
    );
    expect(Object.keys(result.counts)).toEqual(Object.keys(await tableCounts(t.app.db)));
    expect(result.counts['public.orders']).toBe(2);
    for (const [name, bytes] of Object.entries(files)) {
      expect((await readFile(path.join(target.dataDir, name))).equals(bytes), name).toBe(true);
    }
    const restored = await openTarget(target);
    try {
      expect(await verifyPassToken(restored.db, passPayload)).not.toBeNull();
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a target that holds data, and with --force replaces it, keeping the old files aside', async () => {
    const target = await emptyTarget();
    await restoreBackup(archive, target, { force: false, now: new Date() });
    await expect(restoreBackup(archive, target, { force: false, now: new Date() })).rejects.toThrow(
      RestoreRefusedError,
    );
    const result = await restoreBackup(archive, target, {
      force: true,
      now: new Date('2026-11-27T08:00:00Z'),
    });
    expect(result.counts['public.passes']).toBe(4);
    const kept = await readdir(target.dataDir);
    expect(kept).toContain('uploads.replaced-2026-11-27T08-00-00Z');
  }, 120_000);

  it.skipIf(onPostgres)(
    'of an archive older than the code applies the migrations it predates',
    async () => {
      const old = await openPgliteMigratedTo(26);
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-old-'));
      cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
      let file: string;
      try {
        ({ file } = await createBackup(old, dataDir, dataDir, new Date('2026-11-01T00:00:00Z')));
      } finally {
        await old.close();
      }
      const result = await restoreBackup(file, await emptyTarget(), { force: false, now: new Date() });
      expect(result.manifest.schemaVersion).toBe('0026_status_checks');
      expect(result.schemaVersion).toBe(await schemaVersion(t.app.db));
      expect(result.schemaVersion).not.toBe('0026_status_checks');
    },
    60_000,
  );

  it('refuses an archive whose files do not match its manifest', async () => {
    const unpacked = await mkdtemp(path.join(os.tmpdir(), 'festival-tampered-'));
    cleanUp.push(() => rm(unpacked, { recursive: true, force: true }));
    await tar.extract({ file: archive, cwd: unpacked });
    await writeFile(path.join(unpacked, 'files/uploads/brochures/acme-brochure.pdf'), 'not the brochure');
    const tampered = path.join(unpacked, 'tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, [
      'manifest.json',
      'files',
      ...(await readdir(unpacked)).filter((name) => name.startsWith('database')),
    ]);
    await expect(
      restoreBackup(tampered, await emptyTarget(), { force: false, now: new Date() }),
    ).rejects.toThrow(DamagedArchiveError);
  }, 60_000);
});

describe('the server’s own backups', () => {
  it('take one when the newest archive is BACKUP_EVERY_HOURS old, and keep BACKUP_KEEP', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-scheduled-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    const policy = { everyHours: 24, keep: 2 };
    const at = (iso: string) => new Date(iso);
    const take = (iso: string) => takeScheduledBackup(t.database, dataDir, at(iso), policy);
    expect(
      await takeScheduledBackup(t.database, dataDir, at('2026-11-01T00:00:00Z'), {
        ...policy,
        everyHours: 0,
      }),
    ).toBeNull();
    expect(await take('2026-11-01T00:00:00Z')).not.toBeNull();
    expect(await take('2026-11-01T23:59:59Z')).toBeNull();
    expect(await take('2026-11-02T00:00:00Z')).not.toBeNull();
    expect(await take('2026-11-03T06:00:00Z')).not.toBeNull();
    expect(await readdir(backupsDir(dataDir))).toEqual([
      'backup-2026-11-02T00-00-00Z.tar.gz',
      'backup-2026-11-03T06-00-00Z.tar.gz',
    ]);
  }, 60_000);
});

describe.skipIf(onPostgres)('npm run backup beside a running server on PGlite', () => {
  it('asks the server, which holds the database, and writes the archive where told', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-running-'));
    const out = await mkdtemp(path.join(os.tmpdir(), 'festival-out-'));
    cleanUp.push(
      () => rm(dataDir, { recursive: true, force: true }),
      () => rm(out, { recursive: true, force: true }),
    );
    const database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
    await database.migrate();
    const server = await build({ database, env: { DATA_DIR: dataDir } });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      // Written by an onListen hook, which Fastify runs after listen() has resolved.
      await expect
        .poll(() => readFile(path.join(dataDir, SERVER_FILE), 'utf8').then(JSON.parse, () => null))
        .toMatchObject({ token: expect.any(String) });
      const forged = await server.app.inject({
        method: 'POST',
        url: '/api/internal/backups',
        headers: { authorization: `Bearer ${'00'.repeat(32)}` },
      });
      expect(forged.statusCode).toBe(403);

      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/cli/backup.ts'), '--out', out],
        { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' } },
      );
      expect(stdout).toMatch(
        /^Backup written: .*backup-.*\.tar\.gz \(\d+ bytes; 0 orders, 0 passes, 0 tax invoices and credit notes\)/,
      );
      expect((await readdir(out)).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1);
    } finally {
      await server.close();
      await database.close();
    }
    await expect(readFile(path.join(dataDir, SERVER_FILE))).rejects.toThrow(/ENOENT/);
  }, 120_000);
});
