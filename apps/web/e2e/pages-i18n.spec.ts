/**
 * /about, /faq, /contact, /privacypolicy, /terms, the category pages (/pitcher, /investor,
 * /startup, /visitor), /highlights and the content pages (/speakers, /awards, /start-up-showcase,
 * /activities, /event-flow, /participants, /sponser, /guest-speakers, /sponser-2024) in Gujarati and Hindi (app/lib/i18n/localized-routes.ts): each twin says its
 * language in <html lang>, shows its own words in that language (organizers' content stays as
 * entered), names its canonical address and hreflang alternates, fits a 375 px screen and passes
 * axe; the chrome's links lead to the twins; the legal texts' catalog loads with the legal pages
 * only; the category pages show no English interface words, their Review Purchase popup is
 * translated and their links lead to the twins; the content pages show no English interface
 * words and link to the twins; and the contact form says what is missing in
 * Gujarati. The words are the catalogs' (app/locales/{gu,hi}/): what a visitor reads.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, expectNoHorizontalScroll, test } from './fixtures';

/** Each page's English path and, per language, a heading the page shows in that language. */
const PAGES = [
  { path: '/about', heading: { gu: 'આંકડામાં ફેસ્ટિવલ', hi: 'आँकड़ों में फ़ेस्टिवल' }, level: 2 },
  { path: '/faq', heading: { gu: 'વારંવાર પુછાતા પ્રશ્નો', hi: 'अक्सर पूछे जाने वाले सवाल' }, level: 1 },
  {
    path: '/contact',
    heading: { gu: 'કાર્યક્રમ વિશે પૂછપરછ માટે સંપર્ક કરો', hi: 'आयोजन से जुड़ी पूछताछ के लिए संपर्क करें' },
    level: 1,
  },
  { path: '/privacypolicy', heading: { gu: 'ગોપનીયતા સૂચના', hi: 'गोपनीयता सूचना' }, level: 1 },
  { path: '/terms', heading: { gu: 'નિયમો અને શરતો', hi: 'नियम और शर्तें' }, level: 1 },
  // The category pages' h1 is a name (the event's, the edition's, the pass's): their first
  // translated heading is checked.
  { path: '/pitcher', heading: { gu: 'પિચર તરીકે નોંધણી કરો', hi: 'पिचर के रूप में पंजीकरण करें' }, level: 2 },
  {
    path: '/investor',
    heading: { gu: 'રોકાણકાર તરીકે નોંધણી કરો', hi: 'निवेशक के रूप में पंजीकरण करें' },
    level: 2,
  },
  { path: '/startup', heading: { gu: 'તમારી ટિકિટ લો', hi: 'अपने टिकट लें' }, level: 2 },
  { path: '/visitor', heading: { gu: 'પાસમાં શું સામેલ છે', hi: 'पास में क्या शामिल है' }, level: 2 },
  // /highlights' h1 is the organizers' recap title: the festival in numbers is its own heading.
  { path: '/highlights', heading: { gu: 'આંકડામાં ફેસ્ટિવલ', hi: 'आँकड़ों में फ़ेस्टिवल' }, level: 2 },
  // The content pages' h1 (/speakers' after the edition's year).
  { path: '/speakers', heading: { gu: 'વક્તાઓ અને માર્ગદર્શકો', hi: 'वक्ता और मेंटर' }, level: 1 },
  { path: '/awards', heading: { gu: 'Startup Fest એવૉર્ડ', hi: 'Startup Fest अवॉर्ड' }, level: 1 },
  { path: '/activities', heading: { gu: 'પ્રવૃત્તિઓ', hi: 'गतिविधियाँ' }, level: 1 },
  { path: '/event-flow', heading: { gu: 'કાર્યક્રમની રૂપરેખા!', hi: 'कार्यक्रम की रूपरेखा!' }, level: 1 },
  { path: '/participants', heading: { gu: 'સહભાગીઓ', hi: 'प्रतिभागी' }, level: 1 },
  { path: '/sponser', heading: { gu: 'પ્રાયોજકો માટે', hi: 'प्रायोजकों के लिए' }, level: 1 },
  { path: '/start-up-showcase', heading: { gu: 'સ્ટાર્ટઅપ શોકેસ', hi: 'स्टार्टअप शोकेस' }, level: 1 },
  { path: '/guest-speakers', heading: { gu: 'મહેમાનો અને વક્તાઓ', hi: 'अतिथि और वक्ता' }, level: 1 },
  { path: '/sponser-2024', heading: { gu: '2024 પ્રાયોજકો', hi: '2024 प्रायोजक' }, level: 1 },
] as const;

