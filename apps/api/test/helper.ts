/**
 * Builds the app for a test file against a real database: an in-memory PGlite by default,
 * or, when DATABASE_URL is set, a fresh database created on that PostgreSQL server and
 * dropped afterwards. Migrations and seed data are applied as in production.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { seed } from '../src/db/seed/index.js';

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

/** Opens a migrated, seeded database: PGlite in memory, or a throwaway PostgreSQL database. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dir: undefined });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    database,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
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
  const { database, drop } = await openTestDatabase();
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
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
