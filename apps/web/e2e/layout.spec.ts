/**
 * The layout on every route: header links, the three dropdowns and the side panel by keyboard, the
 * footer, the home page in the inner pages' centred column, the scroll-to-top button, every
 * navigation starting at the top, and the unknown-path redirect.
 */
import type { Page } from '@playwright/test';
import { expect, test, expectNoHorizontalScroll } from './fixtures';

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 740 };

const MENU = {
  '2023 Highlights': [
    ['2023 Highlights', '/highlights'],
    ['2024 Speaker And Mentors', '/speakers'],
    ['Shark Tank Featured Startups', '/sharkTank'],
    ['Award Night', '/awards'],
    ['2024 Startup Showcase', '/start-up-showcase'],
  ],
  'Why Attend': [
    ['For Startups', '/start-up'],
    ['For Investors And Accelerators', '/investor-accelator'],
    ['For Sponsors', '/sponser'],
    ['2024 Guest & Speakers', '/guest-speakers'],
    ['2024 Sponsors', '/sponser-2024'],
  ],
  Info: [
    ['About Event', '/about'],
    ['Activities', '/activities'],
    ['FAQ', '/faq'],
    ['Event Flow', '/event-flow'],
    ['Manage my registration', '/manage'],
  ],
} as const;

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

