/**
 * The public-read cache (plugins/public-cache.ts, decision 010): ETag and 304, Brotli and gzip
 * forms of the same JSON, an organizer's change showing at once, seat counts never served
 * stale in the process that took the order, and, on PostgreSQL (DATABASE_URL), a change made
 * through one process showing in another within a second.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { faqItems } from '../src/db/schema.js';
import { announceDataChange } from '../src/plugins/public-cache.js';
import { build, countQueries, openTestDatabase, type TestContext } from './helper.js';
import { signedInOrganizer, ORIGIN } from './organizer-helpers.js';
import { checkout, insertAttendees, insertTicketType } from './ticketing-helpers.js';

const FAQ = '/api/auth/list/FaqMaster';
const COUNTRIES = '/api/auth/location/country';
/** A cached route of the test's own whose first read never answers. */
const STUCK = '/api/test/stuck';

describe('public-read cache (PGlite, one process)', () => {
  let t: TestContext;
  let clock = new Date('2024-09-15T06:00:00Z');
  let cookie: string;
  /** Calls of STUCK's handler: the first never answers. */
  let stuckCalls = 0;

  beforeAll(async () => {
    t = await build({
      now: () => clock,
      setup(app) {
        app.get(STUCK, { config: { publicCache: {} } }, async () => {
          stuckCalls += 1;
          if (stuckCalls === 1) return new Promise<never>(() => {});
          return { isOk: true };
        });
      },
    });
    ({ cookie } = await signedInOrganizer(t.app, 'content'));
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers with a strong ETag and 304 when the client holds it', async () => {
    const first = await t.app.inject({ url: COUNTRIES });
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag;
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers.vary).toBe('accept-encoding');

    const again = await t.app.inject({ url: COUNTRIES, headers: { 'if-none-match': String(tag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);

    const other = await t.app.inject({ url: COUNTRIES, headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
    // A hit skips the security-headers hook but replays the headers of the first answer.
    expect(other.headers['x-content-type-options']).toBe('nosniff');
    expect(other.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('sends Brotli and gzip forms that decode to the same JSON, each with its own ETag', async () => {
    const plain = await t.app.inject({ url: COUNTRIES });
    const br = await t.app.inject({ url: COUNTRIES, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await t.app.inject({ url: COUNTRIES, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const base = String(plain.headers.etag).slice(0, -1);
    expect(br.headers.etag).toBe(`${base}-br"`);
    expect(gz.headers.etag).toBe(`${base}-gz"`);
    // Any form's tag revalidates: the content is the same.
    const revalidated = await t.app.inject({
      url: COUNTRIES,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('negotiates the coding by quality: one refused with q=0 is not sent', async () => {
    const coding = async (acceptEncoding: string) =>
      (await t.app.inject({ url: COUNTRIES, headers: { 'accept-encoding': acceptEncoding } })).headers[
        'content-encoding'
      ];
    expect(await coding('br;q=0, gzip')).toBe('gzip');
    expect(await coding('gzip;q=0.5, br;q=0.2')).toBe('gzip');
    expect(await coding('GZIP')).toBe('gzip');
    expect(await coding('*')).toBe('br');
    expect(await coding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(await coding('identity, deflate')).toBeUndefined();
    const refused = await t.app.inject({ url: COUNTRIES, headers: { 'accept-encoding': 'br;q=0' } });
    expect(refused.json()).toEqual((await t.app.inject({ url: COUNTRIES })).json());
  });

  it('answers repeated reads without asking the database', async () => {
    await t.app.publicCache.invalidate();
    const miss = await countQueries(t.database, async () => {
      expect((await t.app.inject({ url: FAQ })).statusCode).toBe(200);
    });
    expect(miss).toBeGreaterThan(0);
    const queries = await countQueries(t.database, async () => {
      for (let i = 0; i < 5; i += 1) expect((await t.app.inject({ url: FAQ })).statusCode).toBe(200);
    });
    expect(queries).toBe(0);
  });

  it('keeps one answer per route and parameters, whatever the spelling or query', async () => {
    await t.app.publicCache.invalidate();
    expect((await t.app.inject({ url: FAQ })).statusCode).toBe(200);
    const kept = t.app.publicCache.size;
    const queries = await countQueries(t.database, async () => {
      for (let i = 0; i < 20; i += 1) {
        const spelt = i % 2 === 0 ? `${FAQ}?bust=${i}` : FAQ.replace('Faq', `%46aq`) + `?n=${i}`;
        expect((await t.app.inject({ url: spelt })).statusCode).toBe(200);
      }
    });
    expect(queries).toBe(0);
    expect(t.app.publicCache.size).toBe(kept);
  });

  it('shows an organizer’s change made through another spelling of the console’s path', async () => {
    const before = await t.app.inject({ url: FAQ });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/%61dmin/faq',
      headers: { cookie, origin: ORIGIN },
      payload: { question: 'Is there a cloakroom?', answer: 'Yes, at the main gate.' },
    });
    expect(created.statusCode).toBe(201);
    const after = await t.app.inject({ url: FAQ });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.map((item: { que: string }) => item.que)).toContain('Is there a cloakroom?');
  });

  it('shows an organizer’s change on the next read', async () => {
    const before = await t.app.inject({ url: FAQ });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/faq',
      headers: { cookie, origin: ORIGIN },
      payload: { question: 'Is there parking?', answer: 'Yes, at the north gate.' },
    });
    expect(created.statusCode).toBe(201);
    const after = await t.app.inject({ url: FAQ, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.map((item: { que: string }) => item.que)).toContain('Is there parking?');
  });

  it('never shows seat counts older than the order this process took, nor past a lapse', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 2, name: 'Cache Pass' });
    await t.app.publicCache.invalidate(); // written behind the app's back
    const seats = async () =>
      (await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/3' }))
        .json()
        .data.find((ticket: { _id: number }) => ticket._id === ticketId);
    expect(await seats()).toMatchObject({ available: 2, soldOut: false });
    expect(await seats()).toMatchObject({ available: 2 }); // now cached

    expect((await checkout(t.app, await insertAttendees(t.app.db, 2), ticketId)).statusCode).toBe(200);
    expect(await seats()).toMatchObject({ available: 0, soldOut: true });

    // The reservation lapses with the clock, without any request: the entry's age counts on it.
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect(await seats()).toMatchObject({ available: 2, soldOut: false });
  });

  it('lets the next read of a URL go on when the first one never answers and its client leaves', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const leaving = new AbortController();
    const first = fetch(`${origin}${STUCK}`, { signal: leaving.signal }).then(
      () => 'answered',
      () => 'left',
    );
    await vi.waitFor(() => expect(stuckCalls).toBe(1));
    leaving.abort();
    expect(await first).toBe('left');
    // Without the first read settled, this one would wait on it for ever.
    const next = await fetch(`${origin}${STUCK}`);
    expect(next.status).toBe(200);
    expect(await next.json()).toEqual({ isOk: true });
    expect(stuckCalls).toBe(2);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('public-read cache across processes (PostgreSQL)', () => {
  let first: TestContext;
  let second: TestContext;
  let drop: () => Promise<void>;
  let secondHandle: Awaited<ReturnType<typeof openDatabase>>;
  let throwawayUrl: string;

  beforeAll(async () => {
    const throwaway = await openTestDatabase({ prefix: 'cache' });
    drop = throwaway.drop;
    throwawayUrl = throwaway.url!;
    first = await build({ database: throwaway.database });
    // Another process: its own pool, its own LISTEN connection, its own memory.
    secondHandle = await openDatabase({ url: throwaway.url! });
    second = await build({ database: secondHandle });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await secondHandle?.close();
    await first?.close();
    await drop?.();
  });

  /** The questions the second process lists on /faq. */
  const questions = async () =>
    ((await second.app.inject({ url: FAQ })).json().data as { que: string }[]).map((item) => item.que);

  /** Whether the second process lists `question` within a second, asking every 20 ms. */
  async function listedWithinASecond(question: string): Promise<boolean> {
    const since = Date.now();
    while (Date.now() - since < 1_000) {
      if ((await questions()).includes(question)) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  it('drops the other process’s copy within a second of an organizer’s change', async () => {
    const { cookie } = await signedInOrganizer(first.app, 'content');
    expect(await questions()).not.toContain('Can I bring a laptop?');
    expect(second.app.publicCache.size).toBeGreaterThan(0);

    const created = await first.app.inject({
      method: 'POST',
      url: '/api/admin/faq',
      headers: { cookie, origin: ORIGIN },
      payload: { question: 'Can I bring a laptop?', answer: 'Yes.' },
    });
    expect(created.statusCode).toBe(201);
    expect(await listedWithinASecond('Can I bring a laptop?')).toBe(true);
  });

  it('drops its copy when a script on the same database announces its write (npm run db:seed)', async () => {
    expect(await questions()).not.toContain('Is there parking?');
    // A script's write: straight to the table, through a handle of its own, no route involved.
    const script = await openDatabase({ url: throwawayUrl });
    try {
      await script.db
        .insert(faqItems)
        .values({ key: 'parking', question: 'Is there parking?', answer: 'Yes.' });
      expect(await questions()).not.toContain('Is there parking?');

      await announceDataChange(script);
      expect(await listedWithinASecond('Is there parking?')).toBe(true);
    } finally {
      await script.close();
    }
  });
});
