/**
 * An FAQ entry in three languages, as an organizer writes it: the owner adds a question in
 * English with its Gujarati in the console (the languages side by side, one above the other on
 * a phone), the list marks it "Not yet translated: Hindi", /gu/faq shows the Gujarati and
 * /hi/faq the English marked lang="en". The entry is hidden at the end, since the other specs
 * share the server and expect the seeded FAQ.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, test } from './fixtures';

const run = Date.now().toString(36);
const english = {
  question: `Is there a prayer room? (${run})`,
  answer: 'Yes, on the first floor of Hall A.',
};
const gujarati = { question: `શું પ્રાર્થના ખંડ છે? (${run})`, answer: 'હા, હોલ A ના પહેલા માળે.' };

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401, which the browser logs.
  expectedConsoleErrors.push(/status of 401/);
});

test('an organizer adds a Gujarati translation; /gu/faq shows it and /hi/faq the English marked as English', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInEnrolled(page, E2E_OWNER.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto('/admin/content/faq');
  await expect(page.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeVisible();

  // On a phone the languages are one above the other.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Add question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a question' });
  const englishGroup = dialog.getByRole('group', { name: 'English' });
  const gujaratiGroup = dialog.getByRole('group', { name: 'Gujarati' });
  const hindiGroup = dialog.getByRole('group', { name: 'Hindi' });
  const [englishBox, gujaratiBox] = [await englishGroup.boundingBox(), await gujaratiGroup.boundingBox()];
  expect(gujaratiBox!.y).toBeGreaterThanOrEqual(englishBox!.y + englishBox!.height);
  expect(gujaratiBox!.x).toBe(englishBox!.x);

  await englishGroup.getByRole('textbox', { name: 'Question' }).fill(english.question);
  await englishGroup.getByRole('textbox', { name: 'Answer' }).fill(english.answer);
  await gujaratiGroup.getByRole('textbox', { name: 'Question in Gujarati' }).fill(gujarati.question);
  await gujaratiGroup.getByRole('textbox', { name: 'Answer in Gujarati' }).fill(gujarati.answer);
  await expect(hindiGroup.getByRole('textbox', { name: 'Question in Hindi' })).toHaveValue('');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await expect(dialog).toBeHidden();

  const entry = page
    .getByRole('list', { name: 'FAQ entries in display order' })
    .getByRole('listitem')
    .filter({ hasText: english.question });
  await expect(entry).toContainText('Not yet translated: Hindi');

  try {
    // Gujarati: the organizer's translation, in the page's language.
    await page.goto('/gu/faq');
    const gujaratiQuestion = page.getByRole('button', { name: gujarati.question });
    await gujaratiQuestion.click();
    await expect(page.getByText(gujarati.answer)).toBeVisible();
    await expect(page.getByText(english.question)).toHaveCount(0);
    await expect(gujaratiQuestion.locator('[lang="en"]')).toHaveCount(0);

    // Hindi: no translation, so the English, marked as English for screen readers and fonts.
    await page.goto('/hi/faq');
    const hindiQuestion = page.getByRole('button', { name: english.question });
    await hindiQuestion.click();
    await expect(hindiQuestion.getByText(english.question)).toHaveAttribute('lang', 'en');
    await expect(page.getByText(english.answer)).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Not yet translated')).toHaveCount(0);

    // English: as before, no lang of its own.
    await page.goto('/faq');
    const englishQuestion = page.getByRole('button', { name: english.question });
    await englishQuestion.click();
    await expect(page.getByText(english.answer)).not.toHaveAttribute('lang');
  } finally {
    await page.goto('/admin/content/faq');
    await entry.getByRole('button', { name: `Hide ${english.question}` }).click();
    await expect(entry).toContainText('Hidden from the site');
  }
});
