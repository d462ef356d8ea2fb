/**
 * Backups: one archive of the database and the uploaded files (archive.ts), taken while the
 * site runs, and a restore into an empty installation that migrates an older archive and
 * reports the same row counts. What the archive holds and how to keep copies:
 * docs/operations.md, "Backups".
 *
 * The uploaded files are DATA_DIR/uploads (registrants' documents) and DATA_DIR/content-images
 * (the console's images), or with S3_BUCKET the bucket's objects the database names, taken and
 * put back through the file store (stored-files.ts). Pass signing keys are rows of the database, so a restored
 * installation verifies the passes issued before the backup; to sign new passes with the same
 * key it also needs the same BETTER_AUTH_SECRET (modules/passes/signing.ts), which is
 * configuration and stays out of the archive.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, openDatabase, type DatabaseHandle, type Executor } from '../../db/client.js';
import { rowsOf } from '../../db/search.js';
import type { FileStore } from '../../lib/file-store.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { DamagedArchiveError, readArchive, writeArchive, type Manifest } from './archive.js';
import { DATABASE_MEMBER, dumpDatabase, pgliteSnapshot, restorePostgres } from './database-dump.js';
import { copyNamedFiles, putNamedFiles } from './stored-files.js';

/** The directories under DATA_DIR whose files a backup carries (without S3_BUCKET). */
export const FILE_DIRECTORIES = ['uploads', 'content-images'] as const;

/**
 * The tables whose counts a backup and a restore print first: the festival's money and records
 * (`tax_documents` holds the tax invoices and credit notes).
 */
export const KEY_TABLES = ['public.orders', 'public.passes', 'public.tax_documents'] as const;

const POSTGRES_TARGET = 'the PostgreSQL database';

