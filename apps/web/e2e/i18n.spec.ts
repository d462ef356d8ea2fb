/**
 * The site in Gujarati and Hindi (docs/decisions/032-lingui.md): the localized pages
 * (app/lib/i18n/localized-routes.ts) at /gu and /hi show the header, footer and page in the
 * language, say so in <html lang>, name their canonical address and hreflang alternates, pass axe
 * and fit a 375 px screen, and load their script's font and their language's catalog only. The
 * language switcher keeps the page, works from the keyboard and is remembered.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, expectNoHorizontalScroll, test } from './fixtures';

const LANGUAGES = [
  {
    locale: 'gu',
    name: 'ગુજરાતી',
    register: 'હમણાં નોંધણી કરો',
    submit: 'સબમિટ કરો',
    eventInfo: 'કાર્યક્રમની માહિતી',
    hero: 'જ્યાં નવપ્રવર્તકો રોકાણકારોને મળે છે',
    footer: 'અમારો સંપર્ક કરો',
    skip: 'મુખ્ય સામગ્રી પર જાઓ',
    font: /noto-sans-gujarati-gujarati-(400|700)-normal-[\w-]+\.woff2$/,
  },
  {
    locale: 'hi',
    name: 'हिन्दी',
    register: 'अभी पंजीकरण करें',
    submit: 'सबमिट करें',
    eventInfo: 'आयोजन की जानकारी',
    hero: 'जहाँ नवप्रवर्तक निवेशकों से मिलते हैं',
    footer: 'हमसे संपर्क करें',
    skip: 'मुख्य सामग्री पर जाएँ',
    font: /noto-sans-devanagari-devanagari-(400|700)-normal-[\w-]+\.woff2$/,
  },
] as const;

const ANY_SCRIPT_FONT = /noto-sans-(gujarati|devanagari)/;
/** The locale layouts' chunks (routes/locale/<locale>.tsx), each holding its catalog. */
const catalogChunk = (locale: string) => new RegExp(`/assets/${locale}-[\\w-]{8}\\.js$`);
/** The registration catalog layouts' chunks (routes/catalogs/registration.<locale>.tsx). */
const REGISTRATION_CATALOG = /\/assets\/registration\.(en|gu|hi)-[\w-]{8}\.js$/;

/** Every URL the page requests from now on. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

for (const language of LANGUAGES) {
  test(`/${language.locale} is the home page in ${language.name}, with its head tags`, async ({ page }) => {
    const requests = requestsOf(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/${language.locale}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', language.locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Startup Fest Gujarat 2024');
    const main = page.getByRole('main');
    await expect(main).toContainText(language.hero);
    await expect(main.getByRole('heading', { name: language.eventInfo })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: language.register })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: language.footer })).toBeVisible();
    await expect(page.getByRole('link', { name: language.skip })).toHaveAttribute('href', '#main');
    // The logo leads to the home page in the same language.
    await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute(
      'href',
      `/${language.locale}`,
    );

    const origin = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${origin}/${language.locale}`,
    );
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
      );
    expect(alternates).toEqual([
      ['en', `${origin}/`],
      ['gu', `${origin}/gu`],
      ['hi', `${origin}/hi`],
      ['x-default', `${origin}/`],
    ]);

    await expectNoHorizontalScroll(page);
    await expectNoAccessibilityViolations(page);
    // The script's own font, and this language's catalog alone.
    await expect.poll(() => requests.some((url) => language.font.test(url))).toBe(true);
    const others = ['en', 'gu', 'hi'].filter((locale) => locale !== language.locale);
    expect(requests.filter((url) => others.some((locale) => catalogChunk(locale).test(url)))).toEqual([]);
    expect(requests.some((url) => catalogChunk(language.locale).test(url))).toBe(true);
    // The registration forms' messages come with the register page, in its language, when the
    // visitor goes there.
    expect(requests.filter((url) => REGISTRATION_CATALOG.test(url))).toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: language.register }).click();
    await expect(page).toHaveURL(new RegExp(`/${language.locale}/register$`));
    await expect(page.getByRole('button', { name: language.submit }).first()).toBeVisible();
    expect(requests.filter((url) => REGISTRATION_CATALOG.test(url))).toEqual([
      expect.stringMatching(new RegExp(`/registration\\.${language.locale}-`)),
    ]);
  });
}

test('the English pages load no Gujarati or Devanagari font and no other catalog', async ({ page }) => {
  const requests = requestsOf(page);
  for (const path of ['/', '/sharkTank']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // An English page has no hreflang alternates unless it is translated.
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  await page.goto('/');
  await expect(page.locator('link[rel="alternate"][hreflang="gu"]')).toHaveCount(1);
  await page.evaluate(() => document.fonts.ready);
  expect(requests.filter((url) => ANY_SCRIPT_FONT.test(url))).toEqual([]);
  expect(requests.filter((url) => catalogChunk('gu').test(url) || catalogChunk('hi').test(url))).toEqual([]);
});

test('the language switcher keeps the page, works from the keyboard and is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const switcher = page.getByRole('banner').getByRole('button', { name: 'Language: English' });
  // From the keyboard: the button opens the list, Tab reaches each language, Enter follows it.
  await switcher.focus();
  await page.keyboard.press('Enter');
  await expect(switcher).toHaveAttribute('aria-expanded', 'true');
  const gujarati = page.getByRole('link', { name: 'ગુજરાતી' });
  await expect(gujarati).toHaveAttribute('hreflang', 'gu');
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');
  await expect(switcher).toHaveAttribute('aria-expanded', 'false');
  await expect(switcher).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(gujarati).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/gu$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
  await expect(page.getByRole('main')).toContainText('જ્યાં નવપ્રવર્તકો રોકાણકારોને મળે છે');

  // Remembered: the English home page now opens in Gujarati, by address and by link.
  await page.goto('/');
  await expect(page).toHaveURL(/\/gu$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');

  // A page without a translation offers each language's home page; choosing English is remembered too.
  // An earlier edition's archive is English only (a page with parameters has no twins).
  await page.goto('/archive/sponsors/2024');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('banner').getByRole('button', { name: 'Language: English' }).click();
  await expect(page.getByRole('link', { name: 'हिन्दी' })).toHaveAttribute('href', '/hi');
  await page.goto('/gu');
  await page.getByRole('banner').getByRole('button', { name: 'ભાષા: ગુજરાતી' }).click();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/');
  await expect(page.getByRole('main')).toContainText('Where innovators meet investors');
  await expect(page).toHaveURL(/\/$/);
});

test('the sitemap lists the home page and the translated pages in every language with their alternates', async ({
  request,
}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const origin = new URL((await request.get('/')).url()).origin;
  for (const locale of ['gu', 'hi']) {
    expect(xml).toContain(`<loc>${origin}/${locale}</loc>`);
    expect(xml).toContain(`hreflang="${locale}" href="${origin}/${locale}"`);
  }
  // And the content pages' twins, each with its alternates.
  for (const path of ['/speakers', '/awards', '/event-flow'])
    for (const locale of ['gu', 'hi']) {
      expect(xml).toContain(`<loc>${origin}/${locale}${path}</loc>`);
      expect(xml).toContain(`hreflang="${locale}" href="${origin}/${locale}${path}"`);
    }
  expect(xml).toContain(`<loc>${origin}/</loc>`);
  expect(xml).toContain(`hreflang="x-default" href="${origin}/"`);
});
