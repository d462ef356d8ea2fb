/**
 * "Remove sample content" for good (the `mail-down` project of playwright.config.ts: its data
 * is not shared with the test-clock specs, which show the samples). Before it, the public pages
 * show the site's own samples, held in code and marked Sample: the season-one highlights and
 * quotes, the Award Night art, the Shark Tank stories and the host's profile link. The owner
 * removes them with the seed's sample entries in one step on the Status page; the server's
 * next answer already leaves them out (the pages it renders and the edition the browser reads),
 * without a rebuild, and the sections they filled go or show their empty state.
 */
import type { Page } from '@playwright/test';
import { MAIL_DOWN_OWNER } from './admin-accounts';
import { signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, expectNoHorizontalScroll, test } from './fixtures';

const main = (page: Page) => page.getByRole('main');

/** The site's own samples as each page shows them, in the order the checks below visit them. */
async function expectSiteSamples(page: Page, shown: boolean) {
  await page.goto('/start-up');
  const highlights = page.getByTestId('highlights').getByRole('listitem');
  await expect(highlights).toHaveCount(shown ? 6 : 4);
  await expect(highlights.filter({ hasText: 'Sample' })).toHaveCount(shown ? 2 : 0);
  await expect(page.getByRole('region', { name: 'What founders say' })).toHaveCount(shown ? 1 : 0);

  await page.goto('/investor-accelator');
  await expect(main(page).getByRole('heading', { name: 'What investors and accelerators say' })).toHaveCount(
    shown ? 1 : 0,
  );

  await page.goto('/awards');
  const awardNight = main(page).getByRole('heading', { name: 'Startup Fest Award Night 2023' });
  await expect(awardNight).toHaveCount(shown ? 1 : 0);

  await page.goto('/sharkTank');
  await expect(main(page).getByRole('heading', { name: 'Sample Startup A' })).toHaveCount(shown ? 1 : 0);
  await expect(page.getByTestId('shark-tank-empty')).toHaveCount(shown ? 0 : 1);

  await page.goto('/pitcher');
  await expect(main(page).getByRole('heading', { level: 2, name: 'Hosted By' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: /^Follow/ })).toHaveCount(shown ? 1 : 0);
  await expect(main(page).getByText('Sample: the social profile link is a placeholder.')).toHaveCount(
    shown ? 1 : 0,
  );
  await expect(main(page).getByRole('link', { name: 'Contact' })).toBeVisible();
}

test('the owner removes every sample, the ones held in code too, and the public pages drop them at once', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(120_000);
  expectedConsoleErrors.push(/status of 401/);
  await expectSiteSamples(page, true);

  await signInEnrolled(page, MAIL_DOWN_OWNER.email);
  await page.goto('/admin/status');
  const samples = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Sample content' }) });
  await expect(samples).toContainText('Needs attention');
  await expect(samples).toContainText("the site's own samples (the season-one quotes");
  await samples.getByRole('button', { name: 'Remove sample content' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove all sample content?' });
  await expect(confirm).toContainText('removed from every edition and the public pages');
  await confirm.getByRole('button', { name: 'Remove sample content' }).click();
  await expect(confirm).toBeHidden();
  await expect(samples.getByRole('status')).toHaveText(
    /^Removed \d+ sample entries and the site's own samples\.$/,
  );
  await expect(samples).toContainText('Every entry on the site is your own.');
  await expect(samples.getByRole('button', { name: 'Remove sample content' })).toHaveCount(0);

  // The HTML the server renders for a visitor leaves them out already, not only the browser.
  const served = await (await page.request.get('/investor-accelator')).text();
  expect(served).toContain('For Investors And Accelerators');
  expect(served).not.toContain('Sample Investor');
  expect(served).not.toContain('What investors and accelerators say');

  await expectSiteSamples(page, false);
  await page.goto('/sharkTank');
  await expect(page.getByTestId('shark-tank-empty')).toHaveText(
    'The featured startups’ stories are coming soon.',
  );
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({
    path: test.info().outputPath('shark-tank-without-samples-375.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/start-up');
  await expectNoAccessibilityViolations(page);
  await page.screenshot({
    path: test.info().outputPath('start-up-without-samples-1280.png'),
    fullPage: true,
  });
});
