/**
 * What drops what: every in-process cache of database data (the public-read answers,
 * plugins/public-cache.ts; the read-mostly rows, db/read-mostly.ts) registers here, and this
 * file alone decides when they are emptied (decisions 010, 016, 026). The rules, by name:
 *
 * - **organizer-change**: a successful POST/PUT/PATCH/DELETE under /api/admin (except the
 *   sign-in mount and routes marked `config.leavesPublicReads`, gate scans) drops every cache
 *   of this process before its answer leaves, and tells the other processes (NOTIFY);
 * - **order-change**: a successful change anywhere else under /api (checkout, payment,
 *   cancellation…) drops what follows orders (seat counts) in this process; other processes
 *   rely on those answers' `maxAgeMs`;
 * - **other-process**: a NOTIFY on `public_cache` from another process (PostgreSQL only; each
 *   process LISTENs on a connection of its own, and ignores its own) drops every cache;
 * - **feed-lost**: while that listening connection is down, caches neither keep nor serve
 *   anything (`keeping` is false), so a missed NOTIFY can never leave a process stale; on
 *   reconnecting (every second) they are emptied once more and only then keep again;
 * - **script**: `announceDataChange()` from a script's own handle (`npm run db:seed`) is a
 *   NOTIFY like the above; `app.cacheInvalidation.invalidate()` is the organizer-change rule
 *   for writes made behind the app's back (tests);
 * - **time**: a value kept with `maxAgeMs` is stale at that age (`isFresh`), by the wall clock
 *   and by `app.now()`, so tests that move the clock see it expire.
 *
 * PGlite is one process (decision 001): there is no one to tell and nothing to listen to.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client.js';
import { hookList, readsOnly, SAFE_METHODS } from '../lib/route-hooks.js';
import type { Cache } from './cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /api/admin change that alters no public answer (gate scans): caches stay (organizer-change). */
    leavesPublicReads?: boolean;
  }
  interface FastifyInstance {
    cacheInvalidation: CacheInvalidation;
  }
}

/** The invalidation's API (`app.cacheInvalidation`). */
export interface CacheInvalidation {
  /** Whether caches may keep and serve values now: false while the change feed is down (feed-lost). */
  readonly keeping: boolean;
  /** Puts `cache` under these rules for the life of the app. */
  register(cache: Cache<unknown>): void;
  /** The organizer-change rule on demand: drops every cache here and tells the other processes. */
  invalidate(): Promise<void>;
}

const CHANNEL = 'public_cache';
const RECONNECT_MS = 1_000;

/**
 * The script rule: tells the servers running on this database that data behind their caches
 * changed (an organizer's change in one of them, or `npm run db:seed`, a migration); each drops
 * what it keeps. On PostgreSQL a NOTIFY on `public_cache` whose payload names the sender, which
 * ignores its own; on PGlite nothing, as no other process can have it open.
 */
export async function announceDataChange(
  database: Pick<DatabaseHandle, 'connection'>,
  from = 'script',
): Promise<void> {
  const { connection } = database;
  if (connection.driver !== 'postgres') return;
  await connection.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, from]);
}

/**
 * The time rule: whether a value kept at `storedAt` (`app.now()`, ms) and `storedMono`
 * (`performance.now()`, ms) is younger than its `maxAgeMs` on both clocks, `now` giving
 * `app.now()` in ms; one without `maxAgeMs` waits for the other rules. `now` is called only for
 * a value with `maxAgeMs`, so that most cache hits make no Date.
 */
export function isFresh(
  kept: { storedAt: number; storedMono: number; maxAgeMs: number | undefined },
  now: () => number,
): boolean {
  if (kept.maxAgeMs === undefined) return true;
  const age = now() - kept.storedAt;
  return age >= 0 && age < kept.maxAgeMs && performance.now() - kept.storedMono < kept.maxAgeMs;
}

export default fp(
  async function cacheInvalidation(app: FastifyInstance) {
    const caches: Cache<unknown>[] = [];
    const processId = randomUUID();
    const connection = app.database.connection;

    const dropAllHere = () => {
      for (const cache of caches) cache.dropAll();
    };
    const invalidate = async () => {
      dropAllHere();
      await announceDataChange(app.database, processId);
    };
    // A data property, not a getter: every cached read checks it.
    const invalidation: { -readonly [K in keyof CacheInvalidation]: CacheInvalidation[K] } = {
      keeping: connection.driver !== 'postgres',
      register(cache) {
        caches.push(cache);
      },
      invalidate,
    };
    app.decorate('cacheInvalidation', invalidation);

    // other-process and feed-lost.
    let listener: pg.Client | undefined;
    let reconnect: NodeJS.Timeout | undefined;
    let closing = false;
    if (connection.driver === 'postgres') {
      const listen = async () => {
        const client = new pg.Client({ connectionString: connection.url });
        const feedLost = (error?: Error) => {
          if (listener !== client) return;
          listener = undefined;
          invalidation.keeping = false;
          dropAllHere();
          client.end().catch(() => {});
          if (closing) return;
          if (error) app.log.warn({ err: error }, 'caches: lost the change feed; not caching until back');
          reconnect = setTimeout(() => void listen(), RECONNECT_MS);
        };
        client.on('error', feedLost);
        client.on('end', () => feedLost());
        client.on('notification', (message) => {
          if (message.channel === CHANNEL && message.payload !== processId) dropAllHere();
        });
        try {
          listener = client;
          await client.connect();
          await client.query(`LISTEN ${CHANNEL}`);
          // Whatever was said while the feed was down is unheard: start empty.
          dropAllHere();
          invalidation.keeping = true;
        } catch (error) {
          feedLost(error instanceof Error ? error : new Error(String(error)));
        }
      };
      await listen();
      app.addHook('onClose', async () => {
        closing = true;
        clearTimeout(reconnect);
        const client = listener;
        listener = undefined;
        await client?.end();
      });
    }

    // organizer-change and order-change, as onSend hooks of the changing routes only, so that
    // a cached read runs none of them; which one a route gets follows from its registered path,
    // whatever spelling of it a request used. Callback style: no promise per request.
    const afterOrganizerChange: onSendHookHandler = (request, reply, payload, done) => {
      if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
      // The change is committed: failing to tell the others must not turn it into an error answer.
      invalidate()
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'caches: could not notify other processes of a change'),
        )
        .finally(() => done(null, payload));
    };
    const afterOrderChange: onSendHookHandler = (request, reply, payload, done) => {
      if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
        for (const cache of caches) cache.dropFollowingOrders?.();
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || readsOnly(route)) return;
      let afterChange = afterOrderChange;
      if (route.url.startsWith('/api/admin/')) {
        if (route.url.startsWith('/api/admin/auth/') || route.config?.leavesPublicReads) return;
        afterChange = afterOrganizerChange;
      }
      route.onSend = [afterChange, ...hookList(route.onSend)];
    });
  },
  {
    name: 'cache-invalidation',
    fastify: '5.x',
    decorators: { fastify: ['database'] },
    dependencies: ['database'],
  },
);
