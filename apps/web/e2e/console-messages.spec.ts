/**
 * Messages to attendees in the browser: an investor registers (no order yet); the owner writes
 * to unpaid investors with merge fields, previews it with a recipient's data, sends a test to
 * their own address, sends it after the confirmation that names how many it goes to, and
 * watches the message page until every recipient is sent; the investor's email is in the
 * outbox with their name filled in and an unsubscribe link. Then the settings: the daily
 * limit and the automatic reminders saved, a bad number of hours refused on its field.
 * Checked on a phone and with axe.
 */
import type { Page } from '@playwright/test';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  outboxMessagesMentioning,
  PHONE,
  test,
  uniqueEmail,
} from './fixtures';

/** Registers an investor through the API; answers their address. */
async function registerInvestor(page: Page, name: string): Promise<string> {
  const countries = (await (await page.request.get('/api/auth/location/country')).json()) as {
    data: { _id: number; CountryName: string }[];
  };
  const india = countries.data.find((country) => country.CountryName === 'India')?._id ?? 0;
  const states = (await (await page.request.get(`/api/auth/location/statesByCountry/${india}`)).json()) as {
    data: { _id: number; StateName: string }[];
  };
  const email = uniqueEmail('message');
  const registered = await page.request.post('/api/auth/investor', {
    data: {
      name,
      email,
      countryCode: '+91',
      contactNo: PHONE,
      City: 'Ahmedabad',
      CountryID: india,
      StateID: states.data.find((state) => state.StateName === 'Gujarat')?._id,
      terms: true,
      participantCategoryId: 3,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return email.toLowerCase();
}

test('the owner previews, tests and sends a message to unpaid investors and watches it go', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(120_000);
  // The console asks who is signed in before the sign-in.
  expectedConsoleErrors.push(/status of 401/);
  // The refused preview with an unknown merge field.
  expectedConsoleErrors.push(/status of 400/);
  const body = page.getByRole('textbox', { name: 'Message' });
  const name = `Meera ${Date.now()}`;
  const email = await registerInvestor(page, name);
  const subject = `Doors open at nine ${Date.now()}`;
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');

  await page.getByLabel('Category').selectOption({ label: 'Investor' });
  await page.getByLabel('Payment').selectOption({ label: 'Unpaid' });
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await body.fill('Hello {{name}},\n\nThe gates open at nine. Your registration: {{manage_link}}');

  // An unknown merge field is refused, naming it.
  await body.press('End');
  await body.pressSequentially(' {{ticket}}');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Unknown merge field {{ticket}}')).toBeVisible();
  await body.fill('Hello {{name}},\n\nThe gates open at nine. Your registration: {{manage_link}}');

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByLabel('Preview');
  await expect(preview).toContainText(/Goes to \d+ (person|people)/);
  await expect(preview).toContainText(/Hello .+,/);
  await expect(preview).toContainText('/manage');

  await page.getByRole('button', { name: 'Send test to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test sent to' })).toContainText(E2E_OWNER.email);
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('compose-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('compose-1280.png'), fullPage: true });

  await page.getByRole('button', { name: 'Send…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/Send to \d+ (person|people)\?/);
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(page).toHaveURL(/\/admin\/messages\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(page.getByText(/^Sent to \d+$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Recipients' })).toContainText(email);
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('detail-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('detail-1280.png'), fullPage: true });

  const mine = (await outboxMessagesMentioning(subject)).find((message) => message.includes(email));
  expect(mine).toContain(`Hello ${name},`);
  expect(mine).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:\d+\/api\/messages\/unsubscribe\?token=/);
});

test('the owner sets the daily limit and the automatic reminders, and a bad value is refused on its field', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 401/);
  await signInEnrolled(page, E2E_OWNER.email);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Messages' }).click();
  await page.getByText('Settings: daily limit and automatic reminders').click();
  const hours = page.getByRole('spinbutton', { name: 'Hours after registering' });
  await expect(hours).toHaveValue(/^\d+$/);
  await hours.fill('0');
  await page.getByRole('button', { name: 'Save message settings' }).click();
  await expect(page.getByText('Hours must be at least 1')).toBeVisible();

  await hours.fill('36');
  const dayBefore = page.getByRole('checkbox', { name: /passes the day before the festival/ });
  await dayBefore.uncheck();
  await page.getByRole('button', { name: 'Save message settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('settings-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('settings-1280.png'), fullPage: true });

  await page.reload();
  await page.getByText('Settings: daily limit and automatic reminders').click();
  await expect(page.getByRole('spinbutton', { name: 'Hours after registering' })).toHaveValue('36');
  await expect(page.getByRole('checkbox', { name: /passes the day before the festival/ })).not.toBeChecked();
  await page.getByRole('checkbox', { name: /passes the day before the festival/ }).check();
  await page.getByRole('button', { name: 'Save message settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
});
