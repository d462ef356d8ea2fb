/**
 * Registration questions (issue 28 §3), end to end: the owner adds a required one-choice
 * question for investors on the console's Questions page; a visitor on a phone registers on the
 * Investor tab, is stopped under that question until they answer it (by keyboard), and
 * registers; the answer shows on the registration's page in the console and in the
 * registrations export. The question is archived at the end, so later specs' investor forms
 * are not asked it. Screenshots at 375 and 1280 px go to test-results.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  expectRegistered,
  fillInvestorForm,
  tabPanel,
  test,
  uniqueEmail,
  waitForHydration,
} from './fixtures';

const LABEL = 'Dietary preference';

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401 before the owner signs in.
  expectedConsoleErrors.push(/status of 401/);
});

test('an organizer asks investors a required question; a visitor answers it; the console and the export show the answer', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInEnrolled(page, E2E_OWNER.email);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Questions' }).click();
  await expect(page.getByRole('heading', { name: 'Registration questions', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New question' }).click();
  const dialog = page.getByRole('dialog', { name: 'New question' });
  await dialog.getByRole('textbox', { name: 'Question' }).fill(LABEL);
  await dialog.getByRole('textbox', { name: 'Help text' }).fill('For lunch on both days.');
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'One choice' });
  // One option is not a choice: the shared rule says so on the field.
  await dialog.getByRole('textbox', { name: 'Options' }).fill('Vegetarian');
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await expect(dialog.getByText('Give at least two options')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Options' }).fill('Vegetarian\nJain\nNon-vegetarian');
  await dialog.getByRole('combobox', { name: 'Asked of' }).selectOption({ label: 'Investor attendees' });
  await dialog.getByRole('checkbox', { name: 'An answer is required' }).check();
  await page.screenshot({ path: test.info().outputPath('question-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: LABEL });
  await expect(row).toContainText('One choice');
  await expect(row).toContainText('Investor attendees');
  await expect(row).toContainText('Vegetarian · Jain · Non-vegetarian');
  const listed = (await (await page.request.get('/api/admin/questions')).json()) as {
    data: { items: { id: number; label: string }[] };
  };
  const questionId = listed.data.items.find((item) => item.label === LABEL)?.id;
  try {
    await askAndAnswer();
  } finally {
    // Whatever happened above, later specs' investor forms are not asked this question.
    const origin = new URL(page.url()).origin;
    await page.request.post(`/api/admin/questions/${questionId}/archive`, { headers: { origin }, data: {} });
  }

  async function askAndAnswer() {
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: test.info().outputPath('questions-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: test.info().outputPath('questions-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A visitor registers on a phone, in a browser of their own.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      baseURL: test.info().project.use.baseURL,
    });
    const visitor = await phone.newPage();
    const email = uniqueEmail('diet');
    try {
      await visitor.goto('/register');
      await waitForHydration(visitor);
      await visitor.getByRole('tab', { name: 'Investor' }).click();
      const panel = tabPanel(visitor, 'Investor');
      const question = panel.getByRole('radiogroup', { name: LABEL });
      await expect(question).toBeVisible();
      await expect(question).toHaveAccessibleDescription('For lunch on both days.');
      await fillInvestorForm(panel, { name: 'Dia Mehta', email });
      await panel.getByRole('button', { name: 'Submit' }).click();
      await expect(question.getByText('Please answer this question')).toBeVisible();
      await expect(question).toHaveAttribute('aria-invalid', 'true');
      // Focus went to the question, the form's only problem.
      await expect(question.getByRole('radio', { name: 'Vegetarian', exact: true })).toBeFocused();
      await expectNoHorizontalScroll(visitor);
      await expectNoAccessibilityViolations(visitor);
      await question.screenshot({ path: test.info().outputPath('form-question-error-375.png') });
      await visitor.screenshot({ path: test.info().outputPath('form-question-375.png'), fullPage: true });

      // By keyboard: the arrow key moves the choice from the first option to the next.
      await visitor.keyboard.press('Space');
      await visitor.keyboard.press('ArrowRight');
      await expect(question.getByRole('radio', { name: 'Jain' })).toBeChecked();
      await expect(question.getByText('Please answer this question')).toBeHidden();
      await panel.getByRole('button', { name: 'Submit' }).click();
      await expectRegistered(visitor);
    } finally {
      await phone.close();
    }

    // The console shows the answer on the registration's page…
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Registrations' })
      .click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    const registrations = page.getByRole('region', { name: 'Registrations' });
    await expect(registrations.getByRole('row')).toHaveCount(2);
    await registrations.getByRole('link', { name: 'Dia Mehta' }).click();
    const answers = page.getByRole('region', { name: 'Answers' });
    await expect(answers).toContainText(LABEL);
    await expect(answers).toContainText('Jain');
    await answers.screenshot({ path: test.info().outputPath('registration-answers-1280.png') });

    // …and in the export, in a column headed by the question.
    const csv = await page.request.get(
      `/api/admin/exports/registrations?format=csv&q=${encodeURIComponent(email)}`,
    );
    expect(csv.ok()).toBe(true);
    const [header, line] = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header?.split(',').at(-1)).toBe(LABEL);
    expect(line?.split(',').at(-1)).toBe('Jain');

    // Archived, it is no longer asked; its answer stays.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Questions' }).click();
    await row.getByRole('button', { name: `Archive ${LABEL}` }).click();
    await expect(row).toContainText('Archived');
    await expect(row).toContainText(/Archived/);
    await expect(row.getByRole('button', { name: `Delete ${LABEL}` })).toHaveCount(0);
  }
});
