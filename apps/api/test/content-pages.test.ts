/**
 * Content pages served with their database content (issue 12, plugins/web-content-pages.ts):
 * /about, /faq and /cms/:id are rendered by the web build's server bundle with the public API's
 * answers, kept in the public-read cache, and show an organizer's change on the next request.
 *
 * Needs the web build (`npm run build -w @festival/web`, or WEB_BUILD_DIR=<dir> for another
 * folder): it renders the real pages. Without it the tests are skipped, and say so.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, countQueries, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../../web', process.env.WEB_BUILD_DIR ?? 'build', 'client');
const built = existsSync(path.join(webRoot, '..', 'server', 'index.js'));
if (!built) console.warn(`content-pages.test.ts skipped: no web build at ${webRoot}`);

interface CmsPage {
  _id: number;
  title: string;
  Content: string;
}

interface LogLine {
  level: number;
  msg: string;
  req?: { url: string };
}

/** pino's level of `error`. */
const ERROR = 50;

describe.skipIf(!built)('content pages with their content in the HTML', () => {
  let t: TestContext;
  let cookie: string;
  /** The app's log: one "request completed" line per request, in-process API calls included. */
  const lines: LogLine[] = [];

  beforeAll(async () => {
    t = await build({
      env: { WEB_DIST_DIR: webRoot },
      logger: {
        level: 'info',
        stream: {
          write(line: string) {
            lines.push(JSON.parse(line) as LogLine);
          },
        },
      },
    });
    ({ cookie } = await signedInOrganizer(t.app, 'content'));
  }, 60_000);
  afterAll(async () => t?.close());

  /** Requests `url` and returns the log lines written meanwhile. */
  const logged = async (url: string) => {
    const from = lines.length;
    const response = await t.app.inject({ url });
    return { response, lines: lines.slice(from) };
  };
  const apiCalls = (during: LogLine[], url: string) =>
    during.filter((line) => line.msg === 'request completed' && line.req?.url === url).length;

  const page = async (url: string) => {
    const response = await t.app.inject({ url });
    return { status: response.statusCode, html: response.body, headers: response.headers };
  };
  const api = async <T>(url: string) => (await t.app.inject({ url: `/api${url}` })).json<{ data: T }>().data;

  it('/about carries the about page’s title and text, and the data the browser hydrates with', async () => {
    const [about] = await api<CmsPage[]>('/auth/cms/get-content/about');
    const { status, html, headers } = await page('/about');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html).toContain(`<h1 class="sr-only">${about!.title}</h1>`);
    expect(html).toContain('1000+ participants');
    expect(html).not.toContain('Loading the page');
    expect(html).toContain('<script id="query-prefill" type="application/json">[{"queryKey":["cms","about"]');
  });

  it('/faq carries every question and the first answer', async () => {
    const items = await api<{ que: string; ans: string }[]>('/auth/list/FaqMaster');
    const { status, html } = await page('/faq');
    expect(status).toBe(200);
    for (const item of items) expect(html).toContain(item.que.replaceAll("'", '&#x27;'));
    expect(html).toContain(items[0]!.ans);
    expect(html).not.toContain('Loading the questions');
  });

  it('/cms/:id carries the nominee page; an unknown id answers 404 with the not-found content', async () => {
    const nominee = await api<CmsPage>('/auth/startup-cms/get-content/1');
    const found = await page('/cms/1');
    expect(found.status).toBe(200);
    expect(found.html).toContain(`<h1 class="sr-only">${nominee.title}</h1>`);
    expect(found.html).toContain('VOTE NOW');

    const missing = await logged('/cms/9999');
    expect(missing.response.statusCode).toBe(404);
    expect(missing.response.body).toContain('Page not found');
    expect(missing.response.body).toContain('"data":null');
    expect(missing.response.body).not.toContain('VOTE NOW');
    // The cache's read says the API answered 404: it is not asked a second time for the status.
    expect(apiCalls(missing.lines, '/api/auth/startup-cms/get-content/9999')).toBe(1);
  });

  it('serves the prerendered page when the API refuses the id rather than saying it does not exist', async () => {
    // A blank id: the API answers 400 (the id is required), not 404.
    const { response, lines: during } = await logged('/cms/%20');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('id="query-prefill"');
    expect(response.body).not.toContain('Page not found');
    expect(apiCalls(during, '/api/auth/startup-cms/get-content/%20')).toBe(1);
    // The visitor's address, not a fault of the server: no error in the log.
    expect(during.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(during.map((line) => line.msg)).toContain(
      'content page: the API refused its query; serving the prerendered page',
    );
  });

  it('answers a repeated request from memory, with an ETag, brotli and 304', async () => {
    const first = await t.app.inject({ url: '/faq', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('Frequently asked questions');

    const queries = await countQueries(t.database, async () => {
      const again = await t.app.inject({ url: '/faq', headers: { 'accept-encoding': 'br' } });
      expect(again.headers.etag).toBe(first.headers.etag);
      const revalidated = await t.app.inject({
        url: '/faq',
        headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    });
    expect(queries).toBe(0);
  });

  it('shows an organizer’s edit of a page on the next request, sanitised', async () => {
    const [about] = await api<CmsPage[]>('/auth/cms/get-content/about');
    expect((await page('/about')).html).not.toContain('Parking opens at nine');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/pages/${about!._id}`,
      headers: { cookie, origin: ORIGIN },
      payload: {
        title: 'About the festival',
        html: '<h2>Getting there</h2><p>Parking opens at nine.</p><script>window.hacked=1</script><img src="/x.png" alt="map" onerror="window.hacked=1">',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const { html } = await page('/about');
    expect(html).toContain('<p>Parking opens at nine.</p>');
    expect(html).toContain('<img src="/x.png" alt="map" />');
    expect(html).not.toContain('window.hacked');
    expect(html).not.toContain('onerror');
  });

  it('shows a new FAQ question on the next request', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/faq',
      headers: { cookie, origin: ORIGIN },
      payload: { question: 'Is there a cloakroom?', answer: 'Yes, beside the main entrance.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await page('/faq')).html).toContain('Is there a cloakroom?');
  });

  it('leaves pages without database content to their prerendered files', async () => {
    const { status, html } = await page('/contact');
    expect(status).toBe(200);
    expect(html).not.toContain('id="query-prefill"');
  });
});

describe.skipIf(!built)('content pages on another public origin', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ env: { WEB_DIST_DIR: webRoot, PUBLIC_URL: 'https://fest.example.org' } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('writes PUBLIC_URL into the rendered page’s canonical link', async () => {
    const { body } = await t.app.inject({ url: '/about' });
    expect(body).toContain('<link rel="canonical" href="https://fest.example.org/about"/>');
    expect(body).toContain('query-prefill');
  });
});
