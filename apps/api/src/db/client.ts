/**
 * Opens the database: a PostgreSQL server when DATABASE_URL is set, otherwise embedded
 * PGlite persisted under DATA_DIR/pglite (or in memory for tests). Both speak the same SQL
 * and run the same committed migrations.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { initdbSnapshotPath, isEmptyDataDirectory } from './initdb-snapshot.js';
import { PreparingClient, type PreparingClientConfig } from './preparing-client.js';
import { QueryTiming, timedPglite, type QueryObserver } from './query-timing.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle handle repositories use, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * The connection underneath, for libraries that keep their own tables (the job queue, the
   * shared rate limits): the PGlite instance, or the PostgreSQL server's URL and pool.
   */
  connection: { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; url: string; pool: pg.Pool };
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Tells `observer` the operation and time of every statement the app sends through this
   * handle from now on (db/query-timing.ts, for the metrics); the function answered stops it.
   */
  observeQueries(observer: QueryObserver): () => void;
}

export type DatabaseOptions =
  | { url: string }
  /**
   * `dir: undefined` keeps the database in memory. `restoreFrom`: a new directory starts as
   * the data directory in this tarball (`dumpDataDir`, a backup's database member).
   */
  | { dir: string | undefined; restoreFrom?: Blob }
  /**
   * In memory, starting as a copy of another PGlite database: the tarball of its data
   * directory that `dumpDataDir('none')` made (the tests' migrated template). No initdb runs.
   */
  | { copyOf: Blob };

/** Migrations folder, found beside the source (dev, tests) or beside the bundle (dist). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations not found; looked in ${candidates.join(', ')}`);
  return found;
}

/**
 * Key of the PostgreSQL advisory lock that migrations and seeding hold, so that processes
 * starting together (WEB_CONCURRENCY, several machines) apply them one at a time. Any fixed
 * 64-bit number works as long as nothing else in the database uses it.
 */
export const STARTUP_LOCK_KEY = 7_364_021_024;

/**
 * Runs `work` while this process holds the startup advisory lock: a session-level lock taken
 * on one dedicated connection of `pool` and released after, even when `work` throws. Other
 * processes wait in pg_advisory_lock; a crashed holder's lock ends with its connection.
 */
async function withStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Opens a database handle. Migrations are applied by `migrate()`, not here; on PostgreSQL
 * `migrate()` holds the startup lock, so concurrent start-ups apply each migration once.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const folder = migrationsFolder();
  if ('url' in options) {
    // PreparingClient: each statement is parsed and planned once per connection; the hour's
    // lifetime frees the statements a connection prepared (preparing-client.ts).
    const timing = new QueryTiming();
    const settings: pg.PoolConfig & PreparingClientConfig = {
      connectionString: options.url,
      max: 10,
      Client: PreparingClient,
      maxLifetimeSeconds: 3600,
      queryTiming: timing,
    };
    const pool = new pg.Pool(settings);
    // An idle client's error (e.g. the server restarting) is re-emitted on the pool; without a
    // listener it would crash the process. The pool drops the client and reconnects on demand.
    pool.on('error', (error) => console.error('PostgreSQL idle client error:', error.message));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      connection: { driver: 'postgres', url: options.url, pool },
      migrate: () => withStartupLock(pool, () => migratePg(db, { migrationsFolder: folder })),
      close: () => pool.end(),
      observeQueries: (observer) => timing.observe(observer),
    };
  }
  const dir = 'dir' in options ? options.dir : undefined;
  const release = dir ? await lockDataDir(dir) : undefined;
  try {
    // Loaded here, not at the top: a server on PostgreSQL never needs them.
    const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
      await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('@electric-sql/pglite/contrib/unaccent'),
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
      ]);
    // The extensions the migrations create (registration search); a PostgreSQL server ships them.
    const client = await PGlite.create({
      dataDir: dir,
      extensions: { pg_trgm, unaccent },
      ...('copyOf' in options ? { loadDataDir: options.copyOf } : {}),
      ...('restoreFrom' in options && options.restoreFrom ? { loadDataDir: options.restoreFrom } : {}),
    });
    const timing = new QueryTiming();
    const db = drizzlePglite(timedPglite(client, timing), { schema });
    return {
      db: db as unknown as Database,
      driver: 'pglite',
      connection: { driver: 'pglite', client },
      migrate: () => migratePglite(db, { migrationsFolder: folder }),
      close: async () => {
        await client.close();
        await release?.();
      },
      observeQueries: (observer) => timing.observe(observer),
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}

/**
 * openDatabase for a command or the server's start-up: a database another process holds is
 * explained on stderr and answers undefined (exit with 1), any other failure throws. A new
 * PGlite directory starts from the build's initdb snapshot when there is one
 * (db/initdb-snapshot.ts), which halves the first start's peak memory.
 */
export async function openDatabaseForProcess(options: DatabaseOptions): Promise<DatabaseHandle | undefined> {
  try {
    const dir = 'dir' in options && !options.restoreFrom ? options.dir : undefined;
    const snapshot = dir && isEmptyDataDirectory(dir) ? initdbSnapshotPath() : undefined;
    return await openDatabase(
      snapshot ? { dir, restoreFrom: new Blob([await readFile(snapshot)]) } : options,
    );
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    return undefined;
  }
}

/** Another process has this PGlite database open (a running server, for instance). */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';

  constructor(readonly dir: string) {
    super(
      `The database in ${dir} is open in another process (a running server?). PGlite allows one ` +
        'process at a time: stop the server, run this again, then start the server. ' +
        '(With DATABASE_URL on a PostgreSQL server, any number of processes may share it.)',
    );
  }
}

/**
 * Holds a lock on a PGlite directory for as long as the process has it open. PGlite's files
 * belong to one process: a second one (a command beside a running server) would write pages the
 * first never reads, and its change would be lost or the files corrupted. proper-lockfile's lock
 * is a directory refreshed every few seconds, so a crashed holder's lock goes stale and lapses.
 * @returns the release function.
 * @throws DatabaseInUseError while another process holds the lock.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, {
      stale: 10_000,
      update: 3_000,
      // A crashed holder's lock (kill -9, out of memory) goes stale within `stale`: a restart
      // waits that long for it rather than failing. A live holder keeps refreshing it.
      retries: { retries: 12, minTimeout: 1_000, maxTimeout: 1_000 },
      // Losing the lock (the event loop stalled past `stale`) is reported, not thrown from a timer.
      onCompromised: (error) => process.emitWarning(`PGlite directory lock lost: ${error.message}`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseInUseError(dir);
    throw error;
  }
}
