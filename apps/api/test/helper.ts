/**
 * Builds the app for a test file against a real database: an in-memory PGlite by default,
 * or, when DATABASE_URL is set, a fresh database created on that PostgreSQL server and
 * dropped afterwards. Migrations and seed data are applied as in production.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { seed } from '../src/db/seed/index.js';
import { openThrowawayDatabase } from './throwaway-database.js';

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
  const { database, drop } = await openThrowawayDatabase();
  const app = await buildApp({ config, database, mailer: options.mailer, now: options.now });
  await seed(app.db, app.log);
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
