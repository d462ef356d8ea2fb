/**
 * The console's inquiries inbox, voting page and exports, tried as the owner would:
 * a visitor's message arrives, is answered by email from the console and counts as handled;
 * voting is closed from the console and the public vote API refuses; exports download.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  outboxMessagesMentioning,
  PHONE,
  test,
  uniqueEmail,
  expectNoHorizontalScroll,
} from './fixtures';

test.beforeEach(({ expectedConsoleErrors }) => {
  // Signed out, the sign-in page's `GET /api/admin/me` answers 401, which the browser logs.
  expectedConsoleErrors.push(/status of 401/);
});

test('an inquiry is answered by email from the inbox and counts as handled', async ({ page }) => {
  const email = uniqueEmail('inquiry');
  const subject = `Parking for a stall ${Date.now().toString(36)}`;
  const sent = await page.request.post('/api/auth/contact', {
    data: {
      contactPersonName: 'Kavya Desai',
      email,
      number: PHONE,
      subject,
      message: 'Is there parking near the exhibition hall for a van?',
    },
  });
  expect(sent.ok()).toBe(true);

  await signInEnrolled(page, E2E_OWNER.email);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inquiries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inquiries' })).toBeVisible();

  await page.getByLabel('Status').selectOption('open');
  await page.getByRole('searchbox', { name: 'Search' }).fill(subject);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=open/);
  await page.getByRole('link', { name: subject }).click();

  const detail = page.getByTestId('inquiry-detail');
  await expect(detail.getByRole('heading', { name: subject })).toBeVisible();
  await expect(detail.getByText('Is there parking near the exhibition hall for a van?')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await detail.getByRole('button', { name: 'Send reply' }).click();
  await expect(detail.getByText('Write the reply')).toBeVisible();
  await detail
    .getByRole('textbox', { name: /Reply to Kavya Desai/ })
    .fill('Yes: the north gate has parking for vans from 8 am.');
  await detail.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reply queued' })).toHaveText(
    `Reply queued for ${email}.`,
  );

  await expect.poll(() => outboxMessagesMentioning('the north gate has parking')).toHaveLength(1);
  const [mail] = await outboxMessagesMentioning('the north gate has parking');
  expect(mail).toContain(email);

  // A reply makes the inquiry handled: it leaves the open filter and shows under Handled.
  await expect(page.getByText('No inquiry matches these filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption('handled');
  await page.getByRole('link', { name: subject }).click();
  await expect(detail.getByText(/handled/)).toBeVisible();
  await expect(detail.getByText('Yes: the north gate has parking for vans from 8 am.')).toBeVisible();
  await detail.getByRole('button', { name: 'Open again' }).click();
  await expect(page.getByRole('status').filter({ hasText: subject })).toHaveText(
    `“${subject}” is open again.`,
  );
  await page.getByLabel('Status').selectOption('open');
  await expect(page.getByRole('link', { name: subject })).toBeVisible();
});

test('voting is closed and opened again from the console', async ({ page }) => {
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin/voting');
  await expect(page.getByRole('heading', { level: 1, name: 'Award voting' })).toBeVisible();
  // Results are per award category of the current edition, one table each.
  await expect(page.getByRole('table', { name: /^Best Agri-Tech Startup: \d+ votes?$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Voting status' })).toContainText('voting is open');

  await page.getByRole('button', { name: 'Close voting' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Close voting?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Close voting' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Voting status' })).toContainText('voting is closed');

  const refused = await page.request.post('/api/auth/send-otp/AwardVoting', {
    data: { email: uniqueEmail('voter') },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(await refused.text()).toContain('Voting is closed.');

  await page.getByRole('button', { name: 'Open voting' }).click();
  await page
    .getByRole('alertdialog', { name: 'Open voting?' })
    .getByRole('button', { name: 'Open voting' })
    .click();
  await expect(page.getByRole('region', { name: 'Voting status' })).toContainText('voting is open');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV of votes' }).click();
  expect((await download).suggestedFilename()).toMatch(/^votes-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('the exports page offers each list as CSV and XLSX', async ({ page }) => {
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin/exports');
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Excel of inquiries' }).click();
  expect((await download).suggestedFilename()).toMatch(/^inquiries-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('link', { name: 'Export CSV of orders' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAccessibilityViolations(page);
});
