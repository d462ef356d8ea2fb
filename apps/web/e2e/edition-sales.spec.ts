/**
 * Honest states between editions and Visitor passes sold here, in real Chromium against the real
 * server. Between editions: every ticket type's sales moved after the server's clock through the
 * console's API, the home hero and /register say when registration opens and take an address for
 * "Tell me when registration opens", which the console lists; once sales open again, the console
 * emails the list that registration is open, once. Visitor passes: with the edition's visitors
 * registering here, the Visitor tab registers and sells a Visitor Pass through the same flow as
 * the other tabs; with 'external' it links out. Each test puts back what it changed: the specs
 * share one server, one after another.
 */
import type { Page } from '@playwright/test';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  expectRegistered,
  field,
  fillLocation,
  outboxMessagesMentioning,
  PHONE,
  select,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

/** Sends a change to `/api/admin{path}` with the page's session, as the console would. */
async function adminCall(page: Page, method: 'PATCH', path: string, data: object) {
  const response = await page.request.fetch(`/api/admin${path}`, {
    method,
    data,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

interface TicketWindow {
  id: number;
  salesStartAt: string | null;
  salesEndAt: string | null;
}

async function ticketWindows(page: Page): Promise<TicketWindow[]> {
  const response = await page.request.get('/api/admin/ticket-types');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { items: TicketWindow[] } }).data.items;
}

/** 1 November 2024, 10:00 India time: after the server's clock (TEST_CLOCK_START, October 2024). */
const OPENS_AT = '2024-11-01T04:30:00.000Z';
const OPENING = 'Friday, 1 November 2024 at 10:00 am India time';

const ANNOUNCE = 'Email everyone waiting that registration is open';

/** The outbox's "Registration is open" messages to `email`. */
async function registrationOpenMailTo(email: string): Promise<string[]> {
  return (await outboxMessagesMentioning(email)).filter((mail) =>
    /^Subject: Registration is open: Startup Fest Gujarat 2024\r?$/m.test(mail),
  );
}

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401, which the browser logs.
  expectedConsoleErrors.push(/status of 401/);
});

test('before sales open the site says when and takes an address, which the console tells once they open', async ({
  page,
  expectedConsoleErrors,
}) => {
  // The mistyped address below is refused with 400, which the browser logs.
  expectedConsoleErrors.push(/status of 400/);
  await signInEnrolled(page, E2E_OWNER.email);
  const windows = await ticketWindows(page);
  const email = uniqueEmail('alert');
  try {
    for (const ticket of windows) {
      await adminCall(page, 'PATCH', `/ticket-types/${ticket.id}`, {
        salesStartAt: OPENS_AT,
        salesEndAt: null,
      });
    }

    await page.goto('/');
    const hero = page.getByRole('main');
    await expect(
      hero.getByRole('status').filter({ hasText: `Registration opens on ${OPENING}.` }),
    ).toBeVisible();
    await hero.getByRole('link', { name: 'Tell me when registration opens' }).click();

    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: `Registration opens on ${OPENING}` })).toBeVisible();
    await expect(
      page.getByText('Registration for Startup Fest Gujarat 2024 has not opened yet.'),
    ).toBeVisible();
    // No form that cannot sell.
    await expect(page.getByRole('tab', { name: 'Pitcher' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath('register-upcoming-1280.png'), fullPage: true });

    const form = page.getByRole('form', { name: 'Tell me when registration opens' });
    // Keyboard only: the field, then the button.
    await field(form, 'Email').focus();
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Notify me' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByText('Invalid Email address!')).toBeVisible();
    await expect(field(form, 'Email')).toHaveAttribute('aria-invalid', 'true');

    await field(form, 'Email').fill(`  ${email.toUpperCase()} `);
    const left = page.waitForRequest('**/api/auth/registration-alerts');
    await form.getByRole('button', { name: 'Notify me' }).click();
    // The page's language goes with the address: its two emails are written in it.
    expect((await left).postDataJSON()).toMatchObject({ locale: 'en' });
    await expect(form.getByRole('status')).toHaveText(
      'Thank you. We will email you when registration opens.',
    );
    await expect(field(form, 'Email')).toHaveValue('');
    await expectNoAccessibilityViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: test.info().outputPath('register-upcoming-375.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The console lists the address, lower-cased and trimmed, with its export.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/registration-alerts');
    await expect(page.getByRole('heading', { name: 'Registration alerts', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Registration alerts' });
    await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Waiting');
    await expect(page.getByRole('link', { name: 'Export CSV of the addresses' })).toHaveAttribute(
      'href',
      '/api/admin/exports/registration-alerts?format=csv',
    );
    const csv = await page.request.get('/api/admin/exports/registration-alerts?format=csv');
    expect(await csv.text()).toContain(email);
    // Nothing to announce before registration opens: the button is off and the page says why.
    const announcement = page.getByRole('region', { name: 'Tell them registration is open' });
    await expect(announcement.getByRole('button', { name: ANNOUNCE })).toBeDisabled();
    await expect(announcement).toContainText(
      'Registration for Startup Fest Gujarat 2024 opens on 1 Nov 2024, 10:00 am (India time). The emails can be sent once it is open.',
    );
    await page.screenshot({ path: test.info().outputPath('alerts-upcoming-1280.png'), fullPage: true });
    await expectNoAccessibilityViolations(page);
  } finally {
    for (const ticket of windows) {
      await adminCall(page, 'PATCH', `/ticket-types/${ticket.id}`, {
        salesStartAt: ticket.salesStartAt,
        salesEndAt: ticket.salesEndAt,
      });
    }
  }
  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'Pitcher' })).toBeVisible();

  // Registration is open again: the console tells everyone waiting, each once.
  await page.goto('/admin/registration-alerts');
  const announcement = page.getByRole('region', { name: 'Tell them registration is open' });
  const count = Number(
    (await announcement.getByText(/waiting to hear that registration opened/).textContent())?.match(
      /^\d+/,
    )?.[0],
  );
  expect(count).toBeGreaterThanOrEqual(1);
  const emails = `${count} ${count === 1 ? 'email' : 'emails'}`;
  await expect(announcement).toContainText('Registration for Startup Fest Gujarat 2024 is open.');
  await page.screenshot({ path: test.info().outputPath('alerts-announce-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('alerts-announce-375.png'), fullPage: true });

  await announcement.getByRole('button', { name: ANNOUNCE }).click();
  const dialog = page.getByRole('alertdialog', { name: `Send ${emails}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('alerts-confirm-375.png') });
  await dialog.getByRole('button', { name: `Send ${emails}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'on the way' })).toHaveText(
    `${emails} on the way; ${count === 1 ? 'the address is' : 'the addresses are'} marked notified.`,
  );
  const table = page.getByRole('table', { name: 'Registration alerts' });
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Notified');
  await expect(announcement.getByRole('button', { name: ANNOUNCE })).toBeDisabled();
  await expect(announcement).toContainText('Nobody is waiting: everyone on the list has been told.');
  await expect.poll(() => registrationOpenMailTo(email)).toHaveLength(1);
  expect((await registrationOpenMailTo(email))[0]).toContain('/register');
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('alerts-announced-1280.png'), fullPage: true });
});

