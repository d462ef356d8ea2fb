/**
 * The console's sales pages, tried as organizers would: a manager creates a ticket type and finds
 * it on /register, is told why capacity cannot drop below a reservation, corrects a registration's
 * phone and records a bank transfer; finance refunds a paid order in full and its passes stop being
 * valid; gate can open neither the orders page nor its API.
 *
 * The owner (added by the CLI before the server starts) signs in once for the file and adds
 * the other organizers through the console's API, as the organizers page would, and they choose
 * their passwords through the invitations' links.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  E2E_OWNER,
  enrolTotp,
  inviteWithPassword,
  signInEnrolled,
  signInWithPassword,
} from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  expectRegistered,
  fillInvestorForm,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';
import { buyThroughApi, registerInvestorThroughApi } from './purchases';

test.describe.configure({ mode: 'serial' });

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, the sign-in page's `GET /api/admin/me` answers 401, which the browser logs.
  expectedConsoleErrors.push(/status of 401/);
});

let ownerContext: BrowserContext;
let owner: APIRequestContext;

test.beforeAll(async ({ browser }, testInfo) => {
  ownerContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await ownerContext.newPage();
  await signInEnrolled(page, E2E_OWNER.email);
  owner = ownerContext.request;
});
test.afterAll(async () => ownerContext?.close());

/** The owner invites an organizer of `role`, who chooses PASSWORD from the email's link; returns the email. */
async function addOrganizer(role: 'manager' | 'finance' | 'gate'): Promise<string> {
  return inviteWithPassword(owner, { email: uniqueEmail(role), name: `E2E ${role}`, role });
}

/** Signs in an organizer whose role needs two-factor: the console sends them to enrol first. */
async function signInAndEnrol(page: Page, email: string) {
  await signInWithPassword(page, email);
  await enrolTotp(page);
  await expect(page).not.toHaveURL(/\/admin\/(two-factor|sign-in)/);
}

/** Registers an investor on /register and opens Select Tickets for them. */
async function registerInvestorAndOpenTickets(page: Page, email = uniqueEmail('investor')) {
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  const panel = tabPanel(page, 'Investor');
  await fillInvestorForm(panel, { name: 'Meera Joshi', email });
  await panel.getByRole('button', { name: 'Submit' }).click();
  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  await expectRegistered(page);
  await passes.getByRole('button', { name: 'Proceed' }).click();
  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await expect(tickets).toBeVisible();
  return tickets;
}

test('a manager creates a ticket type and it is on sale on /register', async ({
  page,
  expectedConsoleErrors,
}) => {
  // A long flow (console, registration, checkout, capacity, a manual payment): past a minute on
  // a loaded two-core machine.
  test.setTimeout(180_000);
  // The capacity edit below is refused with 409, which the browser logs.
  expectedConsoleErrors.push(/status of 409/);
  const manager = await addOrganizer('manager');
  await signInAndEnrol(page, manager);
  await page.getByRole('navigation').getByRole('link', { name: 'Ticket types' }).click();
  await expect(page.getByRole('heading', { name: 'Ticket types', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ticket types' })).toContainText('Investor Pass');
  await expectNoAccessibilityViolations(page);

  const name = `Angel Circle Pass ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New ticket type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ticket type' });
  await dialog.getByRole('button', { name: 'Create ticket type' }).click();
  await expect(dialog.getByText('Choose a participant category')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('combobox', { name: 'Participant category' }).selectOption({ label: 'Investor' });
  await dialog.getByRole('textbox', { name: 'Price', exact: true }).fill('750');
  await dialog.getByRole('textbox', { name: 'List price' }).fill('1500');
  await dialog.getByRole('spinbutton', { name: 'Capacity (seats)' }).fill('25');
  await dialog
    .getByRole('textbox', { name: 'Remarks', exact: true })
    .fill('Lounge access and the investor meet');
  await dialog.getByRole('button', { name: 'Create ticket type' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('₹750.00');
  await expect(row).toContainText('0 sold0 reserved25 of 25 left');
  await expect(row).toContainText('On sale');

  // Capacity can go up and down freely while nothing is sold.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('spinbutton', { name: 'Capacity (seats)' }).fill('30');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('0 sold0 reserved30 of 30 left');

  const investor = uniqueEmail('investor');
  const tickets = await registerInvestorAndOpenTickets(page, investor);
  const created = tickets.getByRole('radio', { name: new RegExp(name) });
  await expect(created).toContainText('₹750');
  await expect(created).toContainText('Lounge access and the investor meet');

  // A checkout reserves a seat: capacity can no longer go below it, and the form says why.
  await created.click();
  await tickets.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await page.goto('/admin/ticket-types');
  await expect(row).toContainText('0 sold1 reserved29 of 30 left');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await edit.getByRole('spinbutton', { name: 'Capacity (seats)' }).fill('0');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const refusal = 'Capacity cannot be 0: 0 seats are sold and 1 reserved, so it must be at least 1.';
  // Said once, by the field it is about (not again above the form).
  await expect(edit.getByText(refusal)).toHaveCount(1);
  await expect(edit.getByRole('spinbutton', { name: 'Capacity (seats)' })).toHaveAccessibleDescription(
    new RegExp(refusal.replace(/[.()]/g, '\\$&')),
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The new registration, found by its email, with its contact corrected.
  await page.getByRole('navigation').getByRole('link', { name: 'Registrations' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(investor);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(investor).replace(/\./g, '\\.')}`));
  const registrations = page.getByRole('region', { name: 'Registrations' });
  await expect(registrations.getByRole('row')).toHaveCount(2);
  await registrations.getByRole('link', { name: 'Meera Joshi' }).click();
  await expect(page.getByRole('heading', { name: 'Meera Joshi', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Location' })).toContainText('Gujarat');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Edit contact' }).click();
  const contact = page.getByRole('dialog', { name: 'Edit contact details' });
  await contact.getByRole('textbox', { name: 'Contact Number' }).fill('12');
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact.getByText('Invalid Mobile Number!')).toBeVisible();
  await contact.getByRole('textbox', { name: 'Contact Number' }).fill('9123456780');
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact).toBeHidden();
  await expect(page.getByRole('region', { name: 'Contact' })).toContainText('+91 9123456780');

  // The investor paid by bank transfer: the manager records it on the reserved order.
  await page.getByRole('region', { name: 'Orders and passes' }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: /^Order / })).toBeVisible();
  await page.getByRole('button', { name: 'Record bank transfer' }).click();
  const transfer = page.getByRole('dialog', { name: 'Record a bank transfer' });
  await expect(transfer.getByRole('textbox', { name: 'Amount received' })).toHaveValue('750');
  await transfer.getByRole('textbox', { name: 'Bank reference (UTR)' }).fill('UTR20241019001');
  await transfer.getByRole('textbox', { name: 'Note' }).fill('NEFT from Meera Joshi');
  await transfer.getByRole('button', { name: 'Record payment' }).click();
  await expect(transfer).toBeHidden();
  await expect(page.getByRole('region', { name: 'Attendees and passes' })).toContainText('Valid');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'Bank transfer of ₹750 (UTR UTR20241019001)',
  );
});

