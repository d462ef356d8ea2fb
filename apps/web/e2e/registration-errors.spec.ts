/**
 * A registration the server refuses says so on the page, in the server's words (under the field
 * it names, else beside the Submit button), and changes nothing else; one that never reaches
 * the server says so beside the Submit button.
 */
import {
  expect,
  field,
  fillInvestorForm,
  fillStartupForm,
  PHONE,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

test('registering an email again shows on the page that a link to it was emailed, and goes no further', async ({
  page,
  expectedConsoleErrors,
}) => {
  // Chromium logs every non-2xx answer to the console; this one is the point of the test.
  expectedConsoleErrors.push(/status of 409/);
  const email = uniqueEmail('twice');
  const body = {
    name: 'First Comer',
    email,
    countryCode: '+91',
    contactNo: PHONE,
    City: 'Ahmedabad',
    CountryID: 0,
    StateID: undefined as number | undefined,
    terms: true,
    participantCategoryId: 3,
  };
  const countries = (await (await page.request.get('/api/auth/location/country')).json()) as {
    data: { _id: number; CountryName: string }[];
  };
  body.CountryID = countries.data.find((country) => country.CountryName === 'India')?._id ?? 0;
  const states = (await (
    await page.request.get(`/api/auth/location/statesByCountry/${body.CountryID}`)
  ).json()) as {
    data: { _id: number; StateName: string }[];
  };
  body.StateID = states.data.find((state) => state.StateName === 'Gujarat')?._id;
  expect((await page.request.post('/api/auth/investor', { data: body })).ok()).toBe(true);
  const refused = await page.request.post('/api/auth/investor', { data: body });
  expect(refused.status()).toBe(409);
  const { message } = (await refused.json()) as { message: string };

  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  const panel = tabPanel(page, 'Investor');
  await fillInvestorForm(panel, { name: 'Second Try', email });
  await panel.getByRole('button', { name: 'Submit' }).click();

  // Paid or not, the same message on the page, not an alert: the link went to that inbox.
  expect(message).toBe(
    "This email is already registered as an Investor for this event. We've emailed you a link to your registration.",
  );
  await expect(panel.getByRole('alert')).toHaveText(message);
  await expect(panel.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(field(panel, 'Email')).toHaveValue(email);
  await expect(field(panel, 'Name')).toHaveValue('Second Try');
  await expect(panel.locator('[aria-invalid="true"]')).toHaveCount(0);
});

test('a registration that cannot reach the server says so and keeps the form', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/net::ERR_FAILED/);
  await page.route('**/api/auth/investor', (route) => route.abort('failed'));
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  const panel = tabPanel(page, 'Investor');
  const email = uniqueEmail('offline');
  await fillInvestorForm(panel, { name: 'Offline Investor', email });
  await panel.getByRole('button', { name: 'Submit' }).click();

  await expect(panel.getByRole('alert')).toHaveText('Could not reach the server. Please try again.');
  await expect(panel.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(field(panel, 'Email')).toHaveValue(email);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a brochure that is not a PDF inside is refused under the Brochure field, in the server’s words', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 415/);
  await page.goto('/register');
  const panel = tabPanel(page, 'Pitcher');
  await fillStartupForm(panel, { name: 'Nila Brochure', email: uniqueEmail('brochure') });
  // Named and typed as a PDF, so the browser lets it through; its bytes are an image's.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await panel.getByLabel('Brochure', { exact: true }).setInputFiles({
    name: 'brochure.pdf',
    mimeType: 'application/pdf',
    buffer: png,
  });
  await panel.getByRole('button', { name: 'Submit' }).click();

  const brochure = panel.getByLabel('Brochure', { exact: true });
  await expect(brochure).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText('Brochure must be a PDF document.')).toBeVisible();
  await expect(brochure).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(field(panel, 'Contact Person Name')).toHaveValue('Nila Brochure');
});
