/**
 * Pages whose content depends on what only the browser knows (the payment pages' `?reference=`,
 * the manage page's sign-in link token or tab session) paint the right state from their
 * prerendered HTML, before any of their scripts has run (components/prepaint-choice.tsx): their
 * real content when the address has nothing, a loading state otherwise, never a wrong message.
 * These tests hold the site's scripts back, as a slow connection does.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';

/** A page of `context` whose script requests wait until `release()`. */
async function pageWithHeldScripts(context: BrowserContext): Promise<{ page: Page; release: () => void }> {
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { page, release };
}

const CASES = [
  {
    path: '/payment-success',
    shown: 'We could not find an order with this reference',
    hidden: 'Loading your order…',
  },
  {
    path: '/payment-success?reference=SFG24-NOTYETREAD',
    shown: 'Loading your order…',
    hidden: 'We could not find an order with this reference',
  },
  {
    path: '/payment-failure',
    shown: 'We could not look this order up',
    hidden: 'Checking your order…',
  },
  {
    path: '/payment-failure?reference=SFG24-NOTYETREAD',
    shown: 'Checking your order…',
    hidden: 'We could not look this order up',
  },
  { path: '/manage', shown: 'Get a sign-in link', hidden: 'Loading…' },
  { path: '/manage#token=not-yet-spent', shown: 'Loading…', hidden: 'Get a sign-in link' },
] as const;

for (const { path, shown, hidden } of CASES) {
  test(`before its scripts run, ${path} shows "${shown}"`, async ({ context }) => {
    const { page, release } = await pageWithHeldScripts(context);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByText(shown, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(hidden, { exact: false })).toBeHidden();
    // Nothing of React has run: what shows is the HTML's own.
    expect(await page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(false);
    release();
    await page.close();
  });
}

test('an email typed into /manage before the scripts run is kept and sent once they have', async ({
  context,
}) => {
  const { page, release } = await pageWithHeldScripts(context);
  await page.goto('/manage', { waitUntil: 'domcontentloaded' });
  const email = uniqueEmail('early');
  await page.getByLabel('Email').fill(email);
  release();
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
  // The page has looked at the address and the tab's storage, and kept the form in place.
  await expect(page.locator('[data-prepaint="settled"]')).toHaveCount(1);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // What is checked is that the address typed early is the one sent. The server's answer may be
  // its per-address limit, which the suite's other sign-in links share from this one address.
  const sent = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/self-service/link') &&
      (request.postDataJSON() as { email?: string }).email === email,
  );
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await sent;
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'If this email is registered with us, a sign-in link is on its way' })
      .or(page.getByRole('alert').filter({ hasText: 'Too many sign-in links asked for from here' })),
  ).toBeVisible();
  await page.close();
});

test.describe(() => {
  // The server's answer to the session it does not know.
  test.use({ expectedConsoleErrors: [/status of 401/] });
  test('a registrant with a session in the tab, going to /manage from another page, never sees the sign-in form', async ({
    page,
  }) => {
    await page.goto('/payment-success');
    await page.evaluate(() =>
      window.sessionStorage.setItem(
        'festival.manage-session',
        JSON.stringify({
          session: {
            sessionToken: 'a-session-the-server-does-not-know',
            email: 'someone@example.com',
            expiresAt: new Date(Date.now() + 60_000).toISOString(),
          },
          deadline: Date.now() + 60_000,
        }),
      ),
    );
    // The overview is held back, so the page stays between navigation and answer.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/self-service/overview', async (route) => {
      await released;
      await route.continue();
    });
    // Records, on every frame from the navigation on, whether the sign-in heading is visible.
    await page.evaluate(() => {
      const frames: boolean[] = [];
      Object.assign(window, { signInFrames: frames });
      const watch = () => {
        const heading = [...document.querySelectorAll('h2')].find(
          (h) => h.textContent === 'Get a sign-in link',
        );
        frames.push(heading?.checkVisibility() ?? false);
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.getByRole('link', { name: 'Find my order' }).click();
    await expect(page).toHaveURL(/\/manage$/);
    await expect(page.getByRole('status')).toContainText('Loading your registrations');
    const frames = await page.evaluate(() => (window as unknown as { signInFrames: boolean[] }).signInFrames);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.filter(Boolean), 'frames showing the sign-in form').toEqual([]);
    // The server does not know the session: the page ends it and asks to sign in.
    release();
    await expect(page.getByRole('heading', { name: 'Get a sign-in link' })).toBeVisible();
  });
});
