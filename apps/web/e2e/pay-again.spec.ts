/**
 * Coming back after a failed payment (issue 29 §3): the failure page's Pay again reopens the
 * payment of the same order in the browser that bought it, the payment goes through once and
 * the passes show; Manage my registration reads "Payment failed" with its own Pay again.
 */
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  fillInvestorForm,
  outboxMessagesMentioning,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

/** Registers an investor, checks out the Investor Pass and fails the sandbox payment; returns the sandbox page's address. */
async function failFirstPayment(page: Page, name: string, email: string): Promise<string> {
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  await fillInvestorForm(tabPanel(page, 'Investor'), { name, email });
  await tabPanel(page, 'Investor').getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Attendees in this registration' })
    .getByRole('button', { name: 'Proceed' })
    .click();
  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await tickets.getByRole('radio', { name: /Investor Pass/ }).click();
  await tickets.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  const sandbox = page.url();
  await page.getByRole('button', { name: 'Fail' }).click();
  await page.waitForURL(/\/payment-failure\?reference=/);
  return sandbox;
}

/** The sign-in link emailed to `email`, once it has arrived. */
async function signInLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      for (const raw of await outboxMessagesMentioning('sign-in link')) {
        const mail = await simpleParser(raw);
        const to = [mail.to ?? []].flat().map((address) => address.text.toLowerCase());
        const match = /(https?:\/\/\S+\/manage#token=[\w-]+)/.exec(mail.text ?? '');
        if (to.includes(email.toLowerCase()) && match?.[1]) link = match[1];
      }
      return link;
    })
    .not.toBe('');
  return link;
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('Pay again on the failure page reopens the same order, which is paid once and shows its passes', async ({
  page,
}) => {
  const sandbox = await failFirstPayment(page, 'Meera Joshi', uniqueEmail('pay-again'));
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  await expect(page.getByRole('heading', { name: 'PAYMENT FAILURE' })).toBeVisible();
  await expect(page.getByText('you have not been charged')).toBeVisible();
  const payAgain = page.getByRole('button', { name: 'Pay again' });
  await expect(payAgain).toBeVisible();
  await screenshots(page, 'failure');

  // The seats are still held: the same order's payment opens again.
  await payAgain.click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  expect(page.url()).toBe(sandbox);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();

  await page.waitForURL(/\/payment-success\?reference=/);
  expect(new URL(page.url()).searchParams.get('reference')).toBe(reference);
  await expect(page.getByRole('heading', { name: 'PAYMENT SUCCESS' })).toBeVisible();
  await expect(page.getByTestId('order-pass')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Event pass for Meera Joshi' })).toBeVisible();
  await screenshots(page, 'paid-again');

  // Back at the failure page's address: the order is paid, nothing more to pay.
  await page.goto(`/payment-failure?reference=${reference}`);
  await expect(page.getByText('We received a payment for this order')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay again' })).toHaveCount(0);
});

test('Manage my registration reads "Payment failed" and pays the order again', async ({ page }) => {
  const email = uniqueEmail('manage-again');
  await failFirstPayment(page, 'Kabir Shah', email);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';

  await page.goto('/manage');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  const link = await signInLink(email);
  // From /manage itself only the fragment would change, and the page reads it when it loads.
  await page.goto('about:blank');
  await page.goto(link);

  const order = page.getByRole('article', { name: `Order ${reference}` });
  await expect(order).toContainText('Payment failed');
  await expect(order).not.toContainText('Waiting for payment');
  await screenshots(page, 'manage-failed');

  await order.getByRole('button', { name: `Pay again for order ${reference}` }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.waitForURL(/\/payment-success\?reference=/);
  await expect(page.getByTestId('order-pass')).toHaveCount(1);

  await page.getByRole('link', { name: 'Manage my registration' }).last().click();
  await expect(page.getByRole('article', { name: `Order ${reference}` })).toContainText('Paid');
  await expect(page.getByRole('button', { name: /Pay again/ })).toHaveCount(0);
});