/** The content pages with twins (their words are the highlights catalog's). */
const CONTENT_PAGES = [
  '/speakers',
  '/awards',
  '/start-up-showcase',
  '/activities',
  '/event-flow',
  '/participants',
  '/sponser',
  '/guest-speakers',
  '/sponser-2024',
];

/**
 * The content pages' English interface words (the highlights catalog's source): none shows on a
 * twin outside the organizers' entries (names, captions, categories, the highlights page's title),
 * which stay as entered.
 */
const CONTENT_PAGE_ENGLISH = [
  'Speakers',
  'Mentors',
  'Moderator',
  'Sample',
  'placeholders',
  'Loading',
  'will be announced',
  'other editions',
  'Register Now',
  'Startup Fest Awards',
  'Award Night',
  'Voting is closed',
  'Open a nominee',
  'Activities',
  'Two days of sessions',
  'Event Flow',
  'illustrative',
  'Participants',
  'Our participants',
  'Be one of them',
  'Pitch on stage',
  'For Sponsors',
  'Why Attend',
  'Put your brand',
  'Become a',
  'sponsorship packages',
  'Startup Showcase',
  'invented',
  'Guest & Speakers',
  'Content Coming Soon',
  'current edition',
];

/** The category pages' English interface words (their catalog's source): none shows on a twin. */
const CATEGORY_PAGE_ENGLISH = [
  'Get Ticket',
  'About Event',
  'Date and Time',
  'Location',
  'Hosted By',
  'Follow',
  'Contact',
  'Show Map',
  'Add to calendar',
  'Register Now',
  'Register Yourself',
  'For pitchers',
  'For investors',
  'For startups',
  'For visitors',
  'for Startups',
  'Grab Your Tickets',
  'Exhibit Your Startup',
  'Refund Policy',
  'Tickets',
  'What the pass includes',
  'How to register',
  'Loading the price',
  'Dates to be announced',
  'Includes',
  'GST exempt',
  'incl.',
  'non-refundable',
  'An evening of',
  'Startup Fest Gujarat brings',
];

const LEGAL_CATALOG = /\/assets\/legal\.(en|gu|hi)-[\w-]{8}\.js$/;

/** Every URL the page requests from now on. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The category pages, whose words are their catalog's. */
const CATEGORY_PAGES: readonly string[] = ['/pitcher', '/investor', '/startup', '/visitor'];

/**
 * A category page's twin, loaded: no English interface word shows, and every link to another
 * translated page leads to its twin.
 */
async function expectNoEnglishOnCategoryPage(page: Page, locale: 'gu' | 'hi', path: string) {
  const main = page.getByRole('main');
  // The prices have loaded (the cards and the visitor price come from the server).
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  const text = await main.innerText();
  for (const english of CATEGORY_PAGE_ENGLISH) expect(text, `${path}: "${english}"`).not.toContain(english);
  for (const href of await main
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))
    expect(href, path).toMatch(new RegExp(`^/${locale}/(register|contact)\\b`));
}

/**
 * A content page's twin, loaded: its own text (the organizers' entries left out) has no English
 * interface word, and a link to a translated page leads to its twin.
 */
async function expectNoEnglishOnContentPage(page: Page, locale: 'gu' | 'hi', path: string) {
  const main = page.getByRole('main');
  // The organizers' entries have loaded.
  await expect(main.getByRole('status')).toHaveCount(0);
  // The page's own text: the organizers' entries (list items, award categories) and the
  // eyebrow (the highlights page's title or the edition's name) are left out.
  const text = await main.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const entry of copy.querySelectorAll('li, h3, section > div > p:first-child')) entry.remove();
    return copy.textContent ?? '';
  });
  expect(text.length, path).toBeGreaterThan(20);
  for (const english of CONTENT_PAGE_ENGLISH) expect(text, `${path}: "${english}"`).not.toContain(english);
  // A nominee's page and an earlier edition's archive are English only.
  for (const href of await main
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))
    expect(href, path).toMatch(new RegExp(`^/(${locale}/|cms/|archive/)`));
}