/** A restore was refused: the target holds data, or the archive is of another database or a newer version. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export { DamagedArchiveError };

/** Rows per base table of every schema but PostgreSQL's own (`schema.table` → count). */
export async function tableCounts(db: Executor): Promise<Record<string, number>> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`),
  );
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(
        sql`SELECT count(*) AS n FROM ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`,
      ),
    );
    counts[`${table.schema}.${table.name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

interface JournalEntry {
  tag: string;
  when: number;
}

async function journal(): Promise<JournalEntry[]> {
  const text = await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** The tag of the last migration applied to `db` ('none' before the first). */
export async function schemaVersion(db: Executor): Promise<string> {
  const [table] = rowsOf<{ found: string | null }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`),
  );
  if (!table?.found) return 'none';
  const [last] = rowsOf<{ created_at: string | number }>(
    await db.execute(
      sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    ),
  );
  if (!last) return 'none';
  const when = Number(last.created_at);
  return (await journal()).find((entry) => entry.when === when)?.tag ?? `unknown-${when}`;
}

/** `backup-2026-11-27T07-40-05Z.tar.gz`: sorts by time, safe in every file system. */
export function archiveName(now: Date): string {
  return `backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;
}

/** Whether `files` is a bucket; without a store, or a local one, files are DATA_DIR's directories. */
const inBucket = (files: FileStore | undefined): files is FileStore => files?.kind === 's3';

/**
 * Takes a backup of the open database `handle` and the uploaded files (under `dataDir`, or in
 * the bucket when `files` is one) into the directory `outDir`, while the site keeps running.
 * Returns the archive's path and manifest.
 * Throws DumpToolError when pg_dump is missing or fails.
 */
export async function createBackup(
  handle: DatabaseHandle,
  dataDir: string,
  outDir: string,
  now: Date,
  files?: FileStore,
): Promise<{ file: string; manifest: Manifest }> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'festival-backup-'));
  try {
    const counts = await tableCounts(handle.db);
    const version = await schemaVersion(handle.db);
    const database = DATABASE_MEMBER[handle.driver];
    await dumpDatabase(handle, path.join(staging, database));
    let missingFiles: string[] = [];
    if (inBucket(files)) {
      // After the dump: a row it holds names a file already stored (files are stored before their row).
      missingFiles = await copyNamedFiles(handle.db, files, path.join(staging, 'files'));
    } else {
      for (const directory of FILE_DIRECTORIES) {
        await cp(path.join(dataDir, directory), path.join(staging, 'files', directory), {
          recursive: true,
        }).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
    }
    const file = path.join(outDir, archiveName(now));
    const manifest = await writeArchive(staging, file, {
      createdAt: now.toISOString(),
      driver: handle.driver,
      schemaVersion: version,
      database,
      counts,
      filesFrom: inBucket(files) ? 's3' : 'data-dir',
      ...(missingFiles.length > 0 ? { missingFiles } : {}),
    });
    return { file, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Where a restore writes: PGlite under `dataDir`, or the PostgreSQL server at `url`; the files
 * into `dataDir`, or into `files` when it is a bucket.
 */
export type RestoreTarget = { dataDir: string; files?: FileStore } & (
  { driver: 'pglite' } | { driver: 'postgres'; url: string }
);

async function isEmptyDirectory(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Moves `dir` aside as `<dir>.replaced-<time>` (a forced restore keeps what it replaces). */
async function moveAside(dir: string, now: Date): Promise<void> {
  if (await isEmptyDirectory(dir)) return;
  await rename(dir, `${dir}.replaced-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z`);
}

/**
 * Empties the PostgreSQL database at `url` for a forced restore: drops every schema but
 * PostgreSQL's own and makes `public` again. `pg_restore --clean` cannot do it: it fails on the
 * job queue's partitioned tables ("cannot drop inherited constraint").
 */
async function dropUserSchemas(url: string): Promise<void> {
  const handle = await openDatabase({ url });
  try {
    const schemas = rowsOf<{ name: string }>(
      await handle.db.execute(sql`
        SELECT nspname AS name FROM pg_namespace
        WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND left(nspname, 3) <> 'pg_'`),
    );
    await handle.db.transaction(async (tx) => {
      for (const schema of schemas) await tx.execute(sql`DROP SCHEMA ${sql.identifier(schema.name)} CASCADE`);
      await tx.execute(sql`CREATE SCHEMA public`);
    });
  } finally {
    await handle.close();
  }
}

async function userTableCount(url: string): Promise<number> {
  const handle = await openDatabase({ url });
  try {
    const [row] = rowsOf<{ n: number | string }>(
      await handle.db.execute(sql`
        SELECT count(*) AS n FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`),
    );
    return Number(row?.n ?? 0);
  } finally {
    await handle.close();
  }
}

/**
 * Restores the archive `file` into `target`: checks it against its manifest, refuses a
 * target that holds data unless `force` (PGlite's directory and the files are then moved
 * aside, a PostgreSQL database emptied), loads the database, copies the files, applies the
 * migrations the archive predates, and returns the manifest, the restored database's counts,
 * the migration it ended at, and how many files were put into the bucket (null without one).
 * A bucket is not checked for objects nor emptied: the names are random UUIDs, so objects of
 * an installation the restore replaces stay beside the restored ones, unnamed by any row.
 * Throws DamagedArchiveError, RestoreRefusedError, or DumpToolError from pg_restore.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force: boolean; now: Date },
): Promise<{
  manifest: Manifest;
  counts: Record<string, number>;
  schemaVersion: string;
  filesIntoBucket: number | null;
}> {
  const unpacked = await mkdtemp(path.join(os.tmpdir(), 'festival-restore-'));
  try {
    const manifest = await readArchive(file, unpacked);
    if (manifest.driver !== target.driver) {
      throw new RestoreRefusedError(
        `This archive holds a ${manifest.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'} database; ` +
          `the target is ${target.driver === 'pglite' ? 'PGlite (no DATABASE_URL)' : 'a PostgreSQL server (DATABASE_URL)'}. ` +
          'Restore it where it was taken, then move the data with pg_dump if needed.',
      );
    }
    const tags = (await journal()).map((entry) => entry.tag);
    if (manifest.schemaVersion !== 'none' && !tags.includes(manifest.schemaVersion)) {
      throw new RestoreRefusedError(
        `This archive was made by a newer version (migration ${manifest.schemaVersion}); update the code first.`,
      );
    }

    const pgliteDir = path.join(target.dataDir, 'pglite');
    const occupied: string[] = [];
    if (target.driver === 'pglite' && !(await isEmptyDirectory(pgliteDir))) occupied.push(pgliteDir);
    if (target.driver === 'postgres' && (await userTableCount(target.url)) > 0)
      occupied.push('the PostgreSQL database');
    // A bucket's files go in through the store once the database is there; DATA_DIR is left alone.
    const directories = inBucket(target.files) ? [] : FILE_DIRECTORIES;
    for (const directory of directories) {
      const dir = path.join(target.dataDir, directory);
      if (!(await isEmptyDirectory(dir))) occupied.push(dir);
    }
    if (occupied.length > 0 && !options.force) {
      throw new RestoreRefusedError(
        `The target is not empty (${occupied.join(', ')}). Restore into an empty installation, or pass --force ` +
          'to replace it (PGlite and file directories are moved aside; a PostgreSQL database is emptied).',
      );
    }

    let handle: DatabaseHandle;
    if (target.driver === 'pglite') {
      await moveAside(pgliteDir, options.now);
      handle = await openDatabase({
        dir: pgliteDir,
        restoreFrom: await pgliteSnapshot(path.join(unpacked, manifest.database)),
      });
    } else {
      if (occupied.includes(POSTGRES_TARGET)) await dropUserSchemas(target.url);
      await restorePostgres(path.join(unpacked, manifest.database), target.url);
      handle = await openDatabase({ url: target.url });
    }
    try {
      for (const directory of directories) {
        const dir = path.join(target.dataDir, directory);
        await moveAside(dir, options.now);
        const from = path.join(unpacked, 'files', directory);
        if (!(await isEmptyDirectory(from))) {
          await mkdir(path.dirname(dir), { recursive: true });
          await cp(from, dir, { recursive: true });
        }
      }
      await handle.migrate();
      // After the migrations: the rows name the files in the current schema's columns.
      const filesIntoBucket = inBucket(target.files)
        ? await putNamedFiles(handle.db, target.files, path.join(unpacked, 'files'))
        : null;
      return {
        manifest,
        counts: await tableCounts(handle.db),
        schemaVersion: await schemaVersion(handle.db),
        filesIntoBucket,
      };
    } finally {
      await handle.close();
    }
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

/** Where the server keeps the archives it takes (the console's and the scheduled ones). */
export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** When the archive named `name` (archiveName) was taken; null for another name. */
function takenAt(name: string): Date | null {
  const match = /^backup-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)Z\.tar\.gz$/.exec(name);
  return match ? new Date(`${match[1]}:${match[2]}:${match[3]}Z`) : null;
}

/** The archives in `dir`, newest first: name, size in bytes, and when each was taken (from its name). */
export async function listBackups(dir: string): Promise<{ name: string; bytes: number; createdAt: Date }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const found = await Promise.all(
    names.flatMap((name) => {
      const createdAt = takenAt(name);
      if (!createdAt) return [];
      return [stat(path.join(dir, name)).then((info) => ({ name, bytes: info.size, createdAt }))];
    }),
  );
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** A backup the server took, as the console shows it. */
export interface TakenBackup {
  name: string;
  bytes: number;
  createdAt: string;
  orders: number;
  passes: number;
  /** Tax invoices and credit notes. */
  taxDocuments: number;
}

/** Takes a backup into DATA_DIR/backups (`createBackup`) and sums it up for the console. */
export async function takeBackup(
  handle: DatabaseHandle,
  dataDir: string,
  now: Date,
  files?: FileStore,
): Promise<TakenBackup> {
  const { file, manifest } = await createBackup(handle, dataDir, backupsDir(dataDir), now, files);
  const info = await stat(file);
  return {
    name: path.basename(file),
    bytes: info.size,
    createdAt: manifest.createdAt,
    orders: manifest.counts['public.orders'] ?? 0,
    passes: manifest.counts['public.passes'] ?? 0,
    taxDocuments: manifest.counts['public.tax_documents'] ?? 0,
  };
}

/** Records in the audit log that `actor` took `backup` from the console. */
export async function recordBackup(
  db: Executor,
  actor: Actor,
  backup: TakenBackup,
  now: Date,
): Promise<void> {
  await recordAudit(db, actor, {
    at: now,
    action: 'backup.create',
    entityType: 'backup',
    entityId: backup.name,
    before: null,
    after: { ...backup },
  });
}

/**
 * The server's own backups: takes one into DATA_DIR/backups when the newest archive there is
 * at least `everyHours` old (or there is none), then deletes all but the `keep` newest.
 * Returns the backup taken, or null when none was due (or `everyHours` is 0).
 */
export async function takeScheduledBackup(
  handle: DatabaseHandle,
  dataDir: string,
  now: Date,
  policy: { everyHours: number; keep: number },
  files?: FileStore,
): Promise<TakenBackup | null> {
  if (policy.everyHours === 0) return null;
  const dir = backupsDir(dataDir);
  const [newest] = await listBackups(dir);
  if (newest && now.getTime() - newest.createdAt.getTime() < policy.everyHours * 3_600_000) return null;
  const backup = await takeBackup(handle, dataDir, now, files);
  for (const old of (await listBackups(dir)).slice(policy.keep)) await unlink(path.join(dir, old.name));
  return backup;
}
