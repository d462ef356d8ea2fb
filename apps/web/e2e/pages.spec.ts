/** Page-level behaviour: tabs, the Visitor tab's external link, redirects, small screens and accessibility. */
import { expect, expectNoAccessibilityViolations, test, expectNoHorizontalScroll } from './fixtures';

test('the register page offers the four tabs in order with Pitcher selected, and arrow keys move between them', async ({
  page,
}) => {
  await page.goto('/register');
  await expect(page).toHaveTitle(/Register/);
  await expect(page.getByRole('tab')).toHaveText(['Visitor', 'Investor', 'Start-Up', 'Pitcher']);
  const pitcher = page.getByRole('tab', { name: 'Pitcher' });
  await expect(pitcher).toHaveAttribute('aria-selected', 'true');
  await pitcher.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Start-Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('tabpanel', { name: 'Start-Up' }).getByRole('button', { name: 'Submit' }),
  ).toBeVisible();
});

test('the Visitor tab only links to the external registration page in a new tab', async ({ page }) => {
  const config = (await (await page.request.get('/api/auth/event/current')).json()) as {
    data: { visitorRegistrationUrl: string | null };
  };
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Visitor' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Visitor' });
  const link = panel.getByRole('link', { name: /Register/ });
  await expect(link).toHaveAttribute('href', config.data.visitorRegistrationUrl ?? '');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(panel.getByRole('textbox')).toHaveCount(0);
});

test('an unknown path answers 404 with a page that links home, to registration and contact', async ({
  page,
  expectedConsoleErrors,
}) => {
  // The browser reports the page's own 404.
  expectedConsoleErrors.push(/status of 404/);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page).toHaveTitle(/^Page not found \| /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  await expect(main.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await main.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('the payment pages show the reference from the address', async ({ page, expectedConsoleErrors }) => {
  // The failure page looks the order up (a refunded late payment reads differently); this one does not exist.
  expectedConsoleErrors.push(/status of 404/);
  const lookup = page.waitForResponse((response) => response.url().includes('/orders/SFG-TEST-1'));
  await page.goto('/payment-failure?reference=SFG-TEST-1');
  await expect(page.getByRole('heading', { name: 'PAYMENT FAILURE' })).toBeVisible();
  // Until hydration the prerendered page holds both of its states, one hidden (PrepaintChoice).
  await expect(page.getByTestId('payment-reference').filter({ visible: true })).toHaveText('SFG-TEST-1');
  expect((await lookup).status()).toBe(404);
  // An order the server does not know: the page claims nothing about money.
  await expect(page.getByText('We could not look this order up')).toBeVisible();
  await expect(page.getByText('you have not been charged')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage my registration' })).toHaveAttribute('href', '/manage');
});

test('an unknown order reference on the success page says so, without a green tick', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 404/);
  await page.goto('/payment-success?reference=NO-SUCH-ORDER');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find this order');
  await expect(page.getByText('PAYMENT SUCCESS')).toHaveCount(0);
  await expect(page.getByText('✓')).toHaveCount(0);
  await expect(page.getByTestId('payment-reference').filter({ visible: true })).toHaveText('NO-SUCH-ORDER');
  await expect(page.getByText('We could not find an order with this reference')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage my registration' })).toHaveAttribute('href', '/manage');
  await expectNoAccessibilityViolations(page);
});

test('the register page fits a 375 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'Pitcher' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('the register page and its validation messages have no detectable accessibility violations', async ({
  page,
}) => {
  await page.goto('/register');
  await expect(page.getByRole('combobox', { name: 'Country', exact: true }).first()).toContainText('India');
  await page.getByRole('tabpanel', { name: 'Pitcher' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
