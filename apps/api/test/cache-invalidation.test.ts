/**
 * Each rule of cache/invalidation.ts by its name (decision 026), against the real app: which
 * of a process's caches — a cached route's answer, one that follows orders, one kept for a
 * minute, a read-mostly value — a change, a NOTIFY, a lost change feed or time drops. In one
 * process (PGlite, or PostgreSQL with DATABASE_URL), and across two on PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceDataChange, isFresh } from '../src/cache/invalidation.js';
import { openDatabase } from '../src/db/client.js';
import { readMostly } from '../src/db/read-mostly.js';
import { build, openTestDatabase, type TestContext } from './helper.js';
import { signedInOrganizer, ORIGIN } from './organizer-helpers.js';

/** The caches a probe watches: three cached routes of the test's own and one read-mostly value. */
type Probe = 'kept' | 'seats' | 'aged' | 'readMostly';

const ROUTES = {
  kept: { url: '/api/test/kept', options: {} },
  seats: { url: '/api/test/seats', options: { followsOrders: true } },
  aged: { url: '/api/test/aged', options: { maxAgeMs: 60_000 } },
} as const;
/** A public change (an order, say): 200, or 409 with `?fail`. */
const ORDER = '/api/test/order';
/** An organizer's change that fails (409). */
const FAILING_CHANGE = '/api/admin/test/failing';
/** An organizer's change marked as altering no public answer, like a gate scan. */
const SCAN = '/api/admin/test/scan';

/** Counts how often each cache had to be filled, on the app `setup` adds its routes to. */
function probe() {
  const fills: Record<Probe, number> = { kept: 0, seats: 0, aged: 0, readMostly: 0 };
  return {
    setup(app: TestContext['app']) {
      for (const [name, route] of Object.entries(ROUTES)) {
        app.get(route.url, { config: { publicCache: route.options } }, async () => {
          fills[name as Probe] += 1;
          return { name };
        });
      }
      app.post(ORDER, async (request, reply) =>
        'fail' in (request.query as object) ? reply.code(409).send({ failed: true }) : { ordered: true },
      );
      app.post(FAILING_CHANGE, { config: { roles: ['owner'] } }, async (_request, reply) =>
        reply.code(409).send({ failed: true }),
      );
      app.post(SCAN, { config: { roles: ['owner'], leavesPublicReads: true } }, async () => ({
        scanned: true,
      }));
    },
    /** Reads every cache once and names those that had to be filled (were not kept). */
    async refilled(app: TestContext['app']): Promise<Probe[]> {
      const before = { ...fills };
      for (const route of Object.values(ROUTES))
        expect((await app.inject({ url: route.url })).statusCode).toBe(200);
      await readMostly(app.db, 'cache-invalidation-probe', async () => {
        fills.readMostly += 1;
        return fills.readMostly;
      });
      return (Object.keys(fills) as Probe[]).filter((name) => fills[name] > before[name]);
    },
  };
}

