/**
 * The owner's operations pages in the browser, in one sign-in (the console allows 30 sign-ins
 * a minute from one address, and the specs run back to back):
 * - Status: the six checks, each saying what it found and what to do; on this server mail goes
 *   to the outbox and payments to the sandbox, so both need attention; the sample content offers
 *   its removal in one step, after a confirmation (cancelled here: later specs show the samples).
 * - Backups: taking one says what the archive holds, lists it, and the browser downloads it.
 * Both checked on a phone and with axe.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, expectNoHorizontalScroll, test } from './fixtures';

test('the owner sees what runs and what to do, then takes and downloads a backup', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(120_000);
  expectedConsoleErrors.push(/status of 401/);
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Console' });

  await nav.getByRole('link', { name: 'Status' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status');
  const checks = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(checks.getByRole('heading', { level: 2 })).toHaveText([
    /^Email/,
    /^Payments/,
    /^Pass signing key/,
    /^Disk/,
    /^Backups/,
    /^Sample content/,
  ]);
  const email = checks.filter({ hasText: /^Email/ });
  await expect(email).toContainText('Needs attention');
  await expect(email).toContainText('Set SMTP_URL');
  await expect(checks.filter({ hasText: /^Payments/ })).toContainText('no money is taken');
  await expect(checks.filter({ hasText: /^Pass signing key/ })).toContainText('Working');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
  // The samples can go in one step; asked first, and left here for the specs after this one.
  const samples = checks.filter({ hasText: /^Sample content/ });
  await expect(samples).toContainText('Needs attention');
  await samples.getByRole('button', { name: 'Remove sample content' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove all sample content?' });
  await expect(confirm).toContainText('do not come back when the server restarts');
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('remove-samples-1280.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('status-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await nav.getByRole('link', { name: 'Backups' }).click();
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