test('a manager sells a stall package per company with the passes it includes', async ({ page }) => {
  const manager = await addOrganizer('manager');
  await signInAndEnrol(page, manager);
  await page.getByRole('navigation').getByRole('link', { name: 'Ticket types' }).click();
  // The seeded stalls say how they are sold.
  const gold = page.getByRole('row').filter({ hasText: 'Gold Stall Package' }).first();
  await expect(gold).toContainText('per company, 4 passes');
  await expect(page.getByRole('row').filter({ hasText: 'Investor Pass' })).toContainText('per attendee');

  const name = `Bronze Stall ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New ticket type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ticket type' });
  await expect(dialog.getByRole('spinbutton', { name: 'Passes included' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('combobox', { name: 'Participant category' }).selectOption({ label: 'Start-Up' });
  await dialog.getByRole('combobox', { name: 'Sold' }).selectOption({ value: 'company' });
  await dialog.getByRole('spinbutton', { name: 'Passes included' }).fill('3');
  await dialog.getByRole('textbox', { name: 'Price', exact: true }).fill('5000');
  await dialog.getByRole('spinbutton', { name: 'Capacity (stalls)' }).fill('12');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Create ticket type' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('per company, 3 passes');
  await expect(row).toContainText('0 sold0 reserved12 of 12 left');
});

test('finance refunds a paid order in full and its pass stops being valid', async ({ page }) => {
  // The purchase through the site is the first test's and checkout.spec.ts's: this one is about the refund.
  const types = (await (await owner.get('/api/admin/ticket-types')).json()).data.items as {
    id: number;
    name: string;
  }[];
  const investorPass = types.find((type) => type.name === 'Investor Pass')!.id;
  const registrationId = await registerInvestorThroughApi(page.request, {
    name: 'Meera Joshi',
    email: uniqueEmail('investor'),
  });
  const { reference, key } = await buyThroughApi(page.request, [registrationId], investorPass);

  const finance = await addOrganizer('finance');
  await signInAndEnrol(page, finance);
  // The dashboard's sales chart, whose bars load after the page (sales-bar-chart.tsx), has this order's day.
  const chart = page.getByRole('figure', { name: 'Paid orders per day, bar chart' });
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(reference);
  const orders = page.getByRole('region', { name: 'Orders' });
  await expect(orders.getByRole('row')).toHaveCount(2);
  await orders.getByRole('link', { name: reference }).click();

  await expect(page.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();
  const attendees = page.getByRole('region', { name: 'Attendees and passes' });
  await expect(attendees).toContainText('Valid');
  // Finance refunds; cancelling is for owners and managers, and a paid order cannot be cancelled.
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Refund' }).click();
  const form = page.getByRole('dialog', { name: 'Refund this order' });
  await expect(form.getByRole('textbox', { name: 'Amount to refund' })).toHaveValue('1000');
  await form.getByRole('textbox', { name: 'Reason' }).fill('The investor cannot travel');
  await form.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Refund the whole order?' });
  await expect(confirm).toContainText('pass stops being valid');
  await confirm.getByRole('button', { name: 'Refund ₹1,000.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Refund of ₹1,000.00 requested.' })).toBeVisible();
  await expect(attendees).toContainText('Revoked');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    `Refund requested by ${finance}: The investor cannot travel`,
  );

  await expectNoAccessibilityViolations(page);

  // Reloaded on a phone, the order's page is the console's alone (not prerendered: it has a
  // parameter) and fits the screen's width.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(attendees).toContainText('Revoked');
  await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  const summary = await page.request.get(`/api/auth/payment/orders/${reference}?key=${key}`);
  const body = (await summary.json()) as { data: { status: string; passes: unknown[] } };
  expect(['refund_due', 'refunded']).toContain(body.data.status);
  expect(body.data.passes).toEqual([]);
});

test('gate can open neither the orders page nor the orders API', async ({ page }) => {
  const gate = await addOrganizer('gate');
  await signInWithPassword(page, gate);
  await expect(page).not.toHaveURL(/\/admin\/sign-in/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Orders' })).toHaveCount(0);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: "You can't open this page" })).toBeVisible();
  const response = await page.request.get('/api/admin/orders');
  expect(response.status()).toBe(403);
});
