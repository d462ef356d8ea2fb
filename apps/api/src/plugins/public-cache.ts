/**
 * The public-read cache (issue 12): GET routes that opt in with `config: { publicCache: {...} }`
 * are answered from memory — the serialised JSON, its Brotli and gzip forms made once, and a
 * strong ETag — so a repeated request does no database work, no zod serialisation and no
 * compression. A request whose If-None-Match holds the ETag is answered 304 without a body.
 *
 * What drops answers (decision 010):
 * - an organizer's change: any successful POST/PUT/PATCH/DELETE under /api/admin (except the
 *   sign-in mount and routes marked `config.leavesPublicReads`) clears every answer in this
 *   process before the response leaves, and tells the other processes — PostgreSQL
 *   NOTIFY on `public_cache`, each process LISTENing on a connection of its own (PGlite is one
 *   process: nothing to tell). A process whose listening connection is down serves nothing
 *   from memory until it is back, so it can never miss a change;
 * - time and orders: a route with `maxAgeMs` keeps an answer at most that long (by the wall
 *   clock and by `app.now()`, so tests that move the clock see it expire); one with
 *   `followsOrders` is also dropped whenever this process answers a successful change under
 *   /api (checkout, payment, cancellation…), other processes relying on `maxAgeMs`;
 * - `app.publicCache.invalidate()`, for writes made behind the app's back (tests, scripts).
 *
 * Only 200 answers without cookies are kept; concurrent misses of one URL wait for the first
 * to fill the entry instead of all reaching the database. Processes stay stateless: the cache
 * is a copy that any process can rebuild from the database.
 */
import { createHash, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

/** How a route's answers are kept (`config.publicCache`). */
export interface PublicCacheRouteOptions {
  /**
   * Longest time (ms) an answer is kept, for answers that change with time (sales windows,
   * reservations lapsing) or with other processes' orders. Without it, kept until an
   * organizer's change.
   */
  maxAgeMs?: number;
  /** Also dropped when this process answers any successful change under /api (seat counts). */
  followsOrders?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer this GET route from the public-read cache (plugins/public-cache.ts). */
    publicCache?: PublicCacheRouteOptions;
    /** An /api/admin change that alters no public answer (gate scans): it keeps the cache. */
    leavesPublicReads?: boolean;
  }
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    publicCacheFill: Fill | null;
  }
}

/** One kept answer: its bytes in each encoding and what the response headers need. */
export interface CachedAnswer {
  contentType: string;
  cacheControl: string;
  /** The first answer's other headers (the security headers), replayed on every hit. */
  headers: Record<string, string | string[]>;
  /** Strong ETag of the identity bytes, without quotes; encoded forms add `-br` / `-gz`. */
  tag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** `app.now()` and the monotonic clock when stored (ms). */
  storedAt: number;
  storedMono: number;
  maxAgeMs: number | undefined;
  followsOrders: boolean;
}

/** The cache's API (`app.publicCache`). */
export interface PublicCache {
  /**
   * The answer of the GET route for `url` (path and query): from memory, or by calling the route
   * in-process (`app.inject`), which fills the cache when the route opts in; undefined unless the
   * route answers 200. Used to put content into pages (plugins/web.ts).
   */
  read(url: string): Promise<CachedAnswer | undefined>;
  /**
   * Keeps a derived answer (a page with content injected) under `key`; `make` runs on a miss and
   * its result is dropped with everything else on an organizer's change. `maxAgeMs` as for routes.
   */
  remember(
    key: string,
    make: () => Promise<{ body: string; contentType: string; cacheControl: string }>,
    options?: PublicCacheRouteOptions,
  ): Promise<CachedAnswer>;
  /** Answers `request` with `answer`: ETag, Vary, 304 on a matching If-None-Match, Brotli/gzip as accepted. */
  send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply;
  /** Drops every answer in this process and tells the other processes (awaits the NOTIFY). */
  invalidate(): Promise<void>;
  /** Answers kept now (tests, diagnostics). */
  readonly size: number;
}

interface Fill {
  key: string;
  generation: number;
  options: PublicCacheRouteOptions;
  settle: (answer: CachedAnswer | undefined) => void;
}

