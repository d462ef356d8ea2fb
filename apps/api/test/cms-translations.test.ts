/**
 * CMS pages in Gujarati and Hindi: the console writes each page's translated title and HTML
 * beside the English (checked by the English fields' own rules, the HTML through the same
 * sanitiser, audited), and the public page carries them with edition fields filled in; an
 * untranslated field is absent, so the site shows the English. Organizers sign in for real
 * (organizer-helpers.ts), on PGlite.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AboutContentResponseSchema, CmsPageResponseSchema, type OrganizerRole } from '@festival/shared';
import { auditLog, cmsPages } from '../src/db/schema.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';

let t: TestContext;
let signedIn: SignedIn;

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
}, 60_000);
afterAll(async () => t?.close());

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  role: OrganizerRole = 'content',
) {
  return t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: headersOf(signedIn, role),
    ...(payload ? { payload } : {}),
  });
}

/** The about page as the console has it (its id, English title and HTML). */
async function aboutPage() {
  const [row] = await t.app.db.select().from(cmsPages).where(eq(cmsPages.slug, 'about'));
  return row!;
}

async function publicAbout() {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/cms/get-content/about' });
  expect(response.statusCode, response.body).toBe(200);
  return AboutContentResponseSchema.parse(response.json()).data[0]!;
}

describe('CMS page translations', () => {
  it('are stored with the page, each HTML sanitised as the English, audited, and served publicly with edition fields filled in', async () => {
    const about = await aboutPage();
    // Read once, so the public answer is cached before the edit.
    expect((await publicAbout()).translations).toEqual({});

    const edited = await call('PUT', `/pages/${about.id}`, {
      title: about.title,
      html: about.contentHtml,
      translations: {
        gu: {
          title: 'સ્ટાર્ટઅપ ફેસ્ટ ગુજરાત વિશે',
          html: '<p>{{edition.venue}} ખાતે મળીએ.</p><script>alert(1)</script><img src=x onerror="alert(1)">',
        },
        hi: { title: '  ', html: '<p onclick="alert(1)">हमारे बारे में</p>' },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stored = {
      gu: { title: 'સ્ટાર્ટઅપ ફેસ્ટ ગુજરાત વિશે', html: '<p>{{edition.venue}} ખાતે મળીએ.</p><img src="x" />' },
      // The blank Hindi title is "not translated": it is not stored.
      hi: { html: '<p>हमारे बारे में</p>' },
    };
    expect(edited.json().data.translations).toEqual(stored);
    expect((await aboutPage()).translations).toEqual(stored);

    const venue = (await call('GET', '/editions/current', undefined, 'owner')).json().data.venue as string;
    expect((await publicAbout()).translations).toEqual({
      gu: { title: stored.gu.title, Content: `<p>${venue} ખાતે મળીએ.</p><img src="x" />` },
      hi: { Content: stored.hi.html },
    });

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'cms_page'), eq(auditLog.entityId, String(about.id))));
    expect(audit).toMatchObject({
      action: 'cms_page.update',
      before: { translations: {} },
      after: { translations: stored },
    });
  });

  it('are kept when an edit leaves them out, and cleared by blank fields', async () => {
    const about = await aboutPage();
    const translations = about.translations;
    expect(translations.gu).toBeDefined();

    const englishOnly = await call('PUT', `/pages/${about.id}`, {
      title: `${about.title}!`,
      html: about.contentHtml,
    });
    expect(englishOnly.statusCode, englishOnly.body).toBe(200);
    expect(englishOnly.json().data.translations).toEqual(translations);

    // What the console's rich-text editor sends for an emptied translation ('') and HTML that
    // sanitises to nothing are both "not translated".
    const cleared = await call('PUT', `/pages/${about.id}`, {
      title: about.title,
      html: about.contentHtml,
      translations: { gu: { title: '', html: '' }, hi: { title: '', html: '<script>alert(1)</script>' } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.translations).toEqual({});
    expect((await publicAbout()).translations).toEqual({});
  });

  it('come with a new nominee page, sanitised, and the nominee page serves them', async () => {
    const categories = (await call('GET', '/award-categories')).json().data as { id: number }[];
    const created = await call('POST', '/pages', {
      title: 'AgriLoop',
      html: '<p>Farm waste into feed.</p>',
      awardCategoryId: categories[0]!.id,
      translations: { gu: { title: 'એગ્રીલૂપ', html: '<p onmouseover="x()">ખેતીનો કચરો</p><iframe></iframe>' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().data as { id: number; translations: unknown };
    expect(page.translations).toEqual({ gu: { title: 'એગ્રીલૂપ', html: '<p>ખેતીનો કચરો</p>' } });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/startup-cms/get-content/${page.id}`,
    });
    expect(CmsPageResponseSchema.parse(response.json()).data.translations).toEqual({
      gu: { title: 'એગ્રીલૂપ', Content: '<p>ખેતીનો કચરો</p>' },
    });
  });

  it('refuse a translation that breaks its English field’s rules, naming the language and field', async () => {
    const about = await aboutPage();
    const put = (translations: unknown) =>
      call('PUT', `/pages/${about.id}`, { title: about.title, html: about.contentHtml, translations });

    const tooLong = await put({ gu: { title: 'x'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ translations: 'Gujarati title: Must be at most 200 characters' });

    const unknownField = await put({ hi: { html: '<p>{{price}}</p>' } });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().errors).toEqual({
      translations:
        'Hindi html: Unknown field {{price}}: use {{edition.name}}, {{edition.dates}}, {{edition.hours}}, {{edition.venue}} or {{edition.year}}',
    });

    const french = await put({ fr: { title: 'À propos' } });
    expect(french.statusCode).toBe(400);
    expect(french.json().errors).toEqual({ translations: 'Translations must be in one of gu, hi' });

    const slug = await put({ gu: { slug: 'vishe' } });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().errors).toEqual({ translations: 'Gujarati: only title, html can be translated' });

    // Nothing was stored by the refused edits.
    expect((await aboutPage()).translations).toEqual({});
  });
});
