/**
 * An owner takes a backup from the console: the page says what the archive holds, lists it,
 * and the browser downloads it (a gzip file). Checked on a phone and with axe.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, expectNoHorizontalScroll, test } from './fixtures';

test('an owner takes a backup, sees what it holds and downloads it', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(120_000);
  expectedConsoleErrors.push(/status of 401/);
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Backups' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Backups');

  await page.getByRole('button', { name: 'Take a backup' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Backup written' })).toContainText(
    /Backup written: \d+ orders, \d+ passes, \d+ tax invoices and credit notes/,
  );
  const link = page.getByRole('link', { name: /^Download backup-.*\.tar\.gz$/ }).first();
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^backup-.*Z\.tar\.gz$/);
  const bytes = await (await download.createReadStream()).toArray();
  // gzip's magic number.
  expect(Buffer.concat(bytes).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  await expectNoAccessibilityViolations(page);

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('backups-375.png'), fullPage: true });
});
