/**
 * Invoice numbers stay consecutive, without gaps or duplicates, when
 * two server processes (each with its own connection pool) pay orders at the same moment on
 * one PostgreSQL database. The sequence row is locked FOR UPDATE in each payment's
 * transaction (invoices/repository.ts `nextSequence`), so the processes take turns on it.
 * PGlite is one process by nature, so this runs only with DATABASE_URL set.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxDocuments } from '../src/db/schema.js';
import { updateSettings } from '../src/modules/settings/service.js';
import { GST_SETTINGS } from './ticketing-helpers.js';
import { build, clockFrom, type TestContext } from './helper.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ORDERS_PER_PROCESS = 15;
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestContext;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await build({ now: clockFrom(), jobs: { work: false } });
  await updateSettings(
    t.app.db,
    { organizerId: 'test', email: 'test@example.com', ip: 'local' },
    { ...GST_SETTINGS, pricesIncludeGst: true },
    t.app.now(),
  );
}, 60_000);
afterAll(async () => t?.close());

/** Runs one paying process; resolves with the references it paid. */
function payingProcess(url: string, startAt: number, name: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/pay-orders.ts')], {
      env: {
        ...process.env,
        INVOICE_DATABASE: url,
        INVOICE_DATA_DIR: path.join(t.dataDir, name),
        INVOICE_ORDERS: String(ORDERS_PER_PROCESS),
        INVOICE_START_AT: String(startAt),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${name} exited with ${code}`));
      const line = output.trim().split('\n').at(-1) ?? '';
      resolve((JSON.parse(line) as { paid: string[] }).paid);
    });
  });
}

describe('invoice numbering across processes', () => {
  it.skipIf(!onPostgres)(
    'two processes paying at once get consecutive invoice numbers, none twice, none skipped (needs DATABASE_URL: PGlite is one process)',
    async () => {
      const url = t.database.connection.driver === 'postgres' ? t.database.connection.url : '';
      expect(url).not.toBe('');
      // Both start paying at the same instant, after each has built its app and checked out.
      const startAt = Date.now() + 15_000;
      const [first, second] = await Promise.all([
        payingProcess(url, startAt, 'one'),
        payingProcess(url, startAt, 'two'),
      ]);
      expect(first).toHaveLength(ORDERS_PER_PROCESS);
      expect(second).toHaveLength(ORDERS_PER_PROCESS);

      const invoices = await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.kind, 'invoice'));
      const total = 2 * ORDERS_PER_PROCESS;
      expect(invoices).toHaveLength(total);
      expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(total);
      expect(new Set(invoices.map((invoice) => invoice.orderId)).size).toBe(total);
      expect(invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b)).toEqual(
        Array.from({ length: total }, (_, index) => index + 1),
      );
      expect(invoices.every((invoice) => invoice.number === `SFG/2425/${invoice.sequence}`)).toBe(true);
    },
    120_000,
  );
});
