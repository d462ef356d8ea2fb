/**
 * The app the benches load (run.ts, run-redeem.ts, run-order-flow.ts): built in this process on a throwaway,
 * seeded database (embedded PGlite in a temporary DATA_DIR, or with DATABASE_URL a fresh
 * database on that PostgreSQL server), with the settings the built server they start gets too.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { JobsPluginOptions } from '../src/plugins/jobs.js';
import { seed } from '../src/db/seed/index.js';
import { ORIGIN } from '../test/organizer-helpers.js';
import { openThrowawayDatabase } from '../test/throwaway-database.js';

export interface BenchApp {
  app: App;
  /** The server settings (environment) of `app`, for a built server started against `url`. */
  benchEnv: Record<string, string>;
  /** Where the data lives, for the report. */
  label: string;
  /** The database's PostgreSQL URL; none on PGlite. */
  url?: string;
  /** Closes the app, drops the database and removes the temporary directory. */
  close(): Promise<void>;
}

export interface BenchAppOptions {
  /** Settings added or replaced (TRUST_PROXY for the order flow's buyers). */
  env?: Record<string, string>;
  /** How the app runs queued jobs (`{ work: false }`: none, so its figures are the requests' alone). */
  jobs?: JobsPluginOptions;
}

/**
 * Builds and seeds the app, not yet ready: hooks may still be added (round-trips.ts). Call
 * `close()` in a `finally`.
 */
export async function openBenchApp(options: BenchAppOptions = {}): Promise<BenchApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-bench-'));
  const { database, label, url, drop } = await openThrowawayDatabase({
    prefix: 'bench',
    pgliteDir: path.join(dataDir, 'pglite'),
  });
  const benchEnv = {
    // 'production' would demand an https PUBLIC_URL and real payment settings (src/config.ts).
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // The organizer routes accept writes only from the site's origin (the redeem runs send it).
    PUBLIC_URL: ORIGIN,
    // By 20 September 2024 the seed makes 2024's edition current (the figures' passes and
    // scans are of its dates), on sale until it ends.
    TEST_CLOCK_START: '2024-09-15T06:00:00Z',
    ...options.env,
  };
  const removeData = async () => {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const config = loadConfig({ ...benchEnv, DATA_DIR: dataDir, HOST: '127.0.0.1' });
  const app = await buildApp({ config, database, jobs: options.jobs }).catch(async (error: unknown) => {
    await removeData();
    throw error;
  });
  const close = async () => {
    await app.close();
    await removeData();
  };
  try {
    await seed(app.db, app.log, app.now());
  } catch (error) {
    await close();
    throw error;
  }
  return { app, benchEnv, label, url, close };
}