describe('cache invalidation in one process', () => {
  let t: TestContext;
  let clock = new Date('2024-09-15T06:00:00Z');
  let cookie: string;
  const caches = probe();

  beforeAll(async () => {
    t = await build({ now: () => clock, setup: caches.setup });
    ({ cookie } = await signedInOrganizer(t.app, 'owner'));
  }, 60_000);
  afterAll(async () => t?.close());

  const organizer = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, payload });

  it('keeps every cache between changes', async () => {
    await caches.refilled(t.app);
    expect(await caches.refilled(t.app)).toEqual([]);
  });

  it('organizer-change: a successful change under /api/admin drops every cache', async () => {
    await caches.refilled(t.app);
    const created = await organizer('/api/admin/faq', { question: 'Is there Wi-Fi?', answer: 'Yes.' });
    expect(created.statusCode).toBe(201);
    expect(await caches.refilled(t.app)).toEqual(['kept', 'seats', 'aged', 'readMostly']);
  });

  it('organizer-change: a failed change, a sign-in and a change that leaves public reads drop nothing', async () => {
    await caches.refilled(t.app);
    expect((await organizer(FAILING_CHANGE)).statusCode).toBe(409);
    expect((await organizer(SCAN)).statusCode).toBe(200);
    await signedInOrganizer(t.app, 'content'); // successful POSTs under /api/admin/auth
    expect(await caches.refilled(t.app)).toEqual([]);
  });

  it('organizer-change: app.cacheInvalidation.invalidate() drops every cache (writes behind the app’s back)', async () => {
    await caches.refilled(t.app);
    await t.app.cacheInvalidation.invalidate();
    expect(await caches.refilled(t.app)).toEqual(['kept', 'seats', 'aged', 'readMostly']);
    await t.app.publicCache.invalidate();
    expect(await caches.refilled(t.app)).toEqual(['kept', 'seats', 'aged', 'readMostly']);
  });

  it('order-change: a successful change elsewhere under /api drops only what follows orders', async () => {
    await caches.refilled(t.app);
    expect((await t.app.inject({ method: 'POST', url: `${ORDER}?fail` })).statusCode).toBe(409);
    expect(await caches.refilled(t.app)).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: ORDER })).statusCode).toBe(200);
    expect(await caches.refilled(t.app)).toEqual(['seats']);
  });

  it.skipIf(process.env.DATABASE_URL)(
    'script: announceDataChange() on PGlite tells no one and drops nothing (one process)',
    async () => {
      await caches.refilled(t.app);
      await announceDataChange(t.database);
      expect(await caches.refilled(t.app)).toEqual([]);
    },
  );

  it('time: an answer kept with maxAgeMs is refilled at that age on the app’s clock', async () => {
    await caches.refilled(t.app);
    clock = new Date(clock.getTime() + 59_000);
    expect(await caches.refilled(t.app)).toEqual([]);
    clock = new Date(clock.getTime() + 2_000);
    expect(await caches.refilled(t.app)).toEqual(['aged']);
  });

  it('time: isFresh counts the age on both clocks, and a clock moved back makes a value stale', () => {
    const now = Date.parse('2024-09-15T06:00:00Z');
    const mono = performance.now();
    expect(isFresh({ storedAt: now - 10_000, storedMono: mono, maxAgeMs: undefined }, () => now)).toBe(true);
    expect(isFresh({ storedAt: now - 500, storedMono: mono, maxAgeMs: 1_000 }, () => now)).toBe(true);
    expect(isFresh({ storedAt: now - 1_000, storedMono: mono, maxAgeMs: 1_000 }, () => now)).toBe(false);
    expect(isFresh({ storedAt: now, storedMono: mono - 1_000, maxAgeMs: 1_000 }, () => now)).toBe(false);
    expect(isFresh({ storedAt: now + 1, storedMono: mono, maxAgeMs: 1_000 }, () => now)).toBe(false);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('cache invalidation across processes (PostgreSQL)', () => {
  let first: TestContext;
  let second: TestContext;
  let secondHandle: Awaited<ReturnType<typeof openDatabase>>;
  let script: Awaited<ReturnType<typeof openDatabase>>;
  let drop: () => Promise<void>;
  const firstCaches = probe();
  const secondCaches = probe();
  const everything: Probe[] = ['kept', 'seats', 'aged', 'readMostly'];

  beforeAll(async () => {
    const throwaway = await openTestDatabase({ prefix: 'invalidation' });
    drop = throwaway.drop;
    first = await build({ database: throwaway.database, setup: firstCaches.setup });
    // Another process: its own pool, its own LISTEN connection, its own memory.
    secondHandle = await openDatabase({ url: throwaway.url! });
    second = await build({ database: secondHandle, setup: secondCaches.setup });
    script = await openDatabase({ url: throwaway.url! });
  }, 60_000);
  afterAll(async () => {
    await script?.close();
    await second?.close();
    await secondHandle?.close();
    await first?.close();
    await drop?.();
  });

  /** Waits (up to a second) until reading the second process's caches refills every one of them. */
  const secondDropsAll = () =>
    vi.waitFor(async () => expect(await secondCaches.refilled(second.app)).toEqual(everything), {
      timeout: 1_000,
      interval: 20,
    });

  it('other-process: an organizer’s change in one process drops every cache of the other', async () => {
    await secondCaches.refilled(second.app);
    const { cookie } = await signedInOrganizer(first.app, 'content');
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/admin/faq',
      headers: { cookie, origin: ORIGIN },
      payload: { question: 'Is there a quiet room?', answer: 'Yes.' },
    });
    expect(created.statusCode).toBe(201);
    await secondDropsAll();
  });

  it('other-process: the process that sent the NOTIFY ignores its own', async () => {
    await first.app.cacheInvalidation.invalidate();
    await firstCaches.refilled(first.app);
    await secondDropsAll();
    // The second has heard it, so the first has had every chance to.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await firstCaches.refilled(first.app)).toEqual([]);
  });

  it('order-change: another process’s order leaves this one’s caches to maxAgeMs', async () => {
    await secondCaches.refilled(second.app);
    expect((await first.app.inject({ method: 'POST', url: ORDER })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await secondCaches.refilled(second.app)).toEqual([]);
  });

  it('script: announceDataChange() from a script’s own handle drops every cache of every process', async () => {
    await firstCaches.refilled(first.app);
    await secondCaches.refilled(second.app);
    await announceDataChange(script);
    await secondDropsAll();
    await vi.waitFor(async () => expect(await firstCaches.refilled(first.app)).toEqual(everything), {
      timeout: 1_000,
      interval: 20,
    });
  });

  it('feed-lost: without its LISTEN connection a process keeps nothing, then starts empty once back', async () => {
    await secondCaches.refilled(second.app);
    expect(second.app.cacheInvalidation.keeping).toBe(true);
    const { connection } = script;
    if (connection.driver !== 'postgres') throw new Error('a PostgreSQL handle');
    await connection.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'LISTEN public_cache'`,
    );
    await vi.waitFor(() => expect(second.app.cacheInvalidation.keeping).toBe(false), { interval: 10 });
    // Every read goes to the database: a change said now would go unheard.
    expect(await secondCaches.refilled(second.app)).toEqual(everything);
    expect(await secondCaches.refilled(second.app)).toEqual(everything);

    await vi.waitFor(() => expect(second.app.cacheInvalidation.keeping).toBe(true), { timeout: 5_000 });
    await secondCaches.refilled(second.app);
    expect(await secondCaches.refilled(second.app)).toEqual([]);
  });
});