for (const locale of ['gu', 'hi'] as const) {
  for (const { path, heading, level } of PAGES) {
    test(`/${locale}${path} is in its language at 375 px, with its head tags and its own words`, async ({
      page,
    }) => {
      const requests = requestsOf(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`/${locale}${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level, name: heading[locale] })).toBeVisible();
      // The category and content pages' own words, checked on this same load.
      if (CATEGORY_PAGES.includes(path)) await expectNoEnglishOnCategoryPage(page, locale, path);
      if (CONTENT_PAGES.includes(path)) await expectNoEnglishOnContentPage(page, locale, path);

      const origin = new URL(page.url()).origin;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${origin}/${locale}${path}`,
      );
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) =>
          links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
        );
      expect(alternates).toEqual([
        ['en', `${origin}${path}`],
        ['gu', `${origin}/gu${path}`],
        ['hi', `${origin}/hi${path}`],
        ['x-default', `${origin}${path}`],
      ]);

      await page.screenshot({
        path: test.info().outputPath(`${locale}${path.replace('/', '-')}-375.png`),
        fullPage: true,
      });
      await expectNoHorizontalScroll(page);
      await expectNoAccessibilityViolations(page);

      // The legal texts' catalog comes with the legal pages, in their language, and with no other.
      const legal = requests.filter((url) => LEGAL_CATALOG.test(url));
      if (path === '/privacypolicy' || path === '/terms')
        expect(legal).toEqual([expect.stringMatching(new RegExp(`/legal\\.${locale}-`))]);
      else expect(legal).toEqual([]);
    });
  }
}

test('the header and footer of a Gujarati page lead to the Gujarati pages', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/gu/faq');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'અમારા વિશે' })).toHaveAttribute('href', '/gu/about');
  await expect(footer.getByRole('link', { name: 'અમારો સંપર્ક કરો' })).toHaveAttribute('href', '/gu/contact');
  await expect(footer.getByRole('link', { name: 'ગોપનીયતા સૂચના' })).toHaveAttribute(
    'href',
    '/gu/privacypolicy',
  );
  await expect(footer.getByRole('link', { name: 'નિયમો અને શરતો' })).toHaveAttribute('href', '/gu/terms');
  // The category pages have twins now: the footer's Fest links (all to /startup, as the spec
  // says) lead to its twin.
  for (const name of ['પિચર', 'મુલાકાતી'])
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/gu/startup');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'સંપર્ક', exact: true })).toHaveAttribute(
    'href',
    '/gu/contact',
  );
  await header.getByRole('button', { name: 'માહિતી' }).click();
  await header.getByRole('link', { name: 'કાર્યક્રમ વિશે' }).click();
  await expect(page).toHaveURL(/\/gu\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
  await expect(page.getByRole('heading', { name: 'આંકડામાં ફેસ્ટિવલ' })).toBeVisible();

  // The legal pages link to each other and to the contact page in the same language, and the
  // refund policy (the organisers' lines, translated while unchanged) is in Hindi too.
  await page.goto('/hi/terms');
  await expect(page.locator('#refunds li').first()).toHaveText('पंजीकरण और टिकट का शुल्क वापस नहीं किया जाता।');
  await expect(page.getByRole('main').getByRole('link', { name: 'संपर्क पेज' })).toHaveAttribute(
    'href',
    '/hi/contact',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'गोपनीयता सूचना' }).first()).toHaveAttribute(
    'href',
    '/hi/privacypolicy',
  );
});

test('the switcher keeps a content page, and the recap links to its twins', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/speakers');
  await page.getByRole('banner').getByRole('button', { name: 'Language: English' }).click();
  await expect(page.getByRole('link', { name: 'ગુજરાતી' })).toHaveAttribute('href', '/gu/speakers');
  await expect(page.getByRole('link', { name: 'हिन्दी' })).toHaveAttribute('href', '/hi/speakers');
  await page.getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page).toHaveURL(/\/hi\/speakers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'वक्ता और मेंटर' })).toBeVisible();

  // The organizers' recap on /gu/highlights links to the Award Night: its Gujarati twin.
  await page.goto('/gu/highlights');
  const recap = page.getByRole('main').getByRole('article');
  await expect(recap.locator('a[href$="awards"]')).toHaveAttribute('href', '/gu/awards');
  await recap.locator('a[href$="awards"]').click();
  await expect(page).toHaveURL(/\/gu\/awards$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Startup Fest એવૉર્ડ નાઇટ 2023' })).toBeVisible();
});

