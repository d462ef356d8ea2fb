/** The /contact page: its form's rules, success and failure as the spec gives them. */
import {
  expect,
  expectNoAccessibilityViolations,
  field,
  PHONE,
  test,
  uniqueEmail,
  expectNoHorizontalScroll,
} from './fixtures';

const REQUIRED_MESSAGES = [
  'Name is required',
  'Email is required',
  'Phone number is required',
  'Subject is required',
];

test('a field shows its message once touched; untouched fields stay quiet', async ({ page }) => {
  await page.goto('/contact');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Get In Touch For Event Inquiries' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Contact/);
  // The form's code loads after the page's: a field left before the form has hydrated is not
  // marked as touched yet. Its Submit is enabled once it has.
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  await field(page, 'Name').focus();
  await field(page, 'Name').blur();
  await expect(page.getByText('Name is required')).toBeVisible();
  for (const message of REQUIRED_MESSAGES.slice(1)) await expect(page.getByText(message)).toHaveCount(0);

  await field(page, 'Phone number').fill('98765abc');
  await field(page, 'Phone number').blur();
  await expect(page.getByText('Phone number must be digits only')).toBeVisible();
  await field(page, 'Phone number').fill('98765');
  await expect(page.getByText('Phone number must be at least 10 digits')).toBeVisible();
  await field(page, 'Phone number').fill(PHONE);
  await expect(page.getByText(/Phone number must/)).toHaveCount(0);

  await field(page, 'Email').fill('not-an-email');
  await field(page, 'Email').blur();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Subject is required')).toHaveCount(0);

  await field(page, 'Name').fill('Asha Patel');
  await expect(page.getByText('Name is required')).toHaveCount(0);
});

test('a submit attempt shows every message and sends nothing', async ({ page }) => {
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/contact')) requests += 1;
  });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of REQUIRED_MESSAGES) await expect(page.getByText(message)).toBeVisible();
  await expect(field(page, 'Name')).toBeFocused();
  expect(requests).toBe(0);
  await expectNoAccessibilityViolations(page);
});

test('a valid inquiry is sent, confirmed on the page and the form is reset', async ({ page }) => {
  await page.goto('/contact');
  await field(page, 'Name').fill('Asha Patel');
  await field(page, 'Email').fill(uniqueEmail('contact'));
  await field(page, 'Phone number').fill(PHONE);
  await field(page, 'Subject').fill('Stall for our agri-tech startup');
  await field(page, 'Your Message').fill('Is a 3 by 3 stall still available?');

  // Hold the answer back a moment to see the sending state.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/contact', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  const sending = page.getByRole('button', { name: 'Submitting...' });
  await expect(sending).toBeDisabled();
  release();

  await expect(page.getByRole('status').filter({ hasText: 'Form submitted successfully!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  for (const name of ['Name', 'Email', 'Phone number', 'Subject', 'Your Message'])
    await expect(field(page, name)).toHaveValue('');
  for (const message of REQUIRED_MESSAGES) await expect(page.getByText(message)).toHaveCount(0);
});

test('an unreachable server gets the failure message on the form', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/net::ERR_FAILED/);
  await page.route('**/api/auth/contact', (route) => route.abort());
  await page.goto('/contact');
  await field(page, 'Name').fill('Asha Patel');
  await field(page, 'Email').fill(uniqueEmail('contact'));
  await field(page, 'Phone number').fill(PHONE);
  await field(page, 'Subject').fill('Passes');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('alert')).toHaveText('Error submitting the form. Please try again later.');
  await expect(field(page, 'Name')).toHaveValue('Asha Patel');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('the server rejects an invalid inquiry with messages under the fields', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 400/);
  // What a client that skips the browser checks would send: the server applies the same rules.
  await page.route('**/api/auth/contact', (route) =>
    route.continue({
      postData: JSON.stringify({ contactPersonName: 'Asha', email: 'x', number: '12', subject: 'Hi' }),
    }),
  );
  await page.goto('/contact');
  await field(page, 'Name').fill('Asha Patel');
  await field(page, 'Email').fill(uniqueEmail('contact'));
  await field(page, 'Phone number').fill(PHONE);
  await field(page, 'Subject').fill('Passes');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('alert')).toHaveText('Error submitting the form. Please try again later.');
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Phone number must be at least 10 digits')).toBeVisible();
});

test('the venue map loads only when asked for', async ({ page, baseURL }) => {
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL ?? '')) thirdParty.push(request.url());
  });
  // No internet here: answer the embed locally so the frame has something to show.
  await page.route('https://www.google.com/maps**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
  );
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Show map' })).toBeVisible();
  expect(thirdParty).toEqual([]);

  await page.getByRole('button', { name: 'Show map' }).click();
  const map = page.locator('iframe[title="Map of Gujarat Science City, Ahmedabad"]');
  await expect(map).toHaveAttribute(
    'src',
    'https://www.google.com/maps?q=Gujarat+Science+City%2C+Ahmedabad&output=embed',
  );
  await expect(
    page.frameLocator('iframe[title="Map of Gujarat Science City, Ahmedabad"]').getByText('Map'),
  ).toBeVisible();
});

test('the contact page fits a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('contact-375.png'), fullPage: true });
});
