/**
 * A CMS page in three languages, as an organizer writes it: on a phone, the owner opens the about
 * page in the console (English, Gujarati and Hindi one above the other), writes its Gujarati
 * title and text, and the list marks it "Not yet translated: Hindi"; /gu/about shows the
 * Gujarati and /hi/about the English marked lang="en". The translation is removed at the end,
 * since the other specs share the server and expect the seeded page.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, test } from './fixtures';

const run = Date.now().toString(36);
const gujarati = {
  title: `સ્ટાર્ટઅપ ફેસ્ટ ગુજરાત વિશે (${run})`,
  text: `ગુજરાતનો સૌથી મોટો સ્ટાર્ટઅપ ઉત્સવ (${run})`,
};

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, `GET /api/admin/me` answers 401, which the browser logs.
  expectedConsoleErrors.push(/status of 401/);
});

test('an organizer adds the about page’s Gujarati at 375 px; /gu/about shows it and /hi/about the English marked as English', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInEnrolled(page, E2E_OWNER.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  const pages = (
    (await (await page.request.get('/api/admin/pages')).json()) as {
      data: { id: number; kind: string; title: string; html: string; path: string }[];
    }
  ).data;
  const about = pages.find((entry) => entry.kind === 'about')!;

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/content/pages');
  await page.getByRole('link', { name: `Edit ${about.title}` }).click();
  const englishGroup = page.getByRole('group', { name: 'English' });
  const gujaratiGroup = page.getByRole('group', { name: 'Gujarati' });
  const hindiGroup = page.getByRole('group', { name: 'Hindi' });
  await expect(englishGroup.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(about.title);
  // On a phone the languages are one above the other.
  const [englishBox, gujaratiBox] = [await englishGroup.boundingBox(), await gujaratiGroup.boundingBox()];
  expect(gujaratiBox!.y).toBeGreaterThanOrEqual(englishBox!.y + englishBox!.height);
  expect(gujaratiBox!.x).toBe(englishBox!.x);

  await gujaratiGroup.getByRole('textbox', { name: 'Title in Gujarati' }).fill(gujarati.title);
  const gujaratiText = gujaratiGroup.getByRole('textbox', { name: 'Page text in Gujarati' });
  await gujaratiText.click();
  await page.keyboard.type(gujarati.text);
  await expect(hindiGroup.getByRole('textbox', { name: 'Title in Hindi' })).toHaveValue('');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Saved. The site shows the page as stored')).toBeVisible();

  try {
    await page.goto('/admin/content/pages');
    const entry = page.getByRole('listitem').filter({ hasText: about.path });
    await expect(entry).toContainText('Not yet translated: Hindi');

    // Gujarati: the organizer's translation, in the page's language.
    await page.goto('/gu/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(gujarati.title);
    await expect(main.getByText(gujarati.text)).toBeVisible();
    await expect(main.locator('article [lang="en"]')).toHaveCount(0);

    // Hindi: no translation, so the English, marked as English for screen readers and fonts.
    await page.goto('/hi/about');
    // The stored title may name the edition (`{{edition.name}}`); the page fills it in.
    const shownTitle = new RegExp(
      `^${about.title.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{[^}]+\}\}/g, '.+')}$`,
    );
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(shownTitle);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Innovation at the Bottom of the Pyramid').first()).toBeVisible();
    await expect(page.locator('article > div[lang="en"]')).toHaveCount(1);
    await expect(page.getByText('Not yet translated')).toHaveCount(0);
    await expect(page.getByText(gujarati.text)).toHaveCount(0);
  } finally {
    const response = await page.request.fetch(`/api/admin/pages/${about.id}`, {
      method: 'PUT',
      data: { title: about.title, html: about.html, translations: {} },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
});