for (const viewport of [MOBILE, DESKTOP]) {
  test(`header and footer links at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/register');
    await expect(
      header(page).getByRole('link', { name: 'Startup Fest Gujarat 2024', exact: true }),
    ).toHaveAttribute('href', '/');
    await expect(header(page).getByRole('link', { name: 'Register Now' })).toHaveAttribute(
      'href',
      '/register',
    );

    await expect(footer(page).getByRole('navigation', { name: 'Company' }).getByRole('link')).toHaveText([
      'About Us',
      'Participate',
      'My registration',
      'Contact Us',
    ]);
    await expect(footer(page).getByRole('link', { name: 'My registration' })).toHaveAttribute(
      'href',
      '/manage',
    );
    const fest = footer(page).getByRole('navigation', { name: 'Fest' }).getByRole('link');
    await expect(fest).toHaveText(['Pitcher', 'Start-Up', 'Investor', 'Visitor']);
    for (const link of await fest.all()) await expect(link).toHaveAttribute('href', '/startup');
    await expect(footer(page)).toContainText('10:00 AM – 07:00 PM');
    await expect(footer(page)).toContainText('20–21 October 2024');
    await expect(footer(page)).toContainText('Science City, Ahmedabad');
    await expect(footer(page)).toContainText('© 2024');

    await expectNoHorizontalScroll(page);
  });
}

/**
 * Left edges (CSS px, rounded) of the header's logo link, the footer's logo link and every
 * heading of the page's main content: the column a reader's eye follows down the page.
 */
function columnEdges(page: Page) {
  return page.evaluate(() => {
    const left = (element: Element | null) => Math.round(element?.getBoundingClientRect().left ?? -1);
    return {
      header: left(document.querySelector('header a[href="/"]')),
      footer: left(document.querySelector('footer a[href="/"]')),
      headings: [...document.querySelectorAll('main h1, main h2')].map(left),
    };
  });
}

for (const width of [1280, 1600]) {
  test(`at ${width} px the home page's sections, the header and the footer share the inner pages' centred column`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/start-up');
    const inner = await columnEdges(page);
    // An inner page's banner title starts the column (max-w-6xl, centred).
    const column = inner.headings[0]!;
    expect(column).toBe(Math.round((width - 1152) / 2) + 16);
    expect(inner).toMatchObject({ header: column, footer: column });

    await page.goto('/');
    await page.getByRole('heading', { name: 'Participants' }).scrollIntoViewIfNeeded();
    const home = await columnEdges(page);
    expect(home.headings.length).toBeGreaterThanOrEqual(6);
    expect(home).toEqual({ header: column, footer: column, headings: home.headings.map(() => column) });
    if (width === 1280) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath('home-1280.png'), fullPage: true });
    }
  });
}

test('at 375 px the home page keeps its 16 px margins without scrolling sideways', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Participants' }).scrollIntoViewIfNeeded();
  const home = await columnEdges(page);
  expect(home).toEqual({ header: 16, footer: 16, headings: home.headings.map(() => 16) });
  await expectNoHorizontalScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('home-375.png'), fullPage: true });
});

test('at 1280 px the header shows the date home, the venue as a maps link in a new tab and the expanded menu', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: '20–21 October 2024' })).toHaveAttribute('href', '/');
  const venue = header(page).getByRole('link', { name: /Science City, Ahmedabad/ });
  await expect(venue).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps/);
  await expect(venue).toHaveAttribute('target', '_blank');
  await expect(venue).toHaveAttribute('rel', /noopener/);

  const nav = header(page).getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button')).toHaveText(Object.keys(MENU));
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(header(page).getByRole('button', { name: 'Open menu' })).toBeHidden();
});

test('at 1280 px each dropdown opens by keyboard, lists its pages and closes with Escape', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const nav = header(page).getByRole('navigation', { name: 'Main' });
  for (const [label, links] of Object.entries(MENU)) {
    const trigger = nav.getByRole('button', { name: label });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    for (const [text, href] of links) {
      await expect(nav.getByRole('link', { name: text, exact: true })).toHaveAttribute('href', href);
    }
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: links[0][0], exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: links[1][0], exact: true })).toBeHidden();
  }

  const trigger = nav.getByRole('button', { name: 'Info' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Activities' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/activities$/);
});

test('at 375 px the menu is a side panel opened by the toggle, usable by keyboard', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(header(page).getByRole('navigation', { name: 'Main' })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');

  const panel = page.getByRole('dialog', { name: 'Menu' });
  await expect(panel).toBeVisible();
  for (const [group, links] of Object.entries(MENU)) {
    await expect(panel.getByRole('heading', { name: group, exact: true })).toBeVisible();
    for (const [text, href] of links) {
      await expect(panel.getByRole('link', { name: text, exact: true })).toHaveAttribute('href', href);
    }
  }
  await expect(panel.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact');
  await expect(panel.getByRole('link', { name: '20–21 October 2024' })).toHaveAttribute('href', '/');
  await expect(panel.getByRole('link', { name: /Science City, Ahmedabad/ })).toHaveAttribute(
    'target',
    '_blank',
  );

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await panel.getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(panel).toBeHidden();
});

test('the scroll-to-top button appears after 50 px of scroll and returns to the top', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Scroll to top' });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 40));
  await page.waitForFunction(() => window.scrollY === 40);
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(button).toBeVisible();
  await button.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await expect(button).toHaveCount(0);
});

test('every navigation starts at the top of the page', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 500);
  await footer(page).getByRole('link', { name: 'Participate' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.waitForFunction(() => window.scrollY === 0);
});

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('an unknown nested path answers 404 with the not-found page in the site’s header and footer', async ({
  page,
  expectedConsoleErrors,
}) => {
  // The browser reports the page's own 404.
  expectedConsoleErrors.push(/status of 404/);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(header(page)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Startup Fest Gujarat 2024');
});

test('the site serves sitemap.xml, robots.txt, a favicon and a web manifest', async ({
  request,
  baseURL,
}) => {
  // Absolute URLs name the server's PUBLIC_URL (the test server's own address), not the build's.
  const origin = new URL(baseURL ?? '').origin;
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${origin}/speakers</loc>`);
  expect(xml).not.toContain('payment-success');

  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);

  const favicon = await request.get('/favicon.ico');
  expect(favicon.ok()).toBe(true);
  expect(favicon.headers()['content-type']).toMatch(/icon/);

  const manifest = await request.get('/manifest.webmanifest');
  // The festival's name, not an edition's: the manifest is a build-time file.
  expect(((await manifest.json()) as { name: string }).name).toBe('Startup Fest Gujarat');
});

test('each page has its own title, description, Open Graph tags and canonical URL', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  await page.goto('/');
  await expect(page).toHaveTitle('Startup Fest Gujarat 2024');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${origin}/`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/images\/og-default\.png$/,
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /20–21 October 2024/);
});
