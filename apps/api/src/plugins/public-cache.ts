/**
 * The public-read cache (decision 010): GET routes that opt in with `config: { publicCache: {...} }`
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
 * - `app.publicCache.invalidate()`, for writes made behind the app's back (tests), and
 *   `announceDataChange()` for those of a script of its own (`npm run db:seed`).
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
import type { DatabaseHandle } from '../db/client.js';
import { forgetReadMostly, keepReadMostly } from '../db/read-mostly.js';
import { pickEncoding } from '../lib/accept-encoding.js';
import { hookList, readsOnly, SAFE_METHODS } from '../lib/route-hooks.js';

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

/** How an answer's body is sent: as is, Brotli or gzip. */
type Encoding = 'identity' | 'br' | 'gzip';

/** An answer in one encoding, ready to send: the body and every header of the response. */
interface Form {
  body: Buffer;
  headers: Record<string, string | string[]>;
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
  /**
   * Each encoding's body with all its headers (the replayed ones, content type, cache control,
   * Vary, ETag, Content-Encoding), made once so that a hit only copies them onto the reply.
   */
  forms: Record<Encoding, Form>;
  /** `app.now()` and the monotonic clock when stored (ms). */
  storedAt: number;
  storedMono: number;
  maxAgeMs: number | undefined;
  followsOrders: boolean;
}

/** What `PublicCache.read` got: the route's status, and its answer when that is 200. */
export interface PublicRead {
  status: number;
  answer: CachedAnswer | undefined;
}

/** The cache's API (`app.publicCache`). */
export interface PublicCache {
  /**
   * The answer of the GET route for `url` (path and query): from memory, or by calling the route
   * in-process (`app.inject`), which fills the cache when the route opts in. `answer` is undefined
   * unless the route answers 200; `status` says what it answered instead, so the caller need not
   * ask again. Used to put content into pages (plugins/web-content-pages.ts).
   */
  read(url: string): Promise<PublicRead>;
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

/** What each encoding adds to the ETag: the forms differ in bytes, so in strong tags. */
const TAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Tells the servers running on this database that data behind their public reads changed
 * (an organizer's change in one of them, or `npm run db:seed`, a migration): each drops what it
 * keeps. On PostgreSQL a NOTIFY on `public_cache` whose payload names the sender, which ignores
 * its own; on PGlite nothing, as no other process can have it open.
 */
export async function announceDataChange(
  database: Pick<DatabaseHandle, 'connection'>,
  from = 'script',
): Promise<void> {
  const { connection } = database;
  if (connection.driver !== 'postgres') return;
  await connection.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, from]);
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
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const form = (encoding: Encoding, bytes: Buffer): Form => ({
    body: bytes,
    headers: {
      ...headers,
      'content-type': contentType,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
      etag: `"${tag}${TAG_SUFFIX[encoding]}"`,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    },
  });
  return {
    contentType,
    cacheControl,
    headers,
    tag,
    identity: body,
    br,
    gzip: gz,
    forms: { identity: form('identity', body), br: form('br', br), gzip: form('gzip', gz) },
    storedAt: now,
    storedMono: performance.now(),
    maxAgeMs: options.maxAgeMs,
    followsOrders: options.followsOrders === true,
  };
}

/**
 * The key a cached route's answer is kept under: its registered path with the matched
 * parameters filled in. Spellings of one address (`%61`, a query the route ignores) share one
 * entry, so they can neither fill the cache with copies nor make every request a miss.
 */