test('with Visitor passes sold here, a visitor registers and pays; otherwise the tab links out', async ({
  page,
}) => {
  await signInEnrolled(page, E2E_OWNER.email);
  const before = (
    (await (await page.request.get('/api/admin/editions/current')).json()) as {
      data: { visitorRegistration: 'pass' | 'external'; visitorRegistrationUrl: string | null };
    }
  ).data;
  const visitor = { name: 'Nisha Rao', email: uniqueEmail('visitor') };
  try {
    await adminCall(page, 'PATCH', '/editions/current', { visitorRegistration: 'pass' });

    await page.goto('/register?tab=visitor');
    const panel = tabPanel(page, 'Visitor');
    await field(panel, 'Name').fill(visitor.name);
    await field(panel, 'Email').fill(visitor.email);
    await select(panel, 'Country Code').selectOption({ label: 'India (+91)' });
    await field(panel, 'Contact Number').fill(PHONE);
    await fillLocation(panel);
    await panel.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    const registration = page.waitForRequest('**/api/auth/visitor');
    await panel.getByRole('button', { name: 'Submit' }).click();
    expect((await registration).postDataJSON()).toMatchObject({ participantCategoryId: 4 });

    const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
    await expect(passes.getByTestId('pass-card')).toHaveCount(1);
    await expectRegistered(page);
    await expect(passes.getByTestId('pass-card')).toContainText('Visitor');
    await passes.getByRole('button', { name: 'Proceed' }).click();

    const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
    const visitorPass = tickets.getByRole('radio', { name: /Visitor Pass/ });
    await expect(visitorPass).toContainText('₹100');
    await visitorPass.click();
    await expect(tickets.getByTestId('ticket-total')).toHaveText('₹100');
    await tickets.getByRole('button', { name: 'Checkout' }).click();

    await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
    await expect(page.locator('.amount')).toHaveText('₹100');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/payment-success\?reference=/);
    await expect(page.getByTestId('order-pass')).toHaveCount(1);
    await expect(page.getByTestId('order-pass')).toContainText(visitor.email);
    await expect(page.getByTestId('order-pass')).toContainText('Visitor Pass');
  } finally {
    await adminCall(page, 'PATCH', '/editions/current', {
      visitorRegistration: before.visitorRegistration,
      visitorRegistrationUrl: before.visitorRegistrationUrl,
    });
  }

  // As the spec's edition: the Visitor tab opens the external listing in a new tab.
  expect(before.visitorRegistration).toBe('external');
  await page.goto('/register?tab=visitor');
  const panel = tabPanel(page, 'Visitor');
  await expect(panel.getByRole('link', { name: /Register/ })).toHaveAttribute(
    'href',
    before.visitorRegistrationUrl!,
  );
  await expect(panel.getByRole('link', { name: /Register/ })).toHaveAttribute('target', '_blank');
  await expect(panel.getByRole('textbox')).toHaveCount(0);
});
