/**
 * Registration questions per edition (issue 28 §3) in the console: the owner adds questions to
 * the current edition (one asked of a ticket type), creates the next edition with the ticket
 * types copied, and finds the questions copied with them, the ticket type's question asked of its
 * copy; the edition switcher shows the past edition's own questions, and a question added there
 * stays there. Screenshots at 375 and 1280 px go to test-results.
 *
 * It runs on the `mail-down` project's server (playwright.config.ts), whose data is its own:
 * creating an edition makes it current for good, which the test-clock server's later specs
 * (on the 2024 edition) must not see. It sends no mail, so failed-jobs.spec.ts after it on that
 * server still finds only its own failing job.
 */
import type { Locator, Page } from '@playwright/test';
import { MAIL_DOWN_OWNER } from './admin-accounts';
import { signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, expectNoHorizontalScroll, test } from './fixtures';

const DIET = 'Dietary preference';
const SOCKET = 'Do you need a power socket?';
const BADGE = 'Name on the badge';
const NEXT_EDITION = 'Startup Fest Gujarat 2031';

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401 before the owner signs in.
  expectedConsoleErrors.push(/status of 401/);
});

/** Adds a question through the New question dialog; `scope` picks the "Asked of" option. */
async function addQuestion(
  page: Page,
  label: string,
  kind: string,
  scope: (select: Locator) => Promise<unknown>,
) {
  await page.getByRole('button', { name: 'New question' }).click();
  const dialog = page.getByRole('dialog', { name: 'New question' });
  await dialog.getByRole('textbox', { name: 'Question' }).fill(label);
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: kind });
  if (kind === 'One choice') await dialog.getByRole('textbox', { name: 'Options' }).fill('Vegetarian\nJain');
  await scope(dialog.getByRole('combobox', { name: 'Asked of' }));
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await expect(dialog).toBeHidden();
}

test('questions belong to an edition: copied into the next one with its ticket types, each edition listed on its own', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInEnrolled(page, MAIL_DOWN_OWNER.email);
  await page.goto('/admin/questions');
  await expect(page.getByRole('heading', { name: 'Registration questions', level: 1 })).toBeVisible();
  await expect(page.getByText('No questions yet')).toBeVisible();

  // The page's action keeps its label on one line beside the long description.
  const newQuestion = page.getByRole('button', { name: 'New question' });
  expect((await newQuestion.boundingBox())?.height).toBeLessThan(48);

  await addQuestion(page, DIET, 'One choice', (select) => select.selectOption('all'));
  let ticketName = '';
  await addQuestion(page, SOCKET, 'Yes or no', async (select) => {
    const option = select.locator('option', { hasText: / ticket$/ }).first();
    ticketName = ((await option.textContent()) ?? '').replace(/ \(.*$/, '');
    await select.selectOption({ label: (await option.textContent()) ?? '' });
  });
  expect(ticketName).not.toBe('');
  const table = page.getByRole('table', { name: 'Registration questions' });
  await expect(table.getByRole('row').filter({ hasText: SOCKET })).toContainText(`${ticketName} ticket`);
  // A fresh install seeds the spec's 2024 edition besides the current one: a switcher offers both.
  const editions = page.getByRole('combobox', { name: 'Edition' });
  const before = await editions.getByRole('option').count();
  expect(before).toBeGreaterThan(1);

  // The next edition, with the ticket types copied (the checkbox is ticked by default).
  await page.goto('/admin/editions');
  await page.getByRole('button', { name: 'Create the next edition' }).click();
  const create = page.getByRole('dialog', { name: 'Create the next edition' });
  await create.getByRole('textbox', { name: 'Name', exact: true }).fill(NEXT_EDITION);
  await create.getByLabel('Opens (first day, India time)').fill('2031-10-20T10:00');
  await create.getByLabel('Closes (last day, India time)').fill('2031-10-21T19:00');
  await create.getByRole('textbox', { name: 'Venue', exact: true }).fill('Gujarat Science City, Ahmedabad');
  await create.getByRole('textbox', { name: 'Map link' }).fill('https://maps.example/science-city');
  await expect(
    create.getByRole('checkbox', { name: /ticket types .* and its registration questions/ }),
  ).toBeChecked();
  await create.getByRole('button', { name: 'Create and make current' }).click();
  await expect(create).toBeHidden();

  await page.goto('/admin/questions');
  await expect(editions).toHaveValue(/\d+/);
  const current = await editions.inputValue();
  await expect(editions.getByRole('option').first()).toHaveText(`${NEXT_EDITION} (current)`);
  await expect(editions.getByRole('option')).toHaveCount(before + 1);
  await expect(table.getByRole('row').filter({ hasText: DIET })).toContainText('Everyone');
  await expect(table.getByRole('row').filter({ hasText: SOCKET })).toContainText(`${ticketName} ticket`);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('questions-editions-1280.png'), fullPage: true });

  // The past edition, chosen in the switcher: its own questions, and one added there stays there.
  const past = (await editions.getByRole('option').nth(1).getAttribute('value')) ?? '';
  const pastName = (await editions.getByRole('option').nth(1).textContent()) ?? '';
  await editions.selectOption(past);
  await expect(page).toHaveURL(new RegExp(`[?&]edition=${past}`));
  await expect(page.getByText(/not the current edition: its forms no longer ask them/)).toBeVisible();
  await addQuestion(page, BADGE, 'Text', (select) => select.selectOption('all'));
  await expect(table.getByRole('row').filter({ hasText: BADGE })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('questions-past-edition-375.png'), fullPage: true });
  // The dialog names the edition a new question goes to.
  await page.getByRole('button', { name: 'New question' }).click();
  await expect(page.getByRole('dialog', { name: 'New question' })).toContainText(`${pastName}: asked on`);
  await page.screenshot({ path: test.info().outputPath('question-dialog-past-375.png') });
  await page.getByRole('dialog', { name: 'New question' }).getByRole('button', { name: 'Cancel' }).click();

  // Back to the current edition: the question added to the past one is not in it.
  await editions.selectOption(current);
  await expect(page).not.toHaveURL(/edition=/);
  await expect(table.getByRole('row').filter({ hasText: DIET })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: BADGE })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(editions).toHaveValue(current);
});
