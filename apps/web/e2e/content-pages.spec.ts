/**
 * The spec's other content pages at a phone (375 px) and a desktop (1280 px) width:
 * one <h1> with the page's heading, its key content and the spec's counts, no sideways scrolling,
 * and every image a real file with a text alternative and its size set.
 */
import type { Page } from '@playwright/test';
import { opportunities } from '../app/content/opportunities';
import { expect, test, expectNoHorizontalScroll } from './fixtures';

const OPPORTUNITY_TITLES = [
  'Prestige Sessions',
  'Awards & Pitches',
  'Media Center',
  'Live Sessions',
  'Connect & Collaborate',
  'Networking Opportunities',
];

const ACTIVITY_TITLES = [
  'Panel Discussion',
  'Workshops',
  'Storytelling Sessions',
  'Open Mic',
  'Business Simulations',
  'Startup Trivia',
  'Launch Pads',
  'Announcement Spots',
  'Real-Time Prototyping',
  'Design Thinking Workshops',
  'Problem-Solving Challenges',
  'Innovation Sprints',
];

/** The one <h1> has the heading, the canonical URL is the page's, and nothing scrolls sideways. */
async function expectPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(heading);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
  await expectNoHorizontalScroll(page);
}

/** Every image in the page content has alt text, width and height, and its file is served. */
async function expectImagesWellFormed(page: Page) {
  const images = await page.locator('main img').evaluateAll((nodes) =>
    nodes.map((node) => ({
      src: node.getAttribute('src') ?? '',
      alt: node.getAttribute('alt') ?? '',
      width: Number(node.getAttribute('width')),
      height: Number(node.getAttribute('height')),
    })),
  );
  for (const image of images) {
    expect(image.alt.trim(), `alt of ${image.src}`).not.toBe('');
    expect(image.width, `width of ${image.src}`).toBeGreaterThan(0);
    expect(image.height, `height of ${image.src}`).toBeGreaterThan(0);
  }
  for (const src of new Set(images.map((image) => image.src))) {
    const response = await page.request.get(src);
    expect(response.status(), src).toBe(200);
    expect(response.headers()['content-type'], src).toMatch(/^image\//);
  }
  return images;
}

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('/participants: banner, register call to action and a participants carousel that only moves when asked', async ({
      page,
    }) => {
      await expectPage(page, '/participants', 'Participants');
      await expect(page.getByRole('link', { name: 'Register Now' }).last()).toHaveAttribute(
        'href',
        '/register',
      );
      const carousel = page.getByRole('region', { name: 'Participants', exact: true });
      const slides = carousel.getByRole('group');
      await expect(slides).toHaveCount(22);
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel).toHaveAttribute('data-autoplay', 'off');
      await expect(carousel.getByRole('button', { name: /Pause/ })).toHaveCount(0);
      // The spec's "4 slides": four logos in view on a wide screen, fewer on a phone.
      const perView = width >= 1024 ? 4 : 2;
      for (let index = 0; index < perView; index++)
        await expect(slides.nth(index)).toBeInViewport({ ratio: 0.9 });
      await expect(slides.nth(perView)).not.toBeInViewport({ ratio: 0.5 });

      const position = carousel.getByText(/^Set \d+ of \d+$/);
      await expect(position).toHaveText(`Set 1 of ${Math.ceil(22 / perView)}`);
      await carousel.getByRole('button', { name: 'Next logos' }).click();
      await expect(position).toHaveText(`Set 2 of ${Math.ceil(22 / perView)}`);
      await expect(slides.nth(perView)).toBeInViewport({ ratio: 0.9 });
      await expect(slides.first()).not.toBeInViewport();
      await carousel.getByRole('button', { name: 'Previous logos' }).click();
      await expect(position).toHaveText(`Set 1 of ${Math.ceil(22 / perView)}`);
      await expect(slides.first()).toBeInViewport({ ratio: 0.9 });
      await expectImagesWellFormed(page);
    });

    test('/speakers: Speakers, Mentors and Moderator, each person with photo, name and title, marked as sample', async ({
      page,
    }) => {
      await expectPage(page, '/speakers', '2024 Speakers And Mentors');
      for (const group of ['Speakers', 'Mentors', 'Moderator']) {
        const section = page.getByRole('region', { name: group, exact: true });
        const cards = section.getByRole('listitem');
        expect(await cards.count(), group).toBeGreaterThan(0);
        const first = cards.first();
        await expect(first.getByRole('img')).toHaveAttribute('alt', /.+/);
        await expect(first.getByRole('heading', { level: 3 })).toHaveText(/Sample/);
        await expect(first.getByText('Sample', { exact: true })).toBeVisible();
      }
      await expect(page.getByTestId('sample-note')).toBeVisible();
      await expectImagesWellFormed(page);
    });

    test('/sharkTank: three featured startup sections with their story and picture', async ({ page }) => {
      await expectPage(page, '/sharkTank', 'Shark Tank Featured Startups');
      const startups = page.getByRole('main').getByRole('heading', { level: 2 });
      await expect(startups).toHaveText(['Sample Startup A', 'Sample Startup B', 'Sample Startup C']);
      for (const name of ['Sample Startup A', 'Sample Startup B', 'Sample Startup C']) {
        await expect(page.getByRole('region', { name }).getByRole('img')).toHaveCount(1);
      }
      expect(await expectImagesWellFormed(page)).toHaveLength(3);
    });

    test('/sponser: a banner and a grid titled Sponsors with 22 logos', async ({ page }) => {
      await expectPage(page, '/sponser', 'For Sponsors');
      const grid = page.getByRole('region', { name: 'Sponsors', exact: true });
      await expect(grid.getByTestId('sponsor-logos').getByRole('img')).toHaveCount(22);
      await expect(grid.getByTestId('sample-note')).toBeVisible();
      expect(await expectImagesWellFormed(page)).toHaveLength(22);
    });

    test('/awards: the edition’s award categories, and the 2023 award night with one large image', async ({
      page,
    }) => {
      await expectPage(page, '/awards', 'Startup Fest Awards');
      const current = page.getByRole('region', { name: 'Startup Fest Gujarat 2024 awards' });
      await expect(current.getByRole('heading', { level: 3 })).toHaveCount(4);
      await expect(current.getByRole('link', { name: 'KrishiSetu' })).toHaveAttribute('href', '/cms/1');
      await expect(
        page.getByRole('heading', { level: 2, name: 'Startup Fest Award Night 2023' }),
      ).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`awards-${width}.png`), fullPage: true });
      const image = page.getByRole('main').getByRole('img');
      await expect(image).toHaveCount(1);
      await expect(image).toBeVisible();
      const box = await image.boundingBox();
      expect(box?.width ?? 0, 'the image spans the content width').toBeGreaterThan(
        width >= 1280 ? 1000 : 300,
      );
      await expectImagesWellFormed(page);
    });

    test('/start-up: the season-one recap in the spec order with six highlights and six opportunities', async ({
      page,
    }) => {
      await expectPage(page, '/start-up', 'For Startups');
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
        "Empowering Tomorrow's Innovators",
        'Startupfest At A Glance',
        'Over ₹532 Crores in Investments!',
        '2023 Opportunities',
      ]);
      const about = page.getByRole('region', { name: "Empowering Tomorrow's Innovators" });
      await expect(about.getByRole('link', { name: 'Register Now' })).toHaveAttribute(
        'href',
        '/register?tab=startup',
      );
      const investments = page.getByRole('region', { name: 'Over ₹532 Crores in Investments!' });
      await expect(investments.getByRole('link', { name: 'Register Now' })).toHaveAttribute(
        'href',
        '/register?tab=startup',
      );

      const highlights = page.getByTestId('highlights').getByRole('heading', { level: 3 });
      await expect(highlights).toHaveCount(6);
      await expect(highlights.first()).toHaveText('World-class content');
      for (const name of [
        'Curated Networking',
        'Media spotlight and Exposure',
        'Innovative Prizes & Investment Opportunities',
      ])
        await expect(highlights.filter({ hasText: name })).toHaveCount(1);
      // The two highlights the spec does not name are marked as sample.
      await expect(page.getByTestId('highlights').getByText('Sample', { exact: true })).toHaveCount(2);
      await expect(page.getByRole('blockquote')).toHaveCount(1);

      await expect(page.getByTestId('opportunities').getByRole('heading', { level: 3 })).toHaveText(
        OPPORTUNITY_TITLES,
      );
    });

    test('/investor-accelator: banners, quotes and the same six opportunities', async ({ page }) => {
      await expectPage(page, '/investor-accelator', 'For Investors And Accelerators');
      await expect(page.getByRole('link', { name: 'Register Now' }).first()).toHaveAttribute(
        'href',
        '/register',
      );
      expect(await page.getByRole('blockquote').count()).toBeGreaterThan(0);
      const tiles = page.getByTestId('opportunities').getByRole('heading', { level: 3 });
      await expect(tiles).toHaveText(OPPORTUNITY_TITLES);
      expect(opportunities.map((opportunity) => opportunity.title)).toEqual(OPPORTUNITY_TITLES);
    });

    test('/start-up-showcase: about 37 sample names, in four columns on a wide screen', async ({ page }) => {
      await expectPage(page, '/start-up-showcase', '2024 Startup Showcase');
      const names = page.getByTestId('showcase-names').getByRole('listitem');
      const count = await names.count();
      expect(count).toBeGreaterThanOrEqual(35);
      expect(count).toBeLessThanOrEqual(40);
      const listed = (await (await page.request.get('/api/content/startups')).json()) as { data: unknown[] };
      expect(count).toBe(listed.data.length);
      await expect(page.getByTestId('sample-note')).toBeVisible();
      const columns = await names.evaluateAll(
        (nodes) => new Set(nodes.map((node) => Math.round(node.getBoundingClientRect().left))).size,
      );
      expect(columns).toBe(width >= 1024 ? 4 : 1);
    });

    test('/activities: the twelve activities, each with heading, text and image', async ({ page }) => {
      await expectPage(page, '/activities', 'Activities');
      const cards = page.getByTestId('activities').getByRole('listitem');
      await expect(cards).toHaveCount(12);
      await expect(cards.getByRole('heading', { level: 2 })).toHaveText(ACTIVITY_TITLES);
      const listed = (await (await page.request.get('/api/content/activities')).json()) as {
        data: { caption: string }[];
      };
      for (const [index, activity] of listed.data.entries()) {
        await expect(cards.nth(index).getByRole('paragraph')).toHaveText(activity.caption);
        await expect(cards.nth(index).getByRole('img')).toHaveAttribute('alt', /.+/);
      }
      expect(await expectImagesWellFormed(page)).toHaveLength(12);
    });

    test('/event-flow: nine schedule images in a grid, each described by its alt text', async ({ page }) => {
      await expectPage(page, '/event-flow', 'Event Flow!');
      const images = page.getByTestId('event-flow').getByRole('img');
      await expect(images).toHaveCount(9);
      for (let index = 0; index < 9; index++)
        await expect(images.nth(index)).toHaveAttribute(
          'alt',
          /^Sample schedule, Day [12] .+, \d\d:\d\d [AP]M: .+/,
        );
      const columns = await images.evaluateAll(
        (nodes) => new Set(nodes.map((node) => Math.round(node.getBoundingClientRect().left))).size,
      );
      expect(columns).toBe(width >= 1024 ? 3 : 1);
      expect(await expectImagesWellFormed(page)).toHaveLength(9);
    });

    test('/privacypolicy: the privacy notice keeps the four statements of the policy', async ({ page }) => {
      await expectPage(page, '/privacypolicy', 'Privacy Notice');
      const main = page.getByRole('main');
      await expect(main).toContainText(
        'We do not collect personal information about you unless you provide it',
      );
      await expect(main).toContainText('not shared with or sold to anyone');
      await expect(main).toContainText('newsletters only when you explicitly ask');
      await expect(main).toContainText('opt out');
      await expect(main).toContainText('secure QR codes');
    });

    test('/sponser-2024: the 2024 edition’s sponsors, its archive', async ({ page }) => {
      await expectPage(page, '/sponser-2024', '2024 Sponsors');
      await expect(page.getByTestId('archive-items').getByRole('listitem')).toHaveCount(22);
      await expect(page.getByTestId('sample-note')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`sponser-2024-${width}.png`), fullPage: true });
    });

    for (const [path, heading] of [['/guest-speakers', '2024 Guest & Speakers']] as const) {
      test(`${path}: ${heading}, content coming soon`, async ({ page }) => {
        await expectPage(page, path, heading);
        await expect(page.getByText('Content Coming Soon...', { exact: true })).toBeVisible();
      });
    }
  });
}

test('the participants carousel stays on its first logos while time passes (no autoplay)', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/participants');
  const carousel = page.getByRole('region', { name: 'Participants', exact: true });
  const position = carousel.getByText(/^Set \d+ of \d+$/);
  await expect(position).toHaveText(/^Set 1 of/);
  await carousel.scrollIntoViewIfNeeded();
  await page.clock.runFor(12_000);
  await expect(position).toHaveText(/^Set 1 of/);
  await expect(carousel.getByRole('group').first()).toBeInViewport({ ratio: 0.9 });
});
