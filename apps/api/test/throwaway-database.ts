/**
 * A migrated database that disappears afterwards, for tests and the bench: in-memory PGlite
 * (or PGlite under `pgliteDir`), or, when DATABASE_URL is set, a new database created on that
 * PostgreSQL server and dropped by `drop()`. Given a template (`createDatabaseTemplate`, made
 * once per test run), it starts as a copy of that already migrated database instead of
 * running initdb and every migration again (docs/decisions/023-template-database-per-test-file.md).
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../src/db/client.js';

export interface ThrowawayDatabase {
  database: DatabaseHandle;
  /** Human-readable description of where the data lives. */
  label: string;
  /** The database's PostgreSQL URL, to open more connections to it; none on PGlite. */
  url?: string;
  /** Closes the handle and removes the database. */
  drop(): Promise<void>;
}

/**
 * A freshly migrated database to copy, as plain data so that Vitest can hand it from its global
 * setup to the test processes: on PGlite the tarball of its data directory, on PostgreSQL the
 * name of a database on DATABASE_URL's server that nobody may connect to (a connection would
 * make `CREATE DATABASE … TEMPLATE` refuse to copy it).
 */
export type DatabaseTemplate = { driver: 'pglite'; file: string } | { driver: 'postgres'; name: string };

/** DATABASE_URL's server with `name` as the database. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection of its own to DATABASE_URL's server (the maintenance database). */
async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Waits (up to about 5 s) until no session is connected to database `name`: pool.end() resolves
 * before the server has seen every connection close.
 */
async function waitForDisconnect(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.count === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Makes the migrated template of a test run: on PGlite, an in-memory database migrated and
 * dumped to `dir`/pglite-template.tar (about 43 MB); with DATABASE_URL set, a migrated database
 * on that server, closed to connections. Nothing is seeded: the seed depends on the clock of
 * the test that builds the app (`build`'s `now`), so each app still seeds its own copy.
 * @returns the template and the function that removes it after the run.
 */
export async function createDatabaseTemplate(
  dir: string,
): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dir: undefined });
    const file = path.join(dir, 'pglite-template.tar');
    try {
      await database.migrate();
      if (database.connection.driver !== 'pglite') throw new Error('expected a PGlite database');
      const dump = await database.connection.client.dumpDataDir('none');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    return { template: { driver: 'pglite', file }, remove: () => rm(file, { force: true }) };
  }
  const name = `template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase({ url: databaseUrl(serverUrl, name) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  await onServer(serverUrl, async (client) => {
    await waitForDisconnect(client, name);
    await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  });
  return {
    template: { driver: 'postgres', name },
    async remove() {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Opens a migrated throwaway database: a copy of `template` when one is given for the same kind
 * of database (PGlite in memory, or DATABASE_URL's server), otherwise a new one migrated from
 * empty. `pgliteDir` always starts from empty, on disk. Migrations run on a copy too: none is
 * left to apply, so they only check that the template is current.
 */
export async function openThrowawayDatabase(
  options: { prefix?: string; pgliteDir?: string; template?: DatabaseTemplate } = {},
): Promise<ThrowawayDatabase> {
  const { template } = options;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database =
      template?.driver === 'pglite' && !options.pgliteDir
        ? await openDatabase({ copyOf: new Blob([await readFile(template.file)]) })
        : await openDatabase({ dir: options.pgliteDir });
    await database.migrate();
    return {
      database,
      label: `PGlite (${options.pgliteDir ?? 'in memory'})`,
      drop: () => database.close(),
    };
  }
  const name = `${options.prefix ?? 'test'}_${randomBytes(6).toString('hex')}`;
  const copy = template?.driver === 'postgres' ? ` TEMPLATE ${template.name}` : '';
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${copy}`));
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ url });
  await database.migrate();
  return {
    database,
    label: `PostgreSQL (${new URL(url).host}, database ${name}, dropped afterwards)`,
    url,
    async drop() {
      await database.close();
      await onServer(serverUrl, async (client) => {
        // Dropping with FORCE while the pool's connections are still closing would make those
        // clients report "terminating connection" errors.
        await waitForDisconnect(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/**
 * An empty database on DATABASE_URL's server (no migrations, no tables), for a restore to
 * load; `drop()` removes it. Undefined without DATABASE_URL.
 */
export async function createEmptyDatabase(
  prefix = 'empty',
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: () =>
      onServer(serverUrl, async (client) => {
        await waitForDisconnect(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * An in-memory PGlite migrated only up to the migration numbered `lastIdx` (its `idx` in
 * drizzle/meta/_journal.json), for a test of a later migration or of a restore that applies
 * it: the migrations up to there are copied to a folder of their own, where the migrator stops.
 */
export async function openPgliteMigratedTo(lastIdx: number): Promise<DatabaseHandle> {
  const folder = migrationsFolder();
  const partial = await mkdtemp(path.join(os.tmpdir(), `festival-migrations-${lastIdx}-`));
  try {
    await mkdir(path.join(partial, 'meta'));
    const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
    for (const entry of journal.entries) {
      await copyFile(path.join(folder, `${entry.tag}.sql`), path.join(partial, `${entry.tag}.sql`));
    }
    await writeFile(path.join(partial, 'meta', '_journal.json'), JSON.stringify(journal));
    const database = await openDatabase({ dir: undefined });
    if (database.connection.driver !== 'pglite') throw new Error('expected PGlite');
    const [{ drizzle }, { migrate }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migrate(drizzle(database.connection.client), { migrationsFolder: partial });
    return database;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}
