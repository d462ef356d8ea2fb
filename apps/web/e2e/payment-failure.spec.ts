/**
 * A failed payment lands on /payment-failure. The failure result is unsigned (Razorpay signs
 * only successes), so it changes nothing on the server but what the buyer reads: the seats stay
 * reserved until the reservation lapses. The browser that bought may pay again there; another
 * browser, with only the reference, is sent to sign in.
 */
import { ParticipantCategory } from '@festival/shared';
import { expect, fillInvestorForm, seatsLeft, tabPanel, test, uniqueEmail } from './fixtures';

test('a failed payment shows the failure page and keeps the reservation running', async ({
  page,
  browser,
}) => {
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  await fillInvestorForm(tabPanel(page, 'Investor'), { name: 'Kiran Mehta', email: uniqueEmail('declined') });
  await tabPanel(page, 'Investor').getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Attendees in this registration' })
    .getByRole('button', { name: 'Proceed' })
    .click();

  const before = await seatsLeft(page, ParticipantCategory.Investor, 'Investor Pass');
  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await tickets.getByRole('radio', { name: /Investor Pass/ }).click();
  await tickets.getByRole('button', { name: 'Checkout' }).click();

  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  expect(await seatsLeft(page, ParticipantCategory.Investor, 'Investor Pass')).toBe(before - 1);
  await page.getByRole('button', { name: 'Fail' }).click();

  await page.waitForURL(/\/payment-failure\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  expect(reference).not.toBe('');
  await expect(page.getByRole('heading', { name: 'PAYMENT FAILURE' })).toBeVisible();
  await expect(page.getByText('Reference No.')).toBeVisible();
  // Until hydration the prerendered page holds both of its states, one hidden (PrepaintChoice).
  await expect(page.getByTestId('payment-reference').filter({ visible: true })).toHaveText(reference);
  await expect(page.getByText('you have not been charged')).toBeVisible();
  expect(await seatsLeft(page, ParticipantCategory.Investor, 'Investor Pass')).toBe(before - 1);

  // This browser bought the order, so it may pay again right here (pay-again.spec.ts pays).
  await expect(page.getByRole('button', { name: 'Pay again' })).toBeVisible();

  // Another browser, with only the reference, is sent to sign in instead.
  const stranger = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await stranger.goto(`/payment-failure?reference=${reference}`);
  await expect(stranger.getByText('We could not look this order up in this browser')).toBeVisible();
  await expect(stranger.getByRole('button', { name: 'Pay again' })).toHaveCount(0);
  await stranger.getByRole('link', { name: 'Sign in to pay' }).click();
  await expect(stranger).toHaveURL(/\/manage$/);
  await stranger.close();
});
