/**
 * Metrics as a named plugin (`app.metrics`): a prom-client registry of this process with
 * Node's own figures (memory, CPU, event-loop delay, garbage collection), every request by the
 * route that matched (its pattern, never the raw URL, so paths cannot multiply the series),
 * method and status with a latency histogram, the time of the database's statements by
 * operation (db/query-timing.ts), and the emails the mailer sent or failed to send. Modules add
 * gauges read from the database when scraped (modules/metrics). Counters are per process;
 * Prometheus sums the processes it scrapes.
 */
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { QUERY_OPERATIONS, type QueryOperation } from '../db/query-timing.js';

export interface Metrics {
  registry: Registry;
  emailsSent: Counter;
  emailsFailed: Counter;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'festival_http_requests_total',
      help: 'Requests answered, by matched route, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'festival_http_request_duration_seconds',
      help: 'Time to answer a request, by matched route, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const queries = new Histogram({
      name: 'festival_db_query_duration_seconds',
      help: 'Time of a database statement, from sending it to its answer, by operation (select, insert, update, delete, other)',
      labelNames: ['operation'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    // Every operation's series exists from the start, so a rate over it is 0 rather than absent.
    for (const operation of QUERY_OPERATIONS) queries.zero({ operation });
    const byOperation = Object.fromEntries(
      QUERY_OPERATIONS.map((operation) => [operation, queries.labels({ operation })]),
    ) as Record<QueryOperation, ReturnType<typeof queries.labels>>;
    const stopTiming = app.database.observeQueries((operation, seconds) =>
      byOperation[operation].observe(seconds),
    );
    app.addHook('onClose', async () => {
      stopTiming();
    });
    app.decorate('metrics', {
      registry,
      emailsSent: new Counter({
        name: 'festival_emails_sent_total',
        help: 'Emails the mail server (or the outbox) accepted',
        registers: [registry],
      }),
      emailsFailed: new Counter({
        name: 'festival_emails_failed_total',
        help: 'Emails that could not be handed over (the job retries them)',
        registers: [registry],
      }),
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
