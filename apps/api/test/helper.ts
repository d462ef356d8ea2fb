/**
 * Builds the app for a test file against a real database: an in-memory PGlite by default,
 * or, when DATABASE_URL is set, a fresh database created on that PostgreSQL server and
 * dropped afterwards. Either starts as a copy of the run's migrated template (global-setup.ts);
 * the seed data is applied on start, with the test's clock, as in production.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtemp, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { seed } from '../src/db/seed/index.js';
import { openThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database.js';

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

export interface BuildOptions {
  env?: Record<string, string>;
  mailer?: AppOptions['mailer'];
  now?: AppOptions['now'];
  /** Replaces the LOG_LEVEL logger (a test reading the log lines passes its own stream). */
  logger?: AppOptions['logger'];
  jobs?: AppOptions['jobs'];
  /** An existing database instead of a fresh one (the caller closes it). */
  database?: DatabaseHandle;
  /** Runs on the built app before it is ready, e.g. to add a hook. */
  setup?: (app: TestContext['app']) => void | Promise<void>;
}

/**
 * A clock that starts at `start` (ISO 8601) and runs on in real time. Tests that sell passes of
 * the spec's 2024 edition start it by 20 September 2024: on such a clock the seed makes 2024's
 * edition the current one (a later clock seeds the next October's, `nextEdition`), and
 * checkout sells it until it ends.
 */
export function clockFrom(start = '2024-09-15T06:00:00Z'): () => Date {
  const offset = Date.parse(start) - Date.now();
  return () => new Date(Date.now() + offset);
}

/**
 * A throwaway database (throwaway-database.ts) that starts as a copy of this run's migrated
 * template, for a test that builds its apps itself; `drop()` removes it.
 */
export function openTestDatabase(options: { prefix?: string } = {}): Promise<ThrowawayDatabase> {
  return openThrowawayDatabase({ ...options, template: inject('databaseTemplate') });
}

/** Builds the app on a fresh database and a temporary DATA_DIR. Call `close()` in afterAll. */
export async function build(options: BuildOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
    ...options.env,
  });
  const { database, drop } = options.database
    ? { database: options.database, drop: async () => {} }
    : await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer,
    now: options.now,
    logger: options.logger,
    jobs: { pollingIntervalSeconds: 0.5, ...options.jobs },
  });
  await options.setup?.(app);
  await seed(app.db, app.log, app.now());
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The tally of the `countQueries` call whose `run` the current code was started from. */
const counting = new AsyncLocalStorage<{ queries: number }>();

/**
 * Runs `run` and returns how many queries it sent to `database` (the PostgreSQL pool's or the
 * PGlite client's `query` calls, Drizzle's included), to show that something is answered
 * without the database. Only queries sent from `run`'s own async context count (what it awaits
 * and what that starts, requests made through `app.inject` included): the app's timers and job
 * workers, which run on their own (periodic sweeps, rate-limit clean-ups), would otherwise
 * make the count depend on when the test runs. Counting stops when `run` ends, even if it
 * throws. Queries whose SQL text matches `ignore` are not counted.
 */
export async function countQueries(
  database: DatabaseHandle,
  run: () => Promise<void>,
  ignore?: RegExp,
): Promise<number> {
  const tally = { queries: 0 };
  const { connection } = database;
  const client = (connection.driver === 'postgres' ? connection.pool : connection.client) as unknown as {
    query: (...args: never[]) => unknown;
  };
  const original = client.query.bind(client);
  client.query = (...args: never[]) => {
    const first = args[0] as unknown;
    const text =
      typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text ?? '');
    if (counting.getStore() === tally && !ignore?.test(text)) tally.queries += 1;
    return original(...args);
  };
  try {
    await counting.run(tally, run);
  } finally {
    client.query = original;
  }
  return tally.queries;
}

/**
 * Waits until the job queue has nothing left to do now: no job queued or running, and no
 * retry due within the next second (a job backing off for longer counts as settled).
 */
export async function settleJobs(app: TestContext['app'], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Reset emails are queued after the answer (organizers/auth.ts).
  await app.organizerAuthSettled();
  for (;;) {
    const result = await app.db.execute(sql`
      select count(*)::int as busy from pgboss.job
      where state in ('created', 'active') or (state = 'retry' and start_after < now() + interval '1 second')`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { busy: number }[] }).rows) as {
      busy: number;
    }[];
    if (Number(rows[0]?.busy ?? 0) === 0) return;
    if (Date.now() > deadline) {
      const jobs = await app.db.execute(
        sql`select name, state, retry_count, start_after, output from pgboss.job`,
      );
      throw new Error(`jobs did not settle in time: ${JSON.stringify(jobs)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