/** Most answers kept; past it the oldest goes (URLs carry ids, so their number is bounded only here). */
const MAX_ENTRIES = 2_000;
const CHANNEL = 'public_cache';
const RECONNECT_MS = 1_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers set per answer or per request, never replayed from the first answer. */
const PER_ANSWER_HEADERS = new Set([
  'content-type',
  'cache-control',
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'date',
  'set-cookie',
  'x-request-id',
]);

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer with, as the request accepts: Brotli, gzip or none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = acceptEncoding.toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Whether If-None-Match names any encoding of the answer (they share one content). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((value) => {
    const held = value.trim();
    return held === `"${tag}"` || held === `"${tag}-br"` || held === `"${tag}-gz"` || held === '*';
  });
}

async function encode(
  body: Buffer,
  contentType: string,
  cacheControl: string,
  options: PublicCacheRouteOptions,
  now: number,
  headers: CachedAnswer['headers'] = {},
): Promise<CachedAnswer> {
  // Made once per change, so the slowest, smallest settings pay off.
  const [br, gz] = await Promise.all([
    brotliCompress(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  return {
    contentType,
    cacheControl,
    headers,
    tag: createHash('sha256').update(body).digest('base64url').slice(0, 27),
    identity: body,
    br,
    gzip: gz,
    storedAt: now,
    storedMono: performance.now(),
    maxAgeMs: options.maxAgeMs,
    followsOrders: options.followsOrders === true,
  };
}

export default fp(
  async function publicCache(app: FastifyInstance) {
    const entries = new Map<string, CachedAnswer>();
    const pending = new Map<string, Promise<CachedAnswer | undefined>>();
    /** Bumped by every drop: a fill that started before one must not store what it read. */
    let generation = 0;
    const processId = randomUUID();
    const connection = app.database.connection;
    /** On PostgreSQL, whether this process hears other processes' changes right now. */
    let listening = connection.driver !== 'postgres';

    const fresh = (answer: CachedAnswer): boolean => {
      if (answer.maxAgeMs === undefined) return true;
      const age = app.now().getTime() - answer.storedAt;
      return age >= 0 && age < answer.maxAgeMs && performance.now() - answer.storedMono < answer.maxAgeMs;
    };

    const lookup = (key: string): CachedAnswer | undefined => {
      const answer = entries.get(key);
      if (answer === undefined) return undefined;
      if (fresh(answer)) return answer;
      entries.delete(key);
      return undefined;
    };

    const store = (key: string, answer: CachedAnswer, since: number) => {
      if (!listening || since !== generation) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, answer);
    };

    const clearLocal = () => {
      generation += 1;
      entries.clear();
    };

    const dropFollowingOrders = () => {
      generation += 1;
      for (const [key, answer] of entries) if (answer.followsOrders) entries.delete(key);
    };

    const send = (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply => {
      reply.headers(answer.headers);
      reply.header('content-type', answer.contentType);
      reply.header('cache-control', answer.cacheControl);
      reply.header('vary', 'accept-encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const suffix = encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : '';
      reply.header('etag', `"${answer.tag}${suffix}"`);
      if (matches(request.headers['if-none-match'], answer.tag)) return reply.code(304).send();
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.identity);
    };

    let notifier: pg.Client | undefined;
    let reconnect: NodeJS.Timeout | undefined;
    let closing = false;
    if (connection.driver === 'postgres') {
      const listen = async () => {
        const client = new pg.Client({ connectionString: connection.url });
        const lost = (error?: Error) => {
          if (notifier !== client) return;
          notifier = undefined;
          listening = false;
          clearLocal();
          client.end().catch(() => {});
          if (closing) return;
          if (error)
            app.log.warn({ err: error }, 'public cache: lost the change feed; not caching until back');
          reconnect = setTimeout(() => void listen(), RECONNECT_MS);
        };
        client.on('error', lost);
        client.on('end', () => lost());
        client.on('notification', (message) => {
          if (message.channel === CHANNEL && message.payload !== processId) clearLocal();
        });
        try {
          notifier = client;
          await client.connect();
          await client.query(`LISTEN ${CHANNEL}`);
          clearLocal();
          listening = true;
        } catch (error) {
          lost(error instanceof Error ? error : new Error(String(error)));
        }
      };
      await listen();
      app.addHook('onClose', async () => {
        closing = true;
        clearTimeout(reconnect);
        const client = notifier;
        notifier = undefined;
        await client?.end();
      });
    }

    const invalidate = async () => {
      clearLocal();
      if (connection.driver === 'postgres') {
        await connection.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, processId]);
      }
    };

    const cache: PublicCache = {
      async read(url) {
        const hit = lookup(url);
        if (hit) return hit;
        const response = await app.inject({ method: 'GET', url });
        if (response.statusCode !== 200) return undefined;
        // Not kept (a change came in meanwhile, or the change feed is down): this answer is still current.
        return (
          lookup(url) ??
          encode(
            response.rawPayload,
            String(response.headers['content-type'] ?? 'application/json; charset=utf-8'),
            String(response.headers['cache-control'] ?? 'no-cache'),
            {},
            app.now().getTime(),
          )
        );
      },
      async remember(key, make, options = {}) {
        const hit = lookup(key);
        if (hit) return hit;
        const waiting = pending.get(key);
        if (waiting) {
          const answer = await waiting;
          if (answer) return answer;
        }
        const since = generation;
        const work = (async () => {
          const made = await make();
          const answer = await encode(
            Buffer.from(made.body),
            made.contentType,
            made.cacheControl,
            options,
            app.now().getTime(),
          );
          store(key, answer, since);
          return answer;
        })();
        pending.set(key, work);
        try {
          return await work;
        } finally {
          if (pending.get(key) === work) pending.delete(key);
        }
      },
      send,
      invalidate,
      get size() {
        return entries.size;
      },
    };
    app.decorate('publicCache', cache);
    app.decorateRequest('publicCacheFill', null);

    /** Keeps a cached route's first answer after a miss, and answers with the accepted encoding. */
    const keepAnswer: onSendHookHandler = async (request, reply, payload) => {
      const fill = request.publicCacheFill;
      if (!fill) return payload;
      request.publicCacheFill = null;
      const body =
        typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
      if (reply.statusCode !== 200 || body === null || reply.hasHeader('set-cookie')) {
        fill.settle(undefined);
        return payload;
      }
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const cacheControl = String(reply.getHeader('cache-control') ?? 'no-cache');
      const headers: CachedAnswer['headers'] = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !PER_ANSWER_HEADERS.has(name)) {
          headers[name] = Array.isArray(value) ? value : String(value);
        }
      }
      const answer = await encode(
        body,
        contentType,
        cacheControl,
        fill.options,
        app.now().getTime(),
        headers,
      );
      store(fill.key, answer, fill.generation);
      fill.settle(answer);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('cache-control', answer.cacheControl);
      reply.header('vary', 'accept-encoding');
      reply.header('etag', `"${answer.tag}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`);
      if (!encoding) return answer.identity;
      reply.header('content-encoding', encoding);
      return encoding === 'br' ? answer.br : answer.gzip;
    };

    app.addHook('onRoute', (route) => {
      const options = route.config?.publicCache;
      if (!options) return;
      // Compressed here once per answer, not per request by @fastify/compress.
      route.compress = false;
      route.onSend = [keepAnswer, ...[route.onSend ?? []].flat()];
    });

    // A global hook registered before the security headers' (app.ts): a hit skips the other hooks and replays
    // the headers they set on the first answer.
    app.addHook('onRequest', async (request, reply) => {
      const options = request.routeOptions.config?.publicCache;
      if (!options || !listening || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      const key = request.url;
      const hit = lookup(key);
      if (hit) return send(request, reply, hit);
      const waiting = pending.get(key);
      if (waiting) {
        const answer = await waiting;
        if (answer) return send(request, reply, answer);
        return;
      }
      let settle: Fill['settle'] = () => {};
      const filled = new Promise<CachedAnswer | undefined>((resolve) => {
        settle = resolve;
      });
      pending.set(key, filled);
      request.publicCacheFill = {
        key,
        generation,
        options,
        settle(answer) {
          if (pending.get(key) === filled) pending.delete(key);
          settle(answer);
        },
      };
    });

    // A request that ended without reaching onSend (aborted, hook error) must not leave waiters hanging.
    app.addHook('onResponse', async (request) => {
      request.publicCacheFill?.settle(undefined);
      request.publicCacheFill = null;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
      const url = request.url;
      if (!url.startsWith('/api/')) return payload;
      if (url.startsWith('/api/admin/')) {
        if (url.startsWith('/api/admin/auth/') || request.routeOptions.config.leavesPublicReads)
          return payload;
        // The change is committed: failing to tell the others must not turn it into an error answer.
        await invalidate().catch((error: unknown) =>
          request.log.error({ err: error }, 'public cache: could not notify other processes of a change'),
        );
      } else {
        dropFollowingOrders();
      }
      return payload;
    });
  },
  {
    name: 'public-cache',
    fastify: '5.x',
    decorators: { fastify: ['now', 'database'] },
    dependencies: ['database'],
  },
);
