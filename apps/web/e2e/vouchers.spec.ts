/**
 * Vouchers in the browser: the owner creates a voucher in the console (₹2,500 off the
 * Start-Up Silver Stall Package); a startup types the code in Select Tickets, sees the reduced
 * total, pays exactly that on the sandbox, and the console lists the voucher as used once and
 * shows it on the order.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  expectRegistered,
  fillStartupForm,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

const CODE = 'E2E-SILVER';

test.beforeEach(({ expectedConsoleErrors }) => {
  expectedConsoleErrors.push(/status of 401/);
});

test('the owner creates a voucher in the console', async ({ page }) => {
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin/vouchers');
  await expect(page.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
  await page.getByRole('button', { name: 'New vouchers' }).click();
  const dialog = page.getByRole('dialog', { name: 'New vouchers' });
  await dialog.getByRole('textbox', { name: 'Code' }).fill(CODE.toLowerCase());
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Choose at least one ticket type')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Silver Stall Package (Start-Up)' }).check();
  await dialog.getByRole('combobox', { name: 'Price' }).selectOption('subtract');
  await dialog.getByRole('textbox', { name: 'Amount off per seat' }).fill('2500');
  await dialog.getByRole('spinbutton', { name: /Maximum uses/ }).fill('5');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('status')).toContainText('Voucher created');
  await expect(dialog.getByRole('textbox', { name: 'Codes created' })).toHaveValue(CODE);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: new RegExp(CODE) });
  await expect(row).toContainText('₹2,500 off');
  await expect(row).toContainText('0 / 0 / 5');
  await expect(row).toContainText('Active');
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('vouchers-375.png'), fullPage: true });
});

test('a buyer uses the code at checkout and pays the reduced price', async ({
  page,
  expectedConsoleErrors,
}) => {
  // The mistyped code below is refused by the quote with a 400, on purpose.
  expectedConsoleErrors.push(/status of 400/);
  const founder = { name: 'Ishaan Patel', email: uniqueEmail('voucher-startup') };
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Start-Up' }).click();
  const panel = tabPanel(page, 'Start-Up');
  await fillStartupForm(panel, founder);
  await panel.getByRole('button', { name: 'Submit' }).click();
  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  await expectRegistered(page);
  await passes.getByRole('button', { name: 'Proceed' }).click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await tickets.getByRole('radio', { name: /Silver Stall Package/ }).click();
  await expect(tickets.getByTestId('ticket-total')).toHaveText('₹10,000');

  const code = tickets.getByRole('textbox', { name: /Voucher code/ });
  await code.fill('NO-SUCH-CODE');
  await tickets.getByRole('button', { name: 'Apply' }).click();
  await expect(tickets.getByText('NO-SUCH-CODE is not a valid voucher code')).toBeVisible();
  await expect(tickets.getByRole('button', { name: 'Checkout' })).toBeDisabled();

  await code.fill(CODE.toLowerCase());
  await code.press('Enter');
  await expect(tickets.getByRole('status')).toHaveText(`Voucher ${CODE} applied.`);
  await expect(tickets.getByTestId('ticket-total')).toHaveText('₹7,500');
  // The line shows the voucher's price of the unit beside the package's own.
  await expect(tickets.getByTestId('quote-line')).toHaveText(
    `1 × Silver Stall Package at ₹7,500 (was ₹10,000 with voucher ${CODE}) incl. 18 % GST`,
  );
  await expectNoAccessibilityViolations(page);
  await tickets.getByRole('button', { name: 'Checkout' }).click();

  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await expect(page.locator('.amount')).toHaveText('₹7,500');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';

  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin/vouchers');
  await expect(page.getByRole('row', { name: new RegExp(CODE) })).toContainText('1 / 0 / 5');
  await page.goto(`/admin/orders/${reference}`);
  await expect(page.getByText(CODE)).toBeVisible();
});

test('a 100 % comp voucher completes the order at ₹0 without the payment page', async ({ page }) => {
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin/vouchers');
  await page.getByRole('button', { name: 'New vouchers' }).click();
  const dialog = page.getByRole('dialog', { name: 'New vouchers' });
  await dialog.getByRole('textbox', { name: 'Code' }).fill('E2E-GUEST');
  await dialog.getByRole('checkbox', { name: 'Silver Stall Package (Start-Up)' }).check();
  await dialog.getByRole('combobox', { name: 'Price' }).selectOption('comp');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('status')).toContainText('Voucher created');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const founder = { name: 'Meera Shah', email: uniqueEmail('comp-startup') };
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Start-Up' }).click();
  const panel = tabPanel(page, 'Start-Up');
  await fillStartupForm(panel, founder);
  await panel.getByRole('button', { name: 'Submit' }).click();
  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  await expectRegistered(page);
  await passes.getByRole('button', { name: 'Proceed' }).click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await tickets.getByRole('radio', { name: /Silver Stall Package/ }).click();
  await tickets.getByRole('textbox', { name: /Voucher code/ }).fill('E2E-GUEST');
  await tickets.getByRole('button', { name: 'Apply' }).click();
  await expect(tickets.getByTestId('ticket-total')).toHaveText('₹0');
  await tickets.getByRole('button', { name: 'Checkout' }).click();

  await page.waitForURL(/\/payment-success\?reference=/);
  await expect(page.getByRole('heading', { name: 'PAYMENT SUCCESS' })).toBeVisible();
  await expect(page.getByTestId('order-pass')).toHaveCount(1);
});
