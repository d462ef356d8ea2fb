/**
 * The public-read cache's store (decision 010): HTTP answers kept as bytes, their Brotli and
 * gzip forms made once, and a strong ETag, by key (a route's path with its parameters, or a
 * page's key). A `Cache` under the invalidation's rules (cache/invalidation.ts); the HTTP side
 * (which routes, ETag and 304, hooks) is plugins/public-cache.ts.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Cache } from './cache.js';
import { isFresh, type CacheInvalidation } from './invalidation.js';

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

/** How an answer's body is sent: as is, Brotli or gzip. */
export type Encoding = 'identity' | 'br' | 'gzip';

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

/** Most answers kept; past it the oldest goes (URLs carry ids, so their number is bounded only here). */
const MAX_ENTRIES = 2_000;

/** What each encoding adds to the ETag: the forms differ in bytes, so in strong tags. */
const TAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Whether If-None-Match names any encoding of the answer (they share one content). */
export function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((value) => {
    const held = value.trim();
    return held === `"${tag}"` || held === `"${tag}-br"` || held === `"${tag}-gz"` || held === '*';
  });
}

/**
 * An answer of `body` to keep: its Brotli and gzip forms, ETag and every encoding's headers
 * (`headers` replayed first), stored at `now` (`app.now()`, ms).
 */
export async function encode(
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
 * The kept answers of one app. Besides `getOrFill`, the route hooks use its parts, since a
 * route's fill starts in onRequest and ends in onSend: `peek` (synchronous, so that a hit
 * allocates no promise), `waiting`, `pend` and `keep`.
 */
export class PublicAnswers implements Cache<CachedAnswer> {
  readonly #entries = new Map<string, CachedAnswer>();
  readonly #pending = new Map<string, Promise<CachedAnswer | undefined>>();
  readonly #invalidation: Pick<CacheInvalidation, 'keeping'>;
  readonly #now: () => number;
  /** Bumped by every drop: a fill that started before one must not keep what it read. */
  #generation = 0;

  /** `now` is `app.now()` in ms, which the time rule reads. */
  constructor(invalidation: Pick<CacheInvalidation, 'keeping'>, now: () => number) {
    this.#invalidation = invalidation;
    this.#now = now;
  }

  /** Answers kept now (tests, diagnostics). */
  get size(): number {
    return this.#entries.size;
  }

  /** The drop count a fill starting now passes to `keep`. */
  get generation(): number {
    return this.#generation;
  }

  /** The fresh answer kept under `key`, if any (a stale one is dropped). */
  peek(key: string): CachedAnswer | undefined {
    const answer = this.#entries.get(key);
    if (answer === undefined) return undefined;
    if (isFresh(answer, this.#now)) return answer;
    this.#entries.delete(key);
    return undefined;
  }

  /** The fill of `key` under way (its answer, undefined when it kept none), if any. */
  waiting(key: string): Promise<CachedAnswer | undefined> | undefined {
    return this.#pending.get(key);
  }

  /** Marks `fill` as the fill of `key` under way until it settles; later misses wait on it. */
  pend(key: string, fill: Promise<CachedAnswer | undefined>): void {
    this.#pending.set(key, fill);
    const done = () => {
      if (this.#pending.get(key) === fill) this.#pending.delete(key);
    };
    fill.then(done, done);
  }

  /** Keeps `answer` under `key`, unless a drop came since `since` (`generation`) or caches may not keep. */
  keep(key: string, answer: CachedAnswer, since: number): void {
    if (!this.#invalidation.keeping || since !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, answer);
  }

  async getOrFill(key: string, fill: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const hit = this.peek(key);
    if (hit) return hit;
    const waiting = this.#pending.get(key);
    if (waiting) {
      const answer = await waiting;
      if (answer) return answer;
    }
    const since = this.#generation;
    const work = fill().then((answer) => {
      this.keep(key, answer, since);
      return answer;
    });
    this.pend(key, work);
    return work;
  }

  dropAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  dropFollowingOrders(): void {
    this.#generation += 1;
    for (const [key, answer] of this.#entries) if (answer.followsOrders) this.#entries.delete(key);
  }
}
