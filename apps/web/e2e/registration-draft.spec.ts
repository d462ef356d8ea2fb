/**
 * A half-filled registration form survives a reload and a switch of tabs: the answers are kept in
 * this browser tab's sessionStorage (never files or the terms box), until a successful submit or
 * Start again empties the form and forgets them. Tried at 375 and 1280 px.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  expectRegistered,
  field,
  fillStartupForm,
  PHONE,
  select,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

const PITCHER_DRAFT = 'festival.registration-draft:startup-1';
const NOTE = 'Your answers are kept in this browser tab until you submit or start again.';

const storedDraft = (page: Page) => page.evaluate((key) => window.sessionStorage.getItem(key), PITCHER_DRAFT);

/** Half the Pitcher form: the contact, the startup's name and sector, the state and city. */
async function fillHalf(page: Page, email: string) {
  const panel = tabPanel(page, 'Pitcher');
  await field(panel, 'Contact Person Name').fill('Asha Patel');
  await field(panel, 'Email').fill(email);
  await field(panel, 'Contact Number').fill(PHONE);
  await field(panel, 'Startup Name').fill('AgriSense');
  await select(panel, 'Industry/Sector').selectOption({ label: 'Agri-Tech' });
  await expect(select(panel, 'State')).toBeEnabled();
  await select(panel, 'State').selectOption({ label: 'Gujarat' });
  await field(panel, 'City').fill('Ahmedabad');
  await panel.getByLabel('Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
  });
  await panel.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
}

async function expectHalfBack(page: Page, email: string) {
  const panel = tabPanel(page, 'Pitcher');
  await expect(field(panel, 'Contact Person Name')).toHaveValue('Asha Patel');
  await expect(field(panel, 'Email')).toHaveValue(email);
  await expect(select(panel, 'Country Code')).toHaveValue('+91');
  await expect(field(panel, 'Contact Number')).toHaveValue(PHONE);
  await expect(field(panel, 'Startup Name')).toHaveValue('AgriSense');
  await expect(select(panel, 'Industry/Sector').locator('option:checked')).toHaveText('Agri-Tech');
  await expect(select(panel, 'Country').locator('option:checked')).toHaveText('India');
  await expect(select(panel, 'State').locator('option:checked')).toHaveText('Gujarat');
  await expect(field(panel, 'City')).toHaveValue('Ahmedabad');
  // Neither the file nor the consent is kept.
  await expect(panel.getByLabel('Logo')).toHaveValue('');
  await expect(panel.getByRole('checkbox', { name: 'I accept the terms and conditions' })).not.toBeChecked();
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a half-filled form comes back after a reload and a tab switch, and Start again empties it', async ({
      page,
    }) => {
      const email = uniqueEmail(`draft-${width}`);
      await page.goto('/register');
      const panel = tabPanel(page, 'Pitcher');
      // India and +91 are chosen to start with; nothing is stored until something is typed.
      await expect(select(panel, 'Country Code')).toHaveValue('+91');
      await expect(select(panel, 'Country').locator('option:checked')).toHaveText('India');
      await expect(panel.getByText(NOTE)).toBeVisible();
      await expect(panel.getByText('Files are not kept: after a reload, choose them again.')).toBeVisible();
      expect(await storedDraft(page)).toBeNull();

      await fillHalf(page, email);
      await expect.poll(() => storedDraft(page)).toContain('AgriSense');
      const stored = (await storedDraft(page)) ?? '';
      expect(stored).not.toContain('logo.png');
      expect(stored).not.toContain('terms');

      await page.reload();
      await expectHalfBack(page, email);
      await page.screenshot({ path: test.info().outputPath(`draft-restored-${width}.png`), fullPage: true });

      // Another tab's form, then back: the Pitcher form is as it was left.
      await page.getByRole('tab', { name: 'Investor' }).click();
      await expect(field(tabPanel(page, 'Investor'), 'Name')).toHaveValue('');
      await page.getByRole('tab', { name: 'Pitcher' }).click();
      await expectHalfBack(page, email);

      // Start again asks once more; keeping the answers changes nothing.
      const startAgain = panel.getByRole('button', { name: 'Start again' });
      await startAgain.click();
      const ask = panel.getByRole('group', { name: 'Empty the form?' });
      await expect(ask.getByRole('button', { name: 'Empty the form' })).toBeFocused();
      await expectNoAccessibilityViolations(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: test.info().outputPath(`start-again-${width}.png`) });
      await ask.getByRole('button', { name: 'Keep my answers' }).click();
      await expect(startAgain).toBeFocused();
      await expect(field(panel, 'Startup Name')).toHaveValue('AgriSense');

      await startAgain.click();
      await ask.getByRole('button', { name: 'Empty the form' }).click();
      await expect(field(panel, 'Contact Person Name')).toHaveValue('');
      await expect(field(panel, 'Startup Name')).toHaveValue('');
      await expect(select(panel, 'Country Code')).toHaveValue('+91');
      await expect(select(panel, 'Country').locator('option:checked')).toHaveText('India');
      await expect.poll(() => storedDraft(page)).toBeNull();
      await page.reload();
      await expect(select(panel, 'Country').locator('option:checked')).toHaveText('India');
      await expect(field(panel, 'Startup Name')).toHaveValue('');
    });

    test('a successful submit forgets the draft', async ({ page }) => {
      const email = uniqueEmail(`draft-sent-${width}`);
      await page.goto('/register');
      const panel = tabPanel(page, 'Pitcher');
      await fillStartupForm(panel, { name: 'Nikhil Rao', email });
      await expect.poll(() => storedDraft(page)).toContain(email);
      await panel.getByRole('button', { name: 'Submit' }).click();
      await expectRegistered(page);
      await expect.poll(() => storedDraft(page)).toBeNull();
      // The reload reopens the attendees dialog (kept apart); the form behind it is empty.
      await page.reload();
      await expect(page.getByRole('dialog', { name: 'Attendees in this registration' })).toBeVisible();
      // Behind the modal dialog the form is hidden from the accessibility tree: found by name.
      await expect(page.locator('[role="tabpanel"] input[name="email"]')).toHaveValue('');
    });
  });
}
