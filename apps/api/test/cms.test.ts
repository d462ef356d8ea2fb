import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AboutContentResponseSchema, CmsPageResponseSchema } from '@festival/shared';
import { cmsPages } from '../src/db/schema.js';
import { sanitizeCmsHtml } from '../src/modules/cms/sanitize.js';
import { build, clockFrom, type TestContext } from './helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await build({ now: clockFrom() });
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('about page: GET /api/auth/cms/get-content/:id', () => {
  it('answers the about page as a one-item list, by slug and by id', async () => {
    const bySlug = await get('/api/auth/cms/get-content/about');
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    const body = AboutContentResponseSchema.parse(bySlug.json());
    expect(body.isOk).toBe(true);
    expect(body.data).toHaveLength(1);
    const page = body.data[0]!;
    expect(page.title).toBe('About Startup Fest Gujarat 2024');
    expect(page.Content).toContain('Innovation at the Bottom of the Pyramid');
    // The figures are the edition's data, shown under the page by the site: the text never restates them.
    for (const figure of ['1000+', '200+', '300+', '135+', '15000+', '₹532']) {
      expect(page.Content).not.toContain(figure);
    }

    const byId = await get(`/api/auth/cms/get-content/${page._id}`);
    expect(AboutContentResponseSchema.parse(byId.json()).data).toEqual([page]);
  });

  it('answers 404 for an unknown page', async () => {
    for (const id of ['nope', '9999']) {
      const response = await get(`/api/auth/cms/get-content/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ isOk: false, message: 'Page not found' });
    }
  });
});

describe('nominee pages: GET /api/auth/startup-cms/get-content/:id', () => {
  it('answers the four sample nominee pages with ids 1 to 4', async () => {
    const titles: string[] = [];
    for (const id of [1, 2, 3, 4]) {
      const response = await get(`/api/auth/startup-cms/get-content/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = CmsPageResponseSchema.parse(response.json());
      expect(data._id).toBe(id);
      expect(data.Content).toContain('Sample nominee');
      expect(data.Content).toContain('Nominated for:');
      titles.push(data.title);
    }
    expect(new Set(titles).size).toBe(4);
  });

  it('answers 404 for an unknown page', async () => {
    const response = await get('/api/auth/startup-cms/get-content/12345');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ isOk: false, message: 'Page not found' });
  });
});

/** OWASP XSS filter evasion cheat sheet style payloads. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt&#58;alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<body onload=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<details open ontoggle=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<style>@import "javascript:alert(1)";</style>',
];

/** Asserts nothing executable survived. */
function expectInert(content: string) {
  expect(content).not.toMatch(
    /<\s*(script|iframe|svg|math|object|embed|form|meta|link|base|style|body|details)\b/i,
  );
  expect(content).not.toMatch(/\son[a-z]+\s*=/i);
  expect(content).not.toMatch(/javascript\s*:/i);
  expect(content).not.toMatch(/(href|src)\s*=\s*"\s*data:/i);
  expect(content).not.toMatch(/style\s*=/i);
}

describe('CMS HTML sanitiser', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    expectInert(sanitizeCmsHtml(`<p>before</p>${payload}<p>after</p>`));
  });

  it('strips every payload from a row written around the seed', async () => {
    const html =
      '<h2>Nominee</h2><p>Safe text</p><a href="https://ok.example" onmouseover="alert(1)">ok</a>' +
      XSS_PAYLOADS.join('\n');
    const [row] = await t.app.db
      .insert(cmsPages)
      .values({ kind: 'nominee', slug: 'malicious', title: 'Malicious', contentHtml: html })
      .returning();

    for (const url of [
      `/api/auth/startup-cms/get-content/${row!.id}`,
      '/api/auth/startup-cms/get-content/malicious',
    ]) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      const content = CmsPageResponseSchema.parse(response.json()).data.Content;
      expect(content).toContain('<h2>Nominee</h2><p>Safe text</p>');
      expectInert(content);
      expect(content).toContain('<a href="https://ok.example" rel="noopener noreferrer">ok</a>');
    }
  });

  it('keeps the allowed markup', () => {
    const html =
      '<h3>Title</h3><p><strong>a</strong> <em>b</em></p><ul><li>x</li></ul><blockquote>q</blockquote>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>' +
      '<figure><img src="https://cdn.example/a.png" alt="A" width="10" height="20" /><figcaption>c</figcaption></figure>' +
      '<img src="/images/b.png" alt="B" />';
    expect(sanitizeCmsHtml(html)).toBe(html);
    expect(sanitizeCmsHtml('<a href="mailto:team@fest.example" target="_blank">m</a>')).toBe(
      '<a href="mailto:team@fest.example" target="_blank" rel="noopener noreferrer">m</a>',
    );
    expect(sanitizeCmsHtml('<a href="/register" target="_top" rel="opener">r</a>')).toBe(
      '<a href="/register" rel="noopener noreferrer">r</a>',
    );
  });
});
