/**
 * Changing an attendee's ticket from the console, in the browser: an investor buys an Investor
 * Pass; the owner adds a cheaper investor ticket and moves the investor to it from the order's
 * page, after a dialog that lists each ticket with its price, the difference and the seats left
 * (a sold-out one cannot be chosen) and states the refund; then moves them back, which needs the
 * UTR of the buyer's transfer of the difference. The pass keeps its code; the timeline, the
 * refunds and the attendee's email follow. Then a bank-transfer order of 2 Investor Passes:
 * one of the two moves to the cheaper ticket on a line of their own, the other keeps theirs,
 * and the order's page and the orders list name both tickets.
 * Checked with axe; screenshots at 375 and 1280 px in test-results/.
 */
import type { Page } from '@playwright/test';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  field,
  fillInvestorForm,
  outboxMessagesMentioning,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

const run = Math.random().toString(36).slice(2, 6);

/** An investor registers and buys one Investor Pass through the site; returns them and the order. */
async function buyInvestorPass(page: Page) {
  const investor = { name: `Ticket Changer ${run}`, email: uniqueEmail('ticket-change') };
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  await fillInvestorForm(tabPanel(page, 'Investor'), investor);
  await tabPanel(page, 'Investor').getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Attendees in this registration' })
    .getByRole('button', { name: 'Proceed' })
    .click();
  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await tickets.getByRole('radio', { name: /Investor Pass/ }).click();
  await tickets.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/payment-success\?reference=/);
  return { ...investor, reference: new URL(page.url()).searchParams.get('reference')! };
}

