/**
 * Every HTML page the server answers has a Content-Security-Policy whose `script-src` allows no
 * inline script but those of that page, by their SHA-256 hashes (plugins/security-headers.ts
 * `pagePolicy`): prerendered files however they are asked for (by path, as a shell, as the SPA
 * fallback, precompressed, rewritten for another origin), content pages rendered with their
 * data, and the sandbox's payment pages. A script injected into a page therefore does not run.
 *
 * The hashes are recomputed here from each answer's body, independently of lib/inline-scripts.ts.
 * Needs the web build (`npm run build -w @festival/web`, or WEB_BUILD_DIR=<dir>); without it
 * the page tests are skipped, and say so.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { CheckoutResponseSchema } from '@festival/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, renderNonce } from '../src/lib/inline-scripts.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { checkout, insertAttendees, postForm, seededTicketId } from './ticketing-helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../../web', process.env.WEB_BUILD_DIR ?? 'build', 'client');
const built = existsSync(path.join(webRoot, 'index.html'));
if (!built) console.warn(`page-policy.test.ts: page tests skipped, no web build at ${webRoot}`);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The body of an answer as the browser reads it, whatever its encoding. */
function bodyOf(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

/**
 * Every inline script the browser would run for `html`: each `<script>` without `src` and of a
 * script type, and the module the hydrate-after-paint loader inserts (its last argument).
 */
function scriptsRun(html: string): string[] {
  const texts: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes) || /type="application\/(?:ld\+)?json"/.test(attributes)) continue;
    texts.push(text);
    const inserted = /, ("(?:[^"\\]|\\.)*")\)$/.exec(text);
    if (attributes.includes('id="hydrate-after-paint"') && inserted?.[1]) {
      texts.push(JSON.parse(inserted[1]) as string);
    }
  }
  return texts;
}

/** The sources of `script-src` in a policy. */
function scriptSources(policy: string | undefined): string[] {
  const directive = (policy ?? '').split(';').find((part) => part.trim().startsWith('script-src '));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

/** Asserts that `response` is a page whose policy allows exactly its own inline scripts. */
function expectOwnScriptsOnly(response: LightMyRequestResponse, label: string) {
  expect(String(response.headers['content-type']), label).toMatch(/^text\/html/);
  const sources = scriptSources(response.headers['content-security-policy'] as string | undefined);
  expect(sources, label).toContain("'self'");
  expect(sources, label).not.toContain("'unsafe-inline'");
  expect(sources, label).not.toContain("'unsafe-eval'");
  const scripts = scriptsRun(bodyOf(response));
  const hashes = sources.filter((source) => source.startsWith("'sha256-"));
  expect(new Set(hashes), label).toEqual(new Set(scripts.map(sha256)));
  return scripts;
}

/** Each prerendered page's address, from the build's files (`about/index.html` → `/about`). */
const pageUrls = built
  ? readdirSync(webRoot, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('index.html'))
      .map((file) => `/${path.dirname(file).split(path.sep).join('/')}`.replace(/\/\.?$/, '') || '/')
  : [];

describe('the policy of a rendered page', () => {
  it('trusts only the scripts with the render’s nonce, which its last script carries', () => {
    const html =
      '<main><script>injected()</script><script nonce="guess">injected()</script></main>' +
      '<script nonce="n1">own()</script><script id="x" type="application/json">{}</script>' +
      '<script nonce="n1">window.__reactRouterContext.streamController.close();</script>';
    expect(renderNonce(html)).toBe('n1');
    expect(inlineScriptHashes(html, { nonce: 'n1' })).toEqual([
      sha256('own()'),
      sha256('window.__reactRouterContext.streamController.close();'),
    ]);
    expect(renderNonce('<p>no scripts</p>')).toBeUndefined();
  });
});

describe.skipIf(!built)('pages served from the web build', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ env: { WEB_DIST_DIR: webRoot } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('every prerendered page, by its path and as its file, plain and precompressed', async () => {
    expect(pageUrls).toEqual(expect.arrayContaining(['/', '/register', '/admin/orders', '/checkin']));
    for (const url of pageUrls) {
      for (const encoding of ['identity', 'br', 'gzip']) {
        const headers = { 'accept-encoding': encoding };
        const byPath = await t.app.inject({ url, headers });
        expect(byPath.statusCode, url).toBe(200);
        expectOwnScriptsOnly(byPath, `${url} (${encoding})`);
        const file = `${url === '/' ? '' : url}/index.html`;
        expectOwnScriptsOnly(await t.app.inject({ url: file, headers }), `${file} (${encoding})`);
      }
    }
  });

  it('the console shell, the SPA fallback and the pages rendered with their data', async () => {
    for (const url of ['/admin/content/speakers', '/__spa-fallback.html']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(expectOwnScriptsOnly(response, url).length, url).toBeGreaterThan(0);
    }
    // Every public page is rendered (with the current edition); unknown ones answer 404.
    for (const url of ['/', '/about', '/faq', '/speakers', '/cms/1', '/cms/9999', '/no-such-page']) {
      for (const encoding of ['identity', 'br']) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, url).toBe(['/cms/9999', '/no-such-page'].includes(url) ? 404 : 200);
        const html = bodyOf(response);
        expect(html, url).toContain('id="query-prefill"');
        expectOwnScriptsOnly(response, `${url} (${encoding})`);
        // Every script of the render carries its nonce, and the next render has another.
        const nonce = renderNonce(html);
        expect(nonce, url).toMatch(/^[0-9a-f-]{36}$/);
        for (const [, attributes] of html.matchAll(/<script([^>]*)>/g)) {
          // Data blocks (the filled queries, the home page's JSON-LD) do not run.
          if (!/type="application\/(?:ld\+)?json"/.test(attributes ?? ''))
            expect(attributes, url).toContain(`nonce="${nonce}"`);
        }
      }
    }
    const before = renderNonce((await t.app.inject({ url: '/about' })).body);
    await t.app.publicCache.invalidate();
    expect(renderNonce((await t.app.inject({ url: '/about' })).body)).not.toBe(before);
  });
});

describe.skipIf(!built)('pages rewritten for another public origin', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ env: { WEB_DIST_DIR: webRoot, PUBLIC_URL: 'https://fest.example' } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('carry the policy of their rewritten scripts', async () => {
    for (const url of ['/', '/register', '/admin', '/checkin', '/about', '/no-such-page']) {
      for (const encoding of ['identity', 'br']) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        // Public pages carry absolute URLs (canonical, Open Graph); the console, the scanner and the fallback none.
        if (['/', '/register', '/about'].includes(url))
          expect(bodyOf(response), url).toContain('https://fest.example');
        expectOwnScriptsOnly(response, `${url} (${encoding})`);
      }
    }
  });
});

describe('the sandbox payment pages', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ now: clockFrom() });
  }, 60_000);
  afterAll(async () => t?.close());

  it('the checkout page runs no script; the pages posting the result run only theirs', async () => {
    const attendees = await insertAttendees(t.app.db, 1);
    const { order } = CheckoutResponseSchema.parse(
      (await checkout(t.app, attendees, await seededTicketId(t.app.db, 3, 'Investor Pass'))).json(),
    );
    const page = await t.app.inject({ url: `/api/auth/payment/sandbox/${order.id}` });
    expect(expectOwnScriptsOnly(page, 'checkout page')).toEqual([]);
    for (const button of ['fail', 'pay']) {
      const response = await postForm(t.app, `/api/auth/payment/sandbox/${order.id}/${button}`, {});
      expect(response.statusCode).toBe(200);
      expect(expectOwnScriptsOnly(response, button)).toHaveLength(1);
    }
  });
});
