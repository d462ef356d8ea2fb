/**
 * Several processes starting at once on one PostgreSQL database: each opens its
 * own pool, migrates and seeds, as server.ts does. The advisory lock makes them take turns,
 * so all succeed and the reference data exists once. PostgreSQL only: PGlite is one process.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, STARTUP_LOCK_KEY, type DatabaseHandle } from '../src/db/client.js';
import { TICKET_TYPES_2024 } from '../src/db/seed/data.js';
import { seed } from '../src/db/seed/index.js';

const serverUrl = process.env.DATABASE_URL;
const STARTS = 4;
const log = pino({ level: 'silent' });
/** A date on which a fresh install seeds one edition, 2024's (seed nextEdition). */
const SEED_CLOCK = new Date('2024-09-15T06:00:00Z');

describe.skipIf(!serverUrl)('concurrent start-ups on one PostgreSQL database', () => {
  const name = `startup_${randomBytes(6).toString('hex')}`;
  let url: string;

  /** Runs one statement on its own connection to `connectionString`. */
  async function execute(connectionString: string | undefined, statement: string): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await execute(serverUrl, `CREATE DATABASE ${name}`);
    const parsed = new URL(serverUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await execute(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  /** Runs `start` in STARTS processes' worth of pools at once; the reasons of those that failed. */
  async function startTogether(start: (database: DatabaseHandle) => Promise<void>): Promise<unknown[]> {
    const results = await Promise.allSettled(
      Array.from({ length: STARTS }, async () => {
        const database = await openDatabase({ url });
        try {
          await start(database);
        } finally {
          await database.close();
        }
      }),
    );
    return results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  }

  it(`${STARTS} processes migrate and seed a fresh database together, once`, async () => {
    const failures = await startTogether(async (database) => {
      await database.migrate();
      await seed(database.db, log, SEED_CLOCK);
    });
    expect(failures).toEqual([]);

    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const count = async (query: string) => Number((await execute(url, query)).rows[0]?.n);
    expect(await count('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).toBe(
      journal.entries.length,
    );
    expect(await count('SELECT count(*) AS n FROM ticket_types')).toBe(TICKET_TYPES_2024.length);
  });

  it('migrating and seeding wait while another process holds the startup lock', async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    const database = await openDatabase({ url });
    try {
      for (const step of [() => database.migrate(), () => seed(database.db, log, SEED_CLOCK)]) {
        let done = false;
        const running = step().then(() => {
          done = true;
        });
        await waitForLockWaiter();
        expect(done).toBe(false);
        await holder.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
        await running;
        await holder.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
      }
    } finally {
      await database.close();
      await holder.end();
    }
  });

  /** Resolves once a session of the test database waits for an advisory lock. */
  async function waitForLockWaiter() {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { rows } = await execute(
        url,
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
         WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = '${name}'`,
      );
      if (rows[0]?.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('nothing waited for the startup lock within 5 s');
  }
});
