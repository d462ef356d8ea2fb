/**
 * Periodic jobs (`app.jobs.every`, plugins/jobs.ts): each process queues the waiting-list sweep
 * every WAITING_LIST_SWEEP_SECONDS, and the singleton key keeps one queued however many times
 * the timer fires before a worker takes it (this app runs no workers, as a busy one would not
 * have got to it yet).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from './helper.js';

let t: TestContext;

beforeAll(async () => {
  t = await build({ env: { WAITING_LIST_SWEEP_SECONDS: '1' }, jobs: { work: false } });
});
afterAll(async () => t?.close());

async function queuedSweeps(): Promise<number> {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'waiting-list-sweep' and state = 'created'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
    n: number;
  }[];
  return Number(rows[0]?.n ?? 0);
}

describe('a periodic job', () => {
  it('is queued on its timer, once while one is waiting', async () => {
    await expect.poll(queuedSweeps, { timeout: 10_000 }).toBe(1);
    // Two more ticks of the timer.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await queuedSweeps()).toBe(1);
  });
});
