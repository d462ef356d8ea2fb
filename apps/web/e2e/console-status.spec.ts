/**
 * The owner's status page in the browser: the six checks, each saying what it found and what to
 * do; on this server mail goes to the outbox and payments to the sandbox, so both need attention.
 * Checked on a phone and with axe.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, expectNoHorizontalScroll, test } from './fixtures';

test('the owner sees what runs and what to do about what does not', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 401/);
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Status' }).click();
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
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('status-375.png'), fullPage: true });
});
