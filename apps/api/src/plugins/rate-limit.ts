/**
 * Rate limits: @fastify/rate-limit with no global limit; a route opts in with
 * `config: { rateLimit: { max, timeWindow } }` and is answered 429 past `max` requests per
 * client address within `timeWindow`. A public form that writes or mails an address the caller
 * typed also declares `config: { emailRateLimit: { max, timeWindow } }`: a second count, per
 * email address, taken once the body is parsed and valid. Every 429 carries `Retry-After`.
 *
 * Where the counters live: on PostgreSQL, in the database through
 * rate-limiter-flexible's RateLimiterPostgres, so every process and machine serving the site
 * counts against one limit; on PGlite, which is one process anyway, in memory. The store
 * creates its table (`rate_limits`: key, points, expire in epoch ms) itself if missing and
 * deletes rows expired for an hour every five minutes; it is not part of the Drizzle schema.
 *
 * It also logs one warning when a request carries X-Forwarded-For while TRUST_PROXY is off:
 * behind a proxy, every client would then share the proxy's address and so its limit.
 */
import { createHash } from 'node:crypto';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../errors.js';
import { hookList } from '../lib/route-hooks.js';
import { retryWait } from '../lib/minutes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Limit per email address, on top of the per-address `rateLimit`; see EmailRateLimit. */
    emailRateLimit?: EmailRateLimit;
  }
}

/**
 * A route's limit per email address (`config.emailRateLimit`): past `max` valid requests for
 * one address within `timeWindow`, from any client address and any process, the route answers
 * 429 with `Retry-After`. Counted after validation, so a mistyped form costs nothing.
 */
export interface EmailRateLimit {
  max: number;
  /** As @fastify/rate-limit reads it: '1 hour', '10 minutes'. */
  timeWindow: string;
  /**
   * The address the request is for (default: the body's `email`), or an id standing for that
   * person where reading the address would cost a query (checkout's buyer, by attendee id).
   * Undefined counts nothing: the handler then refuses the request itself.
   */
  emailOf?: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
}

/**
 * A route's per-client-address limit (`config.rateLimit`), refused with `message` in the
 * API's envelope; @fastify/rate-limit sets `Retry-After`.
 */
export function addressRateLimit(max: number, timeWindow: string, message: string) {
  return { max, timeWindow, errorResponseBuilder: () => new TooManyRequestsError(message) };
}

/**
 * The counter key of an email address: one mailbox however it is typed (trimmed, lower-cased),
 * hashed so that the counters (the `rate_limits` table, which erasing a person's data does not
 * reach) hold no address.
 */
function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

function emailOfBody(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email : undefined;
}

/** The key of a request without an email address: on @fastify/rate-limit's allow list. */
const UNCOUNTED = '';

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
      counters.penalty(`${this.route}${key}`, 1, { customDuration: seconds }).then(
        (result) => callback(null, { current: result.consumedPoints, ttl: result.msBeforeNext }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { routeInfo } = routeOptions as unknown as ChildParams;
      const store = new PostgresStore();
      // createRateLimit's limiters have no route: their keys name it (the per-email limits).
      if (routeInfo?.url !== undefined) store.route = `${String(routeInfo.method)} ${routeInfo.url}|`;
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

  app.addHook('onRoute', (route) => {
    const limit = route.config?.emailRateLimit;
    if (!limit) return;
    const counter = `${[route.method].flat().join(',')} ${route.url}|email|`;
    const emailOf = limit.emailOf ?? emailOfBody;
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindow,
      keyGenerator: async (request) => {
        const email = await emailOf(request);
        return email === undefined ? UNCOUNTED : counter + emailKey(email);
      },
      allowList: [UNCOUNTED],
    });
    const countEmail = async (request: FastifyRequest) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      throw new TooManyRequestsError(
        `Too many requests for this email address. Please try again in ${retryWait(result.ttlInSeconds)}.`,
        result.ttlInSeconds,
      );
    };
    route.preHandler = [...hookList(route.preHandler), countEmail];
  });

  if (app.config.TRUST_PROXY === false) {
    let warned = false;
    app.addHook('onRequest', async (request) => {
      if (warned || request.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      request.log.warn(
        'a request came through a proxy (X-Forwarded-For) but TRUST_PROXY is off: ' +
          'rate limits and logs see every client as the proxy; set TRUST_PROXY to the addresses ' +
          'of the proxies in front (e.g. 10.0.0.0/8 or loopback)',
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
