/**
 * The console's reports in the browser (named to run after the editions spec, which adds an
 * edition to switch to): the owner opens Reports, reads each report's table,
 * switches to another edition and back, and downloads a report as CSV; on a phone and with axe.
 */
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import { expect, expectNoAccessibilityViolations, expectNoHorizontalScroll, test } from './fixtures';

test('the owner reads an edition’s reports, switches edition and downloads one', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(120_000);
  expectedConsoleErrors.push(/status of 401/);
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Sales and GST by ticket type and day',
    'Vouchers',
    'Refunds',
    'Check-ins by hour and gate',
    'Waiting lists',
  ]);
  // Each report shows the server's rows, or says it has none (this server's earlier specs sold
  // passes; alone, it has sold nothing).
  const answer = await page.request.get('/api/admin/reports');
  const { data } = (await answer.json()) as { data: Record<string, unknown[]> };
  for (const [key, caption, empty] of [
    ['sales', 'Sales and GST by ticket type and day', 'No sales in this edition yet.'],
    ['vouchers', 'Vouchers', 'No vouchers in this edition.'],
    ['refunds', 'Refunds', 'No refunds in this edition.'],
    ['waitingList', 'Waiting lists', 'Nobody is on a waiting list.'],
  ] as const) {
    const rows = data[key]!.length;
    if (rows === 0) await expect(page.getByText(empty)).toBeVisible();
    else await expect(page.getByRole('table', { name: caption }).getByRole('row')).toHaveCount(rows + 1);
  }

  const edition = page.getByRole('combobox', { name: 'Edition' });
  const options = edition.getByRole('option');
  await expect(options.first()).toContainText('(current)');
  const current = await edition.inputValue();
  // This server seeds one edition; another (made by the editions spec) is offered after it.
  if ((await options.count()) > 1) {
    const other = (await options.nth(1).getAttribute('value'))!;
    await edition.selectOption(other);
    await expect(
      page.getByRole('link', { name: 'CSV of Sales and GST by ticket type and day' }),
    ).toHaveAttribute('href', `/api/admin/reports/sales?format=csv&edition=${other}`);
    await edition.selectOption(current);
  }

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'CSV of Sales and GST by ticket type and day' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`sales-edition-${current}.csv`);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  expect(csv).toContain('Day (IST),Ticket,Orders,Units,Before tax (₹),Taxable (₹)');

  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('reports-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('reports-375.png'), fullPage: true });
});
