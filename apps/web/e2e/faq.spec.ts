/** The /faq page: the server's questions in an accordion, first one open. */
import { expect, expectNoAccessibilityViolations, openInApp, test } from './fixtures';

interface FaqItem {
  que: string;
  ans: string;
}

async function serverFaq(page: import('@playwright/test').Page): Promise<FaqItem[]> {
  const response = await page.request.get('/api/auth/list/FaqMaster');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: FaqItem[] }).data;
}

test('the questions load with the first answer open; clicks and keys toggle the others', async ({ page }) => {
  const items = await serverFaq(page);
  expect(items.length).toBeGreaterThan(2);
  const [first, second, third] = items as [FaqItem, FaqItem, FaqItem];

  await page.goto('/faq');
  await expect(page).toHaveTitle(/FAQ/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByText('Everything you need to know about the Event')).toBeVisible();

  const firstQuestion = page.getByRole('button', { name: first.que });
  const secondQuestion = page.getByRole('button', { name: second.que });
  const thirdQuestion = page.getByRole('button', { name: third.que });
  await expect(page.getByRole('main').getByRole('button').first()).toHaveAccessibleName(first.que);
  await expect(firstQuestion).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(first.ans)).toBeVisible();
  await expect(secondQuestion).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(second.ans)).toBeHidden();

  await secondQuestion.click();
  await expect(page.getByText(second.ans)).toBeVisible();
  await expect(firstQuestion).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: arrow keys move between questions, Enter opens, Space closes.
  await secondQuestion.focus();
  await page.keyboard.press('ArrowDown');
  await expect(thirdQuestion).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(thirdQuestion).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(third.ans)).toBeVisible();
  await page.keyboard.press('Space');
  await expect(thirdQuestion).toHaveAttribute('aria-expanded', 'false');

  await expectNoAccessibilityViolations(page);
});

test('a failed load after a navigation says so and Try again loads the questions', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/net::ERR_FAILED/);
  const [first] = (await serverFaq(page)) as [FaqItem];
  await page.route('**/api/auth/list/FaqMaster', (route) => route.abort());
  await openInApp(page, '/faq');
  await expect(
    page.getByText('We could not load the questions right now. Please try again later.'),
  ).toBeVisible();

  await page.unroute('**/api/auth/list/FaqMaster');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: first.que })).toHaveAttribute('aria-expanded', 'true');
});

test('an empty list says there are no questions yet', async ({ page }) => {
  await page.route('**/api/auth/list/FaqMaster', (route) =>
    route.fulfill({ json: { isOk: true, message: 'FAQ', data: [] } }),
  );
  await openInApp(page, '/faq');
  await expect(page.getByText('No questions yet.')).toBeVisible();
});
