/**
 * The pages run under a Content-Security-Policy whose `script-src` has no 'unsafe-inline': the
 * server lists the hashes of each page's own inline scripts (apps/api/src/lib/inline-scripts.ts),
 * so React Router's bootstrap, the hydrate-after-paint loader and the entry it inserts, and the
 * prepaint scripts run, and nothing else inline would. Each page must load with no violation
 * (a `securitypolicyviolation` event, or the console error Chromium writes; the fixtures fail a
 * test on any console error) and hydrate: a press is handled by React.
 */
import type { Page } from '@playwright/test';
import { E2E_OWNER } from './admin-accounts';
import { signInEnrolled } from './admin-helpers';
import { expect, test } from './fixtures';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Records every CSP violation of the page's documents in `window.cspViolations`. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
}

/** Opens `path`, checks its policy allows no inline script by itself, and that none was refused. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  const policy = (await response?.headerValue('content-security-policy')) ?? '';
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
  expect(scriptSrc, path).toMatch(/'sha256-/);
  expect(scriptSrc, path).not.toContain("'unsafe-inline'");
  return async () => expect(await page.evaluate(() => window.cspViolations), path).toEqual([]);
}

test('public pages run their own inline scripts only, and hydrate', async ({ page }) => {
  await recordViolations(page);

  let noViolation = await open(page, '/');
  const highlights = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: '2023 Highlights' });
  // Narrow screens fold the header into a menu; the press is what matters.
  if (await highlights.isVisible()) {
    await highlights.click();
    await expect(highlights).toHaveAttribute('aria-expanded', 'true');
  } else {
    await page.getByRole('button', { name: /menu/i }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  await noViolation();

  noViolation = await open(page, '/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Investor');
  await noViolation();

  // A content page, rendered by the server with its data (its scripts carry the render's nonce).
  const faq = (await (await page.request.get('/api/auth/list/FaqMaster')).json()) as {
    data: { que: string }[];
  };
  noViolation = await open(page, '/faq');
  const question = page.getByRole('button', { name: faq.data[1]?.que });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await noViolation();

  // A prerendered page with a prepaint script choosing its state before the first paint.
  noViolation = await open(page, '/payment-success');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await noViolation();
});

test('the console and the gate scanner run their own inline scripts only, and hydrate', async ({
  page,
  expectedConsoleErrors,
}) => {
  // Signed out, the sign-in page's `GET /api/admin/me` answers 401, which the browser logs.
  expectedConsoleErrors.push(/status of 401/);
  await recordViolations(page);
  await signInEnrolled(page, E2E_OWNER.email);

  let noViolation = await open(page, '/admin');
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Orders/);
  await noViolation();

  // The scanner's set-up shows only once its client loader has run: the prerendered page says
  // "Opening the scanner…".
  noViolation = await open(page, '/checkin');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up this scanner' })).toBeVisible();
  await noViolation();
});
