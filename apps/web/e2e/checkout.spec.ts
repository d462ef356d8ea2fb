/**
 * The main job (spec §2 Register, §4 Registration flow): register, collect passes, choose a
 * ticket, pay on the sandbox provider's page and land on /payment-success with the passes.
 */
import {
  expect,
  expectNoAccessibilityViolations,
  fillInvestorForm,
  fillStartupForm,
  outboxMessagesMentioning,
  PHONE,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

test('a pitcher registers a second attendee, pays for two stall packages and gets two passes', async ({
  page,
  alerts,
}) => {
  const pitcher = { name: 'Asha Patel', email: uniqueEmail('pitcher') };
  const founder = { name: 'Ravi Shah', email: uniqueEmail('startup') };

  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'Pitcher' })).toHaveAttribute('aria-selected', 'true');
  await fillStartupForm(tabPanel(page, 'Pitcher'), pitcher);
  await tabPanel(page, 'Pitcher').getByRole('button', { name: 'Submit' }).click();

  const passes = page.getByRole('dialog', { name: 'Event Pass' });
  await expect(passes).toBeVisible();
  expect(alerts).toEqual(['Registration successful']);
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  const firstCard = passes.getByTestId('pass-card').first();
  await expect(firstCard).toContainText('Pitcher');
  await expect(firstCard).toContainText(pitcher.name);
  await expect(firstCard).toContainText(pitcher.email);
  await expect(firstCard).toContainText(`+91 ${PHONE}`);
  await expect(firstCard).toContainText('20 Oct 2024');
  await expect(firstCard).toContainText('21 Oct 2024');
  await expect(firstCard).toContainText('Event pass');
  await expectNoAccessibilityViolations(page);

  await passes.getByRole('button', { name: '+ Add Attendees' }).click();
  await expect(page.getByRole('tab', { name: 'Start-Up', includeHidden: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(passes.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await fillStartupForm(passes, founder);
  await passes.getByRole('button', { name: 'Submit' }).click();

  await expect(passes.getByTestId('pass-card')).toHaveCount(2);
  expect(alerts).toEqual(['Registration successful', 'Registration successful']);
  await expect(passes.getByTestId('pass-card').nth(1)).toContainText('Start-Up');
  await expect(passes.getByTestId('pass-card').nth(1)).toContainText(founder.email);
  await passes.getByRole('button', { name: 'Proceed' }).click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await expect(tickets).toBeVisible();
  const checkout = tickets.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeDisabled();
  await expect(tickets.getByTestId('ticket-quantity')).toHaveText('2');
  // The order buys the ticket types of the tab it started on (Pitcher), one seat per attendee.
  const gold = tickets.getByRole('radio', { name: /Gold Stall Package/ });
  await expect(gold).toContainText('₹25,000');
  await gold.click();
  await expect(gold).toHaveAttribute('aria-checked', 'true');
  await expect(tickets.getByTestId('ticket-total')).toHaveText('₹50,000');
  await expectNoAccessibilityViolations(page);
  await checkout.click();

  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await expect(page.getByText('TEST PAYMENT')).toBeVisible();
  await expect(page.locator('.amount')).toHaveText('₹50,000');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  expect(reference).not.toBe('');
  await expect(page.getByRole('heading', { name: 'PAYMENT SUCCESS' })).toBeVisible();
  await expect(page.getByText('Reference No.')).toBeVisible();
  await expect(page.getByTestId('payment-reference')).toHaveText(reference);
  const orderPasses = page.getByTestId('order-pass');
  await expect(orderPasses).toHaveCount(2);
  await expect(orderPasses.filter({ hasText: pitcher.email })).toHaveCount(1);
  await expect(orderPasses.filter({ hasText: founder.email })).toHaveCount(1);
  await expectNoAccessibilityViolations(page);
  const qrCodes = page.getByRole('img', { name: /^QR code of pass/ });
  await expect(qrCodes).toHaveCount(2);
  for (const qr of await qrCodes.all()) {
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
  }

  await expect.poll(async () => (await outboxMessagesMentioning(reference)).length).toBeGreaterThan(0);
});

test('an investor registers with the JSON form and pays for an investor pass', async ({ page, alerts }) => {
  const investor = { name: 'Meera Desai', email: uniqueEmail('investor') };

  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  const panel = tabPanel(page, 'Investor');
  await fillInvestorForm(panel, investor);
  const registration = page.waitForRequest('**/api/auth/investor');
  await panel.getByRole('button', { name: 'Submit' }).click();
  expect((await registration).headers()['content-type']).toContain('application/json');

  const passes = page.getByRole('dialog', { name: 'Event Pass' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  expect(alerts).toEqual(['Registration successful']);
  await expect(passes).toContainText('Registered as Investor');
  await passes.getByRole('button', { name: 'Proceed' }).click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  const investorPass = tickets.getByRole('radio', { name: /Investor Pass/ });
  await expect(investorPass).toContainText('₹1,000');
  await expect(investorPass.locator('s')).toContainText('₹4,000');
  await investorPass.click();
  await expect(tickets.getByTestId('ticket-quantity')).toHaveText('1');
  await expect(tickets.getByTestId('ticket-total')).toHaveText('₹1,000');
  await tickets.getByRole('button', { name: 'Checkout' }).click();

  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await expect(page.locator('.amount')).toHaveText('₹1,000');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  await expect(page.getByTestId('payment-reference')).toHaveText(reference);
  await expect(page.getByTestId('order-pass')).toHaveCount(1);
  await expect(page.getByTestId('order-pass')).toContainText(investor.email);
  await expect(page.getByTestId('order-pass')).toContainText('Investor Pass');
});
