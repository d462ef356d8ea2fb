/**
 * The owner's first-run checklist in the browser: the dashboard says how many setup steps are
 * left and links the checklist; each step says what is set or missing and opens the console page
 * that does it. The sandbox is never "done" (it takes no money), so on this server a step is
 * always left. Checked on a phone and with axe.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, expectNoHorizontalScroll, test } from './fixtures';

test.beforeEach(({ expectedConsoleErrors }) => {
  expectedConsoleErrors.push(/status of 401/);
});

test('the dashboard leads the owner through setup, step by step', async ({ page }) => {
  await signInEnrolled(page, E2E_OWNER.email, { throughThePage: true });
  await page.goto('/admin');
  const reminder = page.getByText(/^Setup: \d+ steps? left/);
  await expect(reminder).toBeVisible();
  await page.getByRole('link', { name: 'Finish setting up' }).click();

  await expect(page).toHaveURL(/\/admin\/setup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Setup');
  const steps = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText([
    /The organizer's details/,
    /GSTIN/,
    /The edition/,
    /Ticket types/,
    /Payment keys/,
  ]);
  const payments = steps.filter({ hasText: 'Payment keys' });
  await expect(payments).toContainText('To do');
  await expect(payments).toContainText('Payments go to the sandbox');
  await expect(steps.filter({ hasText: 'The edition' })).toContainText('Done');
  await expectNoAccessibilityViolations(page);

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('setup-375.png'), fullPage: true });

  await page.getByRole('link', { name: 'Open: GSTIN' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
});
