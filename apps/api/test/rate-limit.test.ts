/**
 * Rate limits across processes and the warning about proxies (`TRUST_PROXY`,
 * docs/operations.md). Two app instances on one PostgreSQL database stand for two server
 * processes: a client's requests to either, and the requests for one email address from any
 * client, count against one limit. The proxy warning needs no particular database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { CONTACT_RATE_LIMIT } from '../src/modules/contact/routes.js';
import { openTestDatabase } from './helper.js';
import type { ThrowawayDatabase } from './throwaway-database.js';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-rate-limit-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
}

/** An empty contact form: the limit counts it before validation answers 400. */
function postContact(app: App, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/auth/contact', payload: {}, remoteAddress });
}

/** A valid contact form under `email`: its per-email limit counts it. */
function postInquiry(app: App, email: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/contact',
    payload: { contactPersonName: 'Meera', email, number: '9876543210', subject: 'Stalls' },
    remoteAddress,
  });
}

describe.skipIf(!process.env.DATABASE_URL)('rate limits on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase;
  let second: DatabaseHandle;
  let apps: App[] = [];

  beforeAll(async () => {
    throwaway = await openTestDatabase({ prefix: 'rate_limit' });
    second = await openDatabase({ url: throwaway.url! });
    apps = [
      await buildApp({ config: testConfig(), database: throwaway.database }),
      await buildApp({ config: testConfig(), database: second }),
    ];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await throwaway?.drop();
  });

  it("two processes on one database share a route's limit per client", async () => {
    for (let request = 0; request < CONTACT_RATE_LIMIT; request += 1) {
      const response = await postContact(apps[request % 2]!, '10.7.0.1');
      expect(response.statusCode).toBe(400);
    }
    for (const app of apps) expect((await postContact(app, '10.7.0.1')).statusCode).toBe(429);
    expect((await postContact(apps[1]!, '10.7.0.2')).statusCode).toBe(400);
  });

  it("two processes on one database share a route's limit per email address", async () => {
    for (let request = 0; request < 5; request += 1) {
      const response = await postInquiry(
        apps[request % 2]!,
        'shared@visitor.example',
        `10.8.0.${request + 1}`,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const app of apps) {
      const refused = await postInquiry(app, 'Shared@Visitor.example', '10.8.1.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The per-address count of the route is its own: these addresses each sent one form.
    expect((await postInquiry(apps[1]!, 'other@visitor.example', '10.8.0.1')).statusCode).toBe(200);
    // Erasing a person's data does not reach the counters: they hold a hash, not the address.
    const { connection } = throwaway.database;
    if (connection.driver !== 'postgres') throw new Error('runs on PostgreSQL only');
    const keys = await connection.pool.query<{ key: string }>('select key from rate_limits');
    expect(keys.rows.filter((row) => row.key.includes('|email|'))).toHaveLength(2);
    expect(keys.rows.filter((row) => row.key.includes('@'))).toEqual([]);
  });
});

describe('a request through a proxy while TRUST_PROXY is off', () => {
  async function warningsFor(env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    const { database, drop } = await openTestDatabase({ prefix: 'proxy' });
    const app = await buildApp({
      config: testConfig(env),
      database,
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      for (const address of ['203.0.113.7', '203.0.113.8']) {
        await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': address } });
      }
    } finally {
      await app.close();
      await drop();
    }
    return lines
      .map((line) => (JSON.parse(line) as { msg: string }).msg)
      .filter((msg) => /TRUST_PROXY/.test(msg));
  }

  it('logs one warning', async () => {
    expect(await warningsFor({})).toEqual([expect.stringMatching(/X-Forwarded-For.*TRUST_PROXY is off/)]);
  });

  it('logs nothing when TRUST_PROXY names the proxies', async () => {
    expect(await warningsFor({ TRUST_PROXY: '127.0.0.1' })).toEqual([]);
  });
});
