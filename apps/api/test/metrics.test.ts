/**
 * Metrics: `GET /api/metrics` answers a scraper holding METRICS_TOKEN in Prometheus's text format
 * (and nobody else), and after a purchase its figures move: the checkout route's requests, the
 * paid order, the confirmation email, the jobs waiting, the database statements' times. Parsed
 * with prom-client's own parser rules: a sample is `name{labels} value`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CheckoutResponseSchema } from '@festival/shared';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
let t: TestContext;

/** The value of the sample `name` whose labels include `labels` (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

async function scrape(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

beforeAll(async () => {
  t = await build({ now: clockFrom(), env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => t?.close());

describe('metrics', () => {
  it('count a job that waits, by queue and state, from one read of the queue', async () => {
    await t.app.jobs.enqueue(t.app.db, 'backup-check', {}, { startAfterSeconds: 3600 });
    const reads = vi.spyOn(t.app.jobs, 'queueStats');
    try {
      const text = await scrape();
      expect(text).toMatch(/^festival_jobs\{queue="backup-check",state="created"\} 1$/m);
      // Not due for an hour, so nothing of that queue waits yet.
      expect(text).toMatch(/^festival_job_oldest_waiting_seconds\{queue="backup-check"\} 0$/m);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      await t.app.db.execute(sql`delete from pgboss.job where name = 'backup-check'`);
    }
  });

  it('answer only the scraper holding the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const off = await build({ now: clockFrom() });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('move after a purchase: requests by route, the paid order, the email, the queue', async () => {
    const before = await scrape();
    const ticketId = await insertTicketType(t.app.db, { name: 'Metrics Pass', amount: 20_000 });
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId);
    const { order } = CheckoutResponseSchema.parse(response.json());
    await payWithSandbox(t.app, order.id);
    await settleJobs(t.app);
    const after = await scrape();

    const checkoutRoute = { route: '/api/auth/payment/checkout', method: 'POST', status: '200' };
    expect(sample(after, 'festival_http_requests_total', checkoutRoute)).toBe(
      sample(before, 'festival_http_requests_total', checkoutRoute) + 1,
    );
    expect(sample(after, 'festival_http_request_duration_seconds_count', checkoutRoute)).toBeGreaterThan(0);
    expect(sample(after, 'festival_orders', { status: 'paid' })).toBe(
      sample(before, 'festival_orders', { status: 'paid' }) + 1,
    );
    // The purchase's statements are timed by operation; a scrape itself writes nothing.
    const inserts = { operation: 'insert' };
    expect(sample(after, 'festival_db_query_duration_seconds_count', inserts)).toBeGreaterThan(
      sample(before, 'festival_db_query_duration_seconds_count', inserts),
    );
    expect(sample(after, 'festival_db_query_duration_seconds_sum', inserts)).toBeGreaterThan(
      sample(before, 'festival_db_query_duration_seconds_sum', inserts),
    );
    expect(
      sample(after, 'festival_db_query_duration_seconds_count', { operation: 'select' }),
    ).toBeGreaterThan(sample(before, 'festival_db_query_duration_seconds_count', { operation: 'select' }));
    expect(sample(after, 'festival_emails_sent_total')).toBeGreaterThan(
      sample(before, 'festival_emails_sent_total'),
    );
    // Every job ran, so no queue has one waiting, running or failed.
    expect(after).toMatch(/^# TYPE festival_jobs gauge$/m);
    expect(after).not.toMatch(/^festival_jobs\{/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    // A raw URL never becomes a label: the route's pattern does.
    expect(after).not.toContain(order.reference);
  });
});
