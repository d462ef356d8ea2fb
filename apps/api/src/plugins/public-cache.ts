/**
 * The public-read cache's HTTP side (decision 010): GET routes that opt in with
 * `config: { publicCache: {...} }` are answered from memory — the serialised JSON, its Brotli
 * and gzip forms made once, and a strong ETag (cache/public-answers.ts) — so a repeated request
 * does no database work, no zod serialisation and no compression. A request whose If-None-Match
 * holds the ETag is answered 304 without a body.
 *
 * What drops answers is cache/invalidation.ts's to say (an organizer's change, orders for
 * `followsOrders` routes, another process's NOTIFY, a lost change feed, a script, `maxAgeMs`);
 * `app.publicCache.invalidate()` is its organizer-change rule for writes made behind the app's
 * back (tests).
 *
 * Only 200 answers without cookies are kept; concurrent misses of one URL wait for the first
 * to fill the entry instead of all reaching the database. Processes stay stateless: the cache
 * is a copy that any process can rebuild from the database.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { pickEncoding } from '../lib/accept-encoding.js';
import { hookList } from '../lib/route-hooks.js';
import {
  encode,
  matches,
  PublicAnswers,
  type CachedAnswer,
  type PublicCacheRouteOptions,
} from '../cache/public-answers.js';

export type { CachedAnswer, PublicCacheRouteOptions } from '../cache/public-answers.js';
/** Re-exported from its owner for code that imported it from here before decision 026 (tests). */
export { announceDataChange } from '../cache/invalidation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer this GET route from the public-read cache (plugins/public-cache.ts). */
    publicCache?: PublicCacheRouteOptions;
  }
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    publicCacheFill: Fill | null;
  }
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
  /** Drops every cache in this process and tells the other processes (awaits the NOTIFY). */
  invalidate(): Promise<void>;
  /** Answers kept now (tests, diagnostics). */
  readonly size: number;
}

/** A route's miss under way: where its answer goes once onSend has it, and who waits on it. */
interface Fill {
  key: string;
  generation: number;
  options: PublicCacheRouteOptions;
  settle: (answer: CachedAnswer | undefined) => void;
}

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
    const invalidation = app.cacheInvalidation;
    const answers = new PublicAnswers(invalidation, () => app.now().getTime());
    invalidation.register(answers);

    const send = (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply => {
      const form = answer.forms[pickEncoding(request.headers['accept-encoding']) ?? 'identity'];
      reply.headers(form.headers);
      if (matches(request.headers['if-none-match'], answer.tag)) {
        return reply.removeHeader('content-encoding').code(304).send();
      }
      return reply.send(form.body);
    };

    const cache: PublicCache = {
      async read(url) {
        const hit = answers.peek(url);
        if (hit) return { status: 200, answer: hit };
        const response = await app.inject({ method: 'GET', url });
        if (response.statusCode !== 200) return { status: response.statusCode, answer: undefined };
        // Not kept (a change came in meanwhile, or the change feed is down): this answer is still current.
        const answer =
          answers.peek(url) ??
          (await encode(
            response.rawPayload,
            String(response.headers['content-type'] ?? 'application/json; charset=utf-8'),
            String(response.headers['cache-control'] ?? 'no-cache'),
            {},
            app.now().getTime(),
          ));
        return { status: 200, answer };
      },
      remember(key, make, options = {}) {
        return answers.getOrFill(key, async () => {
          const made = await make();
          return encode(
            Buffer.from(made.body),
            made.contentType,
            made.cacheControl,
            options,
            app.now().getTime(),
          );
        });
      },
      send,
      invalidate: () => invalidation.invalidate(),
      get size() {
        return answers.size;
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
          answers.keep(fill.key, answer, fill.generation);
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
    // calling `done` ends the hook chain. Nothing is served from memory while caches may not
    // keep (the change feed is down, cache/invalidation.ts).
    app.addHook('onRequest', (request, reply, done) => {
      const options = request.routeOptions.config?.publicCache;
      if (!options || !invalidation.keeping || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return done();
      }
      const key = cacheKey(request);
      const hit = answers.peek(key);
      if (hit) {
        send(request, reply, hit);
        return;
      }
      const waiting = answers.waiting(key);
      if (waiting) {
        waiting.then(
          (answer) => (answer ? void send(request, reply, answer) : done()),
          () => done(),
        );
        return;
      }
      let settle: Fill['settle'] = () => {};
      answers.pend(
        key,
        new Promise<CachedAnswer | undefined>((resolve) => {
          settle = resolve;
        }),
      );
      const fill: Fill = { key, generation: answers.generation, options, settle };
      request.publicCacheFill = fill;
      // A request that never reaches onSend (its client gone, its handler stuck) must not leave
      // waiters hanging. 'close' comes once the response has ended or its connection has; by
      // then a fill that reached onSend has settled, and settling again changes nothing.
      reply.raw.once('close', () => fill.settle(undefined));
      done();
    });
  },
  {
    name: 'public-cache',
    fastify: '5.x',
    decorators: { fastify: ['now', 'cacheInvalidation'] },
    dependencies: ['cache-invalidation'],
  },
);
