/**
 * A migrated database that disappears afterwards, for tests and the bench: in-memory PGlite
 * (or PGlite under `pgliteDir`), or, when DATABASE_URL is set, a new database created on that
 * PostgreSQL server and dropped by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';

export interface ThrowawayDatabase {
  database: DatabaseHandle;
  /** Human-readable description of where the data lives. */
  label: string;
  /** The database's PostgreSQL URL, to open more connections to it; none on PGlite. */
  url?: string;
  /** Closes the handle and removes the database. */
  drop(): Promise<void>;
}

export async function openThrowawayDatabase(
  options: { prefix?: string; pgliteDir?: string } = {},
): Promise<ThrowawayDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dir: options.pgliteDir });
    await database.migrate();
    return {
      database,
      label: `PGlite (${options.pgliteDir ?? 'in memory'})`,
      drop: () => database.close(),
    };
  }
  const name = `${options.prefix ?? 'test'}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    database,
    label: `PostgreSQL (${url.host}, database ${name}, dropped afterwards)`,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pool.end() resolves before the server has seen every connection close; dropping with
      // FORCE at once would make the closing clients report "terminating connection" errors.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await client.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.count === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