/** Creates a hidden investor ticket (category 3) nobody buys on the site; returns its name. */
async function createInvestorTicket(page: Page, name: string, amount: number, capacity: number) {
  const response = await page.request.post('/api/admin/ticket-types', {
    headers: { origin: new URL(page.url()).origin },
    data: { participantCategoryId: 3, name, amount, capacity, sortOrder: 99, visibility: 'hidden' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Takes the screenshots of the page at 1280 and 375 px, checking axe and no sideways scroll. */
async function screenshots(page: Page, name: string) {
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`) });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the owner moves an investor to a cheaper ticket and back: refund, then a recorded transfer', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(180_000);
  // Signed out, the sign-in page's `GET /api/admin/me` answers 401.
  expectedConsoleErrors.push(/status of 401/);
  const investor = await buyInvestorPass(page);
  await signInEnrolled(page, E2E_OWNER.email);
  const cheaper = `Investor Day Pass ${run}`;
  const soldOut = `Investor Lounge ${run}`;
  await createInvestorTicket(page, cheaper, 50_000, 20);
  await createInvestorTicket(page, soldOut, 200_000, 0);
  await page.goto(`/admin/orders/${investor.reference}`);

  const attendees = page.getByRole('region', { name: 'Attendees and passes' });
  const row = attendees.getByRole('listitem').filter({ hasText: investor.email });
  await expect(row).toContainText('Valid');
  const passCode = (await row.locator('.font-mono').textContent())!.trim();
  await row.getByRole('button', { name: `Change ticket of ${investor.name}` }).click();

  const dialog = page.getByRole('dialog', { name: `Change ${investor.name}’s ticket` });
  await expect(dialog).toContainText('Now Investor Pass, paid ₹');
  await expect(dialog.getByRole('radio', { name: new RegExp(soldOut) })).toBeDisabled();
  await expect(dialog).toContainText(`${soldOut} is sold out`);
  const option = dialog.getByRole('radio', { name: new RegExp(cheaper) });
  // The keyboard reaches the choice: the first ticket that can be chosen takes focus and is picked.
  await option.focus();
  await page.keyboard.press('Space');
  await expect(option).toBeChecked();
  await expect(dialog).toContainText(/₹[\d,.]+ goes back to the buyer through the payment provider/);
  await expect(dialog).toContainText(`Pass ${passCode} keeps its code and admits as ${cheaper}`);
  const confirm = dialog.getByRole('button', { name: /^Change ticket and refund ₹/ });
  const refund = (await confirm.textContent())!.replace('Change ticket and refund ', '');
  await confirm.click();
  await expect(dialog.getByText('Say why the ticket changes')).toBeVisible();
  await field(dialog, 'Reason').fill('Attends the first day only');
  await screenshots(page, 'change-ticket-downgrade');

  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: `${investor.name} now holds ${cheaper}` }),
  ).toContainText(`same pass ${passCode}; ${refund} refund requested`);
  await expect(page.getByRole('region', { name: 'Refunds' })).toContainText(refund);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    `Ticket changed by ${E2E_OWNER.email}: ${investor.name}, Investor Pass → ${cheaper}: Attends the first day only`,
  );
  await expect
    .poll(async () => (await outboxMessagesMentioning(investor.reference)).join('\n'))
    .toContain(`Your ticket is now ${cheaper}`);

  // Back to the Investor Pass: the difference comes by bank transfer, entered with its UTR.
  await row.getByRole('button', { name: `Change ticket of ${investor.name}` }).click();
  await expect(dialog).toContainText(`Now ${cheaper}, paid ₹`);
  await dialog.getByRole('radio', { name: /^Investor Pass/ }).check();
  await expect(dialog).toContainText(/Collect ₹[\d,.]+ from the buyer by bank transfer first/);
  await field(dialog, 'Reason').fill('Will attend both days after all');
  const upgrade = dialog.getByRole('button', { name: /^Change ticket, ₹[\d,.]+ received/ });
  await upgrade.click();
  await expect(dialog.getByText('Enter the bank reference (UTR)')).toBeVisible();
  await field(dialog, 'Bank reference (UTR) of the buyer’s transfer').fill('UTR55501234');
  await screenshots(page, 'change-ticket-upgrade');
  await upgrade.click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: `${investor.name} now holds Investor Pass` }),
  ).toContainText('recorded as received');
  await expect(row).toContainText(passCode);
  await expect(row).toContainText('Valid');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('(UTR UTR55501234)');
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-after-change-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('order-after-change-375.png'), fullPage: true });
});

/** A bank-transfer console order of 2 Investor Passes (one line of 2); returns it and its attendees. */
async function orderTwoInvestorPasses(page: Page) {
  const origin = new URL(page.url()).origin;
  const types = await page.request.get('/api/admin/ticket-types');
  const { items } = (await types.json()).data as { items: { id: number; name: string }[] };
  const investorPass = items.find((item) => item.name === 'Investor Pass')!;
  const attendee = (name: string) => ({
    name,
    email: uniqueEmail('group-change'),
    countryCode: '+91',
    contactNo: '9825012345',
    city: 'Ahmedabad',
    country: 'India',
    state: 'Gujarat',
  });
  const attendees = [attendee(`Group Mover ${run}`), attendee(`Group Stayer ${run}`)];
  const response = await page.request.post('/api/admin/console-orders/bank-transfer', {
    headers: { origin },
    data: {
      ticketTypeId: investorPass.id,
      attendees,
      reason: 'Two investors of one fund',
      bankReference: `UTR${run}0001`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { reference: (await response.json()).data.reference as string, attendees };
}

test('the owner moves one investor of a group of 2 to a cheaper ticket; the other keeps theirs', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(120_000);
  expectedConsoleErrors.push(/status of 401/);
  await signInEnrolled(page, E2E_OWNER.email);
  const cheaper = `Investor Half Day ${run}`;
  await createInvestorTicket(page, cheaper, 50_000, 20);
  const { reference, attendees } = await orderTwoInvestorPasses(page);
  const [mover, stayer] = [attendees[0]!, attendees[1]!];
  await page.goto(`/admin/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const list = page.getByRole('region', { name: 'Attendees and passes' });
  const moverRow = list.getByRole('listitem').filter({ hasText: mover.email });
  const stayerRow = list.getByRole('listitem').filter({ hasText: stayer.email });
  const stayerCode = (await stayerRow.locator('.font-mono').textContent())!.trim();

  await moverRow.getByRole('button', { name: `Change ticket of ${mover.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change ${mover.name}’s ticket` });
  await expect(dialog).toContainText('(one of 2 passes bought together)');
  await dialog.getByRole('radio', { name: new RegExp(cheaper) }).check();
  await expect(dialog).toContainText(
    `Only this attendee changes: the order gets a line of 1 × ${cheaper} for them, and the other pass keeps Investor Pass and its QR code.`,
  );
  await field(dialog, 'Reason').fill('Attends the first day only');
  await field(dialog, 'Bank reference (UTR) of the refund transfer').fill(`UTR${run}0002`);
  await screenshots(page, 'change-ticket-group');
  await dialog.getByRole('button', { name: /^Change ticket and refund ₹/ }).click();
  await expect(dialog).toHaveCount(0);

  await expect(moverRow).toContainText(cheaper);
  await expect(stayerRow).toContainText(`Pass ${stayerCode}, Investor Pass`);
  await expect(stayerRow).toContainText('Valid');
  await expect(
    page.getByRole('paragraph').filter({ hasText: `1 × ${cheaper}, 1 × Investor Pass` }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.screenshot({
    path: test.info().outputPath('order-after-group-change-1280.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('order-after-group-change-375.png'), fullPage: true });
  // The orders list names both tickets too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/orders?q=${reference}`);
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText(`1 × ${cheaper}, 1 × Investor Pass`);
});
