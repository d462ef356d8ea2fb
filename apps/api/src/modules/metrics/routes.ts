/**
 * `GET /api/metrics`: this process's metrics (plugins/metrics.ts) in Prometheus's text format, with
 * the figures read from the database when scraped: jobs by queue and state and the oldest one
 * waiting, the current edition's orders by status, scans by check-in list and result (their
 * rate is check-ins per minute), and on PostgreSQL the connection pool.
 *
 * Only a scraper holding METRICS_TOKEN (`Authorization: Bearer …`) is answered; without the
 * setting the path does not exist (404). The figures name no person.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { scanTotals } from '../checkin/service.js';
import { getCurrentEdition } from '../editions/service.js';
import { countOrdersByStatus } from '../orders/service.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

const metricsRoutes: FastifyPluginAsync = async (app) => {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  const { registry } = app.metrics;
  const { db, jobs } = app;

  // Both job gauges come from one read of the queue per scrape: the registry asks every metric
  // at once, so the second gauge's collect joins the read the first one started.
  let reading: Promise<void> | undefined;
  const readQueues = () =>
    (reading ??= (async () => {
      const stats = await jobs.queueStats(db, app.now());
      jobsByState.reset();
      oldestWaiting.reset();
      const oldest = new Map<string, number>();
      for (const stat of stats) {
        jobsByState.set({ queue: stat.name, state: stat.state }, stat.jobs);
        oldest.set(stat.name, Math.max(oldest.get(stat.name) ?? 0, stat.oldestWaitingSeconds));
      }
      for (const [queue, seconds] of oldest) oldestWaiting.set({ queue }, seconds);
    })().finally(() => {
      reading = undefined;
    }));
  const jobsByState = new Gauge({
    name: 'festival_jobs',
    help: 'Jobs by queue and state (created, retry, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    collect: readQueues,
  });
  const oldestWaiting = new Gauge({
    name: 'festival_job_oldest_waiting_seconds',
    help: 'Age of the oldest job of a queue that is due but not started',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect: readQueues,
  });
  new Gauge({
    name: 'festival_orders',
    help: 'Orders of the current edition by status (paid, refunded, pending…)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const edition = await getCurrentEdition(db, app.now());
      const counts = await countOrdersByStatus(db, edition.id, app.now());
      for (const [status, orders] of Object.entries(counts)) this.set({ status }, orders);
    },
  });
  new Counter({
    name: 'festival_checkin_scans_total',
    help: 'Scans at the gate by check-in list and result (ok, or why a pass was refused)',
    labelNames: ['list', 'result'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await scanTotals(db)) this.inc({ list: row.list, result: row.result }, row.scans);
    },
  });
  const { connection } = app.database;
  if (connection.driver === 'postgres') {
    new Gauge({
      name: 'festival_db_pool_connections',
      help: 'PostgreSQL connections of this process by state (total, idle, waiting clients)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, connection.pool.totalCount);
        this.set({ state: 'idle' }, connection.pool.idleCount);
        this.set({ state: 'waiting' }, connection.pool.waitingCount);
      },
    });
  }

  const expected = digest(`Bearer ${token}`);
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ isOk: false, message: 'Not allowed' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};

export default metricsRoutes;