function cacheKey(request: FastifyRequest): string {
  const template = request.routeOptions.url ?? request.url;
  if (!template.includes(':') && !template.includes('*')) return template;
  const params = request.params as Record<string, string | undefined>;
  return template.replace(/:(\w+)|\*/g, (_whole, name: string | undefined) =>
    encodeURIComponent(params[name ?? '*'] ?? ''),
  );
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
    // The current edition and the settings follow the same drops (db/read-mostly.ts).
    keepReadMostly(app.db, listening);

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
      forgetReadMostly(app.db);
    };

    const dropFollowingOrders = () => {
      generation += 1;
      for (const [key, answer] of entries) if (answer.followsOrders) entries.delete(key);
    };

    const send = (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply => {
      const form = answer.forms[pickEncoding(request.headers['accept-encoding']) ?? 'identity'];
      reply.headers(form.headers);
      if (matches(request.headers['if-none-match'], answer.tag)) {
        return reply.removeHeader('content-encoding').code(304).send();
      }
      return reply.send(form.body);
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
          keepReadMostly(app.db, false);
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
          keepReadMostly(app.db, true);
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
      await announceDataChange(app.database, processId);
    };

    const cache: PublicCache = {
      async read(url) {
        const hit = lookup(url);
        if (hit) return { status: 200, answer: hit };
        const response = await app.inject({ method: 'GET', url });
        if (response.statusCode !== 200) return { status: response.statusCode, answer: undefined };
        // Not kept (a change came in meanwhile, or the change feed is down): this answer is still current.
        const answer =
          lookup(url) ??
          (await encode(
            response.rawPayload,
            String(response.headers['content-type'] ?? 'application/json; charset=utf-8'),
            String(response.headers['cache-control'] ?? 'no-cache'),
            {},
            app.now().getTime(),
          ));
        return { status: 200, answer };
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

    /**
     * Keeps a cached route's first answer after a miss, and answers with the accepted encoding.
     * Hooks here are callback-style: on a hit, an async hook would cost a promise each.
     */
    const keepAnswer: onSendHookHandler = (request, reply, payload, done) => {
      const fill = request.publicCacheFill;
      if (!fill) return done(null, payload);
      request.publicCacheFill = null;
      const body =
        typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
      if (reply.statusCode !== 200 || body === null || reply.hasHeader('set-cookie')) {
        fill.settle(undefined);
        return done(null, payload);
      }
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const cacheControl = String(reply.getHeader('cache-control') ?? 'no-cache');
      const headers: CachedAnswer['headers'] = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !PER_ANSWER_HEADERS.has(name)) {
          headers[name] = Array.isArray(value) ? value : String(value);
        }
      }
      encode(body, contentType, cacheControl, fill.options, app.now().getTime(), headers).then(
        (answer) => {
          store(fill.key, answer, fill.generation);
          fill.settle(answer);
          const form = answer.forms[pickEncoding(request.headers['accept-encoding']) ?? 'identity'];
          reply.headers(form.headers);
          done(null, form.body);
        },
        (error: unknown) => {
          fill.settle(undefined);
          done(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };

    app.addHook('onRoute', (route) => {
      const options = route.config?.publicCache;
      if (!options) return;
      if (route.schema?.querystring) {
        throw new Error(`${route.url}: a cached route's answers are kept by path, so it cannot take a query`);
      }
      // Compressed here once per answer, not per request by @fastify/compress.
      route.compress = false;
      route.onSend = [keepAnswer, ...hookList(route.onSend)];
    });

    // The app's first onRequest hook (app.ts registers this plugin before any other that adds
    // one): a hit is answered here, skipping every later hook, and replays the headers they set
    // on the first answer. Callback style, so a hit allocates no promise; replying without
    // calling `done` ends the hook chain.
    app.addHook('onRequest', (request, reply, done) => {
      const options = request.routeOptions.config?.publicCache;
      if (!options || !listening || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
      const key = cacheKey(request);
      const hit = lookup(key);
      if (hit) {
        send(request, reply, hit);
        return;
      }
      const waiting = pending.get(key);
      if (waiting) {
        waiting.then(
          (answer) => (answer ? void send(request, reply, answer) : done()),
          () => done(),
        );
        return;
      }
      let settle: Fill['settle'] = () => {};
      const filled = new Promise<CachedAnswer | undefined>((resolve) => {
        settle = resolve;
      });
      pending.set(key, filled);
      const fill: Fill = {
        key,
        generation,
        options,
        settle(answer) {
          if (pending.get(key) === filled) pending.delete(key);
          settle(answer);
        },
      };
      request.publicCacheFill = fill;
      // A request that never reaches onSend (its client gone, its handler stuck) must not leave
      // waiters hanging. 'close' comes once the response has ended or its connection has; by
      // then a fill that reached onSend has settled, and settling again changes nothing.
      reply.raw.once('close', () => fill.settle(undefined));
      done();
    });

    // Drops answers after a change (see the module's docstring). Hooks of the changing routes
    // only, so that a hit runs none of them; which one a route gets follows from its registered
    // path, whatever spelling of it a request used.
    const afterOrganizerChange: onSendHookHandler = (request, reply, payload, done) => {
      if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
      // The change is committed: failing to tell the others must not turn it into an error answer.
      invalidate()
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'public cache: could not notify other processes of a change'),
        )
        .finally(() => done(null, payload));
    };
    const afterPublicChange: onSendHookHandler = (request, reply, payload, done) => {
      if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) dropFollowingOrders();
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || readsOnly(route)) return;
      let afterChange: onSendHookHandler = afterPublicChange;
      if (route.url.startsWith('/api/admin/')) {
        if (route.url.startsWith('/api/admin/auth/') || route.config?.leavesPublicReads) return;
        afterChange = afterOrganizerChange;
      }
      route.onSend = [afterChange, ...hookList(route.onSend)];
    });
  },
  {
    name: 'public-cache',
    fastify: '5.x',
    decorators: { fastify: ['now', 'database'] },
    dependencies: ['database'],
  },
);
