/**
 * The spec: the startup form's messages appear after the first submit, not before, and nothing is
 * sent. The form starts with India and its +91 code chosen, so an empty submit asks for the number
 * alone; the spec's messages for a missing country and country code show once those are unchosen.
 */
import { expect, field, select, tabPanel, test } from './fixtures';

const EMPTY_FORM_MESSAGES = [
  'Contact Person Name is required',
  'Email is required',
  'Contact Number is required',
  'Startup name is required',
  'Founder Name is required',
  'Industry/Sector is required',
  'Stage of Startup is required',
  'Team Size is required',
  'Pincode is required',
  'Address is required',
  'State is required',
  'Brief About Startup is required',
  'City is required',
  'Legal Name Startup is required',
  'Establishment Date of Startup is required',
  'Please accept the terms and conditions',
];

test('an empty startup form shows every required-field message after one submit', async ({ page }) => {
  const registrations: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/create/')) registrations.push(request.url());
  });
  await page.goto('/register');
  const panel = tabPanel(page, 'Pitcher');
  await expect(select(panel, 'Country')).toContainText('India');
  await expect(select(panel, 'Country Code')).toHaveValue('+91');
  await expect(select(panel, 'Country').locator('option:checked')).toHaveText('India');

  for (const message of EMPTY_FORM_MESSAGES) {
    await expect(panel.getByText(message, { exact: true })).toHaveCount(0);
  }

  await panel.getByRole('button', { name: 'Submit' }).click();
  for (const message of EMPTY_FORM_MESSAGES) {
    await expect(panel.getByText(message, { exact: true }), message).toBeVisible();
  }
  await expect(field(panel, 'Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(panel, 'Email')).toHaveAccessibleDescription('Email is required');

  // After the first submit, messages follow each change.
  await field(panel, 'Email').fill('not-an-email');
  await expect(panel.getByText('Invalid Email address!', { exact: true })).toBeVisible();
  // No code and no number: the spec's one message for the pair.
  await select(panel, 'Country Code').selectOption('');
  await expect(panel.getByText('Contact Number and country code is required', { exact: true })).toHaveCount(
    1,
  );
  await select(panel, 'Country Code').selectOption({ label: 'India (+91)' });
  await expect(panel.getByText('Contact Number is required', { exact: true })).toBeVisible();
  await expect(panel.getByText('Country Code is required', { exact: true })).toHaveCount(0);
  await field(panel, 'Contact Number').fill('12345');
  await expect(panel.getByText('Invalid Mobile Number!', { exact: true })).toBeVisible();
  await field(panel, 'Contact Number').fill('+91 98765 43210');
  await expect(panel.getByText('Invalid Mobile Number!', { exact: true })).toHaveCount(0);
  await field(panel, 'Contact Number').fill('9876543210');

  // No country is the spec's 'Country is required'; a country with states makes State required,
  // its list loading when the country changes.
  await select(panel, 'Country').selectOption('');
  await expect(panel.getByText('Country is required', { exact: true })).toBeVisible();
  await select(panel, 'Country').selectOption({ label: 'India' });
  await expect(panel.getByText('Country is required', { exact: true })).toHaveCount(0);
  await expect(select(panel, 'State')).toBeEnabled();
  await expect(panel.getByText('State is required', { exact: true })).toBeVisible();
  await select(panel, 'State').selectOption({ label: 'Gujarat' });
  await expect(panel.getByText('State is required', { exact: true })).toHaveCount(0);

  // An Indian PIN code has six digits; another country's is not held to that.
  await field(panel, 'Pincode').fill('38006');
  await expect(panel.getByText('Pincode must be 6 digits for India', { exact: true })).toBeVisible();
  await expect(field(panel, 'Pincode')).toHaveAccessibleDescription('Pincode must be 6 digits for India');
  await field(panel, 'Pincode').fill('380060');
  await expect(panel.getByText('Pincode must be 6 digits for India', { exact: true })).toHaveCount(0);
  await field(panel, 'Pincode').fill('00120');
  await select(panel, 'Country').selectOption({ label: 'Italy' });
  await expect(field(panel, 'Pincode')).not.toHaveAttribute('aria-invalid', 'true');

  expect(registrations).toEqual([]);
});
