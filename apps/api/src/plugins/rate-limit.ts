/**
 * Rate limits: @fastify/rate-limit with no global limit; a route opts in with
 * `config: { rateLimit: { max, timeWindow } }` and is answered 429 past `max` requests per
 * client address within `timeWindow`.
 *
 * Where the counters live (issue 7 §7): on PostgreSQL, in the database through
 * rate-limiter-flexible's RateLimiterPostgres, so every process and machine serving the site
 * counts against one limit; on PGlite, which is one process anyway, in memory. The store
 * creates its table (`rate_limits`: key, points, expire in epoch ms) itself if missing and
 * deletes rows expired for an hour every five minutes; it is not part of the Drizzle schema.
 *
 * It also logs one warning when a request carries X-Forwarded-For while TRUST_PROXY is off:
 * behind a proxy, every client would then share the proxy's address and so its limit.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';

/** Opens the shared counter store once its table exists. */
function openPostgresCounters(pool: pg.Pool): Promise<RateLimiterPostgres> {
  return new Promise((resolve, reject) => {
    const counters: RateLimiterPostgres = new RateLimiterPostgres(
      {
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        keyPrefix: '',
        clearExpiredByTimeout: true,
        // Required by the typings but unused: each call passes its route's window, and the
        // limit is checked by @fastify/rate-limit (see postgresStore).
        points: 1,
        duration: 60,
      },
      (error?: Error) => (error ? reject(error) : resolve(counters)),
    );
  });
}

/** What @fastify/rate-limit hands `child()` at run time (its typings say RouteOptions). */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store over RateLimiterPostgres. @fastify/rate-limit compares the
 * count with `max` itself, so the store only counts: penalty() adds a point to the key
 * without refusing, in a window of the route's `timeWindow` that starts at the key's first
 * point (as the in-memory store does).
 */
function postgresStore(counters: RateLimiterPostgres) {
  class PostgresStore implements FastifyRateLimitStore {
    route = '';

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
      const seconds = Math.max(1, Math.ceil(timeWindow / 1000));
      counters.penalty(`${this.route}|${key}`, 1, { customDuration: seconds }).then(
        (result) => callback(null, { current: result.consumedPoints, ttl: result.msBeforeNext }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { routeInfo } = routeOptions as unknown as ChildParams;
      const store = new PostgresStore();
      store.route = `${String(routeInfo?.method)} ${routeInfo?.url ?? ''}`;
      return store;
    }
  }
  return PostgresStore;
}

const rateLimitPlugin: FastifyPluginAsync = async (app) => {
  const { connection } = app.database;
  if (connection.driver === 'postgres') {
    const counters = await openPostgresCounters(connection.pool);
    await app.register(rateLimit, { global: false, store: postgresStore(counters) });
  } else {
    await app.register(rateLimit, { global: false });
  }

  if (!app.config.TRUST_PROXY) {
    let warned = false;
    app.addHook('onRequest', async (request) => {
      if (warned || request.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      request.log.warn(
        'a request came through a proxy (X-Forwarded-For) but TRUST_PROXY is off: ' +
          'rate limits and logs see every client as the proxy; set TRUST_PROXY=true',
      );
    });
  }
};

export default fp(rateLimitPlugin, {
  name: 'rate-limit',
  fastify: '5.x',
  decorators: { fastify: ['config'] },
  dependencies: ['database'],
});
