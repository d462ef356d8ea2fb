/**
 * Orders made in the console (issue 28 §2), in the browser: the owner opens "New order" from the
 * orders list and issues a comp pass to a speaker, who then shows in the list as a comp on the
 * speaker list; then imports a small CSV of press guests, sees the bad row's error in the
 * preview (nothing created), fixes the file, previews again and imports both rows. Checked with
 * axe; screenshots at 375 and 1280 px in test-results/.
 */
import type { Page } from '@playwright/test';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  test,
  uniqueEmail,
} from './fixtures';

const HEADER =
  'Registered (IST),Name,Email,Phone,Company,Role,City,State,Country,PIN code,Sector,Stage,Payment,Order,Ticket,Pass';

/** A CSV row as the registration export writes it (the phone with its `'`, as the export neutralises it). */
const csvRow = (name: string, email: string, phone: string) =>
  `,${name},${email},'+91 ${phone},The Daily,Investor,Ahmedabad,Gujarat,India,380001,,,,,Investor Pass,`;

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an organizer issues a comp pass, then imports a CSV whose bad row is fixed after the preview', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(120_000);
  // Signed out, the sign-in page's `GET /api/admin/me` answers 401.
  expectedConsoleErrors.push(/status of 401/);
  await signInEnrolled(page, E2E_OWNER.email);

  await page.goto('/admin/orders');
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
  const speaker = { name: 'Asha Speaker', email: uniqueEmail('speaker') };
  await page.getByRole('combobox', { name: 'Ticket' }).selectOption({ label: 'Investor Pass (Investor)' });
  await page.getByRole('combobox', { name: 'Guest list' }).selectOption('speaker');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Keynote on day one');
  const attendee = page.getByRole('group', { name: 'Attendee 1' });
  await attendee.getByRole('textbox', { name: 'Name', exact: true }).fill(speaker.name);
  await attendee.getByRole('textbox', { name: 'Email' }).fill(speaker.email);
  await attendee.getByRole('textbox', { name: 'Phone' }).fill('9825012345');
  await attendee.getByRole('textbox', { name: 'City' }).fill('Ahmedabad');
  await attendee.getByRole('textbox', { name: /^State/ }).fill('Gujarat');
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'console-order-new');
  await page.getByRole('button', { name: 'Issue comp passes' }).click();
  const made = page.getByRole('status').filter({ hasText: 'created' });
  await expect(made).toContainText('1 pass, comp (₹0)');
  const reference = (await made.getByRole('link').textContent())!.trim();

  await made.getByRole('link').click();
  await expect(page.getByText('Comp, Speaker guest list')).toBeVisible();
  await expect(page.getByText(/Comp issued by owner@e2e\.test: Keynote on day one/)).toBeVisible();

  await page.goto(`/admin/orders?q=${reference}`);
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Comp · Speaker');
  await expect(row).toContainText(speaker.name);

  await page.goto('/admin/orders');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import attendees' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Guest list' }).selectOption('press');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Accredited press');
  const press = [uniqueEmail('press-a'), uniqueEmail('press-b')];
  const file = (second: string) => ({
    name: 'press.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        HEADER,
        csvRow('Press One', press[0]!, '98250 11111'),
        csvRow('Press Two', second, '98250 22222'),
      ].join('\n'),
    ),
  });
  await page.getByLabel('File').setInputFiles(file('press-two-at-nowhere'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('status')).toContainText('1 of 2 rows have errors');
  await expect(preview.getByRole('row', { name: /Press Two/ })).toContainText(
    'Email: Invalid Email address!',
  );
  await expect(preview.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'console-import-errors');

  await page.getByLabel('File').setInputFiles(file(press[1]!));
  await expect(preview).toHaveCount(0);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(preview.getByRole('status')).toContainText('2 rows are ready to import');
  await preview.getByRole('button', { name: 'Import 2 orders' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'orders created' })).toContainText(
    '2 orders created',
  );
  await screenshots(page, 'console-import-done');

  await page.goto('/admin/orders?q=press-a');
  await expect(page.getByRole('row', { name: /Press One/ })).toContainText('Comp · Press');
});
