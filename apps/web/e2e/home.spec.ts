/**
 * The home page: its sections at both widths, the countdown under a controlled clock before and
 * after its target, the video modal loading its iframe only when opened, and the participants
 * carousel.
 */
import type { Page } from '@playwright/test';
import { expect, test, expectNoHorizontalScroll } from './fixtures';
import { giveEditionAVideo } from './admin-helpers';

// The play button shows the edition's video; the seeded edition has none.
test.beforeAll(async ({ browser }) => giveEditionAVideo(browser));

const countdown = (page: Page) => page.getByRole('timer', { name: 'Countdown to the festival' });

async function countdownValues(page: Page) {
  const parts = ['days', 'hours', 'minutes', 'seconds'] as const;
  return Promise.all(
    parts.map(
      async (part) =>
        (await page.getByTestId(`countdown-${part}`).locator('span').first().textContent()) ?? '',
    ),
  );
}

for (const width of [375, 1280]) {
  test(`the home page shows every section at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(
      page.getByRole('img', { name: /Startup Fest Gujarat 2024: 20–21 October 2024/ }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Startup Fest Gujarat 2024');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('button', { name: 'Play the Startup Fest Gujarat 2024 video' }),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Learn More about the event' })).toHaveAttribute(
      'href',
      '/about',
    );

    const info = page.getByRole('region', { name: 'Event Info' });
    await expect(info).toContainText('Gujarat Science City, Ahmedabad');
    await expect(info).toContainText('20–21 October 2024');
    await expect(info).toContainText('10:00 AM – 07:00 PM');

    const cards = page.getByRole('region', { name: 'Register Yourself' }).getByRole('listitem');
    await expect(cards.getByRole('heading')).toHaveText(['Pitcher', 'Startup', 'Investors']);
    // Each card opens its own tab of /register.
    const hrefs = await cards
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(['/register?tab=pitcher', '/register?tab=startup', '/register?tab=investor']);

    const stats = page.getByRole('region', { name: 'The Festival In Numbers' });
    for (const claim of ['1000+', '200+', '135+', '15000+']) await expect(stats).toContainText(claim);
    const theme = page.getByRole('region', { name: '2024 Theme And Sectors' });
    await expect(theme).toContainText('Innovation at the Bottom of the Pyramid');
    await expect(theme.getByRole('listitem')).toHaveCount(7);
    await expect(
      page
        .getByRole('region', { name: 'Be part of Startup Fest Gujarat 2024' })
        .getByRole('link', { name: 'Register Now' }),
    ).toHaveAttribute('href', '/register');
    await expect(
      page.getByRole('region', { name: 'Participants', exact: true }).getByRole('group'),
    ).toHaveCount(22);

    await expectNoHorizontalScroll(page);
  });
}

/** The seed's event starts 2024-10-20 10:00 IST, as in the spec; the page reads it from the API. */
const TARGET = Date.parse('2024-10-20T10:00:00+05:30');

/** Loads the home page with the browser clock running from `start`, then stops it at `at`. */
async function openHomeAt(page: Page, start: number, at: number) {
  await page.clock.install({ time: start });
  await page.goto('/');
  await expect(countdown(page)).toBeVisible();
  await page.clock.pauseAt(at);
}

/**
 * Pauses the page's clock half a second from now: a slow machine can take more than 100 ms
 * between reading the page's clock and pausing it ("Cannot fast-forward to the past"), and the
 * slides move every 4 s.
 */
async function pauseClockSoon(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

test('the countdown ticks each second towards 20 Oct 2024 10:00 IST', async ({ page }) => {
  await openHomeAt(page, TARGET - 86_400_000 - 30_000, TARGET - 86_400_000);
  await expect.poll(() => countdownValues(page)).toEqual(['1', '0', '0', '0']);
  await page.clock.runFor(1000);
  await expect.poll(() => countdownValues(page)).toEqual(['0', '23', '59', '59']);
  await page.clock.runFor(61_000);
  await expect.poll(() => countdownValues(page)).toEqual(['0', '23', '58', '58']);
});

test('the countdown shows zeros once its target has passed', async ({ page }) => {
  await openHomeAt(page, TARGET - 30_000, TARGET - 2000);
  await expect.poll(() => countdownValues(page)).toEqual(['0', '0', '0', '2']);
  await page.clock.runFor(2000);
  await expect.poll(() => countdownValues(page)).toEqual(['0', '0', '0', '0']);
  await page.clock.runFor(10_000);
  await expect.poll(() => countdownValues(page)).toEqual(['0', '0', '0', '0']);
});

test('the video modal embeds the edition’s video only once opened, 450 px high', async ({ page }) => {
  const videoRequests: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    videoRequests.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>video</title>',
    });
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(videoRequests).toEqual([]);

  const play = page.getByRole('button', { name: 'Play the Startup Fest Gujarat 2024 video' });
  await play.click();
  const dialog = page.getByRole('dialog', { name: 'Startup Fest Gujarat 2024' });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  expect((await frame.boundingBox())?.height).toBe(450);
  await expect.poll(() => videoRequests.length).toBeGreaterThan(0);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(play).toBeFocused();
});

const carousel = (page: Page) => page.getByRole('region', { name: 'Participant logos' });
const position = (page: Page) => carousel(page).getByText(/^Set \d+ of \d+$/);

test('the carousel shows 4 logos per view at 1280 px and advances every 4000 ms', async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'playing');
  await expect(position(page)).toHaveText('Set 1 of 6');
  // Stop the browser clock, then restart autoplay's timer at a known moment: hover and leave.
  await pauseClockSoon(page);
  await carousel(page).getByRole('group').first().hover();
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'paused');
  await page.mouse.move(0, 0);
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'playing');

  const viewport = await carousel(page).locator('.overflow-hidden').boundingBox();
  const slide = await carousel(page).getByRole('group').first().boundingBox();
  expect(Math.round((viewport?.width ?? 0) / (slide?.width ?? 1))).toBe(4);

  await page.clock.runFor(3900);
  await expect(position(page)).toHaveText('Set 1 of 6');
  await page.clock.runFor(200);
  await expect(position(page)).toHaveText('Set 2 of 6');
});

test('the carousel shows 3 logos per view at 768 px and 2 at 375 px', async ({ page }) => {
  for (const [width, perView, sets] of [
    [768, 3, 8],
    [375, 2, 11],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(position(page)).toHaveText(`Set 1 of ${sets}`);
    const viewport = await carousel(page).locator('.overflow-hidden').boundingBox();
    const slide = await carousel(page).getByRole('group').first().boundingBox();
    expect(Math.round((viewport?.width ?? 0) / (slide?.width ?? 1))).toBe(perView);
  }
});

test('the carousel pauses on hover, on focus and on Pause, and its buttons move it', async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'playing');
  await pauseClockSoon(page);

  await carousel(page).getByRole('group').first().hover();
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'paused');
  await page.clock.runFor(9000);
  await expect(position(page)).toHaveText('Set 1 of 6');
  await page.mouse.move(0, 0);
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'playing');
  await page.clock.runFor(4000);
  await expect(position(page)).toHaveText('Set 2 of 6');

  await carousel(page).getByRole('button', { name: 'Previous logos' }).focus();
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'paused');
  await page.keyboard.press('Enter');
  await expect(position(page)).toHaveText('Set 1 of 6');
  await page.clock.runFor(9000);
  await expect(position(page)).toHaveText('Set 1 of 6');
  await carousel(page).getByRole('button', { name: 'Next logos' }).click();
  await expect(position(page)).toHaveText('Set 2 of 6');
  await carousel(page).getByRole('button', { name: 'Previous logos' }).click();
  await expect(position(page)).toHaveText('Set 1 of 6');

  const pause = carousel(page).getByRole('button', { name: /automatic scrolling/ });
  await expect(pause).toHaveText('Pause automatic scrolling');
  await pause.click();
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  await expect(pause).toHaveText('Play automatic scrolling');
  await page.locator('h1').click();
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'paused');
  await page.clock.runFor(9000);
  await expect(position(page)).toHaveText('Set 1 of 6');
});

test('the carousel stays still under prefers-reduced-motion', async ({ page }) => {
  await page.clock.install();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(position(page)).toHaveText('Set 1 of 6');
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'off');
  await expect(carousel(page).getByRole('button', { name: /automatic scrolling/ })).toHaveCount(0);
  await page.clock.runFor(12_000);
  await expect(position(page)).toHaveText('Set 1 of 6');
});
