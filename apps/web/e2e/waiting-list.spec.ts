/**
 * The waiting list in the browser: an investor pass of one seat is reserved by another buyer, so
 * Select Tickets shows it sold out; an investor joins its waiting list there; the organizer
 * raises its capacity; within a sweep (WAITING_LIST_SWEEP_SECONDS is 2 on the test server)
 * the outbox holds an email with a personal code; the investor applies the code in the same
 * dialog, picks the sold-out pass and pays; the console's waiting list shows the entry redeemed.
 */
import type { Browser, Page } from '@playwright/test';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectRegistered,
  fillInvestorForm,
  outboxMessagesMentioning,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';
import { registerInvestorThroughApi } from './purchases';

const TICKET = `Waitlist Lounge Pass ${Date.now().toString(36)}`;

test.beforeEach(({ expectedConsoleErrors }) => {
  expectedConsoleErrors.push(/status of 401/);
});

/** A signed-in owner in a browser context of their own, and the origin header their changes need. */
async function organizer(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInEnrolled(page, E2E_OWNER.email);
  return { page, context, headers: { origin: new URL(baseURL).origin } };
}

/** Registers an investor through the API and reserves `ticketTypeId` for them (a pending order). */
async function reserveTheOnlySeat(page: Page, ticketTypeId: number) {
  const registrationId = await registerInvestorThroughApi(page.request, {
    name: 'Early Bird',
    email: uniqueEmail('early-bird'),
  });
  const checkout = await page.request.post('/api/auth/payment/checkout', {
    data: { startupIds: [registrationId], selectedTicket: ticketTypeId },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
}

test('a sold-out pass: join its waiting list, get a code when capacity is raised, buy with it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await organizer(browser, baseURL ?? '');
  const created = await owner.page.request.post('/api/admin/ticket-types', {
    headers: owner.headers,
    data: { participantCategoryId: 3, name: TICKET, amount: 150_000, capacity: 1, sortOrder: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ticketTypeId = ((await created.json()) as { data: { id: number } }).data.id;
  await reserveTheOnlySeat(page, ticketTypeId);

  const investor = { name: 'Kavya Raman', email: uniqueEmail('waiting-investor') };
  await page.goto('/register?tab=investor');
  const panel = tabPanel(page, 'Investor');
  await fillInvestorForm(panel, investor);
  await panel.getByRole('button', { name: 'Submit' }).click();
  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  await expectRegistered(page);
  await passes.getByRole('button', { name: 'Proceed' }).click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  const option = tickets.getByRole('radio', { name: new RegExp(TICKET) });
  await expect(option).toContainText('Sold out');
  await expect(option).toBeDisabled();
  await tickets.getByRole('button', { name: `Join the waiting list for ${TICKET}` }).click();
  await tickets.getByRole('textbox', { name: 'Your name' }).fill(investor.name);
  await tickets.getByRole('textbox', { name: 'Email' }).fill(investor.email);
  await expect(tickets.getByRole('spinbutton', { name: 'How many seats' })).toHaveValue('1');
  await expectNoAccessibilityViolations(page);
  const joined = page.waitForRequest('**/api/waiting-list');
  await tickets.getByRole('button', { name: 'Join the waiting list', exact: true }).click();
  // The page's language goes with the request: the list's emails are written in it.
  expect((await joined).postDataJSON()).toMatchObject({ email: investor.email, locale: 'en' });
  await expect(tickets.getByRole('status')).toContainText('You are on the waiting list');
  await expect(tickets.getByRole('status')).toContainText('You are first in line.');

  await owner.page.goto('/admin/waiting-list');
  const section = owner.page.getByRole('region', { name: TICKET });
  await expect(section.getByRole('row', { name: new RegExp(investor.email) })).toContainText('Waiting');
  await expectNoAccessibilityViolations(owner.page);
  const raised = await owner.page.request.patch(`/api/admin/ticket-types/${ticketTypeId}`, {
    headers: owner.headers,
    data: { capacity: 2 },
  });
  expect(raised.status(), await raised.text()).toBe(200);

  let code = '';
  await expect
    .poll(
      async () => {
        // The registration confirmation mentions the address too; the offer is the one with a code.
        const mails = await outboxMessagesMentioning(investor.email);
        code = mails.map((mail) => /code: (WAIT-[A-Z0-9]{8})/.exec(mail)?.[1]).find(Boolean) ?? '';
        return code;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');

  await tickets.getByRole('textbox', { name: /Voucher code/ }).fill(code);
  await tickets.getByRole('button', { name: 'Apply' }).click();
  await expect(option).toBeEnabled();
  await option.click();
  await expect(tickets.getByText(`Voucher ${code} applied.`)).toBeVisible();
  await expect(tickets.getByTestId('ticket-total')).toHaveText('₹1,500');
  await tickets.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/payment-success\?reference=/);
  await expect(page.getByTestId('order-pass')).toHaveCount(1);

  await expect
    .poll(
      async () => {
        await owner.page.reload();
        return section.getByRole('row', { name: new RegExp(investor.email) }).textContent();
      },
      { timeout: 30_000 },
    )
    .toContain('Redeemed');
  await owner.page.setViewportSize({ width: 375, height: 800 });
  const overflow = await owner.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await owner.page.screenshot({ path: test.info().outputPath('waiting-list-375.png'), fullPage: true });
  await owner.context.close();
});
