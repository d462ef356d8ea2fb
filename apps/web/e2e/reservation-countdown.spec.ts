/**
 * While a Razorpay payment is pending, the Select Tickets dialog counts the seat reservation
 * down, offers "I need more time" once at 2 minutes left, and Razorpay Checkout gets the
 * seconds left as its `timeout` (WCAG 2.2.1).
 *
 * The test server has no Razorpay keys and this machine no internet, so two things stand in
 * for Razorpay: Checkout.js is replaced by a stub that records its options, and the real
 * checkout answer (order, reference, expiry from the server) is relabelled as a Razorpay one.
 * Registration, the order, its reservation and its extension are the real server's. The page's
 * clock is moved with `page.clock`; the server's runs in real time, and the page places the
 * server's expiry on its own clock from the answer's Date header.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  fillStartupForm,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

interface RecordedOptions {
  order_id: string;
  timeout: number;
}

declare global {
  interface Window {
    razorpayOpened?: RecordedOptions[];
  }
}

const CHECKOUT_STUB = `window.Razorpay = function (options) {
  (window.razorpayOpened = window.razorpayOpened || []).push(options);
  this.open = function () {};
};`;

async function standInForRazorpay(page: Page) {
  await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: CHECKOUT_STUB }),
  );
  await page.route('**/api/auth/payment/checkout', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...answer,
        checkout: { provider: 'razorpay', keyId: 'rzp_test_e2e', callbackUrl: '/api/auth/payment/callback' },
      },
    });
  });
}

const opened = (page: Page) => page.evaluate(() => window.razorpayOpened ?? []);

test('the reservation counts down, offers more time once, and Checkout times out with it', async ({
  page,
}) => {
  await standInForRazorpay(page);
  await page.clock.install();
  await page.goto('/register');
  await fillStartupForm(tabPanel(page, 'Pitcher'), { name: 'Mira Desai', email: uniqueEmail('countdown') });
  await tabPanel(page, 'Pitcher').getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Attendees in this registration' })
    .getByRole('button', { name: 'Proceed' })
    .click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await tickets.getByRole('radio', { name: /Gold Stall Package/ }).click();
  await tickets.getByRole('button', { name: 'Checkout' }).click();

  const timer = tickets.getByRole('timer', { name: 'Time left to pay' });
  const status = tickets.getByRole('status');
  const moreTime = tickets.getByRole('button', { name: 'I need more time' });
  await expect(timer).toHaveText(/^1[45]:\d\d$/);
  await expect.poll(async () => (await opened(page)).length).toBe(1);
  const [first] = await opened(page);
  expect(first!.timeout).toBeGreaterThan(890);
  expect(first!.timeout).toBeLessThanOrEqual(901);
  await expect(moreTime).toHaveCount(0);
  await expect(status).toHaveText('');

  // The status line speaks at marks, not every second.
  await page.clock.fastForward('05:05');
  await expect(status).toHaveText('10 minutes left to pay.');
  await page.clock.fastForward('08:00');
  await expect(timer).toHaveText(/^1:5\d$/);
  await expect(status).toHaveText(
    '2 minutes left to pay. Choose “I need more time” to hold your seats 15 minutes longer.',
  );
  await expect(moreTime).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await moreTime.click();
  await expect(timer).toHaveText(/^1[45]:\d\d$/);
  await expect(status).toHaveText('Your seats are held for 15 more minutes.');
  await expect(moreTime).toHaveCount(0);

  // Checkout reopens the same order with the time now left.
  await tickets.getByRole('button', { name: 'Checkout' }).click();
  await expect.poll(async () => (await opened(page)).length).toBe(2);
  const second = (await opened(page))[1]!;
  expect(second.order_id).toBe(first!.order_id);
  expect(second.timeout).toBeGreaterThan(890);

  // More time is offered once only.
  await page.clock.fastForward('13:05');
  await expect(timer).toHaveText(/^1:5\d$/);
  await expect(status).toHaveText('2 minutes left to pay.');
  await expect(moreTime).toHaveCount(0);

  await page.clock.fastForward('02:00');
  await expect(tickets.getByText('Time is up and your seats were released.')).toBeVisible();
  await expect(status).toHaveText('Time is up. Your seats have been released.');
  await expect(timer).toHaveCount(0);
});
