/**
 * Side effects are jobs committed with the change they follow (decision 005). A server killed
 * with SIGKILL between the payment's commit and the email loses nothing: after a restart the
 * pass emails go out, once.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { orders } from '../src/db/schema.js';
import { build, settleJobs } from './helper.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { openThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let dir: string;
let throwaway: ThrowawayDatabase;
let location: string;
let smtp: TestSmtpServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'festival-crash-'));
  throwaway = await openThrowawayDatabase({ prefix: 'crash', pgliteDir: path.join(dir, 'pglite') });
  const { connection } = throwaway.database;
  location = connection.driver === 'postgres' ? connection.url : path.join(dir, 'pglite');
  // PGlite allows one process per directory: let the crashing process have it.
  if (connection.driver === 'pglite') await throwaway.database.close();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  if (throwaway?.database.connection.driver === 'postgres') await throwaway.drop();
  await rm(dir, { recursive: true, force: true });
});

function runCrashingServer(): Promise<{ reference: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'fixtures/pay-then-crash.ts')],
      {
        env: { ...process.env, CRASH_DATABASE: location, CRASH_DATA_DIR: path.join(dir, 'data') },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      try {
        resolve({ ...(JSON.parse(line) as { reference: string }), signal });
      } catch {
        reject(new Error(`the crashing server printed no reference: ${output}`));
      }
    });
  });
}

async function reopen(): Promise<DatabaseHandle> {
  return location.startsWith('postgres') ? openDatabase({ url: location }) : openDatabase({ dir: location });
}

describe('kill -9 between commit and send', () => {
  it('sends every pass email once after the restart', async () => {
    const { reference, signal } = await runCrashingServer();
    expect(signal).toBe('SIGKILL');

    const database = await reopen();
    const restarted = await build({ database, env: { SMTP_URL: smtp.url } });
    try {
      const [paid] = await restarted.app.db.select().from(orders).where(eq(orders.reference, reference));
      expect(paid).toMatchObject({ status: 'paid', passEmailSentAt: null });

      await settleJobs(restarted.app);
      const delivered = smtp.received.filter(({ mail }) => mail.subject?.includes(reference));
      expect(delivered.map(({ envelopeTo }) => envelopeTo).sort()).toEqual([
        ['crash.buyer@example.com'],
        ['crash.colleague@example.com'],
      ]);
      const [sent] = await restarted.app.db.select().from(orders).where(eq(orders.reference, reference));
      expect(sent?.passEmailSentAt).toBeInstanceOf(Date);
    } finally {
      await restarted.close();
      await database.close();
    }

    // Another restart sends nothing more.
    const again = await reopen();
    const third = await build({ database: again, env: { SMTP_URL: smtp.url } });
    try {
      await settleJobs(third.app);
      expect(smtp.received.filter(({ mail }) => mail.subject?.includes(reference))).toHaveLength(2);
    } finally {
      await third.close();
      await again.close();
    }
  });
});
