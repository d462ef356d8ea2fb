/** The web client served beside the API (src/plugins/web.ts): prerendered pages and assets, compressed. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from './helper.js';

let t: TestContext;
const page = `<!doctype html><html lang="en"><head><title>Speakers</title></head><body>${'<p>Speaker</p>'.repeat(200)}</body></html>`;
const bundle = `export const sponsors = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `Sample Sponsor ${i}`))};`;
/** The build's own compressed copies (apps/web/scripts/finish-client-build.ts), at its settings. */
const bundleBr = brotliCompressSync(bundle, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const bundleGz = gzipSync(bundle, { level: 9 });
const script = `export const speakers = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Sample Speaker ${i}`))};`;

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'festival-web-'));
  await mkdir(path.join(root, 'speakers'));
  await mkdir(path.join(root, 'assets'));
  await mkdir(path.join(root, 'admin'));
  await writeFile(path.join(root, '__spa-fallback.html'), '<p>site fallback</p>');
  await writeFile(path.join(root, 'admin', 'index.html'), '<p>console shell</p>');
  await writeFile(path.join(root, 'index.html'), page);
  await writeFile(path.join(root, 'speakers', 'index.html'), page);
  await writeFile(path.join(root, 'assets', 'speakers-abc123.js'), script);
  await writeFile(path.join(root, 'assets', 'sponsors-def456.js'), bundle);
  await writeFile(path.join(root, 'assets', 'sponsors-def456.js.br'), bundleBr);
  await writeFile(path.join(root, 'assets', 'sponsors-def456.js.gz'), bundleGz);
  t = await build({ env: { WEB_DIST_DIR: root } });
});
afterAll(async () => t?.close());

describe('web client', () => {
  it('serves a prerendered page brotli-compressed when the browser accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/speakers',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it('serves assets gzip-compressed to a browser without brotli, cached for a year', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/speakers-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it("sends the build's precompressed copy byte for byte instead of compressing again", async () => {
    for (const [encoding, copy] of [
      ['br', bundleBr],
      ['gzip', bundleGz],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/sponsors-def456.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      expect(response.rawPayload.equals(copy)).toBe(true);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/assets/sponsors-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('sends plain bytes to a client that accepts no compression', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/speakers',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(page);
  });

  it('answers console pages that were not prerendered with the console shell, other paths with the fallback', async () => {
    const consolePage = await t.app.inject({
      url: '/admin/content/speakers',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(consolePage.statusCode).toBe(200);
    expect(consolePage.body).toBe('<p>console shell</p>');
    for (const url of ['/cms/3', '/archive/sponsors/2024', '/archive/sponsors/2024/']) {
      const site = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(site.statusCode, url).toBe(200);
      expect(site.body, url).toBe('<p>site fallback</p>');
    }
  });

  it('answers a path the site does not have 404 with the fallback, whose router shows the not-found page', async () => {
    // No server bundle here (it renders pages with their data and its own 404): the files alone.
    for (const url of [
      '/administration',
      '/no-such-page',
      '/cms',
      '/cms/3/extra',
      '/archive/sponsors',
      '/speakers/x',
    ]) {
      for (const encoding of ['identity', 'br']) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, `${url} ${encoding}`).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      }
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.body, url).toBe('<p>site fallback</p>');
    }
  });
});

describe('pages built for another origin', () => {
  const built = 'http://localhost:3000';
  const home = (origin: string) =>
    `<!doctype html><html lang="en"><head><link rel="canonical" href="${origin}/"/>` +
    `<meta property="og:url" content="${origin}/"/><meta property="og:image" content="${origin}/images/og.png"/>` +
    `</head><body>${'<p>Festival</p>'.repeat(200)}</body></html>`;
  let other: TestContext;

  beforeAll(async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'festival-web-origin-'));
    await mkdir(path.join(root, 'speakers'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, '__spa-fallback.html'), home(built));
    await writeFile(path.join(root, 'index.html'), home(built));
    // The build's stale compressed copies, which must not be sent.
    await writeFile(path.join(root, 'index.html.br'), brotliCompressSync(home(built)));
    await writeFile(path.join(root, 'index.html.gz'), gzipSync(home(built)));
    await writeFile(path.join(root, 'speakers', 'index.html'), home(built).replace('/"/>', '/speakers"/>'));
    await writeFile(
      path.join(root, 'sitemap.xml'),
      `<urlset><url><loc>${built}/speakers</loc></url></urlset>`,
    );
    await writeFile(path.join(root, 'assets', 'app.js'), `const origin = "${built}";`);
    other = await build({ env: { WEB_DIST_DIR: root, PUBLIC_URL: 'https://fest.example.org' } });
  });
  afterAll(async () => other?.close());

  it('answers pages with canonical and Open Graph URLs on PUBLIC_URL, in every encoding', async () => {
    const expected = home('https://fest.example.org');
    for (const url of ['/', '/index.html', '/cms/4']) {
      const br = await other.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
    }
    // Brotli refused by its quality: gzip, as @fastify/static does for the unrewritten files.
    const gz = await other.app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(expected);
    // A path the static server cannot find gets the fallback page, rewritten too.
    const odd = await other.app.inject({ url: '/odd.path', headers: { 'accept-encoding': 'identity' } });
    expect(odd.body).toBe(expected);
    const unknown = await other.app.inject({ url: '/no-such-page', headers: { 'accept-encoding': 'br' } });
    expect(unknown.statusCode).toBe(404);
    expect(brotliDecompressSync(unknown.rawPayload).toString()).toBe(expected);
    const head = await other.app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const plain = await other.app.inject({ url: '/speakers', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toContain('<link rel="canonical" href="https://fest.example.org/speakers"/>');
    expect(plain.body).not.toContain(built);
  });

  it('rewrites the sitemap too, and leaves scripts and the API alone', async () => {
    const sitemap = await other.app.inject({
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(sitemap.body).toBe('<urlset><url><loc>https://fest.example.org/speakers</loc></url></urlset>');
    const script = await other.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(script.body).toContain(built);
    expect((await other.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
