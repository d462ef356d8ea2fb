/**
 * Pages served with their database content (plugins/web-content-pages.ts): every public
 * page with the current edition, /about, /faq and /cms/:id with their content too, rendered by
 * the web build's server bundle with the public API's answers, kept in the public-read cache, and
 * showing an organizer's change (a page's, an edition's) on the next request; unknown paths get
 * the not-found page with 404.
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
    expect(html).toContain('Who should attend');
    expect(html).not.toContain('Loading the page');
    // The root's query (the current edition) first, then the page's own.
    expect(html).toContain(
      '<script id="query-prefill" type="application/json">[{"queryKey":["event","current"]',
    );
    expect(html).toContain('{"queryKey":["cms","about"]');
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

  it('renders every public page with the current edition, and the not-found page with 404', async () => {
    const edition = await api<{ name: string; venue: string }>('/auth/event/current');
    for (const url of ['/', '/contact', '/register', '/terms', '/startup', '/payment-success']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html, url).toContain(
        '<script id="query-prefill" type="application/json">[{"queryKey":["event","current"]',
      );
      expect(html, url).toContain(edition.venue);
      expect(html, url).toContain(
        url === '/' ? `<title>${edition.name}</title>` : ` | ${edition.name}</title>`,
      );
    }

    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page not found');
    expect(missing.html).toContain(edition.venue);
    for (const href of ['/', '/register', '/contact']) expect(missing.html).toContain(`href="${href}"`);
    // The spec's paths keep their pages.
    expect((await page('/sharkTank')).status).toBe(200);
    expect((await page('/sponser-2024')).status).toBe(200);
  });

  it('shows an organizer’s edit of the edition on every page at the next request', async () => {
    const owner = (await signedInOrganizer(t.app, 'owner')).cookie;
    const before = await page('/contact');
    expect(before.html).toContain('Gujarat Science City, Ahmedabad');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/editions/current',
      headers: { cookie: owner, origin: ORIGIN },
      payload: {
        name: 'Startup Fest Gujarat 2031',
        startsAt: '2031-02-14T10:00:00+05:30',
        endsAt: '2031-02-15T18:00:00+05:30',
        venue: 'Mahatma Mandir, Gandhinagar',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const url of ['/', '/contact', '/faq', '/about', '/no-such-page']) {
      const { html } = await page(url);
      expect(html, url).toContain('Startup Fest Gujarat 2031');
      expect(html, url).toContain('Mahatma Mandir, Gandhinagar');
      expect(html, url).toContain('14–15 February 2031');
      // The FAQ's and the about page's own words are the organizers' text, edited apart.
      if (url !== '/faq' && url !== '/about') {
        expect(html, url).not.toContain('Science City');
        expect(html, url).not.toContain('Startup Fest Gujarat 2024');
      }
    }

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/editions',
      headers: { cookie: owner, origin: ORIGIN },
      payload: {
        name: 'Startup Fest Gujarat 2032',
        startsAt: '2032-01-10T10:00:00+05:30',
        endsAt: '2032-01-11T19:00:00+05:30',
        venue: 'Helipad Exhibition Centre, Gandhinagar',
        venueMapUrl: 'https://www.google.com/maps/search/?api=1&query=Helipad+Exhibition+Centre',
        copyTicketTypes: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { html } = await page('/contact');
    expect(html).toContain('Helipad Exhibition Centre, Gandhinagar');
    expect(html).not.toContain('Mahatma Mandir');
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