test('the Review Purchase popup of /hi/pitcher and /gu/investor is in their language', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/hi/pitcher');
  await page.getByRole('button', { name: 'टिकट लें' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'ख़रीदारी की समीक्षा करें' });
  await expect(dialog).toContainText('बिक्री 20 अक्टूबर को बंद होगी');
  await expect(dialog.getByTestId('unit-price')).toContainText('प्रति कंपनी');
  await expect(dialog.getByTestId('price-breakdown')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'भुगतान की ओर बढ़ें' })).toHaveAttribute('href', '/hi/register');
  await page.screenshot({ path: test.info().outputPath('hi-pitcher-375-popup.png') });
  await dialog.getByRole('button', { name: 'रद्द करें' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/gu/investor');
  await page.getByRole('button', { name: 'ટિકિટ લો' }).first().click();
  dialog = page.getByRole('dialog', { name: 'ખરીદી તપાસો' });
  await expect(dialog.getByTestId('unit-price')).toContainText('દરેક ટિકિટ દીઠ');
  await dialog.getByRole('button', { name: 'સંખ્યા વધારો' }).click();
  await expect(dialog.getByRole('status', { name: 'સંખ્યા' })).toHaveText('2');
  await expectNoHorizontalScroll(page);
});

test('/gu/highlights and /hi/highlights say their own words in their language', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const words = {
    gu: { register: 'હમણાં નોંધણી કરો', description: 'Startup Fest Gujarat માં શું થયું' },
    hi: { register: 'अभी पंजीकरण करें', description: 'Startup Fest Gujarat में क्या हुआ' },
  } as const;
  for (const locale of ['gu', 'hi'] as const) {
    await page.goto(`/${locale}/highlights`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      new RegExp(`^${words[locale].description}`),
    );
    const main = page.getByRole('main');
    // The recap is the organizers' text (as entered); the page's own words are not English.
    const numbers = main.getByRole('region', { name: /આંકડામાં|आँकड़ों में/ });
    await expect(numbers).not.toContainText('Season one');
    await expect(numbers).not.toContainText('investments');
    await expect(main.getByRole('link', { name: words[locale].register })).toHaveAttribute(
      'href',
      `/${locale}/register`,
    );
    await expect(main.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  }
});

test('/gu/contact says what is missing in Gujarati', async ({ page }) => {
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/contact')) requests += 1;
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/gu/contact');
  const submit = page.getByRole('button', { name: 'સબમિટ કરો' });
  await expect(submit).toBeEnabled();
  await submit.click();

  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await expect(field('નામ')).toHaveAccessibleDescription('નામ જરૂરી છે');
  await expect(field('ઇમેઇલ')).toHaveAccessibleDescription('ઇમેઇલ જરૂરી છે');
  await expect(field('ફોન નંબર')).toHaveAccessibleDescription('ફોન નંબર જરૂરી છે');
  await expect(field('વિષય')).toHaveAccessibleDescription('વિષય જરૂરી છે');
  await expect(page.getByRole('main')).not.toContainText('is required');
  expect(requests).toBe(0);

  // A number too short, then one with letters: the schema's numbered and fixed messages.
  await field('ફોન નંબર').fill('98765');
  await expect(field('ફોન નંબર')).toHaveAccessibleDescription('ફોન નંબરમાં ઓછામાં ઓછા 10 અંક હોવા જોઈએ');
  await field('ફોન નંબર').fill('98765abc');
  await expect(field('ફોન નંબર')).toHaveAccessibleDescription('ફોન નંબરમાં ફક્ત અંક હોવા જોઈએ');
  await page.screenshot({ path: test.info().outputPath('gu-contact-375-errors.png'), fullPage: true });
  await expectNoHorizontalScroll(page);
});
