/**
 * The register page and its surroundings as a person meets them: register deep links, the terms
 * link, canonical URLs on the server's PUBLIC_URL, focus after an empty submit, one message per
 * problem, header menus that switch with one click, and the home banner and video thumbnail at
 * 375 px.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  field,
  fillInvestorForm,
  select,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';
import { giveEditionAVideo } from './admin-helpers';

// The play button shows the edition's video; the seeded edition has none.
test.beforeAll(async ({ browser }) => giveEditionAVideo(browser));

const selectedTab = (page: Page) => page.getByRole('tab', { selected: true });

test.describe('register deep links', () => {
  for (const [param, tab] of [
    ['pitcher', 'Pitcher'],
    ['startup', 'Start-Up'],
    ['investor', 'Investor'],
    ['visitor', 'Visitor'],
  ] as const) {
    test(`/register?tab=${param} opens the ${tab} tab`, async ({ page }) => {
      await page.goto(`/register?tab=${param}`);
      await expect(selectedTab(page)).toHaveText(tab);
      await expect(tabPanel(page, tab)).toBeVisible();
    });
  }

  test('choosing a tab writes it in the address, so a reload keeps it', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('tab', { name: 'Investor' }).click();
    await expect(page).toHaveURL(/\/register\?tab=investor$/);
    await page.reload();
    await expect(selectedTab(page)).toHaveText('Investor');
  });

  test('the Register Now buttons of the event pages and the home cards open their tab', async ({ page }) => {
    await page.goto('/investor');
    await page.getByRole('region', { name: 'Register Yourself As Investor' }).getByRole('link').click();
    await expect(selectedTab(page)).toHaveText('Investor');

    await page.goto('/pitcher');
    await page.getByRole('region', { name: 'Register Yourself As Pitcher' }).getByRole('link').click();
    await expect(selectedTab(page)).toHaveText('Pitcher');

    await page.goto('/');
    await page.getByRole('link', { name: 'Register Now as Startup' }).click();
    await expect(selectedTab(page)).toHaveText('Start-Up');

    await page.goto('/start-up');
    await page.getByRole('region', { name: "Empowering Tomorrow's Innovators" }).getByRole('link').click();
    await expect(selectedTab(page)).toHaveText('Start-Up');
  });

  test("/visitor's Register Now opens the external listing in a new tab", async ({ page }) => {
    const config = (await (await page.request.get('/api/auth/event/current')).json()) as {
      data: { visitorRegistrationUrl: string | null };
    };
    await page.goto('/visitor');
    const register = page
      .getByRole('region', { name: 'How to register' })
      .getByRole('link', { name: /^Register Now/ });
    await expect(register).toHaveAttribute('href', config.data.visitorRegistrationUrl ?? '');
    await expect(register).toHaveAttribute('target', '_blank');
  });
});

test('the terms checkbox links to the terms, with the refund policy, in a new tab', async ({ page }) => {
  await page.goto('/register');
  const terms = tabPanel(page, 'Pitcher').getByRole('link', { name: 'terms and conditions' });
  await expect(terms).toHaveAttribute('target', '_blank');
  const [opened] = await Promise.all([page.waitForEvent('popup'), terms.click()]);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
  const refunds = opened.getByRole('region', { name: /Refund policy/ });
  await expect(refunds).toContainText('Registration and ticket fees are non-refundable.');
  await expect(refunds).toContainText('your fee is carried over to the new date');
  // The form keeps what was typed: it never left the page.
  await expect(page).toHaveURL(/\/register$/);
});

test('the footer links to the DPDP Act privacy notice with its rights and grievance contact', async ({
  page,
}) => {
  const config = (await (await page.request.get('/api/auth/site-config')).json()) as {
    data: { organizerEmail: string };
  };
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Notice');
  const main = page.getByRole('main');
  await expect(main).toContainText('Digital Personal Data Protection Act, 2023');
  for (const section of [
    'What we collect and why',
    'How long we keep it',
    'Your rights',
    'Grievance contact',
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: new RegExp(section) })).toBeVisible();
  }
  await expect(
    page
      .getByRole('region', { name: /Grievance contact/ })
      .getByRole('link', { name: config.data.organizerEmail }),
  ).toHaveAttribute('href', `mailto:${config.data.organizerEmail}`);
});

test('canonical and Open Graph URLs use the server’s PUBLIC_URL, also after client navigation', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  // The HTML as a link preview fetches it, before any script runs.
  const html = await (await page.request.get('/speakers')).text();
  expect(html).toContain(`<link rel="canonical" href="${origin}/speakers"/>`);
  expect(html).toContain(`<meta property="og:url" content="${origin}/speakers"/>`);
  expect(html).not.toContain('http://localhost:3000');

  await page.goto('/');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/terms`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${origin}/terms`);
});

test.describe('an empty submit', () => {
  test('moves focus to the first field in reading order and shows one message for the phone', async ({
    page,
  }) => {
    await page.goto('/register');
    const panel = tabPanel(page, 'Pitcher');
    await expect(select(panel, 'Country')).toContainText('India');
    // India's +91 is chosen to start with; with it unchosen, neither phone field is filled.
    await expect(select(panel, 'Country Code')).toHaveValue('+91');
    await select(panel, 'Country Code').selectOption('');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(field(panel, 'Contact Person Name')).toBeFocused();

    // Neither phone field filled is one problem: one message, describing both fields.
    const pair = panel.getByText('Contact Number and country code is required', { exact: true });
    await expect(pair).toHaveCount(1);
    await expect(panel.getByText('Country Code is required', { exact: true })).toHaveCount(0);
    await expect(select(panel, 'Country Code')).toHaveAttribute('aria-invalid', 'true');
    await expect(select(panel, 'Country Code')).toHaveAccessibleDescription(
      'Contact Number and country code is required',
    );
    await expect(field(panel, 'Contact Number')).toHaveAccessibleDescription(
      'Contact Number and country code is required',
    );

    // Fixing the first fields moves the next submit's focus on to the next problem.
    await field(panel, 'Contact Person Name').fill('Asha Patel');
    await field(panel, 'Email').fill('asha@example.org');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(select(panel, 'Country Code')).toBeFocused();
    await expectNoAccessibilityViolations(page);
  });

  test('on the investor tab focuses its first field too', async ({ page }) => {
    await page.goto('/register?tab=investor');
    const panel = tabPanel(page, 'Investor');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(field(panel, 'Name')).toBeFocused();
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a click on another header menu opens it at once', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const highlights = nav.getByRole('button', { name: '2023 Highlights' });
    const why = nav.getByRole('button', { name: 'Why Attend' });
    const info = nav.getByRole('button', { name: 'Info' });
    await highlights.click();
    await expect(highlights).toHaveAttribute('aria-expanded', 'true');
    await why.click();
    await expect(why).toHaveAttribute('aria-expanded', 'true');
    await expect(highlights).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'For Startups' })).toBeVisible();
    await info.click();
    await expect(info).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Event Flow' })).toBeVisible();
  });

  test('the header date and venue links are at least 24 px tall', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of ['20–21 October 2024', /Science City, Ahmedabad/]) {
      const box = await header.getByRole('link', { name }).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(24);
      expect(box?.width).toBeGreaterThanOrEqual(24);
    }
  });
});

test.describe('the home page at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('shows the narrow banner and a play button clear of the thumbnail’s title', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('img', { name: /^Startup Fest Gujarat 2024: 20–21 October/ });
    await expect(banner).toHaveJSProperty('complete', true);
    expect(await banner.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
      /banner-narrow\.svg$/,
    );
    // The banner's smallest text is drawn at 40 of 800 units: at least 16 px at this width.
    const width = (await banner.boundingBox())?.width ?? 0;
    expect((40 / 800) * width).toBeGreaterThanOrEqual(16);

    // The thumbnail's title sits 110–155 of its 360 units; the play button must start below it.
    const thumbnail = await page.getByRole('img', { name: /illustration/ }).boundingBox();
    const play = await page
      .getByRole('button', { name: /Play the Startup Fest Gujarat 2024 video/ })
      .boundingBox();
    if (!thumbnail || !play) throw new Error('no thumbnail or play button');
    expect(play.y).toBeGreaterThan(thumbnail.y + (155 / 360) * thumbnail.height);
    expect(play.y + play.height).toBeLessThanOrEqual(thumbnail.y + thumbnail.height);
  });

  test('in Gujarati and Hindi the banner draws the name only; the tagline is the hero’s text', async ({
    page,
  }) => {
    for (const [path, tagline] of [
      ['/gu', 'જ્યાં નવપ્રવર્તકો રોકાણકારોને મળે છે'],
      ['/hi', 'जहाँ नवप्रवर्तक निवेशकों से मिलते हैं'],
    ] as const) {
      await page.goto(path);
      const banner = page.getByRole('img', { name: /^Startup Fest Gujarat 2024: / });
      await expect(banner).toHaveJSProperty('complete', true);
      expect(await banner.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
        /banner-narrow-name-only\.svg$/,
      );
      await expect(page.getByText(tagline)).toBeVisible();
    }
  });
});

for (const width of [375, 1280]) {
  test(`at ${width} px the registration dialogs have no accessibility violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/register?tab=investor');
    await fillInvestorForm(tabPanel(page, 'Investor'), { name: 'Meera Desai', email: uniqueEmail('axe') });
    await tabPanel(page, 'Investor').getByRole('button', { name: 'Submit' }).click();
    const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
    await expect(passes.getByTestId('pass-card')).toHaveCount(1);
    await expectNoAccessibilityViolations(page);
    // An investor's colleague gets the short form: name, email and phone.
    await passes.getByRole('button', { name: '+ Add Attendees' }).click();
    await passes.getByRole('button', { name: 'Submit' }).click();
    await expect(field(passes, 'Contact Person Name')).toBeFocused();
    await expectNoAccessibilityViolations(page);
    await passes.getByRole('button', { name: 'Cancel' }).click();
    await passes.getByRole('button', { name: 'Proceed' }).click();
    const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
    await tickets.getByRole('radio', { name: /Investor Pass/ }).click();
    await expect(tickets.getByTestId('ticket-buys')).toHaveText(
      '1 × Investor Pass at ₹1,000 incl. 18 % GST: one pass for each attendee.',
    );
    await expectNoAccessibilityViolations(page);
  });
}

test('before the registration form has hydrated, Submit waits instead of putting what was typed in the address', async ({
  page,
}) => {
  // Hold the forms' lazily loaded code, as a slow network would.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/registration-forms-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The prerendered page holds the first tab's form.
  await page.goto('/register');
  const panel = tabPanel(page, 'Pitcher');
  const submit = panel.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await field(panel, 'Contact Person Name').fill('Asha Patel');
  await submit.click({ force: true });
  await expect(page).toHaveURL(/\/register$/);

  release();
  await expect(submit).toBeEnabled();
  await expect(field(panel, 'Contact Person Name')).toHaveValue('Asha Patel');
});
